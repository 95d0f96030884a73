/**
 * One instruction entry of a getTransaction answer, decoded and written: the version of its
 * program that fits the bytes best, and the entry's text as the enhanced answer carries it. Both
 * ways of finding the entries in an answer (transaction.ts, transaction-anchors.ts) end here.
 */
import { decodeBase58 } from '../codec/base58.js';
import type { Span } from '../json/tokens.js';
import type { ProgramRegistry } from '../decode/registry.js';
import { noteUndecoded } from '../observe/undecoded-tally.js';
import { nodeParsedInstructionPrograms } from './native-programs.js';
import { parsedInstruction, type ParsedInstruction } from './instruction-info.js';
import { AccountFit, accountPlan } from './account-plan.js';
import type { DecodedInstruction } from '../decode/compile.js';

export interface RawInstruction {
  programId?: string;
  programIdIndex?: number;
  accounts?: (string | number)[];
  data?: string;
  parsed?: unknown;
  stackHeight?: number | null;
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

export type DecodedEntry = NonNullable<ReturnType<typeof decodeInstructionEntry>>;

export function decodeParsedEntry(ix: RawInstruction, registry: ProgramRegistry, slot: number | undefined): DecodedEntry | null {
  if (ix.parsed !== undefined || !Array.isArray(ix.accounts)) return null;
  return decodeInstructionEntry(ix.programId, ix.data, ix.accounts as string[], registry, slot);
}

export function decodeCompiledEntry(
  ix: RawInstruction,
  keys: string[],
  registry: ProgramRegistry,
  slot: number | undefined,
): DecodedEntry | null {
  if (typeof ix.programIdIndex !== 'number' || !Array.isArray(ix.accounts)) return null;
  const accounts = (ix.accounts as number[]).map((index) => keys[index]);
  if (accounts.some((a) => a === undefined)) return null;
  return decodeInstructionEntry(keys[ix.programIdIndex], ix.data, accounts, registry, slot);
}

/** The members renderEntry writes, as objects, for the summaries (which read no `error`). */
export function sentEntry(decoded: DecodedEntry, ix: RawInstruction, parsedEncoding: boolean): object {
  const members = { parsed: decoded.parsed, program: decoded.name };
  return parsedEncoding ? { ...members, programId: ix.programId, stackHeight: ix.stackHeight } : { ...ix, ...members };
}

/**
 * jsonParsed entries become the node's parsed shape; a compiled entry keeps its own bytes and
 * gains the decoded members before its closing brace.
 */
export function renderEntry(decoded: DecodedEntry, ix: RawInstruction, parsedEncoding: boolean, text: string, span: Span): string {
  const members = `"parsed":${JSON.stringify(decoded.parsed)},"program":${JSON.stringify(decoded.name)}`;
  if (!parsedEncoding) return `${text.slice(span.start, span.end - 1)},${members}}`;
  const stackHeight = 'stackHeight' in ix ? `,"stackHeight":${JSON.stringify(ix.stackHeight)}` : '';
  return `{${members},"programId":${JSON.stringify(ix.programId)}${stackHeight}}`;
}

/** An entry's text with one more member before its closing brace (a named error, an actionskit sentence). */
export const withMember = (entry: string, member: string) => `${entry.slice(0, -1)},${member}}`;
