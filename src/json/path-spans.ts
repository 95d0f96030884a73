/**
 * Spans of the values at given paths of a JSON text, found in one pass. The enhancer splices
 * decoded entries into the upstream's answer at these spans, so every byte it does not replace
 * stays exactly as the node wrote it (no re-serialization of numbers, escapes or key order).
 */
import { memberName, skipString, skipValue, skipWhitespace, unexpected, type Span } from './tokens.js';

/** A path of member names, with '*' for every element of an array. */
export type PathPattern = readonly string[];

/** For each pattern, the spans of the values it matches, in document order. */
export function findPathSpans(text: string, patterns: readonly PathPattern[]): Span[][] {
  const found: Span[][] = patterns.map(() => []);
  const start = skipWhitespace(text, 0);
  walk(
    text,
    start,
    patterns.map((_, i) => i),
    0,
    patterns,
    found,
  );
  return found;
}

/** Visits the value at `start` for the patterns still alive at this depth; returns the value's end. */
function walk(text: string, start: number, alive: number[], depth: number, patterns: readonly PathPattern[], found: Span[][]): number {
  const complete = alive.filter((p) => patterns[p].length === depth);
  if (complete.length > 0) {
    const end = skipValue(text, start);
    for (const p of complete) found[p].push({ start, end });
    return end;
  }
  const c = text.charCodeAt(start);
  if (c === 0x7b /* { */) return walkObject(text, start, alive, depth, patterns, found);
  if (c === 0x5b /* [ */) return walkArray(text, start, alive, depth, patterns, found);
  return skipValue(text, start);
}

function walkObject(
  text: string,
  start: number,
  alive: number[],
  depth: number,
  patterns: readonly PathPattern[],
  found: Span[][],
): number {
  let i = skipWhitespace(text, start + 1);
  if (text.charCodeAt(i) === 0x7d) return i + 1;
  for (;;) {
    const keyEnd = skipString(text, i);
    const key = memberName(text, i, keyEnd);
    i = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) throw unexpected(text, i);
    const valueStart = skipWhitespace(text, i + 1);
    const next = alive.filter((p) => patterns[p][depth] === key);
    const valueEnd = next.length > 0 ? walk(text, valueStart, next, depth + 1, patterns, found) : skipValue(text, valueStart);
    i = skipWhitespace(text, valueEnd);
    const c = text.charCodeAt(i);
    if (c === 0x7d) return i + 1;
    if (c !== 0x2c) throw unexpected(text, i);
    i = skipWhitespace(text, i + 1);
  }
}

function walkArray(text: string, start: number, alive: number[], depth: number, patterns: readonly PathPattern[], found: Span[][]): number {
  const next = alive.filter((p) => patterns[p][depth] === '*');
  if (next.length === 0) return skipValue(text, start);
  let i = skipWhitespace(text, start + 1);
  if (text.charCodeAt(i) === 0x5d) return i + 1;
  for (;;) {
    i = skipWhitespace(text, walk(text, i, next, depth + 1, patterns, found));
    const c = text.charCodeAt(i);
    if (c === 0x5d) return i + 1;
    if (c !== 0x2c) throw unexpected(text, i);
    i = skipWhitespace(text, i + 1);
  }
}
