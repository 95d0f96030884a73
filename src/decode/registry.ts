/**
 * Program id → compiled decoders for the bundled descriptions: the IDLs in `idls/` and the
 * hand-written descriptions in `idls/hand-written/`. A program may have several versions (layouts
 * change with upgrades); `idls/MANIFEST.tsv` lists them newest first, with the slot range each is
 * valid for where it is known. Descriptions are read at startup; each version is compiled the first
 * time an answer needs it.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.js';
import { readIdl, type IdlHints } from '../idl/read-idl.js';
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

export function registryOf(versions: ProgramVersion[]): ProgramRegistry {
  const byId = new Map<string, ProgramVersion[]>();
  for (const v of versions) {
    const known = byId.get(v.description.address);
    // One `program` name per program, the newest description's, whichever version decodes an entry:
    // IDL dialects spell it differently (`dex_solana`, `dexSolana`) and clients match on it.
    const named = known === undefined ? v : { ...v, description: { ...v.description, name: known[0].description.name } };
    byId.set(v.description.address, [...(known ?? []), named]);
  }
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
      const newest = byId.get(programId)?.[0];
      return newest && compiledOf(newest);
    },
    versions(programId, slot) {
      const cached = unranged.get(programId);
      if (cached !== undefined) return cached;
      const all = byId.get(programId);
      if (all === undefined) return none;
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
  const versions: ProgramVersion[] = [];
  for (const folder of [dir, join(dir, 'hand-written')]) {
    for (const row of filesInOrder(folder)) {
      const m = idlFile.exec(row.file);
      if (m === null) continue;
      try {
        const description = readIdl(JSON.parse(readFileSync(join(folder, row.file), 'utf8')), { address: m[1], ...hints[row.file] });
        versions.push({ description, fromSlot: row.fromSlot, toSlot: row.toSlot });
      } catch (error) {
        log.warn({ file: row.file, err: error }, 'skipping IDL');
      }
    }
  }
  return registryOf(versions);
}
