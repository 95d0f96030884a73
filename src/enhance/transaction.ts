/**
 * explorerkit for getTransaction: each non-native instruction (top-level and inner) that a bundled
 * description decodes is replaced in the answer's text; everything else keeps the node's bytes.
 * jsonParsed entries become `{parsed, program, programId, stackHeight}` like the node's own parsed
 * instructions; json (compiled) entries keep their members and gain `parsed` and `program`.
 * Binary encodings have nothing to splice into and come back unchanged.
 */
import { decodeBase58 } from '../codec/base58.js';
import { findPathSpans, splice } from '../json/path-spans.js';
import type { Span } from '../json/request-scan.js';
import type { ProgramRegistry } from '../decode/registry.js';
import { nodeParsedInstructionPrograms } from './native-programs.js';
import { parsedInstruction } from './instruction-info.js';
import { programErrorMember, programErrorOf } from './program-error.js';
import { summarizeTransaction } from '../actions/summarize.js';
import { accountKeysOf, instructionEntriesOf } from './transaction-shape.js';

interface RawInstruction {
  programId?: string;
  programIdIndex?: number;
  accounts?: (string | number)[];
  data?: string;
  parsed?: unknown;
  stackHeight?: number | null;
}

const instructionPaths = [
  ['result', 'transaction', 'message', 'instructions', '*'],
  ['result', 'meta', 'innerInstructions', '*', 'instructions', '*'],
] as const;

export function enhanceTransaction(text: string, registry: ProgramRegistry, withActions = false): string {
  const enhanced = decodeEntries(text, registry);
  return withActions ? withActionSentences(enhanced) : enhanced;
}

/**
 * actionskit: each entry that can be summarised gains `actions`, one sentence, as its last member.
 * The sentences are written from the enhanced answer (decoded arguments and the node's parsed
 * natives together), then spliced in like the decoded entries were.
 */
function withActionSentences(text: string): string {
  const result = JSON.parse(text)?.result;
  if (!result?.transaction?.message) return text;
  const sentences = summarizeTransaction(result);
  const [topSpans, innerSpans] = findPathSpans(text, instructionPaths);
  const spans = [...topSpans, ...innerSpans];
  if (spans.length !== sentences.length) return text;
  const edits: { span: Span; text: string }[] = [];
  spans.forEach((span, i) => {
    const sentence = sentences[i];
    if (sentence) edits.push({ span: { start: span.end - 1, end: span.end - 1 }, text: `,"actions":${JSON.stringify(sentence)}` });
  });
  edits.sort((a, b) => a.span.start - b.span.start);
  return splice(text, edits);
}

function decodeEntries(text: string, registry: ProgramRegistry): string {
  const answer = JSON.parse(text);
  const result = answer?.result;
  const message = result?.transaction?.message;
  if (!message || !Array.isArray(message.accountKeys)) return text;
  const parsedEncoding = typeof message.accountKeys[0] === 'object';
  const keys = accountKeysOf(result);
  const instructions: RawInstruction[] = instructionEntriesOf(result);
  const [topSpans, innerSpans] = findPathSpans(text, instructionPaths);
  const spans: Span[] = [...topSpans, ...innerSpans];
  if (spans.length !== instructions.length) return text;

  const slot = typeof result.slot === 'number' ? result.slot : undefined;
  const edits: { span: Span; text: string }[] = [];
  const replaced = instructions.map((ix, i) => {
    const replacement = parsedEncoding ? enhanceParsedEntry(ix, registry, slot) : enhanceCompiledEntry(ix, keys, registry, text, spans[i], slot);
    if (replacement !== null) edits.push({ span: spans[i], text: replacement });
    return replacement;
  });
  const topLevelIds = (message.instructions as RawInstruction[]).map((ix) => ix.programId ?? keys[ix.programIdIndex!]);
  const failure = programErrorOf(result, topLevelIds, registry);
  if (failure !== null && failure.instruction < topSpans.length) {
    const i = failure.instruction;
    const entry = replaced[i] ?? text.slice(spans[i].start, spans[i].end);
    const withError = `${entry.slice(0, entry.lastIndexOf('}'))},${programErrorMember(failure)}}`;
    if (replaced[i] === null) edits.push({ span: spans[i], text: withError });
    else edits.find((e) => e.span === spans[i])!.text = withError;
  }
  edits.sort((a, b) => a.span.start - b.span.start);
  return splice(text, edits);
}

/**
 * The decoded form of one non-native instruction entry, or null when it stays as the node gave it.
 * The program's versions valid at `slot` are tried newest first: an old transaction decodes with
 * the layout its program had then.
 */
export function decodeInstructionEntry(programId: string | undefined, data: string | undefined, accounts: string[], registry: ProgramRegistry, slot?: number) {
  if (programId === undefined || data === undefined || nodeParsedInstructionPrograms.has(programId)) return null;
  const versions = registry.versions(programId, slot);
  if (versions.length === 0) return null;
  const bytes = decodeBase58(data);
  if (bytes === null) return null;
  const isEvent = startsWith(bytes, anchorEventTag);
  for (const program of versions) {
    if (isEvent) {
      const event = program.decodeEvent(bytes.subarray(anchorEventTag.length));
      if (event !== null) return { name: program.description.name, parsed: { type: event.event.name, info: event.value } };
    } else {
      const decoded = program.decodeInstruction(bytes);
      if (decoded !== null) return { name: program.description.name, parsed: parsedInstruction(decoded, accounts, programId) };
    }
  }
  return null;
}

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

function enhanceParsedEntry(ix: RawInstruction, registry: ProgramRegistry, slot: number | undefined): string | null {
  if (ix.parsed !== undefined || !Array.isArray(ix.accounts)) return null;
  const decoded = decodeInstructionEntry(ix.programId, ix.data, ix.accounts as string[], registry, slot);
  if (decoded === null) return null;
  const stackHeight = 'stackHeight' in ix ? `,"stackHeight":${JSON.stringify(ix.stackHeight)}` : '';
  return `{"parsed":${JSON.stringify(decoded.parsed)},"program":${JSON.stringify(decoded.name)},"programId":${JSON.stringify(ix.programId)}${stackHeight}}`;
}

function enhanceCompiledEntry(ix: RawInstruction, keys: string[], registry: ProgramRegistry, text: string, span: Span, slot: number | undefined): string | null {
  if (typeof ix.programIdIndex !== 'number' || !Array.isArray(ix.accounts)) return null;
  const accounts = (ix.accounts as number[]).map((index) => keys[index]);
  if (accounts.some((a) => a === undefined)) return null;
  const decoded = decodeInstructionEntry(keys[ix.programIdIndex], ix.data, accounts, registry, slot);
  if (decoded === null) return null;
  // The compiled entry keeps its own bytes; the decoded members go in before its closing brace.
  const original = text.slice(span.start, span.end - 1);
  return `${original},"parsed":${JSON.stringify(decoded.parsed)},"program":${JSON.stringify(decoded.name)}}`;
}
