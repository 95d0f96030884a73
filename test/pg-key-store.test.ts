import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fingerprintOf, generateApiKey, hashApiKey } from '../src/auth/api-key.js';
import { openPgKeyStore, type PgKeyStore } from '../src/auth/pg-key-store.js';
import { defaultPlans } from '../src/auth/plans.js';

const PG_URL = process.env.ERPC_TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** Raw SQL access for setup, teardown and inspecting what the store wrote. */
const admin = new pg.Pool({ connectionString: PG_URL, max: 2 });
admin.on('error', () => undefined);

/** A fresh schema per test, dropped afterwards, so concurrent runs never see each other's rows. */
function freshSchema(t: TestContext): string {
  const schema = `erpc_keys_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  t.after(() => admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).then(() => undefined));
  return schema;
}

async function open(t: TestContext, schema: string, opts: { cacheTtlMs?: number; now?: () => number } = {}): Promise<PgKeyStore> {
  const store = await openPgKeyStore(PG_URL, { schema, ...opts });
  t.after(() => store.close());
  return store;
}

test.after(() => admin.end());

test('migrations are idempotent and safe when two stores open a new schema at once', async (t) => {
  const schema = freshSchema(t);
  const [a, b] = await Promise.all([open(t, schema), open(t, schema)]);
  const c = await open(t, schema);
  const { rows } = await admin.query(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`);
  assert.deepEqual(
    rows.map((r) => r.version),
    [1, 2, 3],
  );
  for (const store of [a, b, c]) assert.deepEqual(await store.listPlans(), defaultPlans);
  // Made once, by whichever store ran the migration, and read back by every one.
  assert.equal(new Set([a, b, c].map((store) => store.storeId)).size, 1);
  assert.match(a.storeId, /^[0-9a-f]{16}$/);
});

test('a version 2 schema gains a store id, kept when the store is opened again; another schema has its own', async (t) => {
  const schema = freshSchema(t);
  await (await open(t, schema)).close();
  await admin.query(`DROP TABLE ${schema}.store_identity; DELETE FROM ${schema}.schema_migrations WHERE version = 3`);
  const upgraded = await open(t, schema);
  assert.match(upgraded.storeId, /^[0-9a-f]{16}$/);
  await upgraded.close();
  assert.equal((await open(t, schema)).storeId, upgraded.storeId);
  assert.notEqual((await open(t, freshSchema(t))).storeId, upgraded.storeId);
});

test('a schema from a newer build is refused', async (t) => {
  const schema = freshSchema(t);
  await (await open(t, schema)).close();
  await admin.query(`INSERT INTO ${schema}.schema_migrations (version) VALUES (99)`);
  await assert.rejects(openPgKeyStore(PG_URL, { schema }), /version 99/);
});

test('create, find, list and revoke by key and by fingerprint', async (t) => {
  const store = await open(t, freshSchema(t));
  const a = await store.createKey('developer', 'alice');
  const b = await store.createKey('free');
  assert.equal(a.record.fingerprint, fingerprintOf(a.key));
  assert.equal(a.record.plan.name, 'developer');
  assert.equal(a.record.label, 'alice');
  assert.equal(b.record.label, null);
  assert.equal(a.record.revokedAt, null);
  assert.ok(!Number.isNaN(Date.parse(a.record.createdAt)));
  await assert.rejects(store.createKey('platinum'), /unknown plan "platinum"; known plans: free, developer, business/);

  assert.deepEqual(await store.findKey(a.key), a.record);
  assert.equal(await store.findKey(generateApiKey()), null);
  assert.equal(await store.findKey('not a key'), null);
  assert.deepEqual(await store.listKeys(), [a.record, b.record]);
  assert.equal(await store.countKeys(), 2);

  assert.equal(await store.revokeKey(a.key), true);
  const revokedA = await store.findKey(a.key);
  assert.ok(revokedA?.revokedAt, 'revocation through this instance is seen at once');
  assert.equal(await store.revokeKey(a.record.fingerprint), true, 'revoking again still reports a match');
  assert.equal((await store.findKey(a.key))?.revokedAt, revokedA.revokedAt, 'original revocation time kept');

  assert.equal(await store.revokeKey(b.record.fingerprint), true);
  assert.ok((await store.findKey(b.key))?.revokedAt);
  assert.equal(await store.revokeKey('fp_00000000'), false);
  assert.equal(await store.revokeKey(generateApiKey()), false);
  assert.equal(await store.revokeKey('garbage'), false);
});

test('default plans are seeded and savePlan inserts or replaces', async (t) => {
  const store = await open(t, freshSchema(t));
  assert.deepEqual(await store.listPlans(), defaultPlans);
  const { key } = await store.createKey('free');
  assert.equal((await store.findKey(key))?.plan.burst, 20);

  const pro = { name: 'pro', requestsPerSecond: 12.5, burst: 30, monthlyQuota: null, enhancedParsing: true };
  await store.savePlan(pro);
  await store.savePlan({ ...defaultPlans[0], burst: 25, monthlyQuota: 5_000_000_000 });
  const plans = await store.listPlans();
  assert.deepEqual(
    plans.map((p) => p.name),
    ['free', 'developer', 'business', 'pro'],
  );
  assert.deepEqual(plans[3], pro);
  assert.equal(plans[0].burst, 25);
  assert.equal(plans[0].monthlyQuota, 5_000_000_000);
  assert.equal((await store.findKey(key))?.plan.burst, 25, "savePlan clears this instance's cache");
});

test('usage counters add up and read back', async (t) => {
  const store = await open(t, freshSchema(t));
  const { record } = await store.createKey('free');
  assert.equal(await store.usageFor(record.id, '2024-05'), 0);
  await Promise.all([1, 2, 3, 4].map((n) => store.recordUsage(record.id, '2024-05', n)));
  await store.recordUsage(record.id, '2024-06', 3_000_000_000);
  assert.equal(await store.usageFor(record.id, '2024-05'), 10);
  assert.equal(await store.usageFor(record.id, '2024-06'), 3_000_000_000);
});

test('the raw key is stored nowhere in the database', async (t) => {
  const schema = freshSchema(t);
  const store = await open(t, schema);
  const { key, record } = await store.createKey('developer', 'label');
  await store.recordUsage(record.id, '2024-05', 1);
  await store.revokeKey(key);
  const body = key.slice('erpc_'.length);
  let sawHash = false;
  for (const table of ['api_keys', 'usage', 'plans', 'schema_migrations']) {
    const { rows } = await admin.query<{ row: string }>(`SELECT t::text AS row FROM ${schema}.${table} t`);
    assert.ok(rows.length > 0, table);
    for (const { row } of rows) {
      assert.ok(!row.includes(body), `${table} contains the key: ${row}`);
      if (row.includes(hashApiKey(key).toString('hex'))) sawHash = true;
    }
  }
  assert.ok(sawHash, 'the row text was inspected in a form that would show the stored hash');
});

test('findKey caches found and not-found answers for cacheTtlMs', async (t) => {
  const schema = freshSchema(t);
  let clock = 1_000_000;
  const writer = await open(t, schema);
  const reader = await open(t, schema, { cacheTtlMs: 1000, now: () => clock });
  const { key, record } = await writer.createKey('free');
  const later = generateApiKey();

  assert.equal((await reader.findKey(key))?.revokedAt, null);
  assert.equal(await reader.findKey(later), null);
  await writer.revokeKey(record.fingerprint);
  // `later` cannot be created with a chosen value, so insert it the way createKey would.
  await admin.query(`INSERT INTO ${schema}.api_keys (key_hash, fingerprint, plan, created_at) VALUES ($1, $2, 'free', now())`, [
    hashApiKey(later),
    fingerprintOf(later),
  ]);

  clock += 999;
  assert.equal((await reader.findKey(key))?.revokedAt, null, 'served from cache');
  assert.equal(await reader.findKey(later), null, 'negative answer served from cache');
  clock += 1;
  assert.ok((await reader.findKey(key))?.revokedAt, 'revocation seen after the TTL');
  assert.equal((await reader.findKey(later))?.fingerprint, fingerprintOf(later));
});

test('a key revoked through one instance is refused by another within the cache TTL', async (t) => {
  const schema = freshSchema(t);
  const a = await open(t, schema, { cacheTtlMs: 200 });
  const b = await open(t, schema, { cacheTtlMs: 200 });
  const { key } = await a.createKey('business');
  assert.equal((await b.findKey(key))?.revokedAt, null);

  await a.revokeKey(key);
  const revokedAt = Date.now();
  let seen: number | null = null;
  while (Date.now() - revokedAt < 2000) {
    if ((await b.findKey(key))?.revokedAt) {
      seen = Date.now() - revokedAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.ok(seen !== null, 'the second instance never saw the revocation');
  assert.ok(seen <= 1000, `took ${seen} ms`);
});

test('concurrent lookups of one key share a query and close() is idempotent', async (t) => {
  const store = await openPgKeyStore(PG_URL, { schema: freshSchema(t) });
  const { key, record } = await store.createKey('free');
  const found = await Promise.all(Array.from({ length: 20 }, () => store.findKey(key)));
  for (const r of found) assert.equal(r, found[0]);
  assert.equal(found[0]?.id, record.id);
  await store.close();
  await store.close();
  await assert.rejects(store.listKeys());
});

test('close() ends the pool so the process can exit', (t) => {
  const schema = freshSchema(t);
  const moduleUrl = new URL('../src/auth/pg-key-store.js', import.meta.url).href;
  const script = `
    const { openPgKeyStore } = await import(${JSON.stringify(moduleUrl)});
    const store = await openPgKeyStore(${JSON.stringify(PG_URL)}, { schema: ${JSON.stringify(schema)} });
    await store.findKey((await store.createKey('free')).key);
    await store.close();
  `;
  // Without close() ending the pool, idle connections would keep the child alive until the timeout.
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    timeout: 5_000,
    encoding: 'utf8',
  });
  assert.equal(child.signal, null, 'child did not exit by itself');
  assert.equal(child.status, 0, child.stderr);
});

test('plans keep their PubSub subscription limit; saving a plan without one keeps the stored one', async (t) => {
  const store = await open(t, freshSchema(t), { cacheTtlMs: 0 });
  const { key } = await store.createKey('developer');
  assert.equal((await store.findKey(key))?.plan.maxSubscriptions, undefined, 'none stored: the gateway default');
  const developer = defaultPlans.find((p) => p.name === 'developer')!;
  await store.savePlan({ ...developer, maxSubscriptions: 5 });
  assert.equal((await store.findKey(key))?.plan.maxSubscriptions, 5);
  await store.savePlan({ ...developer, burst: 7 });
  const saved = (await store.listPlans()).find((p) => p.name === 'developer');
  assert.equal(saved?.maxSubscriptions, 5);
  assert.equal(saved?.burst, 7);
});
