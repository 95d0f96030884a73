/**
 * Spans of arrays' elements found by their compact text instead of by walking the document.
 * A node writes compact JSON, so the text JSON.stringify gives an already-parsed array is usually
 * the node's own bytes, and `indexOf` crosses the rest of the answer (logs, balances, keys) several
 * times faster than a tokenizing walk. Anything that makes the two texts differ (whitespace,
 * another escape or float spelling, integers past 2^53 that JSON.parse rounded) finds nothing,
 * and the caller walks instead.
 */
import type { Span } from './tokens.js';

/**
 * For each array that is not null, the spans of its elements, where the arrays are the values of
 * every member called `name` in the document; null unless the text has exactly one `"name":[`
 * per array (null ones included) and each array asked for matches exactly one of them.
 * An unescaped quote followed by the name and `":` can only open a member name (inside a string
 * the quotes would be escaped), so counting them counts the members: none is left over for an
 * array to be mistaken for, and an array matching two members (an inner group repeating the
 * top-level list, say) could be either, so it gives null too.
 */
export function compactElementSpans(text: string, name: string, arrays: readonly (readonly unknown[] | null)[]): (Span[] | null)[] | null {
  const prefix = `"${name}":[`;
  const members: number[] = [];
  for (let at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at + prefix.length)) {
    if (members.length === arrays.length) return null;
    members.push(at + prefix.length - 1);
  }
  if (members.length !== arrays.length) return null;

  const found: (Span[] | null)[] = [];
  for (const elements of arrays) {
    if (elements === null || elements.length === 0) {
      found.push(elements && []);
      continue;
    }
    const parts = elements.map((element) => JSON.stringify(element));
    let hit = -1;
    for (const member of members) {
      if (!elementsAt(text, member, parts)) continue;
      if (hit >= 0) return null;
      hit = member;
    }
    if (hit < 0) return null;
    let start = hit + 1;
    found.push(
      parts.map((part) => {
        const span = { start, end: start + part.length };
        start = span.end + 1;
        return span;
      }),
    );
  }
  return found;
}

/**
 * Whether the array opening at `at` is exactly these element texts, comma-separated. Compared
 * part by part, the array's whole text is never built (joining and flattening it cost as much
 * as the comparison).
 */
function elementsAt(text: string, at: number, parts: readonly string[]): boolean {
  let i = at + 1;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k];
    if (text.slice(i, i + part.length) !== part) return false;
    i += part.length;
    if (text.charCodeAt(i) !== (k === parts.length - 1 ? 0x5d /* ] */ : 0x2c) /* , */) return false;
    i++;
  }
  return true;
}
