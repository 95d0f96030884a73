/**
 * Compiles a ProgramDescription into decoder functions, and picks the instruction, account or
 * event layout that reads given bytes.
 *
 * Each TypeNode becomes a closure `read(cursor) → value | FAIL` once (./type-compiler.ts, over the
 * combinators of ./readers), composed from the closures of its parts, so decoding never looks at
 * the description again. Closures rather than generated source (new Function): names and shapes
 * come from third-party IDLs, and closures cannot be injected into, while V8 inlines these small
 * monomorphic functions well enough that decoding cost is dominated by building the output
 * (strings for pubkeys and u64s).
 */
import type { AccountDesc, EventDesc, InstructionDesc, ProgramDescription } from '../idl/description.js';
import { Matcher, type Candidate } from './matcher.js';
import { FAIL, cursorOver, failRead, type Cursor, type Read } from './primitives.js';
import { TypeCompiler } from './type-compiler.js';
import { minSizeOf } from './readers/type-reader.js';
import { startsWith } from '../codec/bytes.js';

/**
 * `exact`: the layout read every byte of the data and all of its own fields. A decode that stopped
 * before trailing fields, or left bytes over, is what an older or newer layout of the same program
 * gives: kept only when no version reads the bytes exactly.
 */
export interface DecodedInstruction {
  instruction: InstructionDesc;
  args: Record<string, unknown>;
  exact: boolean;
  /** Not exact, but every byte read: the data stopped between trailing fields (an older client's). */
  short: boolean;
}
export interface DecodedAccount {
  account: AccountDesc;
  /** The rendered account type: an object for struct accounts (all Anchor and Shank accounts). */
  value: Record<string, unknown>;
  exact: boolean;
  /** Where the layout stopped reading. */
  end: number;
}
export interface DecodedEvent {
  event: EventDesc;
  value: Record<string, unknown>;
  exact: boolean;
}
export interface CompiledProgram {
  description: ProgramDescription;
  /**
   * null = not decoded (no discriminator matches, or the bytes do not fit the layout). Never throws.
   * Trailing bytes after a complete instruction are allowed. Longest matching discriminator wins;
   * among candidates with the same one, the first that reads the data exactly, else the first that reads it.
   */
  decodeInstruction(data: Uint8Array): DecodedInstruction | null;
  /** The instructions whose discriminator prefixes `data`, without decoding it. */
  instructionsMatching(data: Uint8Array): InstructionDesc[];
  /**
   * Matches by discriminator prefix, else by exact `size` when the account declares one, else the
   * program's `fallback` account. Trailing bytes allowed (accounts are often over-allocated). null
   * when nothing matches or the layout does not fit. Never throws.
   */
  decodeAccount(data: Uint8Array): DecodedAccount | null;
  /** data = the bytes after Anchor's 8-byte event-CPI tag, i.e. starting with the event discriminator. */
  decodeEvent(data: Uint8Array): DecodedEvent | null;
  /** False when every event `data` selects has a fixed size other than the data's, or needs more: none can read it exactly. */
  mayReadEventExactly(data: Uint8Array): boolean;
  /**
   * The account layout (after its discriminator, which must be there) or defined type called
   * `name`, read at `offset` of `data`, and where it stopped; null when it does not read there. For
   * data that points into itself (Metaplex Core's plugin registry).
   */
  readAt(name: string, data: Uint8Array, offset: number): { value: unknown; end: number } | null;
}

/** What a layout read from the data, and where it stopped. */
interface Hit<T> {
  item: T;
  value: unknown;
  exact: boolean;
  short: boolean;
  end: number;
}

function run(read: Read, cursor: Cursor): unknown {
  try {
    return read(cursor);
  } catch {
    // A stack overflow from pathological nesting, or a bug: either way the data is not decoded.
    return FAIL;
  }
}

/** A description the compiler cannot handle leaves that one item undecoded rather than throwing. */
function compileSafely<T>(compile: (item: T) => Read, item: T): Read {
  try {
    return compile(item);
  } catch {
    return failRead;
  }
}

export function compileProgram(description: ProgramDescription): CompiledProgram {
  const compiler = new TypeCompiler(description.types);

  const instructions = new Matcher(description.instructions, (i) => i.discriminator);
  const accounts = new Matcher(description.accounts, (a) => a.discriminator);
  const events = new Matcher(description.events, (e) => e.discriminator);
  const sized = description.accounts.filter((a) => a.discriminator.length === 0 && (a.size !== undefined || a.fallback));

  const instructionRead = (i: InstructionDesc): Read => compiler.instruction(i.args).read;
  const accountRead = (a: AccountDesc): Read => compiler.account(a).read;
  const eventRead = (e: EventDesc): Read => compiler.event(e).read;

  /** `open`: instruction and event data may stop between trailing fields; account data is whole. */
  function best<T>(candidates: Candidate<T>[], data: Uint8Array, compile: (item: T) => Read, open: boolean): Hit<T> | null {
    let loose: Hit<T> | null = null;
    for (const candidate of candidates) {
      const read = (candidate.read ??= compileSafely(compile, candidate.item));
      const cursor = cursorOver(data, candidate.discriminator.length, open);
      const value = run(read, cursor);
      if (value === FAIL) continue;
      if (!cursor.short && cursor.pos === data.length) return { item: candidate.item, value, exact: true, short: false, end: cursor.pos };
      loose ??= { item: candidate.item, value, exact: false, short: cursor.short, end: cursor.pos };
    }
    return loose;
  }

  /** Readers of what readAt is asked for, compiled when first asked. */
  const named = new Map<string, { skip: Uint8Array; read: Read }>();
  function namedReader(name: string): { skip: Uint8Array; read: Read } {
    let reader = named.get(name);
    if (reader === undefined) {
      const account = description.accounts.find((a) => a.name === name);
      reader =
        account === undefined
          ? { skip: new Uint8Array(0), read: compileSafely((n: string) => compiler.named(n).read, name) }
          : { skip: account.discriminator, read: compileSafely(accountRead, account) };
      named.set(name, reader);
    }
    return reader;
  }

  /** Each event's size where its layout fixes one, and the least it can take, worked out when first asked. */
  const eventSizes = new Map<EventDesc, { fixed: number | undefined; least: number }>();

  const accountCandidates = new Map<AccountDesc, Candidate<AccountDesc>>(
    sized.map((a) => [a, { item: a, discriminator: a.discriminator, read: undefined }]),
  );

  return {
    description,
    decodeInstruction(data) {
      const hit = best(instructions.matches(data), data, instructionRead, true);
      return hit && { instruction: hit.item, args: hit.value as Record<string, unknown>, exact: hit.exact, short: hit.short };
    },
    instructionsMatching: (data) => instructions.matches(data).map((candidate) => candidate.item),
    decodeAccount(data) {
      let candidates = accounts.matches(data);
      if (candidates === accounts.unmarked) {
        candidates = [];
        for (const a of sized) {
          const selected = a.size === undefined ? a.fallback === true : a.size === data.length;
          if (selected) candidates.push(accountCandidates.get(a) as Candidate<AccountDesc>);
        }
      }
      const hit = best(candidates, data, accountRead, false);
      return hit && { account: hit.item, value: hit.value as Record<string, unknown>, exact: hit.exact, end: hit.end };
    },
    mayReadEventExactly(data) {
      return events.matches(data).some((candidate) => {
        let size = eventSizes.get(candidate.item);
        if (size === undefined) {
          try {
            const reader = compiler.event(candidate.item);
            size = { fixed: reader.fixedSize, least: minSizeOf(reader) };
          } catch {
            size = { fixed: undefined, least: 0 };
          }
          eventSizes.set(candidate.item, size);
        }
        const length = data.length - candidate.discriminator.length;
        return size.fixed === undefined ? length >= size.least : length === size.fixed;
      });
    },
    decodeEvent(data) {
      const hit = best(events.matches(data), data, eventRead, true);
      return hit && { event: hit.item, value: hit.value as Record<string, unknown>, exact: hit.exact };
    },
    readAt(name, data, offset) {
      const { skip, read } = namedReader(name);
      if (offset < 0 || offset > data.length || !startsWith(data.subarray(offset), skip)) return null;
      const cursor = cursorOver(data, offset + skip.length);
      const value = run(read, cursor);
      return value === FAIL ? null : { value, end: cursor.pos };
    },
  };
}
