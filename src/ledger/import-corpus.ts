/**
 * Loads the mainnet corpus (ledger/txs, ledger/accounts) into a ledger store, and derives the
 * per-transaction columns (slot, blockTime, version) from a getTransaction result text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LosslessNumber, parseJson } from '../json/lossless.js';
import { compactJson } from '../json/compact.js';
import { corpusAccountsDir, corpusTransactionsDir } from '../paths.js';
import { decodeWireTransaction } from '../codec/wire-transaction.js';
import type { LedgerStore, StoredTransactionEncoding, TransactionInput, TransactionVersion } from './ledger-store.js';

const TX_FILE = /^([1-9A-HJ-NP-Za-km-z]{32,88})\.(json|jsonParsed|base64)\.json$/;
const ACCOUNT_FILE = /^([1-9A-HJ-NP-Za-km-z]{32,44})\.json$/;
const SNAPSHOT_SIGNATURE = /\/snapshot\/([1-9A-HJ-NP-Za-km-z]{64,88})\/account-[^/]+$/;

const U64_MAX_TEXT = '18446744073709551615';
/** u64::MAX after a round trip through a JavaScript double (2^64 printed by Number#toString). */
const U64_MAX_AS_DOUBLE_TEXT = '18446744073709552000';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof LosslessNumber);
}

/**
 * The version of the transaction a result holds. The result's own `version` field wins; results
 * fetched without maxSupportedTransactionVersion have none, and then the message says: only v0
 * messages carry addressTableLookups (the node writes an empty list for a v0 without lookups),
 * and base64 bodies have the version prefix in the wire bytes.
 */
function transactionVersionOfResult(
  result: Record<string, unknown>,
  encoding: StoredTransactionEncoding,
): TransactionVersion {
  const stated = result.version;
  if (stated === 'legacy' || stated === 0) return stated;
  if (stated !== undefined) throw new Error(`unsupported transaction version ${JSON.stringify(stated)}`);
  const tx = result.transaction;
  if (encoding === 'base64') {
    if (!Array.isArray(tx) || typeof tx[0] !== 'string') throw new Error('base64 result without a wire transaction');
    return decodeWireTransaction(Buffer.from(tx[0], 'base64')).version;
  }
  if (!isRecord(tx) || !isRecord(tx.message)) throw new Error(`${encoding} result without a transaction message`);
  const lookups = tx.message.addressTableLookups;
  return lookups === undefined || lookups === null ? 'legacy' : 0;
}

/** The transaction's own first signature: the id it is stored and looked up under. */
function firstSignatureOfResult(result: Record<string, unknown>, encoding: StoredTransactionEncoding): unknown {
  const tx = result.transaction;
  if (encoding === 'base64') {
    if (!Array.isArray(tx) || typeof tx[0] !== 'string') return undefined;
    const signatures = decodeWireTransaction(Buffer.from(tx[0], 'base64')).transaction.signatures;
    return signatures[0];
  }
  return isRecord(tx) && Array.isArray(tx.signatures) ? (tx.signatures[0] as unknown) : undefined;
}

/**
 * The ledger row for a getTransaction result text, the text kept as the body. The result must be the
 * transaction asked for: a node (or anything between) answering another one would otherwise have it
 * stored, and served, under the wrong signature.
 */
export function transactionInputFromResult(
  signature: string,
  encoding: StoredTransactionEncoding,
  body: string,
): TransactionInput {
  const result = parseJson(body);
  if (!isRecord(result)) throw new Error(`getTransaction result for ${signature} is not an object`);
  const own = firstSignatureOfResult(result, encoding);
  if (own !== signature) throw new Error(`getTransaction result for ${signature} is the transaction ${String(own)}`);
  const { slot, blockTime } = result;
  if (typeof slot !== 'number' || !Number.isSafeInteger(slot) || slot < 0) {
    throw new Error(`getTransaction result for ${signature} has no valid slot`);
  }
  if (blockTime !== undefined && blockTime !== null && !Number.isSafeInteger(blockTime)) {
    throw new Error(`getTransaction result for ${signature} has an invalid blockTime`);
  }
  return {
    signature,
    slot,
    blockTime: typeof blockTime === 'number' ? blockTime : null,
    version: transactionVersionOfResult(result, encoding),
    encoding,
    body,
  };
}

/** Decimal text of a u64 field as parsed losslessly; the store rejects values past u64::MAX. */
function u64FieldText(name: string, value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (value instanceof LosslessNumber && /^[0-9]+$/.test(value.raw)) return value.raw;
  throw new Error(`${name} is not an unsigned integer: ${String(value)}`);
}

/**
 * A double cannot tell u64 values near 2^64 apart, but a rentEpoch up there is always the
 * rent-exempt marker u64::MAX, so the source's rounded 2^64 can be restored exactly.
 */
function rentEpochText(value: unknown): string {
  return value instanceof LosslessNumber && value.raw === U64_MAX_AS_DOUBLE_TEXT
    ? U64_MAX_TEXT
    : u64FieldText('rentEpoch', value);
}

/**
 * One corpus record was converted from a client library's mock, which spells the lookup member
 * `readableIndexes`; a node only ever writes `readonlyIndexes`, and the ledger serves what a node would.
 */
export const asTheNodeSpellsIt = (body: string) => body.replaceAll('"readableIndexes":', '"readonlyIndexes":');

function readManifest(dir: string): Map<string, Record<string, string>> {
  const rows = new Map<string, Record<string, string>>();
  let text: string;
  try {
    text = readFileSync(join(dir, 'MANIFEST.tsv'), 'utf8');
  } catch {
    return rows;
  }
  const [header, ...lines] = text.split('\n');
  const columns = (header ?? '').split('\t');
  for (const line of lines) {
    if (line.trim() === '') continue;
    const cells = line.split('\t');
    const row: Record<string, string> = {};
    columns.forEach((c, i) => (row[c] = cells[i] ?? ''));
    if (row.file) rows.set(row.file, row);
  }
  return rows;
}

export function importCorpus(
  store: LedgerStore,
  dirs: { txs: string; accounts: string } = { txs: corpusTransactionsDir, accounts: corpusAccountsDir },
): { transactions: number; accounts: number } {
  return store.batch(() => {
    let transactions = 0;
    for (const file of readdirSync(dirs.txs).sort()) {
      const m = TX_FILE.exec(file);
      if (m === null) continue;
      const [, signature, encoding] = m as unknown as [string, string, StoredTransactionEncoding];
      // Some corpus files were saved pretty-printed; a node writes no whitespace between tokens,
      // and explorerkit reads a node's compact answers without parsing them (transaction-anchors.ts).
      const body = asTheNodeSpellsIt(compactJson(readFileSync(join(dirs.txs, file), 'utf8')));
      store.putTransaction(transactionInputFromResult(signature, encoding, body));
      transactions++;
    }

    // The corpus records no slot for account snapshots. The jup-ag snapshots sit in a folder named
    // after the transaction they were captured for (MANIFEST source_path
    // `.../snapshot/<signature>/account-<addr>.json`), so an account takes that transaction's slot
    // when the transaction is in the corpus; every other account takes the highest transaction
    // slot in the corpus, i.e. it is treated as current at the ledger's head.
    const corpusHead = store.headSlot();
    const manifest = readManifest(dirs.accounts);
    let accounts = 0;
    for (const file of readdirSync(dirs.accounts).sort()) {
      const m = ACCOUNT_FILE.exec(file);
      if (m === null) continue;
      const address = m[1];
      const value = parseJson(readFileSync(join(dirs.accounts, file), 'utf8'));
      if (!isRecord(value)) throw new Error(`${file}: not an account object`);
      const { data, executable, lamports, owner, rentEpoch, space } = value;
      if (!Array.isArray(data) || data[1] !== 'base64' || typeof data[0] !== 'string') {
        throw new Error(`${file}: data is not ["<base64>", "base64"]`);
      }
      if (typeof owner !== 'string' || typeof executable !== 'boolean') throw new Error(`${file}: bad owner/executable`);
      const bytes = Buffer.from(data[0], 'base64');
      if (space !== undefined && space !== bytes.length) {
        throw new Error(`${file}: space ${JSON.stringify(space)} but ${bytes.length} data bytes`);
      }
      const snapshotOf = SNAPSHOT_SIGNATURE.exec(manifest.get(file)?.source_path ?? '')?.[1];
      const slot = (snapshotOf !== undefined ? store.getTransaction(snapshotOf)?.slot : undefined) ?? corpusHead;
      store.putAccount({
        address,
        slot,
        lamports: u64FieldText('lamports', lamports),
        owner,
        executable,
        rentEpoch: rentEpochText(rentEpoch),
        data: bytes,
      });
      accounts++;
    }
    return { transactions, accounts };
  });
}
