/**
 * Subscription limits for gateways sharing one Redis (127.0.0.1:6379, the machine's real server):
 * two instances on one key store allow a key its plan's subscriptions once between them, a closed
 * connection's slot is free to the other, a process that stops gives its slots back, one that
 * died without a word holds them only until its lease runs out, a claim is not refused by its own
 * process's renewal, a Redis that lost its scripts is given them again, and a Redis that stops
 * answering refuses the subscribe without saying where it is.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { createClient } from 'redis';
import { RedisSlots } from '../src/auth/redis-subscription-slots.js';
import { rpc } from './support/gateway.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { startInProcess } from './support/in-process-gateway.js';

const redis = 'redis://127.0.0.1:6379';
const capped = { name: 'capped', requestsPerSecond: 1000, burst: 1000, monthlyQuota: null, enhancedParsing: true, maxSubscriptions: 3 };

type Answer = { result?: number; error?: { code: number; message: string } };

async function subscribe(port: number, key: string): Promise<{ socket: WebSocket; answer: Answer }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/${key}`);
  await once(socket, 'open');
  const answered = once(socket, 'message');
  socket.send(JSON.stringify(rpc('slotSubscribe')));
  const [data] = (await answered) as [Buffer];
  return { socket, answer: JSON.parse(data.toString()) as Answer };
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await sleep(20);
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('two gateways on one Redis allow a key its subscriptions once between them', async () => {
  const first = await startInProcess({ redisUrl: redis, wsPort: 0 }, capped);
  const second = await startInProcess({ redisUrl: redis, wsPort: 0 }, capped, first);
  try {
    const opened = [];
    for (const gw of [first, second, first, second, first]) opened.push(await subscribe(gw.port, first.key));
    assert.deepEqual(
      opened.map(({ answer }) => typeof answer.result === 'number'),
      [true, true, true, false, false],
    );
    for (const { answer } of opened.slice(3)) {
      assert.equal(answer.error?.code, -32429);
      assert.match(String(answer.error?.message), /Subscription limit reached: plan "capped" allows 3/);
    }
    // A connection closed on the first frees its slot for the second.
    opened[0].socket.close();
    await until(async () => {
      const again = await subscribe(second.port, first.key);
      opened.push(again);
      return typeof again.answer.result === 'number';
    }, 'the closed connection’s slot');
    // The first stops: its remaining slot goes with it.
    await first.stop();
    const after = [];
    for (let i = 0; i < 3; i++) after.push(await subscribe(second.port, first.key));
    assert.deepEqual(
      after.map(({ answer }) => typeof answer.result === 'number'),
      [true, false, false],
    );
    for (const { socket } of [...opened, ...after]) socket.close();
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
});

test('a process that died without giving its slots back holds them until its lease runs out', async () => {
  const prefix = `test-slots-${randomUUID()}:`;
  const slots = await RedisSlots.connect(redis, 'store', { prefix, leaseMs: 400 });
  const raw = createClient({ url: redis });
  await raw.connect();
  try {
    const key = `${prefix}store:{7}:subs`;
    const [seconds, micros] = await raw.sendCommand<[string, string]>(['TIME']);
    const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    // Another process's count of 2 for key 7, good for 300 ms more, that nobody will renew.
    await raw.hSet(key, { gone: '2', 'gone@': String(now + 300) });
    assert.equal(await slots.claim(7, 3), true);
    assert.equal(await slots.claim(7, 3), false, 'the other process’s 2 still count');
    await sleep(400);
    assert.equal(await slots.claim(7, 3), true, 'its lease ran out');
    assert.equal(await raw.hExists(key, 'gone'), 0, 'the dead count was removed');
    // Renewed every lease/3 while held: still counted after several leases. Redis forgetting its
    // scripts meanwhile (a restart, a failover) costs nothing: they are sent again.
    await raw.sendCommand(['SCRIPT', 'FLUSH']);
    await sleep(1000);
    assert.equal(await slots.claim(7, 3), true);
    assert.equal(await slots.claim(7, 3), false, 'this process holds 3');
    slots.release(7);
    const own = (await raw.hKeys(key)).find((name) => !name.endsWith('@'))!;
    await until(async () => (await raw.hGet(key, own)) === '2', 'the release written');
    await slots.close();
    assert.equal(await raw.exists(key), 0, 'a process that stops gives back what it held');
  } finally {
    await slots.close();
    await raw.close();
  }
});

test('a claim is never refused for its own sake by a renewal written while it is in flight', async () => {
  // Renewed every 2 ms. Redis forgets its scripts before each claim, so the claim's first try fails
  // and is sent again: a renewal sent meanwhile runs before it (CI, stop 30).
  const slots = await RedisSlots.connect(redis, 'store', { prefix: `test-slots-${randomUUID()}:`, leaseMs: 6 });
  const raw = createClient({ url: redis });
  await raw.connect();
  try {
    assert.equal(await slots.claim(3, 3), true);
    assert.equal(await slots.claim(3, 3), true);
    const refused = [];
    for (let i = 0; i < 200; i++) {
      await raw.sendCommand(['SCRIPT', 'FLUSH']);
      await sleep(3);
      if (await slots.claim(3, 3)) slots.release(3);
      else refused.push(i);
    }
    assert.deepEqual(refused, [], 'the third slot is free every time');
  } finally {
    await slots.close();
    await raw.close();
  }
});

test('a Redis that stops answering refuses the claim within the wait, naming no host', async () => {
  const proxy = await TcpProxy.start(6379);
  const slots = await RedisSlots.connect(`redis://127.0.0.1:${proxy.port}`, 'store', {
    prefix: `test-slots-${randomUUID()}:`,
    timeoutMs: 200,
  });
  try {
    assert.equal(await slots.claim(1, 5), true);
    proxy.hang();
    const started = performance.now();
    await assert.rejects(slots.claim(1, 5), (error: Error & { code?: number }) => {
      assert.equal(error.code, -32503);
      assert.equal(error.message, 'Subscription count unavailable (Redis did not answer); retry shortly');
      return true;
    });
    assert.ok(performance.now() - started < 1000, 'refused within the wait');
    proxy.recover();
    assert.equal(await slots.claim(1, 5), true, 'answered again once Redis is back');
  } finally {
    proxy.recover();
    await slots.close();
    await proxy.close();
  }
});
