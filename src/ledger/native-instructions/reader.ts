/**
 * What every native instruction parser shares: a reader over the instruction data that refuses
 * (NotParsable) wherever the node's own decoding fails, the account positions resolved to keys, and
 * the JSON conventions of the node's output (sorted keys, u64 as an exact number).
 */
import { encodeBase58 } from '../../codec/base58.js';
import { LosslessNumber } from '../../json/lossless.js';

export type Info = Record<string, unknown>;

/** A parser's input: the instruction's account indexes, its data, and the keys they index. */
export type NativeParser = (accounts: number[], data: Uint8Array, keys: readonly string[]) => unknown;

/** Thrown where the node gives up on an instruction, which it then renders partially decoded. */
export class NotParsable {}
export const notParsable = new NotParsable();

/**
 * The data itself does not decode. Only spl-token tells this apart from other refusals: its data
 * that is no token instruction is tried as a token-group or token-metadata one.
 */
export class Undecodable extends NotParsable {}
export const undecodable: NotParsable = new Undecodable();

/** Runs a step after the instruction was recognized, where undecodable data is a plain refusal. */
export function recognized<T>(step: () => T): T {
  try {
    return step();
  } catch (e) {
    throw e === undecodable ? notParsable : e;
  }
}

// Rust's str::from_utf8 keeps a leading BOM and rejects every malformed sequence.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function utf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw undecodable;
  }
}

/** Little-endian reads in the layouts of bincode and of spl-token's hand-packed instructions. */
export class DataReader {
  private offset = 0;
  constructor(private readonly data: Uint8Array) {}

  get rest(): Uint8Array {
    return this.data.subarray(this.offset);
  }

  get remaining(): number {
    return this.data.length - this.offset;
  }

  take(n: number): Uint8Array {
    if (n > this.data.length - this.offset) throw undecodable;
    const slice = this.data.subarray(this.offset, this.offset + n);
    this.offset += n;
    return slice;
  }

  u8(): number {
    return this.take(1)[0];
  }

  u16(): number {
    const b = this.take(2);
    return b[0] | (b[1] << 8);
  }

  i16(): number {
    return (this.u16() << 16) >> 16;
  }

  u32(): number {
    const b = this.take(4);
    return (b[0] | (b[1] << 8) | (b[2] << 16)) + b[3] * 0x1000000;
  }

  u64(): bigint {
    const b = this.take(8);
    let v = 0n;
    for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(b[i]);
    return v;
  }

  i64(): bigint {
    return BigInt.asIntN(64, this.u64());
  }

  f64(): number {
    const b = this.take(8);
    return new DataView(b.buffer, b.byteOffset, 8).getFloat64(0, true);
  }

  pubkey(): string {
    return encodeBase58(this.take(32));
  }

  /** bincode bool: exactly 0 or 1. */
  bool(): boolean {
    const b = this.u8();
    if (b > 1) throw undecodable;
    return b === 1;
  }

  /** bincode Option<T>: tag 0, or tag 1 and the value; any other tag fails. */
  option<T>(read: (r: DataReader) => T): T | null {
    return this.bool() ? read(this) : null;
  }

  /** bincode length prefix (u64), refused when more items than bytes left could hold. */
  length(itemSize: number): number {
    const length = this.u64();
    if (length * BigInt(itemSize) > BigInt(this.remaining)) throw undecodable;
    return Number(length);
  }

  /** bincode Vec<u8>. */
  bytes(): Uint8Array {
    return this.take(this.length(1));
  }

  /** bincode String: u64 length, then UTF-8 bytes. */
  string(): string {
    return utf8(this.bytes());
  }

  /** OptionalNonZeroPubkey (and its ElGamal twin, written as `text` gives it): all zero bytes are none. */
  nonZeroKey(text: (bytes: Uint8Array) => string = encodeBase58): string | null {
    const bytes = this.take(32);
    return bytes.every((b) => b === 0) ? null : text(bytes);
  }

  /** spl-token COption<Pubkey> in instruction data: tag 0 or tag 1 plus the key. */
  optionalPubkey(): string | null {
    const tag = this.u8();
    if (tag === 0) return null;
    if (tag === 1) return this.pubkey();
    throw undecodable;
  }
}

/** An integer as the node writes it: a JSON number, exact past 2^53 too. */
export function jsonInteger(value: bigint | number): number | LosslessNumber {
  if (typeof value === 'number') return value;
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : new LosslessNumber(value.toString());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof LosslessNumber);
}

/** serde_json's maps are ordered by key at every depth; arrays keep their order. */
export function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortedDeep(value[key]);
  return out;
}

/** `{info, type}`; an instruction the node gives no info omits the key. */
export function instruction(type: string, info?: Record<string, unknown>) {
  return info === undefined ? { type } : { info: sortedDeep(info), type };
}

/** An instruction's account positions, resolved to keys. */
export class Accounts {
  constructor(
    private readonly indexes: readonly number[],
    private readonly keys: readonly string[],
  ) {}

  get length(): number {
    return this.indexes.length;
  }

  /** The node checks the count before it reads a position; too few accounts is a refusal. */
  require(n: number): void {
    if (this.indexes.length < n) throw notParsable;
  }

  key(position: number): string {
    if (position >= this.indexes.length) throw notParsable;
    const key = this.keys[this.indexes[position]];
    if (key === undefined) throw notParsable;
    return key;
  }

  /** The key at a position when the instruction has it. */
  optional(position: number): string | undefined {
    return position < this.indexes.length ? this.key(position) : undefined;
  }

  /** The first `n` positions only. */
  prefix(n: number): Accounts {
    return new Accounts(this.indexes.slice(0, n), this.keys);
  }

  /** The keys from a position to the end. */
  from(position: number): string[] {
    const out: string[] = [];
    for (let i = position; i < this.indexes.length; i++) out.push(this.key(i));
    return out;
  }
}

/**
 * Most parsers first refuse an instruction with no accounts or with an index past the account
 * keys (the runtime never lets one through, so it means a corrupt record).
 */
export function resolvedAccounts(accounts: number[], keys: readonly string[]): Accounts {
  if (accounts.length === 0) throw notParsable;
  for (const index of accounts) {
    if (!Number.isInteger(index) || index < 0 || index >= keys.length) throw notParsable;
  }
  return new Accounts(accounts, keys);
}

/** Sets the fields whose value is present, the way the node adds optional entries. */
export function withPresent(info: Info, optional: Info): Info {
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) info[key] = value;
  return info;
}

/**
 * The account at `last` signs alone, or is a multisig followed by its signers; the node names the
 * field after which it is.
 */
export function withSigners(a: Accounts, info: Info, last: number, ownerField: string, multisigField: string): Info {
  if (a.length > last + 1) {
    info[multisigField] = a.key(last);
    info.signers = a.from(last + 1);
  } else {
    info[ownerField] = a.key(last);
  }
  return info;
}

/** A parser of one instruction's data after its tag, given its accounts. */
export type TaggedParser = (r: DataReader, a: Accounts) => ReturnType<typeof instruction>;

/**
 * The parser of a program whose instruction data opens with a little-endian u32 tag (bincode's enum
 * index: System, Stake, Vote, the upgradeable loader, lookup tables), from its parsers in tag order.
 */
export function byU32Tag(parsers: readonly TaggedParser[]): NativeParser {
  return (accounts, data, keys) => {
    const a = resolvedAccounts(accounts, keys);
    const r = new DataReader(data);
    const parse = parsers[r.u32()];
    if (parse === undefined) throw notParsable;
    return parse(r, a);
  };
}

/** Bytes as base64 text, as the node writes account and loader data. */
export const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** spl-token's AccountState, by its byte. */
export const ACCOUNT_STATES: readonly string[] = ['uninitialized', 'initialized', 'frozen'];
