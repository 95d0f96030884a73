/**
 * Upstream fault matrix at the gateway level: real gateways in front of deliberately
 * misbehaving node:http upstreams. For every fault the gateway must answer a clear JSON-RPC error
 * (the code, message and HTTP status README.md documents), never hang, retry only what is safe to
 * repeat, fail over to a healthy second upstream (the answer must come from it), and leave no
 * sockets behind: connections to each upstream stay within the pool's size, requests the gateway
 * gave up on are closed, and everything closes with the gateway. A last test repeats the faults
 * hundreds of times and checks the gateway's file descriptors do not grow.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { startGateway, type RunningGateway, type TestGateway } from './support/gateway.js';
import { startInProcess } from './support/in-process-gateway.js';

/** The gateway's default connections per upstream. */
const POOL_CONNECTIONS = 32;
/** Long enough that a healthy local upstream never misses it on a loaded machine. */
const TIMEOUT_MS = 1_000;
/** Far beyond the slowest legitimate answer (3 attempts of TIMEOUT_MS plus backoff): reaching it means a hang. */
const HANG_MS = 15_000;

type Mode =
  | 'ok'
  | 'mid-body'
  | 'reset'
  | 'hang-up'
  | 'html'
  | 'garbage-http'
  | 'garbage-body'
  | '429'
  | '429-retry-after'
  | '429-html'
  | '500'
  | '502'
  | '503'
  | 'silent'
  | 'trickle'
  | 'drop-after-answer';

interface Fake {
  name: string;
  url: string;
  mode: Mode;
  hits: number;
  /** TCP connections open now (from the gateways using this upstream). */
  open: number;
  /** Requests whose response has not ended and whose socket is still open. */
  inProgress: number;
  close(): Promise<void>;
}

async function fakeUpstream(name: string): Promise<Fake> {
  const sockets = new Set<net.Socket>();
  const fake: Fake = {
    name,
    url: '',
    mode: 'ok',
    hits: 0,
    open: 0,
    inProgress: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer((req, res) => {
    fake.hits++;
    fake.inProgress++;
    res.once('close', () => fake.inProgress--);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => misbehave(fake, req, res, JSON.parse(Buffer.concat(chunks).toString()).id));
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket: net.Socket) => {
    fake.open++;
    sockets.add(socket);
    socket.on('close', () => {
      fake.open--;
      sockets.delete(socket);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`;
  return fake;
}

const json = { 'content-type': 'application/json' };

function misbehave(fake: Fake, req: IncomingMessage, res: ServerResponse, id: unknown): void {
  const answer = `{"jsonrpc":"2.0","result":{"from":"${fake.name}","big":18446744073709551615,"n":1.50},"id":${JSON.stringify(id)}}\n`;
  const limited = `{"jsonrpc":"2.0","error":{"code":429,"message":"Too many requests"},"id":${JSON.stringify(id)}}`;
  switch (fake.mode) {
    case 'ok':
      return void res.writeHead(200, json).end(answer);
    case 'mid-body':
      res.writeHead(200, { ...json, 'content-length': String(answer.length) });
      res.write(answer.slice(0, answer.length >> 1));
      return void setTimeout(() => req.socket.destroy(), 10);
    case 'reset':
      return void req.socket.resetAndDestroy();
    case 'hang-up':
      return void req.socket.destroy();
    case 'html':
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
    case 'garbage-http':
      return void req.socket.end(
        Buffer.concat([Buffer.from('SSH-2.0-OpenSSH_9.6\r\n'), Buffer.from([0, 0xff, 0xfe, 7, 0x1b]), Buffer.from('\r\n\r\n')]),
      );
    case 'garbage-body':
      return void res.writeHead(200, json).end(Buffer.from([0x1f, 0x8b, 0x08, 0, 0xde, 0xad, 0xbe, 0xef, 0x7b]));
    case '429':
      return void res.writeHead(429, json).end(limited);
    case '429-retry-after':
      return void res.writeHead(429, { ...json, 'retry-after': '3' }).end(limited);
    case '429-html':
      return void res
        .writeHead(429, { 'content-type': 'text/html', 'retry-after': '2' })
        .end('<html><body><h1>429 Too Many Requests</h1></body></html>');
    case '500':
      return void res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    case '502':
      return void res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad Gateway</body></html>');
    case '503':
      return void res
        .writeHead(503, { ...json, 'retry-after': '1' })
        .end('{"jsonrpc":"2.0","error":{"code":-32005,"message":"Node is behind"},"id":null}');
    case 'silent':
      return;
    case 'trickle': {
      res.writeHead(200, { ...json, 'content-length': '100000' });
      const timer = setInterval(() => res.write(' '), 40);
      res.once('close', () => clearInterval(timer));
      return;
    }
    case 'drop-after-answer':
      // Keeps-alive by its headers, then drops the connection anyway, as some proxies do.
      res.once('finish', () => req.socket.destroy());
      return void res.writeHead(200, json).end(answer);
  }
}

interface Reply {
  status: number;
  retryAfter: string | undefined;
  body: { id?: unknown; result?: { from: string }; error?: { code: number; message: string } };
}

/**
 * One request on a connection of its own (closed after the answer), so the gateway holds no
 * client sockets once the answer is in; fails the test instead of hanging.
 */
function ask(gw: TestGateway, method: string, id: number | string, params: unknown[] = []): Promise<Reply> {
  const payload = JSON.stringify({ jsonrpc: '2.0', id, method, params });
  return new Promise((resolve, reject) => {
    const req = request(
      `${gw.url}/${gw.key}`,
      { method: 'POST', agent: false, headers: json, signal: AbortSignal.timeout(HANG_MS) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], body: JSON.parse(text) });
          } catch {
            reject(new Error(`answer is not JSON: ${text}`));
          }
        });
      },
    );
    req.on('error', (error) => reject(new Error(`no answer from the gateway for ${method}: ${error.message}`)));
    req.end(payload);
  });
}

const read = (gw: TestGateway, id: number | string) => ask(gw, 'getSlot', id);
/** Must never be repeated once a node may have received it. */
const sendTx = (gw: TestGateway, id: number | string) => ask(gw, 'sendTransaction', id, ['AQ==', { encoding: 'base64' }]);

async function until(condition: () => boolean, what: () => string): Promise<void> {
  for (let i = 0; i < 1_000 && !condition(); i++) await sleep(10);
  assert.ok(condition(), what());
}

/** Requests the gateway gave up on are closed (not left trickling), and connections stay within the pool. */
async function settled(...fakes: Fake[]): Promise<void> {
  for (const fake of fakes) {
    await until(
      () => fake.inProgress === 0,
      () => `${fake.name}: ${fake.inProgress} abandoned requests still open`,
    );
    assert.ok(fake.open <= POOL_CONNECTIONS, `${fake.name}: ${fake.open} connections open, pool holds ${POOL_CONNECTIONS}`);
  }
}

let single: TestGateway; // upstream A
let pair: TestGateway; // upstreams A2 and B
/** Upstream F, in a process of its own: its descriptors are counted, without the fakes' and the test's. */
let fdGateway: RunningGateway;
let a: Fake;
let a2: Fake;
let b: Fake;
let f: Fake;

before(async () => {
  [a, a2, b, f] = await Promise.all([fakeUpstream('A'), fakeUpstream('A2'), fakeUpstream('B'), fakeUpstream('F')]);
  [single, pair, fdGateway] = await Promise.all([
    startInProcess({ upstreams: [a.url], upstreamTimeoutMs: TIMEOUT_MS }),
    startInProcess({ upstreams: [a2.url, b.url], upstreamTimeoutMs: TIMEOUT_MS }),
    startGateway(['--upstream', f.url, '--upstream-timeout', String(TIMEOUT_MS)]),
  ]);
});

after(async () => {
  await Promise.all([single, pair, fdGateway].map((gw) => gw?.stop()));
  await Promise.all([a, a2, b, f].map((fake) => fake?.close()));
});

/** What a single-upstream gateway answers a read with; `code` null: the upstream's own answer passes. */
interface Row {
  mode: Mode;
  status: number;
  code: number | null;
  message?: RegExp;
  retryAfter?: string;
  /** A read is repeated on the same node (it failed in a way another try may fix). */
  retried: boolean;
  /** The request reached the node: a sendTransaction is not sent elsewhere. */
  reached: boolean;
}

const failedWith = (reason: string) => new RegExp(`^Upstream RPC node failed: ${reason}; retry later$`);
const rows: Row[] = [
  { mode: 'mid-body', status: 200, code: -32502, message: failedWith('truncated response'), retried: true, reached: true },
  { mode: 'reset', status: 200, code: -32502, message: failedWith('connection reset'), retried: true, reached: true },
  { mode: 'hang-up', status: 200, code: -32502, message: failedWith('connection closed by upstream'), retried: true, reached: true },
  {
    mode: 'html',
    status: 200,
    code: -32502,
    message: failedWith('answer is not JSON \\(HTTP 200: <html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>\\)'),
    retried: true,
    reached: true,
  },
  { mode: 'garbage-http', status: 200, code: -32502, message: failedWith('malformed HTTP response'), retried: true, reached: true },
  {
    mode: 'garbage-body',
    status: 200,
    code: -32502,
    message: failedWith('answer is not JSON \\(HTTP 200: .*\\)'),
    retried: true,
    reached: true,
  },
  { mode: '429', status: 429, code: null, retried: false, reached: true },
  { mode: '429-retry-after', status: 429, code: null, retryAfter: '3', retried: false, reached: true },
  {
    mode: '429-html',
    status: 429,
    code: -32502,
    message: /^Upstream RPC node answered HTTP 429: <html><body><h1>429 Too Many Requests<\/h1><\/body><\/html>; retry later$/,
    retryAfter: '2',
    retried: false,
    reached: true,
  },
  { mode: '500', status: 200, code: -32502, message: failedWith('HTTP 500'), retried: true, reached: true },
  { mode: '502', status: 200, code: -32502, message: failedWith('HTTP 502'), retried: true, reached: true },
  { mode: '503', status: 200, code: -32502, message: failedWith('HTTP 503'), retried: true, reached: true },
  {
    mode: 'silent',
    status: 200,
    code: -32504,
    message: new RegExp(`^Upstream RPC node did not answer within ${TIMEOUT_MS} ms; retry later$`),
    retried: true,
    reached: true,
  },
  {
    mode: 'trickle',
    status: 200,
    code: -32504,
    message: new RegExp(`^Upstream RPC node did not answer within ${TIMEOUT_MS} ms; retry later$`),
    retried: true,
    reached: true,
  },
];

function assertRow(row: Row, reply: Reply, id: number | string, fake: Fake): void {
  const what = `${row.mode}: ${JSON.stringify(reply.body)}`;
  assert.equal(reply.status, row.status, what);
  assert.equal(reply.body.id, id, what);
  assert.equal(reply.retryAfter, row.retryAfter, what);
  if (row.code === null) {
    // The node's own JSON-RPC answer, as it wrote it.
    assert.deepEqual(reply.body.error, { code: 429, message: 'Too many requests' }, what);
    return;
  }
  assert.equal(reply.body.error?.code, row.code, what);
  assert.match(reply.body.error.message, row.message!, what);
  assert.ok(!reply.body.error.message.includes(fake.url), what);
}

for (const row of rows) {
  test(`upstream fault ${row.mode}: clear error, safe retries, failover, no sockets left`, async () => {
    a.mode = row.mode;
    a2.mode = row.mode;

    // One upstream: the read is answered with the documented error, retried only where that may help.
    a.hits = 0;
    const readReply = await read(single, `r-${row.mode}`);
    assertRow(row, readReply, `r-${row.mode}`, a);
    if (row.retried) {
      // Two retries; a reused connection the node dropped before answering is sent once more.
      assert.ok(a.hits >= 3 && a.hits <= 4, `${row.mode}: ${a.hits} upstream requests for one read`);
    } else {
      assert.equal(a.hits, 1, `${row.mode}: a ${row.status} is not retried on the same node`);
    }
    a.hits = 0;
    const txReply = await sendTx(single, 7);
    assertRow(row, txReply, 7, a);
    assert.equal(a.hits, 1, `${row.mode}: sendTransaction went out ${a.hits} times`);
    await settled(a);

    // Two upstreams: every read is answered by the healthy one, whichever the rotation starts at.
    for (let i = 0; i < 2; i++) {
      const reply = await read(pair, i);
      assert.equal(reply.status, 200, `${row.mode}: ${JSON.stringify(reply.body)}`);
      assert.equal(reply.body.result?.from, 'B', `${row.mode}: ${JSON.stringify(reply.body)}`);
    }
    // A sendTransaction that reached the failing node is not sent to the other one.
    const b0 = b.hits;
    const txReplies = [await sendTx(pair, 1), await sendTx(pair, 2)];
    assert.equal(b.hits - b0, 1, `${row.mode}: sendTransaction reached B ${b.hits - b0} times in two calls`);
    const fromA = txReplies.find((r) => r.body.result?.from !== 'B')!;
    assertRow(row, fromA, fromA.body.id as number, a2);
    await settled(a2, b);

    // The failing node sees a success before the next row, so it is never taken out of rotation.
    a2.mode = 'ok';
    const seen = new Set<string>();
    for (let i = 0; i < 2; i++) seen.add((await read(pair, i)).body.result!.from);
    assert.deepEqual([...seen].sort(), ['A2', 'B']);
  });
}

test('an upstream that drops its kept-alive connections after every answer: reads never fail', async () => {
  a.mode = 'drop-after-answer';
  a2.mode = 'drop-after-answer';
  for (let round = 0; round < 5; round++) {
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => read(round % 2 === 0 ? single : pair, i)));
    for (const reply of replies) assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.ok(
      replies.every((r) => r.body.result !== undefined),
      JSON.stringify(replies.map((r) => r.body)),
    );
  }
  await settled(a, a2, b);
});

test('upstream bytes are passed on as the node wrote them', async () => {
  a.mode = 'ok';
  const payload = JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'getSlot', params: [] });
  const text = await new Promise<string>((resolve, reject) => {
    const req = request(`${single.url}/${single.key}`, { method: 'POST', agent: false, headers: json }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end(payload);
  });
  assert.equal(text, '{"jsonrpc":"2.0","result":{"from":"A","big":18446744073709551615,"n":1.50},"id":5}\n');
});

test('an upstream that refuses connections: a quick clear error alone, the other node with two', async () => {
  const refused = net.createServer();
  refused.listen(0, '127.0.0.1');
  await once(refused, 'listening');
  const port = (refused.address() as net.AddressInfo).port;
  refused.close();
  await once(refused, 'close');
  const [alone, withB] = await Promise.all([
    startInProcess({ upstreams: [`http://127.0.0.1:${port}/`], upstreamTimeoutMs: TIMEOUT_MS }),
    startInProcess({ upstreams: [`http://127.0.0.1:${port}/`, b.url], upstreamTimeoutMs: TIMEOUT_MS }),
  ]);
  try {
    const reply = await read(alone, 'x');
    assert.equal(reply.status, 200);
    assert.equal(reply.body.error?.code, -32502);
    assert.match(reply.body.error.message, failedWith('connection refused'));
    // Nothing reached the refusing node, so even sendTransaction may go to the other one.
    for (let i = 0; i < 2; i++) {
      assert.equal((await read(withB, i)).body.result?.from, 'B');
      assert.equal((await sendTx(withB, i)).body.result?.from, 'B');
    }
  } finally {
    await Promise.all([alone.stop(), withB.stop()]);
  }
});

function fdCount(gw: RunningGateway): number {
  return readdirSync(`/proc/${gw.process.pid}/fd`).length;
}

test(
  'hundreds of faults leave the gateway with no more file descriptors than before',
  { skip: process.platform !== 'linux' && 'needs /proc' },
  async () => {
    f.mode = 'ok';
    await Promise.all(Array.from({ length: 4 }, (_, i) => read(fdGateway, i)));
    // Every descriptor but the upstream connections (which the fake counts from its side).
    const others = () => fdCount(fdGateway) - f.open;
    await settled(f);
    const before = others();

    let faults = 0;
    const fast: Mode[] = [
      'mid-body',
      'reset',
      'hang-up',
      'html',
      'garbage-http',
      'garbage-body',
      '500',
      '503',
      '429-html',
      'drop-after-answer',
    ];
    for (let round = 0; round < 6; round++) {
      for (const mode of fast) {
        f.mode = mode;
        const hitsBefore = f.hits;
        await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 3 === 2 ? sendTx(fdGateway, i) : read(fdGateway, i))));
        faults += f.hits - hitsBefore;
      }
    }
    f.mode = 'trickle';
    await Promise.all(Array.from({ length: 6 }, (_, i) => read(fdGateway, i)));
    await settled(f);
    assert.ok(faults > 500, `only ${faults} faults`);

    // Client connections to the gateway may still be closing when either count is taken, so the
    // count may only drop; a leak of even one descriptor per hundred faults would raise it.
    await until(
      () => others() <= before,
      () => `descriptors other than upstream connections: ${before} before ${faults} faults, ${others()} after`,
    );
    // Idle keep-alive connections are closed after a few seconds, so an idle gateway holds none.
    await until(
      () => f.open === 0,
      () => `${f.open} idle upstream connections still open`,
    );
    assert.ok(fdCount(fdGateway) <= before, `${fdCount(fdGateway)} descriptors once idle, ${before} before the faults`);
  },
);

test('stopping the gateways closes every upstream connection', async () => {
  a.mode = 'ok';
  await Promise.all([read(single, 1), read(pair, 1), read(pair, 2)]);
  await Promise.all([single.stop(), pair.stop(), fdGateway.stop()]);
  for (const fake of [a, a2, b, f])
    await until(
      () => fake.open === 0,
      () => `${fake.name}: ${fake.open} connections open after the gateways stopped`,
    );
});
