/**
 * Base58 (Bitcoin alphabet) without BigInt. Request validation decodes every signature and address,
 * the decoder decodes every instruction's data and encodes every pubkey it renders, so both
 * directions work on several digits at a time: limbs of 2^24 against chunks of 58^4 keep every
 * product below 2^53, where doubles are exact.
 */
const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const digitOf = new Int8Array(128).fill(-1);
for (let i = 0; i < alphabet.length; i++) digitOf[alphabet.charCodeAt(i)] = i;

const LIMB = 16777216; // 2^24: three bytes per limb
const CHUNK = 11316496; // 58^4: four digits per chunk
const powers58 = [1, 58, 3364, 195112, CHUNK];

/** Decoded bytes, or null when a character is outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | null {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  const limbs: number[] = [];
  for (let i = zeros; i < text.length; ) {
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

/** base58 of bytes[at, at + 32), the caller having checked that they exist. */
export function encodePubkeyAt(bytes: Uint8Array, at: number): string {
  const b = bytes;
  const h0 = (b[at] << 8) | b[at + 1], h1 = (b[at + 2] << 8) | b[at + 3], h2 = (b[at + 4] << 8) | b[at + 5], h3 = (b[at + 6] << 8) | b[at + 7];
  const h4 = (b[at + 8] << 8) | b[at + 9], h5 = (b[at + 10] << 8) | b[at + 11], h6 = (b[at + 12] << 8) | b[at + 13], h7 = (b[at + 14] << 8) | b[at + 15];
  const h8 = (b[at + 16] << 8) | b[at + 17], h9 = (b[at + 18] << 8) | b[at + 19], h10 = (b[at + 20] << 8) | b[at + 21], h11 = (b[at + 22] << 8) | b[at + 23];
  const h12 = (b[at + 24] << 8) | b[at + 25], h13 = (b[at + 26] << 8) | b[at + 27], h14 = (b[at + 28] << 8) | b[at + 29], h15 = (b[at + 30] << 8) | b[at + 31];
  // Pubkey::default() stands for "none" in many account layouts.
  if ((h0 | h1 | h2 | h3 | h4 | h5 | h6 | h7 | h8 | h9 | h10 | h11 | h12 | h13 | h14 | h15) === 0) return ZERO_KEY;
  const w = weights;
  const out = pubkeyText;
  let carry = 0;
  for (let j = 0, o = 0, last = DIGITS32 - 1; j < LIMBS32; j++, o += 16, last -= 5) {
    const x = carry +
      h0 * w[o] + h1 * w[o + 1] + h2 * w[o + 2] + h3 * w[o + 3] + h4 * w[o + 4] + h5 * w[o + 5] + h6 * w[o + 6] + h7 * w[o + 7] +
      h8 * w[o + 8] + h9 * w[o + 9] + h10 * w[o + 10] + h11 * w[o + 11] + h12 * w[o + 12] + h13 * w[o + 13] + h14 * w[o + 14] + h15 * w[o + 15];
    carry = Math.floor(x * INV_BASE5);
    // Below 2^30: integer arithmetic from here. Five digits: two pairs and a single.
    const limb = (x - carry * BASE5) | 0;
    const rest = (limb / PAIR) | 0;
    const low = limb - rest * PAIR;
    const top = (rest / PAIR) | 0;
    const mid = rest - top * PAIR;
    out[last] = pairLow[low];
    out[last - 1] = pairHigh[low];
    out[last - 2] = pairLow[mid];
    out[last - 3] = pairHigh[mid];
    out[last - 4] = alphabetCodes[top];
  }
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
  for (let i = zeros; i < bytes.length; ) {
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
