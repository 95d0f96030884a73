/**
 * Codama's type, value and count nodes (modelled on @codama/nodes), as far as the Codama reader
 * reads them, and their check. The check follows the reader's order within a node and throws the
 * words the reader threw when it still checked as it read. A node the reader cannot use as written
 * but names in its refusal (a kind it does not describe, a number value that is not an integer) is
 * kept as an `OtherNode`, so the reader refuses it where it meets it, as it always did: the same
 * node may be a constant's type, which the reader encodes, or a field's type, which it describes.
 */
import { type Checked, type Json, checked, json, list, text } from './json.js';

/** Any node, before its kind is looked at. */
export type CodamaNode = Json & { kind: string };

function hasKind(n: Json): n is CodamaNode {
  return typeof n.kind === 'string';
}

export function node(value: unknown, what: string): CodamaNode {
  const n = json(value, what);
  if (!hasKind(n)) throw new Error(`${what} has no kind`);
  return n;
}

/** Each node of a list (absent: none), every one checked to be a node before any is read further. */
export function nodes<T>(value: unknown, what: string, read: (n: CodamaNode, index: number) => T): T[] {
  return list(value ?? [], what)
    .map((n) => node(n, what))
    .map(read);
}

/** A node of a kind the reader does not read, or cannot use as written; `of` is the kind it was written with. */
export interface OtherNode {
  kind: 'other';
  of: string;
}

export function kindName(n: { kind: string } | OtherNode): string {
  return 'of' in n ? n.of : n.kind;
}

export type NumberFormat = 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'i8' | 'i16' | 'i32' | 'i64' | 'i128' | 'f32' | 'f64' | 'shortU16';
const numberFormats: readonly NumberFormat[] = [
  'u8',
  'u16',
  'u32',
  'u64',
  'u128',
  'i8',
  'i16',
  'i32',
  'i64',
  'i128',
  'f32',
  'f64',
  'shortU16',
];

/** Little-endian unless `endian` is `be`, which the check accepts only for an integer read as a value. */
export interface NumberTypeNode {
  kind: 'numberTypeNode';
  format: NumberFormat;
  endian?: 'be';
}

export type BytesEncoding = 'utf8' | 'base16' | 'base58' | 'base64';
const bytesEncodings: readonly BytesEncoding[] = ['utf8', 'base16', 'base58', 'base64'];

export type CountNode =
  { kind: 'fixedCountNode'; value: number } | { kind: 'prefixedCountNode'; prefix: NumberTypeNode } | { kind: 'remainderCountNode' };

export interface StructFieldTypeNode {
  name: string;
  type: CodamaTypeNode;
  /** Read only where the field is a discriminator, so a fault in it costs nothing elsewhere. */
  defaultValue?: Checked<CodamaValueNode>;
  defaultValueStrategy?: 'omitted' | 'optional';
}

export interface StructTypeNode {
  kind: 'structTypeNode';
  fields: StructFieldTypeNode[];
}

export interface TupleTypeNode {
  kind: 'tupleTypeNode';
  items: CodamaTypeNode[];
}

/** `discriminator`: the tag it is written with, where it is not its position. */
export type EnumVariantTypeNode = { name: string; discriminator?: number } & (
  | { kind: 'enumEmptyVariantTypeNode' }
  | { kind: 'enumStructVariantTypeNode'; struct: StructTypeNode }
  | { kind: 'enumTupleVariantTypeNode'; tuple: TupleTypeNode }
);

export interface ConstantValueNode {
  kind: 'constantValueNode';
  type: CodamaTypeNode;
  value: CodamaValueNode;
}

export type CodamaTypeNode =
  | NumberTypeNode
  | { kind: 'amountTypeNode' | 'dateTimeTypeNode' | 'solAmountTypeNode'; number: CodamaTypeNode }
  | { kind: 'booleanTypeNode'; size?: NumberTypeNode }
  | { kind: 'publicKeyTypeNode' }
  /** Absent `encoding`: UTF-8. */
  | { kind: 'stringTypeNode'; encoding?: BytesEncoding }
  | { kind: 'bytesTypeNode' }
  | { kind: 'sizePrefixTypeNode'; type: CodamaTypeNode; prefix: NumberTypeNode }
  | { kind: 'fixedSizeTypeNode'; size: number; type: CodamaTypeNode }
  | { kind: 'arrayTypeNode' | 'setTypeNode'; item: CodamaTypeNode; count: CountNode }
  | { kind: 'mapTypeNode'; key: CodamaTypeNode; value: CodamaTypeNode; count: CountNode }
  | TupleTypeNode
  | StructTypeNode
  | { kind: 'enumTypeNode'; size?: NumberTypeNode; variants: EnumVariantTypeNode[] }
  | { kind: 'optionTypeNode'; item: CodamaTypeNode; prefix?: NumberTypeNode; fixed: boolean }
  /** `zeroValue`: whether None is written otherwise than as zero bytes (Codama's `zeroValue` constant, not read further). */
  | { kind: 'zeroableOptionTypeNode'; item: CodamaTypeNode; zeroValue: boolean }
  | { kind: 'remainderOptionTypeNode'; item: CodamaTypeNode }
  | { kind: 'hiddenPrefixTypeNode'; prefix: ConstantValueNode[]; type: CodamaTypeNode }
  /** `ofProgram`: the link names another program's type (Codama's `program`), which the reader cannot follow. */
  | { kind: 'definedTypeLinkNode'; name: string; ofProgram: boolean }
  /** Only the `padded` strategy with a length (zero bytes before the value); the other offsets are `OtherNode`s. */
  | { kind: 'preOffsetTypeNode'; offset: number; type: CodamaTypeNode }
  | OtherNode;

/** An integer only, the one kind of number the reader encodes; any other number is an `OtherNode`. */
export interface NumberValueNode {
  kind: 'numberValueNode';
  number: number;
}

/** A unit variant only, the one kind of enum value the reader encodes; one with a payload is an `OtherNode`. */
export interface EnumValueNode {
  kind: 'enumValueNode';
  variant: string;
}

export type CodamaValueNode =
  NumberValueNode | { kind: 'bytesValueNode'; data: string; encoding: BytesEncoding } | EnumValueNode | OtherNode;

function isLength(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * A number node where the reader needs one (a prefix, a tag or size): it has only ever read its
 * format, whatever its kind. Prefixes, tags and sizes are read little-endian, so only a value
 * (`asValue`) may be a big-endian integer.
 */
export function checkNumber(value: unknown, what: string, asValue = false): NumberTypeNode {
  const n = node(value, what);
  const written = String(n.format);
  const format = numberFormats.find((f) => f === written);
  if (format === undefined) throw new Error(`unknown number format ${JSON.stringify(n.format)}`);
  if (n.endian === undefined || n.endian === 'le') return { kind: 'numberTypeNode', format };
  if (n.endian !== 'be') throw new Error(`unknown endianness ${JSON.stringify(n.endian)} (${written})`);
  if (!asValue || !/^[ui]\d+$/.test(format)) throw new Error(`big-endian ${written} is only read as an integer value`);
  return { kind: 'numberTypeNode', format, endian: 'be' };
}

function optionalNumber(value: unknown, what: string): NumberTypeNode | undefined {
  return value === undefined ? undefined : checkNumber(value, what);
}

function checkCount(value: unknown): CountNode {
  const count = node(value, 'count');
  switch (count.kind) {
    case 'fixedCountNode':
      if (!isLength(count.value)) throw new Error('fixed count is not a length');
      return { kind: count.kind, value: count.value };
    case 'prefixedCountNode':
      return { kind: count.kind, prefix: checkNumber(count.prefix, 'count prefix') };
    case 'remainderCountNode':
      return { kind: count.kind };
  }
  throw new Error(`unknown count ${count.kind}`);
}

function checkField(f: CodamaNode, nameWhat: string): StructFieldTypeNode {
  const field: StructFieldTypeNode = { name: text(f.name, nameWhat), type: checkType(f.type) };
  if (f.defaultValue !== undefined) field.defaultValue = checked(f.defaultValue, (v) => checkValue(node(v, 'value')));
  if (f.defaultValueStrategy === 'omitted' || f.defaultValueStrategy === 'optional') field.defaultValueStrategy = f.defaultValueStrategy;
  return field;
}

/** Struct fields, and (the same shape) an instruction's arguments. */
export function checkFields(value: unknown, what: string, nameWhat = 'field name'): StructFieldTypeNode[] {
  return nodes(value, what, (f) => checkField(f, nameWhat));
}

function checkVariant(v: CodamaNode): EnumVariantTypeNode {
  const name = text(v.name, 'variant name');
  const variant = { name, ...variantTag(v) };
  switch (v.kind) {
    case 'enumEmptyVariantTypeNode':
      return { ...variant, kind: v.kind };
    case 'enumStructVariantTypeNode': {
      const struct = node(v.struct, `variant ${name}`);
      // The description's variants hold plain fields; Token-2022 wraps each extension's struct in a u16 size prefix.
      if (struct.kind !== 'structTypeNode') throw new Error(`variant ${name}: ${struct.kind} around the variant's fields is not supported`);
      return { ...variant, kind: v.kind, struct: { kind: struct.kind, fields: checkFields(struct.fields, 'struct fields') } };
    }
    case 'enumTupleVariantTypeNode': {
      const tuple = node(v.tuple, `variant ${name}`);
      if (tuple.kind !== 'tupleTypeNode') throw new Error(`variant ${name}: ${tuple.kind} around the variant's items is not supported`);
      return { ...variant, kind: v.kind, tuple: { kind: tuple.kind, items: nodes(tuple.items, 'tuple items', checkTypeNode) } };
    }
  }
  throw new Error(`unknown variant ${v.kind}`);
}

/** A variant's declared tag (absent, or null, for its position). */
export function variantTag(v: Json): { discriminator?: number } {
  const tag = v.discriminator ?? undefined;
  if (tag !== undefined && !isLength(tag)) throw new Error(`variant ${String(v.name)} discriminator is not a tag`);
  return tag === undefined ? {} : { discriminator: tag };
}

export function checkConstant(c: CodamaNode): ConstantValueNode {
  if (c.kind !== 'constantValueNode') throw new Error(`${c.kind} is not a constant`);
  const value = checkValue(node(c.value, 'value'));
  return { kind: c.kind, value, type: checkType(c.type) };
}

function checkValue(v: CodamaNode): CodamaValueNode {
  switch (v.kind) {
    case 'numberValueNode':
      if (typeof v.number === 'number' && Number.isSafeInteger(v.number)) return { kind: v.kind, number: v.number };
      break;
    case 'bytesValueNode': {
      if (typeof v.data !== 'string') throw new Error('bytes value without data');
      const encoding = bytesEncodings.find((e) => e === v.encoding);
      if (encoding === undefined) throw new Error(`unknown bytes encoding ${JSON.stringify(v.encoding)}`);
      return { kind: v.kind, data: v.data, encoding };
    }
    case 'enumValueNode':
      if (v.value === undefined && typeof v.variant === 'string') return { kind: v.kind, variant: v.variant };
      break;
  }
  return { kind: 'other', of: v.kind };
}

export function checkType(value: unknown, what = 'type'): CodamaTypeNode {
  return checkTypeNode(node(value, what));
}

/** A struct, with the name its fields' list is refused under. */
export function checkStruct(n: CodamaNode, fieldsWhat: string): StructTypeNode {
  return { kind: 'structTypeNode', fields: checkFields(n.fields, fieldsWhat) };
}

function checkTypeNode(n: CodamaNode): CodamaTypeNode {
  switch (n.kind) {
    case 'numberTypeNode':
      return checkNumber(n, 'type', true);
    case 'amountTypeNode':
    case 'dateTimeTypeNode':
    case 'solAmountTypeNode':
      return { kind: n.kind, number: checkType(n.number) };
    case 'booleanTypeNode':
      return { kind: n.kind, size: optionalNumber(n.size, 'boolean size') };
    case 'publicKeyTypeNode':
    case 'bytesTypeNode':
      return { kind: n.kind };
    case 'stringTypeNode': {
      if (n.encoding === undefined) return { kind: n.kind };
      const encoding = bytesEncodings.find((e) => e === n.encoding);
      if (encoding === undefined) throw new Error(`unknown string encoding ${JSON.stringify(n.encoding)}`);
      return { kind: n.kind, encoding };
    }
    case 'sizePrefixTypeNode': {
      const type = checkType(n.type, 'size-prefixed type');
      return { kind: n.kind, type, prefix: checkNumber(n.prefix, 'size prefix') };
    }
    case 'fixedSizeTypeNode':
      if (!isLength(n.size)) throw new Error('fixed size is not a length');
      return { kind: n.kind, size: n.size, type: checkType(n.type, 'fixed-size type') };
    case 'arrayTypeNode':
    case 'setTypeNode': {
      const item = checkType(n.item);
      return { kind: n.kind, item, count: checkCount(n.count) };
    }
    case 'mapTypeNode': {
      const count = checkCount(n.count);
      return { kind: n.kind, count, key: checkType(n.key), value: checkType(n.value) };
    }
    case 'tupleTypeNode':
      return { kind: n.kind, items: nodes(n.items, 'tuple items', checkTypeNode) };
    case 'structTypeNode':
      return checkStruct(n, 'struct fields');
    case 'enumTypeNode': {
      const size = optionalNumber(n.size, 'enum size');
      return { kind: n.kind, size, variants: nodes(n.variants, 'enum variants', checkVariant) };
    }
    case 'optionTypeNode': {
      const item = checkType(n.item);
      return { kind: n.kind, item, prefix: optionalNumber(n.prefix, 'option prefix'), fixed: n.fixed === true };
    }
    case 'zeroableOptionTypeNode':
      return { kind: n.kind, item: checkType(n.item), zeroValue: n.zeroValue !== undefined };
    case 'remainderOptionTypeNode':
      return { kind: n.kind, item: checkType(n.item) };
    case 'hiddenPrefixTypeNode': {
      const prefix = nodes(n.prefix, 'hidden prefix', checkConstant);
      return { kind: n.kind, prefix, type: checkType(n.type) };
    }
    case 'definedTypeLinkNode':
      return { kind: n.kind, name: text(n.name, 'type link'), ofProgram: n.program !== undefined };
    case 'preOffsetTypeNode':
      if (n.strategy === 'padded' && isLength(n.offset)) return { kind: n.kind, offset: n.offset, type: checkType(n.type) };
      break;
  }
  return { kind: 'other', of: n.kind };
}
