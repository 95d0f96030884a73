/**
 * The acceptor's side of the supervised rate limits against the supervisor's real limiter, with the
 * cluster channel replaced by a function (test/acceptors.test.ts runs the real channel between
 * processes): requests read in one turn travel together, each gets its own decision, and a
 * supervisor that fails, is gone or does not answer refuses the request rather than admitting it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as turn } from 'node:timers/promises';
import { InProcessRateLimiter } from '../src/auth/rate-limiter.js';
import { decide, SupervisedRateLimiter, type LimitRequest } from '../src/auth/supervised-rate-limiter.js';
import type { Plan } from '../src/auth/plans.js';

const plan: Plan = { name: 'small', requestsPerSecond: 1, burst: 3, monthlyQuota: null, enhancedParsing: true };
const frozen = () => 1_800_000_000_000;

test('the takes of one turn go as one message, and each gets the one limiter its decision', async () => {
  const limiter = new InProcessRateLimiter({ now: frozen });
  const sent: LimitRequest[] = [];
  const acceptor = new SupervisedRateLimiter((request) => {
    sent.push(request);
    queueMicrotask(() => acceptor.answered(decide(limiter, request)));
  });
  const decisions = await Promise.all([1, 1, 1, 1, 2].map((cost, i) => acceptor.take(i < 4 ? 7 : 8, plan, cost)));
  assert.equal(sent.length, 1);
  assert.deepEqual(
    sent[0].takes.map((t) => [t.keyId, t.cost]),
    [
      [7, 1],
      [7, 1],
      [7, 1],
      [7, 1],
      [8, 2],
    ],
  );
  // Burst 3: the fourth request of key 7 is refused, key 8 has its own bucket.
  assert.deepEqual(
    decisions.map((d) => d.allowed),
    [true, true, true, false, true],
  );
  assert.equal(decisions[3].reason, 'rate');
  await turn();
  assert.equal((await acceptor.take(7, plan, 1)).allowed, false, 'a later turn meets the same bucket');
  assert.equal(sent.length, 2);
});

test('a supervisor that fails, is gone or does not answer refuses the request', async () => {
  const failing = new SupervisedRateLimiter((request) =>
    queueMicrotask(() => failing.answered({ type: 'decisions', decisions: request.takes.map(({ id }) => ({ id, decision: null })) })),
  );
  await assert.rejects(failing.take(1, plan, 1), /rate limiter failed/);

  const gone = new SupervisedRateLimiter(() => {
    throw new Error('channel closed');
  });
  await assert.rejects(gone.take(1, plan, 1), /rate limiter failed/);

  const silent = new SupervisedRateLimiter(() => undefined, 20);
  await assert.rejects(silent.take(1, plan, 1), /did not answer within 20 ms/);

  const closing = new SupervisedRateLimiter(() => undefined);
  const pending = closing.take(1, plan, 1);
  await turn();
  closing.close();
  await assert.rejects(pending, /closed/);
});
