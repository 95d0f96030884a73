/**
 * Program id → compiled decoders for the bundled IDLs in `idls/`. Descriptions are read at startup
 * (cheap); each program is compiled the first time an answer needs it.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.js';
import { readIdl, type IdlHints } from '../idl/read-idl.js';
import { compileProgram, type CompiledProgram } from './compile.js';
import type { ProgramDescription } from '../idl/description.js';

export interface ProgramRegistry {
  get(programId: string): CompiledProgram | undefined;
  readonly programIds: readonly string[];
}

export const bundledIdlDir = join(projectRoot, 'idls');

/** The newest IDL of each program is `<programId>.json`; `<programId>@<label>.json` files are older versions. */
const primaryFile = /^([1-9A-HJ-NP-Za-km-z]{32,44})\.json$/;

export function registryOf(descriptions: ProgramDescription[]): ProgramRegistry {
  const byId = new Map(descriptions.map((d) => [d.address, d]));
  const compiled = new Map<string, CompiledProgram>();
  return {
    programIds: [...byId.keys()],
    get(programId) {
      let program = compiled.get(programId);
      if (program === undefined) {
        const description = byId.get(programId);
        if (description === undefined) return undefined;
        program = compileProgram(description);
        compiled.set(programId, program);
      }
      return program;
    },
  };
}

export function loadBundledRegistry(dir = bundledIdlDir): ProgramRegistry {
  const hintsFile = join(dir, 'hints.json');
  const hints: Record<string, IdlHints> = existsSync(hintsFile) ? JSON.parse(readFileSync(hintsFile, 'utf8')) : {};
  const descriptions: ProgramDescription[] = [];
  for (const file of readdirSync(dir).sort()) {
    const m = primaryFile.exec(file);
    if (m === null) continue;
    try {
      descriptions.push(readIdl(JSON.parse(readFileSync(join(dir, file), 'utf8')), { address: m[1], ...hints[file] }));
    } catch (error) {
      console.warn(`enhanced-rpc: skipping IDL ${file}: ${(error as Error).message}`);
    }
  }
  return registryOf(descriptions);
}
