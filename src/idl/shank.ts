/**
 * Shank IDLs (Metaplex and native-program descriptions): the Anchor legacy layout, with each
 * instruction's tag given as `discriminant: {type, value}`. Accounts and events carry no marker in
 * their data.
 */
import type { ProgramDescription } from './description.js';
import type { IdlHints } from './read-idl.js';
import { type Json, type LegacyTags, isJson, json, readLegacyShaped } from './anchor-legacy.js';
import { littleEndian } from './discriminators.js';

const tagWidths: Record<string, number> = { u8: 1, u16: 2, u32: 4, u64: 8 };
const none = new Uint8Array(0);

/** The discriminant's value, little-endian in its type's width. */
function discriminant(ix: Json): Uint8Array {
  // The noop programs accept any data, and their IDLs give their one instruction no tag.
  if (ix.discriminant === undefined) return none;
  const d = json(ix.discriminant, 'discriminant');
  const width = tagWidths[String(d.type)];
  if (width === undefined) throw new Error(`unknown discriminant type ${JSON.stringify(d.type)}`);
  if (typeof d.value !== 'number' || !Number.isSafeInteger(d.value) || d.value < 0) {
    throw new Error(`discriminant value ${JSON.stringify(d.value)} is not a non-negative integer`);
  }
  return littleEndian(BigInt(d.value), width);
}

const shankTags: LegacyTags = {
  dialect: 'shank',
  instruction: discriminant,
  account: () => none,
  event: () => none,
};

export function readShank(value: unknown, hints: IdlHints = {}): ProgramDescription {
  if (!isJson(value)) throw new Error('IDL is not an object');
  return readLegacyShaped(value, hints, shankTags);
}
