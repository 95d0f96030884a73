/**
 * A forward pass over a JSON text that visits only the members a caller names and crosses every
 * other value by bracket matching (strings by `indexOf`), building no values. The enhancement
 * step reads a getTransaction answer this way instead of `JSON.parse`-ing all of it: parsing the
 * whole answer alone cost about half of the JSON.parse + JSON.stringify floor, and the members the
 * step needs (instruction entries, a few meta members) are a small part of the bytes.
 */
import { memberName, skipString, skipValue, skipWhitespace, unexpected } from './request-scan.js';

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Thrown when a named member occurs twice in one object: which occurrence a reader means is then the caller's call. */
export class DuplicateMember extends Error {}

/**
 * Visits the object opening at `start` (after whitespace): for each member called one of `names`,
 * `visit(index in names, value start)` returns the value's end; other members are skipped.
 * Returns the object's end. Throws DuplicateMember when a named member repeats.
 */
export function scanMembers(text: string, start: number, names: readonly string[], visit: (name: number, at: number) => number): number {
  if (text.charCodeAt(start) !== OPEN_BRACE) throw unexpected(text, start);
  let seen = 0;
  let i = skipWhitespace(text, start + 1);
  if (text.charCodeAt(i) === CLOSE_BRACE) return i + 1;
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) throw unexpected(text, i);
    const keyEnd = skipString(text, i);
    const k = nameIndex(text, i, keyEnd, names);
    i = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) throw unexpected(text, i);
    const valueStart = skipWhitespace(text, i + 1);
    let valueEnd: number;
    if (k < 0) valueEnd = skipValue(text, valueStart);
    else {
      if ((seen & (1 << k)) !== 0) throw new DuplicateMember(names[k]);
      seen |= 1 << k;
      valueEnd = visit(k, valueStart);
    }
    i = skipWhitespace(text, valueEnd);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACE) return i + 1;
    if (c !== COMMA) throw unexpected(text, i);
    i = skipWhitespace(text, i + 1);
  }
}

/** Visits each element of the array opening at `start`: `visit(element index, value start)` returns the element's end. */
export function scanElements(text: string, start: number, visit: (index: number, at: number) => number): number {
  if (text.charCodeAt(start) !== OPEN_BRACKET) throw unexpected(text, start);
  let i = skipWhitespace(text, start + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return i + 1;
  for (let index = 0; ; index++) {
    i = skipWhitespace(text, visit(index, i));
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACKET) return i + 1;
    if (c !== COMMA) throw unexpected(text, i);
    i = skipWhitespace(text, i + 1);
  }
}

/** Which of `names` the member name token [start, end) is, compared in place unless it holds an escape. */
function nameIndex(text: string, start: number, end: number, names: readonly string[]): number {
  const length = end - start - 2;
  for (let k = 0; k < names.length; k++) {
    if (names[k].length === length && text.startsWith(names[k], start + 1)) return k;
  }
  const escaped = text.indexOf('\\', start + 1);
  return escaped < 0 || escaped >= end ? -1 : names.indexOf(memberName(text, start, end));
}
