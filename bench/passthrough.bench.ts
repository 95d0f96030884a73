/**
 * Pass-through cost against a cheap static upstream (bench/floor-server.ts: uWS answering every
 * POST with a fixed JSON-RPC answer), so what is measured is the client's or the gateway's own
 * overhead rather than the upstream's.
 *
 * 1. HTTP clients side by side in this process, CONCURRENCY requests in flight: undici
 *    Pool.request (bare, and as the gateway used it before: an AbortController and a timer per
 *    attempt), undici pool.dispatch with a minimal handler (bare, and with the deadline timer the
 *    gateway would need), one undici Client per connection, node:http with a keep-alive Agent, the
 *    project's Http1Client (raw keep-alive sockets), and the whole UpstreamPool.send path on top of
 *    it. Reported: req/s and this process's CPU time per request, as ratios to bare Pool.request.
 * 2. The gateway: load → upstream directly vs load → gateway → upstream (getSlot, a pass-through
 *    method), with bench/loadgen.ts (closed loop, microsecond latencies), for each upstream service
 *    time in UPSTREAM_DELAYS (ms; 0 is the static floor, 1 answers on a 1 ms timer like a nearby
 *    node without using CPU) and each client count in GATEWAY_CONNECTIONS. Reported: req/s ratio,
 *    added p99, the gateway process's CPU time per request (from /proc: the steadiest figure on a
 *    shared machine) and how busy that kept the gateway's core.
 *
 * On a machine with 2+ cores everything is pinned (PIN=0 turns it off): this process and the
 * upstream on core 0, the gateway on core 1 — the gateway gets a core of its own, as it would in
 * production, and the load generator plus upstream do the same work in both runs of part 2.
 * Knobs: DURATION (s per run, default 3), ROUNDS (interleaved, median reported; default 3),
 * CONCURRENCY (part 1, default 32), UPSTREAM_DELAYS (default "0,1"), GATEWAY_CONNECTIONS (default
 * "8,32"), PARTS ("clients,gateway"), BASELINE_ROOT (another built checkout whose gateway is
 * measured in the same rounds, e.g. `git worktree add ../base <commit> && make -C ../base build`).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, Pool } from 'undici';
import type { Dispatcher } from 'undici';
import { projectRoot } from '../src/paths.js';
import { Http1Client } from '../src/upstream/http1-client.js';
import { UpstreamPool } from '../src/upstream/upstream-pool.js';
import { startGateway, type RunningGateway } from '../test/support/gateway.js';
import { closedLoop, type LoadResult } from './loadgen.js';
import { cpuSeconds, pin, pinning } from './process-stats.js';

const duration = Number(process.env.DURATION ?? 3);
const rounds = Number(process.env.ROUNDS ?? 3);
const concurrency = Number(process.env.CONCURRENCY ?? 32);
const parts = (process.env.PARTS ?? 'clients,gateway').split(',');
/** Service times of the upstream for part 2 (0: answers at once; otherwise on a timer, like a node). */
const upstreamDelays = (process.env.UPSTREAM_DELAYS ?? '0,1').split(',').map(Number);
const gatewayConnections = (process.env.GATEWAY_CONNECTIONS ?? '8,32').split(',').map(Number);

async function startFloor(delayMs = 0): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(projectRoot, 'dist', 'bench', 'floor-server.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DELAY_MS: String(delayMs) },
  });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  const port = /:(\d+)/.exec(chunk.toString())![1];
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    stop: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summarize = (runs: LoadResult[]) => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  errors: runs.reduce((n, r) => n + r.errors, 0),
});
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: [] });
const headers = { 'content-type': 'application/json' };

pin(process.pid, 0);
const floor = await startFloor();
pin(floor.pid, 0);
const origin = new URL(floor.url).origin;
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;

type Send = () => Promise<Buffer>;
interface Variant {
  name: string;
  make: () => { send: Send; close: () => Promise<unknown> };
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const variants: Variant[] = [
  {
    name: 'undici Pool.request',
    make: () => {
      const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
      return {
        send: async () => collect((await pool.request({ method: 'POST', path: '/', headers, body })).body as AsyncIterable<Buffer>),
        close: () => pool.close(),
      };
    },
  },
  {
    name: 'undici Pool.request + AbortController and timer per attempt (the gateway before)',
    make: () => {
      const pool = new Pool(origin, { connections: concurrency, pipelining: 1, headersTimeout: 10_000, bodyTimeout: 10_000 });
      return {
        send: async () => {
          const controller = new AbortController();
          const timer = setTimeout(() => controller.abort(), 10_000);
          try {
            const res = await pool.request({ method: 'POST', path: '/', headers, body, signal: controller.signal });
            return await collect(res.body as AsyncIterable<Buffer>);
          } finally {
            clearTimeout(timer);
          }
        },
        close: () => pool.close(),
      };
    },
  },
  {
    name: 'undici Pool.dispatch, minimal handler',
    make: () => {
      const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
      return {
        send: () =>
          new Promise<Buffer>((resolve, reject) => {
            const chunks: Buffer[] = [];
            const handler: Dispatcher.DispatchHandler = {
              onConnect: () => {},
              onHeaders: () => true,
              onData: (chunk: Buffer) => (chunks.push(chunk), true),
              onComplete: () => resolve(Buffer.concat(chunks)),
              onError: reject,
            };
            pool.dispatch({ origin, method: 'POST', path: '/', headers, body }, handler);
          }),
        close: () => pool.close(),
      };
    },
  },
  {
    name: 'undici Pool.dispatch + deadline timer and abort (what the gateway would need)',
    make: () => {
      const pool = new Pool(origin, { connections: concurrency, pipelining: 1, headersTimeout: 10_000, bodyTimeout: 10_000 });
      return {
        send: () =>
          new Promise<Buffer>((resolve, reject) => {
            const chunks: Buffer[] = [];
            let abort: ((reason?: Error) => void) | undefined;
            const timer = setTimeout(() => abort?.(new Error('timeout')), 10_000);
            const handler: Dispatcher.DispatchHandler = {
              onConnect: (abortRequest) => (abort = abortRequest),
              onHeaders: () => true,
              onData: (chunk: Buffer) => (chunks.push(chunk), true),
              onComplete: () => {
                clearTimeout(timer);
                resolve(Buffer.concat(chunks));
              },
              onError: (error) => {
                clearTimeout(timer);
                reject(error);
              },
            };
            pool.dispatch({ origin, method: 'POST', path: '/', headers, body }, handler);
          }),
        close: () => pool.close(),
      };
    },
  },
  {
    name: 'undici Client per connection',
    make: () => {
      const clients = Array.from({ length: concurrency }, () => new Client(origin, { pipelining: 1 }));
      const free = [...clients];
      return {
        send: async () => {
          const client = free.pop()!;
          try {
            return await collect((await client.request({ method: 'POST', path: '/', headers, body })).body as AsyncIterable<Buffer>);
          } finally {
            free.push(client);
          }
        },
        close: () => Promise.all(clients.map((c) => c.close())),
      };
    },
  },
  {
    name: 'node:http, keep-alive Agent',
    make: () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
      const { hostname, port } = new URL(floor.url);
      return {
        send: () =>
          new Promise<Buffer>((resolve, reject) => {
            const req = http.request(
              {
                agent,
                host: hostname,
                port,
                method: 'POST',
                path: '/',
                headers: { ...headers, 'content-length': Buffer.byteLength(body) },
              },
              (res) => {
                collect(res).then(resolve, reject);
              },
            );
            req.on('error', reject);
            req.end(body);
          }),
        close: async () => agent.destroy(),
      };
    },
  },
  {
    name: 'Http1Client (raw keep-alive sockets)',
    make: () => {
      const client = new Http1Client({ url: new URL(floor.url), headers, connections: concurrency, connectTimeoutMs: 10_000 });
      return {
        send: async () => (await client.request(body, { timeoutMs: 10_000, maxBytes: 1 << 26, idempotent: true })).body,
        close: () => client.close(),
      };
    },
  },
  {
    name: 'UpstreamPool.send (the gateway now: retries, health)',
    make: () => {
      const pool = new UpstreamPool({ urls: [floor.url], connectionsPerUpstream: concurrency });
      return { send: async () => (await pool.send(body, { retryable: true })).body, close: () => pool.close() };
    },
  },
];

interface ClientRun {
  rps: number;
  cpuUs: number;
}

async function runClient(send: Send, seconds: number): Promise<ClientRun> {
  let running = true;
  let done = 0;
  const expected = (await send()).length;
  const loop = async () => {
    while (running) {
      const answer = await send();
      if (answer.length !== expected) throw new Error(`answer of ${answer.length} bytes, expected ${expected}`);
      done++;
    }
  };
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const timer = setTimeout(() => (running = false), seconds * 1000);
  await Promise.all(Array.from({ length: concurrency }, loop));
  clearTimeout(timer);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { rps: done / elapsed, cpuUs: (used.user + used.system) / done };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

try {
  if (parts.includes('clients')) {
    const samples: ClientRun[][] = variants.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [i, variant] of variants.entries()) {
        const { send, close } = variant.make();
        await runClient(send, 0.5);
        samples[i].push(await runClient(send, duration));
        await close();
      }
    }
    const rows = samples.map((runs) => ({ rps: median(runs.map((r) => r.rps)), cpuUs: median(runs.map((r) => r.cpuUs)) }));
    const base = rows[0];
    console.log(
      `\nHTTP clients against a static uWS upstream: ${machine}; ${concurrency} in flight, median of ${rounds} interleaved rounds of ${duration} s; ${pinning ? 'client on core 0 with the upstream' : 'unpinned'}\n`,
    );
    console.log('| client | req/s | CPU µs/request | req/s vs Pool.request | CPU vs Pool.request |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [i, row] of rows.entries()) {
      console.log(
        `| ${variants[i].name} | ${fmt(row.rps)} | ${fmt(row.cpuUs, 1)} | ${fmt(row.rps / base.rps, 2)} | ${fmt(row.cpuUs / base.cpuUs, 2)} |`,
      );
    }
  }

  if (parts.includes('gateway')) {
    const gatewayRows: string[] = [];
    // Another checkout, built, whose gateway is measured beside this one (e.g. before a change).
    const baselineRoot = process.env.BASELINE_ROOT;
    const startBaseline = baselineRoot
      ? (
          (await import(pathToFileURL(join(resolve(baselineRoot), 'dist', 'test', 'support', 'gateway.js')).href)) as {
            startGateway: typeof startGateway;
          }
        ).startGateway
      : undefined;
    for (const delayMs of upstreamDelays) {
      const upstream = delayMs === 0 ? floor : await startFloor(delayMs);
      pin(upstream.pid, 0);
      const targets: { name: string; gateway: RunningGateway }[] = [
        { name: 'gateway', gateway: await startGateway(['--upstream', upstream.url]) },
      ];
      if (startBaseline) targets.push({ name: 'baseline', gateway: await startBaseline(['--upstream', upstream.url]) });
      for (const { gateway } of targets) pin(gateway.process.pid!, 1);
      try {
        for (const { gateway } of targets) await closedLoop(`${gateway.url}/${gateway.key}`, body, 32, 1);
        for (const connections of gatewayConnections) {
          const direct: LoadResult[] = [];
          const proxied = targets.map(() => ({ runs: [] as LoadResult[], cpuUs: [] as number[], busy: [] as number[] }));
          for (let round = 0; round < rounds; round++) {
            direct.push(await closedLoop(upstream.url, body, connections, duration));
            for (const [i, { gateway }] of targets.entries()) {
              const before = cpuSeconds(gateway.process.pid!);
              const run = await closedLoop(`${gateway.url}/${gateway.key}`, body, connections, duration);
              const used = cpuSeconds(gateway.process.pid!) - before;
              proxied[i].runs.push(run);
              proxied[i].cpuUs.push((used * 1e6) / run.requests);
              proxied[i].busy.push(used / (run.requests / run.rps));
            }
          }
          const d = summarize(direct);
          gatewayRows.push(
            `| ${delayMs} ms | ${connections} | direct | ${fmt(d.rps)} | | ${fmt(d.p50)} | ${fmt(d.p99)} | | | | ${d.errors} |`,
          );
          for (const [i, { name }] of targets.entries()) {
            const p = summarize(proxied[i].runs);
            gatewayRows.push(
              `| ${delayMs} ms | ${connections} | through ${name} | ${fmt(p.rps)} | **${fmt(p.rps / d.rps, 2)}** | ${fmt(p.p50)} | ${fmt(p.p99)} | ${fmt((p.p99 - d.p99) / 1000, 2)} | ${fmt(median(proxied[i].cpuUs), 1)} | ${fmt(100 * median(proxied[i].busy))}% | ${p.errors} |`,
            );
          }
        }
      } finally {
        await Promise.all(targets.map(({ gateway }) => gateway.stop()));
        if (upstream !== floor) await upstream.stop();
      }
    }
    console.log(
      `\nPass-through getSlot, load → upstream vs load → gateway → upstream: ${machine}; closed loop (bench/loadgen.ts), median of ${rounds} interleaved rounds of ${duration} s; ` +
        `${pinning ? 'load generator + upstream on core 0, gateway on core 1' : 'unpinned'}${baselineRoot ? `; baseline = ${baselineRoot}` : ''}\n`,
    );
    console.log(
      '| upstream service time | connections | path | req/s | vs direct | p50 µs | p99 µs | added p99 ms | gateway CPU µs/request | gateway core busy | errors |',
    );
    console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of gatewayRows) console.log(row);
  }
} finally {
  await floor.stop();
}
