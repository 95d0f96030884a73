/**
 * Anchor IDLs before 0.30 (names camelCase, no discriminators: Anchor derives them from names), and
 * the machinery shared by every Anchor-shaped dialect: Shank and hand-written IDLs reuse the
 * document layout, and Anchor 0.30 reuses the type grammar (its spellings are accepted here too).
 */
import type {
  AccountDesc,
  Dialect,
  ErrorDesc,
  EventDesc,
  Field,
  InstructionAccount,
  InstructionDesc,
  IntSize,
  ProgramDescription,
  SizeRule,
  TypeDef,
  TypeNode,
  TypeNodeOf,
  Variant,
} from './description.js';
import { type Checked, accepted, itemName } from './json.js';
import { type IdlHints, programAddress, skip } from './hints.js';
import type { AnchorAccountItem, AnchorError, AnchorTypeDef, LegacyIdl, LegacyInstruction } from './anchor-input.js';
import {
  type AnchorField,
  type AnchorFields,
  type AnchorGenericArg,
  type AnchorPrimitive,
  type AnchorType,
  type AnchorTypeBody,
  type CollectionSize,
  type IntName,
  isNamedField,
} from './anchor-type-input.js';
import { accountDiscriminator, eventDiscriminator, instructionDiscriminator } from './discriminators.js';

const intSizes: Record<string, IntSize> = { 8: 1, 16: 2, 32: 4, 64: 8, 128: 16, 256: 32 };

function int(name: IntName): TypeNodeOf<'int'> {
  return { kind: 'int', bytes: intSizes[name.slice(1)], signed: name[0] === 'i' };
}

function primitive(name: AnchorPrimitive): TypeNode {
  switch (name) {
    case 'bool':
      return { kind: 'bool' };
    case 'f32':
      return { kind: 'float', bytes: 4 };
    case 'f64':
      return { kind: 'float', bytes: 8 };
    case 'publicKey':
    case 'pubkey':
      return { kind: 'pubkey' };
    case 'bytes':
      return { kind: 'bytes', size: { kind: 'prefix', bytes: 4 } };
    case 'string':
      return { kind: 'string', size: { kind: 'prefix', bytes: 4 } };
    default:
      return int(name);
  }
}

const collectionSizes: Record<CollectionSize, SizeRule> = {
  u8: { kind: 'prefix', bytes: 1 },
  u16: { kind: 'prefix', bytes: 2 },
  u32: { kind: 'prefix', bytes: 4 },
  u64: { kind: 'prefix', bytes: 8 },
  remainder: { kind: 'remainder' },
};

function collectionSize(size: CollectionSize = 'u32'): SizeRule {
  return { ...collectionSizes[size] };
}

function genericArg(arg: AnchorGenericArg): TypeNode | number {
  return arg.kind === 'type' ? anchorType(arg.type) : Number(arg.value);
}

/** A type written in any Anchor-shaped dialect (legacy, 0.30, Shank and its hand-written relatives). */
export function anchorType(t: AnchorType): TypeNode {
  if (typeof t === 'string') return primitive(t);
  if ('vec' in t) return { kind: 'vec', item: anchorType(t.vec), size: collectionSize(t.size) };
  if ('option' in t) return { kind: 'option', item: anchorType(t.option), tag: 1, fixed: false };
  if ('coption' in t) {
    return t.prefix === 'u8'
      ? { kind: 'option', item: anchorType(t.coption), tag: 1, fixed: false }
      : { kind: 'option', item: anchorType(t.coption), tag: 4, fixed: true };
  }
  if ('array' in t) {
    const [item, length] = t.array;
    return { kind: 'array', item: anchorType(item), length: typeof length === 'number' ? length : { generic: length.generic } };
  }
  if ('defined' in t) {
    if (typeof t.defined === 'string') return { kind: 'defined', name: t.defined };
    const { name, generics } = t.defined;
    return generics === undefined ? { kind: 'defined', name } : { kind: 'defined', name, args: generics.map(genericArg) };
  }
  if ('generic' in t) return { kind: 'generic', name: t.generic };
  if ('tuple' in t) return { kind: 'tuple', items: t.tuple.map(anchorType) };
  if ('bigEndian' in t) return { ...int(t.bigEndian), endian: 'be' };
  if ('hashMap' in t || 'bTreeMap' in t) {
    const [key, value] = 'hashMap' in t ? t.hashMap : t.bTreeMap;
    return { kind: 'map', key: anchorType(key), value: anchorType(value), size: collectionSize(t.size) };
  }
  return typeBody(t);
}

function namedFields(fields: AnchorField[]): Field[] {
  return fields.map((f) => ({ name: f.name, type: anchorType(f.type) }));
}

/** Fields that are all named make a struct, unnamed ones a tuple (Rust tuple structs and variants). */
function fieldsOf(fields: AnchorFields): { fields: Field[] } | { tuple: TypeNode[] } {
  const items: (AnchorField | AnchorType)[] = fields;
  return items.every(isNamedField) ? { fields: namedFields(items) } : { tuple: (fields as AnchorType[]).map(anchorType) };
}

const enumTags: Record<string, 1 | 2 | 4> = { u8: 1, u16: 2, u32: 4 };

/** The body of a type definition: a struct, an enum, or an alias. */
function typeBody(body: AnchorTypeBody): TypeNode {
  switch (body.kind) {
    case 'struct': {
      const shape = fieldsOf(body.fields ?? []);
      return 'fields' in shape ? { kind: 'struct', fields: shape.fields } : { kind: 'tuple', items: shape.tuple };
    }
    case 'enum': {
      // Shank IDLs of native programs give bincode's u32 tag (or others) as `size`; Borsh uses u8.
      const variants = body.variants.map((variant, index): Variant => {
        const { name, fields = [] } = variant;
        if (fields.length === 0) return { name, value: index };
        return { name, value: index, ...fieldsOf(fields) };
      });
      return { kind: 'enum', variants, tag: enumTags[body.size ?? 'u8'] };
    }
    case 'alias':
      return anchorType(body.value);
    case 'type':
      return anchorType(body.alias);
  }
}

/** A type definition (`types` entry) of any Anchor-shaped dialect; legacy ones carry only name and body. */
export function anchorTypeDef(def: AnchorTypeDef): TypeDef {
  const typeDef: TypeDef = { name: def.name, type: typeBody(def.type), serialization: def.serialization };
  if (def.repr !== undefined) typeDef.repr = { ...def.repr };
  if (def.generics !== undefined) typeDef.generics = def.generics.map((g) => ({ ...g }));
  return typeDef;
}

/** Accounts in order with nested groups flattened; both spellings (`isMut`/`isSigner`, `writable`/`signer`). */
export function instructionAccounts(items: AnchorAccountItem[], out: InstructionAccount[] = []): InstructionAccount[] {
  for (const account of items) {
    if ('accounts' in account) {
      instructionAccounts(account.accounts, out);
      continue;
    }
    out.push({
      name: account.name,
      writable: account.isMut === true || account.writable === true,
      // A Metaplex `isOptionalSigner` account may or may not sign: not a required signer.
      signer: account.isSigner === true || account.signer === true,
      optional: account.isOptional === true || account.optional === true,
      ...(account.variadic === true && { variadic: true }),
      ...(account.address !== undefined && { address: account.address }),
    });
  }
  return out;
}

export function instructionArgs(args: AnchorField[]): Field[] {
  return namedFields(args);
}

export function errorsOf(errors: AnchorError[]): ErrorDesc[] {
  return errors.map((error) => {
    const desc: ErrorDesc = { code: error.code, name: error.name };
    if (error.msg !== undefined) desc.message = error.msg;
    return desc;
  });
}

/** How a legacy-shaped dialect marks instructions, accounts and events in their data. */
export interface LegacyTags<Instruction extends LegacyInstruction = LegacyInstruction> {
  dialect: Dialect;
  instruction(ix: Instruction, index: number): Uint8Array;
  account(name: string): Uint8Array;
  event(name: string): Uint8Array;
}

/** The document's `types`, by name; a type that cannot be described is left out and reported. */
export function readTypeDefs(defs: Checked<AnchorTypeDef>[], hints: IdlHints): Map<string, TypeDef> {
  const types = new Map<string, TypeDef>();
  for (const t of defs) {
    try {
      const def = anchorTypeDef(accepted(t));
      if (!types.has(def.name)) types.set(def.name, def);
    } catch (error) {
      skip(hints, `type ${itemName(t, '?')}`, error);
    }
  }
  return types;
}

/** Reads the pre-0.30 Anchor document layout, with discriminators from `tags`. */
export function readLegacyShaped<Instruction extends LegacyInstruction>(
  doc: LegacyIdl<Instruction>,
  hints: IdlHints,
  tags: LegacyTags<Instruction>,
): ProgramDescription {
  const name = doc.name;
  const address = programAddress(doc.metadata?.address, hints, name);

  const types = readTypeDefs(doc.types, hints);

  const accounts: AccountDesc[] = [];
  for (const a of doc.accounts) {
    try {
      const def = anchorTypeDef(accepted(a));
      // A legacy account's type may be named by other types, as if it were in `types`.
      if (!types.has(def.name)) types.set(def.name, def);
      accounts.push({ name: def.name, discriminator: tags.account(def.name), type: def.type, serialization: 'borsh' });
    } catch (error) {
      skip(hints, `account ${itemName(a, '?')}`, error);
    }
  }

  const instructions: InstructionDesc[] = [];
  doc.instructions.forEach((i, index) => {
    try {
      const ix = accepted(i);
      instructions.push({
        name: ix.name,
        discriminator: tags.instruction(ix, index),
        accounts: instructionAccounts(ix.accounts),
        args: instructionArgs(ix.args),
      });
    } catch (error) {
      skip(hints, `instruction ${itemName(i, index)}`, error);
    }
  });

  const events: EventDesc[] = [];
  for (const e of doc.events) {
    try {
      const event = accepted(e);
      events.push({
        name: event.name,
        discriminator: tags.event(event.name),
        type: { kind: 'struct', fields: namedFields(event.fields) },
      });
    } catch (error) {
      skip(hints, `event ${itemName(e, '?')}`, error);
    }
  }

  return {
    address,
    name,
    ...(doc.version !== undefined ? { version: doc.version } : {}),
    dialect: tags.dialect,
    instructions,
    accounts,
    events,
    errors: errorsOf(doc.errors),
    types,
  };
}

const none = new Uint8Array(0);

/** Tags of a hand-written IDL: the instruction's position, or explicit values by name; one u8 either way. */
function handWrittenTags(doc: LegacyIdl, tags: NonNullable<IdlHints['instructionTags']>): LegacyTags {
  // A tag list that does not match the IDL is a mistake in the hints: refuse it rather than guess.
  if (tags !== 'u8-position') {
    const names = doc.instructions.map((ix) => itemName(ix, undefined));
    const untagged = names.filter((n) => !Object.hasOwn(tags, n));
    const unknown = Object.keys(tags).filter((n) => !names.includes(n));
    if (untagged.length > 0) throw new Error(`instructionTags gives no tag for: ${untagged.join(', ')}`);
    if (unknown.length > 0) throw new Error(`instructionTags names instructions the IDL does not have: ${unknown.join(', ')}`);
  }
  return {
    dialect: 'hand-written',
    instruction(ix, index) {
      const tag = tags === 'u8-position' ? index : tags[ix.name];
      if (!Number.isInteger(tag) || tag < 0 || tag > 255) throw new Error(`tag ${tag} does not fit a u8`);
      return Uint8Array.of(tag);
    },
    account: () => none,
    event: () => none,
  };
}

const anchorTags: LegacyTags = {
  dialect: 'anchor-legacy',
  instruction: (ix) => instructionDiscriminator(ix.name),
  account: accountDiscriminator,
  event: eventDiscriminator,
};

export function readAnchorLegacy(doc: LegacyIdl, hints: IdlHints = {}): ProgramDescription {
  return readLegacyShaped(doc, hints, hints.instructionTags === undefined ? anchorTags : handWrittenTags(doc, hints.instructionTags));
}
