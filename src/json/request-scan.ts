/**
 * Raw member spans of a JSON-RPC request body. The gateway forwards members byte-exactly (ids
 * and params may hold integers past 2^53) and rejects duplicate keys the way Agave does
 * (duplicate "id" is a parse error, duplicate "method" an invalid request); JSON.parse can do
 * neither. The text is expected to have passed JSON.parse already, so this only locates tokens,
 * but malformed input still ends in a SyntaxError rather than a hang or another error type.
 */

import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  memberName,
  skipString,
  skipValue,
  skipWhitespace,
  unexpected,
  type Span,
} from './tokens.js';

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

/** The raw `result` text of a JSON-RPC answer, or null when it carries an error instead. */
export function resultText(answer: string): string | null {
  const scanned = scanRequestBody(answer);
  if (scanned.kind !== 'object') return null;
  const span = scanned.object.members.get('result');
  return span ? answer.slice(span.start, span.end) : null;
}
