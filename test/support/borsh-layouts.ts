/**
 * A second interpreter of the project's ProgramDescription: each TypeNode becomes a
 * @coral-xyz/borsh (buffer-layout) Layout, and the decoded value is converted to the gateway's
 * rendering (README "explorerkit output": wide integers as decimal strings, pubkeys in base58,
 * enums as their variant name or `{Variant: …}`, camelCase keys by Anchor's own rule). Nothing here
 * imports src/decode: the point is to disagree with it when it is wrong.
 *
 * Node kinds Borsh cannot express (zeroable and remainder options, remainder sizes, Codama's
 * fixed-size windows and hidden prefixes, shortU16, wide bools, repr(C) padding) throw
 * `Unsupported`; the caller counts the items they make untranslatable.
 */
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import * as borsh from '@coral-xyz/borsh';
import type { PublicKey } from '@solana/web3.js';
import { getBase58Decoder } from '@solana/kit';
import { convertIdlToCamelCase } from '@coral-xyz/anchor/dist/cjs/idl.js';
import type {
  AccountDesc,
  EventDesc,
  Field,
  InstructionDesc,
  ProgramDescription,
  Repr,
  SizeRule,
  TypeNode,
  Variant,
} from '../../src/idl/description.js';
import type { ProgramRegistry } from '../../src/decode/registry.js';
import type { DecodedAccount } from '../../src/decode/compile.js';

/** The subset of buffer-layout used here; borsh's own layouts are instances of its Layout class. */
interface Layout {
  span: number;
  property?: string;
  decode(b: Buffer, offset?: number): any;
  getSpan(b?: Buffer, offset?: number): number;
  replicate(property: string): Layout;
}
interface UnionLayout extends Layout {
  addVariant(variant: number, layout: Layout | null, property: string): Layout;
  registry: Record<number, Layout>;
}
interface BufferLayoutModule {
  Layout: new (span: number, property?: string) => Layout;
  struct(fields: Layout[], property?: string): Layout;
  seq(item: Layout, count: number | Layout, property?: string): Layout;
  offset(layout: Layout, offset: number, property?: string): Layout;
  blob(length: number | Layout, property?: string): Layout;
  union(discriminator: Layout, defaultLayout?: Layout | null, property?: string): UnionLayout;
  u8(property?: string): Layout;
  u16(property?: string): Layout;
  u32(property?: string): Layout;
}

// The very buffer-layout instance @coral-xyz/borsh is built on: its struct/seq/union check their
// parts with instanceof, so custom layouts must extend that module's Layout.
const fromBorsh = createRequire(createRequire(import.meta.url).resolve('@coral-xyz/borsh'));
const BL = fromBorsh('buffer-layout') as BufferLayoutModule;

export class Unsupported extends Error {
  constructor(readonly nodeKind: string) {
    super(`not expressible in Borsh: ${nodeKind}`);
  }
}

/** Anchor's TypeScript client camelCases names with convertIdlToCamelCase; the gateway promises the same keys. */
const camelNames = new Map<string, string>();
export function anchorCamelCase(name: string): string {
  let out = camelNames.get(name);
  if (out === undefined) {
    // It converts every `name` member of the document it is given; a one-member document is one name.
    const document: any = { name };
    out = (convertIdlToCamelCase(document) as { name: string }).name;
    camelNames.set(name, out);
  }
  return out;
}

// ---- Layouts the library lacks, built on its Layout class ----

/** A layout whose decoded value is converted to the gateway's rendering. */
class Mapped extends BL.Layout {
  constructor(
    private readonly inner: Layout,
    private readonly convert: (v: any) => unknown,
    property?: string,
  ) {
    super(inner.span, property);
  }
  decode(b: Buffer, offset = 0): unknown {
    return this.convert(this.inner.decode(b, offset));
  }
  getSpan(b?: Buffer, offset = 0): number {
    return this.span >= 0 ? this.span : this.inner.getSpan(b, offset);
  }
}

/**
 * buffer-layout reads pubkeys, wide integers and byte runs as blobs, which take whatever bytes
 * remain without complaint (a pubkey from no bytes at all); read inside a collection with a hostile
 * count they would never fail. These leaves refuse to start past what the data holds.
 */
class Bounded extends BL.Layout {
  constructor(
    private readonly inner: Layout,
    property?: string,
  ) {
    super(inner.span, property);
  }
  decode(b: Buffer, offset = 0): unknown {
    if (offset + this.getSpan(b, offset) > b.length) throw new RangeError('value beyond the data');
    return this.inner.decode(b, offset);
  }
  getSpan(b?: Buffer, offset = 0): number {
    return this.span >= 0 ? this.span : this.inner.getSpan(b, offset);
  }
}

const bounded = (layout: unknown): Layout => new Bounded(layout as Layout);

/**
 * Option whose tag is `tagBytes` wide, and whose None still occupies the value's bytes when
 * `fixed` (SPL's COption: 4-byte tag, zeroed value).
 */
class FixedOption extends BL.Layout {
  constructor(
    private readonly item: Layout,
    private readonly tagBytes: 1 | 4,
    property?: string,
  ) {
    super(item.span >= 0 ? tagBytes + item.span : -1, property);
    if (item.span < 0) throw new Unsupported('fixed option of a variable-size value');
  }
  private tag(b: Buffer, offset: number): number {
    const t = this.tagBytes === 1 ? b.readUInt8(offset) : b.readUInt32LE(offset);
    if (t !== 0 && t !== 1) throw new Error(`invalid option tag ${t}`);
    return t;
  }
  decode(b: Buffer, offset = 0): unknown {
    if (offset + this.span > b.length) throw new RangeError('option beyond the data');
    return this.tag(b, offset) === 0 ? null : this.item.decode(b, offset + this.tagBytes);
  }
  getSpan(): number {
    return this.span;
  }
}

/**
 * A struct that instruction or event data may end between two fields of (README: programs that
 * append arguments keep accepting older clients' shorter data): once the data is exhausted after
 * at least one field, a field that cannot be read from nothing and all after it are left out.
 */
class OpenStruct extends BL.Layout {
  constructor(
    private readonly fields: Layout[],
    property?: string,
  ) {
    super(-1, property);
  }
  private walk(b: Buffer, offset: number, out: Record<string, unknown> | undefined): number {
    let at = offset;
    for (let i = 0; i < this.fields.length; i++) {
      const field = this.fields[i];
      if (i > 0 && at === b.length && !readsFromNothing(field, b, at)) break;
      const value: unknown = out === undefined ? undefined : field.decode(b, at);
      const span = field.getSpan(b, at);
      if (out !== undefined) out[field.property as string] = value;
      at += span;
    }
    return at - offset;
  }
  decode(b: Buffer, offset = 0): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.walk(b, offset, out);
    return out;
  }
  getSpan(b?: Buffer, offset = 0): number {
    if (b === undefined) throw new RangeError('indeterminate span');
    return this.walk(b, offset, undefined);
  }
}

/** Whether a field occupies no bytes here (an empty struct or array), so data that has ended still holds it. */
function readsFromNothing(field: Layout, b: Buffer, at: number): boolean {
  try {
    return field.getSpan(b, at) === 0;
  } catch {
    return false;
  }
}

/**
 * What hand-written descriptions call `remainder`: items (or bytes, when `item` is null) up to the
 * end of the data, no count before them. Borsh has no such thing; the data's own end is the count.
 */
class Rest extends BL.Layout {
  constructor(
    private readonly item: Layout | null,
    property?: string,
  ) {
    super(-1, property);
  }
  decode(b: Buffer, offset = 0): unknown {
    if (this.item === null) return b.subarray(offset);
    const out: unknown[] = [];
    for (let at = offset; at < b.length;) {
      const span = this.item.getSpan(b, at);
      if (span <= 0 || at + span > b.length) throw new RangeError('an item that does not fit the rest of the data');
      out.push(this.item.decode(b, at));
      at += span;
    }
    return out;
  }
  getSpan(b?: Buffer, offset = 0): number {
    if (b === undefined) throw new RangeError('indeterminate span');
    return b.length - offset;
  }
}

/** A named type's layout, filled in after its body is built, so a type may contain itself. */
class Deferred extends BL.Layout {
  target: Layout | undefined;
  constructor(property?: string) {
    super(-1, property);
  }
  decode(b: Buffer, offset = 0): unknown {
    return (this.target as Layout).decode(b, offset);
  }
  getSpan(b?: Buffer, offset = 0): number {
    if (b === undefined) throw new RangeError('indeterminate span');
    return (this.target as Layout).getSpan(b, offset);
  }
}

// ---- Conversions to the gateway's rendering ----

const base58 = getBase58Decoder();

// Rust's String::from_utf8 refuses invalid UTF-8 and keeps a leading BOM.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function textOf(bytes: Buffer, encoding: 'utf8' | 'base16' | 'base58' | 'base64'): string {
  switch (encoding) {
    case 'utf8':
      return strictUtf8.decode(bytes);
    case 'base16':
      return bytes.toString('hex');
    case 'base58':
      return base58.decode(bytes);
    case 'base64':
      return bytes.toString('base64');
  }
}

const bigText = (v: { toString(base: number): string }): string => v.toString(10);
const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** Map keys become property names: text as it is, numbers and booleans in decimal, composite keys as JSON. */
function keyText(k: unknown): string {
  return typeof k === 'string' ? k : typeof k === 'object' && k !== null ? JSON.stringify(k) : String(k);
}

function entriesToObject(entries: { key: unknown; value: unknown }[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of entries) {
    Object.defineProperty(out, keyText(key), { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

// ---- repr(C) ----

/**
 * Size and alignment of a fixed-size value under repr(C), with u128/i128 aligned to `wide`: 16 on
 * x86_64 since Rust 1.77, 8 before and on the SBF target. A zero-copy (Pod) type has no padding, so
 * where neither choice puts padding anywhere the type's bytes are the same as Borsh's sequential
 * layout; a type with padding is not translated.
 */
interface CShape {
  size: number;
  align: number;
}

// ---- The translator ----

type Bound = { node: TypeNode; env: Env } | number;
type Env = ReadonlyMap<string, Bound>;
const NO_ENV: Env = new Map();

export class BorshTranslator {
  private readonly cache = new Map<string, Layout>();

  constructor(private readonly description: ProgramDescription) {}

  /** The arguments after the discriminator; the data may stop between trailing fields. */
  instruction(ix: InstructionDesc): Layout {
    return this.struct(ix.args, NO_ENV, true);
  }

  account(account: AccountDesc): Layout {
    if (isCLayout(account.serialization, account.repr)) this.assertNoPadding(account.type, NO_ENV, account.repr);
    return this.node(account.type, NO_ENV, false);
  }

  event(event: EventDesc): Layout {
    return this.node(event.type, NO_ENV, true);
  }

  node(node: TypeNode, env: Env, open: boolean): Layout {
    switch (node.kind) {
      case 'int':
        return node.endian === 'be' ? bigEndianIntLayout(node.bytes, node.signed) : intLayout(node.bytes, node.signed);
      case 'float':
        return new Mapped(node.bytes === 4 ? borsh.f32() : borsh.f64(), finite);
      case 'bool':
        if ((node.bytes ?? 1) !== 1) throw new Unsupported(`bool of ${node.bytes} bytes`);
        return borsh.bool();
      case 'pubkey':
        return new Mapped(bounded(borsh.publicKey()), (k: PublicKey) => k.toBase58());
      case 'string': {
        const encoding = node.encoding ?? 'utf8';
        if (node.size.kind === 'fixed') {
          // Fixed-size text fields are NUL-padded; the gateway shows the text without the padding.
          return new Mapped(bounded(BL.blob(node.size.bytes)), (b: Buffer) => {
            let end = b.length;
            if (encoding === 'utf8') while (end > 0 && b[end - 1] === 0) end--;
            return textOf(b.subarray(0, end), encoding);
          });
        }
        return new Mapped(this.byteRun(node.size), (b: Buffer) => textOf(b, encoding));
      }
      case 'bytes':
        if (node.size.kind === 'fixed') return new Mapped(bounded(BL.blob(node.size.bytes)), (b: Buffer) => Array.from(b));
        return new Mapped(this.byteRun(node.size), (b: Buffer) => Array.from(b));
      case 'option': {
        const item = this.node(node.item, env, false);
        if (node.fixed) return new FixedOption(item, node.tag);
        if (node.tag !== 1) throw new Unsupported('option with a 4-byte tag and no fixed size');
        return borsh.option(item as any);
      }
      case 'vec': {
        const item = this.node(node.item, env, false);
        if (node.size.kind === 'fixed') return this.array(item, node.size.bytes);
        if (node.size.kind === 'remainder') return new Rest(item);
        if (item.span === 0) throw new Unsupported('collection of zero-size items');
        if (node.size.bytes === 4) return borsh.vec(item as any);
        return new Mapped(
          this.counted(node.size.bytes, (count) => BL.seq(item, count, 'values')),
          (v: { values: unknown[] }) => v.values,
        );
      }
      case 'array': {
        const length = typeof node.length === 'number' ? node.length : env.get(node.length.generic);
        if (typeof length !== 'number') throw new Unsupported('array with an unbound length');
        return this.array(this.node(node.item, env, false), length);
      }
      case 'tuple':
        return this.tuple(node.items.map((t) => this.node(t, env, false)));
      case 'struct':
        return this.struct(node.fields, env, open);
      case 'enum':
        return this.enumeration(node.variants, node.tag, env, open);
      case 'map': {
        if (node.size.kind !== 'prefix') throw new Unsupported(`map of ${node.size.kind} size`);
        // Not borsh.map: its entries measure the value's span at the key's offset, so a map whose
        // values vary in size (String, Vec) is misread from its second entry on.
        const entry = BL.struct([this.node(node.key, env, false).replicate('key'), this.node(node.value, env, false).replicate('value')]);
        if (entry.span === 0) throw new Unsupported('map of zero-size entries');
        return new Mapped(
          this.counted(node.size.bytes, (count) => BL.seq(entry, count, 'values')),
          (v: { values: any[] }) => entriesToObject(v.values),
        );
      }
      case 'defined':
        return this.defined(
          node.name,
          (node.args ?? []).map((a) => bind(a, env)),
          open,
        );
      case 'generic': {
        const bound = env.get(node.name);
        if (bound === undefined || typeof bound === 'number') throw new Unsupported('unbound generic');
        return this.node(bound.node, bound.env, open);
      }
      case 'shortU16':
      case 'zeroableOption':
      case 'remainderOption':
      case 'fixedSize':
      case 'hiddenPrefix':
        throw new Unsupported(node.kind);
    }
  }

  private array(item: Layout, length: number): Layout {
    return borsh.array(item as any, length);
  }

  /** `count` items after a little-endian count of `bytes` bytes; a u64 count must fit in its low word. */
  private counted(bytes: 1 | 2 | 4 | 8, items: (count: Layout) => Layout): Layout {
    if (bytes === 8) {
      const low = BL.u32('length');
      return new Mapped(BL.struct([low, BL.u32('high'), items(BL.offset(low, -8))]), (v: { high: number; values: unknown }) => {
        if (v.high !== 0) throw new RangeError('count beyond any buffer');
        return v;
      });
    }
    const length = bytes === 1 ? BL.u8('length') : bytes === 2 ? BL.u16('length') : BL.u32('length');
    return BL.struct([length, items(BL.offset(length, -bytes))]);
  }

  /** A length-prefixed byte run, or the rest of the data (as a Buffer). */
  private byteRun(size: SizeRule): Layout {
    if (size.kind === 'remainder') return new Rest(null);
    if (size.kind === 'fixed') return bounded(BL.blob(size.bytes));
    if (size.bytes === 4) return bounded(borsh.vecU8());
    return new Mapped(bounded(this.counted(size.bytes, (count) => BL.blob(count, 'data'))), (v: { data: Buffer }) => v.data);
  }

  private tuple(items: Layout[]): Layout {
    return new Mapped(BL.struct(items.map((l, i) => l.replicate(String(i)))), (v: Record<string, unknown>) =>
      items.map((_l, i) => v[String(i)]),
    );
  }

  private struct(fields: Field[], env: Env, open: boolean): Layout {
    const layouts = fields.map((f) => this.node(f.type, env, open).replicate(anchorCamelCase(f.name)));
    return open ? new OpenStruct(layouts) : BL.struct(layouts);
  }

  /** Unit variant → its name; struct variant → {Name: {…}}; tuple variant → {Name: value} or {Name: [values]}. */
  private enumeration(variants: Variant[], tag: 1 | 2 | 4, env: Env, open: boolean): Layout {
    const discriminator = tag === 1 ? BL.u8() : tag === 2 ? BL.u16() : BL.u32();
    const union = BL.union(discriminator, null);
    const units = new Set<string>();
    for (const v of variants) {
      // The first variant declared with a value is the one the value means.
      if (union.registry[v.value] !== undefined) continue;
      let body: Layout | null = null;
      if (v.fields !== undefined && v.fields.length > 0) body = this.struct(v.fields, env, open);
      else if (v.tuple !== undefined && v.tuple.length === 1) body = this.node(v.tuple[0], env, open);
      else if (v.tuple !== undefined && v.tuple.length > 1) body = this.tuple(v.tuple.map((t) => this.node(t, env, false)));
      if (body === null) units.add(v.name);
      union.addVariant(v.value, body, v.name);
    }
    return new Mapped(union, (decoded: Record<string, unknown>) => {
      const [name] = Object.keys(decoded);
      return units.has(name) ? name : { [name]: decoded[name] };
    });
  }

  private defined(name: string, args: Bound[], open: boolean): Layout {
    const key = `${name}<${args.map(boundKey).join(',')}>${open ? ' open' : ''}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    const def = this.description.types.get(name);
    if (def === undefined) throw new Unsupported('undefined type');
    const params = def.generics ?? [];
    if (params.length !== args.length) throw new Unsupported('generic arity');
    const env = new Map<string, Bound>(params.map((p, i) => [p.name, args[i]]));
    const deferred = new Deferred();
    this.cache.set(key, deferred);
    try {
      if (isCLayout(def.serialization, def.repr)) this.assertNoPadding(def.type, env, def.repr);
      // A newtype renders as what it wraps.
      const body = def.type.kind === 'tuple' && def.type.items.length === 1 ? def.type.items[0] : def.type;
      const layout = this.node(body, env, open);
      deferred.target = layout;
      // Where nothing refers back to the type, its own layout is used directly (fixed spans stay known).
      if (this.cache.get(key) === deferred) this.cache.set(key, layout);
      return layout;
    } catch (error) {
      this.cache.delete(key);
      throw error;
    }
  }

  private assertNoPadding(node: TypeNode, env: Env, repr: Repr | undefined): void {
    for (const wide of [8, 16]) {
      const shape = this.cShape(node, env, wide, repr?.align ?? 1, 0);
      if (shape === 'padded') throw new Unsupported('repr(C) padding');
    }
  }

  /** repr(C) shape of a type, or 'padded' when padding appears anywhere inside it. */
  private cShape(node: TypeNode, env: Env, wide: number, reprAlign: number, depth: number): CShape | 'padded' {
    if (depth > 32) throw new Unsupported('repr(C) nesting');
    const next = (n: TypeNode, e: Env = env) => this.cShape(n, e, wide, 1, depth + 1);
    switch (node.kind) {
      case 'int':
        return { size: node.bytes, align: node.bytes === 16 ? wide : Math.min(node.bytes, 8) };
      case 'float':
        return { size: node.bytes, align: node.bytes };
      case 'bool':
        return { size: node.bytes ?? 1, align: node.bytes ?? 1 };
      case 'pubkey':
        return { size: 32, align: 1 };
      case 'string':
      case 'bytes':
        if (node.size.kind !== 'fixed') throw new Unsupported('variable-size field in repr(C)');
        return { size: node.size.bytes, align: 1 };
      case 'array': {
        const length = typeof node.length === 'number' ? node.length : env.get(node.length.generic);
        if (typeof length !== 'number') throw new Unsupported('array with an unbound length');
        const item = next(node.item);
        return item === 'padded' ? item : { size: item.size * length, align: item.align };
      }
      case 'tuple':
      case 'struct': {
        const parts = node.kind === 'tuple' ? node.items : node.fields.map((f) => f.type);
        let offset = 0;
        let align = reprAlign;
        for (const part of parts) {
          const shape = next(part);
          if (shape === 'padded' || offset % shape.align !== 0) return 'padded';
          offset += shape.size;
          align = Math.max(align, shape.align);
        }
        return offset % align === 0 ? { size: offset, align } : 'padded';
      }
      case 'enum':
        if (node.variants.some((v) => (v.fields?.length ?? 0) > 0 || (v.tuple?.length ?? 0) > 0)) {
          throw new Unsupported('enum with fields in repr(C)');
        }
        return { size: node.tag, align: node.tag };
      case 'defined': {
        const def = this.description.types.get(node.name);
        if (def === undefined) throw new Unsupported('undefined type');
        const inner = new Map<string, Bound>((def.generics ?? []).map((p, i) => [p.name, bind((node.args ?? [])[i], env)]));
        const shape = this.cShape(def.type, inner, wide, def.repr?.align ?? 1, depth + 1);
        if (shape === 'padded') return shape;
        // A packed type has no padding by construction and may start at any byte.
        return def.repr?.packed === true ? { size: shape.size, align: 1 } : shape;
      }
      case 'generic': {
        const bound = env.get(node.name);
        if (bound === undefined || typeof bound === 'number') throw new Unsupported('unbound generic');
        return this.cShape(bound.node, bound.env, wide, 1, depth + 1);
      }
      default:
        throw new Unsupported(`${node.kind} in repr(C)`);
    }
  }
}

/** Zero-copy data laid out with repr(C) rules; packed and transparent types are sequential. */
function isCLayout(serialization: string, repr: Repr | undefined): boolean {
  if (serialization === 'borsh') return false;
  return !(repr?.packed === true || repr?.kind === 'transparent');
}

function bind(arg: TypeNode | number | undefined, env: Env): Bound {
  if (arg === undefined) throw new Unsupported('generic arity');
  if (typeof arg === 'number') return arg;
  if (arg.kind === 'generic') {
    const bound = env.get(arg.name);
    if (bound !== undefined) return bound;
  }
  return { node: arg, env };
}

function boundKey(b: Bound): string {
  if (typeof b === 'number') return String(b);
  // Arguments referring to the caller's generics are keyed with what those are bound to.
  const resolved = JSON.stringify(b.node, (_k, v: unknown) => {
    if (v instanceof Uint8Array) return Array.from(v);
    if (typeof v === 'object' && v !== null && (v as TypeNode).kind === 'generic') {
      const inner = b.env.get((v as { name: string }).name);
      return inner === undefined ? v : boundKey(inner);
    }
    return v;
  });
  return resolved;
}

function intLayout(bytes: 1 | 2 | 4 | 8 | 16 | 32, signed: boolean): Layout {
  switch (bytes) {
    case 1:
      return signed ? borsh.i8() : borsh.u8();
    case 2:
      return signed ? borsh.i16() : borsh.u16();
    case 4:
      return signed ? borsh.i32() : borsh.u32();
    case 8:
      return new Mapped(bounded(signed ? borsh.i64() : borsh.u64()), bigText);
    case 16:
      return new Mapped(bounded(signed ? borsh.i128() : borsh.u128()), bigText);
    case 32:
      return new Mapped(bounded(signed ? borsh.i256() : borsh.u256()), bigText);
  }
}

/**
 * Borsh has no big-endian integers: the bytes are read as a hexadecimal number (two's complement
 * when signed), an arithmetic independent of both the little-endian layouts and the decoder's.
 */
function bigEndianIntLayout(bytes: 1 | 2 | 4 | 8 | 16 | 32, signed: boolean): Layout {
  return new Mapped(bounded(BL.blob(bytes)), (b: Buffer) => {
    let value = BigInt(`0x${b.toString('hex')}`);
    if (signed && value >= 1n << BigInt(8 * bytes - 1)) value -= 1n << BigInt(8 * bytes);
    // As the little-endian readers render them: numbers up to 32 bits, decimal text beyond.
    return bytes <= 4 ? Number(value) : value.toString(10);
  });
}

export type BorshOutcome = { value: unknown } | { refused: string };

/** Decodes `data` from `from` with a translated layout; a value whose span runs past the data is refused. */
export function borshDecode(layout: Layout, data: Uint8Array, from: number): BorshOutcome {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    const value = layout.decode(b, from);
    const span = layout.getSpan(b, from);
    if (from + span > b.length) return { refused: `needs ${from + span} bytes, has ${b.length}` };
    return { value };
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

/**
 * The second opinion on one account: the version of `owner` whose layout gave the gateway's
 * `value` for `bytes`, read again by @coral-xyz/borsh with that layout, which must give the same
 * value. Returns that version's decode and where borsh's layout stopped.
 */
export function borshRereadsAccount(
  registry: ProgramRegistry,
  owner: string,
  bytes: Uint8Array,
  value: unknown,
  label: string,
): { hit: DecodedAccount; end: number } {
  const chosen = registry
    .versions(owner)
    .map((program) => ({ program, hit: program.decodeAccount(bytes) }))
    .find(({ hit }) => hit !== null && isDeepStrictEqual(hit.value, value));
  assert.ok(chosen?.hit, `${label}: no version gives the decoded value`);
  const { account } = chosen.hit;
  const layout = new BorshTranslator(chosen.program.description).account(account);
  const from = account.discriminator.length;
  const theirs = borshDecode(layout, bytes, from);
  assert.ok('value' in theirs, `${label}: borsh refuses (${'refused' in theirs ? theirs.refused : ''})`);
  assert.deepEqual(chosen.hit.value, theirs.value, `${label}: borsh reads another value`);
  return { hit: chosen.hit, end: from + layout.getSpan(Buffer.from(bytes), from) };
}
