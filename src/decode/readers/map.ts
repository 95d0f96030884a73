/** HashMap and BTreeMap: key/value pairs, rendered as one object. */
import type { SizeRule } from '../../idl/description.js';
import { FAIL, defineKey, type Cursor, type Read } from '../primitives.js';
import { countPrefixed } from './array.js';
import { minSizeOf, type TypeReader } from './type-reader.js';
import { readWithin } from './window.js';

/** Keys are rendered as text: strings as they are, numbers and booleans in decimal, composite keys as JSON. */
export function mapOf(key: TypeReader, value: TypeReader, size: SizeRule): TypeReader {
  const readKey = key.read;
  const readValue = value.read;
  const entryMin = Math.max(minSizeOf(key) + minSizeOf(value), 1);
  const readEntry = (c: Cursor, out: Record<string, unknown>): boolean => {
    const k = readWithin(c, c.end, readKey);
    if (k === FAIL) return false;
    const v = readWithin(c, c.end, readValue);
    if (v === FAIL) return false;
    const text = typeof k === 'string' ? k : typeof k === 'object' && k !== null ? JSON.stringify(k) : String(k);
    if (text === '__proto__') defineKey(out, text, v);
    else out[text] = v;
    return true;
  };
  const counted = (c: Cursor, n: number): unknown => {
    if (n * entryMin > c.end - c.pos) return FAIL;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) if (!readEntry(c, out)) return FAIL;
    return out;
  };
  switch (size.kind) {
    case 'prefix':
      return countPrefixed(size.bytes, counted);
    case 'fixed': {
      const n = size.bytes;
      return { read: (c) => counted(c, n), fixedSize: undefined, minSize: n * entryMin, align: 1 };
    }
    case 'remainder': {
      const read: Read = (c) => {
        const out: Record<string, unknown> = {};
        while (c.pos < c.end) {
          const before = c.pos;
          if (!readEntry(c, out) || c.pos === before) return FAIL;
        }
        return out;
      };
      return { read, fixedSize: undefined, minSize: 0, align: 1 };
    }
  }
}
