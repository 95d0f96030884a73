/**
 * Leaf readers of the decoder compiler. Every reader takes a cursor, checks the bytes it needs
 * against `end` before touching them, advances `pos` and returns the rendered value, or returns
 * FAIL and leaves the cursor wherever it was (the whole decode is abandoned then).
 */
import { encodeBase58, encodePubkeyAt } from '../codec/base58.js';
import { decimalAt } from '../codec/decimal.js';
import { i32At, u16At, u32At } from '../codec/little-endian.js';

export interface Cursor {
  bytes: Uint8Array;
  pos: number;
  /** Readers never look at or past this; a fixed-size window lowers it temporarily. */
  end: number;
  /** Nesting of recursive types, bounded so hostile data cannot exhaust the stack. */
  depth: number;
  /**
   * The data may stop between two fields of the structs it ends in (instruction arguments and
   * events: programs that append fields keep accepting data without them). Containers clear it for
   * their items, whose count or tag promises them whole.
   */
  open: boolean;
  /** Set when an open struct stopped before its trailing fields: the data fits an older, shorter layout. */
  short: boolean;
}

/** A sentinel rather than exceptions: failing is an ordinary outcome on the hot path. */
export const FAIL: unique symbol = Symbol('not decoded');

export type Read = (c: Cursor) => unknown;

// Integers are assembled from the bytes directly: creating a DataView for every decode cost about
// 70 ns, a third of decoding a typical instruction.
export function cursorOver(bytes: Uint8Array, pos: number, open = false): Cursor {
  return { bytes, pos, end: bytes.length, depth: 0, open, short: false };
}

export const failRead: Read = () => FAIL;

// Below 2^21 in the high word, hi * 2^32 + lo stays under 2^53, where doubles are exact; the
// common amounts take this path, the rest the exact word arithmetic of decimalAt.
const TWO_POW_32 = 4294967296;
const EXACT_HIGH = 0x200000;

export function intReader(bytes: 1 | 2 | 4 | 8 | 16 | 32, signed: boolean): Read {
  switch (bytes) {
    case 1:
      return signed
        ? (c) => (c.pos + 1 > c.end ? FAIL : (c.bytes[c.pos++] << 24) >> 24)
        : (c) => (c.pos + 1 > c.end ? FAIL : c.bytes[c.pos++]);
    case 2:
      return (c) => {
        const p = c.pos;
        if (p + 2 > c.end) return FAIL;
        c.pos = p + 2;
        const v = u16At(c.bytes, p);
        return signed ? (v << 16) >> 16 : v;
      };
    case 4:
      return signed
        ? (c) => {
            const p = c.pos;
            if (p + 4 > c.end) return FAIL;
            c.pos = p + 4;
            return i32At(c.bytes, p);
          }
        : (c) => {
            const p = c.pos;
            if (p + 4 > c.end) return FAIL;
            c.pos = p + 4;
            return u32At(c.bytes, p);
          };
    case 8:
      return signed
        ? (c) => {
            const p = c.pos;
            if (p + 8 > c.end) return FAIL;
            c.pos = p + 8;
            const hi = i32At(c.bytes, p + 4);
            if (hi >= -EXACT_HIGH && hi < EXACT_HIGH) return String(hi * TWO_POW_32 + u32At(c.bytes, p));
            return decimalAt(c.bytes, p, 8, true);
          }
        : (c) => {
            const p = c.pos;
            if (p + 8 > c.end) return FAIL;
            c.pos = p + 8;
            const hi = u32At(c.bytes, p + 4);
            if (hi < EXACT_HIGH) return String(hi * TWO_POW_32 + u32At(c.bytes, p));
            return decimalAt(c.bytes, p, 8, false);
          };
    case 16:
    case 32:
      return (c) => {
        const p = c.pos;
        if (p + bytes > c.end) return FAIL;
        c.pos = p + bytes;
        return decimalAt(c.bytes, p, bytes, signed);
      };
  }
}

// A big-endian integer is rare (Chainlink OCR2's report fields): its bytes are reversed into a
// scratch buffer and read there by the little-endian readers, so both widths share one arithmetic.
const reversedBytes = new Uint8Array(32);
const reversedCursor = cursorOver(reversedBytes, 0);

export function bigEndianIntReader(bytes: 1 | 2 | 4 | 8 | 16 | 32, signed: boolean): Read {
  const little = intReader(bytes, signed);
  if (bytes === 1) return little;
  return (c) => {
    const p = c.pos;
    if (p + bytes > c.end) return FAIL;
    for (let i = 0; i < bytes; i++) reversedBytes[i] = c.bytes[p + bytes - 1 - i];
    reversedCursor.pos = 0;
    reversedCursor.end = bytes;
    c.pos = p + bytes;
    return little(reversedCursor);
  };
}

/** Solana's compact-u16, rejecting the encodings the runtime rejects (overlong or above u16). */
export const shortU16Reader: Read = (c) => {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    if (c.pos >= c.end) return FAIL;
    const byte = c.bytes[c.pos++];
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) {
      if (byte === 0 && i > 0) return FAIL;
      return value > 0xffff ? FAIL : value;
    }
  }
  return FAIL;
};

/** The bytes of a float are copied here to be read, instead of a DataView over every input. */
const floatBytes = new Uint8Array(8);
const floatView = new DataView(floatBytes.buffer);

/** serde_json writes non-finite floats as null. */
export function floatReader(bytes: 4 | 8): Read {
  return (c) => {
    const p = c.pos;
    if (p + bytes > c.end) return FAIL;
    c.pos = p + bytes;
    for (let i = 0; i < bytes; i++) floatBytes[i] = c.bytes[p + i];
    const x = bytes === 4 ? floatView.getFloat32(0, true) : floatView.getFloat64(0, true);
    return Number.isFinite(x) ? x : null;
  };
}

/**
 * A one-byte bool is Borsh's: it refuses any byte but 0 and 1, so no Anchor or Shank program ever
 * accepted data that holds another. Wider (Codama) bools are true when any byte is non-zero.
 */
export function boolReader(bytes: number): Read {
  if (bytes === 1) return (c) => (c.pos + 1 > c.end || c.bytes[c.pos] > 1 ? FAIL : c.bytes[c.pos++] === 1);
  return (c) => {
    const p = c.pos;
    if (p + bytes > c.end) return FAIL;
    c.pos = p + bytes;
    for (let i = p; i < p + bytes; i++) if (c.bytes[i] !== 0) return true;
    return false;
  };
}

export const pubkeyReader: Read = (c) => {
  const p = c.pos;
  if (p + 32 > c.end) return FAIL;
  c.pos = p + 32;
  return encodePubkeyAt(c.bytes, p);
};

/** A little-endian length of `bytes` bytes, or -1 when it is missing or cannot fit in any data. */
export function readLength(c: Cursor, bytes: 1 | 2 | 4 | 8): number {
  const p = c.pos;
  if (p + bytes > c.end) return -1;
  c.pos = p + bytes;
  switch (bytes) {
    case 1:
      return c.bytes[p];
    case 2:
      return u16At(c.bytes, p);
    case 4:
      return u32At(c.bytes, p);
    case 8:
      // A length needing the high word is beyond any buffer this process can hold.
      return u32At(c.bytes, p + 4) === 0 ? u32At(c.bytes, p) : -1;
  }
}

export function byteArray(bytes: Uint8Array, from: number, to: number): number[] {
  const out = new Array<number>(to - from);
  for (let i = from; i < to; i++) out[i - from] = bytes[i];
  return out;
}

// ignoreBOM keeps a leading U+FEFF as Rust's String does; fatal makes invalid UTF-8 a failure.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const SHORT_ASCII = 64;

/** UTF-8 text of bytes[from, to), or FAIL when it is not valid UTF-8. */
export function utf8Text(bytes: Uint8Array, from: number, to: number): string | typeof FAIL {
  // Short ASCII names and symbols dominate; building them directly beats TextDecoder's call cost.
  if (to - from <= SHORT_ASCII) {
    let ascii = true;
    for (let i = from; i < to; i++) {
      if (bytes[i] >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (ascii) return String.fromCharCode.apply(null, bytes.subarray(from, to) as unknown as number[]);
  }
  try {
    return utf8.decode(bytes.subarray(from, to));
  } catch {
    return FAIL;
  }
}

export type TextEncoding = 'utf8' | 'base16' | 'base58' | 'base64';

/** Renders bytes[from, to) as text; fixed-size UTF-8 fields are NUL-padded, so `trim` drops trailing zeros. */
export function textOf(encoding: TextEncoding, trim: boolean): (bytes: Uint8Array, from: number, to: number) => string | typeof FAIL {
  switch (encoding) {
    case 'utf8':
      return trim
        ? (bytes, from, to) => {
            while (to > from && bytes[to - 1] === 0) to--;
            return utf8Text(bytes, from, to);
          }
        : utf8Text;
    case 'base16':
      return (bytes, from, to) => Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('hex');
    case 'base58':
      return (bytes, from, to) => encodeBase58(bytes.subarray(from, to));
    case 'base64':
      return (bytes, from, to) => Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('base64');
  }
}

/** Sets a property that may be `__proto__` without touching the prototype (names and map keys come from outside). */
export function defineKey(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}
