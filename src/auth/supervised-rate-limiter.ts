/**
 * Rate limits for acceptors without Redis (`serve --acceptors N`): the supervising process keeps
 * the one InProcessRateLimiter, which writes monthly usage to the key store as a single gateway's
 * does, and each acceptor asks it for every decision over the cluster channel. One round trip per
 * request, as with Redis, and nothing else to run; the decisions are one limiter's, so N acceptors
 * admit what one gateway would. The requests an acceptor reads in one turn of its event loop travel
 * as one message, and their decisions as one reply: a message costs the supervisor far more than
 * a decision does.
 */
import type { RateLimiter } from './limiter.js';
import type { Plan } from './plans.js';
import type { InProcessRateLimiter, RateDecision } from './rate-limiter.js';
import { SupervisorCalls } from './supervisor-calls.js';

interface Take {
  id: number;
  keyId: number;
  plan: Plan;
  cost: number;
}

interface Decision {
  id: number;
  /** null: the supervisor's limiter threw (a key store that cannot be read). */
  decision: RateDecision | null;
}

export interface LimitRequest {
  type: 'take';
  takes: Take[];
}

export interface LimitReply {
  type: 'decisions';
  decisions: Decision[];
}

/**
 * A supervisor that does not answer within this long is stuck or gone: the request is refused as
 * with an unreachable Redis (503), rather than served unmetered or left waiting.
 */
const defaultWaitMs = 1_000;

/** The acceptor's side. */
export class SupervisedRateLimiter implements RateLimiter {
  private readonly calls: SupervisorCalls<RateDecision>;
  private queued: Take[] = [];

  constructor(
    private readonly send: (request: LimitRequest) => void,
    waitMs = defaultWaitMs,
  ) {
    this.calls = new SupervisorCalls(waitMs, (ms) => new Error(`the supervisor's rate limiter did not answer within ${ms} ms`));
  }

  take(keyId: number, plan: Plan, cost: number): Promise<RateDecision> {
    const { id, answer } = this.calls.open();
    if (this.queued.push({ id, keyId, plan, cost }) === 1) setImmediate(this.sendQueued);
    return answer;
  }

  private readonly sendQueued = () => {
    const takes = this.queued;
    this.queued = [];
    try {
      this.send({ type: 'take', takes });
    } catch {
      // A channel already closed (the supervisor is gone): refused now rather than at the timeout.
      this.answered({ type: 'decisions', decisions: takes.map(({ id }) => ({ id, decision: null })) });
    }
  };

  /** The supervisor's reply. */
  answered(reply: LimitReply): void {
    for (const { id, decision } of reply.decisions) {
      if (decision === null) this.calls.reject(id, new Error("the supervisor's rate limiter failed"));
      else this.calls.resolve(id, decision);
    }
  }

  /** The supervisor writes the usage it counts. */
  flush(): void {}

  close(): void {
    this.calls.rejectAll(new Error('the rate limiter closed'));
  }
}

/** The supervisor's side: the one limiter's decisions on an acceptor's requests, in their order. */
export function decide(limiter: InProcessRateLimiter, request: LimitRequest): LimitReply {
  return {
    type: 'decisions',
    decisions: request.takes.map(({ id, keyId, plan, cost }) => {
      try {
        return { id, decision: limiter.take(keyId, plan, cost) };
      } catch {
        return { id, decision: null };
      }
    }),
  };
}
