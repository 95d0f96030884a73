/**
 * AssemblyScript, compiled by `make build` into dist/src/codec/wasm/kernels.wasm (src/codec/wasm-kernels.ts
 * loads it). Two loops of the explorerkit step that WebAssembly runs faster than V8 runs them in
 * JavaScript: u64 arithmetic takes five base58 digits per step into 32-bit limbs, and SIMD finds
 * member names sixteen bytes at a time. No allocator: the caller lays its data out in memory past
 * heapBase() and passes addresses.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A byte's digit value, 0xff outside the alphabet. */
const DIGIT: usize = memory.data(256);
memory.fill(DIGIT, 0xff, 256);
for (let i = 0; i < 58; i++) store<u8>(DIGIT + <usize>ALPHABET.charCodeAt(i), <u8>i);

/** 58^5 < 2^30, so a 32-bit limb times it plus a carry stays below 2^63. */
const BASE5: u64 = 656356768;

/**
 * The bytes of the base58 text of `len` ASCII bytes at `text`, written at `out`; `limbs` is scratch
 * for len / 5 + 1 words. Returns their count, or -1 when a character is outside the alphabet.
 */
export function decodeBase58(text: usize, len: i32, limbs: usize, out: usize): i32 {
  let zeros = 0;
  while (zeros < len && load<u8>(text + <usize>zeros) == 49 /* '1' */) zeros++;
  let used = 0;
  // The short chunk comes first, so every later one multiplies by the constant 58^5.
  let take = (len - zeros) % 5 || 5;
  for (let i = zeros; i < len; take = 5) {
    let chunk: u64 = 0;
    let mult: u64 = 1;
    for (const end = i + take; i < end; i++) {
      const d = load<u8>(DIGIT + <usize>load<u8>(text + <usize>i));
      if (d == 0xff) return -1;
      chunk = chunk * 58 + <u64>d;
      mult *= 58;
    }
    let carry = chunk;
    const end = limbs + ((<usize>used) << 2);
    let p = limbs;
    if (mult == BASE5) {
      // Four limbs per round: the carry chain is the critical path, the loop's own work is not.
      for (const end4 = limbs + ((<usize>(used & ~3)) << 2); p < end4; p += 16) {
        const x0 = <u64>load<u32>(p) * BASE5 + carry;
        store<u32>(p, <u32>x0);
        const x1 = <u64>load<u32>(p, 4) * BASE5 + (x0 >> 32);
        store<u32>(p, <u32>x1, 4);
        const x2 = <u64>load<u32>(p, 8) * BASE5 + (x1 >> 32);
        store<u32>(p, <u32>x2, 8);
        const x3 = <u64>load<u32>(p, 12) * BASE5 + (x2 >> 32);
        store<u32>(p, <u32>x3, 12);
        carry = x3 >> 32;
      }
    }
    for (; p < end; p += 4) {
      const x = <u64>load<u32>(p) * mult + carry;
      store<u32>(p, <u32>x);
      carry = x >> 32;
    }
    if (carry != 0) {
      store<u32>(limbs + ((<usize>used) << 2), <u32>carry);
      used++;
    }
  }
  let size = used * 4;
  if (used > 0) {
    const top = load<u32>(limbs + ((<usize>(used - 1)) << 2));
    size -= top < 0x100 ? 3 : top < 0x10000 ? 2 : top < 0x1000000 ? 1 : 0;
  }
  const total = zeros + size;
  memory.fill(out, 0, <usize>zeros);
  const first = out + <usize>zeros;
  let at = out + <usize>total;
  for (let p = limbs; at > first; p += 4) {
    let limb = load<u32>(p);
    for (let b = 0; b < 4 && at > first; b++, limb >>= 8) store<u8>(--at, <u8>limb);
  }
  return total;
}

/**
 * Every `"name":` in the `len` bytes at `text` (followed by 32 zero bytes) of up to 8 names of 1
 * to 31 bytes, described at `names`: the 4 bytes that end each name as an i32x4 pair (a quote
 * before a shorter name, masked bytes before that), their masks likewise, 8 lengths, then the names
 * 32 bytes apart. Writes (name index, offset after the colon) pairs of u32 at `out` in text order
 * and returns their count, or -1 when a match follows a backslash (memberAnchors' null).
 */
export function memberAnchors(text: usize, len: i32, names: usize, out: usize): i32 {
  const colon = i8x16.splat(0x3a);
  const quote = i8x16.splat(0x22);
  const tails0 = v128.load(names);
  const tails1 = v128.load(names, 16);
  const masks0 = v128.load(names, 32);
  const masks1 = v128.load(names, 48);
  const lengths = names + 64;
  const strings = names + 72;
  let found = 0;
  let quoteBefore: u32 = 0;
  for (let base = 0; base < len; base += 32) {
    const a = v128.load(text + <usize>base);
    const b = v128.load(text + <usize>base, 16);
    const quotes: u32 = i8x16.bitmask(i8x16.eq(a, quote)) | (i8x16.bitmask(i8x16.eq(b, quote)) << 16);
    const colons: u32 = i8x16.bitmask(i8x16.eq(a, colon)) | (i8x16.bitmask(i8x16.eq(b, colon)) << 16);
    // Only a colon right after a quote can end a member's name: the rest (log text) costs nothing.
    let hits = colons & ((quotes << 1) | quoteBefore);
    quoteBefore = quotes >>> 31;
    while (hits != 0) {
      const c = base + <i32>ctz(hits);
      hits &= hits - 1;
      // One comparison against all names' last four bytes rejects nearly every other member.
      const tail = i32x4.splat(load<i32>(text + <usize>(c - 5)));
      let lanes = i32x4.bitmask(i32x4.eq(v128.and(tail, masks0), tails0)) | (i32x4.bitmask(i32x4.eq(v128.and(tail, masks1), tails1)) << 4);
      while (lanes != 0) {
        const n = ctz(lanes);
        lanes &= lanes - 1;
        const length = <i32>load<u8>(lengths + <usize>n);
        const open = c - 2 - length;
        if (open < 0 || load<u8>(text + <usize>open) != 0x22) continue;
        if (length > 4 && memory.compare(strings + ((<usize>n) << 5), text + <usize>(open + 1), <usize>(length - 4)) != 0) continue;
        if (open > 0 && load<u8>(text + <usize>(open - 1)) == 0x5c /* \ */) return -1;
        store<u32>(out + ((<usize>found) << 3), n);
        store<u32>(out + ((<usize>found) << 3), c + 1, 4);
        found++;
        break;
      }
    }
  }
  return found;
}

/** The first address past the module's own data, aligned for v128 loads. */
export function heapBase(): usize {
  return (__heap_base + 15) & ~15;
}
