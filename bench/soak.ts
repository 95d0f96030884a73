/**
 * `make soak`: the `make load` pair of gateways driven at saturation for SOAK_SECONDS (default 600)
 * with every kind of request of the load mix interleaved, watching the front gateway's resident
 * memory (VmRSS, so worker threads and native allocations count, not only the V8 heap) once a
 * second after a warm-up of SOAK_WARMUP_SECONDS (default 30, while caches fill and the heap reaches
 * its working size). RSS swings by a fifth with garbage collection, so a single reading at each end
 * proves little; growth compares the lowest reading of the first window of the run with the lowest
 * of the last (each a tenth of the run, at least 10 s): what survives collection is what leaks.
 * Fails (exit 1) when that grew by 10% or more, or on any connection error, non-2xx answer or
 * JSON-RPC error answer. CONNECTIONS (default 32), WORKERS and RESPONSE_CACHE tune it as for
 * `make load`: without a response cache every getTransaction is decoded, so a leak on that path shows.
 * Linux only (reads /proc).
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { cpus, hostname } from 'node:os';
import { mixes, startFrontedGateway } from './mix.js';

const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const warmupSeconds = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const connections = Number(process.env.CONNECTIONS ?? 32);
const workers = process.env.WORKERS;
const maxGrowth = 0.1;
const windowSeconds = Math.max(10, soakSeconds / 10);

function rssBytes(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(m[1]) * 1024;
}
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Counts of one autocannon run beyond what autocannon itself counts. */
interface Tally {
  answers: number;
  rpcErrors: number;
  firstRpcError?: string;
}

/**
 * Kinds take turns request by request, so every stretch of the run carries the whole mix rather
 * than one kind at a time; within a kind the bodies take turns too.
 */
function drive(url: string, key: string, seconds: number, tally: Tally) {
  let sent = 0;
  return autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const n = sent++;
          const mix = mixes[n % mixes.length];
          return { ...req, path: `/${key}${mix.path}`, body: mix.bodies[Math.floor(n / mixes.length) % mix.bodies.length] };
        },
        onResponse: (_status, body) => {
          tally.answers++;
          // Answers are written by the gateway, so an error entry always starts exactly like this.
          if (body.includes('{"jsonrpc":"2.0","error":')) {
            tally.rpcErrors++;
            tally.firstRpcError ??= body.slice(0, 300);
          }
        },
      },
    ],
  });
}

const responseCache = process.env.RESPONSE_CACHE ?? '0';
const { node, gateway } = await startFrontedGateway(workers, ['--response-cache', responseCache]);
const pid = gateway.process.pid!;
const failures: string[] = [];
let summary: string;
try {
  const warmup: Tally = { answers: 0, rpcErrors: 0 };
  const warm = await drive(gateway.url, gateway.key, warmupSeconds, warmup);
  const began = Date.now();
  const samples = [{ at: 0, rss: rssBytes(pid) }];
  console.log(`warm-up: ${warmupSeconds} s, ${warm.requests.total} answers; RSS ${mib(samples[0].rss)}`);
  const tally: Tally = { answers: 0, rpcErrors: 0 };
  const sampler = setInterval(() => {
    const sample = { at: (Date.now() - began) / 1000, rss: rssBytes(pid) };
    samples.push(sample);
    if (samples.length % 10 === 1)
      console.log(`${String(Math.round(sample.at)).padStart(5)} s  RSS ${mib(sample.rss)}  answers ${tally.answers}`);
  }, 1000);
  let result: autocannon.Result;
  try {
    result = await drive(gateway.url, gateway.key, soakSeconds, tally);
  } finally {
    clearInterval(sampler);
  }
  const last = { at: (Date.now() - began) / 1000, rss: rssBytes(pid) };
  samples.push(last);
  const floor = (from: number, to: number) => Math.min(...samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.rss));
  const startRss = floor(0, windowSeconds);
  const endRss = floor(last.at - windowSeconds, last.at);
  const growth = (endRss - startRss) / startRss;
  const problems = result.errors + result.non2xx + tally.rpcErrors + warm.errors + warm.non2xx + warmup.rpcErrors;
  summary = [
    `soak: ${soakSeconds} s after a ${warmupSeconds} s warm-up, ${connections} connections, workers ${workers ?? 'default'}, response cache ${responseCache} MiB, ` +
      `${cpus().length} cores (${hostname()}), Node ${process.version}, ${new Date().toISOString()}`,
    `requests: ${result.requests.total} answered (${Math.round(result.requests.average)} req/s), mix of ${mixes.length} kinds in turn`,
    `RSS of the front gateway, lowest of the first and of the last ${windowSeconds} s: start ${mib(startRss)}, end ${mib(endRss)}, ` +
      `growth ${(growth * 100).toFixed(1)}% (first reading ${mib(samples[0].rss)}, last ${mib(last.rss)}, ` +
      `highest ${mib(Math.max(...samples.map((s) => s.rss)))}, ${samples.length} readings)`,
    `problems: ${result['5xx']} 5xx, ${result.non2xx - result['5xx']} other non-2xx, ${result.errors} connection errors ` +
      `(${result.timeouts} timeouts), ${tally.rpcErrors} JSON-RPC error answers; warm-up: ${warm.errors + warm.non2xx + warmup.rpcErrors}`,
  ].join('\n');
  if (growth >= maxGrowth) failures.push(`RSS grew ${(growth * 100).toFixed(1)}%, at or over the ${maxGrowth * 100}% allowed`);
  if (problems > 0)
    failures.push(
      `${problems} failed answers${(tally.firstRpcError ?? warmup.firstRpcError) ? `; first JSON-RPC error: ${tally.firstRpcError ?? warmup.firstRpcError}` : ''}`,
    );
} finally {
  await Promise.all([gateway.stop(), node.stop()]);
}
console.log(`\n${summary}`);
if (failures.length > 0) {
  console.error(`soak FAILED: ${failures.join('; ')}`);
  process.exitCode = 1;
} else {
  console.log('soak passed');
}
