/** The four ways an absent value is written: Borsh's Option, COption, all-zero bytes, no bytes left. */
import { u32At } from '../../codec/little-endian.js';
import { FAIL, type Read } from '../primitives.js';
import type { FixedSizeReader, TypeReader } from './type-reader.js';
import { readWithin } from './window.js';

/** Borsh's Option<T>: a `tag`-byte 0 for None, or 1 and the value. Options are never Pod, so no zero-copy layout pads around them. */
export function optionOf(item: TypeReader, tag: 1 | 4): TypeReader {
  const read = tagged(item.read, tag, 0);
  return item.fixedSize === 0 ? { read, fixedSize: tag, align: 1 } : { read, fixedSize: undefined, minSize: tag, align: 1 };
}

/** COption and zero-copy options: the item's bytes are there (zeroed) after a None tag too. */
export function fixedOptionOf(item: FixedSizeReader, tag: 1 | 4): FixedSizeReader {
  return { read: tagged(item.read, tag, item.fixedSize), fixedSize: tag + item.fixedSize, align: 1 };
}

/** None is the item's bytes all zero (Codama zeroableOptionTypeNode). */
export function zeroableOptionOf(item: FixedSizeReader): FixedSizeReader {
  const size = item.fixedSize;
  const readItem = item.read;
  return {
    read: (c) => {
      const p = c.pos;
      if (p + size > c.end) return FAIL;
      for (let i = p; i < p + size; i++) if (c.bytes[i] !== 0) return readItem(c);
      c.pos = p + size;
      return null;
    },
    fixedSize: size,
    align: item.align,
  };
}

/** None is the data ending here (Codama remainderOptionTypeNode). */
export function remainderOptionOf(item: TypeReader): TypeReader {
  const readItem = item.read;
  return { read: (c) => (c.pos >= c.end ? null : readItem(c)), fixedSize: undefined, minSize: 0, align: item.align };
}

/** `skip`: the bytes a None occupies after its tag. */
function tagged(readItem: Read, tag: 1 | 4, skip: number): Read {
  return (c) => {
    const p = c.pos;
    if (p + tag > c.end) return FAIL;
    const t = tag === 1 ? c.bytes[p] : u32At(c.bytes, p);
    c.pos = p + tag;
    if (t === 0) {
      if (c.pos + skip > c.end) return FAIL;
      c.pos += skip;
      return null;
    }
    // Borsh and COption both refuse tags other than 0 and 1.
    if (t !== 1) return FAIL;
    // The value after a Some tag must be whole; the fields after the option may still be absent.
    return readWithin(c, c.end, readItem);
  };
}
