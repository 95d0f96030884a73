/**
 * `make load`: a ledger-mode gateway plays the standard node, a second gateway sits in front of it
 * (as in production), and autocannon drives the front one for a fixed time with a mix taken from
 * the corpus: pass-through calls, explorerkit and actionskit getTransaction, batches of ten
 * getTransaction, and getMultipleAccounts. Prints requests per second, p50/p99 latency and errors,
 * per kind of request. DURATION (seconds, default 10), CONNECTIONS (default 32) and WORKERS (the
 * front gateway's decoding threads; default: the gateway's own default) tune it.
 */
import autocannon from 'autocannon';
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';
import { startGateway } from '../test/support/gateway.js';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 32);
const workers = process.env.WORKERS;

const signatures = readdirSync(corpusTransactionsDir)
  .map((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null && m[2] !== 'jsonParsed')
  .map((m) => m[1]);
const addresses = readdirSync(corpusAccountsDir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const call = (method: string, params: unknown[], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });
const transaction = (signature: string, id: number | string = 1) => call('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }], id);

interface Mix {
  name: string;
  path: string;
  bodies: string[];
}

const mixes: Mix[] = [
  { name: 'pass-through getSlot', path: '', bodies: [JSON.stringify(call('getSlot', []))] },
  { name: 'getTransaction (standard)', path: '', bodies: signatures.map((s) => JSON.stringify(transaction(s))) },
  { name: 'getTransaction explorerkit', path: '?explorerkit=true', bodies: signatures.map((s) => JSON.stringify(transaction(s))) },
  { name: 'getTransaction actionskit', path: '?actionskit=true', bodies: signatures.map((s) => JSON.stringify(transaction(s))) },
  {
    name: 'batch of 10 getTransaction, explorerkit',
    path: '?explorerkit=true',
    bodies: Array.from({ length: Math.ceil(signatures.length / 10) }, (_, b) =>
      JSON.stringify(Array.from({ length: 10 }, (_, i) => transaction(signatures[(b * 10 + i) % signatures.length], i)))),
  },
  { name: 'getMultipleAccounts explorerkit', path: '?explorerkit=true', bodies: [JSON.stringify(call('getMultipleAccounts', [addresses, { encoding: 'jsonParsed' }]))] },
];

const node = await startGateway();
const gateway = await startGateway(['--upstream', `${node.url}/${node.key}`, ...(workers === undefined ? [] : ['--workers', workers])]);
const rows: string[] = [];
try {
  for (const mix of mixes) {
    let next = 0;
    const result = await autocannon({
      url: `${gateway.url}/${gateway.key}${mix.path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      connections,
      duration,
      requests: [{ setupRequest: (req) => ({ ...req, body: mix.bodies[next++ % mix.bodies.length] }) }],
    });
    rows.push(`| ${mix.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} |`);
  }
} finally {
  await Promise.all([gateway.stop(), node.stop()]);
}
console.log(`\nload: ${cpus().length} cores, Node ${process.version}, ${connections} connections, ${duration} s per mix, workers ${workers ?? 'default'}; upstream = a ledger-mode gateway on the same machine\n`);
console.log('| request mix | req/s | p50 ms | p99 ms | errors + non-2xx |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
