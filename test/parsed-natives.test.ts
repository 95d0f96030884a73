/**
 * The native programs' instructions in jsonParsed: (1) every vector Agave's own unit tests state
 * (test/support/agave-vectors.ts) comes out exactly as stated, keys in the node's sorted order;
 * (2) the recorded stake transactions (the corpus, jowency April 2026) now parse, their fields
 * checked against what the instruction bytes and accounts say, read here with the wire decoder.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { decodeBase58, encodeBase58 } from '../src/codec/base58.js';
import { decodeWireTransaction } from '../src/codec/wire-transaction.js';
import { stringifyJson } from '../src/json/lossless.js';
import { jsonResultToJsonParsed } from '../src/ledger/parsed-transaction.js';
import { corpusTransactionsDir, projectRoot } from '../src/paths.js';
import { AGAVE_VECTORS, PROGRAMS, key, type AgaveVector } from './support/agave-vectors.js';
import { asJsonParsed } from './support/recorded-answer.js';

const PROGRAM_NAMES: Record<string, string> = {
  [PROGRAMS.system]: 'system',
  [PROGRAMS.stake]: 'stake',
  [PROGRAMS.token]: 'spl-token',
  [PROGRAMS.token2022]: 'spl-token',
  [PROGRAMS.ata]: 'spl-associated-token-account',
  [PROGRAMS.bpfLoader]: 'bpf-loader',
  [PROGRAMS.upgradeable]: 'bpf-upgradeable-loader',
  [PROGRAMS.lookupTable]: 'address-lookup-table',
  [PROGRAMS.vote]: 'vote',
};

/** One instruction in a minimal json-encoded result, the fee payer first. */
function convertOne(programId: string, accounts: string[], data: Uint8Array | number[]): any {
  const keys = [key('fee payer')];
  const indexOf = (k: string) => (keys.includes(k) ? keys.indexOf(k) : keys.push(k) - 1);
  const instruction = {
    accounts: accounts.map(indexOf),
    data: encodeBase58(Uint8Array.from(data)),
    programIdIndex: indexOf(programId),
    stackHeight: 1,
  };
  const result = {
    blockTime: null,
    meta: null,
    slot: 1,
    transaction: {
      message: {
        accountKeys: keys,
        header: { numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1, numRequiredSignatures: 1 },
        instructions: [instruction],
        recentBlockhash: key('blockhash'),
      },
      signatures: ['1111111111111111111111111111111111111111111111111111111111111111'],
    },
  };
  return (jsonResultToJsonParsed(result) as any).transaction.message.instructions[0];
}

/** serde_json orders map keys at every depth. */
function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortedDeep((value as any)[k])]),
  );
}

test("Agave's own unit-test vectors come out exactly as its tests state", () => {
  const covered = new Set<string>();
  for (const vector of AGAVE_VECTORS) {
    const where = vector.source;
    const ix = convertOne(vector.programId, vector.accounts, vector.data);
    if (vector.expected === 'raw') {
      assert.deepEqual(Object.keys(ix), ['accounts', 'data', 'programId', 'stackHeight'], `${where}: partially decoded`);
      assert.deepEqual(ix.accounts, vector.accounts, where);
      continue;
    }
    assert.equal(ix.program, PROGRAM_NAMES[vector.programId], `${where}: program`);
    assert.deepEqual(ix.parsed, vector.expected, where);
    assert.equal(stringifyJson(ix.parsed), stringifyJson(sortedDeep(vector.expected)), `${where}: key order`);
    covered.add(`${vector.programId} ${vector.expected.type}`);
  }
  assert.ok(AGAVE_VECTORS.length >= 120, `${AGAVE_VECTORS.length} vectors`);
  assert.ok(covered.size >= 75, `${covered.size} instruction kinds covered`);
});

test('instructions the node refuses stay partially decoded', () => {
  const { stake, system, token2022 } = PROGRAMS;
  const raw = (v: Pick<AgaveVector, 'programId' | 'accounts' | 'data'>) => 'accounts' in convertOne(v.programId, v.accounts, v.data);
  // GetMinimumDelegation takes no accounts, and the node refuses any instruction without one.
  assert.ok(raw({ programId: stake, accounts: [], data: [13, 0, 0, 0] }), 'getMinimumDelegation without accounts');
  assert.deepEqual(convertOne(stake, [key('any')], [13, 0, 0, 0]).parsed, { type: 'getMinimumDelegation' }, 'no info key at all');
  assert.ok(raw({ programId: stake, accounts: [key('stake'), key('vote'), key('x')], data: [18, 0, 0, 0] }), 'unknown stake variant');
  assert.ok(
    raw({ programId: stake, accounts: [key('stake'), key('auth')], data: [1, 0, 0, 0, ...Array<number>(32).fill(1), 2, 0, 0, 0] }),
    'StakeAuthorize 2',
  );
  assert.ok(raw({ programId: stake, accounts: [key('stake'), key('c')], data: [6, 0, 0, 0, 2] }), 'bincode Option tag 2');
  assert.ok(raw({ programId: system, accounts: [key('a')], data: [14, 0, 0, 0] }), 'unknown system variant');
  assert.ok(raw({ programId: system, accounts: [key('a'), key('b')], data: [3, 0, 0, 0] }), 'short createAccountWithSeed');
  const seedBytes = [0xc3, 0x28];
  const badSeed = [10, 0, 0, 0, ...decodeBase58(key('base'))!, 2, 0, 0, 0, 0, 0, 0, 0, ...seedBytes, ...decodeBase58(key('owner'))!];
  assert.ok(raw({ programId: system, accounts: [key('a'), key('b')], data: badSeed }), 'seed that is not UTF-8');
  assert.ok(raw({ programId: token2022, accounts: [key('mint')], data: [21, 7] }), 'odd extension type byte');
  assert.ok(raw({ programId: token2022, accounts: [key('mint')], data: [21, 99, 0] }), 'unknown extension type');
  assert.ok(raw({ programId: token2022, accounts: [key('mint')], data: [6, 18, 0] }), 'unknown authority type');
  assert.ok(raw({ programId: token2022, accounts: [key('mint')], data: [24, 0xff] }), 'uiAmount that is not UTF-8');
});

test('every authority type and extension type has the name the node gives it', () => {
  const names = [
    'mintTokens',
    'freezeAccount',
    'accountOwner',
    'closeAccount',
    'transferFeeConfig',
    'withheldWithdraw',
    'closeMint',
    'interestRate',
  ];
  names.push('permanentDelegate', 'confidentialTransferMint', 'transferHookProgramId', 'confidentialTransferFeeConfig', 'metadataPointer');
  names.push('groupPointer', 'groupMemberPointer', 'scaledUiAmount', 'pause', 'permissionedBurn');
  names.forEach((name, i) => {
    const info = convertOne(PROGRAMS.token2022, [key('owned'), key('authority')], [6, i, 0]).parsed.info;
    assert.equal(info.authorityType, name);
    assert.equal(
      info[i === 2 || i === 3 ? 'account' : 'mint'],
      key('owned'),
      `${name} sets ${i === 2 || i === 3 ? 'an account' : 'the mint'}`,
    );
  });
  const data = [21];
  for (let t = 0; t <= 28; t++) data.push(t, 0);
  const types = convertOne(PROGRAMS.token2022, [key('mint')], data).parsed.info.extensionTypes;
  assert.equal(types.length, 29);
  assert.deepEqual(
    [types[0], types[7], types[21], types[22], types[28]],
    ['uninitialized', 'immutableOwner', 'tokenGroup', 'groupMemberPointer', 'permissionedBurn'],
  );
});

test('extensions whose Agave file states no vector (interest-bearing, scaled UI amount, pausable), as their parsers write them', () => {
  const [mint, authority] = [key('mint'), key('authority')];
  const t22 = PROGRAMS.token2022;
  const rate = [0xf6, 0xff]; // -10 basis points
  assert.deepEqual(convertOne(t22, [mint], [33, 0, ...decodeBase58(authority)!, ...rate]).parsed, {
    info: { mint, rate: -10, rateAuthority: authority },
    type: 'initializeInterestBearingConfig',
  });
  assert.equal(
    convertOne(t22, [mint], [33, 0, ...Array<number>(32).fill(0), 5, 0]).parsed.info.rateAuthority,
    null,
    'no rate authority is null',
  );
  assert.deepEqual(convertOne(t22, [mint, authority], [33, 1, 5, 0]).parsed, {
    info: { mint, newRate: 5, rateAuthority: authority },
    type: 'updateInterestBearingConfigRate',
  });
  assert.ok('accounts' in convertOne(t22, [mint, authority], [33, 1, 5]), 'rate data must be exactly two bytes');
  assert.deepEqual(convertOne(t22, [mint], [44, 0, ...decodeBase58(authority)!]).parsed, {
    info: { authority, mint },
    type: 'initializePausableConfig',
  });
  assert.deepEqual(convertOne(t22, [mint, authority], [44, 1]).parsed, { info: { authority, mint }, type: 'pause' });
  assert.deepEqual(convertOne(t22, [mint, authority], [44, 2]).parsed, { info: { authority, mint }, type: 'resume' });
  assert.ok('accounts' in convertOne(t22, [mint, authority], [44, 3]), 'unknown pausable variant');
  const burnAccounts = [key('account'), mint, key('permissioned burn authority'), authority];
  assert.deepEqual(convertOne(t22, burnAccounts, [46, 2, 42, 0, 0, 0, 0, 0, 0, 0, 2]).parsed.info.tokenAmount, {
    amount: '42',
    decimals: 2,
    uiAmount: 0.42,
    uiAmountString: '0.42',
  });
  assert.ok('accounts' in convertOne(t22, burnAccounts, [46, 3]), 'the confidential permissioned burn is not parsed here');
  assert.ok('accounts' in convertOne(t22, [mint], [28, 0]), 'default account state without its state byte');

  const f64 = (x: number) => [...new Uint8Array(Float64Array.of(x).buffer)];
  assert.deepEqual(convertOne(t22, [mint], [43, 0, ...decodeBase58(authority)!, ...f64(1.5)]).parsed, {
    info: { authority, mint, multiplier: '1.5' },
    type: 'initializeScaledUiAmountConfig',
  });
  const update = convertOne(t22, [mint, authority], [43, 1, ...f64(2), ...new Uint8Array(BigInt64Array.of(-5n).buffer)]).parsed;
  assert.deepEqual(update, { info: { authority, mint, newMultiplier: '2', newMultiplierTimestamp: -5 }, type: 'updateMultiplier' });
  // Rust's f64 Display never switches to exponent form.
  const multiplier = (x: number) => convertOne(t22, [mint], [43, 0, ...Array<number>(32).fill(0), ...f64(x)]).parsed.info.multiplier;
  assert.equal(multiplier(1e21), '1000000000000000000000');
  assert.equal(multiplier(1.5e-7), '0.00000015');
  assert.equal(multiplier(Infinity), 'inf');
  assert.ok('accounts' in convertOne(t22, [mint, authority], [39, 1, 1, 2]), 'pointer update data of the wrong size');
  const emit = [...createHash('sha256').update('spl_token_metadata_interface:emitter').digest().subarray(0, 8), 0, 0];
  assert.equal(convertOne(t22, [mint], emit).parsed.type, 'emitTokenMetadata');
  assert.ok('accounts' in convertOne(t22, [mint], [...emit, 0]), 'interface data with a byte left over');
  assert.ok('accounts' in convertOne(t22, [mint], [...emit.slice(0, 8), 2, 0]), 'borsh Option tag 2');
});

test('vote: compact updates add varint offsets up from the root and refuse non-canonical encodings; commission instructions as parse_vote.rs writes them', () => {
  const voter = [key('vote account'), key('voter')];
  const u64le = (n: bigint) => [...new Uint8Array(BigUint64Array.of(n).buffer)];
  const tower = (root: bigint, lockouts: number[], tail: number[] = []) => [
    14,
    0,
    0,
    0,
    ...u64le(root),
    ...lockouts,
    ...Array<number>(32).fill(0),
    0,
    ...Array<number>(32).fill(0),
    ...tail,
  ];
  // Offsets 300 (two varint bytes) and 1 from root 1000.
  const parsed = convertOne(PROGRAMS.vote, voter, tower(1000n, [2, 0xac, 0x02, 31, 1, 30])).parsed.info.towerSync;
  assert.deepEqual(parsed.lockouts, [
    { confirmation_count: 31, slot: 1300 },
    { confirmation_count: 30, slot: 1301 },
  ]);
  assert.equal(parsed.root, 1000);
  assert.ok('accounts' in convertOne(PROGRAMS.vote, voter, tower(1000n, [1, 0x80, 0x00, 1])), 'varint with a trailing zero byte');
  assert.ok('accounts' in convertOne(PROGRAMS.vote, voter, tower(1000n, [0x80, 0x00])), 'short_vec length with a zero continuation');
  assert.ok('accounts' in convertOne(PROGRAMS.vote, voter, tower(2n ** 64n - 2n, [1, 5, 1])), 'slot past u64');
  assert.ok(
    'accounts' in convertOne(PROGRAMS.vote, voter, [16, 0, 0, 0, ...Array<number>(308).fill(1)]),
    'InitializeAccountV2 is not parsed here',
  );
  const [voteAccount, withdrawer, collector] = [key('vote account'), key('withdrawer'), key('collector')];
  assert.deepEqual(convertOne(PROGRAMS.vote, [voteAccount, collector, withdrawer], [17, 0, 0, 0, 1, 0, 0, 0]).parsed, {
    info: { commissionKind: 'BlockRevenue', newCollector: collector, voteAccount, withdrawAuthority: withdrawer },
    type: 'updateCommissionCollector',
  });
  assert.deepEqual(convertOne(PROGRAMS.vote, [voteAccount, withdrawer], [18, 0, 0, 0, 0xe8, 0x03, 0, 0, 0, 0]).parsed, {
    info: { commissionBps: 1000, commissionKind: 'InflationRewards', voteAccount, withdrawAuthority: withdrawer },
    type: 'updateCommissionBps',
  });
  assert.deepEqual(convertOne(PROGRAMS.vote, [voteAccount, collector, PROGRAMS.system], [19, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0]).parsed, {
    info: { deposit: 5, source: collector, voteAccount },
    type: 'depositDelegatorRewards',
  });
  assert.ok('accounts' in convertOne(PROGRAMS.vote, [voteAccount, withdrawer], [18, 0, 0, 0, 0, 0, 2, 0, 0, 0]), 'CommissionKind 2');
});

test('token batches parse each inner instruction, and any refusal refuses the batch', () => {
  const [source, destination, owner, mint] = [key('source'), key('destination'), key('owner'), key('mint')];
  const transfer = [3, 42, 0, 0, 0, 0, 0, 0, 0];
  const batch = [255, 3, transfer.length, ...transfer, 1, 1, 17];
  const parsed = convertOne(PROGRAMS.token, [source, destination, owner, source], batch).parsed;
  assert.deepEqual(parsed, {
    info: {
      instructions: [
        { info: { amount: '42', authority: owner, destination, source }, type: 'transfer' },
        { info: { account: source }, type: 'syncNative' },
      ],
    },
    type: 'batch',
  });
  assert.ok('accounts' in convertOne(PROGRAMS.token, [source, destination], batch), 'too few accounts for the inner instructions');

  // parse_token.rs test_parse_batch (both programs): transferChecked then burn, the types stated.
  const checked = [12, 10, 0, 0, 0, 0, 0, 0, 0, 2];
  const burn = [8, 5, 0, 0, 0, 0, 0, 0, 0];
  const agaveBatch = [255, 4, checked.length, ...checked, 3, burn.length, ...burn];
  for (const program of [PROGRAMS.token, PROGRAMS.token2022]) {
    const inner = convertOne(program, [source, mint, destination, owner, source, mint, owner], agaveBatch).parsed.info.instructions;
    assert.deepEqual(
      inner.map((ix: any) => ix.type),
      ['transferChecked', 'burn'],
    );
  }
  assert.ok('accounts' in convertOne(PROGRAMS.token, [source, destination, owner, mint], [255, 1, 1, 255]), 'nested batch');
});

test('u64 values past 2^53 stay exact in the rendered JSON', () => {
  const lamports = 18_446_744_073_709_551_615n;
  const data = [2, 0, 0, 0, ...Array<number>(8).fill(0xff)];
  const ix = convertOne(PROGRAMS.system, [key('from'), key('to')], data);
  assert.equal(stringifyJson(ix.parsed.info.lamports), lamports.toString());
  const stakeTimestamp = convertOne(PROGRAMS.stake, [key('stake'), key('c')], [6, 0, 0, 0, 1, ...Array<number>(8).fill(0xff), 0, 0]);
  assert.equal(stakeTimestamp.parsed.info.lockup.unixTimestamp, -1, 'i64 lockup timestamps are signed');
});

// ---------------------------------------------------------------------------------------------
// Recorded stake transactions.

interface Compiled {
  programId: string;
  accounts: string[];
  data: Uint8Array;
}

/** The wire transaction's instructions (top level, then inner in order), read without the parser. */
function compiledInstructions(result: any): Compiled[] {
  const wire = decodeWireTransaction(Buffer.from(result.transaction[0], 'base64')).transaction;
  const loaded = result.meta.loadedAddresses ?? { writable: [], readonly: [] };
  const keys: string[] = [...wire.message.accountKeys, ...loaded.writable, ...loaded.readonly];
  const inner = new Map<number, any[]>((result.meta.innerInstructions ?? []).map((g: any) => [g.index, g.instructions]));
  const out: Compiled[] = [];
  const add = (ix: any) =>
    out.push({ programId: keys[ix.programIdIndex], accounts: ix.accounts.map((i: number) => keys[i]), data: decodeBase58(ix.data)! });
  wire.message.instructions.forEach((ix: any, i: number) => {
    add(ix);
    (inner.get(i) ?? []).forEach(add);
  });
  return out;
}

function renderedInstructions(parsed: any): any[] {
  const inner = new Map<number, any[]>((parsed.meta.innerInstructions ?? []).map((g: any) => [g.index, g.instructions]));
  return parsed.transaction.message.instructions.flatMap((ix: any, i: number) => [ix, ...(inner.get(i) ?? [])]);
}

const view = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength);
const u64At = (data: Uint8Array, at: number) => Number(view(data).getBigUint64(at, true));
const keyAt = (data: Uint8Array, at: number) => encodeBase58(data.subarray(at, at + 32));
const CLOCK = 'SysvarC1ock11111111111111111111111111111111';

/** What each stake variant's bytes and accounts say, for the fields asserted. */
function expectedFromBytes(ix: Compiled): { type: string; fields: Record<string, unknown> } | 'refused' {
  const variant = view(ix.data).getUint32(0, true);
  const a = ix.accounts;
  switch (variant) {
    case 0:
      return {
        type: 'initialize',
        fields: { stakeAccount: a[0], authorized: { staker: keyAt(ix.data, 4), withdrawer: keyAt(ix.data, 36) } },
      };
    case 2:
      return { type: 'delegate', fields: { stakeAccount: a[0], voteAccount: a[1], stakeAuthority: a[2] === CLOCK ? a[5] : a[2] } };
    case 3:
      return { type: 'split', fields: { stakeAccount: a[0], newSplitAccount: a[1], lamports: u64At(ix.data, 4) } };
    case 4:
      return { type: 'withdraw', fields: { stakeAccount: a[0], destination: a[1], lamports: u64At(ix.data, 4) } };
    case 13:
      // GetMinimumDelegation names no accounts; the node refuses instructions without any.
      return a.length === 0 ? 'refused' : { type: 'getMinimumDelegation', fields: {} };
    default:
      throw new Error(`no expectation written for stake variant ${variant}`);
  }
}

const corpusStake = [
  '2pg7fR4mw625o4wKDWDgrGgk8gpzt5op2cko9TscR5WhNeMgCfXoGduLunaEeB86wN2akgRsd27DeSWQuvaqie7n',
  'HH6ZjFEWbeW6MZxS5MfRrCTx8zF3j1Tz3qA8ZxCauSF5FJypeaWVLfBZb6Uu5AbnSw4TR3iW5dh2Jm7ENgphfLK',
].map((signature) => ({
  name: `corpus ${signature.slice(0, 8)}`,
  signature,
  body: readFileSync(join(corpusTransactionsDir, `${signature}.base64.json`), 'utf8'),
}));

const jowency = ['stake_Initialize_1', 'stake_delegate_1', 'stake_unstake_1', 'stake_withdraw_1', 'swap_sanctum_1'].map((name) => {
  const file = JSON.parse(readFileSync(join(projectRoot, 'test', 'fixtures', 'jowency-solana-tx-parser', `${name}.json`), 'utf8'));
  return { name: `jowency ${name}`, signature: file.signature as string, body: JSON.stringify(file.raw) };
});

test('recorded stake instructions parse, their fields as the bytes and accounts say', () => {
  const counts = new Map<string, number>();
  for (const { name, signature, body } of [...corpusStake, ...jowency]) {
    const result = JSON.parse(body);
    const parsed = asJsonParsed(signature, 'base64', body);
    const rendered = renderedInstructions(parsed);
    const compiled = compiledInstructions(result);
    assert.equal(rendered.length, compiled.length, name);
    compiled.forEach((ix, i) => {
      if (ix.programId !== PROGRAMS.stake) return;
      const where = `${name} instruction ${i}`;
      const expected = expectedFromBytes(ix);
      if (expected === 'refused') {
        assert.deepEqual(rendered[i].accounts, [], `${where}: partially decoded`);
        counts.set('refused', (counts.get('refused') ?? 0) + 1);
        return;
      }
      assert.equal(rendered[i].program, 'stake', where);
      assert.equal(rendered[i].parsed.type, expected.type, where);
      for (const [field, value] of Object.entries(expected.fields))
        assert.deepEqual(rendered[i].parsed.info[field], value, `${where}: ${field}`);
      counts.set(expected.type, (counts.get(expected.type) ?? 0) + 1);
    });
  }
  assert.deepEqual(Object.fromEntries(counts), { refused: 2, split: 2, initialize: 2, delegate: 2, withdraw: 3 });
});

test('a recorded stake withdrawal takes exactly its lamports from the stake account', () => {
  let withdrawals = 0;
  for (const { name, signature, body } of jowency.filter((j) => j.name.includes('withdraw') || j.name.includes('unstake'))) {
    const result = JSON.parse(body);
    const parsed = asJsonParsed(signature, 'base64', body);
    const keys = parsed.transaction.message.accountKeys.map((k: any) => k.pubkey);
    for (const ix of renderedInstructions(parsed)) {
      if (ix.program !== 'stake' || ix.parsed.type !== 'withdraw') continue;
      const at = keys.indexOf(ix.parsed.info.stakeAccount);
      assert.equal(result.meta.preBalances[at] - result.meta.postBalances[at], ix.parsed.info.lamports, name);
      withdrawals++;
    }
  }
  assert.equal(withdrawals, 2);
});
