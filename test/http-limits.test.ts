/**
 * Requests in flight are capped per client address and per API key (a client cannot take every
 * upstream connection from the others), and large answers are written as the client reads them:
 * a client that reads slowly still gets every byte, while others are answered meanwhile.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { once } from 'node:events';
import { InFlight } from '../src/http/concurrency.js';
import { post, rpc } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';
import { startRpcNode, type RpcNode } from './support/rpc-node.js';

const MiB = 1024 * 1024;
/** While `holding`, getSlot answers wait here; getProgramAccounts answers at once with `params[0]` bytes. */
const held: { res: ServerResponse; id: unknown }[] = [];
let holding = true;
let node: RpcNode;
let gateway: InProcessGateway;

before(async () => {
  node = await startRpcNode((call, res) => {
    if (call.method === 'getSlot') {
      held.push({ res, id: call.id });
      if (!holding) releaseAll();
      return;
    }
    const filler = Array.from({ length: call.params[0] as number }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    res.end(`{"jsonrpc":"2.0","result":"${filler}","id":${JSON.stringify(call.id)}}`);
  });
  gateway = await startInProcess({ upstreams: [`${node.url}/`] });
});

after(async () => {
  holding = false;
  releaseAll();
  await gateway.stop();
  node.close();
});

/** Requests the gateway is working on, as /health/detail counts them. */
async function inFlight(): Promise<number> {
  return ((await (await fetch(`${gateway.url}/health/detail`)).json()) as { inFlight: number }).inFlight;
}

async function untilInFlight(n: number) {
  for (let i = 0; i < 500 && (await inFlight()) < n; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(await inFlight(), n);
}

/** Answers every held call, and while `open`, every later one at once. */
async function release<T>(open: Promise<T>): Promise<T> {
  holding = false;
  releaseAll();
  try {
    return await open;
  } finally {
    holding = true;
  }
}

function releaseAll() {
  for (const { res, id } of held.splice(0)) res.end(`{"jsonrpc":"2.0","result":1,"id":${JSON.stringify(id)}}`);
}

const from = (address: string, id: number) => post(`${gateway.url}/${gateway.key}`, rpc('getSlot', [], id), { 'x-real-ip': address });

test('in-flight counts: per address and per key, released when requests end', () => {
  const inFlight = new InFlight({ total: 3, perAddress: 2, perKey: 1 });
  assert.equal(inFlight.startRequest('a'), null);
  assert.equal(inFlight.startRequest('a'), null);
  assert.equal(inFlight.startRequest('a'), 'address');
  assert.equal(inFlight.startRequest('b'), null);
  assert.equal(inFlight.startRequest('c'), 'total');
  inFlight.endRequest('a');
  assert.equal(inFlight.startRequest('c'), null);
  assert.equal(inFlight.startKey(1), true);
  assert.equal(inFlight.startKey(1), false);
  inFlight.endKey(1);
  assert.equal(inFlight.startKey(1), true);
  for (const address of ['a', 'b', 'c']) inFlight.endRequest(address);
  assert.equal(inFlight.count, 0);
});

test('one address holding 256 requests gets 429 for more; another address is served', async () => {
  const busy = Array.from({ length: 256 }, (_, i) => from('203.0.113.1', i));
  await untilInFlight(256);
  const refused = await from('203.0.113.1', 999);
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get('retry-after'), '1');
  assert.match(JSON.parse(refused.text).error.message, /Too many requests in flight from this address \(256\)/);
  const answers = await release(Promise.all([from('203.0.113.2', 1000), ...busy]));
  for (const answer of answers) assert.equal(answer.status, 200);
});

test('one key holding 512 requests gets 429 for more, from any address', async () => {
  const busy = Array.from({ length: 512 }, (_, i) => from(`198.51.100.${i % 4}`, i));
  await untilInFlight(512);
  const refused = await from('198.51.100.200', 999);
  assert.equal(refused.status, 429);
  assert.match(JSON.parse(refused.text).error.message, /Too many requests in flight for this API key \(512\)/);
  const answers = await release(Promise.all([...busy, from('198.51.100.200', 1001)]));
  for (const answer of answers) assert.equal(answer.status, 200);
});

test('a large answer to a slow reader arrives whole while others are answered', async () => {
  const size = 12 * MiB;
  const body = JSON.stringify(rpc('getProgramAccounts', [size], 7));
  const socket = connect(gateway.port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(
    `POST /${gateway.key} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
  );
  const parts: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => parts.push(chunk));
  socket.pause();
  // The slow client has not read a byte; others are still answered.
  await new Promise((r) => setTimeout(r, 300));
  const meanwhile = await post(`${gateway.url}/${gateway.key}`, rpc('getProgramAccounts', [10], 8));
  assert.equal(JSON.parse(meanwhile.text).result, 'abcdefghij');
  // Now it reads, in small sips.
  let total = 0;
  while (total < size) {
    socket.resume();
    await new Promise((r) => setTimeout(r, 5));
    socket.pause();
    total = parts.reduce((n, p) => n + p.length, 0);
    if (parts.length > 0 && Buffer.concat(parts).includes('"id":7}')) break;
  }
  socket.destroy();
  const text = Buffer.concat(parts).toString('latin1');
  const payload = text.slice(text.indexOf('\r\n\r\n') + 4);
  const answer = JSON.parse(payload) as { result: string; id: number };
  assert.equal(answer.id, 7);
  assert.equal(answer.result.length, size);
  assert.equal(answer.result.slice(0, 30), 'abcdefghijklmnopqrstuvwxyzabcd');
  assert.equal(answer.result.slice(-4), 'abcdefghijklmnopqrstuvwxyz'.slice((size - 4) % 26, ((size - 4) % 26) + 4));
});
