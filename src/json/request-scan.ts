/**
 * Raw member spans of a JSON-RPC request body. The gateway forwards members byte-exactly (ids
 * and params may hold integers past 2^53) and rejects duplicate keys the way Agave does
 * (duplicate "id" is a parse error, duplicate "method" an invalid request); JSON.parse can do
 * neither. The text is expected to have passed JSON.parse already, so this only locates tokens,
 * but malformed input still ends in a SyntaxError rather than a hang or another error type.
 */

/** [start, end) offsets into the scanned text, surrounding whitespace excluded. */
export interface Span {
  start: number;
  end: number;
}

export interface ScannedObject {
  span: Span;
  /** Unescaped member name -> span of its value, for the last occurrence of that name. */
  members: Map<string, Span>;
  /** Member names that occurred more than once. */
  duplicateKeys: Set<string>;
}

export type ScannedEntry = ScannedObject | { span: Span; kind: 'array' | 'string' | 'number' | 'literal' };

export type ScannedBody =
  { kind: 'object'; object: ScannedObject } | { kind: 'array'; entries: ScannedEntry[] } | { kind: 'other'; span: Span };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Members are recorded for the body object or each object element of a batch; deeper values are only spanned. */
export function scanRequestBody(text: string): ScannedBody {
  let i = skipWhitespace(text, 0);
  const first = text.charCodeAt(i);
  let body: ScannedBody;
  if (first === OPEN_BRACE) {
    const object = scanObject(text, i);
    body = { kind: 'object', object };
    i = object.span.end;
  } else if (first === OPEN_BRACKET) {
    const entries: ScannedEntry[] = [];
    i = skipWhitespace(text, i + 1);
    if (text.charCodeAt(i) === CLOSE_BRACKET) {
      i++;
    } else {
      for (;;) {
        const entry = scanEntry(text, i);
        entries.push(entry);
        i = skipWhitespace(text, entry.span.end);
        const c = text.charCodeAt(i);
        if (c === CLOSE_BRACKET) {
          i++;
          break;
        }
        if (c !== COMMA) throw unexpected(text, i);
        i = skipWhitespace(text, i + 1);
      }
    }
    body = { kind: 'array', entries };
  } else {
    const end = skipValue(text, i);
    body = { kind: 'other', span: { start: i, end } };
    i = end;
  }
  i = skipWhitespace(text, i);
  if (i !== text.length) throw unexpected(text, i);
  return body;
}

function scanEntry(text: string, start: number): ScannedEntry {
  const c = text.charCodeAt(start);
  if (c === OPEN_BRACE) return scanObject(text, start);
  const span = { start, end: skipValue(text, start) };
  if (c === OPEN_BRACKET) return { span, kind: 'array' };
  if (c === QUOTE) return { span, kind: 'string' };
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return { span, kind: 'number' };
  return { span, kind: 'literal' };
}

function scanObject(text: string, start: number): ScannedObject {
  const members = new Map<string, Span>();
  const duplicateKeys = new Set<string>();
  let i = skipWhitespace(text, start + 1);
  if (text.charCodeAt(i) === CLOSE_BRACE) {
    return { span: { start, end: i + 1 }, members, duplicateKeys };
  }
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) throw unexpected(text, i);
    const keyEnd = skipString(text, i);
    const key = memberName(text, i, keyEnd);
    i = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) throw unexpected(text, i);
    const valueStart = skipWhitespace(text, i + 1);
    const valueEnd = skipValue(text, valueStart);
    if (members.has(key)) duplicateKeys.add(key);
    members.set(key, { start: valueStart, end: valueEnd });
    i = skipWhitespace(text, valueEnd);
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACE) return { span: { start, end: i + 1 }, members, duplicateKeys };
    if (c !== COMMA) throw unexpected(text, i);
    i = skipWhitespace(text, i + 1);
  }
}

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

export function skipWhitespace(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else return i;
  }
}

export function unexpected(text: string, at: number): SyntaxError {
  if (at >= text.length) return new SyntaxError('Unexpected end of JSON input');
  return new SyntaxError(`Unexpected token ${JSON.stringify(text.charAt(at))} in JSON at position ${at}`);
}

/** The raw `result` text of a JSON-RPC answer, or null when it carries an error instead. */
export function resultText(answer: string): string | null {
  const scanned = scanRequestBody(answer);
  if (scanned.kind !== 'object') return null;
  const span = scanned.object.members.get('result');
  return span ? answer.slice(span.start, span.end) : null;
}
