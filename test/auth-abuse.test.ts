/**
 * Clients that send keys nobody has: they cannot push known keys out of the lookup cache, repeats
 * cost no lookup, and an address that sends too many refused keys gets 429 while others go on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generateApiKey, hashApiKey } from '../src/auth/api-key.js';
import { Authorizer, type KeyLookup } from '../src/auth/authorizer.js';
import { openSqliteKeyStore } from '../src/auth/key-store.js';
import type { KeyRecord } from '../src/auth/key-record.js';
import { InProcessRateLimiter } from '../src/auth/rate-limiter.js';
import { RefusalLimit, refusalDefaults } from '../src/auth/refusal-limit.js';
import { defaultPlans } from '../src/auth/plans.js';
import { rpc, tempDir } from './support/gateway.js';
import { startInProcess } from './support/in-process-gateway.js';

test('a flood of unknown keys neither evicts a known key nor repeats a lookup', (t) => {
  const file = join(tempDir(), 'keys.sqlite');
  const store = openSqliteKeyStore(file, { now: () => 1_000_000 });
  t.after(() => store.close());
  const { key, record } = store.createKey('free');
  const unknown = generateApiKey();
  assert.equal(store.findKey(key)?.id, record.id);
  assert.equal(store.findKey(unknown), null);

  // From here on only the cache can answer `key` with its record and `unknown` with null.
  const raw = new Database(file);
  raw.prepare('DELETE FROM api_keys WHERE key_hash = ?').run(hashApiKey(key));
  raw
    .prepare("INSERT INTO api_keys (key_hash, fingerprint, plan, created_at) VALUES (?, 'fp_00000000', 'free', '')")
    .run(hashApiKey(unknown));
  raw.close();

  for (let i = 0; i < 100; i++) assert.equal(store.findKey(unknown), null, 'a repeated unknown key was looked up again');
  // More distinct unknown keys than the cache holds of either kind.
  for (let i = 0; i < 20_001; i++) assert.equal(store.findKey(generateApiKey()), null);
  assert.equal(store.findKey(key)?.id, record.id, 'the known key was pushed out by unknown ones');
});

const plan = defaultPlans[2];
const known: KeyRecord = { id: 1, fingerprint: 'fp_00000001', plan, label: null, createdAt: '', revokedAt: null };

/** A key store that counts its lookups and knows one key. */
function countingStore(goodKey: string): KeyLookup & { lookups: number } {
  return {
    lookups: 0,
    findKey(key) {
      this.lookups++;
      return key === goodKey ? known : null;
    },
  };
}

test('refused keys are limited per address: past the limit, 429 without a lookup until the window ends', async () => {
  let clock = 5_000_000;
  const good = generateApiKey();
  const store = countingStore(good);
  const authorizer = new Authorizer(
    store,
    new InProcessRateLimiter(),
    new RefusalLimit({ maxRefusals: 3, windowMs: 10_000, now: () => clock }),
  );

  for (let i = 0; i < 3; i++) assert.equal(await statusOf(authorizer.identify(generateApiKey(), '198.51.100.1')), 401);
  assert.equal(await statusOf(authorizer.identify(null, '198.51.100.1')), 401, 'a missing key costs no lookup and is not counted');
  const lookups = store.lookups;
  clock += 2_500;
  const blocked = await authorizer.identify(good, '198.51.100.1');
  assert.ok('error' in blocked);
  assert.equal(blocked.status, 429);
  assert.equal(blocked.error.code, -32429);
  assert.equal(blocked.retryAfterSeconds, 8);
  assert.equal(await statusOf(authorizer.identify(generateApiKey(), '198.51.100.1')), 429);
  assert.equal(store.lookups, lookups, 'a refused address costs no lookup');

  assert.equal(await statusOf(authorizer.identify(good, '198.51.100.2')), 200, 'another address is unaffected');
  assert.equal(await statusOf(authorizer.identify(generateApiKey(), '198.51.100.2')), 401);

  clock += 7_500;
  assert.equal(await statusOf(authorizer.identify(good, '198.51.100.1')), 200, 'the window has ended');
});

async function statusOf(identified: ReturnType<Authorizer['identify']>): Promise<number> {
  const result = await identified;
  return 'error' in result ? result.status : 200;
}

/** POST from a chosen local address: all of 127.0.0.0/8 reaches a gateway listening on 127.0.0.1. */
function postFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; retryAfter?: string; code?: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', localAddress, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        const code = res.statusCode === 200 ? undefined : (JSON.parse(text) as { error: { code: number } }).error.code;
        resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], code });
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(rpc('getHealth')));
  });
}

test('over HTTP: an address past the limit gets 429 with Retry-After, other addresses do not', async (t) => {
  const gw = await startInProcess();
  t.after(() => gw.stop());
  const bad = () => `${gw.url}/${generateApiKey()}`;
  for (let i = 0; i < refusalDefaults.maxRefusals; i++) assert.equal((await postFrom('127.0.0.1', bad())).status, 401);

  const refused = await postFrom('127.0.0.1', `${gw.url}/${gw.key}`);
  assert.equal(refused.status, 429);
  assert.equal(refused.code, -32429);
  const retryAfter = Number(refused.retryAfter);
  assert.ok(retryAfter > 0 && retryAfter <= refusalDefaults.windowMs / 1000, `Retry-After ${refused.retryAfter}`);

  assert.equal((await postFrom('127.0.0.2', `${gw.url}/${gw.key}`)).status, 200);
  assert.equal((await postFrom('127.0.0.2', bad())).status, 401);
  // The reverse proxy of deploy/nginx.conf connects from loopback and names the client in X-Real-IP.
  assert.equal((await postFrom('127.0.0.1', `${gw.url}/${gw.key}`, { 'x-real-ip': '203.0.113.9' })).status, 200);
  assert.equal((await postFrom('127.0.0.1', bad(), { 'x-real-ip': '203.0.113.9' })).status, 401);
});
