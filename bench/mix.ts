/**
 * What `make load` and `make soak` send: request bodies taken from the corpus, grouped by kind, and
 * the two gateways they are sent through (a ledger-mode gateway playing the standard node, a second
 * gateway in front of it, as in production).
 */
import autocannon from 'autocannon';
import { readdirSync } from 'node:fs';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';
import { startGateway, type RunningGateway } from '../test/support/gateway.js';

const signatures = readdirSync(corpusTransactionsDir)
  .map((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null && m[2] !== 'jsonParsed')
  .map((m) => m[1]);
const addresses = readdirSync(corpusAccountsDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));
const call = (method: string, params: unknown[], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });
const transaction = (signature: string, id: number | string = 1) =>
  call('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }], id);

export interface Mix {
  name: string;
  /** The query string after the key. */
  path: string;
  bodies: string[];
}

export const mixes: Mix[] = [
  { name: 'pass-through getSlot', path: '', bodies: [JSON.stringify(call('getSlot', []))] },
  { name: 'getTransaction (standard)', path: '', bodies: signatures.map((s) => JSON.stringify(transaction(s))) },
  { name: 'getTransaction explorerkit', path: '?explorerkit=true', bodies: signatures.map((s) => JSON.stringify(transaction(s))) },
  { name: 'getTransaction actionskit', path: '?actionskit=true', bodies: signatures.map((s) => JSON.stringify(transaction(s))) },
  {
    name: 'batch of 10 getTransaction, explorerkit',
    path: '?explorerkit=true',
    bodies: Array.from({ length: Math.ceil(signatures.length / 10) }, (_, b) =>
      JSON.stringify(Array.from({ length: 10 }, (_, i) => transaction(signatures[(b * 10 + i) % signatures.length], i))),
    ),
  },
  {
    name: 'getMultipleAccounts (standard)',
    path: '',
    bodies: [JSON.stringify(call('getMultipleAccounts', [addresses, { encoding: 'jsonParsed' }]))],
  },
  {
    name: 'getMultipleAccounts explorerkit',
    path: '?explorerkit=true',
    bodies: [JSON.stringify(call('getMultipleAccounts', [addresses, { encoding: 'jsonParsed' }]))],
  },
];

/**
 * One second of the mix, not measured: the first answers that meet a program read and compile its
 * description (a few ms each, once per process and per worker), which in a five-second run would
 * count against whichever mix came first.
 */
export async function warmMix(gateway: RunningGateway, mix: Mix, connections: number): Promise<void> {
  await driveMix(gateway, mix, connections, 1);
}

/** Drives `gateway` with `mix` for `duration` seconds over `connections` connections, each request the mix's next body. */
export function driveMix(gateway: RunningGateway, mix: Mix, connections: number, duration: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: `${gateway.url}/${gateway.key}${mix.path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections,
    duration,
    requests: [{ setupRequest: (req) => ({ ...req, body: mix.bodies[next++ % mix.bodies.length] }) }],
  });
}

/**
 * The gateway's count of answers sent as the node gave them although enhancement was asked for (a
 * full pool queue or a deadline sheds work that way): they cost it almost nothing and would flatter
 * a rate.
 */
export async function undecodedAnswers(gateway: RunningGateway): Promise<number> {
  const text = await (await fetch(`${gateway.url}/metrics`)).text();
  let total = 0;
  for (const m of text.matchAll(/^enhanced_rpc_enhance_failures_total\{[^}]*\} (\d+)/gm)) total += Number(m[1]);
  return total;
}

/** `workers`: the front gateway's decoding threads; its own default when undefined. `args`: more of its flags. */
export async function startFrontedGateway(
  workers?: string,
  args: string[] = [],
): Promise<{ node: RunningGateway; gateway: RunningGateway }> {
  const node = await startGateway();
  const gateway = await startGateway([
    '--upstream',
    `${node.url}/${node.key}`,
    ...(workers === undefined ? [] : ['--workers', workers]),
    ...args,
  ]);
  return { node, gateway };
}
