/**
 * The model that predicts how the gateway scales past this machine's cores (issue #18; no host
 * with more cores was lent to measure it): for each request mix of `make load`, the gateway's CPU
 * per request on its main thread (accept, parse, authorize, upstream I/O, render, write) and on its
 * other threads (the decode workers, GC helpers, libuv), read from /proc per thread around a fixed
 * run. One acceptor's main thread then caps its requests per second at 1 / main; C cores cap the
 * gateway at C / (main + other). The table gives both and the acceptors (`--acceptors`) that reach
 * the second: the main threads' share of the CPU per request, times C.
 * Run: node dist/bench/scaling.js  (DURATION seconds per mix, default 8; CONNECTIONS, default 32;
 * WORKERS, default 1)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { execFileSync } from 'node:child_process';
import { driveMix, mixes, startFrontedGateway, warmMix } from './mix.js';

const duration = Number(process.env.DURATION ?? 8);
const connections = Number(process.env.CONNECTIONS ?? 32);
const workers = process.env.WORKERS ?? '1';
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU seconds of the process's main thread (its tid is the pid) and of all its other threads. */
function threadSeconds(pid: number): { main: number; other: number } {
  let main = 0;
  let other = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // a thread that ended between the listing and the read
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    if (Number(tid) === pid) main += seconds;
    else other += seconds;
  }
  return { main, other };
}

const { node, gateway } = await startFrontedGateway(workers, ['--response-cache', '0']);
const pid = gateway.process.pid!;
const rows: string[] = [];
try {
  for (const mix of mixes) {
    await warmMix(gateway, mix, connections);
    const before = threadSeconds(pid);
    const result = await driveMix(gateway, mix, connections, duration);
    const after = threadSeconds(pid);
    const requests = result.requests.total;
    const main = (after.main - before.main) / requests;
    const other = (after.other - before.other) / requests;
    const perCore = 1 / (main + other);
    const cells = [1, 2, 4, 8, 16].map((c) => `${Math.round(Math.min(1 / main, c * perCore))} / ${Math.round(c * perCore)}`);
    const acceptors16 = Math.max(1, Math.ceil((16 * main) / (main + other)));
    rows.push(
      `| ${mix.name} | ${Math.round(result.requests.average)} | ${(main * 1e6).toFixed(0)} | ${(other * 1e6).toFixed(0)} | ${cells.join(' | ')} | ${acceptors16} |`,
    );
  }
} finally {
  await Promise.all([gateway.stop(), node.stop()]);
}
console.log(
  `\nscaling model: ${cpus().length} cores measured, Node ${process.version}, ${connections} connections, ${duration} s per mix, workers ${workers}, response cache 0\n`,
);
console.log(
  'Predicted req/s on C cores given to the gateway alone: one acceptor / enough acceptors (CPU-bound; the upstream, the network and the load generator elsewhere).\n',
);
console.log('| request mix | req/s here | main µs/req | other threads µs/req | C=1 | C=2 | C=4 | C=8 | C=16 | acceptors for C=16 |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
