/**
 * The native programs whose instructions the node parses in jsonParsed, each with the program name
 * it writes and our parser of its instructions.
 */
import { parseAddressLookupTable } from './lookup-table.js';
import { parseBpfLoader, parseBpfUpgradeableLoader } from './loaders.js';
import { instruction, notParsable, resolvedAccounts, utf8, type NativeParser } from './reader.js';
import { parseStake } from './stake.js';
import { parseSystem } from './system.js';
import { parseToken } from './token.js';
import { parseVote } from './vote.js';

export { NotParsable, type NativeParser } from './reader.js';
import { LosslessNumber } from '../../json/lossless.js';
import { decodeBase58 } from '../../codec/base58.js';

const ATA_TYPES: ReadonlyArray<{ type: string; fields: readonly string[] }> = [
  { type: 'create', fields: ['source', 'account', 'wallet', 'mint', 'systemProgram', 'tokenProgram'] },
  { type: 'createIdempotent', fields: ['source', 'account', 'wallet', 'mint', 'systemProgram', 'tokenProgram'] },
  { type: 'recoverNested', fields: ['nestedSource', 'nestedMint', 'destination', 'nestedOwner', 'ownerMint', 'wallet', 'tokenProgram'] },
];

/** Empty data is the original Create; otherwise exactly one borsh enum tag byte. */
function parseAssociatedToken(accounts: number[], data: Uint8Array, keys: readonly string[]) {
  const a = resolvedAccounts(accounts, keys);
  const kind = data.length === 0 ? ATA_TYPES[0] : data.length === 1 ? ATA_TYPES[data[0]] : undefined;
  if (kind === undefined) throw notParsable;
  a.require(kind.fields.length);
  const info: Record<string, unknown> = {};
  kind.fields.forEach((field, i) => (info[field] = a.key(i)));
  return instruction(kind.type, info);
}

/** A memo is its UTF-8 text, not an object. */
function parseMemo(_accounts: number[], data: Uint8Array): string {
  return utf8(data);
}

export const NATIVE_PARSERS: ReadonlyMap<string, { program: string; parse: NativeParser }> = new Map([
  ['AddressLookupTab1e1111111111111111111111111', { program: 'address-lookup-table', parse: parseAddressLookupTable }],
  ['ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', { program: 'spl-associated-token-account', parse: parseAssociatedToken }],
  ['Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo', { program: 'spl-memo', parse: parseMemo }],
  ['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', { program: 'spl-memo', parse: parseMemo }],
  ['Memo4c2pN8afCj432Lb7RMVKi9PbQnnW7ewFFaV3oAH', { program: 'spl-memo', parse: parseMemo }],
  ['BPFLoader2111111111111111111111111111111111', { program: 'bpf-loader', parse: parseBpfLoader }],
  ['BPFLoaderUpgradeab1e11111111111111111111111', { program: 'bpf-upgradeable-loader', parse: parseBpfUpgradeableLoader }],
  ['Stake11111111111111111111111111111111111111', { program: 'stake', parse: parseStake }],
  ['11111111111111111111111111111111', { program: 'system', parse: parseSystem }],
  ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', { program: 'spl-token', parse: parseToken }],
  ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', { program: 'spl-token', parse: parseToken }],
  ['Vote111111111111111111111111111111111111111', { program: 'vote', parse: parseVote }],
]);

/**
 * A compiled (json-encoded) entry's `parsed` as a client reads it from the node's jsonParsed answer
 * of the same transaction: the program's label and the parsed value after JSON.parse (its exact u64
 * numbers become JavaScript numbers, as they do there). Undefined where the node leaves the entry
 * unparsed, or the program is not one it parses. actionskit reads json answers' natives through
 * this, so both encodings get the same sentences.
 */
export function nodeParsedAsRead(
  programId: string,
  accounts: number[],
  data: string,
  keys: readonly string[],
): { program: string; parsed: unknown } | undefined {
  const parser = NATIVE_PARSERS.get(programId);
  const bytes = parser === undefined ? null : decodeBase58(data);
  if (parser === undefined || bytes === null) return undefined;
  try {
    return { program: parser.program, parsed: asRead(parser.parse(accounts, bytes, keys)) };
  } catch {
    // NotParsable, or an index past the keys: the node too would leave it as it came.
    return undefined;
  }
}

/** The parser's fresh value, its exact numbers (past 2^53, rare) made what JSON.parse makes of them, in place. */
function asRead(value: unknown): unknown {
  if (value instanceof LosslessNumber) return Number(value.raw);
  if (value === null || typeof value !== 'object') return value;
  const members = value as Record<string, unknown>;
  for (const key in members) {
    const member = members[key];
    if (member !== null && typeof member === 'object') members[key] = asRead(member);
  }
  return value;
}
