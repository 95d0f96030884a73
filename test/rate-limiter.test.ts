import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteKeyStore } from '../src/auth/key-store.js';
import type { Plan } from '../src/auth/plans.js';
import { defaultPlans } from '../src/auth/plans.js';
import { InProcessRateLimiter, keyStoreUsage, type UsageStore } from '../src/auth/rate-limiter.js';

const free = defaultPlans.find((p) => p.name === 'free')!;
const plan = (over: Partial<Plan>): Plan => ({ ...free, name: 'test', ...over });

/** An in-memory usage store that records every flush. */
function memoryUsage(initial: Record<string, number> = {}) {
  const totals = new Map(Object.entries(initial));
  const flushes: [number, string, number][] = [];
  const usage: UsageStore = {
    load: (keyId, month) => totals.get(`${keyId}/${month}`) ?? 0,
    flush: (keyId, month, delta) => {
      flushes.push([keyId, month, delta]);
      totals.set(`${keyId}/${month}`, (totals.get(`${keyId}/${month}`) ?? 0) + delta);
    },
  };
  return { usage, totals, flushes };
}

function limiterAt(start: number, opts: { usage?: UsageStore } = {}) {
  const clock = { t: start };
  const limiter = new InProcessRateLimiter({ now: () => clock.t, ...opts });
  return { clock, limiter };
}

const MID_JAN = Date.UTC(2025, 0, 15, 12, 0, 0);

test('burst is allowed, then rejected with Retry-After until a token refills', (t) => {
  const { limiter } = limiterAt(MID_JAN);
  t.after(() => limiter.close());
  for (let i = 0; i < 20; i++) assert.deepEqual(limiter.take(1, free, 1), { allowed: true }, `request ${i}`);
  assert.deepEqual(limiter.take(1, free, 1), { allowed: false, reason: 'rate', retryAfterSeconds: 1 });
  // A different key has its own bucket.
  assert.deepEqual(limiter.take(2, free, 1), { allowed: true });
});

test('Retry-After is the whole seconds until enough tokens exist', (t) => {
  const slow = plan({ requestsPerSecond: 2, burst: 10 });
  const { clock, limiter } = limiterAt(MID_JAN);
  t.after(() => limiter.close());
  assert.equal(limiter.take(1, slow, 10).allowed, true);
  // 7 tokens at 2/s take 3.5 s.
  assert.deepEqual(limiter.take(1, slow, 7), { allowed: false, reason: 'rate', retryAfterSeconds: 4 });
  clock.t += 3499;
  assert.equal(limiter.take(1, slow, 7).allowed, false, 'rejected requests consume nothing, but 3.499 s is not enough');
  clock.t += 1;
  assert.equal(limiter.take(1, slow, 7).allowed, true);
});

test('tokens refill over time up to the burst', (t) => {
  const { clock, limiter } = limiterAt(MID_JAN);
  t.after(() => limiter.close());
  assert.equal(limiter.take(1, free, 20).allowed, true);
  assert.equal(limiter.take(1, free, 1).allowed, false);
  clock.t += 100; // 10 rps: one token per 100 ms
  assert.equal(limiter.take(1, free, 1).allowed, true);
  assert.equal(limiter.take(1, free, 1).allowed, false);
  clock.t += 60_000; // far longer than needed: capped at burst
  assert.equal(limiter.take(1, free, 20).allowed, true);
  assert.equal(limiter.take(1, free, 1).allowed, false);
});

test('a batch costs one token per call and is rejected whole when it does not fit', (t) => {
  const { clock, limiter } = limiterAt(MID_JAN);
  t.after(() => limiter.close());
  assert.deepEqual(limiter.take(1, free, 15), { allowed: true });
  assert.deepEqual(limiter.take(1, free, 10), { allowed: false, reason: 'rate', retryAfterSeconds: 1 });
  assert.deepEqual(limiter.take(1, free, 5), { allowed: true }, 'the rejected batch consumed nothing');
  assert.equal(limiter.take(1, free, 1).allowed, false);
  clock.t += 1000;
  assert.deepEqual(limiter.take(1, free, 10), { allowed: true });
});

test('a cost above the burst never fits', (t) => {
  const { clock, limiter } = limiterAt(MID_JAN);
  t.after(() => limiter.close());
  assert.deepEqual(limiter.take(1, free, 21), { allowed: false, reason: 'rate', retryAfterSeconds: 1 });
  clock.t += 3_600_000;
  assert.deepEqual(limiter.take(1, free, 21), { allowed: false, reason: 'rate', retryAfterSeconds: 1 });
  assert.deepEqual(limiter.take(1, free, 20), { allowed: true }, 'the full bucket was untouched');
});

test('invalid costs are a programming error', (t) => {
  const { limiter } = limiterAt(MID_JAN);
  t.after(() => limiter.close());
  for (const cost of [0, -1, 1.5, Number.NaN]) assert.throws(() => limiter.take(1, free, cost), RangeError);
});

test('quota exhaustion rejects with reason quota until the next UTC month', (t) => {
  const tiny = plan({ requestsPerSecond: 1000, burst: 1000, monthlyQuota: 5 });
  const endOfJan = Date.UTC(2025, 0, 31, 23, 59, 0, 500);
  const { clock, limiter } = limiterAt(endOfJan);
  t.after(() => limiter.close());
  assert.equal(limiter.take(1, tiny, 3).allowed, true);
  // 59.5 s to February, rounded up.
  assert.deepEqual(limiter.take(1, tiny, 3), { allowed: false, reason: 'quota', retryAfterSeconds: 60 });
  assert.equal(limiter.take(1, tiny, 2).allowed, true, 'the rejected request consumed no quota');
  assert.deepEqual(limiter.take(1, tiny, 1), { allowed: false, reason: 'quota', retryAfterSeconds: 60 });
  clock.t = Date.UTC(2025, 0, 31, 23, 59, 59, 999);
  assert.deepEqual(limiter.take(1, tiny, 1), { allowed: false, reason: 'quota', retryAfterSeconds: 1 });

  clock.t = Date.UTC(2025, 1, 1);
  assert.equal(limiter.take(1, tiny, 5).allowed, true, 'a new month starts with the full quota');
  assert.deepEqual(limiter.take(1, tiny, 1), {
    allowed: false,
    reason: 'quota',
    retryAfterSeconds: 28 * 24 * 3600,
  });
});

test('a null quota is unlimited', (t) => {
  const unlimited = plan({ requestsPerSecond: 1_000_000, burst: 1_000_000, monthlyQuota: null });
  const { clock, limiter } = limiterAt(MID_JAN);
  t.after(() => limiter.close());
  for (let i = 0; i < 5; i++) {
    assert.equal(limiter.take(1, unlimited, 1_000_000).allowed, true);
    clock.t += 1000;
  }
});

test('usage is loaded on first use in a month and pending deltas are flushed per month', (t) => {
  const tiny = plan({ monthlyQuota: 10 });
  const { usage, flushes, totals } = memoryUsage({ '7/2025-01': 8 });
  const { clock, limiter } = limiterAt(Date.UTC(2025, 0, 31, 23), { usage });
  t.after(() => limiter.close());

  assert.equal(limiter.take(7, tiny, 2).allowed, true);
  assert.equal(limiter.take(7, tiny, 1).reason, 'quota', 'the stored 8 counted toward the quota');

  clock.t = Date.UTC(2025, 1, 1, 1);
  assert.equal(limiter.take(7, tiny, 4).allowed, true);
  assert.equal(limiter.take(8, tiny, 1).allowed, true);
  assert.deepEqual(flushes, [], 'nothing is written before a flush');

  limiter.flush();
  assert.deepEqual(
    flushes.sort(),
    [
      [7, '2025-01', 2],
      [7, '2025-02', 4],
      [8, '2025-02', 1],
    ].sort(),
  );
  assert.equal(totals.get('7/2025-01'), 10);
  limiter.flush();
  assert.equal(flushes.length, 3, 'a flush with nothing pending writes nothing');
});

test('a failed flush keeps the delta for the next attempt', (t) => {
  const { usage, flushes } = memoryUsage();
  let failing = true;
  const flaky: UsageStore = {
    load: usage.load,
    flush: (...args) => {
      if (failing) throw new Error('database is locked');
      usage.flush(...args);
    },
  };
  const { limiter } = limiterAt(MID_JAN, { usage: flaky });
  t.after(() => limiter.close());
  limiter.take(1, free, 3);
  assert.throws(() => limiter.flush(), /database is locked/);
  limiter.take(1, free, 2);
  failing = false;
  limiter.flush();
  assert.deepEqual(flushes, [[1, '2025-01', 5]]);
});

test('usage survives a restart through the key store', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'erpc-limits-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'keys.sqlite');
  const tiny = plan({ requestsPerSecond: 100, burst: 100, monthlyQuota: 12 });

  const store = openSqliteKeyStore(file);
  const keyId = store.createKey('free').record.id;
  const first = new InProcessRateLimiter({ now: () => MID_JAN, usage: keyStoreUsage(store) });
  assert.equal(first.take(keyId, tiny, 7).allowed, true);
  assert.equal(first.take(keyId, tiny, 3).allowed, true);
  first.close();
  store.close();

  const reopened = openSqliteKeyStore(file);
  t.after(() => reopened.close());
  assert.equal(reopened.usageFor(keyId, '2025-01'), 10);
  const second = new InProcessRateLimiter({ now: () => MID_JAN, usage: keyStoreUsage(reopened) });
  t.after(() => second.close());
  assert.equal(second.take(keyId, tiny, 3).reason, 'quota', 'the reloaded 10 leave room for 2');
  assert.equal(second.take(keyId, tiny, 2).allowed, true);
  second.flush();
  assert.equal(reopened.usageFor(keyId, '2025-01'), 12);
});

test('after a flush the limiter picks up usage recorded by other processes', (t) => {
  const tiny = plan({ requestsPerSecond: 100, burst: 100, monthlyQuota: 10 });
  const { usage, totals } = memoryUsage();
  const { limiter } = limiterAt(MID_JAN, { usage });
  t.after(() => limiter.close());
  assert.equal(limiter.take(1, tiny, 2).allowed, true);
  totals.set('1/2025-01', 7); // another gateway flushed 7
  limiter.flush();
  assert.equal(limiter.take(1, tiny, 2).allowed, false, '7 + 2 = 9 stored; 2 more exceeds 10');
  assert.equal(limiter.take(1, tiny, 1).allowed, true);
});
