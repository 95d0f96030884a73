/**
 * The bundled descriptions: the IDLs in `idls/` and the hand-written descriptions in
 * `idls/hand-written/`, read through the dialect readers into the decoders' registry.
 * `idls/MANIFEST.tsv` lists a program's versions newest first, with the slot range each is valid
 * for where it is known; `idls/hints.json` says what an IDL itself does not, and
 * `idls/deployments.json` which programs run another's code. The manifest is read
 * at startup, a program's files when an answer first needs the program.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.js';
import { registryOfSources, type ProgramRegistry, type VersionSource } from '../decode/registry.js';
import type { IdlHints } from './hints.js';
import { readIdl } from './read-idl.js';
import { log } from '../observe/log.js';

export const bundledIdlDir = join(projectRoot, 'idls');

const idlFile = /^([1-9A-HJ-NP-Za-km-z]{32,44})(@[^/]+)?\.json$/;

export interface ManifestRow {
  file: string;
  /** The manifest's dialect column (`anchor-0.30`, `anchor-legacy`, `shank`, `codama`…). */
  format?: string;
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
    return {
      file: at(cells, 'file'),
      format: at(cells, 'format') || undefined,
      fromSlot: slot(at(cells, 'valid_from_slot')),
      toSlot: slot(at(cells, 'valid_to_slot')),
    };
  });
}

/**
 * A folder's IDL files in the registry's order: manifest order first (newest first within a
 * program), then any file the manifest does not list.
 */
export function filesInRegistryOrder(dir: string): ManifestRow[] {
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
    for (const row of filesInRegistryOrder(folder)) {
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
  return registryOfSources([...sources, ...redeployed(sources, dir)]);
}

/**
 * `idls/deployments.json`: programs deployed again at another address from the same source
 * (Sanctum's deployments of the SPL stake pool program), read with every version of the program
 * they were built from, under their own address.
 */
function redeployed(sources: VersionSource[], dir: string): VersionSource[] {
  const file = join(dir, 'deployments.json');
  if (!existsSync(file)) return [];
  const deployments = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { of: string }>;
  return Object.entries(deployments).flatMap(([programId, { of }]) =>
    sources
      .filter((source) => source.programId === of)
      .map((source) => ({
        ...source,
        programId,
        read() {
          const description = source.read();
          return description === null ? null : { ...description, address: programId };
        },
      })),
  );
}
