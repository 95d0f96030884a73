/**
 * `serve` with its defaults (embedded ledger, one worker per core beyond the main thread's): time
 * from launch to the listening line, resident memory idle, and after every corpus transaction has
 * been answered with explorerkit in json and jsonParsed (so every program the corpus uses has been
 * read and compiled, on the main thread and in the workers). RUNS (default 5) starts; medians.
 * Linux only (reads /proc).
 */
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { corpusTransactionsDir } from '../src/paths.js';
import { rssMiB } from './process-stats.js';
import { createKey, post, runCli, spawnServe, stopProcess, tempDir, unlimitedPlan } from '../test/support/gateway.js';

const runs = Number(process.env.RUNS ?? 5);
const signatures = [
  ...new Set(
    readdirSync(corpusTransactionsDir)
      .map((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f)?.[1])
      .filter((s): s is string => s !== undefined),
  ),
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const db = join(tempDir(), 'keys.sqlite');
runCli([...unlimitedPlan, '--db', db]);
const key = createKey(db, 'unlimited');
const toListening: number[] = [];
const idle: number[] = [];
const afterPass: number[] = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const gateway = await spawnServe(['--port', '0', '--db', db]);
  toListening.push(performance.now() - started);
  await new Promise((r) => setTimeout(r, 1000));
  const pid = gateway.process.pid as number;
  idle.push(rssMiB(pid));
  for (const encoding of ['json', 'jsonParsed']) {
    for (const signature of signatures) {
      const body = {
        jsonrpc: '2.0',
        id: 1,
        method: 'getTransaction',
        params: [signature, { encoding, maxSupportedTransactionVersion: 0 }],
      };
      const answer = await post(`http://127.0.0.1:${gateway.port}/${key}?explorerkit=true`, body);
      if (answer.status !== 200) throw new Error(`HTTP ${answer.status} for ${signature}`);
    }
  }
  await new Promise((r) => setTimeout(r, 1000));
  afterPass.push(rssMiB(pid));
  await stopProcess(gateway.process);
}

console.log(`\nserve with defaults: start and memory (${cpus().length} cores, Node ${process.version}, ${runs} starts, medians)\n`);
console.log('| measure | value | target (issue #18) |');
console.log('|---|---:|---:|');
console.log(`| launch to listening | ${median(toListening).toFixed(0)} ms | ≤ 500 ms |`);
console.log(`| RSS idle | ${median(idle).toFixed(0)} MiB | |`);
console.log(
  `| RSS after a corpus pass (${signatures.length} transactions × json, jsonParsed, explorerkit) | ${median(afterPass).toFixed(0)} MiB | ≤ 150 MiB |`,
);
