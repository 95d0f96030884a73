/**
 * Compiles a ProgramDescription into decoder functions.
 *
 * Each TypeNode becomes a closure `read(cursor) → value | FAIL` once, composed from the closures of
 * its parts, so decoding never looks at the description again. Closures rather than generated
 * source (new Function): names and shapes come from third-party IDLs, and closures cannot be
 * injected into, while V8 inlines these small monomorphic functions well enough that decoding cost
 * is dominated by building the output (strings for pubkeys and u64s).
 *
 * Alongside each reader the compiler tracks the minimum byte size of the type (so a vec whose
 * claimed count cannot fit in the remaining bytes fails before anything is allocated), its fixed
 * size when it has one (COption and zeroable options skip or test exactly that many bytes) and its
 * C alignment (for zero-copy layouts).
 */
import type {
  AccountDesc,
  EventDesc,
  Field,
  InstructionDesc,
  ProgramDescription,
  Repr,
  Serialization,
  SizeRule,
  TypeDef,
  TypeNode,
  Variant,
} from '../idl/description.js';
import { u16At, u32At } from '../codec/little-endian.js';
import { camelCase } from './names.js';
import {
  FAIL,
  boolReader,
  byteArray,
  cursorOver,
  failRead,
  floatReader,
  intReader,
  pubkeyReader,
  readLength,
  shortU16Reader,
  textOf,
  type Cursor,
  type Read,
} from './primitives.js';

/**
 * `exact`: the layout read every byte of the data and all of its own fields. A decode that stopped
 * before trailing fields, or left bytes over, is what an older or newer layout of the same program
 * gives: kept only when no version reads the bytes exactly.
 */
export interface DecodedInstruction {
  instruction: InstructionDesc;
  args: Record<string, unknown>;
  exact: boolean;
}
export interface DecodedAccount {
  account: AccountDesc;
  /** The rendered account type: an object for struct accounts (all Anchor and Shank accounts). */
  value: Record<string, unknown>;
  exact: boolean;
}
export interface DecodedEvent {
  event: EventDesc;
  value: Record<string, unknown>;
  exact: boolean;
}
export interface CompiledProgram {
  description: ProgramDescription;
  /**
   * null = not decoded (no discriminator matches, or the bytes do not fit the layout). Never throws.
   * Trailing bytes after a complete instruction are allowed. Longest matching discriminator wins;
   * among candidates with the same one, the first that reads the data exactly, else the first that reads it.
   */
  decodeInstruction(data: Uint8Array): DecodedInstruction | null;
  /**
   * Matches by discriminator prefix, else by exact `size` when the account declares one. Trailing bytes
   * allowed (accounts are often over-allocated). null when nothing matches or the layout does not fit. Never throws.
   */
  decodeAccount(data: Uint8Array): DecodedAccount | null;
  /** data = the bytes after Anchor's 8-byte event-CPI tag, i.e. starting with the event discriminator. */
  decodeEvent(data: Uint8Array): DecodedEvent | null;
}

interface Compiled {
  read: Read;
  /** Fewest bytes any value of the type occupies. */
  minSize: number;
  /** Exact size when every value occupies the same number of bytes. */
  fixedSize: number | undefined;
  /** Alignment under repr(C). */
  align: number;
}

/**
 * How struct fields are placed: one after another (Borsh, packed zero-copy, and every type whose
 * layout is not stated), or with repr(C) padding (zero-copy data).
 */
type Layout = 'sequential' | 'c';

/** Generic arguments of the type being compiled, already free of generic references. */
type Env = ReadonlyMap<string, TypeNode | number>;
const NO_GENERICS: Env = new Map();

/** Deeper nesting of a recursive type than any real program uses; bounds the stack hostile data can take. */
const MAX_RECURSION = 128;
/**
 * Named types being compiled inside one another. Real programs nest a handful deep; a generic type
 * that uses itself with ever-growing arguments (Foo<T> containing Foo<Vec<T>>) would otherwise
 * instantiate forever.
 */
const MAX_TYPE_NESTING = 64;

const failing: Compiled = { read: failRead, minSize: 0, fixedSize: undefined, align: 1 };

const alignUp = (n: number, align: number): number => n + ((align - (n % align)) % align);

function layoutOf(serialization: Serialization, repr: Repr | undefined): Layout {
  if (serialization === 'borsh') return 'sequential';
  // Anchor's #[zero_copy] implies repr(C); packed and transparent layouts have no padding.
  if (repr === undefined) return 'c';
  return repr.packed === true || repr.kind === 'transparent' ? 'sequential' : 'c';
}

/** Sets a property that may be `__proto__` without touching the prototype (names and map keys come from outside). */
function defineKey(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Stable identity of a closed TypeNode, for caching generic instantiations. */
function keyOf(arg: TypeNode | number): string {
  return JSON.stringify(arg, (_k, v: unknown) => (v instanceof Uint8Array ? Array.from(v) : v));
}

/** Replaces generic parameters by the caller's arguments, so an instantiation's key is self-contained. */
function substitute(node: TypeNode, env: Env): TypeNode {
  if (env.size === 0) return node;
  switch (node.kind) {
    case 'generic': {
      const bound = env.get(node.name);
      return bound === undefined || typeof bound === 'number' ? node : bound;
    }
    case 'option':
    case 'zeroableOption':
    case 'remainderOption':
    case 'vec':
    case 'fixedSize':
    case 'hiddenPrefix':
      return { ...node, item: substitute(node.item, env) };
    case 'array': {
      const length = typeof node.length === 'number' ? node.length : env.get(node.length.generic);
      return { ...node, item: substitute(node.item, env), length: typeof length === 'number' ? length : node.length };
    }
    case 'tuple':
      return { ...node, items: node.items.map((t) => substitute(t, env)) };
    case 'struct':
      return { ...node, fields: substituteFields(node.fields, env) };
    case 'enum':
      return {
        ...node,
        variants: node.variants.map((v) => ({
          ...v,
          fields: v.fields && substituteFields(v.fields, env),
          tuple: v.tuple && v.tuple.map((t) => substitute(t, env)),
        })),
      };
    case 'map':
      return { ...node, key: substitute(node.key, env), value: substitute(node.value, env) };
    case 'defined':
      return node.args ? { ...node, args: closeArgs(node.args, env) } : node;
    default:
      return node;
  }
}

/** Generic arguments in the caller's terms; a const parameter passed on (`Inner<N>`) becomes its number. */
function closeArgs(args: (TypeNode | number)[], env: Env): (TypeNode | number)[] {
  return args.map((a) => {
    if (typeof a === 'number') return a;
    if (a.kind === 'generic') {
      const bound = env.get(a.name);
      if (typeof bound === 'number') return bound;
    }
    return substitute(a, env);
  });
}

function substituteFields(fields: Field[], env: Env): Field[] {
  return fields.map((f) => ({ name: f.name, type: substitute(f.type, env) }));
}

interface DefinedEntry {
  /** Undefined while the type's own body is being compiled (a recursive reference meets it then). */
  compiled: Compiled | undefined;
}

class Compiler {
  private readonly defined = new Map<string, DefinedEntry>();
  private nesting = 0;

  constructor(private readonly types: ReadonlyMap<string, TypeDef>) {}

  node(node: TypeNode, env: Env, layout: Layout): Compiled {
    switch (node.kind) {
      case 'int':
        return { read: intReader(node.bytes, node.signed), minSize: node.bytes, fixedSize: node.bytes, align: Math.min(node.bytes, 16) };
      case 'shortU16':
        return { read: shortU16Reader, minSize: 1, fixedSize: undefined, align: 1 };
      case 'float':
        return { read: floatReader(node.bytes), minSize: node.bytes, fixedSize: node.bytes, align: node.bytes };
      case 'bool': {
        const bytes = node.bytes ?? 1;
        return { read: boolReader(bytes), minSize: bytes, fixedSize: bytes, align: bytes };
      }
      case 'pubkey':
        return { read: pubkeyReader, minSize: 32, fixedSize: 32, align: 1 };
      case 'string':
        return this.text(node.size, node.encoding ?? 'utf8');
      case 'bytes':
        return this.bytes(node.size);
      case 'option':
        return this.option(this.node(node.item, env, layout), node.tag, node.fixed);
      case 'zeroableOption':
        return this.zeroableOption(this.node(node.item, env, layout));
      case 'remainderOption':
        return this.remainderOption(this.node(node.item, env, layout));
      case 'vec':
        return this.vec(this.node(node.item, env, layout), node.size, node.item);
      case 'array': {
        const length = typeof node.length === 'number' ? node.length : env.get(node.length.generic);
        if (typeof length !== 'number') return failing;
        return this.array(this.node(node.item, env, layout), length, node.item);
      }
      case 'tuple':
        return this.tuple(node.items.map((t) => this.node(t, env, layout)));
      case 'struct':
        return this.struct(node.fields, env, layout, undefined);
      case 'enum':
        return this.enumeration(node.variants, node.tag, env, layout);
      case 'map':
        return this.map(this.node(node.key, env, layout), this.node(node.value, env, layout), node.size);
      case 'defined':
        return this.definedType(node.name, closeArgs(node.args ?? [], env));
      case 'generic': {
        const bound = env.get(node.name);
        // Arguments were closed over the caller's parameters, so they compile without an env.
        return bound === undefined || typeof bound === 'number' ? failing : this.node(bound, NO_GENERICS, layout);
      }
      case 'fixedSize':
        return this.fixedWindow(this.node(node.item, env, layout), node.bytes);
      case 'hiddenPrefix':
        return this.hiddenPrefix(node.prefix, this.node(node.item, env, layout));
    }
  }

  /**
   * Named types compile once per distinct argument list. The entry is registered before its body
   * is compiled, so a type that contains itself gets a reference to the cell instead of recursing.
   */
  definedType(name: string, args: (TypeNode | number)[]): Compiled {
    const key = args.length === 0 ? name : `${name}<${args.map(keyOf).join(',')}>`;
    const known = this.defined.get(key);
    if (known !== undefined) return known.compiled ?? recursiveReference(known);
    const def = this.types.get(name);
    const params = def?.generics ?? [];
    if (def === undefined || params.length !== args.length || this.nesting >= MAX_TYPE_NESTING) return failing;

    const entry: DefinedEntry = { compiled: undefined };
    this.defined.set(key, entry);
    const env = new Map<string, TypeNode | number>();
    params.forEach((p, i) => env.set(p.name, args[i]));
    const layout = layoutOf(def.serialization, def.repr);
    const body = def.type;
    this.nesting++;
    try {
      // A newtype renders as what it wraps.
      const inner = body.kind === 'tuple' && body.items.length === 1 ? body.items[0] : body;
      const compiled = this.top(inner, env, layout, def.repr?.align);
      // A packed type may start at any byte inside a repr(C) parent.
      entry.compiled = def.repr?.packed === true ? { ...compiled, align: 1 } : compiled;
    } finally {
      this.nesting--;
    }
    return entry.compiled;
  }

  /** The body of a type definition or account, whose repr may raise its struct's alignment. */
  top(node: TypeNode, env: Env, layout: Layout, reprAlign: number | undefined): Compiled {
    return node.kind === 'struct' ? this.struct(node.fields, env, layout, reprAlign) : this.node(node, env, layout);
  }

  private text(size: SizeRule, encoding: 'utf8' | 'base16' | 'base58' | 'base64'): Compiled {
    const render = textOf(encoding, size.kind === 'fixed');
    const span = this.span(size);
    return {
      read: (c) => {
        const from = span(c);
        if (from < 0) return FAIL;
        return render(c.bytes, from, c.pos);
      },
      ...spanSizes(size),
    };
  }

  private bytes(size: SizeRule): Compiled {
    const span = this.span(size);
    return {
      read: (c) => {
        const from = span(c);
        return from < 0 ? FAIL : byteArray(c.bytes, from, c.pos);
      },
      ...spanSizes(size),
    };
  }

  /** A reader that consumes the bytes of a sized value and returns where they start (or -1). */
  private span(size: SizeRule): (c: Cursor) => number {
    switch (size.kind) {
      case 'prefix': {
        const prefix = size.bytes;
        return (c) => {
          const n = readLength(c, prefix);
          if (n < 0 || n > c.end - c.pos) return -1;
          const from = c.pos;
          c.pos = from + n;
          return from;
        };
      }
      case 'fixed': {
        const n = size.bytes;
        return (c) => {
          const from = c.pos;
          if (from + n > c.end) return -1;
          c.pos = from + n;
          return from;
        };
      }
      case 'remainder':
        return (c) => {
          const from = c.pos;
          c.pos = c.end;
          return from;
        };
    }
  }

  private option(item: Compiled, tag: 1 | 4, fixed: boolean): Compiled {
    const readItem = item.read;
    const itemSize = item.fixedSize;
    // A fixed option whose item has no fixed size cannot say how many bytes None occupies.
    if (fixed && itemSize === undefined) return failing;
    const skip = fixed ? (itemSize as number) : 0;
    return {
      read: (c) => {
        const p = c.pos;
        if (p + tag > c.end) return FAIL;
        const t = tag === 1 ? c.bytes[p] : u32At(c.bytes, p);
        c.pos = p + tag;
        if (t === 0) {
          if (c.pos + skip > c.end) return FAIL;
          c.pos += skip;
          return null;
        }
        // Borsh and COption both refuse tags other than 0 and 1.
        if (t !== 1) return FAIL;
        // The value after a Some tag must be whole; the fields after the option may still be absent.
        const open = c.open;
        c.open = false;
        const v = readItem(c);
        c.open = open;
        return v;
      },
      minSize: tag + skip,
      fixedSize: fixed ? tag + skip : itemSize === 0 ? tag : undefined,
      // Options are never Pod, so no zero-copy layout pads around them.
      align: 1,
    };
  }

  private zeroableOption(item: Compiled): Compiled {
    const size = item.fixedSize;
    if (size === undefined) return failing;
    const readItem = item.read;
    return {
      read: (c) => {
        const p = c.pos;
        if (p + size > c.end) return FAIL;
        for (let i = p; i < p + size; i++) if (c.bytes[i] !== 0) return readItem(c);
        c.pos = p + size;
        return null;
      },
      minSize: size,
      fixedSize: size,
      align: item.align,
    };
  }

  private remainderOption(item: Compiled): Compiled {
    const readItem = item.read;
    return { read: (c) => (c.pos >= c.end ? null : readItem(c)), minSize: 0, fixedSize: undefined, align: item.align };
  }

  private vec(item: Compiled, size: SizeRule, itemNode: TypeNode): Compiled {
    const isByte = itemNode.kind === 'int' && itemNode.bytes === 1 && !itemNode.signed;
    switch (size.kind) {
      case 'prefix':
        return lengthPrefixed(size.bytes, this.counted(item, isByte));
      // A fixed SizeRule on a collection counts items (Codama's fixedCountNode).
      case 'fixed':
        return this.array(item, size.bytes, itemNode);
      case 'remainder': {
        const readItem = item.read;
        return {
          read: (c) => {
            const out: unknown[] = [];
            const open = c.open;
            c.open = false;
            while (c.pos < c.end) {
              const before = c.pos;
              const v = readItem(c);
              // An item that consumes nothing would repeat forever.
              if (v === FAIL || c.pos === before) return FAIL;
              out.push(v);
            }
            c.open = open;
            return out;
          },
          minSize: 0,
          fixedSize: undefined,
          align: item.align,
        };
      }
    }
  }

  private array(item: Compiled, length: number, itemNode: TypeNode): Compiled {
    const isByte = itemNode.kind === 'int' && itemNode.bytes === 1 && !itemNode.signed;
    const counted = this.counted(item, isByte);
    return {
      read: (c) => counted(c, length),
      minSize: length * item.minSize,
      fixedSize: item.fixedSize === undefined ? undefined : length * item.fixedSize,
      align: item.align,
    };
  }

  /** Reads `n` items, refusing any count the remaining bytes cannot hold before allocating. */
  private counted(item: Compiled, isByte: boolean): (c: Cursor, n: number) => unknown {
    if (isByte) {
      return (c, n) => {
        const from = c.pos;
        if (n > c.end - from) return FAIL;
        c.pos = from + n;
        return byteArray(c.bytes, from, from + n);
      };
    }
    const readItem = item.read;
    return (c, n) => {
      // Zero-size items count as one byte: Borsh refuses collections of zero-sized types anyway,
      // and this bounds the loop by the data length.
      if (n * Math.max(item.minSize, 1) > c.end - c.pos) return FAIL;
      const out = new Array<unknown>(n);
      const open = c.open;
      c.open = false;
      for (let i = 0; i < n; i++) {
        const v = readItem(c);
        if (v === FAIL) return FAIL;
        out[i] = v;
      }
      c.open = open;
      return out;
    };
  }

  private tuple(items: Compiled[]): Compiled {
    const reads = items.map((i) => i.read);
    const n = reads.length;
    return {
      read: (c) => {
        const out = new Array<unknown>(n);
        const open = c.open;
        c.open = false;
        for (let i = 0; i < n; i++) {
          const v = reads[i](c);
          if (v === FAIL) return FAIL;
          out[i] = v;
        }
        c.open = open;
        return out;
      },
      ...sequentialSizes(items),
    };
  }

  private struct(fields: Field[], env: Env, layout: Layout, reprAlign: number | undefined): Compiled {
    const compiled = fields.map((f) => this.node(f.type, env, layout));
    // camelCase drops leading underscores, so no key can be `__proto__`: plain assignment is safe.
    const keys = fields.map((f) => camelCase(f.name));
    if (layout === 'c') return cStruct(compiled, keys, reprAlign ?? 1);
    const reads = compiled.map((f) => f.read);
    const takesBytes = compiled.map((f) => f.minSize > 0);
    const n = keys.length;
    return {
      read: (c) => {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) {
          // Fields the data stops before are left out, never invented: after at least one field
          // (data that stops right at a struct's start is not that struct), and not for fields
          // that read an absent end themselves (remainder options and collections).
          if (c.open && i > 0 && c.pos === c.end && takesBytes[i]) {
            c.short = true;
            return out;
          }
          const v = reads[i](c);
          if (v === FAIL) return FAIL;
          out[keys[i]] = v;
        }
        return out;
      },
      ...sequentialSizes(compiled),
    };
  }

  /**
   * Unit variant → its name; struct variant → { Name: {…} }; tuple variant → { Name: value } for
   * one field, { Name: [values] } for several. Variants with empty field lists are unit variants,
   * as Anchor's coder treats them.
   */
  private enumeration(variants: Variant[], tag: 1 | 2 | 4, env: Env, layout: Layout): Compiled {
    const byValue = new Map<number, Read>();
    let minBody = Infinity;
    let fixedBody: number | undefined | null = null;
    let align = tag as number;
    for (const variant of variants) {
      let body: Compiled | undefined;
      if (variant.fields !== undefined && variant.fields.length > 0) {
        body = this.struct(variant.fields, env, layout, undefined);
      } else if (variant.tuple !== undefined && variant.tuple.length > 0) {
        const items = variant.tuple.map((t) => this.node(t, env, layout));
        body = items.length === 1 ? items[0] : this.tuple(items);
      }
      const size = body?.minSize ?? 0;
      const fixed = body === undefined ? 0 : body.fixedSize;
      minBody = Math.min(minBody, size);
      fixedBody = fixedBody === null || fixedBody === fixed ? fixed : undefined;
      align = Math.max(align, body?.align ?? 1);
      if (byValue.has(variant.value)) continue;
      byValue.set(variant.value, body === undefined ? unitVariant(variant.name) : wrappedVariant(variant.name, body.read));
    }
    const table = denseTable(byValue);
    const lookup = table ? (t: number) => table[t] : (t: number) => byValue.get(t);
    return {
      read: (c) => {
        const p = c.pos;
        if (p + tag > c.end) return FAIL;
        const t = tag === 1 ? c.bytes[p] : tag === 2 ? u16At(c.bytes, p) : u32At(c.bytes, p);
        c.pos = p + tag;
        const variant = lookup(t);
        return variant === undefined ? FAIL : variant(c);
      },
      minSize: tag + (minBody === Infinity ? 0 : minBody),
      fixedSize: fixedBody === null || fixedBody === undefined ? undefined : tag + fixedBody,
      align,
    };
  }

  /** Keys are rendered as text: strings as they are, numbers and booleans in decimal, composite keys as JSON. */
  private map(key: Compiled, value: Compiled, size: SizeRule): Compiled {
    const readKey = key.read;
    const readValue = value.read;
    const entryMin = Math.max(key.minSize + value.minSize, 1);
    const readEntry = (c: Cursor, out: Record<string, unknown>): boolean => {
      const k = readKey(c);
      if (k === FAIL) return false;
      const v = readValue(c);
      if (v === FAIL) return false;
      const text = typeof k === 'string' ? k : typeof k === 'object' && k !== null ? JSON.stringify(k) : String(k);
      if (text === '__proto__') defineKey(out, text, v);
      else out[text] = v;
      return true;
    };
    const counted = (c: Cursor, n: number): unknown => {
      if (n * entryMin > c.end - c.pos) return FAIL;
      const out: Record<string, unknown> = {};
      const open = c.open;
      c.open = false;
      for (let i = 0; i < n; i++) if (!readEntry(c, out)) return FAIL;
      c.open = open;
      return out;
    };
    switch (size.kind) {
      case 'prefix':
        return lengthPrefixed(size.bytes, counted);
      case 'fixed': {
        const n = size.bytes;
        return { read: (c) => counted(c, n), minSize: n * entryMin, fixedSize: undefined, align: 1 };
      }
      case 'remainder':
        return {
          read: (c) => {
            const out: Record<string, unknown> = {};
            const open = c.open;
            c.open = false;
            while (c.pos < c.end) {
              const before = c.pos;
              if (!readEntry(c, out) || c.pos === before) return FAIL;
            }
            c.open = open;
            return out;
          },
          minSize: 0,
          fixedSize: undefined,
          align: 1,
        };
    }
  }

  /** Exactly `bytes` bytes are taken; the item is decoded from them alone. */
  private fixedWindow(item: Compiled, bytes: number): Compiled {
    const readItem = item.read;
    return {
      read: (c) => {
        const from = c.pos;
        const end = c.end;
        if (from + bytes > end) return FAIL;
        const open = c.open;
        c.end = from + bytes;
        c.open = false;
        const v = readItem(c);
        c.end = end;
        c.open = open;
        c.pos = from + bytes;
        return v;
      },
      minSize: bytes,
      fixedSize: bytes,
      align: 1,
    };
  }

  private hiddenPrefix(prefix: Uint8Array, item: Compiled): Compiled {
    const readItem = item.read;
    const n = prefix.length;
    return {
      read: (c) => {
        const p = c.pos;
        if (p + n > c.end) return FAIL;
        for (let i = 0; i < n; i++) if (c.bytes[p + i] !== prefix[i]) return FAIL;
        c.pos = p + n;
        return readItem(c);
      },
      minSize: n + item.minSize,
      fixedSize: item.fixedSize === undefined ? undefined : n + item.fixedSize,
      align: item.align,
    };
  }
}

/** A reference to a type from inside its own definition; resolved at run time through the cell. */
function recursiveReference(entry: DefinedEntry): Compiled {
  return {
    read: (c) => {
      const target = entry.compiled;
      if (target === undefined || c.depth >= MAX_RECURSION) return FAIL;
      c.depth++;
      const v = target.read(c);
      c.depth--;
      return v;
    },
    // Unknown until the definition completes; zero is a safe lower bound.
    minSize: 0,
    fixedSize: undefined,
    align: 1,
  };
}

function spanSizes(size: SizeRule): Pick<Compiled, 'minSize' | 'fixedSize' | 'align'> {
  switch (size.kind) {
    case 'prefix':
      return { minSize: size.bytes, fixedSize: undefined, align: 1 };
    case 'fixed':
      return { minSize: size.bytes, fixedSize: size.bytes, align: 1 };
    case 'remainder':
      return { minSize: 0, fixedSize: undefined, align: 1 };
  }
}

function sequentialSizes(parts: Compiled[]): Pick<Compiled, 'minSize' | 'fixedSize' | 'align'> {
  let minSize = 0;
  let fixedSize: number | undefined = 0;
  let align = 1;
  for (const p of parts) {
    minSize += p.minSize;
    fixedSize = fixedSize === undefined || p.fixedSize === undefined ? undefined : fixedSize + p.fixedSize;
    align = Math.max(align, p.align);
  }
  return { minSize, fixedSize, align };
}

/**
 * repr(C): each field starts at the next multiple of its alignment (relative to the struct's
 * start) and the struct's size is rounded up to its own alignment, the largest of its fields' and
 * any `align(N)` in its repr.
 */
function cStruct(fields: Compiled[], keys: string[], reprAlign: number): Compiled {
  const reads = fields.map((f) => f.read);
  const aligns = fields.map((f) => f.align);
  const align = Math.max(reprAlign, ...aligns);
  const n = keys.length;
  let offset = 0;
  let fixedSize: number | undefined = 0;
  for (const f of fields) {
    if (f.fixedSize === undefined) {
      fixedSize = undefined;
      break;
    }
    offset = alignUp(offset, f.align) + f.fixedSize;
  }
  if (fixedSize !== undefined) fixedSize = alignUp(offset, align);
  return {
    read: (c) => {
      const start = c.pos;
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        c.pos = start + alignUp(c.pos - start, aligns[i]);
        const v = reads[i](c);
        if (v === FAIL) return FAIL;
        out[keys[i]] = v;
      }
      c.pos = start + alignUp(c.pos - start, align);
      return c.pos > c.end ? FAIL : out;
    },
    minSize: fixedSize ?? sequentialSizes(fields).minSize,
    fixedSize,
    align,
  };
}

/** A collection whose item count comes first, in `prefix` little-endian bytes. */
function lengthPrefixed(prefix: 1 | 2 | 4 | 8, counted: (c: Cursor, n: number) => unknown): Compiled {
  return {
    read: (c) => {
      const n = readLength(c, prefix);
      return n < 0 ? FAIL : counted(c, n);
    },
    minSize: prefix,
    fixedSize: undefined,
    align: 1,
  };
}

function unitVariant(name: string): Read {
  return () => name;
}

function wrappedVariant(name: string, read: Read): Read {
  const safe = name !== '__proto__';
  return (c) => {
    const v = read(c);
    if (v === FAIL) return FAIL;
    const out: Record<string, unknown> = {};
    if (safe) out[name] = v;
    else defineKey(out, name, v);
    return out;
  };
}

/** Variant values are almost always 0..n-1; an array lookup beats a Map then. */
function denseTable(byValue: Map<number, Read>): (Read | undefined)[] | undefined {
  let max = -1;
  for (const v of byValue.keys()) {
    if (!Number.isInteger(v) || v < 0 || v > 1023) return undefined;
    max = Math.max(max, v);
  }
  const table = new Array<Read | undefined>(max + 1).fill(undefined);
  for (const [v, read] of byValue) table[v] = read;
  return table;
}

interface Candidate<T> {
  item: T;
  discriminator: Uint8Array;
  /** Compiled on first use: most programs only ever see a few of their instructions. */
  read: Read | undefined;
}

/**
 * Discriminator lookup: candidates bucketed by first byte, longest discriminator first within a
 * bucket; those with an empty discriminator apply only when no bucketed one matches.
 */
class Matcher<T> {
  private readonly buckets: (Candidate<T>[] | undefined)[] = Array.from({ length: 256 }, () => undefined);
  readonly unmarked: Candidate<T>[] = [];

  constructor(items: readonly T[], discriminatorOf: (item: T) => Uint8Array) {
    for (const item of items) {
      const discriminator = discriminatorOf(item);
      const candidate: Candidate<T> = { item, discriminator, read: undefined };
      if (discriminator.length === 0) {
        this.unmarked.push(candidate);
        continue;
      }
      const bucket = (this.buckets[discriminator[0]] ??= []);
      bucket.push(candidate);
    }
    // Array.prototype.sort is stable: equal discriminators keep declaration order.
    for (const bucket of this.buckets) bucket?.sort((a, b) => b.discriminator.length - a.discriminator.length);
  }

  /** Candidates with the longest discriminator that prefixes data (several only if the IDL repeats one). */
  matches(data: Uint8Array): Candidate<T>[] {
    const bucket = data.length > 0 ? this.buckets[data[0]] : undefined;
    if (bucket !== undefined) {
      let length = -1;
      let found: Candidate<T>[] | undefined;
      for (const candidate of bucket) {
        const d = candidate.discriminator;
        if (d.length < length) break;
        if (d.length > data.length || !startsWith(data, d)) continue;
        length = d.length;
        (found ??= []).push(candidate);
      }
      if (found !== undefined) return found;
    }
    return this.unmarked;
  }
}

function startsWith(data: Uint8Array, prefix: Uint8Array): boolean {
  for (let i = 1; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return data[0] === prefix[0];
}

function run(read: Read, cursor: Cursor): unknown {
  try {
    return read(cursor);
  } catch {
    // A stack overflow from pathological nesting, or a bug: either way the data is not decoded.
    return FAIL;
  }
}

/** A description the compiler cannot handle leaves that one item undecoded rather than throwing. */
function compileSafely<T>(compile: (item: T) => Read, item: T): Read {
  try {
    return compile(item);
  } catch {
    return failRead;
  }
}

export function compileProgram(description: ProgramDescription): CompiledProgram {
  const compiler = new Compiler(description.types);

  const instructions = new Matcher(description.instructions, (i) => i.discriminator);
  const accounts = new Matcher(description.accounts, (a) => a.discriminator);
  const events = new Matcher(description.events, (e) => e.discriminator);
  const sized = description.accounts.filter((a) => a.discriminator.length === 0 && a.size !== undefined);

  const instructionRead = (i: InstructionDesc): Read => compiler.node({ kind: 'struct', fields: i.args }, NO_GENERICS, 'sequential').read;
  const accountRead = (a: AccountDesc): Read => compiler.top(a.type, NO_GENERICS, layoutOf(a.serialization, a.repr), a.repr?.align).read;
  const eventRead = (e: EventDesc): Read => compiler.node(e.type, NO_GENERICS, 'sequential').read;

  /** `open`: instruction and event data may stop between trailing fields; account data is whole. */
  function best<T>(
    candidates: Candidate<T>[],
    data: Uint8Array,
    compile: (item: T) => Read,
    open: boolean,
  ): { item: T; value: unknown; exact: boolean } | null {
    let loose: { item: T; value: unknown; exact: boolean } | null = null;
    for (const candidate of candidates) {
      const read = (candidate.read ??= compileSafely(compile, candidate.item));
      const cursor = cursorOver(data, candidate.discriminator.length, open);
      const value = run(read, cursor);
      if (value === FAIL) continue;
      if (!cursor.short && cursor.pos === data.length) return { item: candidate.item, value, exact: true };
      loose ??= { item: candidate.item, value, exact: false };
    }
    return loose;
  }

  const accountCandidates = new Map<AccountDesc, Candidate<AccountDesc>>(
    sized.map((a) => [a, { item: a, discriminator: a.discriminator, read: undefined }]),
  );

  return {
    description,
    decodeInstruction(data) {
      const hit = best(instructions.matches(data), data, instructionRead, true);
      return hit && { instruction: hit.item, args: hit.value as Record<string, unknown>, exact: hit.exact };
    },
    decodeAccount(data) {
      let candidates = accounts.matches(data);
      if (candidates === accounts.unmarked) {
        candidates = [];
        for (const a of sized) if (a.size === data.length) candidates.push(accountCandidates.get(a) as Candidate<AccountDesc>);
      }
      const hit = best(candidates, data, accountRead, false);
      return hit && { account: hit.item, value: hit.value as Record<string, unknown>, exact: hit.exact };
    },
    decodeEvent(data) {
      const hit = best(events.matches(data), data, eventRead, true);
      return hit && { event: hit.item, value: hit.value as Record<string, unknown>, exact: hit.exact };
    },
  };
}
