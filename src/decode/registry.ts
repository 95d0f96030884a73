/**
 * Program id → compiled decoders for the bundled descriptions: the IDLs in `idls/` and the
 * hand-written descriptions in `idls/hand-written/`. A program may have several versions (layouts
 * change with upgrades); `idls/MANIFEST.tsv` lists them newest first, with the slot range each is
 * valid for where it is known. The manifest is read at startup; a program's descriptions when an
 * answer first needs it, and each version is compiled the first time it is tried.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.js';
import { readIdl } from '../idl/read-idl.js';
import type { IdlHints } from '../idl/hints.js';
import { compileProgram, type CompiledProgram } from './compile.js';
import type { ProgramDescription } from '../idl/description.js';
import { log } from '../observe/log.js';

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

export const bundledIdlDir = join(projectRoot, 'idls');

const idlFile = /^([1-9A-HJ-NP-Za-km-z]{32,44})(@[^/]+)?\.json$/;

/** Where one version's description comes from; read the first time its program is asked for. */
interface VersionSource {
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
function registryOfSources(sources: VersionSource[]): ProgramRegistry {
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

interface ManifestRow {
  file: string;
  fromSlot?: number;
  toSlot?: number;
}

function readManifest(dir: string): ManifestRow[] {
  const file = join(dir, 'MANIFEST.tsv');
  if (!existsSync(file)) return [];
  const [header, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
  const columns = header.split('\t');
  const at = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
  const slot = (text: string) => (text === '' ? undefined : Number(text));
  return lines.map((line) => {
    const cells = line.split('\t');
    return { file: at(cells, 'file'), fromSlot: slot(at(cells, 'valid_from_slot')), toSlot: slot(at(cells, 'valid_to_slot')) };
  });
}

/** Manifest order first (newest first within a program), then any file the manifest does not list. */
function filesInOrder(dir: string): ManifestRow[] {
  if (!existsSync(dir)) return [];
  const listed = readManifest(dir).filter((row) => existsSync(join(dir, row.file)));
  const names = new Set(listed.map((row) => row.file));
  const unlisted = readdirSync(dir)
    .filter((f) => idlFile.test(f) && !names.has(f))
    .sort()
    .map((file) => ({ file }));
  return [...listed, ...unlisted];
}

export function loadBundledRegistry(dir = bundledIdlDir): ProgramRegistry {
  const hintsFile = join(dir, 'hints.json');
  const hints: Record<string, IdlHints> = existsSync(hintsFile)
    ? (JSON.parse(readFileSync(hintsFile, 'utf8')) as Record<string, IdlHints>)
    : {};
  const sources: VersionSource[] = [];
  for (const folder of [dir, join(dir, 'hand-written')]) {
    for (const row of filesInOrder(folder)) {
      const m = idlFile.exec(row.file);
      if (m === null) continue;
      const programId = m[1];
      sources.push({
        programId,
        fromSlot: row.fromSlot,
        toSlot: row.toSlot,
        read() {
          try {
            const description = readIdl(JSON.parse(readFileSync(join(folder, row.file), 'utf8')), {
              address: programId,
              ...hints[row.file],
            });
            if (description.address !== programId) throw new Error(`the IDL is for ${description.address}, the file name for ${programId}`);
            return description;
          } catch (error) {
            log.warn({ file: row.file, err: error }, 'skipping IDL');
            return null;
          }
        },
      });
    }
  }
  return registryOfSources(sources);
}
