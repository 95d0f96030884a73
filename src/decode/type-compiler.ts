/**
 * Compiles the TypeNodes of a ProgramDescription into readers, one visitor handler per kind, each
 * composing the combinators of ./readers. Named types compile once per distinct argument list.
 */
import {
  visitType,
  type AccountDesc,
  type EventDesc,
  type Field,
  type Repr,
  type Serialization,
  type TypeDef,
  type TypeNode,
  type TypeNodeOf,
  type TypeVisitor,
} from '../idl/description.js';
import { NO_GENERICS, closeArgs, instantiationKey, type Env } from './generics.js';
import { camelCase } from './names.js';
import { bigEndianIntReader, boolReader, floatReader, intReader, pubkeyReader, shortU16Reader } from './primitives.js';
import { arrayOf, byteItems, itemsOf, vecOf, type Items } from './readers/array.js';
import { enumOf } from './readers/enum.js';
import { fixedSizeOf } from './readers/fixed-size.js';
import { hiddenPrefixOf } from './readers/hidden-prefix.js';
import { mapOf } from './readers/map.js';
import { fixedOptionOf, optionOf, remainderOptionOf, zeroableOptionOf } from './readers/option.js';
import { recursiveReference, type ReaderCell } from './readers/recursive.js';
import { bytesOf, stringOf } from './readers/span.js';
import { cStructOf, structOf } from './readers/struct.js';
import { tupleOf } from './readers/tuple.js';
import { failing, type TypeReader } from './readers/type-reader.js';

/**
 * How struct fields are placed: one after another (Borsh, packed zero-copy, and every type whose
 * layout is not stated), or with repr(C) padding (zero-copy data).
 */
type Layout = 'sequential' | 'c';

/** What a type is compiled in: the generic arguments of the definition it is part of, and that definition's layout. */
interface Scope {
  env: Env;
  layout: Layout;
}

/**
 * Named types being compiled inside one another. Real programs nest a handful deep; a generic type
 * that uses itself with ever-growing arguments (Foo<T> containing Foo<Vec<T>>) would otherwise
 * instantiate forever.
 */
const MAX_TYPE_NESTING = 64;

function layoutOf(serialization: Serialization, repr: Repr | undefined): Layout {
  if (serialization === 'borsh') return 'sequential';
  // Anchor's #[zero_copy] implies repr(C); packed and transparent layouts have no padding.
  if (repr === undefined) return 'c';
  return repr.packed === true || repr.kind === 'transparent' ? 'sequential' : 'c';
}

export class TypeCompiler implements TypeVisitor<TypeReader, Scope> {
  private readonly instances = new Map<string, ReaderCell>();
  private nesting = 0;

  constructor(private readonly types: ReadonlyMap<string, TypeDef>) {}

  instruction(args: Field[]): TypeReader {
    return this.struct({ kind: 'struct', fields: args }, { env: NO_GENERICS, layout: 'sequential' });
  }

  account(account: AccountDesc): TypeReader {
    return this.top(account.type, { env: NO_GENERICS, layout: layoutOf(account.serialization, account.repr) }, account.repr?.align);
  }

  event(event: EventDesc): TypeReader {
    return this.node(event.type, { env: NO_GENERICS, layout: 'sequential' });
  }

  /** A type the description defines, by name. */
  named(name: string): TypeReader {
    return this.node({ kind: 'defined', name }, { env: NO_GENERICS, layout: 'sequential' });
  }

  int(node: TypeNodeOf<'int'>): TypeReader {
    const read = node.endian === 'be' ? bigEndianIntReader(node.bytes, node.signed) : intReader(node.bytes, node.signed);
    // Zero-copy accounts are laid out as the SBF target lays out repr(C): its data layout names no
    // 128-bit alignment, so u128/i128 align to 8 there, where x86_64 (Rust 1.77+) aligns them to 16.
    // A Voltr vault on mainnet is 928 bytes, its u128 at an offset of 8 modulo 16 with no padding.
    return { read, fixedSize: node.bytes, align: Math.min(node.bytes, 8) };
  }

  shortU16(): TypeReader {
    return { read: shortU16Reader, fixedSize: undefined, minSize: 1, align: 1 };
  }

  float(node: TypeNodeOf<'float'>): TypeReader {
    return { read: floatReader(node.bytes), fixedSize: node.bytes, align: node.bytes };
  }

  bool(node: TypeNodeOf<'bool'>): TypeReader {
    const bytes = node.bytes ?? 1;
    return { read: boolReader(bytes), fixedSize: bytes, align: bytes };
  }

  pubkey(): TypeReader {
    return { read: pubkeyReader, fixedSize: 32, align: 1 };
  }

  string(node: TypeNodeOf<'string'>): TypeReader {
    return stringOf(node.size, node.encoding ?? 'utf8');
  }

  bytes(node: TypeNodeOf<'bytes'>): TypeReader {
    return bytesOf(node.size);
  }

  option(node: TypeNodeOf<'option'>, scope: Scope): TypeReader {
    const item = this.node(node.item, scope);
    if (!node.fixed) return optionOf(item, node.tag);
    // A fixed option whose item has no fixed size cannot say how many bytes None occupies.
    return item.fixedSize === undefined ? failing : fixedOptionOf(item, node.tag);
  }

  zeroableOption(node: TypeNodeOf<'zeroableOption'>, scope: Scope): TypeReader {
    const item = this.node(node.item, scope);
    return item.fixedSize === undefined ? failing : zeroableOptionOf(item);
  }

  remainderOption(node: TypeNodeOf<'remainderOption'>, scope: Scope): TypeReader {
    return remainderOptionOf(this.node(node.item, scope));
  }

  vec(node: TypeNodeOf<'vec'>, scope: Scope): TypeReader {
    return vecOf(this.items(node.item, scope), node.size);
  }

  array(node: TypeNodeOf<'array'>, scope: Scope): TypeReader {
    const length = typeof node.length === 'number' ? node.length : scope.env.get(node.length.generic);
    return typeof length === 'number' ? arrayOf(this.items(node.item, scope), length) : failing;
  }

  tuple(node: TypeNodeOf<'tuple'>, scope: Scope): TypeReader {
    return tupleOf(node.items.map((t) => this.node(t, scope)));
  }

  struct(node: TypeNodeOf<'struct'>, scope: Scope, reprAlign?: number): TypeReader {
    const fields = node.fields.map((f) => this.node(f.type, scope));
    const keys = node.fields.map((f) => camelCase(f.name));
    return scope.layout === 'c' ? cStructOf(fields, keys, reprAlign ?? 1) : structOf(fields, keys);
  }

  /**
   * A struct variant's body is the struct of its fields; a tuple variant's, its one item or the
   * tuple of several. Variants with empty field lists are unit variants, as Anchor's coder treats them.
   */
  enum(node: TypeNodeOf<'enum'>, scope: Scope): TypeReader {
    const variants = node.variants.map(({ name, value, fields, tuple }) => {
      let body: TypeReader | undefined;
      if (fields !== undefined && fields.length > 0) {
        body = this.struct({ kind: 'struct', fields }, scope);
      } else if (tuple !== undefined && tuple.length > 0) {
        const items = tuple.map((t) => this.node(t, scope));
        body = items.length === 1 ? items[0] : tupleOf(items);
      }
      return { name, value, body };
    });
    return enumOf(variants, node.tag);
  }

  map(node: TypeNodeOf<'map'>, scope: Scope): TypeReader {
    return mapOf(this.node(node.key, scope), this.node(node.value, scope), node.size);
  }

  defined(node: TypeNodeOf<'defined'>, scope: Scope): TypeReader {
    return this.instance(node.name, closeArgs(node.args ?? [], scope.env));
  }

  generic(node: TypeNodeOf<'generic'>, scope: Scope): TypeReader {
    const bound = scope.env.get(node.name);
    // Arguments were closed over the caller's parameters, so they compile without an env.
    return bound === undefined || typeof bound === 'number' ? failing : this.node(bound, { env: NO_GENERICS, layout: scope.layout });
  }

  fixedSize(node: TypeNodeOf<'fixedSize'>, scope: Scope): TypeReader {
    return fixedSizeOf(this.node(node.item, scope), node.bytes);
  }

  hiddenPrefix(node: TypeNodeOf<'hiddenPrefix'>, scope: Scope): TypeReader {
    return hiddenPrefixOf(node.prefix, this.node(node.item, scope));
  }

  private node(node: TypeNode, scope: Scope): TypeReader {
    return visitType(node, this, scope);
  }

  /** A u8 collection is a byte array, copied without a read per item. */
  private items(item: TypeNode, scope: Scope): Items {
    return item.kind === 'int' && item.bytes === 1 && !item.signed ? byteItems : itemsOf(this.node(item, scope));
  }

  /** The body of a type definition or account, whose repr may raise its struct's alignment. */
  private top(node: TypeNode, scope: Scope, reprAlign: number | undefined): TypeReader {
    return node.kind === 'struct' ? this.struct(node, scope, reprAlign) : this.node(node, scope);
  }

  /**
   * A named type with its arguments. The cell is registered before the body is compiled, so a type
   * that contains itself gets a reference to the cell instead of recursing.
   */
  private instance(name: string, args: (TypeNode | number)[]): TypeReader {
    const key = instantiationKey(name, args);
    const known = this.instances.get(key);
    if (known !== undefined) return known.reader ?? recursiveReference(known);
    const def = this.types.get(name);
    const params = def?.generics ?? [];
    if (def === undefined || params.length !== args.length || this.nesting >= MAX_TYPE_NESTING) return failing;

    const cell: ReaderCell = { reader: undefined };
    this.instances.set(key, cell);
    const env = new Map<string, TypeNode | number>();
    params.forEach((p, i) => env.set(p.name, args[i]));
    const body = def.type;
    this.nesting++;
    try {
      // A newtype renders as what it wraps.
      const inner = body.kind === 'tuple' && body.items.length === 1 ? body.items[0] : body;
      const reader = this.top(inner, { env, layout: layoutOf(def.serialization, def.repr) }, def.repr?.align);
      // A packed type may start at any byte inside a repr(C) parent.
      cell.reader = def.repr?.packed === true ? { ...reader, align: 1 } : reader;
    } finally {
      this.nesting--;
    }
    return cell.reader;
  }
}
