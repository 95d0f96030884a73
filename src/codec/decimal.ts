/**
 * Exact decimal text of little-endian integers wider than a double's 53 bits, without BigInt.
 * Account data is full of u128 fields (sqrt prices, fee growth, liquidity) and u64 amounts above
 * 2^53; building a BigInt for each costs several times more than the arithmetic below.
 *
 * The integer is held as 32-bit words in doubles and divided by 10^6 from the top word down: each
 * step's dividend is below 10^6 · 2^32 < 2^53, so every value is exact, and its quotient fits a
 * word again. Once the rest is below 2^53 it is printed as a number.
 */
import { u32At } from './little-endian.js';

const WORD = 4294967296; // 2^32
/** Below this high word, high · 2^32 + low is under 2^53. */
const EXACT_HIGH = 0x200000;
const CHUNK = 1_000_000;
const CHUNK_DIGITS = 6;
const zeroPad = ['', '0', '00', '000', '0000', '00000'];

/** Words of the integer being printed, least significant first (no caller re-enters). */
const words = new Float64Array(8);

/**
 * Decimal text of the `size`-byte little-endian integer at bytes[at] (two's complement when
 * `signed`); the caller has checked the bytes exist.
 */
export function decimalAt(bytes: Uint8Array, at: number, size: 8 | 16 | 32, signed: boolean): string {
  const n = size >> 2;
  for (let i = 0; i < n; i++) words[i] = u32At(bytes, at + 4 * i);
  const negative = signed && bytes[at + size - 1] >= 0x80;
  if (negative) {
    // Magnitude of a two's complement value: invert every word and add one.
    let carry = 1;
    for (let i = 0; i < n; i++) {
      const v = WORD - 1 - words[i] + carry;
      carry = v === WORD ? 1 : 0;
      words[i] = carry === 1 ? 0 : v;
    }
  }
  let top = n - 1;
  while (top > 0 && words[top] === 0) top--;
  let tail = '';
  while (top > 1 || (top === 1 && words[1] >= EXACT_HIGH)) {
    let rest = 0;
    for (let i = top; i >= 0; i--) {
      // rest < 10^6, so the dividend is below 2^53 and its quotient below 2^32; the quotient of
      // the rounded division is exact, since a remainder of at most 999 999 keeps it more than
      // half a unit in the last place below the next integer.
      const x = rest * WORD + words[i];
      const q = Math.floor(x / CHUNK);
      rest = x - q * CHUNK;
      words[i] = q;
    }
    const digits = String(rest);
    tail = zeroPad[CHUNK_DIGITS - digits.length] + digits + tail;
    while (top > 0 && words[top] === 0) top--;
  }
  const head = String(top === 1 ? words[1] * WORD + words[0] : words[0]);
  return negative ? `-${head}${tail}` : head + tail;
}
