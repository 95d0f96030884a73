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
import { namesOf, parsedInstruction, type ParsedInstruction } from './instruction-info.js';
import { AccountFit, accountPlan } from './account-plan.js';
import type { DecodedInstruction } from '../decode/compile.js';
import type { InstructionDesc } from '../idl/description.js';

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
 * account list fits the accounts given wins; ties go to the newest, unless an older one fixes an
 * address (an Anchor `address`: a program, a sysvar) that is the given account where the newer
 * one names that place otherwise: pump.fun's `buy` of early 2025 passes the rent sysvar where
 * today's takes the creator vault. A version that decodes with bytes over or fields missing, with
 * too few accounts, or that fixes another address than the one given, is used only when none fits
 * better: it is the layout of another upgrade, and would drop new fields or shift account names.
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
  let best = null as Candidate | null;
  let name = '';
  for (const program of versions) {
    // A perfect fit is beaten only by a version that fixes an address it names otherwise.
    if (best !== null && best.score === bestFit) {
      const incumbent = best.instruction;
      if (incumbent === undefined) break;
      if (!program.instructionsMatching(bytes).some((rival) => addressesAgainst(incumbent, rival, accounts) > 0)) continue;
    }
    let candidate: Candidate | null = null;
    if (isEvent) {
      const event = program.decodeEvent(bytes.subarray(anchorEventTag.length));
      if (event !== null) candidate = { score: event.exact ? bestFit : 0, render: () => ({ type: event.event.name, info: event.value }) };
    } else {
      const decoded = program.decodeInstruction(bytes);
      if (decoded !== null) {
        candidate = {
          score: fitScore(decoded, accounts, programId),
          instruction: decoded.instruction,
          render: () => parsedInstruction(decoded, accounts, programId),
        };
      }
    }
    if (candidate === null || (best !== null && !beats(candidate, best, accounts))) continue;
    best = candidate;
    name = program.description.name;
  }
  if (best === null) {
    noteUndecoded(programId);
    return null;
  }
  return { name, parsed: best.render() };
}

interface Candidate {
  score: number;
  /** The instruction it decoded as; undefined for an event. */
  instruction?: InstructionDesc;
  render: () => ParsedInstruction;
}

function beats(challenger: Candidate, incumbent: Candidate, accounts: string[]): boolean {
  if (challenger.score !== incumbent.score) return challenger.score > incumbent.score;
  if (challenger.instruction === undefined || incumbent.instruction === undefined) return false;
  return (
    addressesAgainst(incumbent.instruction, challenger.instruction, accounts) >
    addressesAgainst(challenger.instruction, incumbent.instruction, accounts)
  );
}

/**
 * Too few accounts, or one where the layout fixes another address, weighs most (the program would
 * have refused them). Then the data and the account list count alike: data read exactly scores 4,
 * data that stopped between trailing fields 2 (an older client's, which programs that append
 * arguments accept), bytes left over 0; an account list of the described length 2, one with
 * accounts beyond it 0 (which many programs take, but which a newer layout may name). So a layout
 * that names every account but misses an optional trailing argument ties with an older one that
 * reads the arguments exactly and leaves accounts unnamed, and the newer wins the tie. An event has
 * no accounts: exact data scores `bestFit`, anything else 0.
 */
function fitScore(decoded: DecodedInstruction, accounts: string[], programId: string): number {
  const described = decoded.instruction.accounts;
  const plan = accountPlan(decoded.instruction, accounts.length);
  let refused = plan.fit === AccountFit.Fewer;
  for (const planned of plan.accounts) {
    const address = described[planned.desc].address;
    if (address === undefined || !('index' in planned)) continue;
    const given = accounts[planned.index];
    // Anchor's convention for an optional account left out: the program id in its place.
    if (given !== address && !(described[planned.desc].optional && given === programId)) refused = true;
  }
  const data = decoded.exact ? 4 : decoded.short ? 2 : 0;
  return (refused ? 0 : 8) + data + (plan.fit === AccountFit.Exact ? 2 : 0);
}
const bestFit = 14;

/**
 * The given accounts that `rival` fixes (its Anchor `address` is that account) where `incumbent`
 * puts an account of another name: evidence that the incumbent's names are another upgrade's.
 */
function addressesAgainst(incumbent: InstructionDesc, rival: InstructionDesc, accounts: string[]): number {
  const rivalPlan = accountPlan(rival, accounts.length);
  let evidence = 0;
  for (const planned of rivalPlan.accounts) {
    const address = rival.accounts[planned.desc].address;
    if (address === undefined || !('index' in planned) || accounts[planned.index] !== address) continue;
    const there = accountPlan(incumbent, accounts.length).accounts.find((p) => 'index' in p && p.index === planned.index);
    const incumbentName = there === undefined ? undefined : namesOf(incumbent).accounts[there.desc];
    if (incumbentName !== namesOf(rival).accounts[planned.desc]) evidence++;
  }
  return evidence;
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
