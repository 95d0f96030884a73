/**
 * One instruction entry of a getTransaction answer, decoded and written: the version of its
 * program that fits the bytes best, and the entry's text as the enhanced answer carries it. Both
 * ways of finding the entries in an answer (transaction.ts, transaction-anchors.ts) end here.
 */
import { decodeBase58 } from '../codec/base58.js';
import { startsWith } from '../codec/bytes.js';
import type { Span } from '../json/tokens.js';
import type { ProgramRegistry } from '../decode/registry.js';
import { noteUndecoded } from '../observe/undecoded-tally.js';
import { nodeParsedInstructionPrograms } from '../transaction-result/node-parsed.js';
import { namesOf, parsedInstruction, type ParsedInstruction } from './instruction-info.js';
import { AccountFit, accountPlan } from './account-plan.js';
import type { CompiledProgram, DecodedEvent, DecodedInstruction } from '../decode/compile.js';
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
 * account list fits the accounts given wins (fitScore); ties go to the newest, unless an older one
 * fixes an address (an Anchor `address`: a program, a sysvar) that is the given account where the
 * newer one names that place otherwise: pump.fun's `buy` of early 2025 passes the rent sysvar where
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
  const chosen =
    bytes === null
      ? null
      : startsWith(bytes, anchorEventTag)
        ? bestEvent(versions, bytes)
        : bestInstruction(versions, bytes, accounts, programId);
  if (chosen === null) noteUndecoded(programId);
  return chosen;
}

/**
 * Whether some version valid at `slot` reads the entry's data exactly (an event-CPI entry: its
 * event). An entry that decodes only with bytes over or trailing fields missing is the sign of a
 * layout the bundled versions lack: `make coverage` counts them per program.
 */
export function readsExactly(programId: string, data: string, registry: ProgramRegistry, slot?: number): boolean {
  const bytes = decodeBase58(data);
  if (bytes === null) return false;
  const versions = registry.versions(programId, slot);
  if (!startsWith(bytes, anchorEventTag)) return versions.some((program) => program.decodeInstruction(bytes)?.exact === true);
  const event = bytes.subarray(anchorEventTag.length);
  return versions.some((program) => program.decodeEvent(event)?.exact === true);
}

/**
 * An event reads alike in every version that has it: the first that reads it exactly, else the
 * first that reads it. A version whose event has a fixed size other than the data's, or needs more
 * bytes than it has, cannot read it exactly, so it is decoded only if no version does.
 */
function bestEvent(versions: CompiledProgram[], bytes: Uint8Array): { name: string; parsed: ParsedInstruction } | null {
  const data = bytes.subarray(anchorEventTag.length);
  const rendered = (program: CompiledProgram, event: DecodedEvent) => ({
    name: program.description.name,
    parsed: { type: event.event.name, info: event.value },
  });
  // The first version, in order, among those tried, that reads it: exactly ends the search.
  let found: { order: number; program: CompiledProgram; event: DecodedEvent } | null = null;
  for (let order = 0; order < versions.length; order++) {
    const program = versions[order];
    if (!program.mayReadEventExactly(data)) continue;
    const event = program.decodeEvent(data);
    if (event === null) continue;
    if (event.exact) return rendered(program, event);
    found ??= { order, program, event };
  }
  // None exact: a version skipped above, earlier than the first that read it, may read it too.
  for (let order = 0; order < (found?.order ?? versions.length); order++) {
    const program = versions[order];
    if (program.mayReadEventExactly(data)) continue;
    const event = program.decodeEvent(data);
    if (event !== null) return rendered(program, event);
  }
  return found && rendered(found.program, found.event);
}

interface Candidate {
  score: number;
  /** The version's place, newest first. */
  order: number;
  decoded: DecodedInstruction;
  program: CompiledProgram;
}

/**
 * Everything in a version's score but its data's fit can be known before decoding: the account
 * list's fit depends only on the instruction its discriminator selects. So versions are decoded
 * best bound first, and those whose bound cannot beat the best decode so far are not decoded at
 * all: a pump.fun trade of 2024 is decoded by the two layouts that take its accounts, not by all
 * seven, and a Jupiter route (always with accounts beyond its list) by the newest only.
 */
function bestInstruction(
  versions: CompiledProgram[],
  bytes: Uint8Array,
  accounts: string[],
  programId: string,
): { name: string; parsed: ParsedInstruction } | null {
  const newest = versions[0].decodeInstruction(bytes);
  const chosen =
    versions.length === 1 ? newest && { decoded: newest, program: versions[0] } : choose(versions, newest, bytes, accounts, programId);
  return chosen && { name: chosen.program.description.name, parsed: parsedInstruction(chosen.decoded, accounts, programId) };
}

/**
 * Today's traffic fits the newest layout: when it reads the entry perfectly, only an older one that
 * fixes an address the newest names otherwise is decoded as well. Else the other versions are
 * decoded best bound first, and those whose bound cannot beat the best decode so far not at all.
 */
function choose(
  versions: CompiledProgram[],
  newest: DecodedInstruction | null,
  bytes: Uint8Array,
  accounts: string[],
  programId: string,
): Candidate | null {
  let best: Candidate | null = newest && candidateOf(newest, versions[0], 0, accounts, programId);
  const options: { program: CompiledProgram; order: number; bound: number }[] = [];
  for (let order = 1; order < versions.length; order++) {
    const program = versions[order];
    const rivals = program.instructionsMatching(bytes);
    if (best !== null && best.score === bestFit) {
      if (disputes(best.decoded.instruction, rivals, accounts)) options.push({ program, order, bound: bestFit });
      continue;
    }
    let bound = -1;
    for (const instruction of rivals) bound = Math.max(bound, accountsScore(instruction, accounts, programId) + 4);
    if (bound >= 0) options.push({ program, order, bound });
  }
  if (options.length > 1) options.sort((a, b) => b.bound - a.bound || a.order - b.order);
  for (const { program, order, bound } of options) {
    if (best !== null) {
      if (bound < best.score) break;
      // Equal at best: an older version wins the tie only by fixing an address the best names otherwise.
      if (
        bound === best.score &&
        order > best.order &&
        !disputes(best.decoded.instruction, program.instructionsMatching(bytes), accounts)
      ) {
        continue;
      }
    }
    const decoded = program.decodeInstruction(bytes);
    if (decoded === null) continue;
    const candidate = candidateOf(decoded, program, order, accounts, programId);
    if (best === null || beats(candidate, best, accounts)) best = candidate;
  }
  return best;
}

const candidateOf = (
  decoded: DecodedInstruction,
  program: CompiledProgram,
  order: number,
  accounts: string[],
  programId: string,
): Candidate => ({
  score: accountsScore(decoded.instruction, accounts, programId) + dataScore(decoded),
  order,
  decoded,
  program,
});
const bestFit = 14;

function beats(challenger: Candidate, incumbent: Candidate, accounts: string[]): boolean {
  if (challenger.score !== incumbent.score) return challenger.score > incumbent.score;
  const against = addressesAgainst(incumbent.decoded.instruction, challenger.decoded.instruction, accounts);
  const for_ = addressesAgainst(challenger.decoded.instruction, incumbent.decoded.instruction, accounts);
  return against !== for_ ? against > for_ : challenger.order < incumbent.order;
}

/**
 * Too few accounts, or one where the layout fixes another address, weighs most (the program would
 * have refused them). Then the data and the account list count alike: data read exactly scores 4,
 * data that stopped between trailing fields 2 (an older client's, which programs that append
 * arguments accept), bytes left over 0; an account list of the described length 2, one with
 * accounts beyond it 0 (which many programs take, but which a newer layout may name). So a layout
 * that names every account but misses an optional trailing argument ties with an older one that
 * reads the arguments exactly and leaves accounts unnamed, and the newer wins the tie.
 */
function accountsScore(instruction: InstructionDesc, accounts: string[], programId: string): number {
  const plan = accountPlan(instruction, accounts.length);
  let refused = plan.fit === AccountFit.Fewer;
  for (const desc of fixedPlaces(instruction)) {
    const planned = plan.accounts[desc];
    if (planned === undefined || !('index' in planned)) continue;
    const given = accounts[planned.index];
    // Anchor's convention for an optional account left out: the program id in its place.
    if (given !== instruction.accounts[desc].address && !(instruction.accounts[desc].optional && given === programId)) refused = true;
  }
  return (refused ? 0 : 8) + (plan.fit === AccountFit.Exact ? 2 : 0);
}

/** The described accounts that fix an address, by position: most instructions have a few or none. */
function fixedPlaces(instruction: InstructionDesc): readonly number[] {
  let places = fixedPlacesOf.get(instruction);
  if (places === undefined) {
    places = instruction.accounts.flatMap((account, desc) => (account.address === undefined ? [] : [desc]));
    fixedPlacesOf.set(instruction, places);
  }
  return places;
}
const fixedPlacesOf = new WeakMap<InstructionDesc, readonly number[]>();

const dataScore = (decoded: DecodedInstruction) => (decoded.exact ? 4 : decoded.short ? 2 : 0);

/** Whether one of `rivals` fixes an address, given here, where `incumbent` names the account otherwise. */
const disputes = (incumbent: InstructionDesc, rivals: InstructionDesc[], accounts: string[]) =>
  rivals.some((rival) => addressesAgainst(incumbent, rival, accounts) > 0);

/**
 * The given accounts that `rival` fixes (its Anchor `address` is that account) where `incumbent`
 * puts an account of another name: evidence that the incumbent's names are another upgrade's.
 */
function addressesAgainst(incumbent: InstructionDesc, rival: InstructionDesc, accounts: string[]): number {
  let evidence = 0;
  for (const { index, address } of disputedPlaces(incumbent, rival, accounts.length)) if (accounts[index] === address) evidence++;
  return evidence;
}

/**
 * The places, for `count` accounts, where `rival` fixes an address and `incumbent` names the
 * account otherwise: they depend only on the two layouts and the count, so they are worked out
 * once (most pairs have none, and comparing two versions then costs nothing per entry).
 */
function disputedPlaces(incumbent: InstructionDesc, rival: InstructionDesc, count: number): readonly Place[] {
  let byRival = disputedPlacesOf.get(incumbent);
  if (byRival === undefined) disputedPlacesOf.set(incumbent, (byRival = new WeakMap<InstructionDesc, Map<number, readonly Place[]>>()));
  let byCount = byRival.get(rival);
  if (byCount === undefined) byRival.set(rival, (byCount = new Map<number, readonly Place[]>()));
  let places = byCount.get(count);
  if (places === undefined) {
    const incumbentNames = new Map<number, string>();
    for (const planned of accountPlan(incumbent, count).accounts) {
      if ('index' in planned) incumbentNames.set(planned.index, namesOf(incumbent).accounts[planned.desc]);
    }
    const found: Place[] = [];
    for (const planned of accountPlan(rival, count).accounts) {
      const address = rival.accounts[planned.desc].address;
      if (address === undefined || !('index' in planned)) continue;
      if (incumbentNames.get(planned.index) !== namesOf(rival).accounts[planned.desc]) found.push({ index: planned.index, address });
    }
    places = found;
    // Counts come from the data, but an instruction takes at most 256 accounts: the map stays small.
    byCount.set(count, places);
  }
  return places;
}
interface Place {
  index: number;
  address: string;
}
const disputedPlacesOf = new WeakMap<InstructionDesc, WeakMap<InstructionDesc, Map<number, readonly Place[]>>>();

/**
 * Anchor's event-CPI: the program invokes itself with this tag (sha256("anchor:event")[0..8],
 * little-endian) followed by the event's discriminator and fields. Such an entry is rendered as the
 * event it carries, its `type` the event's name as the IDL spells it.
 */
const anchorEventTag = Uint8Array.of(0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d);

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

/**
 * The members renderEntry writes, as objects, for the summaries (which read no `error`). Built
 * member by member, not by spreading: copies made with `...` cost actionskit about a tenth more
 * over a corpus pass (`ACTIONS=1 node dist/bench/enhance-ab.js`), most of it in the summaries that
 * read them, likely because such copies do not share the hidden class of the entries JSON.parse
 * made beside them, so every read of an entry there met more than one shape.
 */
export function sentEntry(decoded: DecodedEntry, ix: RawInstruction, parsedEncoding: boolean): object {
  const { parsed, name: program } = decoded;
  if (parsedEncoding) return { parsed, program, programId: ix.programId, stackHeight: ix.stackHeight };
  const entry: Record<string, unknown> = {};
  for (const name in ix) entry[name] = ix[name as keyof RawInstruction];
  entry.parsed = parsed;
  entry.program = program;
  return entry;
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
