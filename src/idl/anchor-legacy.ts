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
  Repr,
  Serialization,
  SizeRule,
  TypeDef,
  TypeNode,
  Variant,
} from './description.js';
import { type Json, isJson, json, list, text } from './json.js';
import { type IdlHints, programAddress, skip } from './hints.js';
import { accountDiscriminator, eventDiscriminator, instructionDiscriminator } from './discriminators.js';

const intSizes: Record<string, IntSize> = { 8: 1, 16: 2, 32: 4, 64: 8, 128: 16, 256: 32 };

function primitive(name: string): TypeNode {
  const int = /^([ui])(8|16|32|64|128|256)$/.exec(name);
  if (int !== null) return { kind: 'int', bytes: intSizes[int[2]], signed: int[1] === 'i' };
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
  }
  throw new Error(`unknown type "${name}"`);
}

/** Shank's `size` on collections: the width of the length prefix, or `remainder`; Borsh's u32 when absent. */
function collectionSize(size: unknown): SizeRule {
  switch (size) {
    case undefined:
    case 'u32':
      return { kind: 'prefix', bytes: 4 };
    case 'u8':
      return { kind: 'prefix', bytes: 1 };
    case 'u16':
      return { kind: 'prefix', bytes: 2 };
    case 'u64':
      return { kind: 'prefix', bytes: 8 };
    case 'remainder':
      return { kind: 'remainder' };
  }
  throw new Error(`unknown collection size ${JSON.stringify(size)}`);
}

function pair(value: unknown, what: string): [unknown, unknown] {
  const items = list(value, what);
  if (items.length !== 2) throw new Error(`${what} does not have two entries`);
  return [items[0], items[1]];
}

function genericArg(arg: unknown): TypeNode | number {
  const a = json(arg, 'generic argument');
  if (a.kind === 'type') return anchorType(a.type);
  if (a.kind === 'const') {
    const n = Number(a.value);
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`const generic argument ${JSON.stringify(a.value)} is not a length`);
    return n;
  }
  throw new Error(`unknown generic argument kind ${JSON.stringify(a.kind)}`);
}

/** A type written in any Anchor-shaped dialect (legacy, 0.30, Shank and its hand-written relatives). */
export function anchorType(type: unknown): TypeNode {
  if (typeof type === 'string') return primitive(type);
  const t = json(type, 'type');
  if ('vec' in t) return { kind: 'vec', item: anchorType(t.vec), size: collectionSize(t.size) };
  if ('option' in t) return { kind: 'option', item: anchorType(t.option), tag: 1, fixed: false };
  if ('coption' in t) {
    // Explorer-kit Shank IDLs mark the SPL Token instruction encoding (1-byte tag, nothing after
    // None) with `prefix: "u8"`; plain COption is Solana's 4-byte tag with the value always present.
    if (t.prefix === 'u8') return { kind: 'option', item: anchorType(t.coption), tag: 1, fixed: false };
    if (t.prefix === undefined || t.prefix === 'u32') return { kind: 'option', item: anchorType(t.coption), tag: 4, fixed: true };
    throw new Error(`unknown coption prefix ${JSON.stringify(t.prefix)}`);
  }
  if ('array' in t) {
    const [item, length] = pair(t.array, 'array');
    if (typeof length === 'number' && Number.isSafeInteger(length) && length >= 0) {
      return { kind: 'array', item: anchorType(item), length };
    }
    if (isJson(length) && typeof length.generic === 'string') {
      return { kind: 'array', item: anchorType(item), length: { generic: length.generic } };
    }
    throw new Error(`array length ${JSON.stringify(length)} is not a number or a const generic`);
  }
  if ('defined' in t) {
    if (typeof t.defined === 'string') return { kind: 'defined', name: text(t.defined, 'defined type name') };
    const d = json(t.defined, 'defined');
    const name = text(d.name, 'defined type name');
    if (d.generics === undefined) return { kind: 'defined', name };
    return { kind: 'defined', name, args: list(d.generics, 'generic arguments').map(genericArg) };
  }
  if ('generic' in t) return { kind: 'generic', name: text(t.generic, 'generic parameter') };
  if ('tuple' in t) return { kind: 'tuple', items: list(t.tuple, 'tuple').map(anchorType) };
  if ('hashMap' in t || 'bTreeMap' in t) {
    const [key, value] = pair(t.hashMap ?? t.bTreeMap, 'map');
    return { kind: 'map', key: anchorType(key), value: anchorType(value), size: collectionSize(t.size) };
  }
  // Legacy and Shank IDLs may nest a struct or enum body where a type is expected.
  if ('kind' in t) return typeBody(t);
  throw new Error(`unknown type ${JSON.stringify(type)}`);
}

function isNamedField(field: unknown): field is Json {
  return isJson(field) && typeof field.name === 'string' && 'type' in field;
}

function namedFields(fields: unknown[]): Field[] {
  return fields.map((f) => {
    const field = json(f, 'field');
    return { name: text(field.name, 'field name'), type: anchorType(field.type) };
  });
}

/** Fields that are all named make a struct, unnamed ones a tuple (Rust tuple structs and variants). */
function fieldsOf(fields: unknown, what: string): { fields: Field[] } | { tuple: TypeNode[] } {
  const items = fields === undefined ? [] : list(fields, what);
  if (items.every(isNamedField)) return { fields: namedFields(items) };
  if (!items.some(isNamedField)) return { tuple: items.map(anchorType) };
  throw new Error(`${what} mixes named and unnamed fields`);
}

const enumTags: Record<string, 1 | 2 | 4> = { u8: 1, u16: 2, u32: 4 };

/** The body of a type definition: a struct, an enum, or an alias. */
function typeBody(body: Json): TypeNode {
  switch (body.kind) {
    case 'struct': {
      const shape = fieldsOf(body.fields, 'struct fields');
      return 'fields' in shape ? { kind: 'struct', fields: shape.fields } : { kind: 'tuple', items: shape.tuple };
    }
    case 'enum': {
      // Shank IDLs of native programs give bincode's u32 tag (or others) as `size`; Borsh uses u8.
      const tag = body.size === undefined ? 1 : typeof body.size === 'string' ? enumTags[body.size] : undefined;
      if (tag === undefined) throw new Error(`unknown enum size ${JSON.stringify(body.size) ?? 'undefined'}`);
      const variants = list(body.variants, 'enum variants').map((v, index): Variant => {
        const variant = json(v, 'enum variant');
        const name = text(variant.name, 'variant name');
        const items = variant.fields === undefined ? [] : list(variant.fields, `variant ${name} fields`);
        if (items.length === 0) return { name, value: index };
        return { name, value: index, ...fieldsOf(items, `variant ${name} fields`) };
      });
      return { kind: 'enum', variants, tag };
    }
    case 'alias':
      return anchorType(body.value);
    case 'type':
      return anchorType(body.alias);
  }
  throw new Error(`unknown type kind ${JSON.stringify(body.kind)}`);
}

const serializations: readonly string[] = ['borsh', 'bytemuck', 'bytemuckunsafe'];
const reprKinds: readonly string[] = ['c', 'transparent', 'rust'];

function reprOf(value: unknown): Repr {
  const r = json(value, 'repr');
  if (typeof r.kind !== 'string' || !reprKinds.includes(r.kind)) throw new Error(`unknown repr ${JSON.stringify(r.kind)}`);
  const repr: Repr = { kind: r.kind as Repr['kind'] };
  if (r.packed === true) repr.packed = true;
  if (typeof r.align === 'number') repr.align = r.align;
  return repr;
}

/** A type definition (`types` entry) of any Anchor-shaped dialect; legacy ones carry only name and body. */
export function anchorTypeDef(value: unknown): TypeDef {
  const def = json(value, 'type definition');
  const name = text(def.name, 'type name');
  const serialization = def.serialization ?? 'borsh';
  if (typeof serialization !== 'string' || !serializations.includes(serialization)) {
    throw new Error(`unknown serialization ${JSON.stringify(serialization)}`);
  }
  const typeDef: TypeDef = { name, type: typeBody(json(def.type, `type ${name}`)), serialization: serialization as Serialization };
  if (def.repr !== undefined) typeDef.repr = reprOf(def.repr);
  if (def.generics !== undefined) {
    typeDef.generics = list(def.generics, 'generics').map((g) => {
      const generic = json(g, 'generic parameter');
      if (generic.kind !== 'type' && generic.kind !== 'const') throw new Error(`unknown generic kind ${JSON.stringify(generic.kind)}`);
      return { name: text(generic.name, 'generic name'), kind: generic.kind };
    });
  }
  return typeDef;
}

/** Accounts in order with nested groups flattened; both spellings (`isMut`/`isSigner`, `writable`/`signer`). */
export function instructionAccounts(value: unknown, out: InstructionAccount[] = []): InstructionAccount[] {
  for (const a of list(value ?? [], 'instruction accounts')) {
    const account = json(a, 'instruction account');
    if (account.accounts !== undefined) {
      instructionAccounts(account.accounts, out);
      continue;
    }
    out.push({
      name: text(account.name, 'account name'),
      writable: account.isMut === true || account.writable === true,
      // A Metaplex `isOptionalSigner` account may or may not sign: not a required signer.
      signer: account.isSigner === true || account.signer === true,
      optional: account.isOptional === true || account.optional === true,
      ...(account.variadic === true && { variadic: true }),
    });
  }
  return out;
}

export function instructionArgs(value: unknown): Field[] {
  return namedFields(list(value ?? [], 'instruction args'));
}

export function errorsOf(value: unknown): ErrorDesc[] {
  return list(value ?? [], 'errors').map((e) => {
    const error = json(e, 'error');
    if (!Number.isSafeInteger(error.code)) throw new Error(`error code ${JSON.stringify(error.code)} is not an integer`);
    const desc: ErrorDesc = { code: error.code as number, name: text(error.name, 'error name') };
    if (typeof error.msg === 'string') desc.message = error.msg;
    return desc;
  });
}

/** How a legacy-shaped dialect marks instructions, accounts and events in their data. */
export interface LegacyTags {
  dialect: Dialect;
  instruction(ix: Json, index: number): Uint8Array;
  account(name: string): Uint8Array;
  event(name: string): Uint8Array;
}

/** The document's `types`, by name; a type that cannot be described is left out and reported. */
export function readTypeDefs(doc: Json, hints: IdlHints): Map<string, TypeDef> {
  const types = new Map<string, TypeDef>();
  for (const t of list(doc.types ?? [], 'types')) {
    try {
      const def = anchorTypeDef(t);
      if (!types.has(def.name)) types.set(def.name, def);
    } catch (error) {
      skip(hints, `type ${String(isJson(t) ? t.name : '?')}`, error);
    }
  }
  return types;
}

/** Reads the pre-0.30 Anchor document layout, with discriminators from `tags`. */
export function readLegacyShaped(doc: Json, hints: IdlHints, tags: LegacyTags): ProgramDescription {
  const name = text(doc.name, 'IDL name');
  const address = programAddress(isJson(doc.metadata) ? doc.metadata.address : undefined, hints, name);

  const types = readTypeDefs(doc, hints);

  const accounts: AccountDesc[] = [];
  for (const a of list(doc.accounts ?? [], 'accounts')) {
    try {
      const def = anchorTypeDef(a);
      // A legacy account's type may be named by other types, as if it were in `types`.
      if (!types.has(def.name)) types.set(def.name, def);
      accounts.push({ name: def.name, discriminator: tags.account(def.name), type: def.type, serialization: 'borsh' });
    } catch (error) {
      skip(hints, `account ${String(isJson(a) ? a.name : '?')}`, error);
    }
  }

  const instructions: InstructionDesc[] = [];
  list(doc.instructions, 'instructions').forEach((i, index) => {
    try {
      const ix = json(i, 'instruction');
      instructions.push({
        name: text(ix.name, 'instruction name'),
        discriminator: tags.instruction(ix, index),
        accounts: instructionAccounts(ix.accounts),
        args: instructionArgs(ix.args),
      });
    } catch (error) {
      skip(hints, `instruction ${String(isJson(i) ? i.name : index)}`, error);
    }
  });

  const events: EventDesc[] = [];
  for (const e of list(doc.events ?? [], 'events')) {
    try {
      const event = json(e, 'event');
      const eventName = text(event.name, 'event name');
      events.push({
        name: eventName,
        discriminator: tags.event(eventName),
        type: { kind: 'struct', fields: namedFields(list(event.fields ?? [], 'event fields')) },
      });
    } catch (error) {
      skip(hints, `event ${String(isJson(e) ? e.name : '?')}`, error);
    }
  }

  return {
    address,
    name,
    ...(typeof doc.version === 'string' ? { version: doc.version } : {}),
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
function handWrittenTags(doc: Json, tags: NonNullable<IdlHints['instructionTags']>): LegacyTags {
  // A tag list that does not match the IDL is a mistake in the hints: refuse it rather than guess.
  if (tags !== 'u8-position') {
    const names = list(doc.instructions, 'instructions').map((ix) => String(isJson(ix) ? ix.name : undefined));
    const untagged = names.filter((n) => !Object.hasOwn(tags, n));
    const unknown = Object.keys(tags).filter((n) => !names.includes(n));
    if (untagged.length > 0) throw new Error(`instructionTags gives no tag for: ${untagged.join(', ')}`);
    if (unknown.length > 0) throw new Error(`instructionTags names instructions the IDL does not have: ${unknown.join(', ')}`);
  }
  return {
    dialect: 'hand-written',
    instruction(ix, index) {
      const tag = tags === 'u8-position' ? index : tags[String(ix.name)];
      if (!Number.isInteger(tag) || tag < 0 || tag > 255) throw new Error(`tag ${tag} does not fit a u8`);
      return Uint8Array.of(tag);
    },
    account: () => none,
    event: () => none,
  };
}

const anchorTags: LegacyTags = {
  dialect: 'anchor-legacy',
  instruction: (ix) => instructionDiscriminator(text(ix.name, 'instruction name')),
  account: accountDiscriminator,
  event: eventDiscriminator,
};

export function readAnchorLegacy(value: unknown, hints: IdlHints = {}): ProgramDescription {
  const doc = json(value, 'IDL');
  return readLegacyShaped(doc, hints, hints.instructionTags === undefined ? anchorTags : handWrittenTags(doc, hints.instructionTags));
}
