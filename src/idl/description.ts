/**
 * The one program description every IDL dialect is normalized into (Anchor legacy, Anchor 0.30+,
 * Shank, Codama, hand-written descriptions). Nothing downstream knows which dialect a program came
 * from: the decoder compiler and the renderers read only these types. Names are kept as the IDL
 * spells them; renderers apply the output conventions (camelCase keys).
 */

export type IntSize = 1 | 2 | 4 | 8 | 16 | 32;

export type TypeNode =
  /** Little-endian like Borsh and bytemuck unless `endian` is `be` (Codama's number endian; rare: Chainlink OCR2's reports). */
  | { kind: 'int'; bytes: IntSize; signed: boolean; endian?: 'be' }
  /** Solana's compact-u16 (1 to 3 bytes, 7 bits each). */
  | { kind: 'shortU16' }
  | { kind: 'float'; bytes: 4 | 8 }
  /** `bytes` wide (1 unless a Codama IDL says otherwise); one byte must be 0 or 1 (Borsh), a wider bool is true when non-zero. */
  | { kind: 'bool'; bytes?: number }
  | { kind: 'pubkey' }
  /**
   * Text: `prefix` bytes of little-endian length, or `remainder` (the rest of the data), or a fixed
   * byte size (trailing zero bytes trimmed). `encoding` says how the bytes become text (default utf8).
   */
  | { kind: 'string'; size: SizeRule; encoding?: 'utf8' | 'base16' | 'base58' | 'base64' }
  /** Raw bytes, rendered as an array of numbers. */
  | { kind: 'bytes'; size: SizeRule }
  /**
   * Option<T>: `tag` bytes of 0/1 before the value (Borsh: 1; COption: 4). `fixed` means the
   * value's bytes are present (zeroed) even when the tag says None, as in COption and zero-copy.
   */
  | { kind: 'option'; item: TypeNode; tag: 1 | 4; fixed: boolean }
  /** Option without a tag: None is all-zero bytes of the item (Codama zeroableOptionTypeNode). */
  | { kind: 'zeroableOption'; item: TypeNode }
  /** Option that is None when no bytes remain (Codama remainderOptionTypeNode). */
  | { kind: 'remainderOption'; item: TypeNode }
  | { kind: 'vec'; item: TypeNode; size: SizeRule }
  /** Fixed count; a const generic parameter (Anchor 0.30 `[T; N]`) is resolved when the generic type is used. */
  | { kind: 'array'; item: TypeNode; length: number | { generic: string } }
  | { kind: 'tuple'; items: TypeNode[] }
  | { kind: 'struct'; fields: Field[] }
  /** Variants in declaration order; `tag` bytes hold the variant's `value` (its index unless declared). */
  | { kind: 'enum'; variants: Variant[]; tag: 1 | 2 | 4 }
  /** HashMap/BTreeMap: `size`-prefixed list of key/value pairs, rendered as an object when keys are strings or numbers. */
  | { kind: 'map'; key: TypeNode; value: TypeNode; size: SizeRule }
  /** A named type of the program, with generic arguments (a type, or a number for a const parameter). */
  | { kind: 'defined'; name: string; args?: (TypeNode | number)[] }
  /** A generic parameter inside a generic type definition. */
  | { kind: 'generic'; name: string }
  /** Codama's fixedSizeTypeNode around a variable type: exactly `bytes` bytes are read and the item decoded from them. */
  | { kind: 'fixedSize'; item: TypeNode; bytes: number }
  /** Constant bytes that must be present before the item and are not rendered (Codama hiddenPrefixTypeNode). */
  | { kind: 'hiddenPrefix'; prefix: Uint8Array; item: TypeNode };

/** How a variable-length value finds its length. */
export type SizeRule = { kind: 'prefix'; bytes: 1 | 2 | 4 | 8 } | { kind: 'fixed'; bytes: number } | { kind: 'remainder' };

export interface Field {
  name: string;
  type: TypeNode;
}

export interface Variant {
  name: string;
  /** The tag value written on chain for this variant. */
  value: number;
  /** Absent for unit variants; named fields for struct variants; `tuple` for tuple variants. */
  fields?: Field[];
  tuple?: TypeNode[];
}

/** Rust layout of zero-copy (bytemuck) data; Borsh data has none. */
export interface Repr {
  kind: 'c' | 'transparent' | 'rust';
  packed?: boolean;
  align?: number;
}

export type Serialization = 'borsh' | 'bytemuck' | 'bytemuckunsafe';

export interface TypeDef {
  name: string;
  /** Generic parameters in order: type parameters, and const parameters (array lengths). */
  generics?: { name: string; kind: 'type' | 'const' }[];
  type: TypeNode;
  serialization: Serialization;
  repr?: Repr;
}

export interface InstructionAccount {
  name: string;
  writable: boolean;
  signer: boolean;
  optional: boolean;
  /** Any number of accounts (zero included) in this place; the accounts after it are counted from the end. */
  variadic?: boolean;
  /** The one address this account may be (Anchor's `address` constraint: a program, a sysvar). */
  address?: string;
}

export interface InstructionDesc {
  name: string;
  /** Bytes the instruction data starts with (Anchor sighash, a Shank/native tag, Codama constant). */
  discriminator: Uint8Array;
  /** Accounts in order, nested account groups flattened. */
  accounts: InstructionAccount[];
  /**
   * How a client leaves out an optional account: by passing the program id in its place (Anchor's
   * convention, the default), or by leaving it out of the list (`omitted`, which shifts later ones).
   */
  optionalAccounts?: 'omitted';
  /** Arguments after the discriminator, in order. */
  args: Field[];
}

export interface AccountDesc {
  name: string;
  /** Empty when the account kind is not marked in its data (then `size` or nothing tells it apart). */
  discriminator: Uint8Array;
  /** Exact data length that identifies the account when it has no discriminator (Codama sizeDiscriminatorNode). */
  size?: number;
  /**
   * Tried on any data that no discriminator or size claims: set only on a program's one account
   * kind when nothing marks it, as every account of such a program is of that kind.
   */
  fallback?: true;
  /** The account's fields after the discriminator. */
  type: TypeNode;
  serialization: Serialization;
  repr?: Repr;
}

export interface EventDesc {
  name: string;
  discriminator: Uint8Array;
  type: TypeNode;
}

export interface ErrorDesc {
  code: number;
  name: string;
  message?: string;
}

export type Dialect = 'anchor-legacy' | 'anchor' | 'shank' | 'codama' | 'hand-written';

export interface ProgramDescription {
  /** base58 program id */
  address: string;
  /** Short name shown as `program` in enhanced output (the IDL's name, e.g. `m2`). */
  name: string;
  version?: string;
  dialect: Dialect;
  instructions: InstructionDesc[];
  accounts: AccountDesc[];
  events: EventDesc[];
  errors: ErrorDesc[];
  types: Map<string, TypeDef>;
}

export type TypeKind = TypeNode['kind'];
export type TypeNodeOf<K extends TypeKind> = Extract<TypeNode, { kind: K }>;

/**
 * One handler per kind of TypeNode. Every walk over the type tree is one of these, so a kind added
 * to TypeNode is a compile error in each walk until that walk says what the kind means to it.
 */
export type TypeVisitor<R, C> = { readonly [K in TypeKind]: (node: TypeNodeOf<K>, context: C) => R };

export function visitType<R, C>(node: TypeNode, visitor: TypeVisitor<R, C>, context: C): R {
  // The handler indexed by node.kind takes that node; TypeScript cannot correlate the two through the index.
  return visitor[node.kind](node as never, context);
}

/** A visitor that rebuilds a node the way `child` rebuilds each type inside it; nodes without types inside come back as they are. */
export type RebuildingVisitor<C> = { readonly [K in TypeKind]: (node: TypeNodeOf<K>, context: C) => TypeNodeOf<K> };

/** The walks that change a few kinds (generic substitution, alias resolution) spread this and override those. */
export function rebuildingVisitor<C>(child: (node: TypeNode, context: C) => TypeNode): RebuildingVisitor<C> {
  const same = <N extends TypeNode>(node: N): N => node;
  const item = <N extends { item: TypeNode }>(node: N, context: C): N => ({ ...node, item: child(node.item, context) });
  const fields = (list: Field[], context: C): Field[] => list.map((f) => ({ ...f, type: child(f.type, context) }));
  const types = (list: TypeNode[], context: C): TypeNode[] => list.map((t) => child(t, context));
  return {
    int: same,
    shortU16: same,
    float: same,
    bool: same,
    pubkey: same,
    string: same,
    bytes: same,
    generic: same,
    option: item,
    zeroableOption: item,
    remainderOption: item,
    vec: item,
    array: item,
    fixedSize: item,
    hiddenPrefix: item,
    tuple: (node, context) => ({ ...node, items: types(node.items, context) }),
    struct: (node, context) => ({ ...node, fields: fields(node.fields, context) }),
    enum: (node, context) => ({
      ...node,
      variants: node.variants.map((v) => ({
        ...v,
        ...(v.fields === undefined ? {} : { fields: fields(v.fields, context) }),
        ...(v.tuple === undefined ? {} : { tuple: types(v.tuple, context) }),
      })),
    }),
    map: (node, context) => ({ ...node, key: child(node.key, context), value: child(node.value, context) }),
    defined: (node, context) =>
      node.args === undefined ? node : { ...node, args: node.args.map((a) => (typeof a === 'number' ? a : child(a, context))) },
  };
}
