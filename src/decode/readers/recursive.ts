import { FAIL } from '../primitives.js';
import type { TypeReader, VariableSizeReader } from './type-reader.js';

/** Deeper nesting of a recursive type than any real program uses; bounds the stack hostile data can take. */
const MAX_RECURSION = 128;

/** A named type's reader, undefined while the type's own body is being compiled (a recursive reference meets it then). */
export interface ReaderCell {
  reader: TypeReader | undefined;
}

/** A reference to a type from inside its own definition; resolved at run time through the cell. */
export function recursiveReference(cell: ReaderCell): VariableSizeReader {
  return {
    read: (c) => {
      const target = cell.reader;
      if (target === undefined || c.depth >= MAX_RECURSION) return FAIL;
      c.depth++;
      const v = target.read(c);
      c.depth--;
      return v;
    },
    // Unknown until the definition completes; zero is a safe lower bound.
    fixedSize: undefined,
    minSize: 0,
    align: 1,
  };
}
