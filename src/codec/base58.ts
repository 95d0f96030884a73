/**
 * Base58 (Bitcoin alphabet) without BigInt. Request validation decodes every signature and address,
 * the decoder decodes every instruction's data and encodes every pubkey it renders, so both
 * directions work on several digits at a time: limbs of 2^24 against chunks of 58^4 keep every
 * product below 2^53, where doubles are exact.
 */
import { wasmDecodeBase58 } from './wasm-kernels.js';

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const digitOf = new Int8Array(128).fill(-1);
for (let i = 0; i < alphabet.length; i++) digitOf[alphabet.charCodeAt(i)] = i;

const LIMB = 16777216; // 2^24: three bytes per limb
const CHUNK = 11316496; // 58^4: four digits per chunk
const powers58 = [1, 58, 3364, 195112, CHUNK];

/**
 * Past this many digits the limb loop's quadratic cost loses to V8's BigInt multiplication
 * (`node dist/bench/base58.bench.js` times both on each length); signatures and addresses stay
 * on the limb loop.
 */
const LONG_TEXT = 160;
/**
 * The digits the WebAssembly kernel (./wasm-kernels.ts) decodes when it is loaded: its u64 limb
 * loop is quadratic too, but with a third of the steps of the limb loop here, so it beats both
 * JavaScript ways from pubkeys up to texts of about a kilobyte (the same benchmark).
 */
const BY_KERNEL = { above: 32, upTo: 1200 };

/** Decoded bytes, or null when a character is outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | null {
  const zeros = leadingOnes(text);
  const digits = text.length - zeros;
  if (digits > BY_KERNEL.above && digits <= BY_KERNEL.upTo) {
    const decoded = wasmDecodeBase58(text);
    if (decoded !== undefined) return decoded;
  }
  return digits > LONG_TEXT ? decodeByBlocks(text, zeros) : decodeByLimbs(text, zeros);
}

/** The ways decodeBase58 picks between, on any length: for the benchmark and the tests (wasm: undefined when not loaded). */
export const base58DecodeStrategies = {
  limbs: (text: string) => decodeByLimbs(text, leadingOnes(text)),
  blocks: (text: string) => decodeByBlocks(text, leadingOnes(text)),
  wasm: wasmDecodeBase58,
};

/** Each leading '1' is one leading zero byte. */
function leadingOnes(text: string): number {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  return zeros;
}

function decodeByLimbs(text: string, zeros: number): Uint8Array | null {
  const limbs: number[] = [];
  for (let i = zeros; i < text.length;) {
    const take = Math.min(4, text.length - i);
    let carry = 0;
    for (let k = 0; k < take; k++, i++) {
      const c = text.charCodeAt(i);
      const d = c < 128 ? digitOf[c] : -1;
      if (d < 0) return null;
      carry = carry * 58 + d;
    }
    const mult = powers58[take];
    for (let j = 0; j < limbs.length; j++) {
      const x = limbs[j] * mult + carry;
      carry = Math.floor(x / LIMB);
      limbs[j] = x - carry * LIMB;
    }
    while (carry > 0) {
      const next = Math.floor(carry / LIMB);
      limbs.push(carry - next * LIMB);
      carry = next;
    }
  }
  let size = limbs.length * 3;
  const top = limbs.length > 0 ? limbs[limbs.length - 1] : 0;
  if (limbs.length > 0) size -= top < 256 ? 2 : top < 65536 ? 1 : 0;
  const out = new Uint8Array(zeros + size);
  let at = out.length - 1;
  for (let j = 0; j < limbs.length; j++) {
    let limb = limbs[j];
    for (let b = 0; b < 3 && at >= zeros; b++) {
      out[at--] = limb & 0xff;
      limb >>>= 8;
    }
  }
  return out;
}

const BLOCK = 9; // 58^9 < 2^53: nine digits make one exact double
/** blockPowers[k] = 58^(9·2^k), the factor that joins two neighbouring blocks at level k. */
const blockPowers: bigint[] = [58n ** BigInt(BLOCK)];

/**
 * Nine-digit blocks joined pairwise, level by level, as BigInts, so each multiplication has
 * operands of similar size; the number's hex text then gives the bytes.
 */
function decodeByBlocks(text: string, zeros: number): Uint8Array | null {
  let level: bigint[] = [];
  for (let i = zeros, len = (text.length - zeros) % BLOCK || BLOCK; i < text.length; len = BLOCK) {
    let block = 0;
    for (const end = i + len; i < end; i++) {
      const c = text.charCodeAt(i);
      const d = c < 128 ? digitOf[c] : -1;
      if (d < 0) return null;
      block = block * 58 + d;
    }
    level.push(BigInt(block));
  }
  // Joined from the least significant end, so every right-hand operand is a whole block.
  for (let k = 0; level.length > 1; k++) {
    if (blockPowers.length === k + 1) blockPowers.push(blockPowers[k] * blockPowers[k]);
    const next: bigint[] = level.length % 2 === 1 ? [level[0]] : [];
    for (let j = level.length % 2; j < level.length; j += 2) next.push(level[j] * blockPowers[k] + level[j + 1]);
    level = next;
  }
  const value = level[0] ?? 0n;
  const hex = value === 0n ? '' : value.toString(16);
  const out = new Uint8Array(zeros + ((hex.length + 1) >> 1));
  Buffer.from(out.buffer, out.byteOffset + zeros).write(hex.length % 2 === 1 ? `0${hex}` : hex, 'hex');
  return out;
}

const alphabetCodes = Uint8Array.from(alphabet, (c) => c.charCodeAt(0));

/*
 * Pubkeys (32 bytes) are by far the most frequent input: every account decode renders several. The
 * key is read as 16 big-endian half-words h_i, and the weight 2^(16·(15-i)) of each is precomputed
 * in base 58^5, so limb j of the number is Σ h_i·weight_ij (every product below 2^45.3, the sum of
 * 16 below 2^49.3: exact in doubles) plus the carry from limb j-1. The carry chain is the critical
 * path, so it multiplies by the reciprocal instead of dividing: for x < 2^50 the product is within
 * 2^-31 of x / 58^5, while a quotient that is not an integer lies at least 1 / 58^5 > 2^-30 from
 * one, so the floor is exact; for exact multiples (quotients below 2^21) the test checks every one.
 * Digits are written straight into a Buffer whose latin1 text is the result.
 */
const BASE5 = 656356768; // 58^5
const INV_BASE5 = 1 / BASE5;
const LIMBS32 = 9; // ⌈256 / log2(58^5)⌉
const DIGITS32 = LIMBS32 * 5;
/** weights[16·j + i]: limb j (least significant first) of 2^(16·(15-i)) in base 58^5. */
const weights = new Float64Array(16 * LIMBS32);
for (let i = 0; i < 16; i++) {
  let v = 1n << BigInt(16 * (15 - i));
  for (let j = 0; v > 0n; j++, v /= BigInt(BASE5)) weights[16 * j + i] = Number(v % BigInt(BASE5));
}
/** Two digits (a value below 58^2) as their two character codes. */
const PAIR = 3364;
const pairHigh = new Uint8Array(PAIR);
const pairLow = new Uint8Array(PAIR);
for (let v = 0; v < PAIR; v++) {
  pairHigh[v] = alphabetCodes[Math.floor(v / 58)];
  pairLow[v] = alphabetCodes[v % 58];
}
const pubkeyText = Buffer.alloc(DIGITS32);
const ZERO_KEY = '1'.repeat(32);

/** The five digits of a limb (below 58^5 < 2^30, so integer division) ending at out[last]. */
function digits5(out: Uint8Array, limb: number, last: number): void {
  const rest = ((limb | 0) / PAIR) | 0;
  const low = (limb | 0) - rest * PAIR;
  const top = (rest / PAIR) | 0;
  const mid = rest - top * PAIR;
  out[last] = pairLow[low];
  out[last - 1] = pairHigh[low];
  out[last - 2] = pairLow[mid];
  out[last - 3] = pairHigh[mid];
  out[last - 4] = alphabetCodes[top];
}

/** base58 of bytes[at, at + 32), the caller having checked that they exist. */
export function encodePubkeyAt(bytes: Uint8Array, at: number): string {
  const b = bytes;
  const h0 = (b[at] << 8) | b[at + 1],
    h1 = (b[at + 2] << 8) | b[at + 3],
    h2 = (b[at + 4] << 8) | b[at + 5],
    h3 = (b[at + 6] << 8) | b[at + 7];
  const h4 = (b[at + 8] << 8) | b[at + 9],
    h5 = (b[at + 10] << 8) | b[at + 11],
    h6 = (b[at + 12] << 8) | b[at + 13],
    h7 = (b[at + 14] << 8) | b[at + 15];
  const h8 = (b[at + 16] << 8) | b[at + 17],
    h9 = (b[at + 18] << 8) | b[at + 19],
    h10 = (b[at + 20] << 8) | b[at + 21],
    h11 = (b[at + 22] << 8) | b[at + 23];
  const h12 = (b[at + 24] << 8) | b[at + 25],
    h13 = (b[at + 26] << 8) | b[at + 27],
    h14 = (b[at + 28] << 8) | b[at + 29],
    h15 = (b[at + 30] << 8) | b[at + 31];
  // Pubkey::default() stands for "none" in many account layouts.
  if ((h0 | h1 | h2 | h3 | h4 | h5 | h6 | h7 | h8 | h9 | h10 | h11 | h12 | h13 | h14 | h15) === 0) return ZERO_KEY;
  const w = weights;
  const out = pubkeyText;
  // Limb j, least significant first. A half-word's weight 2^(16·(15-i)) has no limb above
  // 16·(15-i) / log2(58^5), so each later limb leaves out more of the low half-words. The sums
  // come before the carry is added, so only the carry's own arithmetic is a chain.
  let x =
    h0 * w[0] +
    h1 * w[1] +
    h2 * w[2] +
    h3 * w[3] +
    h4 * w[4] +
    h5 * w[5] +
    h6 * w[6] +
    h7 * w[7] +
    h8 * w[8] +
    h9 * w[9] +
    h10 * w[10] +
    h11 * w[11] +
    h12 * w[12] +
    h13 * w[13] +
    h14 * w[14] +
    h15 * w[15];
  let carry = Math.floor(x * INV_BASE5);
  digits5(out, x - carry * BASE5, 44);
  x =
    h0 * w[16] +
    h1 * w[17] +
    h2 * w[18] +
    h3 * w[19] +
    h4 * w[20] +
    h5 * w[21] +
    h6 * w[22] +
    h7 * w[23] +
    h8 * w[24] +
    h9 * w[25] +
    h10 * w[26] +
    h11 * w[27] +
    h12 * w[28] +
    h13 * w[29] +
    carry;
  carry = Math.floor(x * INV_BASE5);
  digits5(out, x - carry * BASE5, 39);
  x =
    h0 * w[32] +
    h1 * w[33] +
    h2 * w[34] +
    h3 * w[35] +
    h4 * w[36] +
    h5 * w[37] +
    h6 * w[38] +
    h7 * w[39] +
    h8 * w[40] +
    h9 * w[41] +
    h10 * w[42] +
    h11 * w[43] +
    carry;
  carry = Math.floor(x * INV_BASE5);
  digits5(out, x - carry * BASE5, 34);
  x =
    h0 * w[48] + h1 * w[49] + h2 * w[50] + h3 * w[51] + h4 * w[52] + h5 * w[53] + h6 * w[54] + h7 * w[55] + h8 * w[56] + h9 * w[57] + carry;
  carry = Math.floor(x * INV_BASE5);
  digits5(out, x - carry * BASE5, 29);
  x = h0 * w[64] + h1 * w[65] + h2 * w[66] + h3 * w[67] + h4 * w[68] + h5 * w[69] + h6 * w[70] + h7 * w[71] + carry;
  carry = Math.floor(x * INV_BASE5);
  digits5(out, x - carry * BASE5, 24);
  x = h0 * w[80] + h1 * w[81] + h2 * w[82] + h3 * w[83] + h4 * w[84] + h5 * w[85] + carry;
  carry = Math.floor(x * INV_BASE5);
  digits5(out, x - carry * BASE5, 19);
  x = h0 * w[96] + h1 * w[97] + h2 * w[98] + h3 * w[99] + h4 * w[100] + carry;
  carry = Math.floor(x * INV_BASE5);
  digits5(out, x - carry * BASE5, 14);
  x = h0 * w[112] + h1 * w[113] + h2 * w[114] + carry;
  carry = Math.floor(x * INV_BASE5);
  digits5(out, x - carry * BASE5, 9);
  // 2^256 / 58^40 < 58^5: the top limb takes no carry out.
  digits5(out, h0 * w[128] + carry, 4);
  // Leading zero digits are not part of the number; each leading zero byte is one '1'.
  let start = 0;
  while (start < DIGITS32 && out[start] === 49) start++;
  let zeros = 0;
  while (zeros < 32 && b[at + zeros] === 0) zeros++;
  return out.toString('latin1', start - zeros, DIGITS32);
}

export function encodeBase58(bytes: Uint8Array): string {
  if (bytes.length === 32) return encodePubkeyAt(bytes, 0);
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // Little-endian limbs of four base58 digits each; a typed array avoids growing a JS array.
  const limbs = new Float64Array(Math.ceil(((bytes.length - zeros) * 1.3658) / 4) + 1);
  let used = 0;
  for (let i = zeros; i < bytes.length;) {
    const take = Math.min(3, bytes.length - i);
    let carry = 0;
    for (let k = 0; k < take; k++, i++) carry = carry * 256 + bytes[i];
    const mult = take === 3 ? LIMB : take === 2 ? 65536 : 256;
    for (let j = 0; j < used; j++) {
      const x = limbs[j] * mult + carry;
      carry = Math.floor(x / CHUNK);
      limbs[j] = x - carry * CHUNK;
    }
    while (carry > 0) {
      const next = Math.floor(carry / CHUNK);
      limbs[used++] = carry - next * CHUNK;
      carry = next;
    }
  }
  const codes = Buffer.allocUnsafe(zeros + used * 4);
  codes.fill(49, 0, zeros);
  let at = codes.length;
  for (let j = 0; j < used; j++) {
    // Below 58^4 < 2^31: integer division, not floating-point remainders.
    const limb = limbs[j] | 0;
    const high = (limb / PAIR) | 0;
    const low = limb - high * PAIR;
    codes[--at] = pairLow[low];
    codes[--at] = pairHigh[low];
    codes[--at] = pairLow[high];
    codes[--at] = pairHigh[high];
  }
  // The most significant limb's leading zero digits ('1') are not part of the number; everything
  // before `start` is '1', so the zero bytes' '1's are the `zeros` characters just before it.
  let start = zeros;
  while (start < codes.length && codes[start] === 49) start++;
  return codes.toString('latin1', start - zeros, codes.length);
}
