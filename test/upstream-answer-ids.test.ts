/**
 * An answer on a reused upstream connection must carry its own request's JSON-RPC id: bytes a
 * server sent after an earlier answer are otherwise read as the next request's answer.
 */
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Http1Client, Http1Failure } from '../src/upstream/http1-client.js';
import { UpstreamPool } from '../src/upstream/upstream-pool.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const frame = (body: string) => `HTTP/1.1 200 OK\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** A server that reads whole requests and lets `answer` write to the socket for each body. */
async function server(
  answer: (socket: net.Socket, body: string, connection: number) => void,
): Promise<{ url: string; accepted: () => number }> {
  let accepted = 0;
  const sockets = new Set<net.Socket>();
  const listener = net.createServer((socket) => {
    const connection = accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(buffer.toString('latin1', 0, end))?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        const body = buffer.toString('utf8', end + 4, end + 4 + length);
        buffer = buffer.subarray(end + 4 + length);
        answer(socket, body, connection);
      }
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}/`, accepted: () => accepted };
}

function client(url: string): Http1Client {
  const c = new Http1Client({ url: new URL(url), headers: {}, connections: 1, connectTimeoutMs: 2_000 });
  cleanups.push(() => c.close());
  return c;
}

const request = (id: string) => `{"jsonrpc":"2.0","id":${id},"method":"getSlot"}`;
const answer = (id: string, result = '7') => `{"jsonrpc":"2.0","result":${result},"id":${id}}`;
const idOf = (body: string) => /"id":([^,}]+)/.exec(body)![1];

test('a stray answer arriving after the one asked for is not taken as the next request’s answer', async () => {
  // The first connection repeats its first answer a little later, as a server confused about framing would.
  const s = await server((socket, body, connection) => {
    const reply = frame(answer(idOf(body)));
    if (connection > 0) return void socket.write(reply);
    if (idOf(body) !== '1') return;
    socket.write(reply);
    setTimeout(() => socket.write(reply), 50);
  });
  const c = client(s.url);
  const options = { timeoutMs: 2_000, maxBytes: 1 << 20, idempotent: true };
  const first = c.request(request('1'), options);
  const second = c.request(request('2'), options).then(
    (response) => response.body.toString(),
    (error: Http1Failure) => error.kind,
  );
  assert.equal((await first).body.toString(), answer('1'));
  assert.equal(await second, 'wrong-answer');

  // Through the pool it is a failed attempt, retried on a fresh connection like any broken answer.
  const pool = new UpstreamPool({ urls: [s.url], connectionsPerUpstream: 1 });
  cleanups.push(() => pool.close());
  const replies = await Promise.all([pool.send(request('1'), { retryable: true }), pool.send(request('2'), { retryable: true })]);
  assert.deepEqual(
    replies.map((reply) => reply.body.toString()),
    [answer('1'), answer('2')],
  );
});

test('ids are matched whatever their spelling or place, and only ids the request carried pass', async () => {
  const cases: [string, string, boolean][] = [
    [request('1'), answer('1'), true],
    [request('1'), `${answer('1')}\n`, true],
    [request('"a"'), `{"jsonrpc":"2.0","id":"a","result":{"id":2}}`, true],
    [request('"\\u0061"'), answer('"a"'), true],
    [request('"é"'), `{ "result": [], "id": "é" }`, true],
    [request('18446744073709551615'), answer('18446744073709551615'), true],
    // The server could not read the request: nobody else's answer.
    [request('1'), `{"jsonrpc":"2.0","error":{"code":-32600,"message":"x"},"id":null}`, true],
    [request('1'), '{"error":"rate limited"}', true],
    [`[${request('1')},${request('"b"')}]`, `[${answer('"b"')},${answer('1')}]`, true],
    [request('1'), answer('2'), false],
    [request('1'), answer('"1"'), false],
    [request('1'), `{"jsonrpc":"2.0","result":{"x":${answer('1')}},"id":2}`, false],
    [request('1'), `{"jsonrpc":"2.0","id":1,"id":2,"result":0}`, false],
    [request('1'), `[${answer('1')}]`, false],
    [`[${request('1')},${request('2')}]`, `[${answer('1')},${answer('3')}]`, false],
    [`[${request('1')}]`, answer('2'), false],
  ];
  for (const [body, reply, ok] of cases) {
    const s = await server((socket) => socket.write(frame(reply)));
    const outcome = await client(s.url)
      .request(body, { timeoutMs: 2_000, maxBytes: 1 << 20, idempotent: true })
      .then(
        (response) => response.body.toString(),
        (error: Http1Failure) => error.kind,
      );
    assert.equal(outcome, ok ? reply : 'wrong-answer', `${body} answered ${reply}`);
  }
});
