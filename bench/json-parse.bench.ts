/**
 * simdjson against JSON.parse on upstream answers of realistic size (every corpus getTransaction
 * answer as the node sends it): full parse, and simdjson's lazy parse with the one lookup the
 * enhancer would need first. The gateway keeps whichever wins. Run: node dist/bench/json-parse.bench.js
 */
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { corpusTransactionsDir } from '../src/paths.js';

const simdjson = createRequire(import.meta.url)('simdjson') as {
  parse(text: string): unknown;
  lazyParse(text: string): { valueForKeyPath(path: string): unknown };
};

const answers = readdirSync(corpusTransactionsDir)
  .filter((f) => /\.(json|jsonParsed)\.json$/.test(f))
  .map((f) => `{"jsonrpc":"2.0","result":${readFileSync(join(corpusTransactionsDir, f), 'utf8')},"id":1}`);
const megabytes = answers.reduce((n, a) => n + a.length, 0) / 1e6;

const bench = new Bench({ time: 2000 });
bench
  .add('JSON.parse', () => answers.forEach((a) => JSON.parse(a)))
  .add('simdjson.parse', () => answers.forEach((a) => simdjson.parse(a)))
  .add('simdjson.lazyParse + accountKeys lookup', () =>
    answers.forEach((a) => simdjson.lazyParse(a).valueForKeyPath('result.transaction.message.accountKeys')),
  );
await bench.run();

const base = bench.tasks[0].result!.latency.mean;
console.log(
  `\nparsing ${answers.length} corpus getTransaction answers (${megabytes.toFixed(2)} MB) per pass (${cpus().length} cores, Node ${process.version})\n`,
);
console.log('| parser | ms per pass | MB/s | time / JSON.parse |');
console.log('|---|---:|---:|---:|');
for (const task of bench.tasks) {
  const ms = task.result!.latency.mean;
  console.log(`| ${task.name} | ${ms.toFixed(2)} | ${(megabytes / (ms / 1000)).toFixed(0)} | ${(ms / base).toFixed(2)} |`);
}
