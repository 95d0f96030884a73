/** Seeded, repeatable text mutations for the parsers' robustness tests: a failure always reproduces. */
export function textMutator(seed: number, alphabet: string): (text: string) => string {
  let state = seed >>> 0;
  const random = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
  return (text) => {
    for (let edits = 1 + random(3); edits > 0; edits--) {
      const at = random(text.length + 1);
      const op = random(3);
      const ch = alphabet[random(alphabet.length)];
      if (op === 0) text = text.slice(0, at) + text.slice(at + 1);
      else if (op === 1) text = text.slice(0, at) + ch + text.slice(at);
      else text = text.slice(0, at) + ch + text.slice(at + 1);
    }
    return text;
  };
}

/**
 * Seeded byte mutations for the decoders' fuzzing: a truncation, random bytes appended, bit flips,
 * or a length-like field blown up (four 0xff bytes somewhere after an 8-byte discriminator).
 */
export function byteMutator(random: (n: number) => number): (data: Uint8Array) => Uint8Array {
  const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => random(256));
  return (data) => {
    switch (random(4)) {
      case 0:
        return data.subarray(0, random(data.length + 1));
      case 1:
        return Uint8Array.from([...data, ...randomBytes(random(64))]);
      case 2: {
        const out = Uint8Array.from(data);
        for (let k = 0; k < 1 + random(4); k++) if (out.length > 0) out[random(out.length)] ^= 1 << random(8);
        return out;
      }
      default: {
        const out = Uint8Array.from(data);
        const at = Math.min(out.length, 8 + random(Math.max(1, out.length - 8)));
        out.set([0xff, 0xff, 0xff, 0xff].slice(0, Math.max(0, out.length - at)), at);
        return out;
      }
    }
  };
}
