/**
 * Every refusal the authorizer gives, to the byte: clients match on these codes and texts, and
 * Retry-After tells them when to come back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateApiKey } from '../src/auth/api-key.js';
import { Authorizer, type Access, type KeyLookup } from '../src/auth/authorizer.js';
import type { KeyRecord } from '../src/auth/key-record.js';
import type { RateLimiter } from '../src/auth/limiter.js';
import type { RateDecision } from '../src/auth/rate-limiter.js';
import { RefusalLimit } from '../src/auth/refusal-limit.js';
import type { Refusal } from '../src/rpc/errors.js';

const plan = { name: 'tight', requestsPerSecond: 2, burst: 3, monthlyQuota: 500, enhancedParsing: false };
const active = generateApiKey();
const revoked = generateApiKey();
const records = new Map<string, KeyRecord>([
  [active, { id: 1, fingerprint: 'fp_0000000a', plan, label: null, createdAt: '', revokedAt: null }],
  [revoked, { id: 2, fingerprint: 'fp_0000000b', plan, label: null, createdAt: '', revokedAt: '2025-01-01T00:00:00.000Z' }],
]);
const store: KeyLookup = { findKey: (key) => records.get(key) ?? null };

/** A limiter that answers `decision`, or fails when it is an Error. */
function limiter(decision: RateDecision | Error): RateLimiter {
  return {
    take: () => (decision instanceof Error ? Promise.reject(decision) : decision),
    flush: () => undefined,
    close: () => undefined,
  };
}

const allowed = limiter({ allowed: true });

function described(outcome: Access | Refusal | null) {
  assert.ok(outcome !== null && 'error' in outcome, 'expected a refusal');
  return { status: outcome.status, ...outcome.error.toObject(), retryAfter: outcome.retryAfterSeconds };
}

test('missing, unknown and revoked keys are 401 with what to do next', async () => {
  const authorizer = new Authorizer(store, allowed);
  assert.deepEqual(described(await authorizer.identify(null, '192.0.2.1')), {
    status: 401,
    code: -32401,
    message: 'Missing API key: send it as the first path segment (POST /<api_key>) or in the x-api-key header',
    retryAfter: undefined,
  });
  assert.deepEqual(described(await authorizer.identify(generateApiKey(), '192.0.2.1')), {
    status: 401,
    code: -32401,
    message: 'Invalid API key: this key is not known to the gateway; check it, or create one with `enhanced-rpc keys create --plan <plan>`',
    retryAfter: undefined,
  });
  assert.deepEqual(described(await authorizer.identify(revoked, '192.0.2.1')), {
    status: 401,
    code: -32401,
    message: 'API key revoked (fp_0000000b); create a new key with `enhanced-rpc keys create --plan <plan>`',
    retryAfter: undefined,
  });
});

test('an address past its refused keys is 429 with the seconds left in its window', async () => {
  let clock = 1_000_000;
  const authorizer = new Authorizer(store, allowed, new RefusalLimit({ maxRefusals: 1, windowMs: 30_000, now: () => clock }));
  await authorizer.identify(generateApiKey(), '192.0.2.2');
  clock += 10_000;
  assert.deepEqual(described(await authorizer.identify(active, '192.0.2.2')), {
    status: 429,
    code: -32429,
    message: 'Too many requests with unknown or revoked API keys from this address; retry after 20 s with a valid key',
    retryAfter: 20,
  });
});

test('a key store or rate limiter that fails is 503, retry after 1 s', async () => {
  const failing: KeyLookup = { findKey: () => Promise.reject(new Error('down')) };
  assert.deepEqual(described(await new Authorizer(failing, allowed).identify(active, '192.0.2.3')), {
    status: 503,
    code: -32503,
    message: 'API keys cannot be checked right now; retry shortly',
    retryAfter: 1,
  });
  const access = await new Authorizer(store, allowed).identify(active, '192.0.2.3');
  assert.ok(!('error' in access));
  assert.deepEqual(described(await new Authorizer(store, limiter(new Error('down'))).admit(access, 1)), {
    status: 503,
    code: -32503,
    message: 'Rate limiting is temporarily unavailable; retry shortly',
    retryAfter: 1,
  });
});

test("the plan's quota, burst and rate are 429 with the limiter's Retry-After", async () => {
  const access = await new Authorizer(store, allowed).identify(active, '192.0.2.4');
  assert.ok(!('error' in access));
  const admit = (decision: RateDecision, cost: number) => new Authorizer(store, limiter(decision)).admit(access, cost);
  assert.equal(await admit({ allowed: true }, 1), null);
  assert.deepEqual(described(await admit({ allowed: false, reason: 'quota', retryAfterSeconds: 86_400 }, 1)), {
    status: 429,
    code: -32429,
    message:
      'Monthly quota of 500 requests for plan "tight" is used up; it renews at the start of the next month (UTC), or upgrade the plan',
    retryAfter: 86_400,
  });
  assert.deepEqual(described(await admit({ allowed: false, reason: 'rate', retryAfterSeconds: 2 }, 4)), {
    status: 429,
    code: -32429,
    message: 'This batch counts 4 requests, more than plan "tight" allows at once (burst 3); send smaller batches',
    retryAfter: 2,
  });
  assert.deepEqual(described(await admit({ allowed: false, reason: 'rate' }, 1)), {
    status: 429,
    code: -32429,
    message: 'Rate limit exceeded: plan "tight" allows 2 requests per second (burst 3); retry after 1 s',
    retryAfter: 1,
  });
});
