/** Text and raw bytes: a span of the data whose length a SizeRule gives, rendered at once. */
import type { SizeRule } from '../../idl/description.js';
import { FAIL, byteArray, readLength, textOf, type Cursor, type TextEncoding } from '../primitives.js';
import type { SizeFacts, TypeReader } from './type-reader.js';

export function stringOf(size: SizeRule, encoding: TextEncoding): TypeReader {
  const render = textOf(encoding, size.kind === 'fixed');
  const span = spanReader(size);
  return {
    read: (c) => {
      const from = span(c);
      return from < 0 ? FAIL : render(c.bytes, from, c.pos);
    },
    ...spanSize(size),
  };
}

export function bytesOf(size: SizeRule): TypeReader {
  const span = spanReader(size);
  return {
    read: (c) => {
      const from = span(c);
      return from < 0 ? FAIL : byteArray(c.bytes, from, c.pos);
    },
    ...spanSize(size),
  };
}

/** Consumes the bytes of a sized value and returns where they start, or -1 when they are not all there. */
function spanReader(size: SizeRule): (c: Cursor) => number {
  switch (size.kind) {
    case 'prefix': {
      const prefix = size.bytes;
      return (c) => {
        const n = readLength(c, prefix);
        if (n < 0 || n > c.end - c.pos) return -1;
        const from = c.pos;
        c.pos = from + n;
        return from;
      };
    }
    case 'fixed': {
      const n = size.bytes;
      return (c) => {
        const from = c.pos;
        if (from + n > c.end) return -1;
        c.pos = from + n;
        return from;
      };
    }
    case 'remainder':
      return (c) => {
        const from = c.pos;
        c.pos = c.end;
        return from;
      };
  }
}

function spanSize(size: SizeRule): SizeFacts {
  switch (size.kind) {
    case 'prefix':
      return { fixedSize: undefined, minSize: size.bytes, align: 1 };
    case 'fixed':
      return { fixedSize: size.bytes, align: 1 };
    case 'remainder':
      return { fixedSize: undefined, minSize: 0, align: 1 };
  }
}
