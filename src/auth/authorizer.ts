/** Who is calling and whether their plan lets them: key lookup, then the rate and quota decision. */
import {
  batchOverBurst,
  keyStoreUnavailable,
  missingKey,
  quotaUsedUp,
  rateLimitExceeded,
  rateLimiterUnavailable,
  refusedAddress,
  revokedKey,
  unknownKey,
  type Refusal,
} from '../rpc/errors.js';
import type { KeyRecord } from './key-record.js';
import type { Plan } from './plans.js';
import type { RateLimiter } from './limiter.js';
import { log } from '../observe/log.js';
import { RefusalLimit } from './refusal-limit.js';

export interface Access {
  keyId: number;
  fingerprint: string;
  plan: Plan;
}

/** The one thing authorization needs from a key store (SQLite answers at once, PostgreSQL later). */
export interface KeyLookup {
  findKey(key: string): KeyRecord | null | Promise<KeyRecord | null>;
}

export class Authorizer {
  constructor(
    private readonly keys: KeyLookup,
    private readonly limiter: RateLimiter,
    private readonly refusals = new RefusalLimit(),
  ) {}

  /** `address` is the client's, whose refused keys are counted. */
  async identify(key: string | null, address: string): Promise<Access | Refusal> {
    if (key === null || key === '') return missingKey();
    const retryAfterSeconds = this.refusals.retryAfterSeconds(address);
    if (retryAfterSeconds > 0) return refusedAddress(retryAfterSeconds);
    let record: KeyRecord | null;
    try {
      record = await this.keys.findKey(key);
    } catch (error) {
      log.error({ err: error }, 'key store failed');
      return keyStoreUnavailable();
    }
    if (record === null || record.revokedAt !== null) this.refusals.refused(address);
    if (record === null) return unknownKey();
    if (record.revokedAt !== null) return revokedKey(record.fingerprint);
    return { keyId: record.id, fingerprint: record.fingerprint, plan: record.plan };
  }

  async admit(access: Access, cost: number): Promise<Refusal | null> {
    let decision;
    try {
      decision = await this.limiter.take(access.keyId, access.plan, cost);
    } catch (error) {
      // Without the shared limiter no instance can tell how much of the budget is left; refusing
      // briefly is safer for the operator than serving unmetered.
      log.error({ err: error }, 'rate limiter failed');
      return rateLimiterUnavailable();
    }
    if (decision.allowed) return null;
    const { plan } = access;
    const retryAfterSeconds = decision.retryAfterSeconds ?? 1;
    if (decision.reason === 'quota') return quotaUsedUp(plan, retryAfterSeconds);
    if (cost > plan.burst) return batchOverBurst(plan, cost, retryAfterSeconds);
    return rateLimitExceeded(plan, retryAfterSeconds);
  }

  async flushUsage(): Promise<void> {
    await this.limiter.flush();
  }

  async close(): Promise<void> {
    await this.limiter.close();
  }
}
