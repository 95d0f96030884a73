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
import { type CodamaNode as Node, type CodamaRoot, node, nodes } from './codama-input.js';
import { isJson, text } from './json.js';
import { littleEndian } from './discriminators.js';
import { decodeBase58 } from '../codec/base58.js';

const intFormat = /^([ui])(8|16|32|64|128)$/;

function numberType(n: Node): TypeNode {
  if (n.endian !== undefined && n.endian !== 'le') throw new Error(`big-endian numbers are not supported (${String(n.format)})`);
  const format = String(n.format);
  const int = intFormat.exec(format);
  if (int !== null) return { kind: 'int', bytes: (Number(int[2]) / 8) as IntSize, signed: int[1] === 'i' };
  if (format === 'f32') return { kind: 'float', bytes: 4 };
  if (format === 'f64') return { kind: 'float', bytes: 8 };
  if (format === 'shortU16') return { kind: 'shortU16' };
  throw new Error(`unknown number format ${JSON.stringify(n.format)}`);
}

/** The byte width of a number node used as a length prefix, tag or size. */
function width(value: unknown, what: string): number {
  const type = numberType(node(value, what));
  if (type.kind !== 'int' || type.signed) throw new Error(`${what} is not an unsigned integer`);
  return type.bytes;
}

function prefixRule(value: unknown, what: string): SizeRule {
  const bytes = width(value, what);
  if (bytes !== 1 && bytes !== 2 && bytes !== 4 && bytes !== 8) throw new Error(`${what} of ${bytes} bytes`);
  return { kind: 'prefix', bytes };
}

function stringEncoding(n: Node): { encoding?: 'base16' | 'base58' | 'base64' } {
  switch (n.encoding) {
    case undefined:
    case 'utf8':
      return {};
    case 'base16':
    case 'base58':
    case 'base64':
      return { encoding: n.encoding };
  }
  throw new Error(`unknown string encoding ${JSON.stringify(n.encoding)}`);
}

/** Strings and bytes take their size from the node around them; alone they run to the end. */
function sized(inner: Node, size: SizeRule): TypeNode | undefined {
  if (inner.kind === 'stringTypeNode') return { kind: 'string', size, ...stringEncoding(inner) };
  if (inner.kind === 'bytesTypeNode') return { kind: 'bytes', size };
  return undefined;
}

function countRule(count: Node): SizeRule | number {
  switch (count.kind) {
    case 'fixedCountNode':
      if (!Number.isSafeInteger(count.value) || (count.value as number) < 0) throw new Error('fixed count is not a length');
      return count.value as number;
    case 'prefixedCountNode':
      return prefixRule(count.prefix, 'count prefix');
    case 'remainderCountNode':
      return { kind: 'remainder' };
  }
  throw new Error(`unknown count ${count.kind}`);
}

function structFields(n: Node): Field[] {
  return nodes(n.fields, 'struct fields').map((f) => ({ name: text(f.name, 'field name'), type: codamaType(f.type) }));
}

/** The tag a variant is written with: its declared discriminator, else its position. */
function variantValue(v: Node, index: number): number {
  const value = v.discriminator ?? index;
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new Error(`variant ${String(v.name)} discriminator is not a tag`);
  return value as number;
}

function enumVariant(v: Node, index: number): Variant {
  const name = text(v.name, 'variant name');
  const variant: Variant = { name, value: variantValue(v, index) };
  switch (v.kind) {
    case 'enumEmptyVariantTypeNode':
      return variant;
    case 'enumStructVariantTypeNode': {
      const struct = node(v.struct, `variant ${name}`);
      // The description's variants hold plain fields; Token-2022 wraps each extension's struct in a u16 size prefix.
      if (struct.kind !== 'structTypeNode') throw new Error(`variant ${name}: ${struct.kind} around the variant's fields is not supported`);
      return { ...variant, fields: structFields(struct) };
    }
    case 'enumTupleVariantTypeNode': {
      const tuple = node(v.tuple, `variant ${name}`);
      if (tuple.kind !== 'tupleTypeNode') throw new Error(`variant ${name}: ${tuple.kind} around the variant's items is not supported`);
      return { ...variant, tuple: nodes(tuple.items, 'tuple items').map(codamaType) };
    }
  }
  throw new Error(`unknown variant ${v.kind}`);
}

function optionTag(prefix: unknown): 1 | 4 {
  const bytes = prefix === undefined ? 1 : width(prefix, 'option prefix');
  if (bytes !== 1 && bytes !== 4) throw new Error(`option prefix of ${bytes} bytes`);
  return bytes;
}

export function codamaType(value: unknown): TypeNode {
  const n = node(value, 'type');
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
    case 'bytesTypeNode':
      return sized(n, { kind: 'remainder' }) as TypeNode;
    case 'sizePrefixTypeNode': {
      const inner = node(n.type, 'size-prefixed type');
      const type = sized(inner, prefixRule(n.prefix, 'size prefix'));
      if (type === undefined) throw new Error(`a size prefix around ${inner.kind} is not supported`);
      return type;
    }
    case 'fixedSizeTypeNode': {
      const bytes = n.size;
      if (!Number.isSafeInteger(bytes) || (bytes as number) < 0) throw new Error('fixed size is not a length');
      const inner = node(n.type, 'fixed-size type');
      return (
        sized(inner, { kind: 'fixed', bytes: bytes as number }) ?? { kind: 'fixedSize', item: codamaType(inner), bytes: bytes as number }
      );
    }
    case 'arrayTypeNode':
    case 'setTypeNode': {
      const item = codamaType(n.item);
      const count = countRule(node(n.count, 'count'));
      return typeof count === 'number' ? { kind: 'array', item, length: count } : { kind: 'vec', item, size: count };
    }
    case 'mapTypeNode': {
      const count = countRule(node(n.count, 'count'));
      if (typeof count === 'number') throw new Error('maps of a fixed count are not supported');
      return { kind: 'map', key: codamaType(n.key), value: codamaType(n.value), size: count };
    }
    case 'tupleTypeNode':
      return { kind: 'tuple', items: nodes(n.items, 'tuple items').map(codamaType) };
    case 'structTypeNode':
      return { kind: 'struct', fields: structFields(n) };
    case 'enumTypeNode': {
      const tag = n.size === undefined ? 1 : width(n.size, 'enum size');
      if (tag !== 1 && tag !== 2 && tag !== 4) throw new Error(`enum tag of ${tag} bytes`);
      return { kind: 'enum', variants: nodes(n.variants, 'enum variants').map(enumVariant), tag };
    }
    case 'optionTypeNode':
      return { kind: 'option', item: codamaType(n.item), tag: optionTag(n.prefix), fixed: n.fixed === true };
    case 'zeroableOptionTypeNode':
      if (n.zeroValue !== undefined) throw new Error('zeroable options with a non-zero None value are not supported');
      return { kind: 'zeroableOption', item: codamaType(n.item) };
    case 'remainderOptionTypeNode':
      return { kind: 'remainderOption', item: codamaType(n.item) };
    case 'hiddenPrefixTypeNode':
      return { kind: 'hiddenPrefix', prefix: concat(nodes(n.prefix, 'hidden prefix').map(constant)), item: codamaType(n.type) };
    case 'definedTypeLinkNode':
      if (n.program !== undefined) throw new Error(`type ${String(n.name)} of another program is not supported`);
      return { kind: 'defined', name: text(n.name, 'type link') };
  }
  throw new Error(`${n.kind} is not supported`);
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

function bytesValue(v: Node): Uint8Array {
  if (typeof v.data !== 'string') throw new Error('bytes value without data');
  const data = v.data;
  switch (v.encoding) {
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
  throw new Error(`unknown bytes encoding ${JSON.stringify(v.encoding)}`);
}

/**
 * Encodes a constant the way the program writes it: discriminator defaults and hidden prefixes are
 * numbers, bytes or (Metaplex's `key`) unit enum variants.
 */
function encode(value: unknown, type: unknown, enums: ReadonlyMap<string, Node>): Uint8Array {
  const v = node(value, 'value');
  const t = node(type, 'type');
  switch (t.kind) {
    case 'numberTypeNode':
    case 'amountTypeNode':
    case 'dateTimeTypeNode':
    case 'solAmountTypeNode': {
      const number = numberType(t.kind === 'numberTypeNode' ? t : node(t.number, 'number'));
      if (number.kind !== 'int' || v.kind !== 'numberValueNode' || !Number.isSafeInteger(v.number)) break;
      return littleEndian(BigInt(v.number as number), number.bytes);
    }
    case 'bytesTypeNode':
      if (v.kind === 'bytesValueNode') return bytesValue(v);
      break;
    case 'fixedSizeTypeNode': {
      const inner = node(t.type, 'fixed-size type');
      if (inner.kind !== 'bytesTypeNode' || v.kind !== 'bytesValueNode') break;
      const bytes = bytesValue(v);
      if (bytes.length > (t.size as number)) throw new Error(`constant of ${bytes.length} bytes in ${String(t.size)}`);
      const out = new Uint8Array(t.size as number);
      out.set(bytes);
      return out;
    }
    case 'definedTypeLinkNode': {
      const def = enums.get(String(t.name));
      if (def === undefined || v.kind !== 'enumValueNode' || v.value !== undefined) break;
      const variants = nodes(def.variants, 'enum variants');
      const index = variants.findIndex((variant) => variant.name === v.variant);
      if (index < 0) throw new Error(`enum ${String(t.name)} has no variant ${String(v.variant)}`);
      return littleEndian(BigInt(variantValue(variants[index], index)), def.size === undefined ? 1 : width(def.size, 'enum size'));
    }
    case 'preOffsetTypeNode':
      // "padded": zero bytes inserted before the value (Token-2022 puts the account type at byte 165).
      if (t.strategy !== 'padded' || !Number.isSafeInteger(t.offset) || (t.offset as number) < 0) break;
      return concat([new Uint8Array(t.offset as number), encode(value, t.type, enums)]);
  }
  throw new Error(`cannot encode ${v.kind} as ${t.kind}`);
}

function constant(c: Node): Uint8Array {
  if (c.kind !== 'constantValueNode') throw new Error(`${c.kind} is not a constant`);
  return encode(c.value, c.type, noEnums);
}

const noEnums: ReadonlyMap<string, Node> = new Map();

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Discriminator bytes and the fields that follow them. Each field or constant discriminator must
 * sit right after the previous one, from offset 0, and name (or, for a constant, coincide with) the
 * next leading field: the description has no way to say that marker bytes sit between fields.
 */
function leadingDiscriminator(
  fields: Node[],
  discriminators: Node[],
  enums: ReadonlyMap<string, Node>,
): { discriminator: Uint8Array; rest: Node[]; size?: number } {
  const parts: Uint8Array[] = [];
  let length = 0;
  let taken = 0;
  let size: number | undefined;
  for (const d of [...discriminators].sort((a, b) => Number(a.offset ?? 0) - Number(b.offset ?? 0))) {
    if (d.kind === 'sizeDiscriminatorNode') {
      if (!Number.isSafeInteger(d.size)) throw new Error('size discriminator is not a length');
      size = d.size as number;
      continue;
    }
    if (d.offset !== length) throw new Error(`${String(d.kind)} at offset ${String(d.offset)} does not follow the bytes before it`);
    const field = fields[taken] as Node | undefined;
    let bytes: Uint8Array;
    if (d.kind === 'fieldDiscriminatorNode') {
      if (field === undefined || field.name !== d.name) throw new Error(`discriminator field ${String(d.name)} is not the next field`);
      if (field.defaultValue === undefined) throw new Error(`discriminator field ${String(d.name)} has no value`);
      bytes = encode(field.defaultValue, field.type, enums);
      taken++;
    } else if (d.kind === 'constantDiscriminatorNode') {
      bytes = constant(node(d.constant, 'constant'));
      const coincides =
        field !== undefined &&
        field.defaultValueStrategy === 'omitted' &&
        field.defaultValue !== undefined &&
        sameBytes(encode(field.defaultValue, field.type, enums), bytes);
      if (!coincides) throw new Error('a constant discriminator that is not a leading field is not supported');
      taken++;
    } else {
      throw new Error(`unknown discriminator ${d.kind}`);
    }
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
function prefixedEvent(fields: Node[], discriminators: Node[], enums: ReadonlyMap<string, Node>): Uint8Array | undefined {
  const [d] = discriminators;
  if (discriminators.length !== 1 || d.kind !== 'constantDiscriminatorNode' || d.offset !== 0) return undefined;
  const bytes = constant(node(d.constant, 'constant'));
  const first = fields[0] as Node | undefined;
  const carried = first?.defaultValue !== undefined && sameBytes(encode(first.defaultValue, first.type, enums), bytes);
  return carried ? undefined : bytes;
}

function signerOf(value: unknown): boolean {
  // "either": the account may sign or not, so a signature is not required.
  return value === true;
}

export function readCodama({ program }: CodamaRoot, hints: IdlHints = {}): ProgramDescription {
  const name = program.name;
  const address = programAddress(program.publicKey, hints, name);

  const definedTypes = program.definedTypes;
  const enums = new Map<string, Node>();
  for (const d of definedTypes) {
    const type = isJson(d.type) ? d.type : undefined;
    if (type?.kind === 'enumTypeNode') enums.set(String(d.name), type as Node);
  }

  const types = new Map<string, TypeDef>();
  for (const d of definedTypes) {
    try {
      const typeName = text(d.name, 'type name');
      if (!types.has(typeName)) types.set(typeName, { name: typeName, type: codamaType(d.type), serialization: 'borsh' });
    } catch (error) {
      skip(hints, `type ${String(d.name)}`, error);
    }
  }

  const accounts: AccountDesc[] = [];
  for (const a of program.accounts) {
    try {
      const accountName = text(a.name, 'account name');
      const data = node(a.data, `account ${accountName} data`);
      const discriminators = nodes(a.discriminators, 'discriminators');
      let desc: AccountDesc;
      if (data.kind === 'structTypeNode') {
        const { discriminator, rest, size } = leadingDiscriminator(nodes(data.fields, 'fields'), discriminators, enums);
        const fields = discriminator.length > 0 && rest[0]?.name === hints.accountFieldIsDiscriminator ? rest.slice(1) : rest;
        desc = {
          name: accountName,
          discriminator,
          type: { kind: 'struct', fields: structFields({ kind: 'structTypeNode', fields }) },
          serialization: 'borsh',
        };
        if (size !== undefined) desc.size = size;
      } else {
        if (discriminators.length > 0) throw new Error(`discriminators on ${data.kind} data are not supported`);
        desc = { name: accountName, discriminator: new Uint8Array(0), type: codamaType(data), serialization: 'borsh' };
      }
      // Other types may link to an account by name (Raydium's `fees`), as to a defined type.
      if (!types.has(accountName)) types.set(accountName, { name: accountName, type: codamaType(data), serialization: 'borsh' });
      accounts.push(desc);
    } catch (error) {
      skip(hints, `account ${String(a.name)}`, error);
    }
  }

  const instructions: InstructionDesc[] = [];
  for (const ix of program.instructions) {
    try {
      const ixName = text(ix.name, 'instruction name');
      const { discriminator, rest, size } = leadingDiscriminator(
        nodes(ix.arguments, 'arguments'),
        nodes(ix.discriminators, 'discriminators'),
        enums,
      );
      if (size !== undefined) throw new Error('instructions told apart by data length are not supported');
      instructions.push({
        name: ixName,
        discriminator,
        accounts: nodes(ix.accounts, 'instruction accounts').map((acc): InstructionAccount => ({
          name: text(acc.name, 'account name'),
          writable: acc.isWritable === true,
          signer: signerOf(acc.isSigner),
          optional: acc.isOptional === true,
        })),
        args: rest.map((arg) => ({ name: text(arg.name, 'argument name'), type: codamaType(arg.type) })),
        ...(ix.optionalAccountStrategy === 'omitted' && { optionalAccounts: 'omitted' as const }),
      });
    } catch (error) {
      skip(hints, `instruction ${String(ix.name)}`, error);
    }
  }

  const events: EventDesc[] = [];
  for (const e of program.events) {
    try {
      const eventName = text(e.name, 'event name');
      const data = node(e.data, `event ${eventName} data`);
      const discriminators = nodes(e.discriminators, 'discriminators');
      if (data.kind === 'hiddenPrefixTypeNode') {
        // Anchor events in Codama: the discriminator is a hidden prefix in front of the struct.
        const prefix = concat(nodes(data.prefix, 'hidden prefix').map(constant));
        const [d] = discriminators;
        const declared =
          discriminators.length === 1 && d.kind === 'constantDiscriminatorNode' && d.offset === 0
            ? constant(node(d.constant, 'constant'))
            : undefined;
        if (declared === undefined || !sameBytes(prefix, declared)) throw new Error('the hidden prefix is not the discriminator');
        events.push({ name: eventName, discriminator: prefix, type: codamaType(data.type) });
      } else if (data.kind === 'structTypeNode') {
        const fields = nodes(data.fields, 'fields');
        const prefix = prefixedEvent(fields, discriminators, enums);
        if (prefix !== undefined) {
          events.push({ name: eventName, discriminator: prefix, type: { kind: 'struct', fields: structFields(data) } });
          continue;
        }
        const { discriminator, rest, size } = leadingDiscriminator(fields, discriminators, enums);
        if (size !== undefined) throw new Error('events told apart by data length are not supported');
        events.push({
          name: eventName,
          discriminator,
          type: { kind: 'struct', fields: structFields({ kind: 'structTypeNode', fields: rest }) },
        });
      } else {
        throw new Error(`event data ${data.kind} is not supported`);
      }
    } catch (error) {
      skip(hints, `event ${String(e.name)}`, error);
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
