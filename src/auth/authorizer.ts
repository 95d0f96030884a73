/** Who is calling and whether their plan lets them: key lookup, then the rate and quota decision. */
import { ErrorCode, RpcError } from '../rpc/errors.js';
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

export interface Refusal {
  status: 401 | 429 | 503;
  error: RpcError;
  /** Sent as Retry-After when the client may simply try again. */
  retryAfterSeconds?: number;
}

const unauthorized = (message: string): Refusal => ({ status: 401, error: new RpcError(ErrorCode.unauthorized, message) });

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
    if (key === null || key === '') {
      return unauthorized('Missing API key: send it as the first path segment (POST /<api_key>) or in the x-api-key header');
    }
    const retryAfterSeconds = this.refusals.retryAfterSeconds(address);
    if (retryAfterSeconds > 0) {
      return {
        status: 429,
        error: new RpcError(
          ErrorCode.rateLimited,
          `Too many requests with unknown or revoked API keys from this address; retry after ${retryAfterSeconds} s with a valid key`,
        ),
        retryAfterSeconds,
      };
    }
    let record: KeyRecord | null;
    try {
      record = await this.keys.findKey(key);
    } catch (error) {
      log.error({ err: error }, 'key store failed');
      return {
        status: 503,
        error: new RpcError(ErrorCode.unavailable, 'API keys cannot be checked right now; retry shortly'),
        retryAfterSeconds: 1,
      };
    }
    if (record === null || record.revokedAt !== null) this.refusals.refused(address);
    if (record === null) {
      return unauthorized(
        'Invalid API key: this key is not known to the gateway; check it, or create one with `enhanced-rpc keys create --plan <plan>`',
      );
    }
    if (record.revokedAt !== null) {
      return unauthorized(`API key revoked (${record.fingerprint}); create a new key with \`enhanced-rpc keys create --plan <plan>\``);
    }
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
      return {
        status: 503,
        error: new RpcError(ErrorCode.unavailable, 'Rate limiting is temporarily unavailable; retry shortly'),
        retryAfterSeconds: 1,
      };
    }
    if (decision.allowed) return null;
    const { plan } = access;
    const retryAfterSeconds = decision.retryAfterSeconds ?? 1;
    let message: string;
    if (decision.reason === 'quota') {
      message = `Monthly quota of ${plan.monthlyQuota} requests for plan "${plan.name}" is used up; it renews at the start of the next month (UTC), or upgrade the plan`;
    } else if (cost > plan.burst) {
      message = `This batch counts ${cost} requests, more than plan "${plan.name}" allows at once (burst ${plan.burst}); send smaller batches`;
    } else {
      message = `Rate limit exceeded: plan "${plan.name}" allows ${plan.requestsPerSecond} requests per second (burst ${plan.burst}); retry after ${retryAfterSeconds} s`;
    }
    return { status: 429, error: new RpcError(ErrorCode.rateLimited, message), retryAfterSeconds };
  }

  async flushUsage(): Promise<void> {
    await this.limiter.flush();
  }

  async close(): Promise<void> {
    await this.limiter.close();
  }
}
