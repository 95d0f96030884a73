/**
 * Newer layouts of upgraded programs (idls/MANIFEST.tsv lists them newest first). Each is checked
 * on real mainnet data against the values the source that published the layout expects: for
 * Jupiter Perpetuals, Yellowstone Vixen's tests (tests/proc-macro/tests/perpetuals.rs and
 * tests/proc-macro-events/tests/perpetuals.rs) on its fixtures, which test/fixtures/vixen/ keeps
 * verbatim (MIT) and ledger/accounts/ holds converted; for the OKX DEX router, Vixen's
 * tests/proc-macro/tests/okx_dex.rs on its SwapV3 transaction. Drift (protocol-v2 2.162.0, @drift-labs/sdk 2.156.0) and
 * marginfi (0.1.9, the deployed build, from sava-software/idl-clients; 0.1.8 from
 * @mrgnlabs/marginfi-client-v2 6.4.2): no corpus entry or fixture uses what only their newest
 * layouts hold, so those instructions are built by Anchor's rule; Drift's own test User and
 * marginfi's own regression bank show what the renamed fields read.
 */
import { test } from 'node:test';
import { address, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registryOf } from '../src/decode/registry.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeAccountData } from '../src/enhance/accounts.js';
import { decodeInstructionEntry } from '../src/enhance/instruction-entry.js';
import { decodeBase58, encodeBase58 } from '../src/codec/base58.js';
import { readIdl } from '../src/idl/read-idl.js';
import { accountDiscriminator } from '../src/idl/discriminators.js';
import { corpusAccountsDir, corpusTransactionsDir, projectRoot } from '../src/paths.js';
import {
  accountKeysOf,
  accountsOf,
  instructionEntriesOf,
  isJsonParsed,
  loadedAddressesOf,
  programIdOf,
  readableResult,
} from '../src/transaction-result/read.js';
import type { TransactionResult } from '../src/transaction-result/types.js';
import { asJsonParsed } from './support/recorded-answer.js';
import { enhancedResult } from './support/enhanced.js';

const PERPS = 'PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu';
const registry = loadBundledRegistry();

function corpusAccount(address: string) {
  const value = JSON.parse(readFileSync(join(corpusAccountsDir, `${address}.json`), 'utf8')) as { owner: string; data: [string, string] };
  return { owner: value.owner, bytes: Buffer.from(value.data[0], 'base64') };
}

/** A Vixen transaction fixture: instructions with byte arrays for program, accounts and data, inner ones nested. */
interface VixenInstruction {
  program: number[];
  accounts: number[][];
  data: number[];
  inner?: VixenInstruction[];
}

function vixenEntries(file: string, programId = PERPS) {
  const fixture = JSON.parse(readFileSync(join(projectRoot, 'test', 'fixtures', 'vixen', file), 'utf8')) as {
    instructions: VixenInstruction[];
  };
  const flat = (ixs: VixenInstruction[]): VixenInstruction[] => ixs.flatMap((ix) => [ix, ...flat(ix.inner ?? [])]);
  const key = (bytes: number[]) => encodeBase58(Uint8Array.from(bytes));
  return flat(fixture.instructions)
    .filter((ix) => key(ix.program) === programId)
    .map((ix) => decodeInstructionEntry(programId, key(ix.data), ix.accounts.map(key), registry));
}

function parsedOf(entries: ReturnType<typeof vixenEntries>, type: string) {
  const entry = entries.find((e) => e?.parsed.type === type);
  assert.ok(entry, `no ${type} among ${entries.map((e) => e?.parsed.type).join(', ')}`);
  return entry.parsed.info;
}

test('Jupiter Perpetuals: the newest layout reads the grown Custody account as Vixen expects', () => {
  const { owner, bytes } = corpusAccount('7xS2gz2bTp3fwCC7knJvUWTEU9Tycczu6VhJYKgi1wdz');
  const decoded = decodeAccountData(owner, bytes, registry);
  assert.equal(decoded?.type, 'custody');
  const custody = decoded.value as Record<string, any>;
  assert.equal(custody.pool, '5BUwFW4nRbftYTDMbgxykoFWqWHPzahFSNAaaaJtVKsq');
  assert.equal(custody.mint, 'So11111111111111111111111111111111111111112');
  assert.equal(custody.decimals, 9);
  assert.equal(custody.targetRatioBps, '4700');
  assert.equal(custody.assets.owned, '6368829939225389');
  assert.equal(custody.dovesAgOracle, 'FYq2BWQ1V5P1WFBqr3qB2Kb5yHVvSv7upzKodgQE5zXh');
  assert.equal(custody.priceImpactBuffer.openInterest[2], '-3691644661');
  assert.equal(custody.borrowsFundingRateState.cumulativeInterestRate, '1000000000000000000');
  assert.equal(custody.totalStakedAmountLamports, '5620789931843821');
  assert.equal(custody.maxTotalStakedAmountLamports, '6000000000000000');
  assert.equal(custody.externalSwapFeeMultiplierBps, '20000');
  assert.equal(custody.disableClosePositionRequest, false);
  assert.equal(custody.withdrawalLimitIntervalSeconds, '3600');
});

test('Jupiter Perpetuals: the newest layout reads the Pool fields the older IDLs lacked', () => {
  const { owner, bytes } = corpusAccount('5BUwFW4nRbftYTDMbgxykoFWqWHPzahFSNAaaaJtVKsq');
  const decoded = decodeAccountData(owner, bytes, registry);
  assert.equal(decoded?.type, 'pool');
  const pool = decoded.value as Record<string, any>;
  assert.equal(pool.name, 'Pool');
  assert.equal(pool.aumUsd, '1133521743352874');
  assert.equal(pool.poolApr.realizedFeeUsd, '1250427617755');
  assert.equal(pool.parameterUpdateOracle.prefix, 2);
  assert.equal(pool.aumUsdUpdatedAt, '1771515604');
  assert.equal(pool.maxTriggerPriceDiffBps, '500');
  assert.equal(pool.maxLpTokenPriceChangeBps, '100');
  assert.equal(pool.aumUsdRefreshedAtSlot, '401338012');
});

test('Jupiter Perpetuals: decreasePositionWithTpsl, closePositionRequest2 and their events decode', () => {
  const entries = vixenEntries('3MnCnWjL83RBYGe8ADwhxFHTvbXmDEPyi2mxHQ2211kmQ4NAqBFvhjPexgiCy8o6mGPztnZwjbcxRi4WMGZDeah8_tx.json');
  const decrease = parsedOf(entries, 'decreasePositionWithTpsl');
  assert.equal(decrease.keeper, 'H3dDE6K6uqBp5kBKctH6w8hzpV5eAmxUiqvcdHxuE9i4');
  assert.equal(decrease.positionRequest, 'GiHy9ixvdkzGQVoTVXkppg7FCMxx1gpwnB7Df9HEUuBM');
  assert.equal(decrease.collateralCustodyTokenAccount, 'BUvduFTd2sWFagCunBPLupG8fBTJqweLw9DuhruNFSCm');
  assert.equal(decrease.eventAuthority, '37hJBDnntwqhGbK7L6M1bLyvccj4u55CCUiLPdYkiqBN');
  const close = parsedOf(entries, 'closePositionRequest2');
  assert.equal(close.ownerAta, 'BPRnMmfxF7QYepU9ypvBMA4eXwbHGST79bUgKvoZ6Jsk');
  assert.equal(close.position, '2RPcEvVpLwVVxAPYn89np27pTC6keUGQ1Yf77qa7i1ok');
  // The events are the program's self-CPIs; their values agree with the instructions they follow.
  const event = parsedOf(entries, 'decreasePositionEvent');
  assert.equal(event.positionKey, close.position);
  assert.equal(event.positionRequestKey, decrease.positionRequest);
  assert.equal(parsedOf(entries, 'closePositionRequestEvent').owner, close.owner);
});

test('Jupiter Perpetuals: borrowFromCustody and its event decode to the values Vixen expects', () => {
  const entries = vixenEntries('5mYEUYXCZisS8CChCG8mL8N3NEWHUA81Rr7kLA28P5upSzDStLq1f4QKhFLY7R8GsRNB27gM6YzvKerxejtLQxCj_tx.json');
  const borrow = parsedOf(entries, 'borrowFromCustody');
  assert.equal(borrow.amount, '8463144037');
  assert.equal(borrow.borrowPosition, 'iUzDVme5Mc21GdULKK2JFuvjNWY4TaULF2kNGTcoXf9');
  assert.equal(borrow.lpTokenMint, '27G8MtK7VtTcCHkpASjSDdkWWYfoqT6ggEuKidVJidD4');
  assert.equal((borrow.remainingAccounts as string[]).length, 10);
  const event = parsedOf(entries, 'borrowFromCustodyEvent');
  assert.deepEqual(event, {
    owner: 'E2Z5ggFhABjC5tSZYouMgfgUpgNsvDpWrR6YTFt7D4YC',
    pool: '5BUwFW4nRbftYTDMbgxykoFWqWHPzahFSNAaaaJtVKsq',
    positionKey: 'iUzDVme5Mc21GdULKK2JFuvjNWY4TaULF2kNGTcoXf9',
    positionMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    positionCustody: 'G18jKKXQwBbrHeiK3C9MRXhkHsLHf7XgCSisykV46EZa',
    sizeCustodyToken: '8463144037',
    collateralAmount: '3000000000000',
    collateralAmountUsd: '11148464949892',
    marginUsd: '10033618454902',
    updateTime: '1772150417',
  });
});

test('Jupiter Perpetuals: the older versions stay listed for what the newest build dropped', () => {
  const versions = registry.versions(PERPS);
  assert.ok(versions.length >= 3);
  assert.equal(
    versions[0].description.instructions.some((ix) => ix.name === 'closePositionRequest'),
    false,
  );
  assert.ok(versions.slice(1).some((v) => v.description.instructions.some((ix) => ix.name === 'closePositionRequest')));
});

test('reader hints: accountSizes, accountPrefixes and typesAsAccounts refuse what the IDL does not hold', () => {
  const doc = {
    version: '0.1.0',
    name: 'x',
    instructions: [],
    accounts: [{ name: 'Pool', type: { kind: 'struct', fields: [{ name: 'a', type: 'u8' }] } }],
    types: [{ name: 'Stamp', type: { kind: 'struct', fields: [{ name: 't', type: 'i64' }] } }],
  };
  const address = PERPS;
  const promoted = readIdl(doc, { address, typesAsAccounts: ['Stamp'] }).accounts.find((a) => a.name === 'Stamp');
  assert.deepEqual([...(promoted?.discriminator ?? [])], [...accountDiscriminator('Stamp')]);
  assert.throws(() => readIdl(doc, { address, typesAsAccounts: ['Missing'] }), /defines no type Missing/);
  assert.throws(() => readIdl(doc, { address, accountSizes: { Missing: 1 } }), /has no account Missing/);
  // An Anchor account has its discriminator; a size would be a second rule for telling it apart.
  assert.throws(() => readIdl(doc, { address, accountSizes: { Pool: 324 } }), /has a discriminator already/);
  assert.throws(() => readIdl(doc, { address, accountPrefixes: { Pool: 'msg' } }), /has a discriminator already/);
  assert.throws(() => readIdl(doc, { address, accountPrefixes: { Missing: 'msg' } }), /has no account Missing/);
  // Without Anchor's tags (a hand-written IDL) the prefix becomes the account's discriminator.
  const tagged = readIdl(doc, { address, instructionTags: 'u8-position', accountPrefixes: { Pool: 'msg' } });
  assert.equal(Buffer.from(tagged.accounts[0].discriminator).toString('latin1'), 'msg');
  assert.throws(
    () => readIdl(doc, { address, instructionTags: 'u8-position', accountPrefixes: { Pool: 'msg' }, accountSizes: { Pool: 4 } }),
    /both a size and a prefix/,
  );
});

const OKX = '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma';
const OKX_SWAP_V3 = '2WhQXGYdZrrQrixgsxALHgZUiM5SdHasiX56jJb6QMZHXnYf69zFfUoJLmCjKHzfuA2UV5kaPRfhqPGudJDZeWwk_tx.json';

test('OKX router: the newest layout reads a swapV3 through AlphaQ and Manifest as Vixen expects', () => {
  const swap = parsedOf(vixenEntries(OKX_SWAP_V3, OKX), 'swapV3');
  assert.deepEqual(swap.args, {
    amountIn: '38623833337',
    expectAmountOut: '48981429027',
    minReturn: '48491614736',
    amounts: ['38623833337'],
    routes: [[{ dexes: ['alphaQ', 'manifest'], weights: [54, 46] }]],
  });
  assert.equal(swap.commissionInfo, 0);
  assert.equal(swap.platformFeeRate, 0);
  assert.equal(swap.orderId, '0');
  assert.equal(swap.payer, '66FZfEpN1ZwYQaEgnZrKohNGaS4T3kzRkdoWZTGMiKTc');
  assert.equal(swap.sourceTokenAccount, '5mWLMNwyyiyZfvQW3nHfJRjhXyany7aQjNfehr2v96dh');
  assert.equal(swap.destinationTokenAccount, 'ELvYu6Df3pB1JAueraFGHVYFNWMdxrSnLV1eCK6oMt3L');
  assert.equal(swap.sourceMint, 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn');
  assert.equal(swap.destinationMint, 'So11111111111111111111111111111111111111112');
  // Vixen's None: the client passed the program id in the optional accounts' places.
  assert.equal(swap.commissionAccount, null);
  assert.equal(swap.platformFeeAccount, null);
  assert.equal(swap.saAuthority, 'HV1KXxWFaSeriyFvXyx48FqG9BoFbfinB8njCJonqP7K');
  assert.equal(swap.sourceTokenSa, 'D5wjgMadAHGstes5ZTCuw8XnGhxiQdsiMo3D44bei3tu');
  assert.equal(swap.destinationTokenSa, '2rikd7tzPbmowhUJzPNVtX7fuUGcnBa8jqJnx6HbtHeE');
  assert.equal(swap.systemProgram, '11111111111111111111111111111111');
  const rest = swap.remainingAccounts as string[];
  assert.equal(rest.length, 29);
  assert.equal(rest[0], 'ALPHAQmeA7bjrVuccPsYPiCvsi428SNwte66Srvs4pHA');
  assert.equal(rest[15], 'MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms');
  assert.equal(rest[28], 'E1mBVQyt7BHK8SaBSfME7usYxx94T4DtHEjbUpEBhZx');
});

test('OKX router: the earlier build cannot read that swap, and keeps what the newest build dropped', () => {
  const [newest, ...older] = registry.versions(OKX);
  assert.ok(older.length >= 1);
  assert.equal(
    newest.description.instructions.some((ix) => ix.name === 'commission_spl_swap' || ix.name === 'commissionSplSwap'),
    false,
  );
  const earlier = older.find((v) => v.description.instructions.some((ix) => ix.name === 'commission_spl_swap'));
  assert.ok(earlier, 'the earlier build with commission_spl_swap stays listed');
  const fixture = JSON.parse(readFileSync(join(projectRoot, 'test', 'fixtures', 'vixen', OKX_SWAP_V3), 'utf8')) as {
    instructions: VixenInstruction[];
  };
  const [ix] = fixture.instructions;
  const key = (bytes: number[]) => encodeBase58(Uint8Array.from(bytes));
  // Its Dex enum stops at 79 venues; AlphaQ and Manifest came later.
  const onlyEarlier = registryOf([{ description: earlier.description }]);
  assert.equal(decodeInstructionEntry(OKX, key(ix.data), ix.accounts.map(key), onlyEarlier), null);
});

test('WNS: Token-2022 transfer-hook calls decode as execute, by the interface discriminator the IDL carries', () => {
  const WNS = 'wns1gDLt8fgLcGhWi5MqAqgXpwEP1JftKE9eZnXS1HM';
  // Token-2022 calls a mint's hook with spl-transfer-hook-interface's Execute:
  // sha256("spl-transfer-hook-interface:execute")[..8], then the u64 amount.
  const tag = createHash('sha256').update('spl-transfer-hook-interface:execute').digest().subarray(0, 8);
  const amount = Buffer.alloc(8);
  amount.writeBigUInt64LE(1n);
  const accounts = Array.from({ length: 5 }, (_, i) => encodeBase58(Uint8Array.from({ length: 32 }, () => i + 1)));
  const entry = decodeInstructionEntry(WNS, encodeBase58(Buffer.concat([tag, amount])), accounts, registry);
  assert.equal(entry?.parsed.type, 'execute');
  assert.equal(entry.parsed.info.amount, '1');
  assert.equal(entry.parsed.info.sourceAccount, accounts[0]);
  assert.equal(entry.parsed.info.extraMetasAccount, accounts[4]);
});

test('SPL and MPL Noop: what account compression logs through them reads as its event; other data stays bytes', () => {
  const noop = 'noopb9bkMVfRPU8AsbpTUg8AQkHtKwMYZiFUjNRtMmV';
  const mplNoop = 'mnoopTCrg4p8ry25e4bcWA9XZjbNjMTfgYVGGEdRsf3';
  const events = new Map<string, unknown>();
  const files = readdirSync(corpusTransactionsDir).filter((f) => f.endsWith('.json'));
  let changeLogs = 0;
  let applicationData = 0;
  for (const file of files) {
    const result = readableResult(JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')) as TransactionResult);
    const keys = accountKeysOf(result);
    const written = writtenAccounts(result, keys);
    for (const entry of instructionEntriesOf(result)) {
      if (programIdOf(entry, keys) !== noop || !('data' in entry) || entry.data === undefined) continue;
      const decoded = decodeInstructionEntry(noop, entry.data, accountsOf(entry, keys), registry, result.slot);
      const event = decoded?.parsed.info.event as { ChangeLog?: { V1: { id: string; path: unknown[]; seq: string } } } | undefined;
      assert.ok(event, `${file}: decoded as an account-compression event`);
      events.set(entry.data, event);
      if (event.ChangeLog === undefined) {
        applicationData++;
        continue;
      }
      // The change log names the tree it changed: an account the transaction writes.
      assert.ok(written.has(event.ChangeLog.V1.id), event.ChangeLog.V1.id);
      assert.ok(event.ChangeLog.V1.path.length > 0 && BigInt(event.ChangeLog.V1.seq) > 0n);
      changeLogs++;
    }
  }
  assert.ok(changeLogs >= 1 && applicationData >= 1, `${changeLogs} change logs, ${applicationData} application data`);
  // MPL Noop carries MPL Account Compression's events, whose types are the same: the same bytes read the same.
  for (const [data, event] of events) assert.deepEqual(decodeInstructionEntry(mplNoop, data, [], registry)?.parsed.info.event, event);
  const plain = decodeInstructionEntry(noop, encodeBase58(Buffer.from('not an event')), [], registry);
  assert.deepEqual(plain?.parsed.info, { data: [...Buffer.from('not an event')] });
});

test("SPL Noop: Bubblegum's application data reads as its leaf schema, which names the asset the tree's change log records", async () => {
  const noop = 'noopb9bkMVfRPU8AsbpTUg8AQkHtKwMYZiFUjNRtMmV';
  const bubblegum = address('BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY');
  type LeafEvent = { leafSchemaEvent: { schema: { V1: { id: string; owner: string; nonce: string } }; leafHash: number[] } };
  type ChangeLog = { id: string; path: { node: number[] }[] };
  let checked = 0;
  for (const file of readdirSync(corpusTransactionsDir).filter((f) => f.endsWith('.json'))) {
    const result = readableResult(JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')) as TransactionResult);
    const keys = accountKeysOf(result);
    const events = instructionEntriesOf(result)
      .filter((entry) => programIdOf(entry, keys) === noop && 'data' in entry && entry.data !== undefined)
      .map((entry) => decodeInstructionEntry(noop, (entry as { data: string }).data, [], registry, result.slot)?.parsed.info.event) as {
      ApplicationData?: { V1: LeafEvent };
      ChangeLog?: { V1: ChangeLog };
    }[];
    const leaf = events.find((e) => e.ApplicationData)?.ApplicationData?.V1.leafSchemaEvent;
    const changeLog = events.find((e) => e.ChangeLog)?.ChangeLog?.V1;
    if (leaf === undefined || changeLog === undefined) continue;
    const { id, owner, nonce } = leaf.schema.V1;
    // Bubblegum's asset id is its PDA of ("asset", tree, nonce), and the leaf it hashed is the change log's new leaf.
    const nonceBytes = Buffer.alloc(8);
    nonceBytes.writeBigUInt64LE(BigInt(nonce));
    const [assetId] = await getProgramDerivedAddress({
      programAddress: bubblegum,
      seeds: [Buffer.from('asset'), getAddressEncoder().encode(address(changeLog.id)), nonceBytes],
    });
    assert.equal(id, assetId, file);
    assert.ok(keys.includes(owner), `${file}: the leaf owner is an account of the transaction`);
    assert.deepEqual(leaf.leafHash, changeLog.path[0].node, file);
    checked++;
  }
  assert.ok(checked >= 1, `${checked} transactions`);
});

/** The accounts a transaction may write: jsonParsed marks them; json's header says which static keys, then the loaded writable ones. */
function writtenAccounts(result: TransactionResult, keys: string[]): Set<string> {
  if (isJsonParsed(result)) return new Set(result.transaction.message.accountKeys.filter((k) => k.writable).map((k) => k.pubkey));
  const { header, accountKeys } = result.transaction.message;
  const statics = accountKeys.length;
  const signed = header.numRequiredSignatures;
  const loadedWritable = keys.length - statics - loadedAddressesOf(result).readonly.length;
  return new Set(
    keys.filter((_, i) =>
      i < signed
        ? i < signed - header.numReadonlySignedAccounts
        : i < statics
          ? i < statics - header.numReadonlyUnsignedAccounts
          : i < statics + loadedWritable,
    ),
  );
}

const DRIFT = 'dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH';
const MARGINFI = 'MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA';
/** Anchor's instruction discriminator: sha256("global:<snake_case name>")[..8]. */
const sighash = (name: string) => createHash('sha256').update(`global:${name}`).digest().subarray(0, 8);
const testKeys = (n: number) => Array.from({ length: n }, (_, i) => encodeBase58(Uint8Array.from({ length: 32 }, () => i + 1)));

test('Drift: protocol-v2 2.162.0 is the newest layout, @drift-labs/sdk 2.156.0 next; the instructions 2.156.0 dropped stay in the older versions', () => {
  const [newest, v2156, ...older] = registry.versions(DRIFT);
  assert.deepEqual([newest.description.version, v2156.description.version], ['2.162.0', '2.156.0']);
  const has = (v: typeof newest, name: string) => v.description.instructions.some((ix) => ix.name === name);
  for (const name of ['placeScaleOrders', 'adminWithdrawFromInsuranceFundVault', 'updatePerpMarketConfig']) {
    assert.ok(has(newest, name), name);
    assert.ok(![v2156, ...older].some((v) => has(v, name)), `${name} is new in 2.162.0`);
  }
  for (const name of ['depositIntoIsolatedPerpPosition', 'transferIsolatedPerpPositionDeposit', 'withdrawFromIsolatedPerpPosition']) {
    assert.ok(has(newest, name) && has(v2156, name), name);
    assert.ok(!older.some((v) => has(v, name)), `${name} is new in 2.156.0`);
  }
  for (const name of ['initUserFuel', 'updateUserFuelBonus', 'updateLpCooldownTime']) {
    assert.ok(!has(newest, name) && !has(v2156, name), `${name} is gone since 2.156.0`);
    assert.ok(
      older.some((v) => has(v, name)),
      `${name} stays listed`,
    );
  }
});

test('Drift: depositIntoIsolatedPerpPosition decodes with 2.156.0 and later only', () => {
  // No corpus transaction or fixture carries it: the bytes are built by Anchor's rule, as its SDK sends them.
  const args = Buffer.alloc(12);
  args.writeUInt16LE(0, 0); // spot market 0 (USDC)
  args.writeUInt16LE(24, 2); // perp market 24
  args.writeBigUInt64LE(25_000_000n, 4);
  const data = encodeBase58(Buffer.concat([sighash('deposit_into_isolated_perp_position'), args]));
  const accounts = testKeys(7);
  const entry = decodeInstructionEntry(DRIFT, data, accounts, registry);
  assert.equal(entry?.parsed.type, 'depositIntoIsolatedPerpPosition');
  assert.deepEqual(entry.parsed.info, {
    spotMarketIndex: 0,
    perpMarketIndex: 24,
    amount: '25000000',
    state: accounts[0],
    user: accounts[1],
    userStats: accounts[2],
    authority: accounts[3],
    spotMarketVault: accounts[4],
    userTokenAccount: accounts[5],
    tokenProgram: accounts[6],
  });
  // Only the builds before 2.156.0 lack it.
  const older = registry.versions(DRIFT).filter((v) => !['2.162.0', '2.156.0'].includes(v.description.version ?? ''));
  assert.equal(decodeInstructionEntry(DRIFT, data, accounts, registryOf(older.map((v) => ({ description: v.description })))), null);
});

test("Drift: the newest layout names a User's perp-position bytes as SDK 2.156.0 and later do; 2.145.0 read them as LP fields", () => {
  // Drift's own test User (protocol-v2 decode_user, 2023 data): one position still holds LP-era bytes.
  const fixture = JSON.parse(
    readFileSync(join(projectRoot, 'test', 'fixtures', 'accounts', 'protocol-v2', 'user_decode_user.json'), 'utf8'),
  ) as {
    owner: string;
    data: [string, string];
  };
  const bytes = Buffer.from(fixture.data[0], 'base64');
  const [newest] = registry.versions(DRIFT);
  const previous = registry.versions(DRIFT).find((v) => v.description.version === '2.145.0')!;
  const now = newest.decodeAccount(bytes);
  const before = previous.decodeAccount(bytes);
  assert.ok(now?.exact && before?.exact);
  // Both read it to the last byte, so the gateway answers with the newest.
  assert.deepEqual(decodeAccountData(DRIFT, bytes, registry)?.value, now.value);
  const position = (now.value as { perpPositions: Record<string, unknown>[] }).perpPositions[2];
  const old = (before.value as { perpPositions: Record<string, unknown>[] }).perpPositions[2];
  assert.equal(position.marketIndex, 0);
  assert.equal(old.lastBaseAssetAmountPerLp, '-565002869620');
  assert.equal(old.perLpBase, 3);
  // The same eight bytes as the u64 the new build declares, and the same byte as its u8 flag.
  assert.equal(position.isolatedPositionScaledBalance, BigInt.asUintN(64, -565002869620n).toString());
  assert.equal(position.positionFlag, 3);
  assert.ok(!('lastBaseAssetAmountPerLp' in position) && !('perLpBase' in position));
  // Every other field reads the same under both builds.
  const without = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
  assert.deepEqual(
    without(position, ['isolatedPositionScaledBalance', 'positionFlag']),
    without(old, ['lastBaseAssetAmountPerLp', 'perLpBase']),
  );
});

test("Drift: 2.162.0 reads PerpMarket's first padding byte as marketConfig; 2.156.0 read it as padding", () => {
  // Drift's own test PerpMarket (protocol-v2 controller/position tests): no corpus account sets a flag, so
  // the value checked is the byte itself, at the same offset 2.156.0 gave padding[0].
  const fixture = JSON.parse(
    readFileSync(join(projectRoot, 'test', 'fixtures', 'accounts', 'protocol-v2', 'perp_market_perp_ref_offset.json'), 'utf8'),
  ) as { data: [string, string] };
  const bytes = Buffer.from(fixture.data[0], 'base64');
  const [newest] = registry.versions(DRIFT);
  const previous = registry.versions(DRIFT).find((v) => v.description.version === '2.156.0')!;
  const now = newest.decodeAccount(bytes);
  const before = previous.decodeAccount(bytes);
  assert.ok(now?.exact && before?.exact);
  const market = now.value;
  const old = before.value;
  // 22 trailing padding bytes now, 23 before: marketConfig is the byte in between.
  assert.equal(market.marketConfig, bytes[bytes.length - 23]);
  assert.equal((market.padding as unknown[]).length, 22);
  assert.equal((old.padding as unknown[]).length, 23);
  assert.ok(!('marketConfig' in old));
  assert.deepEqual(decodeAccountData(DRIFT, bytes, registry)?.value, market);
});

test('marginfi: 0.1.9 (p0-ts-sdk, the deployed build) is the newest layout, 0.1.8 next; place_order decodes with those only, the dropped emissions instructions stay listed', () => {
  const [newest, v018, ...older] = registry.versions(MARGINFI);
  assert.equal(newest.description.address, MARGINFI);
  assert.deepEqual([newest.description.version, v018.description.version], ['0.1.9', '0.1.8']);
  const has = (v: typeof newest, name: string) => v.description.instructions.some((ix) => ix.name === name);
  assert.ok(has(newest, 'marginfi_account_place_order') && has(newest, 'juplend_deposit') && has(newest, 'admin_close_account'));
  assert.ok(has(v018, 'marginfi_account_place_order') && !has(v018, 'admin_close_account'));
  assert.ok(!has(newest, 'lending_account_withdraw_emissions') && !has(newest, 'lending_account_clear_emissions'));
  assert.ok(has(v018, 'lending_account_clear_emissions'));
  assert.ok(older.some((v) => has(v, 'lending_account_withdraw_emissions')));

  // No corpus transaction or fixture carries an order: the bytes follow Anchor's rule and the IDL's types.
  const banks = testKeys(2).map((k) => Buffer.from(decodeBase58(k)!));
  const count = Buffer.alloc(4);
  count.writeUInt32LE(2);
  const threshold = Buffer.alloc(16, 0);
  threshold.writeBigInt64LE(150n << 48n, 0); // I80F48 150.0, little-endian: the integer part starts at bit 48
  const slippage = Buffer.alloc(4);
  slippage.writeUInt32LE(50);
  const data = encodeBase58(Buffer.concat([sighash('marginfi_account_place_order'), count, ...banks, Buffer.of(0), threshold, slippage]));
  const accounts = testKeys(8);
  const entry = decodeInstructionEntry(MARGINFI, data, accounts, registry);
  assert.equal(entry?.parsed.type, 'marginfiAccountPlaceOrder');
  const info = entry.parsed.info;
  assert.deepEqual(info.bankKeys, testKeys(2));
  // Variant 0 of OrderTrigger; WrappedI80F48 is shown as its sixteen bytes (150 << 48: byte 6 is 150).
  assert.deepEqual(info.trigger, { StopLoss: { threshold: { value: [...threshold] }, maxSlippage: 50 } });
  assert.equal(threshold[6], 150);
  assert.equal(info.order, accounts[4]);
  assert.equal(info.globalFeeWallet, accounts[6]);
  assert.equal(decodeInstructionEntry(MARGINFI, data, accounts, registryOf(older.map((v) => ({ description: v.description })))), null);
});

test('marginfi 0.1.9 reads a 2023 bank to its last byte; the legacy rates are its placeholder0..2, 0.1.8 names them', () => {
  // programs/marginfi/tests/fixtures/bank/bank_sample_3.json; regression.rs asserts these rates.
  const dump = JSON.parse(readFileSync(join(projectRoot, 'test', 'fixtures', 'accounts', 'marginfi-v2', 'bank_sample_3.json'), 'utf8')) as {
    account: { data: [string, string] };
  };
  const bytes = Buffer.from(dump.account.data[0], 'base64');
  const [newest, v018] = registry.versions(MARGINFI);
  const now = newest.decodeAccount(bytes);
  const before = v018.decodeAccount(bytes);
  assert.ok(now?.exact && before?.exact);
  type Rates = { config: { interestRateConfig: Record<string, { value: number[] }> } };
  const rates = (now.value as Rates).config.interestRateConfig;
  const named = (before.value as Rates).config.interestRateConfig;
  assert.deepEqual(rates.placeholder0, named.optimalUtilizationRate);
  assert.deepEqual(rates.placeholder1, named.plateauInterestRate);
  assert.deepEqual(rates.placeholder2, named.maxInterestRate);
  assert.ok(!('optimalUtilizationRate' in rates));
  // The gateway answers with the newest that reads it exactly.
  assert.deepEqual(decodeAccountData(MARGINFI, bytes, registry)?.value, now.value);
});

test("Jupiter Order Engine: Jupiter's fee_bps layout reads the recorded April 2026 fills, their amounts where the transfers put them", () => {
  const ORDER_ENGINE = '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH';
  const fills = ['swap_jupiterorderengine_1.json', 'swap_jupiterorderengine_2.json'].map((file) => {
    const fixture = JSON.parse(readFileSync(join(projectRoot, 'test', 'fixtures', 'jowency-solana-tx-parser', file), 'utf8'));
    const result = asJsonParsed(fixture.signature, 'base64', JSON.stringify(fixture.raw));
    const fill = instructionEntriesOf(result).find((ix) => programIdOf(ix, accountKeysOf(result)) === ORDER_ENGINE)!;
    const decoded = decodeInstructionEntry(ORDER_ENGINE, fill.data, fill.accounts as string[], registry, result.slot);
    const transfers = result.meta.innerInstructions
      .flatMap((group: { instructions: any[] }) => group.instructions)
      .filter((ix: any) => /^transfer/.test(ix.parsed?.type));
    return {
      info: decoded!.parsed.info,
      type: decoded!.parsed.type,
      transfers: transfers.map((ix: any) => ix.parsed.info.amount ?? ix.parsed.info.tokenAmount.amount),
    };
  });
  // 35 bytes each: the three amounts, then fee_bps, then one byte no public source names.
  assert.deepEqual(
    fills.map(({ type, info }) => [type, info.feeBps]),
    [
      ['fill', 0],
      ['fill', 10],
    ],
  );
  for (const { info, transfers } of fills) assert.deepEqual(transfers, [info.inputAmount, info.outputAmount]);
  // The first release's layout, still bundled, reads the same amounts and no fee.
  const older = registry.versions(ORDER_ENGINE).map((version) => version.description.instructions[0].args.map((a) => a.name));
  assert.deepEqual(older, [
    ['input_amount', 'output_amount', 'expire_at', 'fee_bps'],
    ['input_amount', 'output_amount', 'expire_at'],
  ]);
});

test("Raydium AMM v4: deposit's optional other_amount_min, which the program reads when the data goes on, bounds the corpus deposit's coin side", () => {
  const RAYDIUM_AMM = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';
  const file = 'pXPLUDJPBn58aYkP9d91fySxpiy8qzFmwid33jPsMKG2TfkasT7zMTAu15HuBBQ6NFLXHpM27yx8ooCikzjjrEg.jsonParsed.json';
  const result = readableResult(JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')) as TransactionResult) as any;
  const index = result.transaction.message.instructions.findIndex((ix: any) => ix.programId === RAYDIUM_AMM);
  const ix = result.transaction.message.instructions[index];
  const bytes = decodeBase58(ix.data)!;
  assert.equal(bytes.length, 33);
  const decoded = decodeInstructionEntry(RAYDIUM_AMM, ix.data, ix.accounts, registry, result.slot)!;
  const info = decoded.parsed.info as Record<string, string>;
  assert.equal(decoded.parsed.type, 'deposit');
  // base_side 1: the pc amount is deposited as given and the coin amount follows the pool's price,
  // no more than max_coin_amount and no less than other_amount_min.
  const [coin, pc] = result.meta.innerInstructions
    .find((group: any) => group.index === index)
    .instructions.filter((x: any) => x.parsed?.type === 'transfer')
    .map((x: any) => BigInt(x.parsed.info.amount));
  assert.deepEqual([info.baseSide, BigInt(info.maxPcAmount)], ['1', pc]);
  assert.equal(info.otherAmountMin, new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(25, true).toString());
  assert.ok(BigInt(info.otherAmountMin) <= coin && coin <= BigInt(info.maxCoinAmount));
  // A deposit written without it (the program's older clients) reads it as absent, exactly.
  const older = decodeInstructionEntry(RAYDIUM_AMM, encodeBase58(bytes.slice(0, 25)), ix.accounts, registry, result.slot)!;
  assert.equal(older.parsed.info.otherAmountMin, null);
});

test("Phoenix: its log instruction reads as the market events Phoenix's SDK reads from it, each header naming the transaction's slot, time, market and signer", () => {
  const PHOENIX = 'PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY';
  let logs = 0;
  for (const file of readdirSync(corpusTransactionsDir).filter((f) => /\.(json|jsonParsed|base64)\.json$/.test(f))) {
    const stored = JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')) as TransactionResult;
    const result = enhancedResult(readableResult(stored), registry);
    const keys = accountKeysOf(result);
    for (const group of result.meta?.innerInstructions ?? []) {
      for (const ix of group.instructions) {
        if (programIdOf(ix, keys) !== PHOENIX || ix.parsed?.type !== 'log') continue;
        logs++;
        // The SDK (typescript/phoenix-sdk/src/utils/events.ts): after the tag, a Header event, then
        // the market events, each a PhoenixMarketEvent, to the end of the data.
        const [first, ...events] = ix.parsed.info.events as Record<string, Record<string, unknown>>[];
        const header = first.Header;
        assert.deepEqual(
          [header.slot, header.timestamp, keys.includes(header.market as string), keys.includes(header.signer as string)],
          [String(result.slot), String(result.blockTime), true, true],
          file,
        );
        const indices = events.map((event) => Object.values(event)[0].index as number);
        assert.deepEqual(
          indices,
          indices.map((_, i) => indices[0] + i),
          file,
        );
      }
    }
  }
  assert.equal(logs, 9);
});
