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
