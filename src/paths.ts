import { existsSync } from 'node:fs';
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
