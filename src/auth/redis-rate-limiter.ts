/**
 * The rate limiter for a fleet of gateways: the same token bucket and monthly quota as
 * InProcessRateLimiter, kept in Redis so every instance behind the load balancer draws on one budget
 * per key. Each decision is one Lua script, so concurrent requests through different instances are
 * serialized by Redis and can never admit more than the bucket holds.
 */
import { connectRedis, loadScript, runScript, withTimeout, type LoadedScript, type RedisClient } from '../redis/connect.js';
import type { RateLimiter } from './limiter.js';
import type { Plan } from './plans.js';
import type { RateDecision } from './rate-limiter.js';

export interface RedisRateLimiterOptions {
  /** Put before the store id in every key this limiter writes, so that tests can find and delete theirs. Default `ratelimit:`. */
  prefix?: string;
  /**
   * Milliseconds since the epoch; for tests. By default the script reads the Redis server's TIME,
   * so gateway instances whose clocks disagree still refill buckets and roll months over together.
   */
  now?: () => number;
  /** How long `take` and `usage` wait for Redis before rejecting; a stalled Redis must not stall every request. Default 1000. */
  timeoutMs?: number;
}

/*
 * Every key is `<prefix><storeId>:{<keyId>}:…`: key ids count from 1 in every key store, so the
 * store's id keeps apart the keys of gateways with different key stores sharing this Redis.
 *
 * KEYS[1]  the key's bucket: a hash of tokens and the refill time (ms) they were computed at.
 * KEYS[2]  the prefix of the key's monthly counters; the script appends YYYY-MM, which it can only
 *          know once it has read the clock. Both keys carry the same {keyId} hash tag, so on a
 *          cluster the counters live in the slot the script is routed to.
 * ARGV     cost, requestsPerSecond, burst, monthlyQuota ('' = unlimited), now in ms ('' = server TIME).
 * Returns  {1} when admitted, else {0, reason, retryAfterSeconds}.
 *
 * The arithmetic mirrors InProcessRateLimiter step by step (Lua numbers are IEEE doubles too), and
 * floats are stored with 17 significant digits so they read back bit-for-bit; that is what makes the
 * two limiters' decisions identical rather than merely close.
 */
const SCRIPT = `
local cost = tonumber(ARGV[1])
local rps = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local quota = tonumber(ARGV[4])
local now = tonumber(ARGV[5])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

-- Refill. A key with no bucket starts full, which is also what an expired bucket would have refilled to.
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens and at then
  -- A clock stepping backwards refills nothing rather than producing negative tokens.
  tokens = math.min(burst, tokens + (math.max(0, now - at) * rps) / 1000)
else
  tokens = burst
end

-- The UTC calendar month of now and the seconds until the next one (proleptic Gregorian, days since 1970).
local function civilFromDays(days)
  local z = days + 719468
  local era = math.floor(z / 146097)
  local doe = z - era * 146097
  local yoe = math.floor((doe - math.floor(doe / 1460) + math.floor(doe / 36524) - math.floor(doe / 146096)) / 365)
  local doy = doe - (365 * yoe + math.floor(yoe / 4) - math.floor(yoe / 100))
  local mp = math.floor((5 * doy + 2) / 153)
  local m = mp < 10 and mp + 3 or mp - 9
  local y = yoe + era * 400
  if m <= 2 then y = y + 1 end
  return y, m
end
local function daysFromCivil(y, m)
  if m <= 2 then y = y - 1 end
  local era = math.floor(y / 400)
  local yoe = y - era * 400
  local doy = math.floor((153 * ((m + 9) % 12) + 2) / 5)
  return era * 146097 + yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy - 719468
end
local y, m = civilFromDays(math.floor(now / 86400000))
local usageKey = KEYS[2] .. string.format('%04d-%02d', y, m)
local nextMonthMs
if m == 12 then nextMonthMs = daysFromCivil(y + 1, 1) * 86400000 else nextMonthMs = daysFromCivil(y, m + 1) * 86400000 end
local toNextMonth = math.max(1, math.ceil((nextMonthMs - now) / 1000))

-- Same checks in the same order as InProcessRateLimiter.take.
local reason, retryAfter
if cost > burst then
  reason, retryAfter = 'rate', 1
elseif quota and tonumber(redis.call('GET', usageKey) or '0') + cost > quota then
  reason, retryAfter = 'quota', toNextMonth
elseif tokens < cost then
  reason, retryAfter = 'rate', math.max(1, math.ceil((cost - tokens) / rps))
else
  tokens = tokens - cost
end

-- Saved even when refused, as the in-process limiter does, so later refills start from the same point.
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', string.format('%.17g', now))
-- Once the bucket would be full again it is indistinguishable from no bucket; the minute's margin
-- covers injected test clocks running at a different pace from the server's.
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rps) + 60000)
if reason then return {0, reason, retryAfter} end

redis.call('INCRBY', usageKey, ARGV[1])
-- Kept through the following month so last month's usage can still be reported.
redis.call('EXPIRE', usageKey, toNextMonth + 35 * 86400)
return {1}
`;

function failure(what: string, err: unknown): Error {
  return new Error(`Redis rate limiter failed: ${what}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}

function decisionFrom(raw: unknown): RateDecision {
  const reply: unknown[] | null = Array.isArray(raw) ? raw : null;
  if (reply !== null && reply[0] === 1 && reply.length === 1) return { allowed: true };
  if (reply !== null && reply[0] === 0 && (reply[1] === 'rate' || reply[1] === 'quota') && typeof reply[2] === 'number') {
    return { allowed: false, reason: reply[1], retryAfterSeconds: reply[2] };
  }
  throw new Error(`Redis rate limiter failed: unexpected script reply ${JSON.stringify(raw)}`);
}

export class RedisRateLimiter implements RateLimiter {
  private constructor(
    private readonly client: RedisClient,
    private readonly script: LoadedScript,
    /** The configured prefix with the key store's id. */
    private readonly prefix: string,
    private readonly now: (() => number) | undefined,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Connects and loads the script; rejects if Redis cannot be reached now, so a misconfigured gateway fails at startup.
   * `storeId`: the key store's (KeyStoreOf.storeId), whose key ids this limiter is given.
   */
  static async connect(url: string, storeId: string, opts: RedisRateLimiterOptions = {}): Promise<RedisRateLimiter> {
    let client: RedisClient;
    try {
      client = await connectRedis(url, 'rate limiter');
    } catch (err) {
      throw failure('cannot connect', err);
    }
    try {
      const timeoutMs = opts.timeoutMs ?? 1000;
      const script = await withTimeout(loadScript(client, SCRIPT), timeoutMs);
      return new RedisRateLimiter(client, script, `${opts.prefix ?? 'ratelimit:'}${storeId}:`, opts.now, timeoutMs);
    } catch (err) {
      client.destroy();
      throw failure('cannot load the script', err);
    }
  }

  /** Same decisions as InProcessRateLimiter.take, shared by every limiter on this Redis, prefix and key store. */
  async take(keyId: number, plan: Plan, cost: number): Promise<RateDecision> {
    if (!Number.isInteger(cost) || cost < 1) throw new RangeError(`cost must be a positive integer, got ${cost}`);
    // A zero or non-finite rate would make the script's waits and expiries meaningless numbers.
    if (!(plan.requestsPerSecond > 0 && Number.isFinite(plan.requestsPerSecond)) || !(plan.burst > 0 && Number.isFinite(plan.burst))) {
      throw new RangeError(`plan "${plan.name}" needs a positive finite rate and burst`);
    }
    const keys = [this.bucketKey(keyId), this.usagePrefix(keyId)];
    const args = [
      String(cost),
      String(plan.requestsPerSecond),
      String(plan.burst),
      plan.monthlyQuota === null ? '' : String(plan.monthlyQuota),
      this.now ? String(this.now()) : '',
    ];
    let reply: unknown;
    try {
      reply = await withTimeout(this.run(keys, args), this.timeoutMs);
    } catch (err) {
      throw failure('take', err);
    }
    return decisionFrom(reply);
  }

  /** Requests admitted for the key in a UTC month (`YYYY-MM`), across all instances. */
  async usage(keyId: number, month: string): Promise<number> {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new RangeError(`month must be YYYY-MM, got ${month}`);
    let value: string | null;
    try {
      value = await withTimeout(this.client.get(this.usagePrefix(keyId) + month), this.timeoutMs);
    } catch (err) {
      throw failure('usage', err);
    }
    return value === null ? 0 : Number(value);
  }

  /** Every request is counted in Redis as it is admitted: nothing is held back to write. */
  flush(): void {}

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }

  private run(keys: string[], args: string[]): Promise<unknown> {
    return runScript(this.client, this.script, keys, args);
  }

  private bucketKey(keyId: number): string {
    return `${this.prefix}{${keyId}}:bucket`;
  }

  private usagePrefix(keyId: number): string {
    return `${this.prefix}{${keyId}}:usage:`;
  }
}
