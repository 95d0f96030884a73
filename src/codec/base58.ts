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
 * Pubkeys (32 bytes) are by far the most frequent input, so they take a table-driven path: the
 * key as 16 half-words, each half-word's weight 2^(16·k) precomputed in base 58^5, so the number's
 * base-58^5 limbs are sums of products (all below 2^53) followed by one carry pass, instead of a
 * division per limb per input chunk.
 */
const BASE5 = 656356768; // 58^5
const LIMBS32 = 9; // ⌈256 / log2(58^5)⌉
const weights: Float64Array[] = Array.from({ length: 16 }, (_, i) => {
  let v = 1n << BigInt(16 * (15 - i));
  const limbs = new Float64Array(LIMBS32);
  for (let j = 0; j < LIMBS32; j++) {
    limbs[j] = Number(v % BigInt(BASE5));
    v /= BigInt(BASE5);
  }
  return limbs;
});
const sums = new Float64Array(LIMBS32);
const digits32 = new Uint8Array(LIMBS32 * 5);

function encodePubkey(bytes: Uint8Array): string {
  sums.fill(0);
  for (let i = 0; i < 16; i++) {
    const half = bytes[2 * i] * 256 + bytes[2 * i + 1];
    if (half === 0) continue;
    const w = weights[i];
    for (let j = 0; j < LIMBS32; j++) sums[j] += half * w[j];
  }
  let carry = 0;
  for (let j = 0; j < LIMBS32; j++) {
    const x = sums[j] + carry;
    carry = Math.floor(x / BASE5);
    let limb = x - carry * BASE5;
    for (let k = 0; k < 5; k++) {
      const d = limb % 58;
      digits32[digits32.length - 1 - (j * 5 + k)] = alphabetCodes[d];
      limb = (limb - d) / 58;
    }
  }
  let zeros = 0;
  while (zeros < 32 && bytes[zeros] === 0) zeros++;
  let start = 0;
  while (start < digits32.length && digits32[start] === 49) start++;
  return '1'.repeat(zeros) + String.fromCharCode.apply(null, digits32.subarray(start) as unknown as number[]);
}

export function encodeBase58(bytes: Uint8Array): string {
  if (bytes.length === 32) return encodePubkey(bytes);
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
  const codes = new Uint8Array(zeros + used * 4);
  codes.fill(49, 0, zeros);
  let at = codes.length;
  for (let j = 0; j < used; j++) {
    let limb = limbs[j];
    for (let k = 0; k < 4; k++) {
      const d = limb % 58;
      codes[--at] = alphabetCodes[d];
      limb = (limb - d) / 58;
    }
  }
  // The most significant limb's leading zero digits ('1') are not part of the number.
  let start = zeros;
  while (start < codes.length && codes[start] === 49) start++;
  return String.fromCharCode.apply(null, codes.subarray(0, zeros) as unknown as number[]) +
    String.fromCharCode.apply(null, codes.subarray(start) as unknown as number[]);
}
