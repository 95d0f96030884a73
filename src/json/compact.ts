/**
 * JSON text as a node writes it: no whitespace between tokens. Strings, numbers and escapes keep
 * the source's spelling, so the values are exactly the source's.
 */
import { QUOTE, isJsonWhitespace, skipString } from './tokens.js';

export function compactJson(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = skipString(text, i) - 1;
    else if (isJsonWhitespace(c)) {
      out += text.slice(from, i);
      from = i + 1;
    }
  }
  return out + text.slice(from);
}
