/**
 * Subscription slots for a fleet of gateways on one Redis (and for acceptors given Redis): a key's
 * `max_subscriptions` holds over every process serving it, as its rate limit does. Subscriptions
 * live on connections, and a process that dies cannot give its slots back, so each process's count
 * is a lease: it writes its own count again every `leaseMs / 3`, and a count whose lease ran out is
 * dropped by the next claim. What a process writes is what it holds, so a lost release is set right
 * by the next write. No count is written for a key while one of its claims is in flight: a write
 * that counted the claim before the claim's script ran made the claim see itself and be refused
 * (CI, stop 30). The write waits for the last claim to settle; the claim renews the lease meanwhile.
 *
 * KEYS[1]  `<prefix><storeId>:{<keyId>}:subs`, a hash: per process holding slots of the key,
 *          `<instance>` its count and `<instance>@` the time (ms, Redis's clock) the count holds until.
 */
import { randomUUID } from 'node:crypto';
import { connectRedis, loadScript, runScript, withTimeout, type LoadedScript, type RedisClient } from '../redis/connect.js';
import { log } from '../observe/log.js';
import { subscriptionCountUnavailable } from '../rpc/errors.js';
import type { SubscriptionSlots } from './subscription-slots.js';

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[3])
`;

/** ARGV: instance, max, lease ms. Returns 1 when a slot was taken, 0 when all are held; renews the process's lease either way. */
const CLAIM = `${NOW}
local fields = redis.call('HGETALL', KEYS[1])
local counts, untils = {}, {}
for i = 1, #fields, 2 do
  local name, value = fields[i], tonumber(fields[i + 1])
  if string.sub(name, -1) == '@' then untils[string.sub(name, 1, -2)] = value else counts[name] = value end
end
local total = 0
for name, count in pairs(counts) do
  if name ~= ARGV[1] and (untils[name] or 0) < now then
    redis.call('HDEL', KEYS[1], name, name .. '@')
  else
    total = total + count
  end
end
if counts[ARGV[1]] then
  redis.call('HSET', KEYS[1], ARGV[1] .. '@', now + lease)
  redis.call('PEXPIRE', KEYS[1], lease)
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HSET', KEYS[1], ARGV[1] .. '@', now + lease)
redis.call('PEXPIRE', KEYS[1], lease)
return 1
`;

/** ARGV: instance, count, lease ms. The process's count, written again (0: removed). */
const HOLD = `${NOW}
if tonumber(ARGV[2]) <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1], ARGV[1] .. '@')
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2], ARGV[1] .. '@', now + lease)
redis.call('PEXPIRE', KEYS[1], lease)
return 1
`;

interface Own {
  held: number;
  claiming: number;
  pending: boolean;
}

export interface RedisSlotsOptions {
  /** Put before the store id in every key written, so that tests can keep theirs apart. Default `pubsub:`. */
  prefix?: string;
  /** How long a process's count holds without being written again. Default 30 s. */
  leaseMs?: number;
  /** How long a claim waits for Redis before the subscribe is refused. Default 1000. */
  timeoutMs?: number;
}

export class RedisSlots implements SubscriptionSlots {
  /** Per key: slots held (subscriptions made), claims in flight, and whether a write waits for them to settle. */
  private readonly held = new Map<number, Own>();
  private readonly instance = randomUUID();
  private readonly renewal: NodeJS.Timeout;

  private constructor(
    private readonly client: RedisClient,
    private readonly scripts: { claim: LoadedScript; hold: LoadedScript },
    private readonly prefix: string,
    private readonly leaseMs: number,
    private readonly timeoutMs: number,
  ) {
    this.renewal = setInterval(() => this.renew(), Math.max(1, Math.floor(leaseMs / 3)));
    this.renewal.unref();
  }

  /** `storeId`: the key store's, whose key ids the slots are counted under (as the rate limiter's are). */
  static async connect(url: string, storeId: string, options: RedisSlotsOptions = {}): Promise<RedisSlots> {
    const client = await connectRedis(url, 'subscription slots');
    const timeoutMs = options.timeoutMs ?? 1000;
    try {
      const [claim, hold] = await withTimeout(Promise.all([loadScript(client, CLAIM), loadScript(client, HOLD)]), timeoutMs);
      return new RedisSlots(client, { claim, hold }, `${options.prefix ?? 'pubsub:'}${storeId}:`, options.leaseMs ?? 30_000, timeoutMs);
    } catch (error) {
      client.destroy();
      throw error;
    }
  }

  async claim(keyId: number, max: number): Promise<boolean> {
    const own = this.own(keyId);
    own.claiming++;
    let reply: unknown;
    try {
      reply = await withTimeout(this.run(this.scripts.claim, keyId, [this.instance, String(max), String(this.leaseMs)]), this.timeoutMs);
    } catch (error) {
      // The script may have counted the claim before the wait ran out: what is held is written again.
      own.pending = true;
      this.settle(keyId, own);
      // The client is told that Redis failed, not how: its errors name hosts and ports.
      log.error({ err: error }, 'subscription count in Redis failed');
      throw subscriptionCountUnavailable('Redis did not answer');
    }
    if (reply === 1) own.held++;
    this.settle(keyId, own);
    return reply === 1;
  }

  release(keyId: number): void {
    const own = this.held.get(keyId);
    if (own === undefined || own.held === 0) return;
    own.held--;
    this.update(keyId, own);
    this.forgetIfEmpty(keyId, own);
  }

  async close(): Promise<void> {
    clearInterval(this.renewal);
    // The counts this process held go with it; a process killed outright leaves them to the lease.
    await Promise.allSettled([...this.held.keys()].map((keyId) => this.hold(keyId, 0)));
    if (this.client.isOpen) await this.client.close();
  }

  private renew(): void {
    for (const [keyId, own] of this.held) this.update(keyId, own);
  }

  /** Writes what is held, or leaves it to the last claim in flight to write when it settles. */
  private update(keyId: number, own: Own): void {
    if (own.claiming > 0) own.pending = true;
    else this.write(keyId, own.held);
  }

  private settle(keyId: number, own: Own): void {
    own.claiming--;
    if (own.claiming === 0 && own.pending) {
      own.pending = false;
      this.write(keyId, own.held);
    }
    this.forgetIfEmpty(keyId, own);
  }

  /** A write that fails is set right by the next renewal, or by the lease running out. */
  private write(keyId: number, count: number): void {
    this.hold(keyId, count).catch((error: unknown) => log.debug({ err: error }, 'writing a subscription count to Redis failed'));
  }

  private hold(keyId: number, count: number): Promise<unknown> {
    return withTimeout(this.run(this.scripts.hold, keyId, [this.instance, String(count), String(this.leaseMs)]), this.timeoutMs);
  }

  private run(script: LoadedScript, keyId: number, args: string[]): Promise<unknown> {
    return runScript(this.client, script, [`${this.prefix}{${keyId}}:subs`], args);
  }

  private own(keyId: number): Own {
    let own = this.held.get(keyId);
    if (own === undefined) this.held.set(keyId, (own = { held: 0, claiming: 0, pending: false }));
    return own;
  }

  private forgetIfEmpty(keyId: number, own: Own): void {
    if (own.held === 0 && own.claiming === 0) this.held.delete(keyId);
  }
}
