/** Named fields rendered as one object, placed one after another (Borsh, packed) or with repr(C) padding (zero-copy). */
import { FAIL, type Cursor } from '../primitives.js';
import { largestAlign, minSizeOf, sequentialSize, type TypeReader } from './type-reader.js';

/** `keys` are camelCase names, which never are `__proto__`: plain assignment is safe. */
export function structOf(fields: readonly TypeReader[], keys: readonly string[]): TypeReader {
  const reads = fields.map((f) => f.read);
  const takesBytes = fields.map((f) => minSizeOf(f) > 0);
  const n = keys.length;
  return {
    read: (c) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        // Fields the data stops before are left out, never invented: after at least one field
        // (data that stops right at a struct's start is not that struct), and not for fields
        // that read an absent end themselves (remainder options and collections).
        if (c.open && i > 0 && c.pos === c.end && takesBytes[i]) {
          c.short = true;
          return out;
        }
        const v = reads[i](c);
        if (v === FAIL) return FAIL;
        out[keys[i]] = v;
      }
      return out;
    },
    ...sequentialSize(fields),
    align: largestAlign(fields),
  };
}

const alignUp = (n: number, align: number): number => n + ((align - (n % align)) % align);

/**
 * repr(C): each field starts at the next multiple of its alignment (relative to the struct's
 * start) and the struct's size is rounded up to its own alignment, the largest of its fields' and
 * any `align(N)` in its repr.
 */
export function cStructOf(fields: readonly TypeReader[], keys: readonly string[], reprAlign: number): TypeReader {
  const reads = fields.map((f) => f.read);
  const aligns = fields.map((f) => f.align);
  const align = Math.max(reprAlign, ...aligns);
  const n = keys.length;
  const read = (c: Cursor): unknown => {
    const start = c.pos;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      c.pos = start + alignUp(c.pos - start, aligns[i]);
      const v = reads[i](c);
      if (v === FAIL) return FAIL;
      out[keys[i]] = v;
    }
    c.pos = start + alignUp(c.pos - start, align);
    return c.pos > c.end ? FAIL : out;
  };
  let offset = 0;
  for (const f of fields) {
    if (f.fixedSize === undefined) return { read, fixedSize: undefined, minSize: minSizeOf(sequentialSize(fields)), align };
    offset = alignUp(offset, f.align) + f.fixedSize;
  }
  return { read, fixedSize: alignUp(offset, align), align };
}
