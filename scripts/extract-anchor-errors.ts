/**
 * Regenerates idls/anchor-framework-errors.json from the Anchor TS client's own tables, so the
 * framework's error names and messages (codes below 6000, shared by every Anchor program) come from
 * Anchor itself. Run after upgrading @coral-xyz/anchor: node dist/scripts/extract-anchor-errors.js
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';

const require = createRequire(import.meta.url);
const anchor = require('@coral-xyz/anchor') as { LangErrorCode: Record<string, number>; LangErrorMessage: Map<number, string> };
const { version } = require('@coral-xyz/anchor/package.json') as { version: string };

const errors = Object.entries(anchor.LangErrorCode)
  .map(([name, code]) => ({ code, name, message: anchor.LangErrorMessage.get(code) }))
  .sort((a, b) => a.code - b.code);
const file = join(projectRoot, 'idls', 'anchor-framework-errors.json');
writeFileSync(
  file,
  JSON.stringify({ source: `@coral-xyz/anchor@${version} LangErrorCode / LangErrorMessage (Apache-2.0)`, errors }, null, 1) + '\n',
);
console.log(`${errors.length} Anchor framework errors -> ${file}`);
