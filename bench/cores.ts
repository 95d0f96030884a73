/**
 * Issue #18's scaling, measured rather than modelled (bench/scaling.ts is the model): the front
 * gateway is pinned to C cores (taskset) and driven with `make load`'s mixes, for C in CORES and,
 * at each C, a few splits of those cores between acceptor processes (`--acceptors`) and decode
 * workers (`--workers`, shared among the acceptors). The standard node (a ledger-mode gateway
 * answering from its response cache, with a Redis of its own), the front gateway's Redis and the
 * load generator run on cores of their own, so what is measured is the gateway's work alone, as on
 * a host whose node is elsewhere.
 *
 * Every front gateway counts its rate limits in Redis, whatever its acceptors (more than one
 * need it, and the splits are compared doing the same work per request). Each row also says how
 * many cores the gateway and the node kept busy, so a row the node capped shows as such.
 *
 * Run: node dist/bench/cores.js on a host with more than 8 cores (on a lent device machine, which
 * has neither Node nor Redis: bench/device/bundle.sh here, bench/device/run.sh there). CORES (default 1,2,4,8, those
 * that fit; SPLITS=C:acceptors:workers,... instead names the runs, repeats allowed), NODE_CPUS
 * (cores for the node and its Redis, default 4; the front's Redis takes the next), DURATION
 * (seconds per mix, default 3), CONNECTIONS (default 64), LOAD_THREADS (default: the cores left
 * for the load generator), REDIS_URL (one Redis for both, instead of two redis-servers started
 * here; REDIS_SERVER names the binary), LIMITS=supervisor (the front without Redis: its
 * supervising process counts the limits), MIXES (names of mix.ts's mixes,
 * comma-separated). Linux only (/proc, taskset).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { startGateway } from '../test/support/gateway.js';
import { closedLoop, type LoadResult } from './loadgen.js';
import { mixes, undecodedAnswers, type Mix } from './mix.js';
import { pin, treeCpuSeconds } from './process-stats.js';

const cores = cpus().length;
const nodeCpus = Number(process.env.NODE_CPUS ?? 4);
const duration = Number(process.env.DURATION ?? 3);
/** LIMITS=supervisor: the front's limits counted by its supervising process instead of Redis. */
const supervisedLimits = process.env.LIMITS === 'supervisor';
const connections = Number(process.env.CONNECTIONS ?? 64);
const coreCounts = (process.env.CORES ?? '1,2,4,8')
  .split(',')
  .map(Number)
  .filter((c) => c >= 1 && c <= cores);
interface Split {
  acceptors: number;
  workers: number;
}
interface Run extends Split {
  c: number;
}

/**
 * One acceptor with the rest for workers (the default shape) and with none (what a host without
 * Redis chooses between), half and half, and every core an acceptor decoding inline.
 */
function splits(c: number): Split[] {
  const all = [
    { acceptors: 1, workers: Math.max(1, c - 1) },
    { acceptors: 1, workers: 0 },
    { acceptors: Math.max(1, c / 2), workers: c / 2 },
    { acceptors: c, workers: 0 },
  ].filter((s) => Number.isInteger(s.acceptors) && Number.isInteger(s.workers));
  return all.filter((s, i) => all.findIndex((t) => t.acceptors === s.acceptors && t.workers === s.workers) === i);
}

/** Each run: the gateway's cores and how they are split. SPLITS lists them as C:acceptors:workers (repeats allowed). */
const runs: Run[] =
  process.env.SPLITS?.split(',').map((item) => {
    const [c, acceptors, workers] = item.split(':').map(Number);
    return { c, acceptors, workers };
  }) ?? coreCounts.flatMap((c) => splits(c).map((split) => ({ c, ...split })));
const gatewayLimit = Math.max(...runs.map((run) => run.c));
// On a host too small to keep them apart (a smoke run), the node's and the load's cores wrap onto
// the gateway's: the table is then no measurement of scaling, and says so.
const overlap = gatewayLimit + nodeCpus + 1 >= cores;
const range = (from: number, to: number) => [...new Set(Array.from({ length: to - from }, (_, i) => (from + i) % cores))];
const nodeSet = range(gatewayLimit, gatewayLimit + nodeCpus);
const frontRedisSet = range(gatewayLimit + nodeCpus, gatewayLimit + nodeCpus + 1);
const loadSet = overlap ? [cores - 1] : range(gatewayLimit + nodeCpus + 1, cores);
const loadThreads = Number(process.env.LOAD_THREADS ?? loadSet.length);
const wanted = process.env.MIXES?.split(',') ?? [
  'getTransaction (standard)',
  'getTransaction explorerkit',
  'getTransaction actionskit',
  'getMultipleAccounts (standard)',
  'getMultipleAccounts explorerkit',
];
const chosen = wanted.map((name) => {
  const mix = mixes.find((m) => m.name === name);
  if (!mix) throw new Error(`cores.ts: no mix named ${name}`);
  return mix;
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function startRedis(): Promise<{ url: string; stop(): void }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: () => undefined };
  const port = await freePort();
  const server = spawn(process.env.REDIS_SERVER ?? 'redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => server.kill() };
}

function drive(url: string, mix: Mix): Promise<LoadResult[]> {
  const share = (i: number) => Math.floor(connections / loadThreads) + (i < connections % loadThreads ? 1 : 0);
  return Promise.all(
    Array.from({ length: loadThreads }, async (_, i) => {
      const worker = new Worker(new URL('./cores-load.js', import.meta.url), {
        workerData: { url, bodies: mix.bodies, connections: share(i), seconds: duration },
      });
      const [result] = (await once(worker, 'message')) as [LoadResult];
      await worker.terminate();
      return result;
    }),
  );
}

pin(process.pid, nodeSet);
const nodeRedis = await startRedis();
const node = await startGateway(['--acceptors', String(nodeCpus), '--workers', '0', '--redis', nodeRedis.url]);
pin(process.pid, frontRedisSet);
const redis = process.env.REDIS_URL || supervisedLimits ? nodeRedis : await startRedis();
const rows: string[] = [];
try {
  for (const { c, ...split } of runs) {
    pin(process.pid, range(0, c));
    const gateway = await startGateway([
      '--upstream',
      `${node.url}/${node.key}`,
      '--acceptors',
      String(split.acceptors),
      '--workers',
      String(split.workers),
      ...(supervisedLimits ? [] : ['--redis', redis.url]),
      '--response-cache',
      '0',
    ]);
    pin(process.pid, loadSet);
    try {
      for (const mix of chosen) {
        const url = `${gateway.url}/${gateway.key}${mix.path}`;
        await closedLoop(url, mix.bodies, connections, 1);
        const undecodedBefore = await undecodedAnswers(gateway);
        const before = [treeCpuSeconds(gateway.process.pid!), treeCpuSeconds(node.process.pid!)];
        const started = performance.now();
        const results = await drive(url, mix);
        const seconds = (performance.now() - started) / 1000;
        const busy = [treeCpuSeconds(gateway.process.pid!), treeCpuSeconds(node.process.pid!)].map((s, i) => (s - before[i]) / seconds);
        const undecoded = (await undecodedAnswers(gateway)) - undecodedBefore;
        const latencies = results.flatMap((r) => r.latencies!).sort((a, b) => a - b);
        const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
        const rps = results.reduce((sum, r) => sum + r.rps, 0);
        const errors = results.reduce((sum, r) => sum + r.errors, 0);
        const row = `| ${c} | ${split.acceptors} | ${split.workers} | ${mix.name} | ${Math.round(rps)} | ${(at(0.5) / 1000).toFixed(2)} | ${(at(0.99) / 1000).toFixed(2)} | ${errors} | ${undecoded} | ${busy[0].toFixed(1)} | ${busy[1].toFixed(1)} |`;
        console.log(row);
        rows.push(row);
      }
    } finally {
      await gateway.stop();
    }
  }
} finally {
  await node.stop();
  nodeRedis.stop();
  redis.stop();
}
if (overlap) console.log(`\ncores: only ${cores} cores, so the gateway, the node and the load share them: not a measurement of scaling`);
console.log(
  `\ncores: ${cores} cores (${cpus()[0].model}), Node ${process.version}; gateway on cores 0..C-1, node (${nodeCpus} acceptors) and its Redis on ${nodeSet.join(',')}, ${supervisedLimits ? 'the front counting its limits in its supervisor' : `the front's Redis on ${frontRedisSet.join(',')}`}, load (${loadThreads} threads, ${connections} connections) on ${loadSet.join(',')}; ${duration} s per mix after 1 s unmeasured; response cache 0\n`,
);
console.log(
  '| C | acceptors | workers | request mix | req/s | p50 ms | p99 ms | non-200 | sent undecoded | gateway cores busy | node cores busy |',
);
console.log('|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
