import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { UpstreamPool } from '../src/upstream/upstream-pool.js';
import { ErrorCode, RpcError } from '../src/rpc/errors.js';

const REQUEST = '{"jsonrpc":"2.0","id":1,"method":"getBalance","params":["11111111111111111111111111111111"]}';
const OK_BODY = '{"jsonrpc":"2.0","result":{"context":{"slot":18446744073709551615},"value":18446744073709551615},"id":1}';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

interface TestServer {
  url: string;
  server: http.Server | net.Server;
  /** Requests (HTTP) or connections (raw TCP) seen so far. */
  hits: () => number;
  connectionsOpened: () => number;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, hit: number) => void;

async function httpServer(handler: Handler, path = '/'): Promise<TestServer> {
  let hits = 0;
  let opened = 0;
  const server = http.createServer((req, res) => {
    hits += 1;
    handler(req, res, hits);
  });
  server.on('connection', () => {
    opened += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${path}`, server, hits: () => hits, connectionsOpened: () => opened };
}

/** Raw TCP server for misbehaviour node:http would refuse to produce. */
async function tcpServer(onSocket: (socket: net.Socket) => void): Promise<TestServer> {
  let hits = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    hits += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server, hits: () => hits, connectionsOpened: () => hits };
}

/** A loopback port with nothing listening on it. */
async function refusedUrl(suffix = '/'): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${suffix}`;
}

function pool(options: ConstructorParameters<typeof UpstreamPool>[0]): UpstreamPool {
  const p = new UpstreamPool(options);
  // Registered after the servers, so it runs first: clients close before servers.
  cleanups.push(() => p.close());
  return p;
}

function okJson(res: http.ServerResponse, body = OK_BODY): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
}

function fail(res: http.ServerResponse, status: number): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(`status ${status}`);
}

async function rejectsWithRpc(promise: Promise<unknown>, code: number, message?: RegExp): Promise<RpcError> {
  let caught: unknown;
  await assert.rejects(promise, (err: unknown) => {
    caught = err;
    return true;
  });
  assert.ok(caught instanceof RpcError, `expected RpcError, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  if (message) assert.match(caught.message, message);
  return caught;
}

async function within<T>(ms: number, work: () => Promise<T>): Promise<{ value: T; elapsed: number }> {
  const started = Date.now();
  const value = await work();
  const elapsed = Date.now() - started;
  assert.ok(elapsed < ms, `took ${elapsed} ms, expected under ${ms} ms`);
  return { value, elapsed };
}

test('returns the upstream body bytes untouched and sends JSON with the url path and query', async () => {
  let seen: { url?: string; type?: string; body?: string } = {};
  const s = await httpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen = { url: req.url, type: req.headers['content-type'], body: Buffer.concat(chunks).toString() };
      okJson(res);
    });
  }, '/rpc/v1?api-key=SECRET123');
  const p = pool({ urls: [s.url] });

  const reply = await p.send(REQUEST, { retryable: true });
  assert.equal(reply.status, 200);
  assert.ok(Buffer.isBuffer(reply.body));
  assert.deepEqual(reply.body, Buffer.from(OK_BODY));
  assert.ok(reply.body.includes('18446744073709551615'));
  assert.deepEqual(seen, { url: '/rpc/v1?api-key=SECRET123', type: 'application/json', body: REQUEST });
  assert.ok(!reply.endpoint.includes('SECRET123'));

  const binary = await p.send(new TextEncoder().encode(REQUEST), { retryable: false });
  assert.deepEqual(binary.body, Buffer.from(OK_BODY));
  assert.equal(seen.body, REQUEST);
  assert.ok(Object.keys(p.health()).every((k) => !k.includes('SECRET123') && !k.includes('/rpc')));
});

test('retryable call moves past a 500 to the next endpoint', async () => {
  const bad = await httpServer((_req, res) => fail(res, 500));
  const good = await httpServer((_req, res) => okJson(res));
  const p = pool({ urls: [bad.url, good.url] });

  const reply = await p.send(REQUEST, { retryable: true });
  assert.deepEqual(reply.body, Buffer.from(OK_BODY));
  assert.equal(bad.hits(), 1);
  assert.equal(good.hits(), 1);
  assert.equal(reply.endpoint, new URL(good.url).origin);
  assert.equal(p.health()[new URL(bad.url).origin].consecutiveFailures, 1);
});

test('retryable call retries a single endpoint after a 500', async () => {
  const s = await httpServer((_req, res, hit) => (hit === 1 ? fail(res, 500) : okJson(res)));
  const p = pool({ urls: [s.url] });
  const reply = await p.send(REQUEST, { retryable: true });
  assert.equal(reply.status, 200);
  assert.equal(s.hits(), 2);
  assert.equal(p.health()[new URL(s.url).origin].consecutiveFailures, 0);
});

test('retries are bounded and the last 5xx is reported', async () => {
  const s = await httpServer((_req, res) => fail(res, 503));
  const p = pool({ urls: [s.url], retries: 2, failuresBeforeDown: 10 });
  await rejectsWithRpc(p.send(REQUEST, { retryable: true }), ErrorCode.upstreamFailed, /^Upstream RPC node failed: HTTP 503; retry later$/);
  assert.equal(s.hits(), 3);
});

test('non-retryable call is not retried after a 5xx', async () => {
  const bad = await httpServer((_req, res) => fail(res, 500));
  const good = await httpServer((_req, res) => okJson(res));
  const p = pool({ urls: [bad.url, good.url] });
  await rejectsWithRpc(p.send(REQUEST, { retryable: false }), ErrorCode.upstreamFailed, /HTTP 500/);
  assert.equal(bad.hits(), 1);
  assert.equal(good.hits(), 0);
});

test('connection refused on the first url fails over to the second, even for non-retryable calls', async () => {
  const refused = await refusedUrl('/?api-key=SECRET123');
  const good = await httpServer((_req, res) => okJson(res));
  for (const retryable of [true, false]) {
    const p = pool({ urls: [refused, good.url] });
    const reply = await p.send(REQUEST, { retryable });
    assert.deepEqual(reply.body, Buffer.from(OK_BODY));
    const h = p.health()[new URL(refused).origin];
    assert.equal(h.lastError, 'connection refused');
  }
  assert.equal(good.hits(), 2);
});

test('all endpoints refusing rejects quickly with upstreamFailed and no secrets', async () => {
  const urls = [await refusedUrl('/a?api-key=SECRET123'), await refusedUrl('/b?token=SECRET456')];
  const p = pool({ urls, retries: 4 });
  const { value: err } = await within(5_000, () =>
    rejectsWithRpc(p.send(REQUEST, { retryable: true }), ErrorCode.upstreamFailed, /connection refused; retry later$/),
  );
  assert.ok(!/SECRET|api-key|token/.test(err.message));
  await rejectsWithRpc(p.send(REQUEST, { retryable: false }), ErrorCode.upstreamFailed, /connection refused/);
});

test('slow headers time out with upstreamTimeout', async () => {
  const slow = await httpServer(() => {});
  const p = pool({ urls: [slow.url], timeoutMs: 300, retries: 0 });
  const { elapsed } = await within(2_500, () =>
    rejectsWithRpc(
      p.send(REQUEST, { retryable: true }),
      ErrorCode.upstreamTimeout,
      /^Upstream RPC node did not answer within 300 ms; retry later$/,
    ),
  );
  assert.ok(elapsed >= 250, `timed out too early: ${elapsed} ms`);
});

test('non-retryable timeout does not move on to another endpoint', async () => {
  const slow = await httpServer(() => {});
  const good = await httpServer((_req, res) => okJson(res));
  const p = pool({ urls: [slow.url, good.url], timeoutMs: 200 });
  await within(2_500, () => rejectsWithRpc(p.send(REQUEST, { retryable: false }), ErrorCode.upstreamTimeout));
  assert.equal(good.hits(), 0);
});

test('a slowly trickling body still times out at timeoutMs', async () => {
  const trickle = await httpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => res.write(' '), 30);
    res.on('close', () => clearInterval(timer));
  });
  const p = pool({ urls: [trickle.url], timeoutMs: 400, retries: 1 });
  await within(4_000, () => rejectsWithRpc(p.send(REQUEST, { retryable: true }), ErrorCode.upstreamTimeout));
  assert.equal(trickle.hits(), 2);
});

test('a socket destroyed mid-response fails with upstreamFailed', async () => {
  const s = await httpServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
    res.write('{"jsonrpc":"2.0","result":');
    setTimeout(() => req.socket.destroy(), 20);
  });
  const p = pool({ urls: [s.url], retries: 1 });
  await rejectsWithRpc(p.send(REQUEST, { retryable: true }), ErrorCode.upstreamFailed, /^Upstream RPC node failed: [a-z ]+; retry later$/);
  assert.equal(s.hits(), 2);
});

test('a malformed HTTP response fails with upstreamFailed', async () => {
  const s = await tcpServer((socket) => {
    socket.once('data', () => socket.end('this is not http\r\n\r\n'));
  });
  const p = pool({ urls: [s.url], retries: 0 });
  await rejectsWithRpc(p.send(REQUEST, { retryable: true }), ErrorCode.upstreamFailed, /malformed HTTP response/);
});

test('a 429 moves a read on to another node; relayed with its Retry-After when there is none', async () => {
  const limited = await httpServer((_req, res) => {
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
    res.end('{"error":"slow down"}');
  });
  const good = await httpServer((_req, res) => okJson(res));
  const both = pool({ urls: [limited.url, good.url] });
  const moved = await both.send(REQUEST, { retryable: true });
  assert.deepEqual([moved.status, moved.endpoint], [200, new URL(good.url).origin]);
  // Rate limiting is not a fault: the node stays in rotation.
  assert.equal(both.health()[new URL(limited.url).origin].consecutiveFailures, 0);
  // A call that must not be repeated is not sent twice: of two calls, the one that starts at the
  // limited node gets its 429.
  const statuses: number[] = [];
  for (let i = 0; i < 2; i++) statuses.push((await both.send(REQUEST, { retryable: false })).status);
  assert.deepEqual(statuses.sort(), [200, 429]);
  assert.equal(limited.hits(), 2);

  const alone = pool({ urls: [limited.url] });
  const relayed = await alone.send(REQUEST, { retryable: true });
  assert.equal(relayed.status, 429);
  assert.equal(relayed.body.toString(), '{"error":"slow down"}');
  assert.deepEqual(relayed.headers, { 'retry-after': '7' });
});

test("an answer other than 200 that echoes the url's path or query (where providers put keys) has it replaced", async () => {
  const echoing = await httpServer((req, res) => {
    res.writeHead(req.url!.includes('api-key') ? 429 : 401, { 'content-type': 'application/json' });
    res.end(`{"jsonrpc":"2.0","error":{"code":-32429,"message":"limit reached for ${req.url}"},"id":1}`);
  });
  for (const path of ['/?api-key=s3cr3t-key', '/s3cr3t-key/rpc']) {
    const reply = await pool({ urls: [`${echoing.url.replace(/\/$/, '')}${path}`] }).send(REQUEST, { retryable: true });
    const text = reply.body.toString();
    assert.doesNotMatch(text, /s3cr3t/, path);
    assert.equal(JSON.parse(text).error.message, 'limit reached for …');
  }
  const plain = await httpServer((_req, res) => {
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end('{"jsonrpc":"2.0","error":{"code":-32403,"message":"forbidden"},"id":1}');
  });
  const untouched = await pool({ urls: [`${plain.url.replace(/\/$/, '')}/?api-key=k`] }).send(REQUEST, { retryable: true });
  assert.equal(untouched.body.toString(), '{"jsonrpc":"2.0","error":{"code":-32403,"message":"forbidden"},"id":1}');
});

test('other 4xx JSON answers are returned without retry', async () => {
  const refusing = await httpServer((_req, res) => {
    res.writeHead(413, { 'content-type': 'application/json' });
    res.end('{"jsonrpc":"2.0","error":{"code":-32600,"message":"too large"},"id":1}');
  });
  const good = await httpServer((_req, res) => okJson(res));
  const p = pool({ urls: [refusing.url, good.url] });
  const reply = await p.send(REQUEST, { retryable: true });
  assert.equal(reply.status, 413);
  assert.equal(reply.headers, undefined);
  assert.equal(refusing.hits(), 1);
  assert.equal(good.hits(), 0);
});

test('an answer that is not JSON counts as a failure: retried elsewhere, the snippet shown without the url path', async () => {
  const broken = await httpServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<html><body>Cannot POST ${req.url}</body></html>`);
  }, '/v2/SECRET123?api-key=SECRET456');
  const good = await httpServer((_req, res) => okJson(res));
  const p = pool({ urls: [broken.url, good.url] });
  const reply = await p.send(REQUEST, { retryable: true });
  assert.equal(reply.endpoint, new URL(good.url).origin);
  const alone = pool({ urls: [broken.url], retries: 1 });
  const err = await rejectsWithRpc(
    alone.send(REQUEST, { retryable: true }),
    ErrorCode.upstreamFailed,
    /^Upstream RPC node failed: answer is not JSON \(HTTP 200: <html><body>Cannot POST …<\/body><\/html>\); retry later$/,
  );
  assert.ok(!/SECRET/.test(err.message));
  assert.equal(broken.hits(), 3);

  // A rate-limit page keeps its status; what the client will see quoted of it is redacted too.
  const limitedPage = await httpServer((req, res) => {
    res.writeHead(429, { 'content-type': 'text/html' });
    res.end(`<html><body>\u0007Slow down, ${req.url}</body></html>`);
  }, '/v2/SECRET123?api-key=SECRET456');
  const page = await pool({ urls: [limitedPage.url] }).send(REQUEST, { retryable: true });
  assert.equal(page.status, 429);
  assert.equal(page.body.toString(), '<html><body> Slow down, …</body></html>');
  // A path with a stray % has no decoded form, which must not stop the pool from starting.
  assert.doesNotThrow(() => pool({ urls: ['http://127.0.0.1:9/key%zz'] }));
});

test('bodies over maxResponseBytes fail, with or without content-length', async () => {
  const declared = await httpServer((_req, res) => okJson(res, `[${'1,'.repeat(2_500)}1]`));
  const chunked = await httpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('[');
    for (let i = 0; i < 10; i++) res.write('0,'.repeat(250));
    res.end('0]');
  });
  const exact = await httpServer((_req, res) => okJson(res, `[${' '.repeat(998)}]`));
  for (const s of [declared, chunked]) {
    const p = pool({ urls: [s.url], maxResponseBytes: 1_000 });
    await rejectsWithRpc(p.send(REQUEST, { retryable: true }), ErrorCode.upstreamFailed, /larger than 1000 bytes/);
    // The node answered correctly; the response is just too big, so neither retry nor blame it.
    assert.equal(s.hits(), 1);
    assert.equal(Object.values(p.health())[0].consecutiveFailures, 0);
  }
  const p = pool({ urls: [exact.url], maxResponseBytes: 1_000 });
  assert.equal((await p.send(REQUEST, { retryable: true })).body.length, 1_000);
});

test('an endpoint is marked down after N failures and probed again after downForMs', async () => {
  let failing = true;
  const flaky = await httpServer((_req, res) => (failing ? fail(res, 502) : okJson(res)));
  const good = await httpServer((_req, res) => okJson(res));
  const p = pool({ urls: [flaky.url, good.url], retries: 1, failuresBeforeDown: 2, downForMs: 200 });
  const flakyKey = new URL(flaky.url).origin;

  for (let i = 0; i < 10 && flaky.hits() < 2; i++) {
    assert.equal((await p.send(REQUEST, { retryable: true })).status, 200);
  }
  assert.deepEqual(p.health()[flakyKey], { up: false, consecutiveFailures: 2, lastError: 'HTTP 502' });

  const hitsWhileDown = flaky.hits();
  for (let i = 0; i < 6; i++) await p.send(REQUEST, { retryable: true });
  assert.equal(flaky.hits(), hitsWhileDown);

  failing = false;
  await sleep(250);
  for (let i = 0; i < 4 && flaky.hits() === hitsWhileDown; i++) await p.send(REQUEST, { retryable: true });
  assert.equal(flaky.hits(), hitsWhileDown + 1);
  assert.deepEqual(p.health()[flakyKey], { up: true, consecutiveFailures: 0, lastError: 'HTTP 502' });
});

test('when every endpoint is down the pool still tries one instead of failing blind', async () => {
  let failing = true;
  const s = await httpServer((_req, res) => (failing ? fail(res, 500) : okJson(res)));
  const p = pool({ urls: [s.url], retries: 0, failuresBeforeDown: 1, downForMs: 60_000 });
  await rejectsWithRpc(p.send(REQUEST, { retryable: true }), ErrorCode.upstreamFailed, /HTTP 500/);
  assert.equal(p.health()[new URL(s.url).origin].up, false);
  failing = false;
  assert.equal((await p.send(REQUEST, { retryable: true })).status, 200);
  assert.equal(s.hits(), 2);
  assert.equal(p.health()[new URL(s.url).origin].up, true);
});

test('the caller aborting cancels the in-flight attempt promptly', async () => {
  let upstreamSawClose = false;
  const hang = await httpServer((req) => {
    req.socket.on('close', () => {
      upstreamSawClose = true;
    });
  });
  const p = pool({ urls: [hang.url], timeoutMs: 30_000 });
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  await within(3_000, () => assert.rejects(p.send(REQUEST, { retryable: true, signal: controller.signal }), { name: 'AbortError' }));
  assert.equal(hang.hits(), 1);
  for (let i = 0; i < 100 && !upstreamSawClose; i++) await sleep(10);
  assert.ok(upstreamSawClose, 'upstream connection was not torn down');

  const hitsBefore = hang.hits();
  await assert.rejects(p.send(REQUEST, { retryable: true, signal: AbortSignal.abort() }), { name: 'AbortError' });
  assert.equal(hang.hits(), hitsBefore);
  // A caller cancelling is not the node's fault.
  assert.equal(p.health()[new URL(hang.url).origin].consecutiveFailures, 0);
});

test('open connections stay within connectionsPerUpstream and close() releases them all', async () => {
  const s = await httpServer((_req, res) => {
    setTimeout(() => okJson(res), 10);
  });
  const p = new UpstreamPool({ urls: [s.url], connectionsPerUpstream: 4 });
  cleanups.push(() => p.close());
  for (let round = 0; round < 3; round++) {
    const replies = await Promise.all(Array.from({ length: 40 }, () => p.send(REQUEST, { retryable: true })));
    assert.ok(replies.every((r) => r.body.equals(Buffer.from(OK_BODY))));
  }
  assert.equal(s.hits(), 120);
  assert.ok(s.connectionsOpened() <= 4, `opened ${s.connectionsOpened()} connections`);
  assert.ok(s.connectionsOpened() >= 1);

  await p.close();
  const count = () => new Promise<number>((resolve, reject) => s.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
  let open = await count();
  for (let i = 0; i < 200 && open > 0; i++) {
    await sleep(10);
    open = await count();
  }
  assert.equal(open, 0);
  await rejectsWithRpc(p.send(REQUEST, { retryable: true }), ErrorCode.upstreamFailed, /closed/);
});
