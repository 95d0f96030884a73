/**
 * Why the gateway reads IDLs with its own dialect readers rather than through Codama's
 * `@codama/nodes-from-anchor` (issue #17): the time to turn each bundled Anchor and Shank IDL into
 * a description, ours (src/idl/read-idl.ts, ending in the tree the decoder compiles) against
 * Codama's (ending in Codama nodes, from which a decoder would still have to be compiled). Both
 * read every one of these IDLs; a program's IDL is read when an answer first needs it, and a
 * live IDL from chain when it is fetched, so this time is start-up and first-answer latency.
 * Run: node dist/bench/idl-read.bench.js
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { rootNodeFromAnchor, type AnchorIdl } from '@codama/nodes-from-anchor';
import { readIdl } from '../src/idl/read-idl.js';
import { projectRoot } from '../src/paths.js';

const dir = join(projectRoot, 'idls');
const idls = readFileSync(join(dir, 'MANIFEST.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .filter(([, , , format]) => format.startsWith('anchor') || format === 'shank')
  .map(([file]) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as AnchorIdl);

// Codama reports each renamed PDA on the console; the bench's own lines are what it is run for.
const warn = console.warn;
console.warn = () => {};
function totalMs(read: (idl: AnchorIdl) => unknown, rounds: number): number {
  const start = performance.now();
  for (let r = 0; r < rounds; r++) for (const idl of idls) read(idl);
  return (performance.now() - start) / rounds;
}
const ours = (idl: AnchorIdl) => readIdl(idl, { address: '11111111111111111111111111111111' });
const codama = (idl: AnchorIdl) => rootNodeFromAnchor(idl);
totalMs(ours, 2);
totalMs(codama, 1);
const oursMs = totalMs(ours, 5);
const codamaMs = totalMs(codama, 2);
console.warn = warn;
console.log(`\nreading ${idls.length} bundled Anchor and Shank IDLs (${cpus().length} cores, Node ${process.version})\n`);
console.log('| reader | ms for all | ms per IDL | / ours |');
console.log('|---|---:|---:|---:|');
console.log(`| src/idl/read-idl.ts | ${oursMs.toFixed(0)} | ${(oursMs / idls.length).toFixed(2)} | 1.00 |`);
console.log(
  `| @codama/nodes-from-anchor | ${codamaMs.toFixed(0)} | ${(codamaMs / idls.length).toFixed(2)} | ${(codamaMs / oursMs).toFixed(1)} |`,
);
