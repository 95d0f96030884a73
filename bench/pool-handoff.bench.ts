/**
 * What handing a task to a worker thread costs the main thread, Piscina against the project's own
 * pool (src/enhance/worker-pool.ts), with the worker doing nothing but hand the bytes back: an
 * empty task, and an answer-sized one (20 KB, the corpus median) moved both ways, as the
 * enhancement pool moves answers. Main-thread busy time (event-loop utilization) and the whole
 * process's CPU per task, 16 tasks in flight, one worker, the two pools alternated.
 * Run: node dist/bench/pool-handoff.bench.js
 */
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { Piscina } from 'piscina';
import { WorkerPool } from '../src/enhance/worker-pool.js';

const tasks = Number(process.env.TASKS ?? 20_000);
const inFlight = 16;
const answerBytes = 20_000;

type Run = (bytes: Uint8Array | null) => Promise<unknown>;

async function measure(run: Run, payload: boolean): Promise<{ mainUs: number; cpuUs: number }> {
  const make = () => (payload ? new Uint8Array(answerBytes).fill(0x61) : null);
  for (let i = 0; i < 1000; i++) await run(make());
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < tasks) await run(make());
    }),
  );
  const busy = performance.eventLoopUtilization(elu);
  const used = process.cpuUsage(cpu);
  return { mainUs: (busy.active * 1000) / tasks, cpuUs: (used.user + used.system) / tasks };
}

const piscina = new Piscina({
  filename: new URL('./piscina-echo.cjs', import.meta.url).href,
  minThreads: 1,
  maxThreads: 1,
  idleTimeout: Infinity,
});
const ours = new WorkerPool<Uint8Array | null, Uint8Array | null>({
  module: new URL('./echo-worker.js', import.meta.url),
  threads: 1,
  deadlineMs: 2000,
});
await ours.started();

const viaPiscina: Run = (bytes) => piscina.run(bytes, bytes ? { transferList: [bytes.buffer as ArrayBuffer] } : {});
const viaOurs: Run = (bytes) => ours.run(() => ({ task: bytes, transfer: bytes ? [bytes.buffer as ArrayBuffer] : [] }));

const rows: string[] = [];
for (const payload of [false, true]) {
  const results = { piscina: [] as { mainUs: number; cpuUs: number }[], ours: [] as { mainUs: number; cpuUs: number }[] };
  for (let round = 0; round < 3; round++) {
    results.piscina.push(await measure(viaPiscina, payload));
    results.ours.push(await measure(viaOurs, payload));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
  const p = { main: median(results.piscina.map((r) => r.mainUs)), cpu: median(results.piscina.map((r) => r.cpuUs)) };
  const o = { main: median(results.ours.map((r) => r.mainUs)), cpu: median(results.ours.map((r) => r.cpuUs)) };
  rows.push(
    `| ${payload ? `${answerBytes / 1000} KB moved both ways` : 'empty task'} | ${p.main.toFixed(1)} | ${o.main.toFixed(1)} | ${(o.main / p.main).toFixed(2)} | ${p.cpu.toFixed(1)} | ${o.cpu.toFixed(1)} | ${(o.cpu / p.cpu).toFixed(2)} |`,
  );
}
await Promise.all([piscina.destroy(), ours.close()]);

console.log(
  `\nhanding a task to one worker thread, ${inFlight} in flight, ${tasks} tasks, median of 3 alternated rounds (${cpus().length} cores, Node ${process.version})\n`,
);
console.log('| task | Piscina main µs | ours main µs | ours / Piscina | Piscina process CPU µs | ours process CPU µs | ours / Piscina |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
