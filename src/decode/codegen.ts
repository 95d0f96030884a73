/**
 * The generated-source counterpart of compile.ts, kept to measure it against the composed closures
 * (bench/decode-compile.bench.ts): each instruction, account, event and named type becomes one
 * function built with `new Function`, straight-line where the layout is fixed. Offsets inside a
 * run of fixed-size values are computed here, so such a run costs one bounds check, and leaf reads
 * address the bytes directly instead of going through a closure and a cursor per field.
 *
 * Output is that of compileProgram exactly: same values, same key order, FAIL at the same inputs.
 * That is why the size bookkeeping (minSize, fixedSize, align), the named-type cache with its
 * recursion guard and the discriminator matching below mirror compile.ts step for step: a vec's
 * count check uses minSize, and recursive types get their sizes in the order they are compiled.
 *
 * Injection: IDLs are third-party input, so no name or string from a description ever reaches the
 * generated source. Keys, variant names, prefixes and helper functions are passed in as constants
 * (`k0`, `k1`… bound from an array by the factory); the only values written into the source are
 * integers that pass `lit` (sizes, offsets, tags), and identifiers this file makes up. A
 * description whose numbers are not safe integers (readIdl never produces one) leaves the item
 * that needs them undecoded.
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
import { encodeBase58 } from '../codec/base58.js';
import type { CompiledProgram } from './compile.js';
import { camelCase } from './names.js';
import { FAIL, byteArray, cursorOver, failRead, intReader, shortU16Reader, textOf, type Read } from './primitives.js';

type Layout = 'sequential' | 'c';
type Env = ReadonlyMap<string, TypeNode | number>;
const NO_GENERICS: Env = new Map();

/** The same bounds as compile.ts: the two must refuse the same hostile data. */
const MAX_RECURSION = 128;
const MAX_TYPE_NESTING = 64;

const alignUp = (n: number, align: number): number => n + ((align - (n % align)) % align);

/** The only way a number gets into generated source. */
function lit(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a size: ${n}`);
  return String(n);
}

function layoutOf(serialization: Serialization, repr: Repr | undefined): Layout {
  if (serialization === 'borsh') return 'sequential';
  if (repr === undefined) return 'c';
  return repr.packed === true || repr.kind === 'transparent' ? 'sequential' : 'c';
}

function defineKey(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

// ---- Generic instantiation, as compile.ts does it (the cache keys must agree) ----

function keyOf(arg: TypeNode | number): string {
  return JSON.stringify(arg, (_k, v: unknown) => (v instanceof Uint8Array ? Array.from(v) : v));
}

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
      return { ...node, fields: node.fields.map((f) => ({ name: f.name, type: substitute(f.type, env) })) };
    case 'enum':
      return {
        ...node,
        variants: node.variants.map((v) => ({
          ...v,
          fields: v.fields && v.fields.map((f) => ({ name: f.name, type: substitute(f.type, env) })),
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

// ---- Helpers the generated code calls (passed in, bound once per factory) ----

const TWO_POW_32 = 4294967296;
const EXACT_HIGH = 0x200000;

function u64Text(lo: number, hi: number): string {
  if (hi < EXACT_HIGH) return String(hi * TWO_POW_32 + lo);
  return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
}

function i64Text(lo: number, hi: number): string {
  if (hi >= -EXACT_HIGH && hi < EXACT_HIGH) return String(hi * TWO_POW_32 + lo);
  return ((BigInt(hi) << 32n) + BigInt(lo)).toString();
}

function u128Text(v: DataView, p: number, signed: boolean): string {
  const w2 = v.getUint32(p + 8, true);
  const w3 = v.getUint32(p + 12, true);
  if (w2 === 0 && w3 === 0) return u64Text(v.getUint32(p, true), v.getUint32(p + 4, true));
  const high = signed ? v.getBigInt64(p + 8, true) : v.getBigUint64(p + 8, true);
  return ((high << 64n) + v.getBigUint64(p, true)).toString();
}

const HELPERS = {
  F: FAIL,
  u64: (v: DataView, p: number): string => u64Text(v.getUint32(p, true), v.getUint32(p + 4, true)),
  i64: (v: DataView, p: number): string => i64Text(v.getUint32(p, true), v.getInt32(p + 4, true)),
  u128: (v: DataView, p: number): string => u128Text(v, p, false),
  i128: (v: DataView, p: number): string => u128Text(v, p, true),
  fin: (x: number): number | null => (Number.isFinite(x) ? x : null),
  nz: (b: Uint8Array, from: number, to: number): boolean => {
    for (let i = from; i < to; i++) if (b[i] !== 0) return true;
    return false;
  },
  b58: (b: Uint8Array, p: number): string => encodeBase58(b.subarray(p, p + 32)),
  arr: byteArray,
  same: (b: Uint8Array, p: number, prefix: Uint8Array): boolean => {
    for (let i = 0; i < prefix.length; i++) if (b[p + i] !== prefix[i]) return false;
    return true;
  },
  def: defineKey,
  entry: (out: Record<string, unknown>, k: unknown, v: unknown): void => {
    const text = typeof k === 'string' ? k : typeof k === 'object' && k !== null ? JSON.stringify(k) : String(k);
    if (text === '__proto__') defineKey(out, text, v);
    else out[text] = v;
  },
};
const HELPER_NAMES = Object.keys(HELPERS);

// ---- Source emission ----

/** One generated function: its lines, fresh identifiers and the constants it closes over. */
class FnSource {
  readonly lines: string[] = [];
  readonly constants: unknown[] = [];
  private vars = 0;

  fresh(): string {
    return `$${this.vars++}`;
  }

  constant(value: unknown): string {
    let i = this.constants.indexOf(value);
    if (i < 0) i = this.constants.push(value) - 1;
    return `k${i}`;
  }

  build(ret: (x: Ctx) => string): Read {
    const x = new Ctx(this, 'p', 0, 0, 'e');
    const value = ret(x);
    const body = this.lines.join('\n');
    const source = [
      '"use strict";',
      // Binding only the helpers the body names keeps each factory small: there is one per type.
      ...HELPER_NAMES.filter((h) => h === 'F' || new RegExp(`\\b${h}\\(`).test(body)).map((h) => `const ${h} = H.${h};`),
      ...this.constants.map((_, i) => `const k${i} = K[${i}];`),
      'return function (c) {',
      'const b = c.bytes, v = c.view, e = c.end;',
      'let p = c.pos;',
      body,
      `c.pos = ${x.at(0)};`,
      `return ${value};`,
      '};',
    ].join('\n');
    return new Function('H', 'K', source)(HELPERS, this.constants) as Read;
  }
}

/**
 * Where generated code stands: `base + off`, with `off` known here and `base` a mutable variable
 * of the generated code; `avail` bytes from there are known to lie before `end`. Fixed-size values
 * read at constant offsets and only move `off`; variable-size ones first add `off` into `base`.
 */
class Ctx {
  constructor(
    readonly fn: FnSource,
    public base: string,
    public off: number,
    public avail: number,
    public end: string,
  ) {}

  fork(): Ctx {
    return new Ctx(this.fn, this.base, this.off, this.avail, this.end);
  }

  line(s: string): void {
    this.fn.lines.push(s);
  }

  at(k: number): string {
    const o = this.off + k;
    return o === 0 ? this.base : `${this.base} + ${lit(o)}`;
  }

  let(expr: string): string {
    const name = this.fn.fresh();
    this.line(`const ${name} = ${expr};`);
    return name;
  }

  ensure(n: number): void {
    if (this.avail >= n) return;
    this.line(`if (${this.at(n)} > ${this.end}) return F;`);
    this.avail = n;
  }

  advance(n: number): void {
    this.off += n;
    this.avail -= n;
  }

  flush(): void {
    if (this.off !== 0) this.line(`${this.base} += ${lit(this.off)};`);
    this.off = 0;
  }

  /** After code whose progress is known only at run time. */
  moved(): void {
    this.off = 0;
    this.avail = 0;
  }

  /** Calls a cursor reader at the current position; a variable-size one moves `base`. */
  callReader(fnExpr: string, fixedSize: number | undefined): string {
    if (fixedSize === undefined) this.flush();
    const windowed = this.end !== 'e';
    if (windowed) this.line(`c.end = ${this.end};`);
    this.line(`c.pos = ${this.at(0)};`);
    const r = this.let(`${fnExpr}(c)`);
    if (windowed) this.line('c.end = e;');
    this.line(`if (${r} === F) return F;`);
    if (fixedSize === undefined) {
      this.line(`${this.base} = c.pos;`);
      this.moved();
    } else this.advance(fixedSize);
    return r;
  }
}

interface Gen {
  minSize: number;
  fixedSize: number | undefined;
  align: number;
  /** Appends code that reads one value at `x`'s position and moves `x` past it; returns the variable holding the value. */
  emit(x: Ctx): string;
}

const failing: Gen = {
  minSize: 0,
  fixedSize: undefined,
  align: 1,
  emit(x) {
    x.line('return F;');
    x.moved();
    return 'undefined';
  },
};

/** A fixed-size leaf read at a constant offset. */
function leaf(size: number, align: number, read: (x: Ctx) => string): Gen {
  return {
    minSize: size,
    fixedSize: size,
    align,
    emit(x) {
      x.ensure(size);
      const value = x.let(read(x));
      x.advance(size);
      return value;
    },
  };
}

/** Reads the values of `parts` one after another, checking each run of fixed-size ones once. */
function emitSequence(x: Ctx, parts: Gen[]): string[] {
  const values: string[] = [];
  parts.forEach((part, i) => {
    if (part.fixedSize !== undefined && x.avail < part.fixedSize) {
      let run = 0;
      for (let j = i; j < parts.length && parts[j].fixedSize !== undefined; j++) run += parts[j].fixedSize as number;
      x.ensure(run);
    }
    values.push(part.emit(x));
  });
  return values;
}

function sequentialSizes(parts: Gen[]): Pick<Gen, 'minSize' | 'fixedSize' | 'align'> {
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

/** A little-endian length of `bytes` bytes into a variable, or FAIL; leaves `x` after it with `base` moved. */
function emitLength(x: Ctx, bytes: 1 | 2 | 4 | 8): string {
  x.ensure(bytes);
  const at = x.at(0);
  let n: string;
  switch (bytes) {
    case 1:
      n = x.let(`b[${at}]`);
      break;
    case 2:
      n = x.let(`v.getUint16(${at}, true)`);
      break;
    case 4:
      n = x.let(`v.getUint32(${at}, true)`);
      break;
    case 8:
      n = x.let(`v.getUint32(${x.at(4)}, true) === 0 ? v.getUint32(${at}, true) : -1`);
      x.line(`if (${n} < 0) return F;`);
      break;
  }
  x.advance(bytes);
  x.flush();
  return n;
}

interface DefinedEntry {
  gen: Gen | undefined;
  /** What recursive references call; filled in when the type's function exists. */
  cell: { f: Read };
}

class Generator {
  private readonly defined = new Map<string, DefinedEntry>();
  private nesting = 0;

  constructor(private readonly types: ReadonlyMap<string, TypeDef>) {}

  node(node: TypeNode, env: Env, layout: Layout): Gen {
    switch (node.kind) {
      case 'int':
        return this.int(node.bytes, node.signed);
      case 'shortU16':
        return { minSize: 1, fixedSize: undefined, align: 1, emit: (x) => x.callReader(x.fn.constant(shortU16Reader), undefined) };
      case 'float': {
        const bytes = node.bytes;
        return leaf(bytes, bytes, (x) => `fin(v.getFloat${bytes === 4 ? 32 : 64}(${x.at(0)}, true))`);
      }
      case 'bool': {
        const bytes = node.bytes ?? 1;
        if (bytes === 1) return leaf(1, 1, (x) => `b[${x.at(0)}] !== 0`);
        return leaf(bytes, bytes, (x) => `nz(b, ${x.at(0)}, ${x.at(bytes)})`);
      }
      case 'pubkey':
        return leaf(32, 1, (x) => `b58(b, ${x.at(0)})`);
      case 'string':
        return this.span(node.size, textOf(node.encoding ?? 'utf8', node.size.kind === 'fixed'), true);
      case 'bytes':
        return this.span(node.size, byteArray, false);
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
        return bound === undefined || typeof bound === 'number' ? failing : this.node(bound, NO_GENERICS, layout);
      }
      case 'fixedSize':
        return this.fixedWindow(this.node(node.item, env, layout), node.bytes);
      case 'hiddenPrefix':
        return this.hiddenPrefix(node.prefix, this.node(node.item, env, layout));
    }
  }

  definedType(name: string, args: (TypeNode | number)[]): Gen {
    const key = args.length === 0 ? name : `${name}<${args.map(keyOf).join(',')}>`;
    const known = this.defined.get(key);
    if (known !== undefined) return known.gen ?? recursiveReference(known);
    const def = this.types.get(name);
    const params = def?.generics ?? [];
    if (def === undefined || params.length !== args.length || this.nesting >= MAX_TYPE_NESTING) return failing;

    const entry: DefinedEntry = { gen: undefined, cell: { f: failRead } };
    this.defined.set(key, entry);
    const env = new Map<string, TypeNode | number>();
    params.forEach((p, i) => env.set(p.name, args[i]));
    const layout = layoutOf(def.serialization, def.repr);
    const body = def.type;
    this.nesting++;
    try {
      const inner = body.kind === 'tuple' && body.items.length === 1 ? body.items[0] : body;
      const compiled = this.top(inner, env, layout, def.repr?.align);
      const read = buildRead(compiled);
      entry.cell.f = read;
      const fixedSize = compiled.fixedSize;
      entry.gen = {
        minSize: compiled.minSize,
        fixedSize,
        align: def.repr?.packed === true ? 1 : compiled.align,
        emit: (x) => x.callReader(x.fn.constant(read), fixedSize),
      };
    } finally {
      this.nesting--;
    }
    return entry.gen;
  }

  top(node: TypeNode, env: Env, layout: Layout, reprAlign: number | undefined): Gen {
    return node.kind === 'struct' ? this.struct(node.fields, env, layout, reprAlign) : this.node(node, env, layout);
  }

  private int(bytes: 1 | 2 | 4 | 8 | 16 | 32, signed: boolean): Gen {
    const align = Math.min(bytes, 16);
    switch (bytes) {
      case 1:
        return leaf(1, align, (x) => (signed ? `v.getInt8(${x.at(0)})` : `b[${x.at(0)}]`));
      case 2:
      case 4: {
        const method = `get${signed ? 'Int' : 'Uint'}${bytes * 8}`;
        return leaf(bytes, align, (x) => `v.${method}(${x.at(0)}, true)`);
      }
      case 8:
        return leaf(8, align, (x) => `${signed ? 'i64' : 'u64'}(v, ${x.at(0)})`);
      case 16:
        return leaf(16, align, (x) => `${signed ? 'i128' : 'u128'}(v, ${x.at(0)})`);
      case 32: {
        const read = intReader(32, signed);
        return { minSize: 32, fixedSize: 32, align, emit: (x) => x.callReader(x.fn.constant(read), 32) };
      }
    }
  }

  /** Strings and byte strings: `render(bytes, from, to)` of the sized span. */
  private span(size: SizeRule, render: (b: Uint8Array, from: number, to: number) => unknown, mayFail: boolean): Gen {
    const check = (x: Ctx, value: string) => {
      if (mayFail) x.line(`if (${value} === F) return F;`);
      return value;
    };
    switch (size.kind) {
      case 'prefix': {
        const prefix = size.bytes;
        return {
          minSize: prefix,
          fixedSize: undefined,
          align: 1,
          emit(x) {
            x.flush();
            const n = emitLength(x, prefix);
            x.line(`if (${n} > ${x.end} - ${x.base}) return F;`);
            const value = check(x, x.let(`${x.fn.constant(render)}(b, ${x.base}, ${x.base} + ${n})`));
            x.line(`${x.base} += ${n};`);
            x.moved();
            return value;
          },
        };
      }
      case 'fixed': {
        const n = size.bytes;
        return {
          minSize: n,
          fixedSize: n,
          align: 1,
          emit(x) {
            x.ensure(n);
            const value = check(x, x.let(`${x.fn.constant(render)}(b, ${x.at(0)}, ${x.at(n)})`));
            x.advance(n);
            return value;
          },
        };
      }
      case 'remainder':
        return {
          minSize: 0,
          fixedSize: undefined,
          align: 1,
          emit(x) {
            x.flush();
            const value = check(x, x.let(`${x.fn.constant(render)}(b, ${x.base}, ${x.end})`));
            x.line(`${x.base} = ${x.end};`);
            x.moved();
            return value;
          },
        };
    }
  }

  private option(item: Gen, tag: 1 | 4, fixed: boolean): Gen {
    const itemSize = item.fixedSize;
    if (fixed && itemSize === undefined) return failing;
    const skip = fixed ? (itemSize as number) : 0;
    const fixedSize = fixed ? tag + skip : itemSize === 0 ? tag : undefined;
    const readTag = (x: Ctx) => x.let(tag === 1 ? `b[${x.at(0)}]` : `v.getUint32(${x.at(0)}, true)`);
    return {
      minSize: tag + skip,
      fixedSize,
      align: 1,
      emit(x) {
        const value = x.fn.fresh();
        x.line(`let ${value} = null;`);
        if (fixedSize !== undefined) {
          x.ensure(fixedSize);
          const t = readTag(x);
          x.line(`if (${t} === 1) {`);
          const inner = x.fork();
          inner.advance(tag);
          x.line(`${value} = ${item.emit(inner)};`);
          x.line(`} else if (${t} !== 0) return F;`);
          x.advance(fixedSize);
          return value;
        }
        x.ensure(tag);
        const t = readTag(x);
        x.advance(tag);
        x.flush();
        x.line(`if (${t} === 1) {`);
        const inner = x.fork();
        x.line(`${value} = ${item.emit(inner)};`);
        inner.flush();
        x.line(`} else if (${t} !== 0) return F;`);
        x.moved();
        return value;
      },
    };
  }

  private zeroableOption(item: Gen): Gen {
    const size = item.fixedSize;
    if (size === undefined) return failing;
    return {
      minSize: size,
      fixedSize: size,
      align: item.align,
      emit(x) {
        x.ensure(size);
        const value = x.fn.fresh();
        x.line(`let ${value} = null;`);
        x.line(`if (nz(b, ${x.at(0)}, ${x.at(size)})) {`);
        x.line(`${value} = ${item.emit(x.fork())};`);
        x.line('}');
        x.advance(size);
        return value;
      },
    };
  }

  private remainderOption(item: Gen): Gen {
    return {
      minSize: 0,
      fixedSize: undefined,
      align: item.align,
      emit(x) {
        x.flush();
        const value = x.fn.fresh();
        x.line(`let ${value} = null;`);
        x.line(`if (${x.base} < ${x.end}) {`);
        const inner = x.fork();
        x.line(`${value} = ${item.emit(inner)};`);
        inner.flush();
        x.line('}');
        x.moved();
        return value;
      },
    };
  }

  private vec(item: Gen, size: SizeRule, itemNode: TypeNode): Gen {
    const isByte = itemNode.kind === 'int' && itemNode.bytes === 1 && !itemNode.signed;
    switch (size.kind) {
      case 'prefix': {
        const prefix = size.bytes;
        return {
          minSize: prefix,
          fixedSize: undefined,
          align: 1,
          emit(x) {
            x.flush();
            return emitCounted(x, item, isByte, emitLength(x, prefix));
          },
        };
      }
      case 'fixed':
        return this.array(item, size.bytes, itemNode);
      case 'remainder':
        return {
          minSize: 0,
          fixedSize: undefined,
          align: item.align,
          emit(x) {
            x.flush();
            const out = x.let('[]');
            x.line(`while (${x.base} < ${x.end}) {`);
            const inner = x.fork();
            inner.moved();
            const before = item.minSize > 0 ? undefined : inner.let(x.base);
            const value = item.emit(inner);
            inner.flush();
            if (before !== undefined) x.line(`if (${x.base} === ${before}) return F;`);
            x.line(`${out}.push(${value});`);
            x.line('}');
            x.moved();
            return out;
          },
        };
    }
  }

  private array(item: Gen, length: number, itemNode: TypeNode): Gen {
    const isByte = itemNode.kind === 'int' && itemNode.bytes === 1 && !itemNode.signed;
    const itemSize = item.fixedSize;
    const fixedSize = itemSize === undefined ? undefined : length * itemSize;
    return {
      minSize: length * item.minSize,
      fixedSize,
      align: item.align,
      emit(x) {
        if (itemSize === undefined) {
          x.flush();
          return emitCounted(x, item, isByte, lit(length));
        }
        // What compile.ts checks before reading: a count of zero-size items still needs a byte each.
        x.ensure(isByte ? length : length * Math.max(item.minSize, 1));
        if (isByte) {
          const value = x.let(`arr(b, ${x.at(0)}, ${x.at(length)})`);
          x.advance(length);
          return value;
        }
        if (length <= UNROLL) {
          const values: string[] = [];
          for (let i = 0; i < length; i++) values.push(item.emit(x));
          return x.let(`[${values.join(', ')}]`);
        }
        const q = x.fn.fresh();
        const out = x.let(`new Array(${lit(length)})`);
        x.line(`let ${q} = ${x.at(0)};`);
        const i = x.fn.fresh();
        x.line(`for (let ${i} = 0; ${i} < ${lit(length)}; ${i}++) {`);
        const inner = new Ctx(x.fn, q, 0, itemSize, x.end);
        x.line(`${out}[${i}] = ${item.emit(inner)};`);
        inner.flush();
        x.line('}');
        x.advance(fixedSize as number);
        return out;
      },
    };
  }

  private tuple(items: Gen[]): Gen {
    return {
      ...sequentialSizes(items),
      emit: (x) => x.let(`[${emitSequence(x, items).join(', ')}]`),
    };
  }

  private struct(fields: Field[], env: Env, layout: Layout, reprAlign: number | undefined): Gen {
    const parts = fields.map((f) => this.node(f.type, env, layout));
    const keys = fields.map((f) => camelCase(f.name));
    if (layout === 'c') return cStruct(parts, keys, reprAlign ?? 1);
    return {
      ...sequentialSizes(parts),
      emit: (x) => objectOf(x, keys, emitSequence(x, parts)),
    };
  }

  private enumeration(variants: Variant[], tag: 1 | 2 | 4, env: Env, layout: Layout): Gen {
    const cases = new Map<number, { name: string; body: Gen | undefined }>();
    let minBody = Infinity;
    let fixedBody: number | undefined | null = null;
    let align = tag as number;
    for (const variant of variants) {
      let body: Gen | undefined;
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
      // A value no tag can hold never matches; leaving it out keeps it out of the source.
      if (cases.has(variant.value) || !Number.isSafeInteger(variant.value) || variant.value < 0) continue;
      cases.set(variant.value, { name: variant.name, body });
    }
    const fixedSize = fixedBody === null || fixedBody === undefined ? undefined : tag + fixedBody;
    return {
      minSize: tag + (minBody === Infinity ? 0 : minBody),
      fixedSize,
      align,
      emit(x) {
        x.ensure(fixedSize ?? tag);
        const at = x.at(0);
        const t = x.let(tag === 1 ? `b[${at}]` : tag === 2 ? `v.getUint16(${at}, true)` : `v.getUint32(${at}, true)`);
        if (fixedSize === undefined) {
          x.advance(tag);
          x.flush();
        }
        const value = x.fn.fresh();
        x.line(`let ${value};`);
        x.line(`switch (${t}) {`);
        for (const [tagValue, { name, body }] of cases) {
          x.line(`case ${lit(tagValue)}: {`);
          const inner = x.fork();
          if (fixedSize !== undefined) inner.advance(tag);
          if (body === undefined) x.line(`${value} = ${x.fn.constant(name)};`);
          else {
            const v = body.emit(inner);
            x.line(`${value} = {};`);
            if (name === '__proto__') x.line(`def(${value}, ${x.fn.constant(name)}, ${v});`);
            else x.line(`${value}[${x.fn.constant(name)}] = ${v};`);
          }
          if (fixedSize === undefined) inner.flush();
          x.line('break;');
          x.line('}');
        }
        x.line('default: return F;');
        x.line('}');
        if (fixedSize === undefined) x.moved();
        else x.advance(fixedSize);
        return value;
      },
    };
  }

  private map(key: Gen, value: Gen, size: SizeRule): Gen {
    const entryMin = Math.max(key.minSize + value.minSize, 1);
    const entry = (x: Ctx, out: string) => {
      const inner = x.fork();
      inner.moved();
      const k = key.emit(inner);
      const v = value.emit(inner);
      inner.flush();
      x.line(`entry(${out}, ${k}, ${v});`);
    };
    const counted = (x: Ctx, n: string) => {
      x.line(`if (${n} * ${lit(entryMin)} > ${x.end} - ${x.base}) return F;`);
      const out = x.let('{}');
      const i = x.fn.fresh();
      x.line(`for (let ${i} = 0; ${i} < ${n}; ${i}++) {`);
      entry(x, out);
      x.line('}');
      x.moved();
      return out;
    };
    switch (size.kind) {
      case 'prefix': {
        const prefix = size.bytes;
        return {
          minSize: prefix,
          fixedSize: undefined,
          align: 1,
          emit(x) {
            x.flush();
            return counted(x, emitLength(x, prefix));
          },
        };
      }
      case 'fixed': {
        const n = size.bytes;
        return {
          minSize: n * entryMin,
          fixedSize: undefined,
          align: 1,
          emit(x) {
            x.flush();
            return counted(x, lit(n));
          },
        };
      }
      case 'remainder':
        return {
          minSize: 0,
          fixedSize: undefined,
          align: 1,
          emit(x) {
            x.flush();
            const out = x.let('{}');
            x.line(`while (${x.base} < ${x.end}) {`);
            const before = x.let(x.base);
            entry(x, out);
            x.line(`if (${x.base} === ${before}) return F;`);
            x.line('}');
            x.moved();
            return out;
          },
        };
    }
  }

  private fixedWindow(item: Gen, bytes: number): Gen {
    return {
      minSize: bytes,
      fixedSize: bytes,
      align: 1,
      emit(x) {
        x.ensure(bytes);
        const base = x.fn.fresh();
        const end = x.fn.fresh();
        x.line(`let ${base} = ${x.at(0)};`);
        x.line(`const ${end} = ${base} + ${lit(bytes)};`);
        const value = item.emit(new Ctx(x.fn, base, 0, bytes, end));
        x.advance(bytes);
        return value;
      },
    };
  }

  private hiddenPrefix(prefix: Uint8Array, item: Gen): Gen {
    const n = prefix.length;
    return {
      minSize: n + item.minSize,
      fixedSize: item.fixedSize === undefined ? undefined : n + item.fixedSize,
      align: item.align,
      emit(x) {
        x.ensure(n);
        x.line(`if (!same(b, ${x.at(0)}, ${x.fn.constant(prefix)})) return F;`);
        x.advance(n);
        return item.emit(x);
      },
    };
  }
}

/** Arrays up to this length of fixed-size items are read without a loop. */
const UNROLL = 8;

/** Reads `n` (a variable or literal) items from `base`, refusing a count the bytes cannot hold before allocating. */
function emitCounted(x: Ctx, item: Gen, isByte: boolean, n: string): string {
  if (isByte) {
    x.line(`if (${n} > ${x.end} - ${x.base}) return F;`);
    const value = x.let(`arr(b, ${x.base}, ${x.base} + ${n})`);
    x.line(`${x.base} += ${n};`);
    x.moved();
    return value;
  }
  x.line(`if (${n} * ${lit(Math.max(item.minSize, 1))} > ${x.end} - ${x.base}) return F;`);
  const out = x.let(`new Array(${n})`);
  const i = x.fn.fresh();
  x.line(`for (let ${i} = 0; ${i} < ${n}; ${i}++) {`);
  // The count check covered every fixed-size item.
  const inner = new Ctx(x.fn, x.base, 0, item.fixedSize ?? 0, x.end);
  x.line(`${out}[${i}] = ${item.emit(inner)};`);
  inner.flush();
  x.line('}');
  x.moved();
  return out;
}

/** camelCase drops leading underscores, so no struct key is `__proto__`: plain stores are safe. */
function objectOf(x: Ctx, keys: string[], values: string[]): string {
  const out = x.let('{}');
  keys.forEach((key, i) => x.line(`${out}[${x.fn.constant(key)}] = ${values[i]};`));
  return out;
}

function cStruct(fields: Gen[], keys: string[], reprAlign: number): Gen {
  const align = Math.max(reprAlign, ...fields.map((f) => f.align));
  let offset = 0;
  let fixedSize: number | undefined = 0;
  const offsets: number[] = [];
  for (const f of fields) {
    if (f.fixedSize === undefined) {
      fixedSize = undefined;
      break;
    }
    offset = alignUp(offset, f.align);
    offsets.push(offset);
    offset += f.fixedSize;
  }
  if (fixedSize !== undefined) fixedSize = alignUp(offset, align);
  const size = fixedSize;
  return {
    minSize: size ?? sequentialSizes(fields).minSize,
    fixedSize: size,
    align,
    emit(x) {
      if (size !== undefined) {
        x.ensure(size);
        const values = fields.map((f, i) => {
          const inner = x.fork();
          inner.advance(offsets[i]);
          return f.emit(inner);
        });
        x.advance(size);
        return objectOf(x, keys, values);
      }
      x.flush();
      const start = x.let(x.base);
      const pad = (a: number) => {
        if (a === 1) return;
        x.flush();
        const r = x.let(`(${x.base} - ${start}) % ${lit(a)}`);
        x.line(`if (${r} !== 0) ${x.base} += ${lit(a)} - ${r};`);
        x.moved();
      };
      const values = fields.map((f) => {
        pad(f.align);
        return f.emit(x);
      });
      pad(align);
      x.flush();
      x.line(`if (${x.base} > ${x.end}) return F;`);
      x.moved();
      return objectOf(x, keys, values);
    },
  };
}

function recursiveReference(entry: DefinedEntry): Gen {
  return {
    minSize: 0,
    fixedSize: undefined,
    align: 1,
    emit(x) {
      x.line(`if (c.depth >= ${lit(MAX_RECURSION)}) return F;`);
      x.line('c.depth++;');
      const value = x.callReader(`${x.fn.constant(entry.cell)}.f`, undefined);
      x.line('c.depth--;');
      return value;
    },
  };
}

function buildRead(gen: Gen): Read {
  const fn = new FnSource();
  return fn.build((x) => gen.emit(x));
}

// ---- Matching, as compile.ts does it ----

interface Candidate<T> {
  item: T;
  discriminator: Uint8Array;
  read: Read | undefined;
}

class Matcher<T> {
  private readonly buckets: (Candidate<T>[] | undefined)[] = new Array(256).fill(undefined);
  readonly unmarked: Candidate<T>[] = [];

  constructor(items: readonly T[], discriminatorOf: (item: T) => Uint8Array) {
    for (const item of items) {
      const discriminator = discriminatorOf(item);
      const candidate: Candidate<T> = { item, discriminator, read: undefined };
      if (discriminator.length === 0) {
        this.unmarked.push(candidate);
        continue;
      }
      (this.buckets[discriminator[0]] ??= []).push(candidate);
    }
    for (const bucket of this.buckets) bucket?.sort((a, b) => b.discriminator.length - a.discriminator.length);
  }

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

function run(read: Read, data: Uint8Array, from: number): unknown {
  try {
    return read(cursorOver(data, from));
  } catch {
    return FAIL;
  }
}

function compileSafely<T>(compile: (item: T) => Read, item: T): Read {
  try {
    return compile(item);
  } catch {
    return failRead;
  }
}

export function compileProgramGenerated(description: ProgramDescription): CompiledProgram {
  const generator = new Generator(description.types);

  const instructions = new Matcher(description.instructions, (i) => i.discriminator);
  const accounts = new Matcher(description.accounts, (a) => a.discriminator);
  const events = new Matcher(description.events, (e) => e.discriminator);
  const sized = description.accounts.filter((a) => a.discriminator.length === 0 && a.size !== undefined);

  const instructionRead = (i: InstructionDesc): Read =>
    buildRead(generator.node({ kind: 'struct', fields: i.args }, NO_GENERICS, 'sequential'));
  const accountRead = (a: AccountDesc): Read =>
    buildRead(generator.top(a.type, NO_GENERICS, layoutOf(a.serialization, a.repr), a.repr?.align));
  const eventRead = (e: EventDesc): Read => buildRead(generator.node(e.type, NO_GENERICS, 'sequential'));

  function first<T>(candidates: Candidate<T>[], data: Uint8Array, compile: (item: T) => Read): { item: T; value: unknown } | null {
    for (const candidate of candidates) {
      const read = (candidate.read ??= compileSafely(compile, candidate.item));
      const value = run(read, data, candidate.discriminator.length);
      if (value !== FAIL) return { item: candidate.item, value };
    }
    return null;
  }

  const accountCandidates = new Map<AccountDesc, Candidate<AccountDesc>>(
    sized.map((a) => [a, { item: a, discriminator: a.discriminator, read: undefined }]),
  );

  return {
    description,
    decodeInstruction(data) {
      const hit = first(instructions.matches(data), data, instructionRead);
      return hit && { instruction: hit.item, args: hit.value as Record<string, unknown> };
    },
    decodeAccount(data) {
      let candidates = accounts.matches(data);
      if (candidates === accounts.unmarked) {
        candidates = [];
        for (const a of sized) if (a.size === data.length) candidates.push(accountCandidates.get(a) as Candidate<AccountDesc>);
      }
      const hit = first(candidates, data, accountRead);
      return hit && { account: hit.item, value: hit.value as Record<string, unknown> };
    },
    decodeEvent(data) {
      const hit = first(events.matches(data), data, eventRead);
      return hit && { event: hit.item, value: hit.value as Record<string, unknown> };
    },
  };
}
