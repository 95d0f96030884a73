import { FAIL, type Read } from '../primitives.js';
import type { TypeReader } from './type-reader.js';

/** Codama's hiddenPrefixTypeNode: constant bytes that must come before the item, not rendered. */
export function hiddenPrefixOf(prefix: Uint8Array, item: TypeReader): TypeReader {
  const readItem = item.read;
  const n = prefix.length;
  const read: Read = (c) => {
    const p = c.pos;
    if (p + n > c.end) return FAIL;
    for (let i = 0; i < n; i++) if (c.bytes[p + i] !== prefix[i]) return FAIL;
    c.pos = p + n;
    return readItem(c);
  };
  return item.fixedSize === undefined
    ? { read, fixedSize: undefined, minSize: n + item.minSize, align: item.align }
    : { read, fixedSize: n + item.fixedSize, align: item.align };
}
