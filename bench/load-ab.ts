/**
 * Two builds' front gateways under the same load, alternated round by round against one ledger-mode
 * node: how a change moves a loaded gateway, which a step measured alone (enhance-ab.ts) may not
 * show, and which separate `make load` runs cannot tell from the host's drift.
 *
 * Run: BASE=<another build's dist folder> node dist/bench/load-ab.js
 * (MIX, a mix's name from bench/mix.ts, default `getTransaction explorerkit`; ROUNDS, default 4;
 * DURATION seconds per run, default 5; WORKERS for both fronts, default 0, BASE_WORKERS for the
 * base's alone, so that BASE=dist compares one build's settings; CONNECTIONS, default 32.)
 * The other build must sit inside this repository (e.g. `cp -r dist dist-base` before a change).
 * Prints each run, then the median rate and front CPU per answer of each build and their ratios.
 */
import { resolve } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { spawnServe, startGateway, stopProcess, type RunningGateway } from '../test/support/gateway.js';
import { driveMix, mixes, warmMix } from './mix.js';
import { cpuSeconds } from './process-stats.js';

const base = process.env.BASE;
if (base === undefined) throw new Error('BASE=<the other build, a dist folder inside this repository> is required');
const mixName = process.env.MIX ?? 'getTransaction explorerkit';
const mix = mixes.find((m) => m.name === mixName);
if (mix === undefined) throw new Error(`no mix named ${mixName}: ${mixes.map((m) => m.name).join(', ')}`);
const rounds = Number(process.env.ROUNDS ?? 4);
const duration = Number(process.env.DURATION ?? 5);
const workers = process.env.WORKERS ?? '0';
const baseWorkers = process.env.BASE_WORKERS ?? workers;
const connections = Number(process.env.CONNECTIONS ?? 32);

const builds = [
  { name: `base (${base}, workers ${baseWorkers})`, cli: resolve(projectRoot, base, 'src', 'cli.js'), workers: baseWorkers },
  { name: `this build (workers ${workers})`, cli: resolve(projectRoot, 'dist', 'src', 'cli.js'), workers },
];

/** A front gateway of `cli` in front of `node`, sharing its key database. */
async function front(cli: string, workers: string, node: RunningGateway): Promise<RunningGateway> {
  const args = ['--port', '0', '--db', node.db, '--upstream', `${node.url}/${node.key}`, '--workers', workers, '--response-cache', '0'];
  const { port, process: child, output } = await spawnServe(args, process.env, cli);
  return { ...node, url: `http://127.0.0.1:${port}`, port, process: child, output, stop: () => stopProcess(child) };
}

const node = await startGateway();
const runs = builds.map(() => [] as { rate: number; cpu: number; p99: number }[]);
try {
  for (let round = 0; round < rounds; round++) {
    for (const [i, build] of builds.entries()) {
      const gateway = await front(build.cli, build.workers, node);
      try {
        await warmMix(gateway, mix, connections);
        const before = cpuSeconds(gateway.process.pid!);
        const result = await driveMix(gateway, mix, connections, duration);
        const cpu = (1e6 * (cpuSeconds(gateway.process.pid!) - before)) / result.requests.total;
        runs[i].push({ rate: result.requests.average, cpu, p99: result.latency.p99 });
        console.log(
          `${build.name}: ${Math.round(result.requests.average)} req/s, front ${cpu.toFixed(0)} µs CPU per answer, p99 ${result.latency.p99} ms`,
        );
      } finally {
        await gateway.stop();
      }
    }
  }
} finally {
  await node.stop();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const [was, now] = runs.map((r) => ({
  rate: median(r.map((x) => x.rate)),
  cpu: median(r.map((x) => x.cpu)),
  p99: median(r.map((x) => x.p99)),
}));
console.log(`\n${mixName}, ${rounds} rounds of ${duration} s, ${connections} connections (medians):`);
console.log(`${builds[0].name}: ${Math.round(was.rate)} req/s, ${was.cpu.toFixed(0)} µs per answer, p99 ${was.p99} ms`);
console.log(`${builds[1].name}: ${Math.round(now.rate)} req/s, ${now.cpu.toFixed(0)} µs per answer, p99 ${now.p99} ms`);
console.log(`ratios (this / base): rate ${(now.rate / was.rate).toFixed(3)}, front CPU per answer ${(now.cpu / was.cpu).toFixed(3)}`);
