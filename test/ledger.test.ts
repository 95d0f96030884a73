import assert from 'node:assert/strict';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { getBase58Encoder } from '@solana/kit';
import { LosslessNumber, parseJson } from '../src/json/lossless.js';
import { compactJson } from '../src/json/compact.js';
import { asTheNodeSpellsIt, importCorpus } from '../src/ledger/import-corpus.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { openLedger, type LedgerStore } from '../src/ledger/ledger-store.js';
import { renderAccount } from '../src/ledger/render-account.js';
import { decodeWireTransaction, encodeWireTransaction } from '../src/codec/wire-transaction.js';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';
import { ErrorCode, RpcError } from '../src/rpc/errors.js';

type Json = Record<string, any>;

interface CorpusTx {
  file: string;
  signature: string;
  encoding: 'json' | 'jsonParsed' | 'base64';
  version: 'legacy' | 0;
  slot: number;
}

function readTsv(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const columns = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
  });
}

const corpusTxs: CorpusTx[] = readTsv(join(corpusTransactionsDir, 'MANIFEST.tsv')).map((r) => ({
  file: r.file,
  signature: r.signature,
  encoding: r.encoding as CorpusTx['encoding'],
  version: r.version === 'legacy' ? 'legacy' : 0,
  slot: Number(r.slot),
}));
const accountManifest = readTsv(join(corpusAccountsDir, 'MANIFEST.tsv'));

const txText = (tx: CorpusTx) => asTheNodeSpellsIt(readFileSync(join(corpusTransactionsDir, tx.file), 'utf8'));
const accountText = (address: string) => readFileSync(join(corpusAccountsDir, `${address}.json`), 'utf8');
const parse = (text: string) => parseJson(text) as Json;
const base58Bytes = (text: string) => new Uint8Array(getBase58Encoder().encode(text));

function rpcError(code: number, message?: string | RegExp) {
  return (err: unknown) => {
    assert.ok(err instanceof RpcError, `expected RpcError, got ${String(err)}`);
    assert.equal(err.code, code);
    if (typeof message === 'string') assert.equal(err.message, message);
    else if (message) assert.match(err.message, message);
    return true;
  };
}

/** The file's result with `version` as the node writes it when the client sends maxSupportedTransactionVersion. */
function withVersion(result: Json, version: 'legacy' | 0 | undefined): Json {
  const copy = { ...result };
  if (version === undefined) delete copy.version;
  else copy.version = version;
  return copy;
}

/** Stack heights are recorded by the node beside the transaction; the wire bytes have none. */
function withoutStackHeights(transaction: Json): Json {
  const instructions = transaction.message.instructions.map(({ stackHeight: _, ...rest }: Json) => rest);
  return { ...transaction, message: { ...transaction.message, instructions } };
}

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * Whether the first signature of a wire transaction verifies over its message with the first
 * account key: proof that re-encoded bytes are exactly the ones that were signed.
 */
function signedByFeePayer(wire: Uint8Array): boolean {
  const signatures = wire[0];
  assert.ok(signatures > 0 && signatures < 0x80, 'single-byte signature count');
  const message = wire.subarray(1 + 64 * signatures);
  const keysAt = (message[0] & 0x80 ? 1 : 0) + 3;
  assert.ok(message[keysAt] < 0x80, 'single-byte account key count');
  const feePayer = message.subarray(keysAt + 1, keysAt + 33);
  const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, feePayer]), format: 'der', type: 'spki' });
  return verify(null, message, key, wire.subarray(1, 65));
}

const BASE58_TOO_LONG = 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.';
const V0_UNSUPPORTED =
  'Transaction version (0) is not supported by the requesting client. Please try the request again with the ' +
  'following configuration parameter: "maxSupportedTransactionVersion": 0';
/** A MetaMask mock whose address table lookup says `readableIndexes` instead of `readonlyIndexes`. */
const MISSPELT_LOOKUP_FIXTURE = '28rWme56aMyaP8oX18unFeZg65iyDEhjLhvMBpxyFgKcn38P37ZRsssSZoHDCCr5xUfwfpqsVSSBoShLitHQLdrr';
/**
 * Recorded with "version": 0, but its message has no addressTableLookups and the fee payer's
 * signature verifies over the legacy serialization: the stated version is the recorder's.
 */
const LEGACY_LABELLED_V0 = '2E9Ddokz6HZkn457gAhd7uaUYnWtgUuRQaGGKFb2xDtYY3Mxn81DaXPMKfLLmcWMUAEQwZG1WF6mfcXMKr2yBqZU';
const UNKNOWN_SIGNATURE = '1'.repeat(64);
const UNKNOWN_ADDRESS = '11111111111111111111111111111112';
const TOKEN_ACCOUNT = '6A5NHCj1yF6urc9wZNe6Bcjj4LVszQNj5DwAWG97yzMu'; // 165 bytes, Tokenkeg owner
const MSOL_MINT = 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So'; // 82 bytes
// A token account whose mint's decimals the ledger does not know: jsonParsed leaves it in base64.
const UNPARSED_TOKEN_ACCOUNT = '8KtYGCkMzMrP33od7b9E87VNjmd7Ft7T82RXpLbWy3yy';
const WHIRLPOOL = '56Ekyu6uBpTna3LR2qkjHjNbDNkCLWK2Lt3uWh7J2R8Z'; // 653 bytes, non-token owner

describe('embedded ledger built from the corpus', () => {
  let dir: string;
  let file: string;
  let store: LedgerStore;
  let rpc: LedgerRpc;
  let imported: { transactions: number; accounts: number };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-test-'));
    file = join(dir, 'ledger.sqlite');
    store = openLedger(file);
    imported = importCorpus(store);
    rpc = new LedgerRpc(store);
  });

  after(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports every corpus file with the manifest slot and version', () => {
    assert.equal(imported.transactions, corpusTxs.length);
    assert.equal(imported.accounts, readdirSync(corpusAccountsDir).filter((f) => f.endsWith('.json')).length);
    for (const tx of corpusTxs) {
      const row = store.getTransaction(tx.signature);
      assert.ok(row, tx.file);
      assert.equal(row.slot, tx.slot, tx.file);
      assert.equal(row.version, tx.version, tx.file);
      assert.deepEqual(Object.keys(row.bodies), [tx.encoding], tx.file);
    }
    const stats = store.stats();
    assert.equal(stats.transactions, corpusTxs.length);
    assert.equal(stats.accounts, imported.accounts);
    for (const encoding of ['json', 'jsonParsed', 'base64'] as const) {
      assert.equal(stats.bodies[encoding], corpusTxs.filter((t) => t.encoding === encoding).length);
    }
    assert.equal(stats.maxSlot, Math.max(...corpusTxs.map((t) => t.slot)));
  });

  it('answers every transaction in its stored encoding with the file content', () => {
    for (const tx of corpusTxs) {
      const expected = parse(txText(tx));
      const withMax = rpc.getTransaction(tx.signature, { encoding: tx.encoding, maxSupportedTransactionVersion: 0 });
      assert.deepEqual(parse(withMax), withVersion(expected, tx.version), tx.file);
      if (tx.version === 'legacy') {
        const noMax = rpc.getTransaction(tx.signature, { encoding: tx.encoding });
        assert.deepEqual(parse(noMax), withVersion(expected, undefined), tx.file);
      }
    }
  });

  it("keeps the node's text of every token amount float when it renders a stored body in another encoding", () => {
    const floats = (text: string) => (text.match(/"uiAmount":[^,}]+/g) ?? []).sort();
    let checked = 0;
    for (const tx of corpusTxs.filter((t) => t.encoding !== 'jsonParsed')) {
      const stored = floats(compactJson(txText(tx)));
      // Some files went through other clients, which write a whole f64 without its `.0` (JavaScript)
      // or an exponent as `E` (Java): those are not the node's text to compare with.
      if (!stored.every((f) => /:(null|-?\d+\.\d+|-?\d(\.\d+)?e-?\d+)$/.test(f))) continue;
      const parsed = floats(rpc.getTransaction(tx.signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }));
      // jsonParsed adds the checked token instructions' amounts; every balance's stays as stored.
      for (const f of new Set(stored)) {
        assert.ok(parsed.filter((p) => p === f).length >= stored.filter((s) => s === f).length, `${tx.file}: ${f}`);
      }
      if (tx.encoding === 'base64') {
        assert.deepEqual(
          floats(rpc.getTransaction(tx.signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })),
          stored,
          tx.file,
        );
      }
      checked += stored.filter((f) => f.endsWith('.0')).length;
    }
    assert.ok(checked > 0, 'no whole-number float in the corpus to check');
  });

  it('serves a stored body unchanged when its version key is already right, compact as a node writes it', () => {
    const tx = corpusTxs.find((t) => t.version === 0 && txText(t).includes('"version"') && txText(t).includes('\n  '))!;
    const out = rpc.getTransaction(tx.signature, { encoding: tx.encoding, maxSupportedTransactionVersion: 0 });
    assert.equal(out, compactJson(txText(tx)));
    assert.ok(out.length < txText(tx).trim().length, 'the pretty-printed file is served without its indentation');
  });

  it('refuses v0 transactions without maxSupportedTransactionVersion, with the node text', () => {
    const v0 = corpusTxs.filter((t) => t.version === 0);
    assert.ok(v0.length > 0);
    for (const tx of v0) {
      assert.throws(
        () => rpc.getTransaction(tx.signature, { encoding: tx.encoding }),
        rpcError(ErrorCode.unsupportedTransactionVersion, V0_UNSUPPORTED),
        tx.file,
      );
    }
  });

  it('renders base64-stored transactions as json and jsonParsed', () => {
    const stored = corpusTxs.filter((t) => t.encoding === 'base64');
    assert.ok(stored.length > 0);
    for (const tx of stored) {
      const source = parse(txText(tx));
      const wire = Buffer.from(source.transaction[0], 'base64');
      const json = parse(rpc.getTransaction(tx.signature, { maxSupportedTransactionVersion: 0 }));
      assert.equal(json.slot, tx.slot, tx.file);
      assert.equal(json.version, tx.version, tx.file);
      assert.deepEqual(json.meta, source.meta, tx.file);
      assert.equal(json.transaction.signatures[0], tx.signature, tx.file);
      assert.deepEqual(Buffer.from(encodeWireTransaction(json.transaction)), wire, tx.file);
      assert.ok(signedByFeePayer(wire), tx.file);

      const parsed = parse(rpc.getTransaction(tx.signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }));
      assert.equal(parsed.slot, tx.slot, tx.file);
      assert.equal(parsed.version, tx.version, tx.file);
      assert.deepEqual(parsed.transaction.signatures, json.transaction.signatures, tx.file);
      assert.deepEqual(parsed.meta.fee, source.meta.fee, tx.file);
    }
  });

  it('renders json-stored transactions as wire bytes that decode back to the json', () => {
    const stored = corpusTxs.filter((t) => t.encoding === 'json' && t.signature !== MISSPELT_LOOKUP_FIXTURE);
    assert.ok(stored.length > 0);
    for (const tx of stored) {
      const source = parse(txText(tx));
      const out = parse(rpc.getTransaction(tx.signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }));
      assert.equal(out.transaction[1], 'base64', tx.file);
      assert.deepEqual(out.meta, source.meta, tx.file);
      assert.equal(out.version, tx.version, tx.file);
      const bytes = Buffer.from(out.transaction[0], 'base64');
      assert.ok(signedByFeePayer(bytes), tx.file);
      const decoded = decodeWireTransaction(bytes);
      assert.equal(decoded.version, tx.signature === LEGACY_LABELLED_V0 ? 'legacy' : tx.version, tx.file);
      assert.deepEqual(withoutStackHeights(decoded.transaction), withoutStackHeights(source.transaction), tx.file);

      const b58 = parse(rpc.getTransaction(tx.signature, { encoding: 'base58', maxSupportedTransactionVersion: 0 }));
      assert.equal(b58.transaction[1], 'base58');
      assert.deepEqual(Buffer.from(base58Bytes(b58.transaction[0])), bytes, tx.file);
      const binary = parse(rpc.getTransaction(tx.signature, { encoding: 'binary', maxSupportedTransactionVersion: 0 }));
      assert.equal(binary.transaction, b58.transaction[0], tx.file);
    }
  });

  it("serves the mock record with the node's readonlyIndexes spelling, so it also re-encodes", () => {
    const fixture = corpusTxs.find((t) => t.signature === MISSPELT_LOOKUP_FIXTURE)!;
    assert.match(readFileSync(join(corpusTransactionsDir, fixture.file), 'utf8'), /"readableIndexes"/);
    const json = rpc.getTransaction(MISSPELT_LOOKUP_FIXTURE, { encoding: 'json', maxSupportedTransactionVersion: 0 });
    assert.match(json, /"readonlyIndexes":/);
    assert.doesNotMatch(json, /"readableIndexes"/);
    const wire = parse(rpc.getTransaction(MISSPELT_LOOKUP_FIXTURE, { encoding: 'base64', maxSupportedTransactionVersion: 0 }));
    const decoded = decodeWireTransaction(Buffer.from(wire.transaction[0], 'base64'));
    assert.deepEqual(decoded.transaction.message.addressTableLookups, parse(json).transaction.message.addressTableLookups);
  });

  it('writes converted results with the node key order and the version rules', () => {
    const legacy = corpusTxs.find((t) => t.encoding === 'base64' && t.version === 'legacy')!;
    const noMax = rpc.getTransaction(legacy.signature, { encoding: 'json' });
    assert.deepEqual(Object.keys(parse(noMax)), ['blockTime', 'meta', 'slot', 'transaction']);
    const withMax = rpc.getTransaction(legacy.signature, { encoding: 'json', maxSupportedTransactionVersion: 0 });
    assert.deepEqual(Object.keys(parse(withMax)), ['blockTime', 'meta', 'slot', 'transaction', 'version']);
    assert.equal(parse(withMax).version, 'legacy');
  });

  it('explains that a jsonParsed-only transaction cannot be served as json', () => {
    const tx = corpusTxs.find((t) => t.encoding === 'jsonParsed' && t.version === 'legacy')!;
    for (const encoding of ['json', 'base64', 'base58'] as const) {
      assert.throws(
        () => rpc.getTransaction(tx.signature, { encoding, maxSupportedTransactionVersion: 0 }),
        rpcError(
          ErrorCode.invalidParams,
          `Transaction ${tx.signature} is held by the local ledger only in jsonParsed encoding; ` +
            'request "encoding": "jsonParsed", or start the gateway with --upstream',
        ),
      );
    }
  });

  it('answers null for unknown signatures and refuses processed commitment', () => {
    assert.equal(rpc.getTransaction(UNKNOWN_SIGNATURE), 'null');
    assert.throws(
      () => rpc.getTransaction(corpusTxs[0].signature, { commitment: 'processed' }),
      rpcError(ErrorCode.invalidParams, 'Method does not support commitment below `confirmed`'),
    );
  });

  it('serves base64 account data equal to the corpus files, rentEpoch exact', () => {
    const head = Math.max(...corpusTxs.map((t) => t.slot));
    let repaired = 0;
    for (const { address } of accountManifest) {
      const text = accountText(address);
      const expected = parse(text);
      const out = rpc.getMultipleAccounts([address]);
      const response = parse(out);
      assert.deepEqual(response.context, { apiVersion: '2.3.6', slot: head });
      const value = response.value[0];
      assert.deepEqual(value.data, expected.data, address);
      assert.equal(value.executable, expected.executable, address);
      assert.deepEqual(value.lamports, expected.lamports, address);
      assert.equal(value.owner, expected.owner, address);
      assert.equal(value.space, expected.space, address);
      assert.deepEqual(Object.keys(value), ['data', 'executable', 'lamports', 'owner', 'rentEpoch', 'space']);
      if (/"rentEpoch":\s*18446744073709552000/.test(text)) {
        repaired++;
        assert.ok(out.includes('"rentEpoch":18446744073709551615,'), address);
      } else {
        assert.deepEqual(value.rentEpoch, expected.rentEpoch, address);
      }
      assert.ok(value.rentEpoch instanceof LosslessNumber || typeof value.rentEpoch === 'number');
    }
    assert.ok(repaired > 0, 'the corpus has double-rounded u64::MAX rentEpochs');
  });

  it('dates snapshot accounts at the slot of the transaction they were captured for', () => {
    const head = Math.max(...corpusTxs.map((t) => t.slot));
    let matched = 0;
    for (const row of accountManifest) {
      const signature = /\/snapshot\/([^/]+)\/account-/.exec(row.source_path)?.[1];
      const tx = corpusTxs.find((t) => t.signature === signature);
      assert.equal(store.getAccount(row.address)?.slot, tx ? tx.slot : head, row.address);
      if (tx) matched++;
    }
    assert.ok(matched > 0);
  });

  it('refuses base58 for data over 128 bytes and round-trips an 82-byte mint', () => {
    assert.throws(
      () => rpc.getMultipleAccounts([TOKEN_ACCOUNT], { encoding: 'base58' }),
      rpcError(ErrorCode.invalidRequest, BASE58_TOO_LONG),
    );
    // getAccountInfo defaults to binary, which has the same limit.
    assert.throws(() => rpc.getAccountInfo(TOKEN_ACCOUNT), rpcError(ErrorCode.invalidRequest, BASE58_TOO_LONG));

    const bytes = Buffer.from(parse(accountText(MSOL_MINT)).data[0], 'base64');
    assert.equal(bytes.length, 82);
    const b58 = parse(rpc.getMultipleAccounts([MSOL_MINT], { encoding: 'base58' })).value[0];
    assert.equal(b58.data[1], 'base58');
    assert.deepEqual(Buffer.from(base58Bytes(b58.data[0])), bytes);
    const binary = parse(rpc.getAccountInfo(MSOL_MINT)).value;
    assert.equal(binary.data, b58.data[0]);
    assert.equal(binary.space, 82);
  });

  it('applies dataSlice like the node', () => {
    const bytes = Buffer.from(parse(accountText(TOKEN_ACCOUNT)).data[0], 'base64');
    const sliced = (dataSlice: { offset: number; length: number }, encoding: 'base64' | 'base58' = 'base64') =>
      parse(rpc.getAccountInfo(TOKEN_ACCOUNT, { encoding, dataSlice })).value;

    const mid = sliced({ offset: 32, length: 32 });
    assert.deepEqual(Buffer.from(mid.data[0], 'base64'), bytes.subarray(32, 64));
    assert.equal(mid.space, 165);
    assert.deepEqual(Buffer.from(sliced({ offset: 160, length: 50 }).data[0], 'base64'), bytes.subarray(160));
    assert.equal(sliced({ offset: 165, length: 10 }).data[0], '');
    assert.equal(sliced({ offset: 1000, length: 10 }).data[0], '');
    // The base58 limit applies to the slice, and exactly 128 bytes is allowed.
    const b58 = sliced({ offset: 0, length: 128 }, 'base58');
    assert.deepEqual(Buffer.from(base58Bytes(b58.data[0])), bytes.subarray(0, 128));
    assert.throws(() => sliced({ offset: 0, length: 129 }, 'base58'), rpcError(ErrorCode.invalidRequest, BASE58_TOO_LONG));
    assert.throws(
      () => rpc.getAccountInfo(TOKEN_ACCOUNT, { encoding: 'jsonParsed', dataSlice: { offset: 0, length: 1 } }),
      rpcError(ErrorCode.invalidRequest, /^Sliced account data can only be encoded/),
    );
  });

  it('falls back to labelled base64 for base64+zstd and for jsonParsed accounts it does not parse', () => {
    const tokenRow = store.getAccount(UNPARSED_TOKEN_ACCOUNT)!;
    const tokenB64 = Buffer.from(tokenRow.data).toString('base64');
    const zstd = parse(rpc.getAccountInfo(UNPARSED_TOKEN_ACCOUNT, { encoding: 'base64+zstd', dataSlice: { offset: 0, length: 4 } }));
    assert.deepEqual(zstd.value.data, [Buffer.from(tokenRow.data.subarray(0, 4)).toString('base64'), 'base64']);
    assert.deepEqual(parse(rpc.getAccountInfo(UNPARSED_TOKEN_ACCOUNT, { encoding: 'jsonParsed' })).value.data, [tokenB64, 'base64']);

    // The node applies no slice to token-program accounts on the jsonParsed path, and does for others.
    const slice = { offset: 8, length: 8 };
    assert.deepEqual(parse(renderAccount(tokenRow, { encoding: 'jsonParsed', dataSlice: slice })).data, [tokenB64, 'base64']);
    const whirlpool = store.getAccount(WHIRLPOOL)!;
    assert.deepEqual(parse(renderAccount(whirlpool, { encoding: 'jsonParsed', dataSlice: slice })).data, [
      Buffer.from(whirlpool.data.subarray(8, 16)).toString('base64'),
      'base64',
    ]);
  });

  it('answers getMultipleAccounts in order, with nulls and repeats', () => {
    const out = parse(rpc.getMultipleAccounts([MSOL_MINT, UNKNOWN_ADDRESS, MSOL_MINT, TOKEN_ACCOUNT]));
    assert.equal(out.value.length, 4);
    assert.equal(out.value[1], null);
    assert.deepEqual(out.value[2], out.value[0]);
    assert.equal(out.value[0].space, 82);
    assert.equal(out.value[3].space, 165);
    assert.equal(parse(rpc.getAccountInfo(UNKNOWN_ADDRESS)).value, null);
  });

  it('reports the head slot and enforces minContextSlot', () => {
    const head = Math.max(...corpusTxs.map((t) => t.slot));
    assert.equal(rpc.getSlot(), String(head));
    assert.equal(store.headSlot(), head);
    assert.equal(parse(rpc.getMultipleAccounts([MSOL_MINT], { minContextSlot: head })).context.slot, head);
    for (const call of [
      () => rpc.getMultipleAccounts([MSOL_MINT], { minContextSlot: head + 1 }),
      () => rpc.getAccountInfo(MSOL_MINT, { minContextSlot: head + 1 }),
      () => rpc.getSlot({ minContextSlot: head + 1 }),
    ]) {
      assert.throws(call, (err: unknown) => {
        assert.ok(err instanceof RpcError);
        assert.deepEqual(err.toObject(), {
          code: ErrorCode.minContextSlotNotReached,
          message: 'Minimum context slot has not been reached',
          data: { contextSlot: head },
        });
        return true;
      });
    }
  });

  it('answers getVersion and getHealth', () => {
    const version = JSON.parse(rpc.getVersion());
    assert.deepEqual(Object.keys(version), ['feature-set', 'solana-core']);
    assert.equal(version['solana-core'], '2.3.6');
    assert.ok(Number.isInteger(version['feature-set']) && version['feature-set'] >= 0 && version['feature-set'] < 2 ** 32);
    assert.equal(new LedgerRpc(store, { apiVersion: '2.2.1' }).getVersion().includes('"solana-core":"2.2.1"'), true);
    assert.equal(rpc.getHealth(), '"ok"');
  });

  it('rejects values that are not u64 and reopens read-only', () => {
    const account = { ...store.getAccount(MSOL_MINT)!, address: UNKNOWN_ADDRESS };
    assert.throws(() => store.putAccount({ ...account, rentEpoch: '18446744073709552000' }), RangeError);
    assert.throws(() => store.putAccount({ ...account, lamports: -1n }), RangeError);
    assert.equal(store.getAccount(UNKNOWN_ADDRESS), null);

    const ro = openLedger(file, { readonly: true });
    try {
      assert.deepEqual(ro.stats(), store.stats());
      assert.throws(() => ro.putAccount(account));
    } finally {
      ro.close();
    }
  });
});

describe('read-through import', () => {
  it('stores an upstream result and serves it back in other encodings', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-test-'));
    const store = openLedger(join(dir, 'cache.sqlite'));
    try {
      const rpc = new LedgerRpc(store);
      const tx = corpusTxs.find((t) => t.encoding === 'base64' && t.version === 0)!;
      assert.equal(rpc.getTransaction(tx.signature), 'null');
      assert.equal(rpc.importTransaction(tx.signature, 'base64', txText(tx)), true);
      assert.equal(rpc.importTransaction(UNKNOWN_SIGNATURE, 'json', 'null'), false);
      assert.equal(store.getTransaction(tx.signature)?.version, 0);
      assert.equal(rpc.getSlot(), String(tx.slot));
      const json = parse(rpc.getTransaction(tx.signature, { maxSupportedTransactionVersion: 0 }));
      assert.equal(json.transaction.signatures[0], tx.signature);
      assert.equal(json.version, 0);
      assert.equal(store.getTransaction(UNKNOWN_SIGNATURE), null);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
