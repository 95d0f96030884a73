import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { Plan } from '../src/auth/plans.js';
import { InProcessRateLimiter, type RateDecision, type UsageStore } from '../src/auth/rate-limiter.js';
import { RedisRateLimiter } from '../src/auth/redis-rate-limiter.js';
import { mulberry32 } from './support/random.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Every key of this run starts with it, so runs never see each other's state and cleanup is exact. */
const PREFIX = `test:rrl:${randomUUID()}:`;
const STORE_ID = 'store';

const admin = createClient({ url: REDIS_URL });
await admin.connect();
const opened: RedisRateLimiter[] = [];

async function ourKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of admin.scanIterator({ MATCH: `${PREFIX}*`, COUNT: 1000 })) keys.push(...batch);
  return keys;
}

after(async () => {
  await Promise.all(opened.map((l) => l.close()));
  const keys = await ourKeys();
  if (keys.length > 0) await admin.del(keys);
  await admin.close();
});

const plan = (over: Partial<Plan>): Plan => ({
  name: 'test',
  requestsPerSecond: 10,
  burst: 20,
  monthlyQuota: null,
  enhancedParsing: false,
  ...over,
});

async function limiter(now?: () => number, storeId = STORE_ID): Promise<RedisRateLimiter> {
  const l = await RedisRateLimiter.connect(REDIS_URL, storeId, { prefix: PREFIX, now });
  opened.push(l);
  return l;
}

/** A clock the test moves by hand, shared by every limiter given it. */
function clockAt(t: number) {
  const clock = { t };
  return { clock, now: () => clock.t };
}

let nextKeyId = 1;
const freshKey = () => nextKeyId++;

const MID_JAN = Date.UTC(2025, 0, 15, 12, 0, 0);
const ok: RateDecision = { allowed: true };
const rate = (retryAfterSeconds: number): RateDecision => ({ allowed: false, reason: 'rate', retryAfterSeconds });

test('burst is admitted, then refused with a Retry-After for the missing tokens', async () => {
  const { now } = clockAt(MID_JAN);
  const l = await limiter(now);
  const p = plan({ requestsPerSecond: 2, burst: 5 });
  const key = freshKey();
  for (let i = 0; i < 5; i++) assert.deepEqual(await l.take(key, p, 1), ok, `request ${i}`);
  assert.deepEqual(await l.take(key, p, 1), rate(1));
  // Three tokens at two per second: 1.5 s, rounded up.
  assert.deepEqual(await l.take(key, p, 3), rate(2));
});

test('tokens refill at the plan rate, up to the burst and no further', async () => {
  const { clock, now } = clockAt(MID_JAN);
  const l = await limiter(now);
  const p = plan({ requestsPerSecond: 2, burst: 4 });
  const key = freshKey();
  for (let i = 0; i < 4; i++) assert.deepEqual(await l.take(key, p, 1), ok);
  assert.deepEqual(await l.take(key, p, 1), rate(1));
  clock.t += 500;
  assert.deepEqual(await l.take(key, p, 1), ok, 'one token after half a second');
  assert.deepEqual(await l.take(key, p, 1), rate(1));
  clock.t += 60_000;
  for (let i = 0; i < 4; i++) assert.deepEqual(await l.take(key, p, 1), ok, `refilled ${i}`);
  assert.deepEqual(await l.take(key, p, 1), rate(1), 'capped at the burst');
});

test('a batch costs its size, and one that does not fit consumes nothing', async () => {
  const { now } = clockAt(MID_JAN);
  const l = await limiter(now);
  const p = plan({ requestsPerSecond: 1, burst: 10 });
  const key = freshKey();
  assert.deepEqual(await l.take(key, p, 7), ok);
  assert.deepEqual(await l.take(key, p, 4), rate(1));
  assert.deepEqual(await l.take(key, p, 3), ok, 'the refused batch left its three tokens');
  assert.deepEqual(await l.take(key, p, 1), rate(1));
});

test('a batch larger than the burst is refused outright and consumes nothing', async () => {
  const { now } = clockAt(MID_JAN);
  const l = await limiter(now);
  const p = plan({ requestsPerSecond: 1, burst: 5 });
  const key = freshKey();
  assert.deepEqual(await l.take(key, p, 6), rate(1));
  for (let i = 0; i < 5; i++) assert.deepEqual(await l.take(key, p, 1), ok);
  await assert.rejects(l.take(key, p, 0), RangeError);
  await assert.rejects(l.take(key, p, 1.5), RangeError);
});

test('the monthly quota refuses with reason quota until the next UTC month, then counts afresh', async () => {
  const endOfFeb = Date.UTC(2024, 1, 29, 23, 59, 58, 500); // leap day, 1.5 s before March
  const { clock, now } = clockAt(endOfFeb);
  const l = await limiter(now);
  const p = plan({ requestsPerSecond: 1000, burst: 1000, monthlyQuota: 10 });
  const key = freshKey();
  assert.deepEqual(await l.take(key, p, 6), ok);
  assert.deepEqual(await l.take(key, p, 4), ok);
  assert.deepEqual(await l.take(key, p, 1), { allowed: false, reason: 'quota', retryAfterSeconds: 2 });
  assert.equal(await l.usage(key, '2024-02'), 10);

  clock.t = Date.UTC(2024, 2, 1, 0, 0, 0, 1);
  assert.deepEqual(await l.take(key, p, 3), ok);
  assert.equal(await l.usage(key, '2024-03'), 3);
  assert.equal(await l.usage(key, '2024-02'), 10, 'last month is still reported');
  clock.t = Date.UTC(2024, 11, 31, 23, 0, 0);
  assert.deepEqual(await l.take(key, p, 10), ok);
  assert.deepEqual(await l.take(key, p, 1), { allowed: false, reason: 'quota', retryAfterSeconds: 3600 });
  clock.t = Date.UTC(2025, 0, 1);
  assert.deepEqual(await l.take(key, p, 1), ok, 'December rolls over into January of the next year');
  assert.equal(await l.usage(key, '2025-01'), 1);
  assert.equal(await l.usage(freshKey(), '2025-01'), 0);
});

test('every key written expires: buckets once they would be full again, counters weeks after their month', async () => {
  const l = await limiter();
  const key = freshKey();
  await l.take(key, plan({ requestsPerSecond: 1, burst: 10, monthlyQuota: 100 }), 4);
  const keys = (await ourKeys()).filter((k) => k.includes(`{${key}}`));
  assert.equal(keys.length, 2);
  for (const k of keys) {
    const ttl = await admin.pTTL(k);
    if (k.endsWith(':bucket')) assert.ok(ttl > 4_000 && ttl <= 64_000, `${k} ttl ${ttl}`);
    else assert.ok(ttl > 35 * 86_400_000 && ttl <= 67 * 86_400_000, `${k} ttl ${ttl}`);
  }
});

test('two instances on separate connections share one budget per key', async () => {
  const { clock, now } = clockAt(MID_JAN);
  const [a, b] = [await limiter(now), await limiter(now)];
  const p = plan({ requestsPerSecond: 1, burst: 10, monthlyQuota: 1000 });
  const key = freshKey();
  let admitted = 0;
  for (let i = 0; i < 30; i++) if ((await (i % 2 === 0 ? a : b).take(key, p, 1)).allowed) admitted++;
  assert.equal(admitted, 10);
  assert.deepEqual(await b.take(key, p, 1), rate(1));
  clock.t += 1000;
  assert.deepEqual(await b.take(key, p, 1), ok, 'a token refilled for both');
  assert.deepEqual(await a.take(key, p, 1), rate(1));
  assert.equal(await a.usage(key, '2025-01'), 11);
});

test('limiters of two key stores keep apart the budgets and counters of one key id', async () => {
  const { now } = clockAt(MID_JAN);
  const [a, b] = [await limiter(now, 'store-a'), await limiter(now, 'store-b')];
  const p = plan({ requestsPerSecond: 1, burst: 3 });
  const key = freshKey();
  for (let i = 0; i < 3; i++) assert.deepEqual(await a.take(key, p, 1), ok);
  assert.deepEqual(await a.take(key, p, 1), rate(1));
  for (let i = 0; i < 3; i++) assert.deepEqual(await b.take(key, p, 1), ok, "the other store's key has a budget of its own");
  assert.equal(await a.usage(key, '2025-01'), 3);
  assert.equal(await b.usage(key, '2025-01'), 3);
});

test('concurrent takes through two instances on the server clock never admit more than the burst', async () => {
  const [a, b] = [await limiter(), await limiter()];
  // A token every 1000 s: nothing refills while the test runs, so exactly the burst gets through.
  const p = plan({ requestsPerSecond: 0.001, burst: 25 });
  const key = freshKey();
  const decisions = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).take(key, p, 1)));
  assert.equal(decisions.filter((d) => d.allowed).length, 25);
  for (const d of decisions) if (!d.allowed) assert.deepEqual(d, rate(1000));
  const [seconds] = await admin.sendCommand<string[]>(['TIME']);
  const month = new Date(Number(seconds) * 1000).toISOString().slice(0, 7);
  assert.equal(await a.usage(key, month), 25, 'counted under the server clock’s month');
});

test('a flushed script cache is refilled through EVAL', async () => {
  const { now } = clockAt(MID_JAN);
  const l = await limiter(now);
  const p = plan({ requestsPerSecond: 1, burst: 2 });
  const key = freshKey();
  assert.deepEqual(await l.take(key, p, 1), ok);
  // What a Redis restart or failover does to the cache; any client on this Redis recovers the same way.
  await admin.scriptFlush();
  assert.deepEqual(await l.take(key, p, 1), ok);
  assert.deepEqual(await l.take(key, p, 1), rate(1));
});

test('Redis failures reject rather than decide', async () => {
  await assert.rejects(RedisRateLimiter.connect('redis://127.0.0.1:1', STORE_ID), /Redis rate limiter failed: cannot connect/);
  const l = await RedisRateLimiter.connect(REDIS_URL, STORE_ID, { prefix: PREFIX });
  await l.close();
  await assert.rejects(l.take(freshKey(), plan({}), 1), /Redis rate limiter failed/);
  await assert.rejects(l.usage(freshKey(), '2025-01'), /Redis rate limiter failed/);
});

test('fractional tokens survive storage bit-for-bit, rounding error included', async () => {
  const { clock, now } = clockAt(MID_JAN);
  const local = new InProcessRateLimiter({ now });
  const shared = await limiter(now);
  // 0.1 token a millisecond: ten refills sum to 0.9999999999999999, not 1, in doubles. Storing
  // fewer than 17 digits would round that up to a whole token and admit what the in-process one refuses.
  const p = plan({ requestsPerSecond: 100, burst: 1 });
  const key = freshKey();
  const steps: RateDecision[] = [];
  for (let i = 0; i <= 10; i++) {
    const expected = local.take(key, p, 1);
    assert.deepEqual(await shared.take(key, p, 1), expected, `step ${i}`);
    steps.push(expected);
    clock.t += 1;
  }
  assert.deepEqual(steps.at(-1), rate(1));
  local.close();
});

test('a stalled Redis makes take reject after the timeout, and later replies stay in order', async () => {
  const { now } = clockAt(MID_JAN);
  const l = await RedisRateLimiter.connect(REDIS_URL, STORE_ID, { prefix: PREFIX, now, timeoutMs: 100 });
  opened.push(l);
  const p = plan({ requestsPerSecond: 1, burst: 2 });
  const key = freshKey();
  // This stalls writes (scripts included) for every client of this Redis, so it is lifted as soon as possible.
  await admin.sendCommand(['CLIENT', 'PAUSE', '2000', 'WRITE']);
  try {
    await assert.rejects(l.take(key, p, 1), /Redis rate limiter failed: take: no reply within 100 ms/);
  } finally {
    await admin.sendCommand(['CLIENT', 'UNPAUSE']);
  }
  // The timed-out call still ran once Redis resumed, leaving one token; its late reply is not mistaken for these.
  assert.deepEqual(await l.take(key, p, 1), ok);
  assert.deepEqual(await l.take(key, p, 1), rate(1));
});

/** Deterministic, so a failing sequence can be replayed: draws in [0, 1). */
function seededUnit(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}

test('a random sequence of clock steps and costs gets the same decisions as InProcessRateLimiter', async () => {
  const seed = 20250115;
  const random = seededUnit(seed);
  const { clock, now } = clockAt(Date.UTC(2024, 1, 27, 18, 0, 0));
  // The in-process limiter only remembers a month it has left through its usage store.
  const totals = new Map<string, number>();
  const usage: UsageStore = {
    load: (keyId, month) => totals.get(`${keyId}/${month}`) ?? 0,
    flush: (keyId, month, delta) => totals.set(`${keyId}/${month}`, (totals.get(`${keyId}/${month}`) ?? 0) + delta),
  };
  const local = new InProcessRateLimiter({ now, usage });
  const shared = await limiter(now);
  try {
    const cases: [number, Plan][] = [
      [freshKey(), plan({ requestsPerSecond: 3.7, burst: 7, monthlyQuota: 60 })],
      [freshKey(), plan({ requestsPerSecond: 0.5, burst: 3, monthlyQuota: null })],
      [freshKey(), plan({ requestsPerSecond: 1000 / 3, burst: 12, monthlyQuota: 400 })],
    ];
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const r = random();
      if (r < 0.02)
        clock.t += random() * 20 * 86_400_000; // days: crosses months
      else if (r < 0.05)
        clock.t -= random() * 2000; // the clock steps back
      else if (r < 0.6) clock.t += Math.floor(random() * 1500);
      else if (r < 0.9) clock.t += random() * 400; // fractional milliseconds
      const [keyId, p] = cases[Math.floor(random() * cases.length)];
      const cost = 1 + Math.floor(random() * (p.burst + 1));
      const expected = local.take(keyId, p, cost);
      const actual = await shared.take(keyId, p, cost);
      assert.deepEqual(actual, expected, `seed ${seed}, step ${i}: key ${keyId} cost ${cost} at ${clock.t}`);
      seen.add(expected.allowed ? 'allowed' : expected.reason!);
    }
    assert.deepEqual([...seen].sort(), ['allowed', 'quota', 'rate'], 'the sequence exercised every outcome');
  } finally {
    local.close();
  }
});
