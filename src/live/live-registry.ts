/**
 * The bundled registry with the live (on-chain) IDLs added: a program's live description is tried
 * after its bundled versions, so a bundled layout that decodes always wins and the live one fills
 * in where none exists or none decodes. Programs with no description at all are tallied, so the
 * main thread learns which on-chain IDLs an answer could use.
 */
import type { ProgramRegistry } from '../decode/registry.js';
import { compileProgram, type CompiledProgram } from '../decode/compile.js';
import { readIdl } from '../idl/read-idl.js';
import type { IdlHints } from '../idl/hints.js';
import type { ProgramDescription } from '../idl/description.js';
import { printable } from './onchain-fetch.js';
import { noteUndescribed } from '../observe/undecoded-tally.js';

/** The compiled live description of a program, if one is held. */
export type LiveLookup = (programId: string) => CompiledProgram | undefined;

export function withLiveVersions(bundled: ProgramRegistry, live: LiveLookup): ProgramRegistry {
  // versions() runs once per instruction entry: the combined lists are built once per pair, not per call.
  const appended = new WeakMap<CompiledProgram[], { extra: CompiledProgram; list: CompiledProgram[] }>();
  const alone = new WeakMap<CompiledProgram, CompiledProgram[]>();
  return {
    programIds: bundled.programIds,
    get: (programId) => bundled.get(programId) ?? live(programId),
    versions(programId, slot) {
      const own = bundled.versions(programId, slot);
      const extra = live(programId);
      if (extra === undefined) {
        if (own.length === 0) noteUndescribed(programId);
        return own;
      }
      if (own.length === 0) {
        let list = alone.get(extra);
        if (list === undefined) alone.set(extra, (list = [extra]));
        return list;
      }
      let known = appended.get(own);
      if (known === undefined || known.extra !== extra) appended.set(own, (known = { extra, list: [...own, extra] }));
      return known.list;
    },
  };
}

/** An on-chain IDL read in any dialect, refused unless it describes `programId` itself. */
export function readOnchainIdl(programId: string, idl: unknown, onSkip?: IdlHints['onSkip']): ProgramDescription {
  const description = readIdl(idl, { address: programId, onSkip });
  if (description.address !== programId) throw new Error(`the IDL declares program ${printable(description.address)}, not ${programId}`);
  return description;
}

/** A live IDL's text as the registry uses it, on the main thread and in each worker alike, compiled once. */
export function compileLiveIdl(programId: string, idl: unknown): CompiledProgram {
  return compileProgram(readOnchainIdl(programId, idl));
}
