/**
 * A digest of everything that shapes a rendered answer: the compiled gateway and the bundled
 * descriptions. Shared cache keys carry it, so instances of different builds on one Redis (a
 * rolling upgrade) never serve each other's renderings.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from '../paths.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

export function renderingVersion(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder(join(projectRoot, 'dist', 'src')), ...filesUnder(join(projectRoot, 'idls'))]) {
    hash.update(relative(projectRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
