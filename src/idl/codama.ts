/**
 * Codama (formerly Kinobi) IDLs: a `rootNode` whose `program` describes every byte exactly. A
 * discriminator is either a leading argument/field with a default value (fieldDiscriminatorNode),
 * a constant (constantDiscriminatorNode) or the data's length (sizeDiscriminatorNode); the first two
 * become the description's discriminator bytes and their fields are left out of the rest.
 */
import type {
  AccountDesc,
  EventDesc,
  Field,
  InstructionAccount,
  InstructionDesc,
  IntSize,
  ProgramDescription,
  SizeRule,
  TypeDef,
  TypeNode,
  Variant,
} from './description.js';
import { type IdlHints, programAddress, skip } from './hints.js';
import type { CodamaDiscriminatorNode, CodamaEnumTags, CodamaRoot } from './codama-input.js';
import {
  type BytesEncoding,
  type CodamaTypeNode,
  type CodamaValueNode,
  type ConstantValueNode,
  type CountNode,
  type EnumVariantTypeNode,
  type NumberFormat,
  type NumberTypeNode,
  type StructFieldTypeNode,
  kindName,
} from './codama-type-input.js';
import { type Checked, accepted, itemName } from './json.js';
import { littleEndian } from './discriminators.js';
import { decodeBase58 } from '../codec/base58.js';

type Enums = ReadonlyMap<string, Checked<CodamaEnumTags>>;

const int = (bytes: IntSize, signed: boolean): TypeNode => ({ kind: 'int', bytes, signed });

const numberTypes: Record<NumberFormat, () => TypeNode> = {
  u8: () => int(1, false),
  u16: () => int(2, false),
  u32: () => int(4, false),
  u64: () => int(8, false),
  u128: () => int(16, false),
  i8: () => int(1, true),
  i16: () => int(2, true),
  i32: () => int(4, true),
  i64: () => int(8, true),
  i128: () => int(16, true),
  f32: () => ({ kind: 'float', bytes: 4 }),
  f64: () => ({ kind: 'float', bytes: 8 }),
  shortU16: () => ({ kind: 'shortU16' }),
};

function numberType(n: NumberTypeNode): TypeNode {
  const type = numberTypes[n.format]();
  return n.endian === 'be' && type.kind === 'int' ? { ...type, endian: 'be' } : type;
}

/** The byte width of a number node used as a length prefix, tag or size. */
function width(n: NumberTypeNode, what: string): number {
  const type = numberType(n);
  if (type.kind !== 'int' || type.signed) throw new Error(`${what} is not an unsigned integer`);
  return type.bytes;
}

function prefixRule(n: NumberTypeNode, what: string): SizeRule {
  const bytes = width(n, what);
  if (bytes !== 1 && bytes !== 2 && bytes !== 4 && bytes !== 8) throw new Error(`${what} of ${bytes} bytes`);
  return { kind: 'prefix', bytes };
}

function stringEncoding(encoding: BytesEncoding | undefined): { encoding?: 'base16' | 'base58' | 'base64' } {
  return encoding === undefined || encoding === 'utf8' ? {} : { encoding };
}

/** Strings and bytes take their size from the node around them; alone they run to the end. */
function sized(inner: CodamaTypeNode, size: SizeRule): TypeNode | undefined {
  if (inner.kind === 'stringTypeNode') return { kind: 'string', size, ...stringEncoding(inner.encoding) };
  if (inner.kind === 'bytesTypeNode') return { kind: 'bytes', size };
  return undefined;
}

function countRule(count: CountNode): SizeRule | number {
  switch (count.kind) {
    case 'fixedCountNode':
      return count.value;
    case 'prefixedCountNode':
      return prefixRule(count.prefix, 'count prefix');
    case 'remainderCountNode':
      return { kind: 'remainder' };
  }
}

function structFields(fields: StructFieldTypeNode[]): Field[] {
  return fields.map((f) => ({ name: f.name, type: codamaType(f.type) }));
}

function enumVariant(v: EnumVariantTypeNode, index: number): Variant {
  // The tag a variant is written with: its declared discriminator, else its position.
  const variant: Variant = { name: v.name, value: v.discriminator ?? index };
  switch (v.kind) {
    case 'enumEmptyVariantTypeNode':
      return variant;
    case 'enumStructVariantTypeNode':
      return { ...variant, fields: structFields(v.struct.fields) };
    case 'enumTupleVariantTypeNode':
      return { ...variant, tuple: v.tuple.items.map(codamaType) };
  }
}

function optionTag(prefix: NumberTypeNode | undefined): 1 | 4 {
  const bytes = prefix === undefined ? 1 : width(prefix, 'option prefix');
  if (bytes !== 1 && bytes !== 4) throw new Error(`option prefix of ${bytes} bytes`);
  return bytes;
}

export function codamaType(n: CodamaTypeNode): TypeNode {
  switch (n.kind) {
    case 'numberTypeNode':
      return numberType(n);
    case 'amountTypeNode':
    case 'dateTimeTypeNode':
    case 'solAmountTypeNode':
      return codamaType(n.number);
    case 'booleanTypeNode': {
      const bytes = n.size === undefined ? 1 : width(n.size, 'boolean size');
      return bytes === 1 ? { kind: 'bool' } : { kind: 'bool', bytes };
    }
    case 'publicKeyTypeNode':
      return { kind: 'pubkey' };
    case 'stringTypeNode':
      return { kind: 'string', size: { kind: 'remainder' }, ...stringEncoding(n.encoding) };
    case 'bytesTypeNode':
      return { kind: 'bytes', size: { kind: 'remainder' } };
    case 'sizePrefixTypeNode': {
      const type = sized(n.type, prefixRule(n.prefix, 'size prefix'));
      if (type === undefined) throw new Error(`a size prefix around ${kindName(n.type)} is not supported`);
      return type;
    }
    case 'fixedSizeTypeNode':
      return sized(n.type, { kind: 'fixed', bytes: n.size }) ?? { kind: 'fixedSize', item: codamaType(n.type), bytes: n.size };
    case 'arrayTypeNode':
    case 'setTypeNode': {
      const item = codamaType(n.item);
      const count = countRule(n.count);
      return typeof count === 'number' ? { kind: 'array', item, length: count } : { kind: 'vec', item, size: count };
    }
    case 'mapTypeNode': {
      const count = countRule(n.count);
      if (typeof count === 'number') throw new Error('maps of a fixed count are not supported');
      return { kind: 'map', key: codamaType(n.key), value: codamaType(n.value), size: count };
    }
    case 'tupleTypeNode':
      return { kind: 'tuple', items: n.items.map(codamaType) };
    case 'structTypeNode':
      return { kind: 'struct', fields: structFields(n.fields) };
    case 'enumTypeNode': {
      const tag = n.size === undefined ? 1 : width(n.size, 'enum size');
      if (tag !== 1 && tag !== 2 && tag !== 4) throw new Error(`enum tag of ${tag} bytes`);
      return { kind: 'enum', variants: n.variants.map(enumVariant), tag };
    }
    case 'optionTypeNode':
      return { kind: 'option', item: codamaType(n.item), tag: optionTag(n.prefix), fixed: n.fixed };
    case 'zeroableOptionTypeNode':
      if (n.zeroValue) throw new Error('zeroable options with a non-zero None value are not supported');
      return { kind: 'zeroableOption', item: codamaType(n.item) };
    case 'remainderOptionTypeNode':
      return { kind: 'remainderOption', item: codamaType(n.item) };
    case 'hiddenPrefixTypeNode':
      return { kind: 'hiddenPrefix', prefix: concat(n.prefix.map(constant)), item: codamaType(n.type) };
    case 'definedTypeLinkNode':
      if (n.ofProgram) throw new Error(`type ${n.name} of another program is not supported`);
      return { kind: 'defined', name: n.name };
  }
  throw new Error(`${kindName(n)} is not supported`);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function bytesValue(data: string, encoding: BytesEncoding): Uint8Array {
  switch (encoding) {
    case 'base16':
      // Codama's codec reads hex in pairs from the left; an odd last digit is a byte of its own
      // (Raydium's IDL writes tag 10 as "a").
      if (!/^[0-9a-fA-F]*$/.test(data)) throw new Error(`bad base16 bytes "${data}"`);
      return Uint8Array.from(data.match(/.{1,2}/g) ?? [], (pair) => parseInt(pair, 16));
    case 'base58': {
      const bytes = decodeBase58(data);
      if (bytes === null) throw new Error(`bad base58 bytes "${data}"`);
      return bytes;
    }
    case 'base64':
      return Uint8Array.from(Buffer.from(data, 'base64'));
    case 'utf8':
      return new TextEncoder().encode(data);
  }
}

/**
 * Encodes a constant the way the program writes it: discriminator defaults and hidden prefixes are
 * numbers, bytes or (Metaplex's `key`) unit enum variants.
 */
function encode(v: CodamaValueNode, t: CodamaTypeNode, enums: Enums): Uint8Array {
  switch (t.kind) {
    case 'numberTypeNode':
    case 'amountTypeNode':
    case 'dateTimeTypeNode':
    case 'solAmountTypeNode': {
      const number = t.kind === 'numberTypeNode' ? t : t.number;
      if (number.kind !== 'numberTypeNode' || v.kind !== 'numberValueNode') break;
      const type = numberType(number);
      if (type.kind !== 'int') break;
      const bytes = littleEndian(BigInt(v.number), type.bytes);
      return type.endian === 'be' ? bytes.reverse() : bytes;
    }
    case 'bytesTypeNode':
      if (v.kind === 'bytesValueNode') return bytesValue(v.data, v.encoding);
      break;
    case 'fixedSizeTypeNode': {
      if (t.type.kind !== 'bytesTypeNode' || v.kind !== 'bytesValueNode') break;
      const bytes = bytesValue(v.data, v.encoding);
      if (bytes.length > t.size) throw new Error(`constant of ${bytes.length} bytes in ${t.size}`);
      const out = new Uint8Array(t.size);
      out.set(bytes);
      return out;
    }
    case 'definedTypeLinkNode': {
      const tags = enums.get(t.name);
      if (tags === undefined || v.kind !== 'enumValueNode') break;
      const { variants, size } = accepted(tags);
      const variant = variants.find((candidate) => candidate.name === v.variant);
      if (variant === undefined) throw new Error(`enum ${t.name} has no variant ${v.variant}`);
      return littleEndian(BigInt(accepted(variant.tag)), size === undefined ? 1 : width(size, 'enum size'));
    }
    case 'preOffsetTypeNode':
      // "padded": zero bytes inserted before the value (Token-2022 puts the account type at byte 165).
      return concat([new Uint8Array(t.offset), encode(v, t.type, enums)]);
  }
  throw new Error(`cannot encode ${kindName(v)} as ${kindName(t)}`);
}

function constant(c: ConstantValueNode): Uint8Array {
  return encode(c.value, c.type, noEnums);
}

const noEnums: Enums = new Map();

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Where a discriminator sorts: a size discriminator has no offset and only sets the length. */
function offsetOf(d: CodamaDiscriminatorNode): number {
  return d.kind === 'sizeDiscriminatorNode' ? 0 : d.offset;
}

/**
 * Discriminator bytes and the fields that follow them. Each field or constant discriminator must
 * sit right after the previous one, from offset 0, and name (or, for a constant, coincide with) the
 * next leading field: the description has no way to say that marker bytes sit between fields.
 */
function leadingDiscriminator(
  fields: StructFieldTypeNode[],
  discriminators: CodamaDiscriminatorNode[],
  enums: Enums,
): { discriminator: Uint8Array; rest: StructFieldTypeNode[]; size?: number } {
  const parts: Uint8Array[] = [];
  let length = 0;
  let taken = 0;
  let size: number | undefined;
  for (const d of [...discriminators].sort((a, b) => offsetOf(a) - offsetOf(b))) {
    if (d.kind === 'sizeDiscriminatorNode') {
      size = d.size;
      continue;
    }
    if (d.offset !== length) throw new Error(`${d.kind} at offset ${d.offset} does not follow the bytes before it`);
    const field = fields.at(taken);
    let bytes: Uint8Array;
    if (d.kind === 'fieldDiscriminatorNode') {
      if (field === undefined || field.name !== d.name) throw new Error(`discriminator field ${d.name} is not the next field`);
      if (field.defaultValue === undefined) throw new Error(`discriminator field ${d.name} has no value`);
      bytes = encode(accepted(field.defaultValue), field.type, enums);
    } else {
      bytes = constant(d.constant);
      const coincides =
        field !== undefined &&
        field.defaultValueStrategy === 'omitted' &&
        field.defaultValue !== undefined &&
        sameBytes(encode(accepted(field.defaultValue), field.type, enums), bytes);
      if (!coincides) throw new Error('a constant discriminator that is not a leading field is not supported');
    }
    taken++;
    parts.push(bytes);
    length += bytes.length;
  }
  return { discriminator: concat(parts), rest: fields.slice(taken), ...(size === undefined ? {} : { size }) };
}

/**
 * The bytes in front of an event whose only discriminator is a constant at offset 0 that no leading
 * field carries. codama-rs (Yellowstone Vixen's IDLs) writes Anchor events so: the struct holds the
 * event's own fields and the constant is Anchor's 8-byte event discriminator written before them, as
 * a field-less reading of offset 0 would otherwise overlap the first field with the marker.
 */
function prefixedEvent(fields: StructFieldTypeNode[], discriminators: CodamaDiscriminatorNode[], enums: Enums): Uint8Array | undefined {
  const [d] = discriminators;
  if (discriminators.length !== 1 || d.kind !== 'constantDiscriminatorNode' || d.offset !== 0) return undefined;
  const bytes = constant(d.constant);
  const first = fields.at(0);
  const carried = first?.defaultValue !== undefined && sameBytes(encode(accepted(first.defaultValue), first.type, enums), bytes);
  return carried ? undefined : bytes;
}

/**
 * Codama gives an account's `size` whether or not its discriminators name it. For an account that
 * carries no marker at all (Raydium AMM v4's 2208-byte TargetOrders), that length is the only
 * thing that can tell it apart, so it selects the account, but only where no other unmarked
 * account of the program has the same length: Token Metadata's two 98-byte delegate records
 * cannot be told apart by it, and guessing one would misname the other.
 */
function sizeUnmarkedAccounts(accounts: AccountDesc[], declared: ReadonlyMap<AccountDesc, number>): void {
  const unmarked = accounts.filter((a) => a.discriminator.length === 0);
  const lengthOf = (a: AccountDesc) => a.size ?? declared.get(a);
  for (const account of unmarked) {
    const size = lengthOf(account);
    if (account.size !== undefined || size === undefined || size === 0) continue;
    if (unmarked.filter((other) => lengthOf(other) === size).length === 1) account.size = size;
  }
}

export function readCodama({ program }: CodamaRoot, hints: IdlHints = {}): ProgramDescription {
  const { name, enums } = program;
  const address = programAddress(program.publicKey, hints, name);

  const types = new Map<string, TypeDef>();
  for (const d of program.definedTypes) {
    const typeName = itemName(d, '?');
    // The first readable definition of a name is the one kept; a later one is not read at all.
    if (types.has(typeName)) continue;
    try {
      types.set(typeName, { name: typeName, type: codamaType(accepted(d).type), serialization: 'borsh' });
    } catch (error) {
      skip(hints, `type ${typeName}`, error);
    }
  }

  const accounts: AccountDesc[] = [];
  const declaredSizes = new Map<AccountDesc, number>();
  for (const a of program.accounts) {
    try {
      const { name: accountName, data, discriminators, size: declaredSize } = accepted(a);
      let desc: AccountDesc;
      if (data.kind === 'structTypeNode') {
        const { discriminator, rest, size } = leadingDiscriminator(data.fields, discriminators, enums);
        const fields = discriminator.length > 0 && rest[0]?.name === hints.accountFieldIsDiscriminator ? rest.slice(1) : rest;
        desc = { name: accountName, discriminator, type: { kind: 'struct', fields: structFields(fields) }, serialization: 'borsh' };
        if (size !== undefined) desc.size = size;
      } else {
        if (discriminators.length > 0) throw new Error(`discriminators on ${kindName(data)} data are not supported`);
        desc = { name: accountName, discriminator: new Uint8Array(0), type: codamaType(data), serialization: 'borsh' };
      }
      // Other types may link to an account by name (Raydium's `fees`), as to a defined type.
      if (!types.has(accountName)) types.set(accountName, { name: accountName, type: codamaType(data), serialization: 'borsh' });
      accounts.push(desc);
      if (declaredSize !== undefined) declaredSizes.set(desc, declaredSize);
    } catch (error) {
      skip(hints, `account ${itemName(a, '?')}`, error);
    }
  }

  sizeUnmarkedAccounts(accounts, declaredSizes);

  const instructions: InstructionDesc[] = [];
  for (const i of program.instructions) {
    try {
      const ix = accepted(i);
      const { discriminator, rest, size } = leadingDiscriminator(ix.arguments, ix.discriminators, enums);
      if (size !== undefined) throw new Error('instructions told apart by data length are not supported');
      instructions.push({
        name: ix.name,
        discriminator,
        accounts: ix.accounts.map((acc): InstructionAccount => ({
          name: acc.name,
          writable: acc.isWritable,
          // "either": the account may sign or not, so a signature is not required.
          signer: acc.isSigner === true,
          optional: acc.isOptional,
        })),
        args: rest.map((arg) => ({ name: arg.name, type: codamaType(arg.type) })),
        ...(ix.optionalAccountStrategy === 'omitted' && { optionalAccounts: 'omitted' as const }),
      });
    } catch (error) {
      skip(hints, `instruction ${itemName(i, '?')}`, error);
    }
  }

  const events: EventDesc[] = [];
  for (const e of program.events) {
    try {
      const { name: eventName, data, discriminators } = accepted(e);
      if (data.kind === 'hiddenPrefixTypeNode') {
        // Anchor events in Codama: the discriminator is a hidden prefix in front of the struct.
        const prefix = concat(data.prefix.map(constant));
        const [d] = discriminators;
        const declared =
          discriminators.length === 1 && d.kind === 'constantDiscriminatorNode' && d.offset === 0 ? constant(d.constant) : undefined;
        if (declared === undefined || !sameBytes(prefix, declared)) throw new Error('the hidden prefix is not the discriminator');
        events.push({ name: eventName, discriminator: prefix, type: codamaType(data.type) });
      } else if (data.kind === 'structTypeNode') {
        const prefix = prefixedEvent(data.fields, discriminators, enums);
        if (prefix !== undefined) {
          events.push({ name: eventName, discriminator: prefix, type: { kind: 'struct', fields: structFields(data.fields) } });
          continue;
        }
        const { discriminator, rest, size } = leadingDiscriminator(data.fields, discriminators, enums);
        if (size !== undefined) throw new Error('events told apart by data length are not supported');
        events.push({ name: eventName, discriminator, type: { kind: 'struct', fields: structFields(rest) } });
      } else {
        throw new Error(`event data ${kindName(data)} is not supported`);
      }
    } catch (error) {
      skip(hints, `event ${itemName(e, '?')}`, error);
    }
  }

  return {
    address,
    name,
    ...(program.version !== undefined ? { version: program.version } : {}),
    dialect: 'codama',
    instructions,
    accounts,
    events,
    errors: program.errors,
    types,
  };
}
