/**
 * `make load`: a ledger-mode gateway plays the standard node, a second gateway sits in front of it
 * (as in production), and autocannon drives the front one for a fixed time with a mix taken from
 * the corpus: pass-through calls, explorerkit and actionskit getTransaction, batches of ten
 * getTransaction, and getMultipleAccounts standard and explorerkit. Prints requests per second, p50/p99 latency and errors,
 * per kind of request. DURATION (seconds, default 10), CONNECTIONS (default 32), WORKERS (the
 * front gateway's decoding threads; default: the gateway's own default) and UPSTREAM_CONNECTIONS
 * (its --upstream-connections; default: the gateway's own) tune it.
 * The front gateway keeps no finalized answers (`--response-cache 0`; RESPONSE_CACHE=<MiB> gives it
 * a cache): the mix repeats about a hundred signatures, which a cache would answer from memory after
 * the first second, while real traffic asks for mostly different transactions, each decoded.
 *
 * Each mix runs one second unmeasured first (warmMix), so that reading and compiling the programs'
 * descriptions, once per process, is not counted against the first mix that meets them.
 *
 * Each row also says where the CPU went, per answer: the front gateway, the node behind it and
 * autocannon, which share the machine's cores (read from /proc, so Linux only; blank elsewhere);
 * and how many answers the front sent undecoded although enhancement was asked for (its
 * /metrics: a full pool queue or a deadline sheds work that way), since those cost it almost
 * nothing and would flatter the rate.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { driveMix, mixes, startFrontedGateway, undecodedAnswers, warmMix } from './mix.js';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 32);
const workers = process.env.WORKERS;

const responseCache = process.env.RESPONSE_CACHE ?? '0';
const upstreamConnections = process.env.UPSTREAM_CONNECTIONS;

const { node, gateway } = await startFrontedGateway(workers, [
  '--response-cache',
  responseCache,
  ...(upstreamConnections === undefined ? [] : ['--upstream-connections', upstreamConnections]),
]);
/** User + system CPU milliseconds of a process so far, or NaN where /proc cannot be read. */
function cpuMs(pid: number | undefined): number {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 Hz on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const cpuNow = () => [cpuMs(gateway.process.pid), cpuMs(node.process.pid), ownCpuMs()];

const rows: string[] = [];
const perSecond = new Map<string, number>();
try {
  for (const mix of mixes) {
    await warmMix(gateway, mix, connections);
    const undecodedBefore = await undecodedAnswers(gateway);
    const before = cpuNow();
    const result = await driveMix(gateway, mix, connections, duration);
    const after = cpuNow();
    const undecoded = (await undecodedAnswers(gateway)) - undecodedBefore;
    perSecond.set(mix.name, result.requests.average);
    const answers = result.requests.total * (mix.name.startsWith('batch of 10') ? 10 : 1);
    const perAnswer = after.map((ms, i) => (Number.isNaN(ms) ? '' : ((1000 * (ms - before[i])) / answers).toFixed(0)));
    rows.push(
      `| ${mix.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} | ${undecoded} | ${perAnswer.join(' | ')} |`,
    );
  }
} finally {
  await Promise.all([gateway.stop(), node.stop()]);
}
console.log(
  `\nload: ${cpus().length} cores, Node ${process.version}, ${connections} connections, ${duration} s per mix, workers ${workers ?? 'default'}, response cache ${responseCache} MiB, upstream connections ${upstreamConnections ?? 'default'}; upstream = a ledger-mode gateway on the same machine\n`,
);
console.log('| request mix | req/s | p50 ms | p99 ms | errors + non-2xx | sent undecoded | CPU µs per answer: front | node | autocannon |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
// A batch of ten answers ten calls in one request: transactions per second both ways.
const batch = 10 * perSecond.get('batch of 10 getTransaction, explorerkit')!;
const single = perSecond.get('getTransaction explorerkit')!;
console.log(
  `\nexplorerkit getTransaction answers per second: ${Math.round(batch)} in batches of 10, ${Math.round(single)} one per request (batch / single ${(batch / single).toFixed(2)})`,
);
