import { FAIL, type Read } from '../primitives.js';
import { largestAlign, sequentialSize, type TypeReader } from './type-reader.js';
import { readWithin } from './window.js';

/** Items one after another, rendered as an array. */
export function tupleOf(items: readonly TypeReader[]): TypeReader {
  const reads = items.map((i) => i.read);
  const n = reads.length;
  const read: Read = (c) => {
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const v = readWithin(c, c.end, reads[i]);
      if (v === FAIL) return FAIL;
      out[i] = v;
    }
    return out;
  };
  return { read, ...sequentialSize(items), align: largestAlign(items) };
}
