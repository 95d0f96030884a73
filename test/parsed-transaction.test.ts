import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { getBase58Decoder } from '@solana/kit';

import { corpusTransactionsDir } from '../src/paths.js';
import { jsonResultToJsonParsed as toJsonParsed } from '../src/ledger/parsed-transaction.js';
import { RESERVED_ACCOUNT_KEYS } from '../src/ledger/reserved-accounts.js';
import { decodeWireTransaction } from '../src/codec/wire-transaction.js';
import { stringifyJson } from '../src/json/lossless.js';
import { AGAVE_VECTORS } from './support/agave-vectors.js';

/** The conversion, its result walked and compared as plain JSON. */
const jsonResultToJsonParsed = (result: unknown): any => toJsonParsed(result);

const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112';
const PARSED_PROGRAMS: Record<string, string> = {
  '11111111111111111111111111111111': 'system',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'spl-token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'spl-token',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'spl-associated-token-account',
  Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo: 'spl-memo',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'spl-memo',
  Memo4c2pN8afCj432Lb7RMVKi9PbQnnW7ewFFaV3oAH: 'spl-memo',
  Stake11111111111111111111111111111111111111: 'stake',
  BPFLoader2111111111111111111111111111111111: 'bpf-loader',
  BPFLoaderUpgradeab1e11111111111111111111111: 'bpf-upgradeable-loader',
  AddressLookupTab1e1111111111111111111111111: 'address-lookup-table',
  Vote111111111111111111111111111111111111111: 'vote',
};
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';

interface CorpusFile {
  file: string;
  result: any;
}

function readCorpus(suffix: string): CorpusFile[] {
  const files = readdirSync(corpusTransactionsDir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((file) => ({ file, result: JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')) }));
  assert.ok(files.length > 0, `no *${suffix} files in the corpus`);
  return files;
}

/**
 * Every json and base64 corpus file as a json-encoding result: base64 files get their wire
 * transaction decoded. One MetaMask mock spells the lookup field `readableIndexes` where the node
 * writes `readonlyIndexes`; it is renamed.
 */
function jsonResults(): CorpusFile[] {
  const json = readCorpus('.json.json').map(({ file, result }) => {
    for (const lookup of result.transaction.message.addressTableLookups ?? []) {
      if ('readableIndexes' in lookup) {
        lookup.readonlyIndexes = lookup.readableIndexes;
        delete lookup.readableIndexes;
      }
    }
    return { file, result };
  });
  const base64 = readCorpus('.base64.json').map(({ file, result }) => ({
    file,
    result: { ...result, transaction: decodeWireTransaction(Buffer.from(result.transaction[0], 'base64')).transaction },
  }));
  return [...json, ...base64];
}

/** Node output: jsonParsed files that came from an RPC node (verbatim or lightly re-serialized). */
function nodeJsonParsed(): CorpusFile[] {
  return readCorpus('.jsonParsed.json');
}

function allKeysOf(result: any): string[] {
  const loaded = result.meta?.loadedAddresses ?? { writable: [], readonly: [] };
  return [...result.transaction.message.accountKeys, ...loaded.writable, ...loaded.readonly];
}

function headerWritable(i: number, header: any, numStatic: number, numLoadedWritable: number): boolean {
  if (i >= numStatic) return i - numStatic < numLoadedWritable;
  if (i < header.numRequiredSignatures) return i < header.numRequiredSignatures - header.numReadonlySignedAccounts;
  return i < numStatic - header.numReadonlyUnsignedAccounts;
}

function* instructionsOf(parsed: any): Generator<any> {
  yield* parsed.transaction.message.instructions;
  for (const group of parsed.meta?.innerInstructions ?? []) yield* group.instructions;
}

function tokenBalanceMap(balances: any[] | null | undefined): Map<number, any> {
  return new Map((balances ?? []).map((b) => [b.accountIndex, b]));
}

test('converted json and base64 results keep every compiled fact and flag accounts by the header', () => {
  for (const { file, result } of jsonResults()) {
    const parsed = jsonResultToJsonParsed(result);
    const message = result.transaction.message;
    const isV0 = Array.isArray(message.addressTableLookups);
    const keys = allKeysOf(result);
    const numStatic = message.accountKeys.length;
    const numLoadedWritable = result.meta.loadedAddresses?.writable.length ?? 0;
    const out = parsed.transaction.message;

    assert.deepEqual(Object.keys(parsed), Object.keys(result), `${file}: result keys`);
    for (const key of Object.keys(result)) {
      if (key !== 'transaction' && key !== 'meta') assert.deepEqual(parsed[key], result[key], `${file}: ${key}`);
    }
    assert.deepEqual(parsed.transaction.signatures, result.transaction.signatures, `${file}: signatures`);
    assert.equal(out.recentBlockhash, message.recentBlockhash, `${file}: recentBlockhash`);
    assert.equal('header' in out, false, `${file}: jsonParsed has no header`);
    assert.deepEqual(out.addressTableLookups, message.addressTableLookups, `${file}: lookups`);
    assert.equal('addressTableLookups' in out, isV0, `${file}: lookups only for v0`);

    assert.equal(out.accountKeys.length, result.meta.preBalances.length, `${file}: accountKeys vs preBalances`);
    assert.deepEqual(
      out.accountKeys.map((k: any) => k.pubkey),
      keys,
      `${file}: key order`,
    );
    const programIndexes = new Set(message.instructions.map((ix: any) => ix.programIdIndex));
    const loaderPresent = keys.includes(UPGRADEABLE_LOADER);
    const pre = tokenBalanceMap(result.meta.preTokenBalances);
    const post = tokenBalanceMap(result.meta.postTokenBalances);
    out.accountKeys.forEach((k: any, i: number) => {
      const where = `${file}: account ${i} ${k.pubkey}`;
      assert.deepEqual(Object.keys(k), ['pubkey', 'signer', 'source', 'writable'], where);
      assert.equal(k.signer, i < message.header.numRequiredSignatures, `${where} signer`);
      assert.equal(k.source, i < numStatic ? 'transaction' : 'lookupTable', `${where} source`);
      const requested = headerWritable(i, message.header, numStatic, numLoadedWritable);
      if (k.writable) assert.ok(requested, `${where} writable without the header asking`);
      else if (requested) {
        const demoted = RESERVED_ACCOUNT_KEYS.has(k.pubkey) || (programIndexes.has(i) && !loaderPresent);
        assert.ok(demoted, `${where} demoted without reason`);
      }
      // Independent of the header: only writable accounts can change balance.
      if (result.meta.preBalances[i] !== result.meta.postBalances[i]) assert.ok(k.writable, `${where} balance moved`);
      if (pre.get(i)?.uiTokenAmount.amount !== post.get(i)?.uiTokenAmount.amount && pre.has(i) && post.has(i)) {
        assert.ok(k.writable, `${where} token balance moved`);
      }
    });

    assert.equal('loadedAddresses' in parsed.meta, false, `${file}: loadedAddresses must go`);
    assert.deepEqual(
      Object.keys(parsed.meta),
      Object.keys(result.meta).filter((k) => k !== 'loadedAddresses'),
      `${file}: meta keys`,
    );
    for (const key of Object.keys(parsed.meta)) {
      if (key !== 'innerInstructions') assert.equal(parsed.meta[key], result.meta[key], `${file}: meta.${key} passed through`);
    }

    const compare = (compiled: any, rendered: any, keysForIx: string[], where: string) => {
      const programId = keysForIx[compiled.programIdIndex];
      assert.equal(rendered.programId, programId, `${where} programId`);
      assert.equal('stackHeight' in rendered, 'stackHeight' in compiled, `${where} stackHeight presence`);
      assert.equal(rendered.stackHeight, compiled.stackHeight, `${where} stackHeight`);
      if ('parsed' in rendered) {
        assert.equal(rendered.program, PARSED_PROGRAMS[programId], `${where} parsed a program the node does not`);
        assert.deepEqual(
          Object.keys(rendered),
          ['parsed', 'program', 'programId', 'stackHeight'].filter((k) => k in rendered),
          where,
        );
      } else {
        assert.deepEqual(
          rendered.accounts,
          compiled.accounts.map((a: number) => keysForIx[a]),
          `${where} accounts`,
        );
        assert.equal(rendered.data, compiled.data, `${where} data`);
        assert.deepEqual(
          Object.keys(rendered),
          ['accounts', 'data', 'programId', 'stackHeight'].filter((k) => k in rendered),
          where,
        );
      }
    };
    message.instructions.forEach((ix: any, j: number) => compare(ix, out.instructions[j], keys, `${file}: instruction ${j}`));
    assert.equal(out.instructions.length, message.instructions.length);
    (result.meta.innerInstructions ?? []).forEach((group: any, g: number) => {
      const rendered = parsed.meta.innerInstructions[g];
      assert.deepEqual(Object.keys(rendered), ['index', 'instructions'], `${file}: inner group keys`);
      assert.equal(rendered.index, group.index);
      assert.equal(rendered.instructions.length, group.instructions.length);
      group.instructions.forEach((ix: any, j: number) => compare(ix, rendered.instructions[j], keys, `${file}: inner ${group.index}.${j}`));
    });
  }
});

test("node-rendered jsonParsed files: their account flags follow from a header under the node's rules", () => {
  let checkedInstructions = 0;
  for (const { file, result } of nodeJsonParsed()) {
    const message = result.transaction.message;
    const rendered: any[] = message.accountKeys;
    const hasSource = 'source' in rendered[0];
    const staticKeys = rendered.filter((k) => !hasSource || k.source === 'transaction').map((k) => k.pubkey);
    const lookedUp = rendered.slice(staticKeys.length);
    const numSigners = rendered.filter((k) => k.signer).length;
    assert.ok(
      rendered.slice(0, numSigners).every((k) => k.signer),
      `${file}: signers are not a prefix`,
    );
    const numLoadedWritable = (message.addressTableLookups ?? []).reduce((n: number, l: any) => n + l.writableIndexes.length, 0);
    const loadedAddresses = {
      writable: lookedUp.slice(0, numLoadedWritable).map((k) => k.pubkey),
      readonly: lookedUp.slice(numLoadedWritable).map((k) => k.pubkey),
    };
    const keys = [...staticKeys, ...loadedAddresses.writable, ...loadedAddresses.readonly];
    const compile = (ix: any) => ({
      // Parsed instructions keep only their program here: the flags depend on nothing else.
      accounts: 'accounts' in ix ? ix.accounts.map((a: string) => keys.indexOf(a)) : [],
      data: 'data' in ix ? ix.data : '',
      programIdIndex: keys.indexOf(ix.programId),
      ...('stackHeight' in ix ? { stackHeight: ix.stackHeight } : {}),
    });

    let matches = 0;
    for (let readonlySigned = 0; readonlySigned <= numSigners; readonlySigned++) {
      for (let readonlyUnsigned = 0; readonlyUnsigned <= staticKeys.length - numSigners; readonlyUnsigned++) {
        const json = {
          meta: {
            ...result.meta,
            loadedAddresses,
            innerInstructions: result.meta.innerInstructions?.map((g: any) => ({
              index: g.index,
              instructions: g.instructions.map(compile),
            })),
          },
          transaction: {
            message: {
              accountKeys: staticKeys,
              ...(message.addressTableLookups ? { addressTableLookups: message.addressTableLookups } : {}),
              header: {
                numReadonlySignedAccounts: readonlySigned,
                numReadonlyUnsignedAccounts: readonlyUnsigned,
                numRequiredSignatures: numSigners,
              },
              instructions: message.instructions.map(compile),
              recentBlockhash: message.recentBlockhash,
            },
            signatures: result.transaction.signatures,
          },
        };
        const converted = jsonResultToJsonParsed(json).transaction.message;
        // Compared field by field: one file was re-serialized in struct order, not the node's.
        const flags = (k: any) => [k.pubkey, k.signer, hasSource ? k.source : '', k.writable].join();
        if (converted.accountKeys.map(flags).join('|') !== rendered.map(flags).join('|')) continue;
        matches++;
        const same = (mine: any, theirs: any) => {
          if ('parsed' in theirs) return;
          assert.deepEqual(mine, theirs, `${file}: partially decoded instruction`);
          checkedInstructions++;
        };
        message.instructions.forEach((ix: any, j: number) => same(converted.instructions[j], ix));
        const inner = jsonResultToJsonParsed(json).meta.innerInstructions ?? [];
        (result.meta.innerInstructions ?? []).forEach((g: any, gi: number) =>
          g.instructions.forEach((ix: any, j: number) => same(inner[gi].instructions[j], ix)),
        );
        break;
      }
      if (matches) break;
    }
    assert.equal(matches, 1, `${file}: no header reproduces the node's writable flags`);
  }
  assert.ok(checkedInstructions > 100, `only ${checkedInstructions} partially decoded instructions compared`);
});

/** Key names and value kinds of a parsed `info`, nested objects included. */
function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${[...new Set(value.map(shapeOf))].join('|')}]`;
  if (typeof value === 'object') {
    return `{${Object.keys(value)
      .map((k) => `${k}:${shapeOf((value as any)[k])}`)
      .join(',')}}`;
  }
  return typeof value;
}

test('every native instruction parsed here has a node-rendered twin of the same shape in the corpus, or an Agave test vector', () => {
  const nodeShapes = new Map<string, Set<string>>();
  for (const { result } of nodeJsonParsed()) {
    for (const ix of instructionsOf(result)) {
      if (!('parsed' in ix)) continue;
      const kind = `${ix.program}/${typeof ix.parsed === 'string' ? 'memo' : ix.parsed.type}`;
      if (!nodeShapes.has(kind)) nodeShapes.set(kind, new Set());
      nodeShapes.get(kind)!.add(shapeOf(ix.parsed));
    }
  }
  const vouchedByAgaveTests = new Set(
    AGAVE_VECTORS.flatMap((v) => (v.expected === 'raw' ? [] : [`${PARSED_PROGRAMS[v.programId]}/${v.expected.type}`])),
  );
  const seen = new Map<string, number>();
  for (const { file, result } of jsonResults()) {
    for (const ix of instructionsOf(jsonResultToJsonParsed(result))) {
      if (!('parsed' in ix)) continue;
      const kind = `${ix.program}/${typeof ix.parsed === 'string' ? 'memo' : ix.parsed.type}`;
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
      if (!nodeShapes.has(kind)) {
        // No node-rendered twin here: Agave's own unit-test vectors vouch for the shape instead.
        assert.ok(vouchedByAgaveTests.has(kind), `${file}: ${kind} appears neither in node output nor in Agave's test vectors`);
        continue;
      }
      assert.ok(
        nodeShapes.get(kind)!.has(shapeOf(ix.parsed)),
        `${file}: ${kind} shape ${shapeOf(ix.parsed)} differs from the node's ${[...nodeShapes.get(kind)!].join(' or ')}`,
      );
    }
  }
  for (const kind of [
    'system/transfer',
    'system/createAccount',
    'system/assign',
    'system/allocate',
    'system/createAccountWithSeed',
    'spl-token/transfer',
    'spl-token/transferChecked',
    'spl-token/initializeAccount',
    'spl-token/initializeAccount3',
    'spl-token/closeAccount',
    'spl-token/syncNative',
    'spl-token/getAccountDataSize',
    'spl-token/initializeImmutableOwner',
    'spl-token/setAuthority',
    'spl-token/mintTo',
    'spl-token/initializeMint2',
    'spl-associated-token-account/create',
    'spl-associated-token-account/createIdempotent',
    'spl-memo/memo',
  ]) {
    assert.ok(seen.has(kind), `${kind} was never produced from the corpus`);
  }
});

test('parsed token instructions agree with the token balances the node recorded', () => {
  let reconciled = 0;
  let positions = 0;
  for (const { file, result } of jsonResults()) {
    const parsed = jsonResultToJsonParsed(result);
    const keys = allKeysOf(result);
    const pre = tokenBalanceMap(result.meta.preTokenBalances);
    const post = tokenBalanceMap(result.meta.postTokenBalances);
    const byKey = (balances: Map<number, any>, key: string) => balances.get(keys.indexOf(key));
    const instructions = [...instructionsOf(parsed)];
    const tokenIxs = instructions.filter((ix) => PARSED_PROGRAMS[ix.programId] === 'spl-token');

    for (const ix of tokenIxs) {
      if (!('parsed' in ix)) continue;
      const { type, info } = ix.parsed;
      const where = `${file}: ${type}`;
      // Accounts opened and closed within the transaction have no recorded balance at all.
      const state = byKey(post, info.account ?? info.source) ?? byKey(pre, info.account ?? info.source);
      if (type === 'transferChecked' && state) {
        assert.equal(info.mint, state.mint, `${where} mint`);
        assert.equal(info.tokenAmount.decimals, state.uiTokenAmount.decimals, `${where} decimals`);
        positions++;
      } else if (type === 'initializeAccount' || type === 'initializeAccount3') {
        const after = byKey(post, info.account);
        if (after) {
          assert.equal(after.mint, info.mint, `${where} mint`);
          assert.equal(after.owner, info.owner, `${where} owner`);
          positions++;
        }
      } else if (type === 'closeAccount' && result.meta.err === null) {
        assert.equal(byKey(post, info.account), undefined, `${where} closed account still has a balance`);
        positions++;
      } else if (type === 'syncNative' && state) {
        assert.equal(state.mint, WRAPPED_SOL_MINT, `${where} on a non-native account`);
        positions++;
      }
    }

    for (const ix of instructions) {
      if (ix.program !== 'spl-associated-token-account' || result.meta.err !== null) continue;
      const { info } = ix.parsed;
      const signer = parsed.transaction.message.accountKeys.find((k: any) => k.pubkey === info.source);
      assert.ok(signer?.signer, `${file}: ATA funder ${info.source} did not sign`);
      assert.equal(info.systemProgram, '11111111111111111111111111111111', `${file}: ATA system program`);
      assert.ok(info.tokenProgram in PARSED_PROGRAMS, `${file}: ATA token program`);
      const after = byKey(post, info.account);
      if (after) {
        assert.equal(after.owner, info.wallet, `${file}: ATA wallet`);
        assert.equal(after.mint, info.mint, `${file}: ATA mint`);
      }
      positions++;
    }

    // Replay the amounts: only possible when every token instruction was parsed and no wrapped
    // SOL (whose amount follows lamports) is involved, and only worth it if the tx succeeded.
    if (result.meta.err !== null || tokenIxs.some((ix) => !('parsed' in ix))) continue;
    const delta = new Map<string, bigint>();
    const add = (key: string, amount: bigint) => delta.set(key, (delta.get(key) ?? 0n) + amount);
    for (const ix of tokenIxs) {
      const { type, info } = ix.parsed;
      if (type === 'transfer' || type === 'transferChecked') {
        const amount = BigInt(info.amount ?? info.tokenAmount.amount);
        add(info.source, -amount);
        add(info.destination, amount);
      } else if (type === 'mintTo') add(info.account, BigInt(info.amount));
      else if (type === 'burn') add(info.account, -BigInt(info.amount));
    }
    for (const index of new Set([...pre.keys(), ...post.keys()])) {
      const { mint, programId } = post.get(index) ?? pre.get(index);
      // Token-2022 transfer fees are withheld from what the destination's amount shows.
      if (mint === WRAPPED_SOL_MINT || programId === 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb') continue;
      const actual = BigInt(post.get(index)?.uiTokenAmount.amount ?? 0) - BigInt(pre.get(index)?.uiTokenAmount.amount ?? 0);
      assert.equal(delta.get(keys[index]) ?? 0n, actual, `${file}: token account ${keys[index]} moved ${actual}`);
      reconciled++;
    }
  }
  assert.ok(reconciled > 50, `only ${reconciled} token balances reconciled`);
  assert.ok(positions > 50, `only ${positions} account positions checked`);
});

test('parsed lamport movements replay to the recorded post balances', () => {
  let replayed = 0;
  for (const { file, result } of jsonResults()) {
    if (result.meta.err !== null) continue;
    const parsed = jsonResultToJsonParsed(result);
    const keys = allKeysOf(result);
    const top = parsed.transaction.message.instructions;
    const innerOf = new Map<number, any[]>((parsed.meta.innerInstructions ?? []).map((g: any) => [g.index, g.instructions]));
    // Only transactions whose every lamport movement is visible: all instructions parsed or compute budget.
    const everything = [...instructionsOf(parsed)];
    if (!everything.every((ix) => 'parsed' in ix || ix.programId === COMPUTE_BUDGET)) continue;

    const balance = new Map<string, bigint>(keys.map((k, i) => [k, BigInt(result.meta.preBalances[i])]));
    const move = (from: string, to: string, amount: bigint) => {
      balance.set(from, balance.get(from)! - amount);
      balance.set(to, balance.get(to)! + amount);
    };
    balance.set(keys[0], balance.get(keys[0])! - BigInt(result.meta.fee));
    const apply = (ix: any) => {
      if (!('parsed' in ix) || typeof ix.parsed === 'string') return;
      const { type, info } = ix.parsed;
      if (ix.program === 'system' && (type === 'transfer' || type === 'createAccount' || type === 'createAccountWithSeed')) {
        move(info.source, info.destination ?? info.newAccount, BigInt(info.lamports));
      } else if (ix.program === 'spl-token' && type === 'closeAccount') {
        move(info.account, info.destination, balance.get(info.account)!);
      }
    };
    top.forEach((ix: any, i: number) => {
      apply(ix);
      for (const inner of innerOf.get(i) ?? []) apply(inner);
    });
    keys.forEach((k, i) => assert.equal(balance.get(k), BigInt(result.meta.postBalances[i]), `${file}: lamports of ${k}`));
    replayed++;
  }
  assert.ok(replayed >= 3, `only ${replayed} transactions replayed`);
});

test('created accounts are funded rent-exempt for their size and memos match the memo log', () => {
  let created = 0;
  let memos = 0;
  for (const { file, result } of jsonResults()) {
    const parsed = jsonResultToJsonParsed(result);
    for (const ix of instructionsOf(parsed)) {
      if (ix.program === 'system' && (ix.parsed.type === 'createAccount' || ix.parsed.type === 'createAccountWithSeed')) {
        const { lamports, space } = ix.parsed.info;
        // Rent exemption: (128-byte overhead + data) * 3480 lamports/byte-year * 2 years.
        assert.ok(lamports >= (space + 128) * 6960, `${file}: ${lamports} lamports for ${space} bytes`);
        assert.ok(space <= 10 * 1024 * 1024, `${file}: space ${space}`);
        created++;
      }
      // The v3 memo program logs what it read; only executed instructions leave a log.
      if (ix.programId === 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' && result.meta.err === null) {
        const logged = `Program log: Memo (len ${Buffer.byteLength(ix.parsed)}): ${JSON.stringify(ix.parsed)}`;
        assert.ok(result.meta.logMessages.includes(logged), `${file}: memo ${ix.parsed} not logged`);
        memos++;
      }
    }
  }
  assert.ok(created > 20, `only ${created} account creations`);
  assert.ok(memos > 0, 'no memo parsed');
});

test('converted transactions carry their keys in alphabetical order like the node', () => {
  const check = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => check(v, `${path}[${i}]`));
    else if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value);
      assert.deepEqual(keys, [...keys].sort(), path);
      for (const k of keys) check((value as any)[k], `${path}.${k}`);
    }
  };
  for (const { file, result } of jsonResults()) {
    const parsed = jsonResultToJsonParsed(result);
    check(parsed.transaction, `${file}.transaction`);
    check(parsed.meta.innerInstructions, `${file}.meta.innerInstructions`);
  }
});

test('invoked programs lose write access unless the upgradeable loader is present, reserved keys always', () => {
  const { result } = jsonResults().find(({ file }) => file.startsWith('5S43CUBVghvpVbzjiih5'))!;
  const copy = structuredClone(result);
  const message = copy.transaction.message;
  // Every unsigned static key is requested writable now.
  message.header.numReadonlyUnsignedAccounts = 0;
  const invoked = new Set<string>(message.instructions.map((ix: any) => message.accountKeys[ix.programIdIndex]));
  assert.ok(invoked.size > 0);
  const flags = (r: any) =>
    new Map<string, boolean>(jsonResultToJsonParsed(r).transaction.message.accountKeys.map((k: any) => [k.pubkey, k.writable]));

  for (const [key, writable] of flags(copy)) {
    assert.equal(writable, !invoked.has(key) && !RESERVED_ACCOUNT_KEYS.has(key), key);
  }
  message.accountKeys.push(UPGRADEABLE_LOADER);
  for (const [key, writable] of flags(copy)) {
    assert.equal(writable, !RESERVED_ACCOUNT_KEYS.has(key), `${key} with the loader present`);
  }
  assert.ok(
    [...invoked].some((k) => !RESERVED_ACCOUNT_KEYS.has(k)),
    'sample invokes no demotable program',
  );
});

// Edge cases: a real corpus transaction whose instructions are replaced by one crafted instruction.
const base58 = getBase58Decoder();

function renderOne(programId: string, data: Uint8Array, accounts: number[]): any {
  const { result } = jsonResults().find(({ file }) => file.startsWith('5S43CUBVghvpVbzjiih5'))!;
  const copy = structuredClone(result);
  const keys: string[] = copy.transaction.message.accountKeys;
  const index = keys.includes(programId) ? keys.indexOf(programId) : keys.push(programId) - 1;
  copy.transaction.message.instructions = [{ accounts, data: base58.decode(data), programIdIndex: index, stackHeight: null }];
  return jsonResultToJsonParsed(copy).transaction.message.instructions[0];
}

test('native instructions the node cannot parse fall back to the partially decoded shape', () => {
  const token = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
  const system = '11111111111111111111111111111111';
  const transfer = Uint8Array.of(3, 1, 0, 0, 0, 0, 0, 0, 0);

  assert.equal(renderOne(token, transfer, [1, 2, 0]).parsed.type, 'transfer');
  assert.ok('accounts' in renderOne(token, transfer.subarray(0, 8), [1, 2, 0]), 'short amount');
  assert.ok('accounts' in renderOne(token, transfer, [1, 2]), 'missing authority');
  assert.ok('accounts' in renderOne(token, transfer, []), 'no accounts');
  assert.ok('accounts' in renderOne(system, Uint8Array.of(2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0), []), 'system without accounts');
  assert.ok(
    'accounts' in renderOne('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', Uint8Array.of(1, 0), [0, 1, 2, 3, 4, 5]),
    'ATA trailing byte',
  );
  assert.ok('accounts' in renderOne('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', Uint8Array.of(0xc3, 0x28), []), 'invalid UTF-8 memo');

  const memo = renderOne('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', Uint8Array.from(Buffer.from('\uFEFFhi')), []);
  assert.equal(memo.parsed, '\uFEFFhi', 'a leading BOM is part of the memo');

  const multisig = renderOne(token, transfer, [1, 2, 0, 1]).parsed.info;
  assert.deepEqual(Object.keys(multisig), ['amount', 'destination', 'multisigAuthority', 'signers', 'source']);
});

test('amounts keep the node formatting at the edges', () => {
  const token = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
  const checked = (amount: bigint, decimals: number) => {
    const data = new Uint8Array(10);
    data[0] = 12;
    new DataView(data.buffer).setBigUint64(1, amount, true);
    data[9] = decimals;
    return renderOne(token, data, [1, 0, 2, 0]).parsed.info.tokenAmount;
  };
  assert.deepEqual(checked(0n, 9), { amount: '0', decimals: 9, uiAmount: 0, uiAmountString: '0' });
  assert.deepEqual(checked(1_234_567_890n, 3), { amount: '1234567890', decimals: 3, uiAmount: 1234567.89, uiAmountString: '1234567.89' });
  assert.deepEqual(checked(1n, 9), { amount: '1', decimals: 9, uiAmount: 1e-9, uiAmountString: '0.000000001' });
  assert.deepEqual(checked(10n, 0), { amount: '10', decimals: 0, uiAmount: 10, uiAmountString: '10' });
  assert.equal(checked(1n, 20).uiAmount, null, '10^20 does not fit the node usize');
  assert.equal(checked(18_446_744_073_709_551_615n, 0).amount, '18446744073709551615');

  const lamports = new Uint8Array(12);
  lamports[0] = 2;
  new DataView(lamports.buffer).setBigUint64(4, 9_007_199_254_740_993n, true);
  // Past 2^53 the number is kept as its exact text, which the JSON writer prints verbatim.
  const big = renderOne('11111111111111111111111111111111', lamports, [0, 1]).parsed.info.lamports;
  assert.equal(stringifyJson(big), '9007199254740993');
});

test('instruction indexes outside the account keys are an error, not a guess', () => {
  const { result } = jsonResults().find(({ file }) => file.startsWith('5S43CUBVghvpVbzjiih5'))!;
  const copy = structuredClone(result);
  copy.transaction.message.instructions[0].programIdIndex = 200;
  assert.throws(() => jsonResultToJsonParsed(copy), /programIdIndex 200 is outside the \d+ account keys/);
  assert.throws(() => jsonResultToJsonParsed({ transaction: ['AAAA', 'base64'] }), /not a json-encoded transaction/);
});
