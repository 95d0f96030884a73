/**
 * The worker's young generation: throughput and memory of one decode worker, for V8's own sizing
 * and for fixed sizes. Every corpus getTransaction answer (jsonParsed, actionskit: the most
 * allocating task) goes through a one-worker pool for ROUNDS passes, 16 in flight; each size runs
 * in a fresh pool, sizes alternated over REPEATS rounds (defaults 20 and 3). Reported: tasks per
 * second (median of the repeats) and the process's RSS after the passes, against V8's sizing.
 * Run: node dist/bench/worker-memory.bench.js
 */
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { openLedger } from '../src/ledger/ledger-store.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { corpusTransactionsDir } from '../src/paths.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { defaultWorkerYoungGenerationMb, pooledEnhancer } from '../src/enhance/pool.js';
import { rssMiB } from './process-stats.js';

const rounds = Number(process.env.ROUNDS ?? 20);
const repeats = Number(process.env.REPEATS ?? 3);
const inFlight = 16;
const registry = loadBundledRegistry();
const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
const answers = readdirSync(corpusTransactionsDir)
  .map((f) => /^(\w+)\.jsonParsed\.json$/.exec(f)?.[1])
  .filter((s): s is string => s !== undefined)
  .map((signature) =>
    Buffer.from(
      `{"jsonrpc":"2.0","result":${ledger.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })},"id":1}`,
    ),
  );

/** Tasks per second and RSS (MiB) after `rounds` passes through a fresh one-worker pool. */
async function measure(youngGenerationMb: number): Promise<{ perSecond: number; rss: number }> {
  const enhancer = pooledEnhancer(registry, { workers: 1, inlineBelowBytes: 0, youngGenerationMb });
  try {
    const tasks = Array.from({ length: rounds }, () => answers).flat();
    // One pass first: the worker reads and compiles the descriptions, which is not what is measured.
    await enhancer.started();
    await Promise.all(answers.map((response) => enhancer.enhance({ method: 'getTransaction', response, actions: true })));
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < tasks.length) await enhancer.enhance({ method: 'getTransaction', response: tasks[next++], actions: true });
      }),
    );
    const perSecond = tasks.length / ((performance.now() - started) / 1000);
    return { perSecond, rss: rssMiB(process.pid) };
  } finally {
    await enhancer.close();
  }
}

const sizes = [0, defaultWorkerYoungGenerationMb, 12, 24];
const results = new Map<number, { perSecond: number[]; rss: number[] }>(sizes.map((mb) => [mb, { perSecond: [], rss: [] }]));
for (let r = 0; r < repeats; r++) {
  for (const mb of sizes) {
    const { perSecond, rss } = await measure(mb);
    results.get(mb)!.perSecond.push(perSecond);
    results.get(mb)!.rss.push(rss);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = results.get(0)!;
console.log(
  `\none decode worker's young generation: ${answers.length} corpus answers × ${rounds} passes, actionskit, ${inFlight} in flight (${cpus().length} cores, Node ${process.version}, medians of ${repeats})\n`,
);
console.log('| young generation | tasks/s | / V8 sizing | process RSS after, MiB | − V8 sizing |');
console.log('|---|---:|---:|---:|---:|');
for (const [mb, { perSecond, rss }] of results) {
  console.log(
    `| ${mb === 0 ? "V8's own" : `${mb} MiB`}${mb === defaultWorkerYoungGenerationMb ? ' (default)' : ''} | ${median(perSecond).toFixed(0)} | ${(median(perSecond) / median(base.perSecond)).toFixed(2)} | ${median(rss).toFixed(0)} | ${(median(rss) - median(base.rss)).toFixed(0)} |`,
  );
}
