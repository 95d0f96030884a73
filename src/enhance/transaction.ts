/**
 * explorerkit for getTransaction: each non-native instruction (top-level and inner) that a bundled
 * description decodes is replaced in the answer's text; everything else keeps the node's bytes.
 * jsonParsed entries become `{parsed, program, programId, stackHeight}` like the node's own parsed
 * instructions; json (compiled) entries keep their members and gain `parsed` and `program`.
 * Binary encodings have nothing to splice into and come back unchanged.
 */
import { decodeBase58 } from '../codec/base58.js';
import { findPathSpans, splice } from '../json/path-spans.js';
import { compactElementSpans } from '../json/compact-spans.js';
import type { Span } from '../json/tokens.js';
import type { ProgramRegistry } from '../decode/registry.js';
import { noteUndecoded } from '../observe/undecoded-tally.js';
import { nodeParsedInstructionPrograms } from './native-programs.js';
import { parsedInstruction, type ParsedInstruction } from './instruction-info.js';
import { AccountFit, accountPlan } from './account-plan.js';
import type { DecodedInstruction } from '../decode/compile.js';
import { programErrorMember, programErrorOf } from './program-error.js';
import { summarizeTransaction } from '../actions/summarize.js';
import { accountKeysOf, entriesOfLists, instructionListsOf } from './transaction-shape.js';

interface RawInstruction {
  programId?: string;
  programIdIndex?: number;
  accounts?: (string | number)[];
  data?: string;
  parsed?: unknown;
  stackHeight?: number | null;
}

export const instructionPaths = [
  ['result', 'transaction', 'message', 'instructions', '*'],
  ['result', 'meta', 'innerInstructions', '*', 'instructions', '*'],
] as const;

/**
 * One pass over the answer: decoded entries, the failing instruction's named error and — with
 * actionskit — each entry's `actions` sentence (as its last member) are all spliced in at once.
 * The sentences are written from the entries as they will be sent (decoded arguments and the
 * node's parsed natives together), without parsing the rewritten answer again.
 */
export function enhanceTransaction(text: string, registry: ProgramRegistry, withActions = false): string {
  const answer = JSON.parse(text);
  const result = answer?.result;
  const message = result?.transaction?.message;
  if (!message || !Array.isArray(message.accountKeys)) return text;
  const parsedEncoding = typeof message.accountKeys[0] === 'object';
  const keys = accountKeysOf(result);
  const lists = instructionListsOf(result);
  const instructions: RawInstruction[] = entriesOfLists(lists);
  const topLevelCount = message.instructions.length;

  const slot = typeof result.slot === 'number' ? result.slot : undefined;
  const decoded = instructions.map((ix) =>
    parsedEncoding ? decodeParsedEntry(ix, registry, slot) : decodeCompiledEntry(ix, keys, registry, slot),
  );
  const topLevelIds = (message.instructions as RawInstruction[]).map((ix) => ix.programId ?? keys[ix.programIdIndex!]);
  const failure = programErrorOf(result, topLevelIds, registry);
  const failing = failure !== null && failure.instruction < topLevelCount ? failure.instruction : -1;
  const spans = instructionEntrySpans(text, lists, withActions ? () => true : (i) => decoded[i] !== null || i === failing);
  if (spans === null) return text;

  const entries: (string | null)[] = decoded.map(
    (entry, i) => entry && renderEntry(entry, instructions[i], parsedEncoding, text, spans[i]!),
  );
  const original = (i: number) => text.slice(spans[i]!.start, spans[i]!.end);
  const withMember = (entry: string, member: string) => `${entry.slice(0, -1)},${member}}`;
  if (failing >= 0) entries[failing] = withMember(entries[failing] ?? original(failing), programErrorMember(failure!));
  if (withActions) {
    const sent = instructions.map((ix, i) => (decoded[i] === null ? ix : sentEntry(decoded[i], ix, parsedEncoding)));
    summarizeTransaction(withInstructionEntries(result, sent)).forEach((sentence, i) => {
      if (sentence) entries[i] = withMember(entries[i] ?? original(i), `"actions":${JSON.stringify(sentence)}`);
    });
  }
  const edits = entries.flatMap((entry, i) => (entry === null ? [] : [{ span: spans[i]!, text: entry }]));
  edits.sort((a, b) => a.span.start - b.span.start);
  return splice(text, edits);
}

/**
 * Spans of the entries of `lists` (instructionListsOf the answer), in order, or null when the answer's
 * lists cannot be told apart. Found by the entries' compact text when the node's bytes are that
 * text (the usual case, and the cheap one), and then only for the lists holding an entry `wanted`
 * (by its index in that order; the others are left undefined); else by walking the answer along
 * instructionPaths.
 */
export function instructionEntrySpans(text: string, lists: unknown[], wanted: (entry: number) => boolean): (Span | undefined)[] | null {
  if (lists.every(Array.isArray)) {
    let first = 0;
    const asked = (lists as unknown[][]).map((list) => {
      const from = first;
      first += list.length;
      for (let i = from; i < first; i++) if (wanted(i)) return list;
      return null;
    });
    const compact = compactElementSpans(text, 'instructions', asked);
    if (compact !== null) return compact.flatMap((spans, k) => spans ?? Array<undefined>((lists[k] as unknown[]).length).fill(undefined));
  }
  const walked = findPathSpans(text, instructionPaths).flat();
  return walked.length === entriesOfLists(lists).length ? walked : null;
}

/** The result with its instruction entries (top-level, then inner, in answer order) replaced. */
function withInstructionEntries(result: any, entries: unknown[]): any {
  const top: unknown[] = result.transaction.message.instructions;
  let next = top.length;
  const inner = result.meta?.innerInstructions?.map((group: { instructions?: unknown[] }) => {
    const count = group.instructions?.length ?? 0;
    next += count;
    return { ...group, instructions: entries.slice(next - count, next) };
  });
  return {
    ...result,
    transaction: { ...result.transaction, message: { ...result.transaction.message, instructions: entries.slice(0, top.length) } },
    meta: result.meta && { ...result.meta, innerInstructions: inner ?? result.meta.innerInstructions },
  };
}

/**
 * The decoded form of one non-native instruction entry, or null when it stays as the node gave it.
 * Of the program's versions valid at `slot`, the one whose layout reads the data exactly and whose
 * account list fits the accounts given wins; ties go to the newest. A version that decodes with
 * bytes over or fields missing, or with too few accounts, is used only when none fits better: it
 * is the layout of another upgrade, and would drop new fields or shift account names.
 */
export function decodeInstructionEntry(
  programId: string | undefined,
  data: string | undefined,
  accounts: string[],
  registry: ProgramRegistry,
  slot?: number,
) {
  if (programId === undefined || data === undefined || nodeParsedInstructionPrograms.has(programId)) return null;
  const versions = registry.versions(programId, slot);
  if (versions.length === 0) return null;
  const bytes = decodeBase58(data);
  if (bytes === null) {
    noteUndecoded(programId);
    return null;
  }
  const isEvent = startsWith(bytes, anchorEventTag);
  // The best decode so far, rendered only once chosen: most programs have one version, and it fits.
  let best: { score: number; render: () => ParsedInstruction } | null = null;
  let name = '';
  for (const program of versions) {
    let candidate: { score: number; render: () => ParsedInstruction } | null = null;
    if (isEvent) {
      const event = program.decodeEvent(bytes.subarray(anchorEventTag.length));
      if (event !== null) candidate = { score: event.exact ? bestFit : 0, render: () => ({ type: event.event.name, info: event.value }) };
    } else {
      const decoded = program.decodeInstruction(bytes);
      if (decoded !== null) {
        candidate = { score: fitScore(decoded, accounts.length), render: () => parsedInstruction(decoded, accounts, programId) };
      }
    }
    if (candidate === null || (best !== null && candidate.score <= best.score)) continue;
    best = candidate;
    name = program.description.name;
    if (best.score === bestFit) break;
  }
  if (best === null) {
    noteUndecoded(programId);
    return null;
  }
  return { name, parsed: best.render() };
}

/**
 * Too few accounts weighs most (the program would have refused them), then inexact data, then
 * remaining accounts beyond the described list (which many programs take). An event has no
 * accounts: exact data scores `bestFit`, anything else 0.
 */
function fitScore(decoded: DecodedInstruction, accountCount: number): number {
  const fit = accountPlan(decoded.instruction, accountCount).fit;
  return (fit === AccountFit.Fewer ? 0 : 4) + (decoded.exact ? 2 : 0) + (fit === AccountFit.Exact ? 1 : 0);
}
const bestFit = 7;

/**
 * Anchor's event-CPI: the program invokes itself with this tag (sha256("anchor:event")[0..8],
 * little-endian) followed by the event's discriminator and fields. Such an entry is rendered as the
 * event it carries, its `type` the event's name as the IDL spells it.
 */
const anchorEventTag = Uint8Array.of(0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d);

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

type DecodedEntry = NonNullable<ReturnType<typeof decodeInstructionEntry>>;

function decodeParsedEntry(ix: RawInstruction, registry: ProgramRegistry, slot: number | undefined): DecodedEntry | null {
  if (ix.parsed !== undefined || !Array.isArray(ix.accounts)) return null;
  return decodeInstructionEntry(ix.programId, ix.data, ix.accounts as string[], registry, slot);
}

function decodeCompiledEntry(ix: RawInstruction, keys: string[], registry: ProgramRegistry, slot: number | undefined): DecodedEntry | null {
  if (typeof ix.programIdIndex !== 'number' || !Array.isArray(ix.accounts)) return null;
  const accounts = (ix.accounts as number[]).map((index) => keys[index]);
  if (accounts.some((a) => a === undefined)) return null;
  return decodeInstructionEntry(keys[ix.programIdIndex], ix.data, accounts, registry, slot);
}

/** The members renderEntry writes, as objects, for the summaries (which read no `error`). */
function sentEntry(decoded: DecodedEntry, ix: RawInstruction, parsedEncoding: boolean): object {
  const members = { parsed: decoded.parsed, program: decoded.name };
  return parsedEncoding ? { ...members, programId: ix.programId, stackHeight: ix.stackHeight } : { ...ix, ...members };
}

/**
 * jsonParsed entries become the node's parsed shape; a compiled entry keeps its own bytes and
 * gains the decoded members before its closing brace.
 */
function renderEntry(decoded: DecodedEntry, ix: RawInstruction, parsedEncoding: boolean, text: string, span: Span): string {
  const members = `"parsed":${JSON.stringify(decoded.parsed)},"program":${JSON.stringify(decoded.name)}`;
  if (!parsedEncoding) return `${text.slice(span.start, span.end - 1)},${members}}`;
  const stackHeight = 'stackHeight' in ix ? `,"stackHeight":${JSON.stringify(ix.stackHeight)}` : '';
  return `{${members},"programId":${JSON.stringify(ix.programId)}${stackHeight}}`;
}
