/**
 * Why src/json/lossless.ts rather than the lossless-json package (issue #17): both keep u64
 * integers exact and write every corpus transaction back identically; this measures the parse and
 * stringify of each against JSON.parse + JSON.stringify of the same text, the floor. The embedded
 * ledger runs this on every getTransaction it renders, so it is not a cold path.
 * Run: node dist/bench/lossless.bench.js
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { Bench } from 'tinybench';
import { isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';
import { parseJson, stringifyJson } from '../src/json/lossless.js';
import { corpusTransactionsDir } from '../src/paths.js';

const texts = readdirSync(corpusTransactionsDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.stringify(JSON.parse(readFileSync(join(corpusTransactionsDir, f), 'utf8'))));
// As ours does: numbers a double holds exactly stay numbers, the rest keep their text.
const parseNumber = (text: string) => (isSafeNumber(text) ? Number(text) : new LosslessNumber(text));
const theirs = (text: string) => stringify(parse(text, null, parseNumber));

const differing = texts.filter((text) => theirs(text) !== stringifyJson(parseJson(text))).length;
const bench = new Bench({ time: 2000, warmupTime: 300 })
  .add('JSON.parse + JSON.stringify (floor, rounds u64)', () => texts.forEach((t) => JSON.stringify(JSON.parse(t))))
  .add('src/json/lossless.ts', () => texts.forEach((t) => stringifyJson(parseJson(t))))
  .add('lossless-json 4', () => texts.forEach(theirs));
await bench.run();
const [floor, ours, package_] = bench.tasks.map((t) => t.result!.latency.p50!);
console.log(
  `\nlossless parse + stringify of the ${texts.length} corpus transactions (${cpus().length} cores, Node ${process.version}); outputs differing: ${differing}\n`,
);
console.log('| implementation | ms per corpus pass | / floor |');
console.log('|---|---:|---:|');
for (const [name, ms] of [
  ['JSON.parse + JSON.stringify (rounds u64)', floor],
  ['src/json/lossless.ts', ours],
  ['lossless-json 4', package_],
] as const)
  console.log(`| ${name} | ${ms.toFixed(1)} | ${(ms / floor).toFixed(2)} |`);
