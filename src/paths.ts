import { closeSync, existsSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found from this module's own location so it works from any build folder. */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('enhanced-rpc: package.json not found above ' + import.meta.url);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const corpusTransactionsDir = join(projectRoot, 'ledger', 'txs');
export const corpusAccountsDir = join(projectRoot, 'ledger', 'accounts');

/**
 * Creates `file` readable by its owner only, if it does not exist yet. SQLite gives its -wal and
 * -shm files the database file's permissions, so key hashes and usage stay private with it.
 */
export function createPrivately(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
}
