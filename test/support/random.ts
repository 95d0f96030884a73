/**
 * mulberry32: a seeded 32-bit generator for the tests that draw random inputs, so that a failure
 * replays from its seed. (The low bits of a plain LCG repeat every 256 draws, which random bytes
 * would show.)
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = Math.imul(state ^ (state >>> 15), 1 | state);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return (z ^ (z >>> 14)) >>> 0;
  };
}
