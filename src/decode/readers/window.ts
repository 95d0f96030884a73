import type { Cursor, Read } from '../primitives.js';

/**
 * Reads a value that must be whole between the cursor and `end`: a count, tag or size promised it,
 * so the data may not stop between its fields (`open` is cleared). The caller's `end` and `open`
 * come back afterwards whether the read succeeded or failed. Collections call it once per item
 * rather than around their loop: inlined into the loop, it costs no call of its own.
 */
export function readWithin(c: Cursor, end: number, read: Read): unknown {
  const outerEnd = c.end;
  const outerOpen = c.open;
  c.end = end;
  c.open = false;
  const value = read(c);
  c.end = outerEnd;
  c.open = outerOpen;
  return value;
}
