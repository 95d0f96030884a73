/**
 * The upstream HTTP/1.1 client against servers that write exact bytes: framing (chunked, until
 * close, 1xx), connection reuse and its limits, stale keep-alive connections, hostile headers, TLS.
 */
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '../src/paths.js';
import { Http1Client, Http1Failure, type Http1Response } from '../src/upstream/http1-client.js';
import { UpstreamPool } from '../src/upstream/upstream-pool.js';
import { ErrorCode, RpcError } from '../src/rpc/errors.js';

const REQUEST = '{"jsonrpc":"2.0","id":1,"method":"getSlot"}';
const tlsDir = join(projectRoot, 'test', 'fixtures', 'tls');

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

interface RawServer {
  url: string;
  /** Connections accepted so far. */
  accepted: () => number;
  /** Connections open now. */
  open: () => number;
  /** Request heads seen, in order. */
  requests: string[];
}

/**
 * A TCP server that answers the n-th request on a connection (counting from 0) with whatever
 * `answer` writes to the socket. Requests are read as head + content-length body.
 */
async function rawServer(answer: (socket: net.Socket, nth: number, connection: number) => void): Promise<RawServer> {
  let accepted = 0;
  const sockets = new Set<net.Socket>();
  const requests: string[] = [];
  const server = net.createServer((socket) => {
    const connection = accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    let nth = 0;
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.toString('latin1', 0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        requests.push(head);
        buffer = buffer.subarray(end + 4 + length);
        answer(socket, nth++, connection);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/rpc?k=1`, accepted: () => accepted, open: () => sockets.size, requests };
}

/** Writes `pieces` one by one with a pause between, so the client sees them as separate reads. */
async function trickle(socket: net.Socket, pieces: string[]): Promise<void> {
  for (const piece of pieces) {
    if (socket.destroyed) return;
    socket.write(piece);
    await sleep(5);
  }
}

function client(url: string, connections = 4): Http1Client {
  const c = new Http1Client({ url: new URL(url), headers: { 'content-type': 'application/json' }, connections, connectTimeoutMs: 2_000 });
  cleanups.push(() => c.close());
  return c;
}

function pool(options: ConstructorParameters<typeof UpstreamPool>[0]): UpstreamPool {
  const p = new UpstreamPool(options);
  cleanups.push(() => p.close());
  return p;
}

const send = (c: Http1Client, idempotent = true): Promise<Http1Response> =>
  c.request(REQUEST, { timeoutMs: 2_000, maxBytes: 1 << 20, idempotent });

async function failure(promise: Promise<unknown>): Promise<Http1Failure> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof Http1Failure, `expected an Http1Failure, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the request to fail');
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await sleep(10);
  assert.ok(condition(), what);
}

test('the request carries the url path and query, host, headers and an exact content-length', async () => {
  const s = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}'));
  const c = client(s.url);
  const body = '{"jsonrpc":"2.0","id":"é","method":"getSlot"}';
  await c.request(body, { timeoutMs: 2_000, maxBytes: 1 << 20, idempotent: true });
  await c.request(new TextEncoder().encode(body), { timeoutMs: 2_000, maxBytes: 1 << 20, idempotent: true });
  const port = new URL(s.url).port;
  for (const head of s.requests) {
    assert.match(head, /^POST \/rpc\?k=1 HTTP\/1\.1\r\n/);
    assert.match(head, new RegExp(`\\r\\nhost: 127\\.0\\.0\\.1:${port}\\r\\n`));
    assert.match(head, /\r\ncontent-type: application\/json\r\n/);
    assert.match(head, new RegExp(`\\r\\ncontent-length: ${Buffer.byteLength(body)}$`));
  }
});

test('chunked answers split at every awkward place come back whole, and the connection is reused', async () => {
  const s = await rawServer((socket) => {
    void trickle(socket, [
      'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n',
      '1',
      'c\r\n{"jsonrpc":"2.',
      '0","result":',
      '1}\r',
      '\n3;ext=1\r\n[1]\r\n0\r\ntrailer: x\r\n',
      '\r\n',
    ]);
  });
  const c = client(s.url);
  for (let i = 0; i < 2; i++) {
    const response = await send(c);
    assert.equal(response.status, 200);
    assert.equal(response.body.toString(), '{"jsonrpc":"2.0","result":1}[1]');
  }
  assert.equal(s.accepted(), 1);
});

test('interim 1xx answers are skipped', async () => {
  const s = await rawServer((socket) =>
    socket.write(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </x>\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\n[42]',
    ),
  );
  const response = await send(client(s.url));
  assert.deepEqual([response.status, response.body.toString()], [200, '[42]']);
});

test('an answer without length is read until the close, and its connection is not reused', async () => {
  const s = await rawServer((socket) => void trickle(socket, ['HTTP/1.0 200 OK\r\n\r\n[1,', '2]']).then(() => socket.end()));
  const c = client(s.url);
  for (let i = 0; i < 2; i++) assert.equal((await send(c)).body.toString(), '[1,2]');
  assert.equal(s.accepted(), 2);
});

test('Connection: close, a short Keep-Alive timeout, and surplus bytes each stop reuse', async () => {
  for (const answer of [
    'HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 2\r\n\r\n[]',
    'HTTP/1.1 200 OK\r\nkeep-alive: timeout=1\r\ncontent-length: 2\r\n\r\n[]',
    'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]junk',
    'HTTP/1.1 200 OK\r\nconnection: close\r\nconnection: keep-alive\r\ncontent-length: 2\r\n\r\n[]',
  ]) {
    const s = await rawServer((socket) => socket.write(answer));
    const c = client(s.url);
    for (let i = 0; i < 2; i++) assert.equal((await send(c)).body.toString(), '[]', answer);
    assert.equal(s.accepted(), 2, answer);
  }
});

test('idle connections are closed after the keep-alive time the server announced', async () => {
  const s = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\nkeep-alive: timeout=2\r\ncontent-length: 2\r\n\r\n[]'));
  const c = client(s.url);
  await Promise.all([send(c), send(c), send(c)]);
  assert.equal(s.open(), 3);
  await until(() => s.open() === 0, 'idle connections were left open');
  assert.equal(c.connections, 0);
});

test('a kept-alive connection the server drops as a request goes out: reads go out again, other calls fail', async () => {
  // Every connection answers its first request and drops the second unanswered.
  const s = await rawServer((socket, nth) => {
    if (nth === 0) socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]');
    else socket.destroy();
  });
  const c = client(s.url, 1);
  await send(c);
  assert.equal((await send(c, true)).body.toString(), '[]');
  assert.equal(s.accepted(), 2);
  const dropped = await failure(send(c, false));
  assert.equal(dropped.kind, 'closed');
  assert.equal(dropped.sent, true);
  assert.equal(s.accepted(), 2, 'a non-idempotent request went out twice');
});

test('hostile or broken heads fail cleanly', async () => {
  const cases: [string, string][] = [
    ['HTTP/1.1 200 OK\r\n' + `x-filler: ${'a'.repeat(70_000)}\r\n\r\n[]`, 'headers-too-large'],
    ['HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n[]', 'malformed'],
    ['HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n[]', 'malformed'],
    ['HTTP/1.1 200 OK\r\n folded: header\r\ncontent-length: 2\r\n\r\n[]', 'malformed'],
    ['HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\n\r\n', 'malformed'],
    ['ICY 200 OK\r\n\r\n[]', 'malformed'],
    ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n[]\r\n0\r\n\r\n', 'malformed'],
    ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]XX0\r\n\r\n', 'malformed'],
    ['HTTP/1.1 200 OK\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n', 'malformed'],
    ['HTTP/1.1 200 OK\r\nretry-after: 5\nx-injected: 1\r\ncontent-length: 2\r\n\r\n[]', 'malformed'],
    ['HTTP/1.1 200 OK\r\nx: a\rb\r\ncontent-length: 2\r\n\r\n[]', 'malformed'],
    ['HTTP/1.1 200 OK\r\ncontent-length : 2\r\n\r\n[]', 'malformed'],
    ['HTTP/1.1 200 OK\r\nx: a\u0001b\r\ncontent-length: 2\r\n\r\n[]', 'malformed'],
    ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\n[]\r\n0\r\n\r\n', 'malformed'],
    ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]\n0\r\n\r\n', 'malformed'],
    ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]\r\n0\n\r\n', 'malformed'],
    ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2;a@\r\n[]\r\n0\r\n\r\n', 'malformed'],
    ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\nx : y\r\n\r\n', 'malformed'],
    ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n' + 'x: y\r\n'.repeat(11_000) + '\r\n', 'headers-too-large'],
  ];
  for (const [answer, kind] of cases) {
    const s = await rawServer((socket) => socket.write(answer));
    const failed = await failure(send(client(s.url)));
    assert.equal(failed.kind, kind, answer.slice(0, 60));
    await until(() => s.open() === 0, 'the broken connection was not closed');
  }
});

test('Retry-After is passed on only in the forms HTTP allows', async () => {
  for (const [value, expected] of [
    ['120', '120'],
    ['Wed, 21 Oct 2015 07:28:00 GMT', 'Wed, 21 Oct 2015 07:28:00 GMT'],
    ['5 x-injected: 1', undefined],
    ['soon', undefined],
  ] as const) {
    const s = await rawServer((socket) =>
      socket.write(`HTTP/1.1 429 Too Many Requests\r\nretry-after: ${value}\r\ncontent-length: 2\r\n\r\n{}`),
    );
    assert.equal((await send(client(s.url))).retryAfter, expected);
  }
});

test('bodies over the limit fail whatever the framing', async () => {
  for (const answer of [
    'HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n',
    'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n40\r\n' + 'x'.repeat(64) + '\r\n',
    'HTTP/1.0 200 OK\r\n\r\n' + 'x'.repeat(64),
  ]) {
    const s = await rawServer((socket) => socket.write(answer));
    const failed = await failure(client(s.url).request(REQUEST, { timeoutMs: 2_000, maxBytes: 50, idempotent: true }));
    assert.equal(failed.kind, 'too-large');
  }
});

test('requests beyond the connection limit wait their turn; close() fails the waiting ones and releases every socket', async () => {
  const held: net.Socket[] = [];
  const s = await rawServer((socket) => held.push(socket));
  const c = client(s.url, 2);
  const inFlight = Array.from({ length: 5 }, () =>
    send(c).then(
      () => 'answered',
      (e: Http1Failure) => e.kind,
    ),
  );
  await until(() => held.length === 2, 'the first two requests did not go out');
  assert.equal(s.accepted(), 2);
  held[0].write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]');
  await until(() => held.length === 3, 'a waiting request did not take the freed connection');
  assert.equal(s.accepted(), 2);
  const closed = c.close();
  for (const socket of held.slice(1)) socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]');
  assert.deepEqual(await Promise.all(inFlight), ['answered', 'answered', 'answered', 'client-closed', 'client-closed']);
  await closed;
  await until(() => s.open() === 0, 'sockets left open after close()');
  assert.equal((await failure(send(c))).kind, 'client-closed');
});

async function httpsServer(): Promise<string> {
  const server = https.createServer(
    { key: readFileSync(join(tlsDir, 'key.pem')), cert: readFileSync(join(tlsDir, 'cert.pem')) },
    (req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","result":"over tls","id":1}'));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

test('https: an untrusted certificate is a TLS failure before anything is sent; a trusted one works', async () => {
  const url = await httpsServer();
  const untrusted = await failure(send(client(url)));
  assert.deepEqual([untrusted.kind, untrusted.sent], ['tls', false]);

  // Not sent, so even a call that must not be repeated moves on to the next node.
  const plain = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}'));
  const p = pool({ urls: [url, plain.url] });
  for (let i = 0; i < 2; i++) assert.equal((await p.send(REQUEST, { retryable: false })).body.toString(), '{}');
  const health = p.health()[new URL(url).origin];
  assert.equal(health.lastError, 'TLS handshake failed');

  // Trust comes from the process's CA store, so the trusting client runs in its own process.
  const script = `import { UpstreamPool } from ${JSON.stringify(join(projectRoot, 'dist', 'src', 'upstream', 'upstream-pool.js'))};
    const pool = new UpstreamPool({ urls: [${JSON.stringify(url)}] });
    const reply = await pool.send(${JSON.stringify(REQUEST)}, { retryable: true });
    process.stdout.write(reply.body);
    await pool.close();`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: join(tlsDir, 'cert.pem') },
  });
  assert.equal(stdout, '{"jsonrpc":"2.0","result":"over tls","id":1}');
});

test('UpstreamPool maps a TLS failure to an RpcError that names it', async () => {
  const url = await httpsServer();
  const p = pool({ urls: [url], retries: 0 });
  await assert.rejects(
    p.send(REQUEST, { retryable: true }),
    (error: unknown) => error instanceof RpcError && error.code === ErrorCode.upstreamFailed && /TLS handshake failed/.test(error.message),
  );
});
