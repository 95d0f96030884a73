/**
 * The JSON tokenizer every scanner of the gateway shares (request bodies, answers' paths and
 * compact spans): offsets of tokens in text that JSON.parse has already accepted, so it only
 * locates, but malformed input still ends in a SyntaxError rather than a hang or another error.
 */

/** [start, end) offsets into the scanned text, surrounding whitespace excluded. */
export interface Span {
  start: number;
  end: number;
}

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;

/** The unescaped name of the string token [start, end), quotes included. */
export function memberName(text: string, start: number, end: number): string {
  for (let i = start + 1; i < end - 1; i++) {
    if (text.charCodeAt(i) === BACKSLASH) {
      // Escaped member names are rare enough that JSON.parse's decoder is the simplest exact one.
      return JSON.parse(text.slice(start, end)) as string;
    }
  }
  return text.slice(start + 1, end - 1);
}

/** End offset of the value starting at `start`; nested containers are skipped without recursion. */
export function skipValue(text: string, start: number): number {
  const c = text.charCodeAt(start);
  if (c === QUOTE) return skipString(text, start);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return skipContainer(text, start);
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return skipNumber(text, start);
  if (text.startsWith('true', start) || text.startsWith('null', start)) return start + 4;
  if (text.startsWith('false', start)) return start + 5;
  throw unexpected(text, start);
}

function skipContainer(text: string, start: number): number {
  const n = text.length;
  let depth = 0;
  for (let i = start; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = skipString(text, i) - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (--depth === 0) return i + 1;
    }
  }
  throw unexpected(text, n);
}

/** End offset (after the closing quote) of the string opening at `start`. */
export function skipString(text: string, start: number): number {
  let q = start;
  for (;;) {
    // indexOf keeps long base64/base58 params cheap to cross.
    q = text.indexOf('"', q + 1);
    if (q < 0) throw unexpected(text, text.length);
    let b = q - 1;
    while (text.charCodeAt(b) === BACKSLASH) b--;
    // An even run of backslashes escapes itself, leaving the quote unescaped.
    if (((q - 1 - b) & 1) === 0) return q + 1;
  }
}

function skipNumber(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    // Digits, '.', 'e'/'E', '+' and '-': validity was settled by the caller's JSON.parse.
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d) i++;
    else return i;
  }
}

/** Space, line feed, carriage return or tab: the only whitespace JSON allows between tokens. */
export const isJsonWhitespace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (isJsonWhitespace(text.charCodeAt(i))) i++;
  return i;
}

export function unexpected(text: string, at: number): SyntaxError {
  if (at >= text.length) return new SyntaxError('Unexpected end of JSON input');
  return new SyntaxError(`Unexpected token ${JSON.stringify(text.charAt(at))} in JSON at position ${at}`);
}
