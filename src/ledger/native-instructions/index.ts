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
import { NotParsable } from './reader.js';
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
 * The node's parse of one compiled instruction: its program's label and parsed value, or undefined
 * where the node leaves the instruction as it came (a program it does not parse, data it refuses).
 * Anything else a parser throws is a bug here, and is thrown.
 */
export function parseNativeInstruction(
  programId: string,
  accounts: number[],
  data: string,
  keys: readonly string[],
): { program: string; parsed: unknown } | undefined {
  const parser = NATIVE_PARSERS.get(programId);
  const bytes = parser === undefined ? null : decodeBase58(data);
  if (parser === undefined || bytes === null) return undefined;
  try {
    return { program: parser.program, parsed: parser.parse(accounts, bytes, keys) };
  } catch (e) {
    if (e instanceof NotParsable) return undefined;
    throw e;
  }
}

/**
 * A compiled (json-encoded) entry's `parsed` as a client reads it from the node's jsonParsed answer
 * of the same transaction (its exact u64 numbers become JavaScript numbers, as they do there).
 * actionskit reads json answers' natives through this, so both encodings get the same sentences;
 * a parser's bug costs that entry its sentence, never the answer.
 */
export function nodeParsedAsRead(
  programId: string,
  accounts: number[],
  data: string,
  keys: readonly string[],
): { program: string; parsed: unknown } | undefined {
  try {
    const native = parseNativeInstruction(programId, accounts, data, keys);
    return native && { program: native.program, parsed: asRead(native.parsed) };
  } catch {
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
