/** Collections of one item type: a fixed count, a count written before the items, or items to the end of the data. */
import type { SizeRule } from '../../idl/description.js';
import { FAIL, byteArray, intReader, readLength, type Cursor } from '../primitives.js';
import { minSizeOf, type TypeReader, type VariableSizeReader } from './type-reader.js';
import { readWithin } from './window.js';

/** How a collection reads `n` of its items, refusing any count the remaining bytes cannot hold before allocating. */
export interface Items {
  readonly item: TypeReader;
  readonly read: (c: Cursor, n: number) => unknown;
}

export function itemsOf(item: TypeReader): Items {
  const readItem = item.read;
  // Zero-size items count as one byte: Borsh refuses collections of zero-sized types anyway, and
  // this bounds the loop by the data length.
  const least = Math.max(minSizeOf(item), 1);
  const read = (c: Cursor, n: number): unknown => {
    if (n * least > c.end - c.pos) return FAIL;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const v = readWithin(c, c.end, readItem);
      if (v === FAIL) return FAIL;
      out[i] = v;
    }
    return out;
  };
  return { item, read };
}

/** u8 items: the bytes are copied in one loop rather than read one by one. */
export const byteItems: Items = {
  item: { read: intReader(1, false), fixedSize: 1, align: 1 },
  read: (c, n) => {
    const from = c.pos;
    if (n > c.end - from) return FAIL;
    c.pos = from + n;
    return byteArray(c.bytes, from, from + n);
  },
};

export function arrayOf(items: Items, length: number): TypeReader {
  const { item, read } = items;
  const readArray = (c: Cursor): unknown => read(c, length);
  return item.fixedSize === undefined
    ? { read: readArray, fixedSize: undefined, minSize: length * item.minSize, align: item.align }
    : { read: readArray, fixedSize: length * item.fixedSize, align: item.align };
}

export function vecOf(items: Items, size: SizeRule): TypeReader {
  switch (size.kind) {
    case 'prefix':
      return countPrefixed(size.bytes, items.read);
    // A fixed SizeRule on a collection counts items (Codama's fixedCountNode).
    case 'fixed':
      return arrayOf(items, size.bytes);
    case 'remainder': {
      const readItem = items.item.read;
      const readRest = (c: Cursor): unknown => {
        const out: unknown[] = [];
        while (c.pos < c.end) {
          const before = c.pos;
          const v = readWithin(c, c.end, readItem);
          // An item that consumes nothing would repeat forever.
          if (v === FAIL || c.pos === before) return FAIL;
          out.push(v);
        }
        return out;
      };
      return { read: readRest, fixedSize: undefined, minSize: 0, align: items.item.align };
    }
  }
}

/** A collection whose item count comes first, in `prefix` little-endian bytes. */
export function countPrefixed(prefix: 1 | 2 | 4 | 8, counted: (c: Cursor, n: number) => unknown): VariableSizeReader {
  return {
    read: (c) => {
      const n = readLength(c, prefix);
      return n < 0 ? FAIL : counted(c, n);
    },
    fixedSize: undefined,
    minSize: prefix,
    align: 1,
  };
}
