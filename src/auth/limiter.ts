import type { Plan } from './plans.js';
import type { RateDecision } from './rate-limiter.js';

/**
 * What the authorizer needs from a rate limiter, so a single gateway can keep its limits in memory
 * (InProcessRateLimiter) while a fleet behind a load balancer shares them through Redis
 * (RedisRateLimiter). Both give the same decisions for the same sequence of calls and clock.
 */
export interface RateLimiter {
  take(keyId: number, plan: Plan, cost: number): RateDecision | Promise<RateDecision>;
  /** Writes the usage counted so far where it persists (nothing to do where it is kept there already). */
  flush(): void | Promise<void>;
  close(): void | Promise<void>;
}
