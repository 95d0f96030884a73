/**
 * Rate limits for acceptors without Redis (`serve --acceptors N`): the supervising process keeps
 * the one InProcessRateLimiter, which writes monthly usage to the key store as a single gateway's
 * does, and each acceptor asks it for every decision over the cluster channel. One round trip per
 * request, as with Redis, and nothing else to run; the decisions are one limiter's, so N acceptors
 * admit what one gateway would.
 */
import type { RateLimiter } from './limiter.js';
import type { Plan } from './plans.js';
import type { InProcessRateLimiter, RateDecision } from './rate-limiter.js';

export interface LimitRequest {
  type: 'take';
  id: number;
  keyId: number;
  plan: Plan;
  cost: number;
}

export interface LimitReply {
  type: 'decision';
  id: number;
  /** null: the supervisor's limiter threw (a key store that cannot be read). */
  decision: RateDecision | null;
}

/**
 * A supervisor that does not answer within this long is stuck or gone: the request is refused as
 * with an unreachable Redis (503), rather than served unmetered or left waiting.
 */
const defaultWaitMs = 1_000;

/** The acceptor's side. */
export class SupervisedRateLimiter implements RateLimiter {
  private readonly waiting = new Map<number, { resolve: (d: RateDecision) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private nextId = 0;

  constructor(
    private readonly send: (request: LimitRequest) => void,
    private readonly waitMs = defaultWaitMs,
  ) {}

  take(keyId: number, plan: Plan, cost: number): Promise<RateDecision> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`the supervisor's rate limiter did not answer within ${this.waitMs} ms`));
      }, this.waitMs);
      this.waiting.set(id, { resolve, reject, timer });
      this.send({ type: 'take', id, keyId, plan, cost });
    });
  }

  /** The supervisor's reply to one of this acceptor's requests; a late one finds nobody waiting. */
  answered(reply: LimitReply): void {
    const waiting = this.waiting.get(reply.id);
    if (waiting === undefined) return;
    this.waiting.delete(reply.id);
    clearTimeout(waiting.timer);
    if (reply.decision === null) waiting.reject(new Error("the supervisor's rate limiter failed"));
    else waiting.resolve(reply.decision);
  }

  /** The supervisor writes the usage it counts. */
  flush(): void {}

  close(): void {
    for (const { reject, timer } of this.waiting.values()) {
      clearTimeout(timer);
      reject(new Error('the rate limiter closed'));
    }
    this.waiting.clear();
  }
}

/** The supervisor's side: the one limiter's decision on an acceptor's request. */
export function decide(limiter: InProcessRateLimiter, request: LimitRequest): LimitReply {
  try {
    return { type: 'decision', id: request.id, decision: limiter.take(request.keyId, request.plan, request.cost) };
  } catch {
    return { type: 'decision', id: request.id, decision: null };
  }
}
