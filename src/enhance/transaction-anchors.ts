/**
 * explorerkit for a successful transaction without parsing its answer. Parsing the whole answer
 * costs about half of the JSON floor before anything is decoded, and most of an answer (logs,
 * balances, keys, the node's parsed natives) is never rewritten.
 *
 * The entries to decode are the only objects of a getTransaction result with a string `data`
 * member (jsonParsed's partially decoded instructions; every compiled instruction in json), and
 * none of their members can hold a brace: base58 strings, an array of them or of indexes, a
 * number or null. So each `"data":"` leads to its entry by the nearest braces either side, and
 * only those entries are parsed. The slot (for the version choice), `meta.err` and the account
 * keys are found the same way, each by the one member of its name.
 *
 * Null (the parsing path then runs) whenever any of that cannot be read with certainty: the
 * transaction failed (its error is named from the parsed answer), a member is missing or repeated
 * (a pretty-printed answer spells `"slot": ` and so has none), or an entry is not exactly an
 * instruction entry.
 */
import { splice } from '../json/path-spans.js';
import { integerAt, memberAnchors } from '../json/member-anchors.js';
import type { ProgramRegistry } from '../decode/registry.js';
import { decodeCompiledEntry, decodeParsedEntry, renderEntry, type RawInstruction } from './instruction-entry.js';

const anchorsOf = memberAnchors(['slot', 'err', 'accountKeys', 'loadedAddresses', 'data']);

export function enhanceByAnchors(text: string, registry: ProgramRegistry): string | null {
  const anchors = anchorsOf(text);
  if (anchors === null) return null;
  const only = (name: string) => {
    const offsets = anchors.get(name)!;
    return offsets.length === 1 ? offsets[0] : null;
  };
  const slotAt = only('slot');
  const errAt = only('err');
  const keysAt = only('accountKeys');
  if (slotAt === null || errAt === null || keysAt === null || !text.startsWith('null', errAt)) return null;
  const slot = integerAt(text, slotAt);
  if (slot === null || text.charCodeAt(keysAt) !== 0x5b /* [ */) return null;
  const parsedEncoding = text.charCodeAt(keysAt + 1) === 0x7b; /* { */
  const keys = parsedEncoding ? [] : compiledAccountKeys(text, keysAt, anchors.get('loadedAddresses')!);
  if (keys === null) return null;

  const edits = [];
  let previousEnd = 0;
  for (const at of anchors.get('data')!) {
    // meta.returnData's `data` is a [text, encoding] pair, not an instruction.
    if (text.charCodeAt(at) !== 0x22 /* " */) continue;
    const start = text.lastIndexOf('{', at);
    const end = text.indexOf('}', at) + 1;
    if (start < previousEnd || end === 0) return null;
    previousEnd = end;
    const entry = instructionEntry(text.slice(start, end), parsedEncoding);
    if (entry === null) return null;
    const decoded = parsedEncoding ? decodeParsedEntry(entry, registry, slot) : decodeCompiledEntry(entry, keys, registry, slot);
    if (decoded === null) continue;
    const span = { start, end };
    edits.push({ span, text: renderEntry(decoded, entry, parsedEncoding, text, span) });
  }
  return splice(text, edits);
}

/** json encoding: the static keys, then meta's loaded addresses (writable, then readonly), as accountKeysOf gives them. */
function compiledAccountKeys(text: string, keysAt: number, loadedAt: number[]): string[] | null {
  const keys = parsedJson(text.slice(keysAt, text.indexOf(']', keysAt) + 1));
  if (!isStringArray(keys) || loadedAt.length > 1) return null;
  if (loadedAt.length === 0) return keys;
  const loaded = parsedJson(text.slice(loadedAt[0], text.indexOf('}', loadedAt[0]) + 1)) as {
    writable?: unknown;
    readonly?: unknown;
  } | null;
  if (loaded === null || typeof loaded !== 'object') return null;
  const { writable = [], readonly = [] } = loaded;
  return isStringArray(writable) && isStringArray(readonly) ? [...keys, ...writable, ...readonly] : null;
}

const entryMembers = new Set(['accounts', 'data', 'programId', 'programIdIndex', 'stackHeight']);

/** The entry if the text is exactly an instruction entry of the answer's encoding. */
function instructionEntry(entryText: string, parsedEncoding: boolean): RawInstruction | null {
  const entry = parsedJson(entryText) as Record<string, unknown> | null;
  if (entry === null || typeof entry !== 'object' || !Array.isArray(entry.accounts) || typeof entry.data !== 'string') return null;
  for (const name in entry) if (!entryMembers.has(name)) return null;
  const program = parsedEncoding ? typeof entry.programId === 'string' : typeof entry.programIdIndex === 'number';
  return program ? entry : null;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
