/**
 * getTransaction `result` text from the bodies the ledger holds for a transaction: the stored
 * text itself when the requested encoding is held, a conversion otherwise, with the top-level
 * `version` key following the node's maxSupportedTransactionVersion rules.
 */
import { LosslessNumber, parseJson, stringifyJson } from '../json/lossless.js';
import { serdeF64 } from './native-accounts/serde-f64.js';
import { heldOnlyAsJson, heldOnlyAsJsonParsed, unsupportedTransactionVersion } from '../rpc/errors.js';
import type { StoredTransactionEncoding, TransactionRow, TransactionVersion } from './ledger-store.js';
import { jsonResultToJsonParsed } from './parsed-transaction.js';
import { nodeParsedInstructionPrograms } from '../transaction-result/node-parsed.js';
import { instructionListsOf } from '../transaction-result/read.js';
import type { JsonParsedTransactionResult } from '../transaction-result/types.js';
import { encodeBase58 } from '../codec/base58.js';
import { decodeWireTransaction, encodeWireTransaction } from '../codec/wire-transaction.js';

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58' | 'binary';

export interface TransactionRenderConfig {
  encoding: TransactionEncoding;
  maxSupportedTransactionVersion?: number;
  /**
   * A cache in front of a node asks for jsonParsed only as the node writes it: a result converted
   * here that leaves an instruction of a program the node parses partially decoded (a kind the
   * conversion does not know) is refused with ShortOfTheNode, and the node is asked instead.
   */
  asTheNode?: boolean;
}

/** A jsonParsed conversion that would parse less than the node does (TransactionRenderConfig.asTheNode). */
export class ShortOfTheNode extends Error {}

type Result = Record<string, unknown>;

/**
 * The `version` value the node writes, or undefined where it writes none: a client that sends no
 * maxSupportedTransactionVersion is a pre-v0 client, gets legacy transactions without the key,
 * and is refused anything newer.
 */
function responseVersion(row: TransactionRow, max: number | undefined): TransactionVersion | undefined {
  if (row.version === 'legacy') return max === undefined ? undefined : 'legacy';
  if (max === undefined || max < row.version) throw unsupportedTransactionVersion(row.version);
  return row.version;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Index of the quote closing the string opened at `open`. */
function closingQuote(text: string, open: number): number {
  let q = open;
  for (;;) {
    q = text.indexOf('"', q + 1);
    if (q < 0) return text.length;
    let b = q - 1;
    while (text.charCodeAt(b) === BACKSLASH) b--;
    if (((q - 1 - b) & 1) === 0) return q;
  }
}

/**
 * Raw text of the top-level `version` value, or undefined when the object has none: a single
 * pass that skips strings, so stored bodies that already say the right thing are served without
 * being parsed.
 */
function topLevelVersionText(text: string): string | undefined {
  let depth = 0;
  let atKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = closingQuote(text, i);
      if (depth === 1 && atKey && text.slice(i + 1, end) === 'version') {
        const colon = text.indexOf(':', end);
        const m = /^\s*("[^"]*"|[^\s,}]+)/.exec(text.slice(colon + 1, colon + 40));
        return m?.[1];
      }
      atKey = false;
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      atKey = depth === 1;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    } else if (c === 0x2c) {
      atKey = depth === 1;
    }
  }
  return undefined;
}

function versionText(version: TransactionVersion | undefined): string | undefined {
  return version === undefined ? undefined : JSON.stringify(version);
}

function setVersion(result: Result, version: TransactionVersion | undefined): void {
  if (version === undefined) delete result.version;
  else result.version = version;
}

function parseResult(text: string): Result {
  const value = parseJson(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('stored getTransaction result is not an object');
  }
  return value as Result;
}

function storedAsIs(body: string, version: TransactionVersion | undefined): string {
  if (topLevelVersionText(body) === versionText(version)) return body;
  const result = parseResult(body);
  setVersion(result, version);
  return stringifyJson(withNodeFloats(result));
}

/**
 * Every `uiAmount` the node writes (a token balance's, a checked token instruction's) is an f64,
 * which serde_json writes `180.0` where JavaScript writes `180`: a result read into numbers and
 * written again gets the node's text back.
 */
function withNodeFloats<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withNodeFloats) as T;
  if (value === null || typeof value !== 'object' || value instanceof LosslessNumber) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    out[key] = key === 'uiAmount' && typeof member === 'number' ? serdeF64(member) : withNodeFloats(member);
  }
  return out as T;
}

function base64WireBytes(result: Result): Uint8Array {
  const tx = result.transaction;
  if (!Array.isArray(tx) || typeof tx[0] !== 'string') throw new Error('stored base64 result has no wire transaction');
  return Buffer.from(tx[0], 'base64');
}

/** The json-encoding result; a base64 body's meta already is the json meta, only the transaction changes. */
function toJsonResult(result: Result, from: 'json' | 'base64'): Result {
  if (from === 'json') return result;
  return { ...result, transaction: decodeWireTransaction(base64WireBytes(result)).transaction };
}

function wireBytes(row: TransactionRow, result: Result, from: 'json' | 'base64'): Uint8Array {
  if (from === 'base64') return base64WireBytes(result);
  // The message's own shape (addressTableLookups or not) picks the wire format, not the row's
  // version: the bytes must be the ones that were signed, and a recorded result can state a
  // version its message does not have.
  try {
    return encodeWireTransaction(result.transaction as Parameters<typeof encodeWireTransaction>[0]);
  } catch (err) {
    // A json body that does not compile back (the corpus has a hand-written fixture with a
    // misspelt lookup field) is still served as json; only the wire encodings are out of reach.
    throw heldOnlyAsJson(row.signature, (err as Error).message);
  }
}

const leavesNodeParsedRaw = (result: JsonParsedTransactionResult) =>
  instructionListsOf(result).some((list) =>
    list.some((entry) => 'data' in entry && entry.programId !== undefined && nodeParsedInstructionPrograms.has(entry.programId)),
  );

/** The node's serde_json maps are sorted, so a result rebuilt here is too. */
function sortedKeys(result: Result): Result {
  const out: Result = {};
  for (const key of Object.keys(result).sort()) out[key] = result[key];
  return out;
}

function isStored(encoding: TransactionEncoding): encoding is StoredTransactionEncoding {
  return encoding === 'json' || encoding === 'jsonParsed' || encoding === 'base64';
}

export function renderTransaction(row: TransactionRow, config: TransactionRenderConfig): string {
  const version = responseVersion(row, config.maxSupportedTransactionVersion);
  if (isStored(config.encoding)) {
    const body = row.bodies[config.encoding];
    if (body !== undefined) return storedAsIs(body, version);
  }

  // base64 first: decoding the wire bytes is exact, while a json body must be re-compiled.
  const from = row.bodies.base64 !== undefined ? 'base64' : row.bodies.json !== undefined ? 'json' : undefined;
  if (from === undefined) {
    throw heldOnlyAsJsonParsed(row.signature);
  }
  const source = parseResult(row.bodies[from] as string);
  let result: Result;
  switch (config.encoding) {
    case 'json':
      result = toJsonResult(source, from);
      break;
    case 'jsonParsed': {
      const parsed = jsonResultToJsonParsed(toJsonResult(source, from));
      if (config.asTheNode && leavesNodeParsedRaw(parsed)) throw new ShortOfTheNode(row.signature);
      result = parsed;
      break;
    }
    case 'base64':
      result = { ...source, transaction: [Buffer.from(wireBytes(row, source, from)).toString('base64'), 'base64'] };
      break;
    case 'base58':
      result = { ...source, transaction: [encodeBase58(wireBytes(row, source, from)), 'base58'] };
      break;
    case 'binary':
      result = { ...source, transaction: encodeBase58(wireBytes(row, source, from)) };
      break;
  }
  setVersion(result, version);
  return stringifyJson(sortedKeys(withNodeFloats(result)));
}
