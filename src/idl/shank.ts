/**
 * Shank IDLs (Metaplex and native-program descriptions): the Anchor legacy layout, with each
 * instruction's tag given as `discriminant: {type, value}`. Accounts and events carry no marker in
 * their data.
 */
import type { Field, ProgramDescription, TypeDef, Variant } from './description.js';
import type { IdlHints } from './hints.js';
import { type LegacyTags, readLegacyShaped } from './anchor-legacy.js';
import type { ShankIdl, ShankInstruction } from './anchor-input.js';
import { littleEndian } from './discriminators.js';

const tagWidths = { u8: 1, u16: 2, u32: 4, u64: 8 };
const none = new Uint8Array(0);

/** The discriminant's value, little-endian in its type's width. */
function discriminant(ix: ShankInstruction): Uint8Array {
  // The noop programs accept any data, and their IDLs give their one instruction no tag.
  if (ix.discriminant === undefined) return none;
  return littleEndian(BigInt(ix.discriminant.value), tagWidths[ix.discriminant.type]);
}

const shankTags: LegacyTags<ShankInstruction> = {
  dialect: 'shank',
  instruction: discriminant,
  account: () => none,
  event: () => none,
};

export function readShank(doc: ShankIdl, hints: IdlHints = {}): ProgramDescription {
  return withKeyDiscriminators(readLegacyShaped(doc, hints, shankTags));
}

/**
 * Metaplex-style programs mark each account kind in its first byte: a `key` field (`accountType`
 * in the SPL stake pool and NFT packs) of a one-byte enum whose variants are named after the
 * account kinds (`Metadata` ↔ `MetadataV1`, `MetadataDelegateRecord` ↔ `MetadataDelegate`,
 * `FrequencyAccount` ↔ `Frequency`). Where exactly one variant matches the account's name, that
 * byte becomes the account's discriminator, so accounts can be told apart as Anchor's are. The
 * field may open a header struct rather than the account itself (the stake pool's ValidatorList
 * starts with a ValidatorListHeader whose first field is its `accountType`); the header then
 * keeps its other fields. Accounts without such a field keep no discriminator.
 */
function withKeyDiscriminators(description: ProgramDescription): ProgramDescription {
  for (const account of description.accounts) {
    if (account.discriminator.length > 0 || account.type.kind !== 'struct') continue;
    const key = leadingKey(account.type.fields, description.types);
    if (key === undefined) continue;
    const candidates = [account.name, `${account.name}V1`, account.name.replace(/(Record|Account)$/, '')];
    const matches = key.variants.filter((v) => candidates.includes(v.name) && v.fields === undefined && v.tuple === undefined);
    if (matches.length !== 1) continue;
    account.discriminator = Uint8Array.of(matches[0].value);
    account.type = { kind: 'struct', fields: key.rest };
  }
  return description;
}

const keyNames = ['key', 'accounttype'];

/** How deep a chain of header structs is followed to its key: the stake pool needs one level. */
const headerDepth = 2;

/**
 * The one-byte key enum at the very start of `fields`, found directly or through leading header
 * structs, and the fields that remain once its byte is taken away.
 */
function leadingKey(fields: Field[], types: ReadonlyMap<string, TypeDef>, depth = 0): { variants: Variant[]; rest: Field[] } | undefined {
  const [first, ...rest] = fields;
  if (first?.type.kind !== 'defined' || first.type.args !== undefined) return undefined;
  const type = types.get(first.type.name)?.type;
  if (keyNames.includes(first.name.toLowerCase())) {
    return type?.kind === 'enum' && type.tag === 1 ? { variants: type.variants, rest } : undefined;
  }
  if (type?.kind !== 'struct' || depth >= headerDepth) return undefined;
  const inner = leadingKey(type.fields, types, depth + 1);
  if (inner === undefined) return undefined;
  return { variants: inner.variants, rest: [{ name: first.name, type: { kind: 'struct', fields: inner.rest } }, ...rest] };
}
