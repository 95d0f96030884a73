/**
 * JSON-RPC 2.0 envelopes as the Agave node reads them (jsonrpc-core 18), including where it departs
 * from the spec: ids are only null, strings or u64; a bad id or a non-object batch element fails
 * the whole body as a parse error; `[]` gets no answer at all; notifications are never executed.
 * Raw spans keep ids and params byte-exact for forwarding.
 */
import * as validators from './validators.generated.js';
import { invalidRequest, nestedTooDeep, parseError, unsupportedProtocolVersion, type RpcError } from './errors.js';
import { resultText, scanRequestBody, type ScannedObject } from '../json/request-scan.js';

export interface Call {
  kind: 'call';
  method: string;
  /** Positional params; null when the client sent an object (by-name), which every method we answer refuses. */
  params: unknown[] | null;
  /** Exact text of the id, echoed verbatim in the answer. */
  idRaw: string;
  /** Exact text of the whole request object, forwarded unchanged to an upstream. */
  raw: string;
}

export interface BadEntry {
  kind: 'error';
  idRaw: string;
  error: RpcError;
  /** Agave answers a missing `jsonrpc` member without a `jsonrpc` member of its own. */
  omitVersion?: boolean;
}

export type Entry = Call | BadEntry | { kind: 'notification' };

export type Body =
  | { kind: 'single'; entry: Entry }
  | { kind: 'batch'; entries: Entry[] }
  /** the whole body fails with one error object, id null */
  | { kind: 'fatal'; error: RpcError }
  /** nothing to answer: `[]` */
  | { kind: 'empty' };

export const defaultMaxNesting = 64;

const u64Max = '18446744073709551615';

/** Agave's Id is `Null | Num(u64) | Str`; anything else fails deserialization of the whole body. */
function isAcceptableId(raw: string): boolean {
  const first = raw.charCodeAt(0);
  if (first === 0x22 /* " */ || raw === 'null') return true;
  if (!/^(0|[1-9][0-9]*)$/.test(raw)) return false;
  return raw.length < u64Max.length || (raw.length === u64Max.length && raw <= u64Max);
}

/** Deepest bracket nesting outside strings; checked before JSON.parse so hostile bodies cost one linear pass. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

const knownMembers = new Set(['jsonrpc', 'method', 'params', 'id']);

function readEntry(text: string, value: Record<string, unknown>, scanned: ScannedObject): Entry {
  const idSpan = scanned.members.get('id');
  const idRaw = idSpan ? text.slice(idSpan.start, idSpan.end) : 'null';
  const hasId = idSpan !== undefined;
  if (scanned.duplicateKeys.size > 0 || !validators.envelope(value)) {
    const structurallyValid =
      scanned.duplicateKeys.size === 0 &&
      typeof value.method === 'string' &&
      (value.params === undefined || value.params === null || typeof value.params === 'object') &&
      Object.keys(value).every((k) => knownMembers.has(k));
    if (structurallyValid && !('jsonrpc' in value)) {
      if (!hasId) return { kind: 'notification' };
      return {
        kind: 'error',
        idRaw,
        error: unsupportedProtocolVersion(),
        omitVersion: true,
      };
    }
    return { kind: 'error', idRaw, error: invalidRequest() };
  }
  if (!hasId) return { kind: 'notification' };
  const params = value.params;
  return {
    kind: 'call',
    method: value.method as string,
    params: params === undefined || params === null ? [] : Array.isArray(params) ? params : null,
    idRaw,
    raw: text.slice(scanned.span.start, scanned.span.end),
  };
}

function idProblem(text: string, scanned: ScannedObject): boolean {
  if (scanned.duplicateKeys.has('id')) return true;
  const span = scanned.members.get('id');
  return span !== undefined && !isAcceptableId(text.slice(span.start, span.end));
}

export function readBody(text: string, maxNesting = defaultMaxNesting): Body {
  if (nestingDepth(text) > maxNesting) {
    return { kind: 'fatal', error: nestedTooDeep(maxNesting) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'fatal', error: parseError() };
  }
  if (typeof value !== 'object' || value === null) return { kind: 'fatal', error: parseError() };
  const scanned = scanRequestBody(text);
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty' };
    if (scanned.kind !== 'array') return { kind: 'fatal', error: parseError() };
    const objects: ScannedObject[] = [];
    for (let i = 0; i < value.length; i++) {
      const element = scanned.entries[i];
      const v: unknown = value[i];
      if (typeof v !== 'object' || v === null || Array.isArray(v) || !('members' in element)) {
        return { kind: 'fatal', error: parseError() };
      }
      if (idProblem(text, element)) return { kind: 'fatal', error: parseError() };
      objects.push(element);
    }
    return { kind: 'batch', entries: objects.map((o, i) => readEntry(text, value[i] as Record<string, unknown>, o)) };
  }
  if (scanned.kind !== 'object') return { kind: 'fatal', error: parseError() };
  if (idProblem(text, scanned.object)) return { kind: 'fatal', error: parseError() };
  return { kind: 'single', entry: readEntry(text, value as Record<string, unknown>, scanned.object) };
}

export function errorResponse(error: RpcError, idRaw = 'null', omitVersion = false): string {
  const head = omitVersion ? '{' : '{"jsonrpc":"2.0",';
  return `${head}"error":${JSON.stringify(error.toObject())},"id":${idRaw}}`;
}

const resultHead = '{"jsonrpc":"2.0","result":';

export function resultResponse(resultText: string, idRaw: string): string {
  return `${resultHead}${resultText},"id":${idRaw}}`;
}

/**
 * The raw `result` of an answer to a call with this raw id, or null when it carries an error. A
 * node (and the gateway, in resultResponse) writes `{"jsonrpc":"2.0","result":…,"id":<id>}`, so
 * within that frame the result is taken without scanning it: the scan cost about as much as
 * parsing the whole answer, and it ran for every finalized getTransaction fetched from upstream.
 * Any other spelling (members in another order, whitespace, the id re-escaped) is scanned. A
 * frame whose middle is not one value would need duplicate members, which only an upstream that
 * could equally send a wrong transaction would write.
 */
export function resultOf(answer: string, idRaw: string): string | null {
  let end = answer.length;
  while (end > 0 && ' \n\r\t'.includes(answer[end - 1])) end--;
  const tail = `,"id":${idRaw}}`;
  const from = resultHead.length;
  const to = end - tail.length;
  if (to > from && answer.startsWith(resultHead) && answer.startsWith(tail, to)) return answer.slice(from, to);
  return resultText(answer);
}

/** Best-effort id of a body we refuse before reading it properly (auth, limits): echoed when readable. */
export function readableId(text: string): string {
  try {
    const scanned = scanRequestBody(text);
    if (scanned.kind !== 'object') return 'null';
    const span = scanned.object.members.get('id');
    if (!span) return 'null';
    const raw = text.slice(span.start, span.end);
    // The body was only scanned, not parsed: a string id may hold escapes or control bytes that
    // are not JSON, and copying it would make the refusal itself unparsable.
    if (!isAcceptableId(raw)) return 'null';
    JSON.parse(raw);
    return raw;
  } catch {
    return 'null';
  }
}
