/**
 * The type grammar of every Anchor-shaped IDL (legacy, 0.30, Shank and hand-written), as far as the
 * readers read it, and its check. The check walks a type once and hands it on as it is, typed; it
 * follows the readers' own order, so the first fault found is the one a reader would have met.
 */
import { type Json, isJson, json, list, text } from './json.js';

export type IntName = `${'u' | 'i'}${8 | 16 | 32 | 64 | 128 | 256}`;
/** `publicKey` in legacy IDLs, `pubkey` from 0.30 on; either is read in both. */
export type AnchorPrimitive = IntName | 'bool' | 'f32' | 'f64' | 'publicKey' | 'pubkey' | 'bytes' | 'string';

/** Shank's width of a collection's length prefix, or `remainder`; Borsh's u32 when absent. */
export type CollectionSize = 'u8' | 'u16' | 'u32' | 'u64' | 'remainder';

export type AnchorGenericArg = { kind: 'type'; type: AnchorType } | { kind: 'const'; value: string | number };

export interface AnchorField {
  name: string;
  type: AnchorType;
}

/** All named (a struct, a struct variant) or all unnamed (a tuple struct or variant). */
export type AnchorFields = AnchorField[] | AnchorType[];

export interface AnchorVariant {
  name: string;
  fields?: AnchorFields;
}

/** A type definition's body; legacy and Shank IDLs may also nest one where a type is expected. */
export type AnchorTypeBody =
  | { kind: 'struct'; fields?: AnchorFields }
  /** `size`: Shank's tag width for native programs' bincode enums; Borsh's u8 when absent. */
  | { kind: 'enum'; size?: 'u8' | 'u16' | 'u32'; variants: AnchorVariant[] }
  /** Shank's alias. */
  | { kind: 'alias'; value: AnchorType }
  /** Anchor 0.30's alias. */
  | { kind: 'type'; alias: AnchorType };

export type AnchorType =
  | AnchorPrimitive
  | { vec: AnchorType; size?: CollectionSize }
  | { option: AnchorType }
  /** `prefix: "u8"`: explorer-kit Shank IDLs' SPL Token encoding; Solana's 4-byte tag otherwise. */
  | { coption: AnchorType; prefix?: 'u8' | 'u32' }
  | { array: [AnchorType, number | { generic: string }] }
  | { defined: string | { name: string; generics?: AnchorGenericArg[] } }
  | { generic: string }
  | { tuple: AnchorType[] }
  /** Hand-written descriptions only (no IDL generator writes it): an integer stored most significant byte first. */
  | { bigEndian: IntName }
  | { hashMap: [AnchorType, AnchorType]; size?: CollectionSize }
  | { bTreeMap: [AnchorType, AnchorType]; size?: CollectionSize }
  | AnchorTypeBody;

const intNames: ReadonlySet<string> = new Set(['u', 'i'].flatMap((sign) => [8, 16, 32, 64, 128, 256].map((bits) => `${sign}${bits}`)));

const primitives: ReadonlySet<string> = new Set([...intNames, 'bool', 'f32', 'f64', 'publicKey', 'pubkey', 'bytes', 'string']);

function isPrimitive(name: string): name is AnchorPrimitive {
  return primitives.has(name);
}

const collectionSizes: readonly unknown[] = ['u8', 'u16', 'u32', 'u64', 'remainder'];

function checkCollectionSize(size: unknown): void {
  if (size !== undefined && !collectionSizes.includes(size)) throw new Error(`unknown collection size ${JSON.stringify(size)}`);
}

function pair(value: unknown, what: string): [unknown, unknown] {
  const items = list(value, what);
  if (items.length !== 2) throw new Error(`${what} does not have two entries`);
  return [items[0], items[1]];
}

function isLength(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function checkGenericArg(arg: unknown): void {
  const a = json(arg, 'generic argument');
  if (a.kind === 'type') checkAnchorType(a.type);
  else if (a.kind === 'const') {
    // Anchor writes the length as a decimal string.
    if ((typeof a.value !== 'string' && typeof a.value !== 'number') || !isLength(Number(a.value)))
      throw new Error(`const generic argument ${JSON.stringify(a.value)} is not a length`);
  } else throw new Error(`unknown generic argument kind ${JSON.stringify(a.kind)}`);
}

function checkDefined(defined: unknown): void {
  if (typeof defined === 'string') {
    text(defined, 'defined type name');
    return;
  }
  const d = json(defined, 'defined');
  text(d.name, 'defined type name');
  if (d.generics !== undefined) list(d.generics, 'generic arguments').forEach(checkGenericArg);
}

export function checkAnchorType(value: unknown): AnchorType {
  if (typeof value === 'string') {
    if (!isPrimitive(value)) throw new Error(`unknown type "${value}"`);
    return value;
  }
  const t = json(value, 'type');
  if ('vec' in t) {
    checkAnchorType(t.vec);
    checkCollectionSize(t.size);
  } else if ('option' in t) checkAnchorType(t.option);
  else if ('coption' in t) {
    if (t.prefix !== undefined && t.prefix !== 'u8' && t.prefix !== 'u32')
      throw new Error(`unknown coption prefix ${JSON.stringify(t.prefix)}`);
    checkAnchorType(t.coption);
  } else if ('array' in t) {
    const [item, length] = pair(t.array, 'array');
    if (!isLength(length) && !(isJson(length) && typeof length.generic === 'string'))
      throw new Error(`array length ${JSON.stringify(length)} is not a number or a const generic`);
    checkAnchorType(item);
  } else if ('defined' in t) checkDefined(t.defined);
  else if ('generic' in t) text(t.generic, 'generic parameter');
  else if ('tuple' in t) list(t.tuple, 'tuple').forEach(checkAnchorType);
  else if ('bigEndian' in t) {
    if (typeof t.bigEndian !== 'string' || !intNames.has(t.bigEndian))
      throw new Error(`bigEndian ${JSON.stringify(t.bigEndian)} is not an integer type`);
  } else if ('hashMap' in t || 'bTreeMap' in t) {
    const [key, item] = pair('hashMap' in t ? t.hashMap : t.bTreeMap, 'map');
    checkAnchorType(key);
    checkAnchorType(item);
    checkCollectionSize(t.size);
  } else if ('kind' in t) checkTypeBody(t);
  else throw new Error(`unknown type ${JSON.stringify(value)}`);
  return value as AnchorType;
}

export function isNamedField(field: unknown): field is AnchorField {
  return isJson(field) && typeof field.name === 'string' && 'type' in field;
}

/** Named fields, each with a non-empty name (instruction args, event fields). */
export function checkNamedFields(fields: unknown[]): AnchorField[] {
  for (const f of fields) {
    const field = json(f, 'field');
    text(field.name, 'field name');
    checkAnchorType(field.type);
  }
  return fields as AnchorField[];
}

function checkFields(fields: unknown, what: string): AnchorFields {
  const items = fields === undefined ? [] : list(fields, what);
  if (items.every(isNamedField)) return checkNamedFields(items);
  if (!items.some(isNamedField)) return items.map(checkAnchorType);
  throw new Error(`${what} mixes named and unnamed fields`);
}

const enumSizes: readonly unknown[] = ['u8', 'u16', 'u32'];

export function checkTypeBody(body: Json): AnchorTypeBody {
  switch (body.kind) {
    case 'struct':
      checkFields(body.fields, 'struct fields');
      break;
    case 'enum':
      if (body.size !== undefined && !enumSizes.includes(body.size)) throw new Error(`unknown enum size ${JSON.stringify(body.size)}`);
      for (const v of list(body.variants, 'enum variants')) {
        const variant = json(v, 'enum variant');
        const name = text(variant.name, 'variant name');
        if (variant.fields !== undefined) checkFields(variant.fields, `variant ${name} fields`);
      }
      break;
    case 'alias':
      checkAnchorType(body.value);
      break;
    case 'type':
      checkAnchorType(body.alias);
      break;
    default:
      throw new Error(`unknown type kind ${JSON.stringify(body.kind)}`);
  }
  return body as AnchorTypeBody;
}
