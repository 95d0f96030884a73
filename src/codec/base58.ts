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

export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const limbs: number[] = [];
  for (let i = zeros; i < bytes.length; ) {
    const take = Math.min(3, bytes.length - i);
    let carry = 0;
    for (let k = 0; k < take; k++, i++) carry = carry * 256 + bytes[i];
    const mult = take === 3 ? LIMB : take === 2 ? 65536 : 256;
    for (let j = 0; j < limbs.length; j++) {
      const x = limbs[j] * mult + carry;
      carry = Math.floor(x / CHUNK);
      limbs[j] = x - carry * CHUNK;
    }
    while (carry > 0) {
      const next = Math.floor(carry / CHUNK);
      limbs.push(carry - next * CHUNK);
      carry = next;
    }
  }
  let out = '1'.repeat(zeros);
  for (let j = limbs.length - 1; j >= 0; j--) {
    let limb = limbs[j];
    let group = '';
    for (let k = 0; k < 4; k++) {
      const d = limb % 58;
      group = alphabet[d] + group;
      limb = (limb - d) / 58;
    }
    // The most significant chunk is written without its leading zero digits.
    out += j === limbs.length - 1 ? group.replace(/^1+/, '') : group;
  }
  return out;
}
