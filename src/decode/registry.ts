/**
 * Program id → compiled decoders. A program may have several versions (layouts change with
 * upgrades), each valid for a slot range where it is known; a version's description is read when an
 * answer first needs its program, and compiled the first time it is tried. Where the descriptions
 * come from is the caller's: the bundled IDLs (`src/idl/bundled.ts`), or a list of versions.
 */
import { compileProgram, type CompiledProgram } from './compile.js';
import type { ProgramDescription } from '../idl/description.js';

export interface ProgramVersion {
  description: ProgramDescription;
  /** Inclusive slot bounds; undefined where the manifest does not know them. */
  fromSlot?: number;
  toSlot?: number;
}

export interface ProgramRegistry {
  /** The newest version. */
  get(programId: string): CompiledProgram | undefined;
  /**
   * The versions that may have been deployed at `slot`, newest first: those whose range holds the
   * slot, then those with no known range. Without a slot, all versions.
   */
  versions(programId: string, slot?: number): CompiledProgram[];
  readonly programIds: readonly string[];
}

/** Where one version's description comes from; read the first time its program is asked for. */
export interface VersionSource {
  programId: string;
  fromSlot?: number;
  toSlot?: number;
  /** null when the description cannot be read (it is skipped, with a warning). */
  read(): ProgramDescription | null;
}

export function registryOf(versions: ProgramVersion[]): ProgramRegistry {
  return registryOfSources(
    versions.map((v) => ({ programId: v.description.address, fromSlot: v.fromSlot, toSlot: v.toSlot, read: () => v.description })),
  );
}

/**
 * A program's descriptions are read when an answer first needs the program, and each version is
 * compiled when first tried: of 200 bundled files a gateway usually meets a few dozen programs, and
 * reading them all cost half a second of every start (and of every worker's).
 */
export function registryOfSources(sources: VersionSource[]): ProgramRegistry {
  const byId = new Map<string, VersionSource[]>();
  for (const source of sources) byId.set(source.programId, [...(byId.get(source.programId) ?? []), source]);
  const loaded = new Map<string, ProgramVersion[]>();
  const versionsOf = (programId: string): ProgramVersion[] | undefined => {
    let versions = loaded.get(programId);
    if (versions === undefined) {
      const sourcesOfProgram = byId.get(programId);
      if (sourcesOfProgram === undefined) return undefined;
      versions = [];
      for (const source of sourcesOfProgram) {
        const description = source.read();
        if (description === null) continue;
        // One `program` name per program, the newest description's, whichever version decodes an
        // entry: IDL dialects spell it differently (`dex_solana`, `dexSolana`) and clients match on it.
        const name = versions[0]?.description.name ?? description.name;
        versions.push({ description: { ...description, name }, fromSlot: source.fromSlot, toSlot: source.toSlot });
      }
      loaded.set(programId, versions);
    }
    return versions;
  };
  const compiled = new Map<ProgramVersion, CompiledProgram>();
  const compiledOf = (v: ProgramVersion) => {
    let program = compiled.get(v);
    if (program === undefined) {
      program = compileProgram(v.description);
      compiled.set(v, program);
    }
    return program;
  };
  // Most programs know no slot ranges: their answer is the same list for every slot, built once.
  const unranged = new Map<string, CompiledProgram[]>();
  const none: CompiledProgram[] = [];
  return {
    programIds: [...byId.keys()],
    get(programId) {
      const newest = versionsOf(programId)?.[0];
      return newest && compiledOf(newest);
    },
    versions(programId, slot) {
      const cached = unranged.get(programId);
      if (cached !== undefined) return cached;
      const all = versionsOf(programId);
      if (all === undefined || all.length === 0) return none;
      const known = all.filter((v) => v.fromSlot !== undefined || v.toSlot !== undefined);
      if (known.length === 0) {
        const list = all.map(compiledOf);
        unranged.set(programId, list);
        return list;
      }
      if (slot === undefined) return all.map(compiledOf);
      const inRange = known.filter((v) => (v.fromSlot ?? 0) <= slot && slot <= (v.toSlot ?? Infinity));
      return [...inRange, ...all.filter((v) => !known.includes(v))].map(compiledOf);
    },
  };
}
