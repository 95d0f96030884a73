/**
 * explorerkit for getTransaction without parsing the answer. Parsing the whole answer costs about
 * half of the JSON floor before anything is decoded, and most of an answer (logs, balances, keys,
 * the node's parsed natives) is never rewritten.
 *
 * The entries to decode are the only objects of a getTransaction result with a string `data`
 * member (jsonParsed's partially decoded instructions; every compiled instruction in json), and
 * none of their members can hold a brace: base58 strings, an array of them or of indexes, a
 * number or null. So each `"data":"` leads to its entry by the nearest braces either side, and
 * only those entries are parsed. The slot (for the version choice), `meta.err` and the account
 * keys are found the same way, each by the one member of its name.
 *
 * A failed transaction's program error is named the same way (namedFailure). Null (the parsing
 * path then runs) whenever any of that cannot be read with certainty: a member is missing or
 * repeated (a pretty-printed answer spells `"slot": ` and so has none), or an entry is not exactly
 * an instruction entry.
 */
import type { TransactionError } from '@solana/kit';
import type { Edit } from '../json/splice.js';
import { integerAt, memberAnchors, objectWithin, parsedOrNull } from '../json/member-anchors.js';
import { skipValue, type Span } from '../json/tokens.js';
import type { ProgramRegistry } from '../decode/registry.js';
import { decodeCompiledEntry, decodeParsedEntry, renderEntry, withMember, type RawInstruction } from './instruction-entry.js';
import { customErrorOf, programErrorMember, programErrorOf } from './program-error.js';
import { programIdOf } from '../transaction-result/read.js';
import { nodeParsedInstructionPrograms } from '../transaction-result/node-parsed.js';
import type { InstructionEntry } from '../transaction-result/types.js';

const anchorsOf = memberAnchors(['slot', 'err', 'accountKeys', 'loadedAddresses', 'data', 'logMessages', 'message', 'instructions']);
type Anchors = Map<string, number[]>;

export function transactionEditsByAnchors(text: string, registry: ProgramRegistry, bytes?: Uint8Array): Edit[] | null {
  const anchors = anchorsOf(text, bytes);
  if (anchors === null) return null;
  const only = (name: string) => {
    const offsets = anchors.get(name)!;
    return offsets.length === 1 ? offsets[0] : null;
  };
  const slotAt = only('slot');
  const errAt = only('err');
  const keysAt = only('accountKeys');
  if (slotAt === null || errAt === null || keysAt === null) return null;
  const slot = integerAt(text, slotAt);
  if (slot === null || text.charCodeAt(keysAt) !== 0x5b /* [ */) return null;
  const parsedEncoding = text.charCodeAt(keysAt + 1) === 0x7b; /* { */
  const keys = parsedEncoding ? [] : compiledAccountKeys(text, keysAt, anchors.get('loadedAddresses')!);
  if (keys === null) return null;
  const failure = text.startsWith('null', errAt) ? noFailure : namedFailure(text, errAt, anchors, parsedEncoding ? null : keys, registry);
  if (failure === null) return null;

  const edits: Edit[] = [];
  let previousEnd = 0;
  for (const at of anchors.get('data')!) {
    // meta.returnData's `data` is a [text, encoding] pair, not an instruction.
    if (text.charCodeAt(at) !== 0x22 /* " */) continue;
    const start = text.lastIndexOf('{', at);
    const end = text.indexOf('}', at) + 1;
    if (start < previousEnd || end === 0) return null;
    previousEnd = end;
    if (!parsedEncoding && nodeParsedProgram(text, start, end, keys)) continue;
    const entry = instructionEntry(text.slice(start, end), parsedEncoding);
    if (entry === null) return null;
    const decoded = parsedEncoding ? decodeParsedEntry(entry, registry, slot) : decodeCompiledEntry(entry, keys, registry, slot);
    if (decoded === null) continue;
    const span = { start, end };
    edits.push({ span, text: renderEntry(decoded, entry, parsedEncoding, text, span) });
  }
  if (failure.span !== undefined) {
    const { span, member } = failure;
    const rendered = edits.findIndex((edit) => edit.span.start === span.start);
    const named = { span, text: withMember(rendered >= 0 ? edits[rendered].text : text.slice(span.start, span.end), member) };
    if (rendered >= 0) edits[rendered] = named;
    else {
      edits.push(named);
      edits.sort((a, b) => a.span.start - b.span.start);
    }
  }
  return edits;
}

/** The failing top-level entry and the member naming its program's error; no span when none is named. */
type Failure = { span?: undefined } | { span: Span; member: string };
const noFailure: Failure = {};

/**
 * A failed transaction's custom program error named as the parsing path names it (program-error.ts):
 * from `meta.err`, the logs and the program of top-level instruction i, the one entry the error
 * member goes on. Only the values it needs are parsed: the error, the logs and entries 0..i of the
 * top-level list (the first `instructions` after the one `message` member), crossed value by value.
 * Null when any of them cannot be found with certainty.
 */
function namedFailure(text: string, errAt: number, anchors: Anchors, keys: string[] | null, registry: ProgramRegistry): Failure | null {
  try {
    const err = JSON.parse(text.slice(errAt, skipValue(text, errAt))) as TransactionError | null;
    const custom = customErrorOf(err);
    if (custom === null) return noFailure;
    const [index] = custom;
    const logsAt = anchors.get('logMessages')!;
    const messageAt = anchors.get('message')!;
    if (logsAt.length > 1 || messageAt.length !== 1) return null;
    const logMessages =
      logsAt.length === 0 ? [] : (JSON.parse(text.slice(logsAt[0], skipValue(text, logsAt[0]))) as readonly string[] | null);
    const listAt = anchors.get('instructions')!.find((at) => at > messageAt[0]);
    if (listAt === undefined || text.charCodeAt(listAt) !== 0x5b /* [ */) return null;
    const span = elementSpan(text, listAt, index);
    if (span === undefined) return noFailure;
    const programId = programIdOf(JSON.parse(text.slice(span.start, span.end)) as InstructionEntry, keys ?? []);
    const topLevelIds: string[] = [];
    if (programId !== undefined) topLevelIds[index] = programId;
    const named = programErrorOf({ meta: { err, logMessages } }, topLevelIds, registry);
    return named === null ? noFailure : { span, member: programErrorMember(named) };
  } catch {
    return null;
  }
}

/** The span of element `index` of the compact array opening at `at`, or undefined when it has fewer. */
function elementSpan(text: string, at: number, index: number): Span | undefined {
  let start = at + 1;
  for (let i = 0; ; i++) {
    if (text.charCodeAt(start) === 0x5d /* ] */) return undefined;
    const end = skipValue(text, start);
    if (i === index) return { start, end };
    if (text.charCodeAt(end) !== 0x2c /* , */) return undefined;
    start = end + 1;
  }
}

/** json encoding: the static keys, then meta's loaded addresses (writable, then readonly), as accountKeysOf gives them. */
function compiledAccountKeys(text: string, keysAt: number, loadedAt: number[]): string[] | null {
  const keys = parsedOrNull(text.slice(keysAt, text.indexOf(']', keysAt) + 1));
  if (!isStringArray(keys) || loadedAt.length > 1) return null;
  if (loadedAt.length === 0) return keys;
  const loaded = parsedOrNull(text.slice(loadedAt[0], text.indexOf('}', loadedAt[0]) + 1)) as {
    writable?: unknown;
    readonly?: unknown;
  } | null;
  if (loaded === null || typeof loaded !== 'object') return null;
  const { writable = [], readonly = [] } = loaded;
  return isStringArray(writable) && isStringArray(readonly) ? [...keys, ...writable, ...readonly] : null;
}

/**
 * Whether the compiled entry between start and end calls a program the node parses itself: in json
 * every instruction has a `data` member, and those entries, most of an answer's, are left as the
 * node wrote them without being parsed. False where the program cannot be read (the entry is then
 * parsed, and checked, like any other).
 */
function nodeParsedProgram(text: string, start: number, end: number, keys: string[]): boolean {
  const at = text.indexOf('"programIdIndex":', start);
  if (at === -1 || at >= end) return false;
  const index = integerAt(text, at + '"programIdIndex":'.length);
  return index !== null && nodeParsedInstructionPrograms.has(keys[index]);
}

const entryMembers = new Set(['accounts', 'data', 'programId', 'programIdIndex', 'stackHeight']);

/** The entry if the text is exactly an instruction entry of the answer's encoding. */
function instructionEntry(entryText: string, parsedEncoding: boolean): RawInstruction | null {
  const entry = objectWithin(entryText, entryMembers);
  if (entry === null || !Array.isArray(entry.accounts) || typeof entry.data !== 'string') return null;
  const program = parsedEncoding ? typeof entry.programId === 'string' : typeof entry.programIdIndex === 'number';
  return program ? entry : null;
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
