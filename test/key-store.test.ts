import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { fingerprintOf, generateApiKey, hashApiKey, looksLikeApiKey, looksLikeFingerprint, sameHash } from '../src/auth/api-key.js';
import { openSqliteKeyStore } from '../src/auth/key-store.js';
import { defaultPlans } from '../src/auth/plans.js';
import { tempDirOf } from './support/gateway.js';

test('generated keys are URL-safe, distinct and pass the syntactic check', () => {
  const a = generateApiKey();
  const b = generateApiKey();
  assert.notEqual(a, b);
  assert.match(a, /^erpc_[A-Za-z0-9_-]{43}$/);
  assert.equal(encodeURIComponent(a), a);
  assert.ok(looksLikeApiKey(a));
  for (const junk of ['', 'favicon.ico', 'erpc_', a + 'x', a.slice(0, -1), a.slice(0, -1) + '/', 'ERPC_' + a.slice(5)]) {
    assert.equal(looksLikeApiKey(junk), false, junk);
  }
});

test('hash, fingerprint and constant-time comparison', () => {
  const key = generateApiKey();
  const expected = createHash('sha256').update(key).digest();
  assert.deepEqual(hashApiKey(key), expected);
  assert.equal(fingerprintOf(key), 'fp_' + expected.toString('hex').slice(0, 8));
  assert.ok(looksLikeFingerprint(fingerprintOf(key)));
  assert.ok(!fingerprintOf(key).includes(key.slice(5, 13)));
  assert.ok(sameHash(hashApiKey(key), expected));
  assert.equal(sameHash(hashApiKey(key), hashApiKey(generateApiKey())), false);
  assert.equal(sameHash(expected, expected.subarray(0, 16)), false);
});

test('create, find, list and count keys', (t) => {
  const store = openSqliteKeyStore(join(tempDirOf(t), 'keys.sqlite'));
  t.after(() => store.close());

  assert.equal(store.countKeys(), 0);
  const { key, record } = store.createKey('developer', 'ci');
  assert.ok(looksLikeApiKey(key));
  assert.equal(record.fingerprint, fingerprintOf(key));
  assert.equal(record.label, 'ci');
  assert.equal(record.revokedAt, null);
  assert.deepEqual(
    record.plan,
    defaultPlans.find((p) => p.name === 'developer'),
  );
  assert.ok(!Number.isNaN(Date.parse(record.createdAt)));

  const other = store.createKey('free');
  assert.equal(other.record.label, null);
  assert.equal(other.record.plan.enhancedParsing, false);

  assert.deepEqual(store.findKey(key), record);
  assert.deepEqual(store.findKey(other.key), other.record);
  assert.equal(store.findKey(generateApiKey()), null);
  assert.equal(store.findKey('not-a-key'), null);

  const listed = store.listKeys();
  assert.deepEqual(
    listed.map((r) => [r.id, r.fingerprint, r.plan.name, r.label]),
    [
      [record.id, fingerprintOf(key), 'developer', 'ci'],
      [other.record.id, fingerprintOf(other.key), 'free', null],
    ],
  );
  assert.equal(store.countKeys(), 2);
});

test('unknown plan is rejected with the list of known plans', (t) => {
  const store = openSqliteKeyStore(join(tempDirOf(t), 'keys.sqlite'));
  t.after(() => store.close());
  assert.throws(() => store.createKey('enterprise'), {
    message: 'unknown plan "enterprise"; known plans: free, developer, business',
  });
  assert.equal(store.countKeys(), 0);
});

test('plans are seeded and listed in order', (t) => {
  const store = openSqliteKeyStore(join(tempDirOf(t), 'keys.sqlite'));
  t.after(() => store.close());
  assert.deepEqual(store.listPlans(), defaultPlans);
});

test('revoke by key and by fingerprint; revoked keys are still found with revokedAt', (t) => {
  let clock = Date.UTC(2025, 0, 15, 12);
  const store = openSqliteKeyStore(join(tempDirOf(t), 'keys.sqlite'), { now: () => clock });
  t.after(() => store.close());
  const a = store.createKey('free');
  const b = store.createKey('business');

  // Warm the cache so the test shows revocation bypasses it.
  assert.equal(store.findKey(a.key)?.revokedAt, null);
  clock += 1;
  assert.equal(store.revokeKey(a.key), true);
  const revokedA = store.findKey(a.key);
  assert.equal(revokedA?.id, a.record.id);
  assert.equal(revokedA?.revokedAt, new Date(clock).toISOString());

  assert.equal(store.findKey(b.key)?.revokedAt, null);
  assert.equal(store.revokeKey(b.record.fingerprint), true);
  assert.notEqual(store.findKey(b.key)?.revokedAt, null);

  clock += 60_000;
  assert.equal(store.revokeKey(a.key), true, 'already revoked still matches');
  assert.equal(store.findKey(a.key)?.revokedAt, revokedA?.revokedAt, 'original revocation time kept');

  assert.equal(store.revokeKey(generateApiKey()), false);
  assert.equal(store.revokeKey(fingerprintOf(generateApiKey())), false);
  assert.equal(store.revokeKey('garbage'), false);
  assert.deepEqual(
    store.listKeys().map((r) => r.revokedAt !== null),
    [true, true],
  );
});

test('a revocation by another process is seen once the lookup cache expires', (t) => {
  const file = join(tempDirOf(t), 'keys.sqlite');
  let clock = 1_000_000;
  const gateway = openSqliteKeyStore(file, { now: () => clock, cacheTtlMs: 2000 });
  const cli = openSqliteKeyStore(file);
  t.after(() => {
    gateway.close();
    cli.close();
  });
  const { key, record } = gateway.createKey('free');
  assert.equal(gateway.findKey(key)?.revokedAt, null);

  assert.equal(cli.revokeKey(record.fingerprint), true);
  clock += 1999;
  assert.equal(gateway.findKey(key)?.revokedAt, null, 'served from cache within the TTL');
  clock += 1;
  assert.notEqual(gateway.findKey(key)?.revokedAt, null);

  // Negative answers are cached too, for at most 1 s: a key that another process registers right
  // after it was probed stays unknown here until then.
  const probed = generateApiKey();
  assert.equal(gateway.findKey(probed), null);
  const raw = new Database(file);
  const { lastInsertRowid } = raw
    .prepare("INSERT INTO api_keys (key_hash, fingerprint, plan, created_at) VALUES (?, ?, 'free', ?)")
    .run(hashApiKey(probed), fingerprintOf(probed), new Date(clock).toISOString());
  raw.close();
  clock += 999;
  assert.equal(gateway.findKey(probed), null);
  clock += 1;
  assert.equal(gateway.findKey(probed)?.id, Number(lastInsertRowid));
});

test('only hashes are stored: the raw key appears in no database file', (t) => {
  const dir = tempDirOf(t);
  const file = join(dir, 'keys.sqlite');
  const store = openSqliteKeyStore(file);
  const keys = [store.createKey('free', 'a'), store.createKey('developer', 'b')];
  assert.equal(store.findKey(keys[0].key)?.id, keys[0].record.id);
  store.revokeKey(keys[1].key);

  // Check the files while the store is open (WAL in use) and again after close (checkpointed).
  const assertNoRawKey = () => {
    const files = readdirSync(dir);
    assert.ok(files.includes('keys.sqlite'));
    for (const name of files) {
      const bytes = readFileSync(join(dir, name));
      for (const { key } of keys) {
        assert.equal(bytes.includes(Buffer.from(key)), false, `${name} contains a raw key`);
        assert.equal(bytes.includes(Buffer.from(key.slice(5))), false, `${name} contains a key body`);
      }
    }
  };
  assertNoRawKey();
  store.close();
  assertNoRawKey();

  const db = new Database(file, { readonly: true });
  t.after(() => db.close());
  const rows = db.prepare('SELECT id, key_hash, fingerprint FROM api_keys ORDER BY id').all() as {
    id: number;
    key_hash: Buffer;
    fingerprint: string;
  }[];
  assert.equal(rows.length, 2);
  rows.forEach((row, i) => {
    const key = keys[i].key;
    assert.equal(row.id, keys[i].record.id);
    assert.deepEqual(row.key_hash, createHash('sha256').update(key, 'utf8').digest());
    assert.equal(row.fingerprint, fingerprintOf(key));
  });
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  assert.equal(db.pragma('user_version', { simple: true }), 3);
});

test('reopening the same file keeps keys, plans and usage', (t) => {
  const file = join(tempDirOf(t), 'nested', 'dir', 'keys.sqlite');
  const first = openSqliteKeyStore(file);
  const { key, record } = first.createKey('business', 'prod');
  first.recordUsage(record.id, '2025-03', 5);
  first.close();

  const second = openSqliteKeyStore(file);
  t.after(() => second.close());
  assert.deepEqual(second.findKey(key), record);
  assert.equal(second.countKeys(), 1);
  assert.deepEqual(second.listPlans(), defaultPlans);
  assert.equal(second.usageFor(record.id, '2025-03'), 5);
});

test('usage is added per key and month', (t) => {
  const store = openSqliteKeyStore(join(tempDirOf(t), 'keys.sqlite'));
  t.after(() => store.close());
  const a = store.createKey('free').record.id;
  const b = store.createKey('free').record.id;
  assert.equal(store.usageFor(a, '2025-01'), 0);
  store.recordUsage(a, '2025-01', 3);
  store.recordUsage(a, '2025-01', 4);
  store.recordUsage(a, '2025-02', 1);
  store.recordUsage(b, '2025-01', 10);
  assert.equal(store.usageFor(a, '2025-01'), 7);
  assert.equal(store.usageFor(a, '2025-02'), 1);
  assert.equal(store.usageFor(b, '2025-01'), 10);
  assert.throws(() => store.recordUsage(9999, '2025-01', 1), /FOREIGN KEY/);
});

test('a version 1 file gains plans.max_subscriptions, empty (the gateway default), and keeps its keys', (t) => {
  const file = join(tempDirOf(t), 'keys.sqlite');
  const first = openSqliteKeyStore(file);
  const { key } = first.createKey('free');
  first.close();
  const db = new Database(file);
  db.exec('ALTER TABLE plans DROP COLUMN max_subscriptions; DROP TABLE store_identity');
  db.pragma('user_version = 1');
  db.close();
  const store = openSqliteKeyStore(file);
  t.after(() => store.close());
  assert.equal(store.findKey(key)?.plan.maxSubscriptions, undefined);
  store.savePlan({ ...defaultPlans[0], maxSubscriptions: 5 });
  assert.equal(store.listPlans()[0].maxSubscriptions, 5);
  // Saving without a number keeps the one the plan has.
  store.savePlan({ ...defaultPlans[0] });
  assert.equal(store.listPlans()[0].maxSubscriptions, 5);
});

test('a store id is made once: kept on reopening, given to a version 2 file, different in another file', (t) => {
  const file = join(tempDirOf(t), 'keys.sqlite');
  const first = openSqliteKeyStore(file);
  const made = first.storeId;
  first.close();
  const again = openSqliteKeyStore(file);
  assert.equal(again.storeId, made);
  again.close();
  assert.match(made, /^[0-9a-f]{16}$/);

  const older = join(tempDirOf(t), 'keys.sqlite');
  openSqliteKeyStore(older).close();
  const db = new Database(older);
  db.exec('DROP TABLE store_identity');
  db.pragma('user_version = 2');
  db.close();
  const upgraded = openSqliteKeyStore(older);
  t.after(() => upgraded.close());
  assert.match(upgraded.storeId, /^[0-9a-f]{16}$/);
  assert.notEqual(upgraded.storeId, made);
});

test('a file with a newer schema version is refused', (t) => {
  const file = join(tempDirOf(t), 'keys.sqlite');
  const db = new Database(file);
  db.pragma('user_version = 99');
  db.close();
  assert.throws(() => openSqliteKeyStore(file), /schema version 99/);
});
