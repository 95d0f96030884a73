/**
 * What counting rate limits once for several acceptors costs the supervising process without
 * Redis (src/auth/supervised-rate-limiter.ts), two ways:
 *
 * - a real gateway with `--acceptors 2`, driven with pass-through getSlot (so that the decision is
 *   a large part of each request): its req/s, p99 and the supervisor's CPU per request from /proc;
 *   with REDIS_URL the same run with the limits in Redis beside it;
 * - the channel alone: this process as a supervisor answering, with the real limiter, messages of
 *   1, 8 and 32 decisions from a forked acceptor that keeps 4 in flight, and messages of 8 sent
 *   once a millisecond: CPU per decision and per message, busy and waking for each message.
 *
 * Run: node dist/bench/acceptor-limits.js (DURATION seconds per run, default 4; ROUNDS of the
 * gateway runs, default 2; REDIS_URL to compare). Linux only (/proc).
 */
import cluster from 'node:cluster';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { InProcessRateLimiter } from '../src/auth/rate-limiter.js';
import { decide, type LimitReply, type LimitRequest } from '../src/auth/supervised-rate-limiter.js';
import { unlimited } from '../test/support/gateway.js';
import { cpuSeconds } from './process-stats.js';

const duration = Number(process.env.DURATION ?? 4);
const rounds = Number(process.env.ROUNDS ?? 2);

if (cluster.isWorker) {
  // The acceptor's side of the channel: batches of BATCH decisions, 4 in flight or one per EVERY ms.
  const batch = Number(process.env.BATCH);
  const every = Number(process.env.EVERY);
  let id = 0;
  const send = () =>
    process.send!({
      type: 'take',
      takes: Array.from({ length: batch }, () => ({ id: id++, keyId: 1, plan: unlimited, cost: 1 })),
    } satisfies LimitRequest);
  if (every > 0) setInterval(send, every);
  else {
    process.on('message', send);
    for (let i = 0; i < 4; i++) send();
  }
} else {
  const { startGateway } = await import('../test/support/gateway.js');
  const { driveMix, mixes, warmMix } = await import('./mix.js');
  const mix = mixes.find((m) => m.name === 'pass-through getSlot')!;
  const node = await startGateway();
  const variants: [string, string[]][] = [['supervisor', []]];
  if (process.env.REDIS_URL) variants.push(['redis', ['--redis', process.env.REDIS_URL]]);
  const gatewayRows: string[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [name, args] of variants) {
        const gateway = await startGateway(['--upstream', `${node.url}/${node.key}`, '--acceptors', '2', '--workers', '0', ...args]);
        try {
          await warmMix(gateway, mix, 32);
          const before = cpuSeconds(gateway.process.pid!);
          const result = await driveMix(gateway, mix, 32, duration);
          const perRequest = ((cpuSeconds(gateway.process.pid!) - before) * 1e6) / result.requests.total;
          gatewayRows.push(
            `| ${round + 1} | ${name} | ${Math.round(result.requests.average)} | ${result.latency.p99} | ${perRequest.toFixed(1)} |`,
          );
        } finally {
          await gateway.stop();
        }
      }
    }
  } finally {
    await node.stop();
  }

  const channelRows: string[] = [];
  for (const [batch, every] of [
    [1, 0],
    [8, 0],
    [32, 0],
    [8, 1],
  ]) {
    const limiter = new InProcessRateLimiter();
    const acceptor = cluster.fork({ BATCH: String(batch), EVERY: String(every) });
    let messages = 0;
    let decisions = 0;
    let stopped = false;
    acceptor.on('message', (request: LimitRequest) => {
      if (stopped) return;
      messages++;
      decisions += request.takes.length;
      acceptor.send(decide(limiter, request) satisfies LimitReply);
    });
    await sleep(500);
    const [m0, d0, c0] = [messages, decisions, cpuSeconds(process.pid)];
    await sleep(duration * 1000);
    const cpu = cpuSeconds(process.pid) - c0;
    const [m, d] = [messages - m0, decisions - d0];
    stopped = true;
    acceptor.kill();
    await once(acceptor, 'exit');
    channelRows.push(
      `| ${batch} | ${every > 0 ? `one per ${every} ms` : '4 in flight'} | ${Math.round(d / duration)} | ${((cpu * 1e6) / d).toFixed(1)} | ${((cpu * 1e6) / m).toFixed(1)} |`,
    );
  }

  console.log(`\nrate limits for 2 acceptors (${cpus().length} cores, Node ${process.version}, 32 connections, ${duration} s per run)\n`);
  console.log('| round | limits counted by | getSlot req/s | p99 ms | supervisor CPU µs per request |');
  console.log('|---:|---|---:|---:|---:|');
  for (const row of gatewayRows) console.log(row);
  console.log('\nthe channel alone: a supervisor answering one forked acceptor\n');
  console.log('| decisions per message | pace | decisions/s | supervisor CPU µs per decision | per message |');
  console.log('|---:|---|---:|---:|---:|');
  for (const row of channelRows) console.log(row);
}
