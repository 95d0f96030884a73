/**
 * HTTP layer throughput, as ratios against floors measured in the same run on the same machine:
 * - the gateway answering getHealth from the ledger vs a bare uWS server answering a fixed body
 *   (cost of envelope parsing, auth, rate limiting and dispatch);
 * - getTransaction and getMultipleAccounts from the embedded ledger;
 * - pass-through: client → gateway → node vs client → node directly (the node is a ledger-mode gateway).
 * Run with `make bench`. Each measurement: autocannon, CONNECTIONS connections, DURATION seconds, ROUNDS rounds.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { startGateway, type RunningGateway } from '../test/support/gateway.js';

const duration = Number(process.env.DURATION ?? 4);
const connections = Number(process.env.CONNECTIONS ?? 32);

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(name: string, url: string, body: string): Promise<Measured> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration,
  });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function startFloor(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(projectRoot, 'dist', 'bench', 'floor-server.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  const port = /:(\d+)/.exec(chunk.toString())![1];
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

const signature = '33LHUzKfhBvU68kYib22oFx2XdQKQZ2sfvTmmdCFEr6YidyP8S3WwAurjz6Suewvr2WUByV79K3stNCZDe7wq3De';
const body = (method: string, params: unknown[] = []) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

const floor = await startFloor();
const node: RunningGateway = await startGateway();
const gateway: RunningGateway = await startGateway(['--upstream', `${node.url}/${node.key}`]);
const rounds = Number(process.env.ROUNDS ?? 3);
const cases: [string, string, string][] = [
  ['floor: bare uWS, fixed answer', floor.url, body('getHealth')],
  ['gateway (ledger): getHealth', `${node.url}/${node.key}`, body('getHealth')],
  [
    'gateway (ledger): getTransaction jsonParsed',
    `${node.url}/${node.key}`,
    body('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]),
  ],
  ['direct to node: getSlot', `${node.url}/${node.key}`, body('getSlot')],
  ['through gateway to node: getSlot', `${gateway.url}/${gateway.key}`, body('getSlot')],
];
// Rounds interleave the cases so that drift in the machine's load hits all of them alike; each
// case reports its median round.
const samples: Measured[][] = cases.map(() => []);
try {
  for (let round = 0; round < rounds; round++) {
    for (const [i, [name, url, text]] of cases.entries()) samples[i].push(await load(name, url, text));
  }
} finally {
  await Promise.all([floor.stop(), node.stop(), gateway.stop()]);
}
const results = samples.map((runs) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]);

const ratio = (a: Measured, b: Measured) => (a.rps / b.rps).toFixed(2);
console.log(
  `\nHTTP benchmark: ${cpus().length} cores, Node ${process.version}, ${connections} connections, median of ${rounds} rounds of ${duration} s\n`,
);
console.log('| measurement | req/s | p50 ms | p99 ms | errors |');
console.log('|---|---:|---:|---:|---:|');
for (const r of results) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
console.log(`\ngetHealth through the gateway / bare uWS floor: ${ratio(results[1], results[0])}`);
console.log(`pass-through getSlot / direct to node: ${ratio(results[4], results[3])}`);
