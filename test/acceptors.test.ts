/**
 * `serve --acceptors 2`: two processes share the ports, the kernel spreads connections over them,
 * and to a client they are one gateway: the same answers, one set of metrics, one rate limit; one
 * that dies is started again, and SIGTERM stops them all. Redis is the machine's real server, on a
 * database of this test's own so no other test's limits meet these; without Redis the supervising
 * process counts the limits, and its own gateway is started for that.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { createKey, rpc, runCli, startGateway, type RunningGateway } from './support/gateway.js';
import { openSqliteKeyStore } from '../src/auth/key-store.js';

const redis = 'redis://127.0.0.1:6379/5';
let gw: RunningGateway;
before(async () => {
  gw = await startGateway(['--acceptors', '2', '--workers', '2', '--redis', redis]);
});
after(() => gw.stop());

/** A request on a connection of its own, so that each one is handed to an acceptor anew. */
function alone(path: string, body?: object, to: RunningGateway = gw): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${to.url}${path}`,
      { method: body ? 'POST' : 'GET', agent: false, headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

const acceptorsSeen = async (connections: number, to: RunningGateway = gw) => {
  const details = await Promise.all(Array.from({ length: connections }, () => alone('/health/detail', undefined, to)));
  return new Set(details.map((d) => (JSON.parse(d.text) as { acceptor: number }).acceptor));
};

test('connections reach both acceptors, and each gives the same enhanced answer', async () => {
  // 32 connections all on one of two sockets: a 2^-31 chance if the kernel spreads them.
  assert.deepEqual([...(await acceptorsSeen(32))].sort(), [0, 1]);
  const signature = '2ysB2hp7qQYX67VUrZH6uMhPBk6Vrxo5QeBiup122XpX47RcZcgY9uAHvN2TJaAi9efBYGE9VsMzFyxo98k4qL15';
  const call = rpc('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]);
  const answers = await Promise.all(Array.from({ length: 16 }, () => alone(`/${gw.key}?actionskit=true`, call)));
  assert.ok(answers.every((a) => a.status === 200));
  assert.equal(new Set(answers.map((a) => a.text)).size, 1);
  assert.match(answers[0].text, /"actions":/);
});

test('a scrape of either acceptor counts the calls of both', async () => {
  const calls = 24;
  const before = await alone('/metrics');
  const count = (text: string) =>
    Number(/enhanced_rpc_calls_total\{method="getHealth",flags="none",outcome="ok"\} (\d+)/.exec(text)?.[1] ?? 0);
  await Promise.all(Array.from({ length: calls }, (_, i) => alone(`/${gw.key}`, rpc('getHealth', [], i))));
  const scrapes = await Promise.all(Array.from({ length: 8 }, () => alone('/metrics')));
  for (const scrape of scrapes) {
    assert.equal(scrape.status, 200);
    assert.equal(count(scrape.text) - count(before.text), calls);
  }
});

test('one key spends one budget across the acceptors', async () => {
  // The free plan: burst 20, 10 requests per second, counted in Redis for both processes.
  const key = createKey(gw.db, 'free');
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => alone(`/${key}`, rpc('getHealth', [], i))));
  const admitted = answers.filter((a) => a.status === 200).length;
  assert.ok(admitted >= 20 && admitted <= 26, `admitted ${admitted} of 40`);
  assert.ok(answers.every((a) => a.status === 200 || a.status === 429));
});

test('without Redis the supervisor counts one budget for every acceptor, and writes the usage when stopped', async () => {
  const own = await startGateway(['--acceptors', '2', '--workers', '0']);
  const key = createKey(own.db, 'free');
  let admitted: number;
  try {
    assert.deepEqual([...(await acceptorsSeen(32, own))].sort(), [0, 1]);
    // The free plan: burst 20, 10 requests per second, for both processes together.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => alone(`/${key}`, rpc('getHealth', [], i), own)));
    admitted = answers.filter((a) => a.status === 200).length;
    assert.ok(admitted >= 20 && admitted <= 26, `admitted ${admitted} of 40`);
    assert.ok(answers.every((a) => a.status === 200 || a.status === 429));
  } finally {
    await own.stop();
  }
  const store = openSqliteKeyStore(own.db);
  try {
    const record = store.findKey(key);
    assert.ok(record !== null);
    assert.equal(store.usageFor(record.id, new Date().toISOString().slice(0, 7)), admitted);
  } finally {
    store.close();
  }
});

/** One PubSub connection of its own (so the kernel hands each to an acceptor anew) and the answer to one slotSubscribe. */
async function subscribeAlone(
  to: RunningGateway,
  key: string,
): Promise<{ socket: WebSocket; answer: { result?: number; error?: { code: number; message: string } } }> {
  const socket = new WebSocket(`ws://127.0.0.1:${to.port}/${key}`);
  await once(socket, 'open');
  const answered = once(socket, 'message');
  socket.send(JSON.stringify(rpc('slotSubscribe')));
  const [data] = (await answered) as [Buffer];
  return { socket, answer: JSON.parse(data.toString()) as { result?: number; error?: { code: number; message: string } } };
}

/** 12 connections, one after another, spread over the two acceptors: counted apart, each would allow 3. */
async function subscriptionLimitHolds(to: RunningGateway): Promise<void> {
  const plan = ['plans', 'set', 'three-subs', '--rps', '1000', '--burst', '1000', '--quota', 'unlimited', '--enhanced', 'false'];
  runCli([...plan, '--max-subscriptions', '3', '--db', to.db]);
  const key = createKey(to.db, 'three-subs');
  for (let round = 0; round < 2; round++) {
    const opened = [];
    for (let i = 0; i < 12; i++) opened.push(await subscribeAlone(to, key));
    const granted = opened.filter(({ answer }) => typeof answer.result === 'number').length;
    assert.equal(granted, 3, `round ${round}: ${granted} subscriptions granted`);
    for (const { answer } of opened) {
      if (answer.error === undefined) continue;
      assert.equal(answer.error.code, -32429);
      assert.match(answer.error.message, /Subscription limit reached: plan "three-subs" allows 3/);
    }
    const closed = opened.map(({ socket }) => once(socket, 'close'));
    for (const { socket } of opened) socket.close();
    await Promise.all(closed);
    // The acceptors hear of the closes a moment after the client does.
    await sleep(200);
  }
}

test('a plan’s subscription limit holds over both acceptors, in Redis and without it, and closed connections give their slots back', async () => {
  await subscriptionLimitHolds(gw);
  const own = await startGateway(['--acceptors', '2', '--workers', '0']);
  try {
    await subscriptionLimitHolds(own);
  } finally {
    await own.stop();
  }
});

test('an acceptor that dies is started again; SIGTERM stops every one', async () => {
  const children = () =>
    execFileSync('pgrep', ['-P', String(gw.process.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  const [victim] = children();
  process.kill(victim, 'SIGKILL');
  let replaced = false;
  for (let i = 0; i < 300 && !replaced; i++) {
    await sleep(100);
    const now = children();
    replaced = now.length === 2 && !now.includes(victim) && (await acceptorsSeen(32)).size === 2;
  }
  assert.ok(replaced, 'two acceptors again, the dead one replaced');
  const survivors = children();
  const exited = once(gw.process, 'exit');
  gw.process.kill('SIGTERM');
  const [code] = (await exited) as [number];
  assert.equal(code, 0);
  for (const pid of survivors) assert.throws(() => process.kill(pid, 0), /ESRCH/, `acceptor ${pid} is gone`);
});
