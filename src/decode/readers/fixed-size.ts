import { FAIL } from '../primitives.js';
import type { FixedSizeReader, TypeReader } from './type-reader.js';
import { readWithin } from './window.js';

/** Codama's fixedSizeTypeNode: exactly `bytes` bytes are taken, and the item is decoded from them alone. */
export function fixedSizeOf(item: TypeReader, bytes: number): FixedSizeReader {
  const readItem = item.read;
  return {
    read: (c) => {
      const from = c.pos;
      if (from + bytes > c.end) return FAIL;
      const v = readWithin(c, from + bytes, readItem);
      c.pos = from + bytes;
      return v;
    },
    fixedSize: bytes,
    align: 1,
  };
}
