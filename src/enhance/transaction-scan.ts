/**
 * Where a getTransaction answer keeps what the enhancement step reads, found in one forward pass
 * over the node's text (`src/json/member-scan.ts`) without parsing the answer: the instruction
 * entries (with the members that tell a node-parsed or undecodable entry from one to decode), the
 * account keys, and the meta members the error name and the summaries read. Values are parsed
 * later, one span at a time, and only those the step needs.
 */
import { DuplicateMember, scanElements, scanMembers } from '../json/member-scan.js';
import { skipValue, skipWhitespace, unexpected, type Span } from '../json/request-scan.js';

export interface ScannedEntry {
  span: Span;
  /** Spans of the entry's `parsed`, `programId` and `programIdIndex` members, where it has them. */
  parsed?: Span;
  programId?: Span;
  programIdIndex?: Span;
}

export interface ScannedGroup {
  index?: Span;
  /** How many entries of ScannedTransaction.entries are this group's. */
  count: number;
}

export interface ScannedTransaction {
  slot?: Span;
  accountKeys: Span;
  /** The first account key is an object (jsonParsed) rather than a string (json). */
  parsedEncoding: boolean;
  header?: Span;
  /** Top-level entries, then each inner group's, in answer order. */
  entries: ScannedEntry[];
  topLevelCount: number;
  /** undefined: no meta member; null: `"meta":null`. */
  meta?: ScannedMeta | null;
}

export interface ScannedMeta {
  err?: Span;
  logMessages?: Span;
  loadedAddresses?: Span;
  preTokenBalances?: Span;
  postTokenBalances?: Span;
  /** Present when `innerInstructions` is an array. */
  groups?: ScannedGroup[];
}

/** The answer carries nothing to enhance (an error answer, no transaction object, a binary encoding). */
export const nothingToEnhance = Symbol('nothing to enhance');

/** Shapes the pass does not read the way JSON.parse would; the caller takes the parsing path for them. */
class Unread extends Error {}

/**
 * The answer's layout, nothingToEnhance where the parsing path would return the answer unchanged,
 * or null where the text departs from the shapes read here (a member repeated, an entry that is
 * not an object, an instruction list that is not an array…) and only parsing the whole answer
 * tells what it means. Malformed JSON met on the way throws a SyntaxError, as JSON.parse would.
 */
export function scanTransaction(text: string): ScannedTransaction | typeof nothingToEnhance | null {
  try {
    return readAnswer(text);
  } catch (error) {
    if (error instanceof Unread || error instanceof DuplicateMember) return null;
    throw error;
  }
}

const answerMembers = ['result'];
const resultMembers = ['slot', 'transaction', 'meta'];
const transactionMembers = ['message'];
const messageMembers = ['accountKeys', 'instructions', 'header'];
const metaMembers = ['err', 'logMessages', 'innerInstructions', 'loadedAddresses', 'preTokenBalances', 'postTokenBalances'];
const groupMembers = ['index', 'instructions'];
const entryMembers = ['parsed', 'programId', 'programIdIndex'] as const;

function readAnswer(text: string): ScannedTransaction | typeof nothingToEnhance {
  const start = skipWhitespace(text, 0);
  if (text.charCodeAt(start) !== 0x7b /* { */) return nothingToEnhance;
  let slot: Span | undefined;
  let message: Omit<ScannedTransaction, 'entries' | 'topLevelCount' | 'meta' | 'slot'> | undefined;
  let top: ScannedEntry[] | undefined;
  let meta: ScannedMeta | null | undefined;
  let innerEntries: ScannedEntry[] = [];

  const readMessage = (at: number) => {
    let accountKeys: Span | undefined;
    let header: Span | undefined;
    let parsedEncoding = false;
    const end = scanMembers(text, at, messageMembers, (k, valueAt) => {
      const valueEnd = k === 1 ? readEntries(text, valueAt, (top = [])) : skipValue(text, valueAt);
      if (k === 0) {
        accountKeys = { start: valueAt, end: valueEnd };
        parsedEncoding = isObjectArray(text, valueAt);
      } else if (k === 2) header = { start: valueAt, end: valueEnd };
      return valueEnd;
    });
    if (accountKeys !== undefined) message = { accountKeys, parsedEncoding, header };
    return end;
  };
  const readMeta = (at: number) => {
    const read: ScannedMeta = {};
    const end = scanMembers(text, at, metaMembers, (k, valueAt) => {
      if (k === 2) return readGroups(valueAt, read);
      const valueEnd = skipValue(text, valueAt);
      const span = { start: valueAt, end: valueEnd };
      if (k === 0) read.err = span;
      else if (k === 1) read.logMessages = span;
      else if (k === 3) read.loadedAddresses = span;
      else if (k === 4) read.preTokenBalances = span;
      else read.postTokenBalances = span;
      return valueEnd;
    });
    meta = read;
    return end;
  };
  const readGroups = (at: number, into: ScannedMeta) => {
    if (startsNull(text, at)) return at + 4;
    if (text.charCodeAt(at) !== 0x5b /* [ */) throw new Unread();
    const groups: ScannedGroup[] = [];
    innerEntries = [];
    into.groups = groups;
    return scanElements(text, at, (_, groupAt) => {
      if (text.charCodeAt(groupAt) !== 0x7b) throw new Unread();
      const group: ScannedGroup = { count: 0 };
      groups.push(group);
      return scanMembers(text, groupAt, groupMembers, (k, valueAt) => {
        if (k === 0) {
          group.index = { start: valueAt, end: skipValue(text, valueAt) };
          return group.index.end;
        }
        if (startsNull(text, valueAt)) return valueAt + 4;
        const before = innerEntries.length;
        const end = readEntries(text, valueAt, innerEntries);
        group.count = innerEntries.length - before;
        return end;
      });
    });
  };

  let result: 'object' | 'other' | undefined;
  const end = scanMembers(text, start, answerMembers, (_, resultAt) => {
    if (text.charCodeAt(resultAt) !== 0x7b) {
      result = 'other';
      return skipValue(text, resultAt);
    }
    result = 'object';
    return scanMembers(text, resultAt, resultMembers, (k, valueAt) => {
      if (k === 1 && text.charCodeAt(valueAt) === 0x7b)
        return scanMembers(text, valueAt, transactionMembers, (_, messageAt) =>
          text.charCodeAt(messageAt) === 0x7b ? readMessage(messageAt) : skipValue(text, messageAt),
        );
      if (k === 2 && text.charCodeAt(valueAt) === 0x7b) return readMeta(valueAt);
      const valueEnd = skipValue(text, valueAt);
      if (k === 0) slot = { start: valueAt, end: valueEnd };
      else if (k === 2) {
        if (!startsNull(text, valueAt)) throw new Unread();
        meta = null;
      }
      return valueEnd;
    });
  });
  if (skipWhitespace(text, end) !== text.length) throw unexpected(text, skipWhitespace(text, end));
  if (result !== 'object' || message === undefined || text.charCodeAt(message.accountKeys.start) !== 0x5b) return nothingToEnhance;
  if (top === undefined) throw new Unread();
  return { ...message, slot, entries: top.concat(innerEntries), topLevelCount: top.length, meta };
}

/** Reads the instruction list at `at` into `into`; returns its end. */
function readEntries(text: string, at: number, into: ScannedEntry[]): number {
  if (text.charCodeAt(at) !== 0x5b) throw new Unread();
  return scanElements(text, at, (_, entryAt) => {
    if (text.charCodeAt(entryAt) !== 0x7b) throw new Unread();
    const entry: ScannedEntry = { span: { start: entryAt, end: entryAt } };
    entry.span.end = scanMembers(text, entryAt, entryMembers, (k, valueAt) => {
      const span = { start: valueAt, end: skipValue(text, valueAt) };
      entry[entryMembers[k]] = span;
      return span.end;
    });
    into.push(entry);
    return entry.span.end;
  });
}

/**
 * Whether the array at `at` starts with an object, the parsing path's test for jsonParsed
 * (`typeof accountKeys[0] === 'object'`); a first key that is null or an array would pass that
 * test without being a key object, so it is not read here.
 */
function isObjectArray(text: string, at: number): boolean {
  if (text.charCodeAt(at) !== 0x5b) return false;
  const first = skipWhitespace(text, at + 1);
  const c = text.charCodeAt(first);
  if (c === 0x5b || startsNull(text, first)) throw new Unread();
  return c === 0x7b;
}

function startsNull(text: string, at: number): boolean {
  return text.startsWith('null', at);
}
