/**
 * explorerkit for getTransaction: each non-native instruction (top-level and inner) that a bundled
 * description decodes is replaced in the answer's text; everything else keeps the node's bytes.
 * jsonParsed entries become `{parsed, program, programId, stackHeight}` like the node's own parsed
 * instructions; json (compiled) entries keep their members and gain `parsed` and `program`.
 * Binary encodings have nothing to splice into and come back unchanged.
 */
import { findPathSpans } from '../json/path-spans.js';
import { splice, type Edit } from '../json/splice.js';
import { compactElementSpans } from '../json/compact-spans.js';
import type { Span } from '../json/tokens.js';
import type { ProgramRegistry } from '../decode/registry.js';
import { programErrorMember, programErrorOf } from './program-error.js';
import { summarizeTransaction } from '../actions/summarize.js';
import { accountKeysOf, entriesOfLists, instructionListsOf, programIdOf } from '../transaction-result/read.js';
import type { InstructionEntry } from '../transaction-result/types.js';
import { decodeCompiledEntry, decodeParsedEntry, renderEntry, sentEntry, withMember, type RawInstruction } from './instruction-entry.js';
import { transactionEditsByAnchors } from './transaction-anchors.js';
import { stackHeightEntrySpans } from './stack-height-spans.js';

export const instructionPaths = [
  ['result', 'transaction', 'message', 'instructions', '*'],
  ['result', 'meta', 'innerInstructions', '*', 'instructions', '*'],
] as const;

/**
 * An explorerkit answer needs only its non-native entries (and a failed transaction's error), which
 * can be found without parsing the rest (transaction-anchors.ts); actionskit, which reads the whole
 * transaction, or an answer that path cannot read with certainty takes the parsing path.
 */
export function transactionEdits(text: string, registry: ProgramRegistry, withActions = false, bytes?: Uint8Array): Edit[] {
  return (withActions ? null : transactionEditsByAnchors(text, registry, bytes)) ?? parsedAnswerEdits(text, registry, withActions, bytes);
}

export const enhanceTransaction = (text: string, registry: ProgramRegistry, withActions = false): string =>
  splice(text, transactionEdits(text, registry, withActions));

/** The parsing path alone, as text. */
export const enhanceParsedAnswer = (text: string, registry: ProgramRegistry, withActions = false): string =>
  splice(text, parsedAnswerEdits(text, registry, withActions));

/**
 * One pass over the parsed answer: decoded entries, the failing instruction's named error and —
 * with actionskit — each entry's `actions` sentence (as its last member) are all spliced in at
 * once. The sentences are written from the entries as they will be sent (decoded arguments and the
 * node's parsed natives together), without parsing the rewritten answer again.
 */
export function parsedAnswerEdits(text: string, registry: ProgramRegistry, withActions = false, bytes?: Uint8Array): Edit[] {
  const answer = JSON.parse(text);
  const result = answer?.result;
  const message = result?.transaction?.message;
  if (!message || !Array.isArray(message.accountKeys)) return [];
  const parsedEncoding = typeof message.accountKeys[0] === 'object';
  const keys = accountKeysOf(result);
  const lists = instructionListsOf(result);
  const instructions: RawInstruction[] = entriesOfLists(lists);
  const topLevelCount = message.instructions.length;

  const slot = typeof result.slot === 'number' ? result.slot : undefined;
  const decoded = instructions.map((ix) =>
    parsedEncoding ? decodeParsedEntry(ix, registry, slot) : decodeCompiledEntry(ix, keys, registry, slot),
  );
  const topLevelIds = (message.instructions as InstructionEntry[]).map((ix) => programIdOf(ix, keys));
  const failure = programErrorOf(result, topLevelIds, registry);
  const failing = failure !== null && failure.instruction < topLevelCount ? failure.instruction : -1;
  const spans = instructionEntrySpans(text, lists, withActions ? () => true : (i) => decoded[i] !== null || i === failing, bytes);
  if (spans === null) return [];

  const entries: (string | null)[] = decoded.map(
    (entry, i) => entry && renderEntry(entry, instructions[i], parsedEncoding, text, spans[i]!),
  );
  const original = (i: number) => text.slice(spans[i]!.start, spans[i]!.end);
  if (failing >= 0) entries[failing] = withMember(entries[failing] ?? original(failing), programErrorMember(failure!));
  if (withActions) {
    const sent = instructions.map((ix, i) => (decoded[i] === null ? ix : sentEntry(decoded[i], ix, parsedEncoding)));
    summarizeTransaction(withInstructionEntries(result, sent)).forEach((sentence, i) => {
      if (sentence) entries[i] = withMember(entries[i] ?? original(i), `"actions":${JSON.stringify(sentence)}`);
    });
  }
  const edits = entries.flatMap((entry, i) => (entry === null ? [] : [{ span: spans[i]!, text: entry }]));
  edits.sort((a, b) => a.span.start - b.span.start);
  return edits;
}

/**
 * Spans of the entries of `lists` (instructionListsOf the answer), in order, or null when the answer's
 * lists cannot be told apart. Found by their closing `stackHeight` members when the node wrote
 * them (the usual case, and the cheapest); else by the entries' compact text when the node's bytes
 * are that text, and then only for the lists holding an entry `wanted` (by its index in that
 * order; the others are left undefined); else by walking the answer along instructionPaths.
 */
export function instructionEntrySpans(
  text: string,
  lists: unknown[],
  wanted: (entry: number) => boolean,
  bytes?: Uint8Array,
): (Span | undefined)[] | null {
  if (lists.every(Array.isArray)) {
    const byHeight = stackHeightEntrySpans(text, lists as unknown[][], bytes);
    if (byHeight !== null) return byHeight;
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
