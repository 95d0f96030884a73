/**
 * Where the inline threshold of the enhancement pool comes from: for corpus getTransaction answers
 * of different sizes, the main thread's cost of enhancing inline against its cost of handing the
 * answer to a worker and taking the result back (measured as main-thread busy time with
 * performance.eventLoopUtilization over many concurrent tasks). Run: node dist/bench/enhance-pool.bench.js
 */
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { readdirSync } from 'node:fs';
import { openLedger } from '../src/ledger/ledger-store.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { corpusTransactionsDir } from '../src/paths.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceNow } from '../src/enhance/enhance.js';
import { pooledEnhancer } from '../src/enhance/pool.js';

const registry = loadBundledRegistry();
const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
const answers = readdirSync(corpusTransactionsDir)
  .map((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null)
  .map(([, signature]) =>
    Buffer.from(
      `{"jsonrpc":"2.0","result":${ledger.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })},"id":1}`,
    ),
  )
  .sort((a, b) => a.length - b.length);

const rounds = 200;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Main-thread milliseconds per task while `run` keeps `rounds` tasks in flight. */
async function mainThreadCost(run: () => Promise<unknown>): Promise<number> {
  const before = performance.eventLoopUtilization();
  const started = performance.now();
  await Promise.all(Array.from({ length: rounds }, run));
  const elu = performance.eventLoopUtilization(before);
  return (elu.utilization * (performance.now() - started)) / rounds;
}

const pool = pooledEnhancer(registry, { workers: 1, inlineBelowBytes: 0 });
await pool.started();
// Warm up: the worker compiles the programs it meets.
// (a handed-over answer's bytes move to the worker, so each task gets its own copy)
for (const response of answers) await pool.enhance({ method: 'getTransaction', response: Buffer.from(response) });

const buckets = [
  [0, 4_096],
  [4_096, 8_192],
  [8_192, 16_384],
  [16_384, 65_536],
  [65_536, Infinity],
];
console.log(
  `\nenhancement: main-thread cost per getTransaction answer, inline vs handed to a worker (${cpus().length} cores, Node ${process.version})\n`,
);
console.log('| answer size | answers | inline ms | via worker ms | worker / inline |');
console.log('|---|---:|---:|---:|---:|');
for (const [low, high] of buckets) {
  const group = answers.filter((a) => a.length >= low && a.length < high);
  if (group.length === 0) continue;
  const inline: number[] = [];
  const pooled: number[] = [];
  for (const response of group) {
    inline.push(await mainThreadCost(async () => enhanceNow({ method: 'getTransaction', response }, registry)));
    pooled.push(await mainThreadCost(() => pool.enhance({ method: 'getTransaction', response: Buffer.from(response) })));
  }
  const i = median(inline);
  const p = median(pooled);
  console.log(
    `| ${low}–${high === Infinity ? '…' : high} B | ${group.length} | ${i.toFixed(3)} | ${p.toFixed(3)} | ${(p / i).toFixed(2)} |`,
  );
}
await pool.close();
