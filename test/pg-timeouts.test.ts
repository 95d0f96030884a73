/**
 * A PostgreSQL key store that stops answering (127.0.0.1:5432 behind a proxy that stops
 * forwarding, or a table locked by another session): lookups fail within the timeouts, waiting is
 * bounded, the gateway answers 503 meanwhile and recovers with the database.
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { generateApiKey } from '../src/auth/api-key.js';
import { openPgKeyStore, pgDefaults, type PgKeyStoreOptions } from '../src/auth/pg-key-store.js';
import { post, rpc, runCli } from './support/gateway.js';
import { startInProcess } from './support/in-process-gateway.js';
import { TcpProxy } from './support/tcp-proxy.js';

const server = 'postgres://root@127.0.0.1:5432';
/** A store without timeouts hangs in these tests; this turns that into a failure. */
const timeout = 20_000;

const admin = new pg.Pool({ connectionString: `${server}/test`, max: 2 });
admin.on('error', () => undefined);
test.after(() => admin.end());

function freshSchema(t: TestContext): string {
  const schema = `erpc_timeouts_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  t.after(() => admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).then(() => undefined));
  return schema;
}

async function proxy(t: TestContext): Promise<TcpProxy> {
  const p = await TcpProxy.start(5432);
  t.after(() => p.close());
  return p;
}

async function open(t: TestContext, port: number, opts: PgKeyStoreOptions) {
  const store = await openPgKeyStore(`postgres://root@127.0.0.1:${port}/test`, opts);
  t.after(() => store.close());
  return store;
}

/** Milliseconds until `promise` settles, and whether it failed and with what. */
async function timed(promise: Promise<unknown>): Promise<{ ms: number; error?: string }> {
  const started = performance.now();
  try {
    await promise;
    return { ms: performance.now() - started };
  } catch (error) {
    return { ms: performance.now() - started, error: (error as Error).message };
  }
}

test('a hung database fails lookups within the timeouts, queues boundedly, and the store recovers', { timeout }, async (t) => {
  const p = await proxy(t);
  // One connection and cacheTtlMs 0, so every lookup is a query that needs that connection.
  const store = await open(t, p.port, {
    schema: freshSchema(t),
    cacheTtlMs: 0,
    poolSize: 1,
    maxWaiting: 2,
    connectTimeoutMs: 300,
    statementTimeoutMs: 300,
  });
  const { key, record } = await store.createKey('free');
  assert.equal((await store.findKey(key))?.id, record.id);

  p.hang();
  const holding = timed(store.findKey(generateApiKey()));
  // The pool hands its idle connection over on the next tick; until then this lookup waits too.
  await new Promise((r) => setImmediate(r));
  const queued = [timed(store.findKey(generateApiKey())), timed(store.findKey(generateApiKey()))];
  const turnedAway = await timed(store.findKey(generateApiKey()));
  assert.match(turnedAway.error ?? '', /2 queries already wait for a PostgreSQL connection/);
  assert.ok(turnedAway.ms < 100, `a full queue answered after ${turnedAway.ms} ms`);
  for (const waited of await Promise.all(queued)) {
    assert.match(waited.error ?? '', /timeout/);
    assert.ok(waited.ms >= 250 && waited.ms < 1000, `a queued lookup failed after ${waited.ms} ms`);
  }
  const held = await holding;
  assert.match(held.error ?? '', /timeout/);
  // The server's statement timeout cannot reach us; the client gives up 1 s after it.
  assert.ok(held.ms >= 1200 && held.ms < 2500, `the lookup on a hung connection failed after ${held.ms} ms`);
  // A new connection cannot be made either: the connect timeout ends the attempt.
  const connecting = await timed(store.findKey(generateApiKey()));
  assert.match(connecting.error ?? '', /timeout/);
  assert.ok(connecting.ms < 1000, `connecting failed after ${connecting.ms} ms`);

  p.recover();
  assert.equal((await store.findKey(key))?.id, record.id);
});

test('a lookup waiting on a lock is cancelled at the statement timeout, and the connection stays usable', { timeout }, async (t) => {
  const schema = freshSchema(t);
  const store = await open(t, 5432, { schema, cacheTtlMs: 0, poolSize: 1, statementTimeoutMs: 300 });
  const { key, record } = await store.createKey('free');
  const locker = await admin.connect();
  try {
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE ${schema}.api_keys IN ACCESS EXCLUSIVE MODE`);
    const blocked = await timed(store.findKey(key));
    assert.match(blocked.error ?? '', /statement timeout/);
    assert.ok(blocked.ms >= 250 && blocked.ms < 1000, `cancelled after ${blocked.ms} ms`);
  } finally {
    await locker.query('COMMIT');
    locker.release();
  }
  assert.equal((await store.findKey(key))?.id, record.id);
});

test('known keys and repeated unknown keys are answered from memory, without the database', { timeout }, async (t) => {
  const p = await proxy(t);
  const store = await open(t, p.port, { schema: freshSchema(t), now: () => 1_000_000 });
  const { key, record } = await store.createKey('free');
  const unknown = generateApiKey();
  assert.equal((await store.findKey(key))?.id, record.id);
  assert.equal(await store.findKey(unknown), null);
  for (let i = 0; i < 200; i++) assert.equal(await store.findKey(generateApiKey()), null);

  p.hang();
  const answers = await timed(Promise.all([store.findKey(key), store.findKey(unknown)]));
  assert.equal(answers.error, undefined);
  assert.ok(answers.ms < 100, `took ${answers.ms} ms`);
  p.recover();
});

test('over HTTP: a hung key store answers 503 with -32503 within the timeouts, and the gateway recovers', { timeout }, async (t) => {
  const database = `erpc_timeouts_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${database}`);
  t.after(() => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  // Straight to the database: the CLI runs synchronously, and the proxy lives in this process.
  const lines = runCli(['keys', 'create', '--plan', 'developer', '--postgres', `${server}/${database}`])
    .trim()
    .split('\n');
  const key = lines[lines.length - 1];
  const p = await proxy(t);
  const gw = await startInProcess({ postgresUrl: `postgres://root@127.0.0.1:${p.port}/${database}` });
  t.after(() => gw.stop());
  assert.equal((await post(`${gw.url}/${key}`, rpc('getHealth'))).status, 200);

  p.hang();
  // Past the lookup cache's 2 s, the key must be looked up again. Many requests at once, with keys
  // of their own, fill the wait queue too (below the 256 one address may have in flight).
  await new Promise((r) => setTimeout(r, 2100));
  const worst = pgDefaults.connectTimeoutMs + pgDefaults.statementTimeoutMs + 1000;
  const started = performance.now();
  const answers = await Promise.all([
    post(`${gw.url}/${key}`, rpc('getHealth')),
    ...Array.from({ length: 250 }, () => post(`${gw.url}/${generateApiKey()}`, rpc('getHealth'))),
  ]);
  const ms = performance.now() - started;
  assert.ok(ms < worst + 1000, `answered after ${ms} ms`);
  for (const answer of answers) {
    assert.equal(answer.status, 503);
    assert.equal(answer.headers.get('retry-after'), '1');
    assert.equal((JSON.parse(answer.text) as { error: { code: number } }).error.code, -32503);
  }

  p.recover();
  const deadline = Date.now() + 5_000;
  let status = 0;
  while (status !== 200 && Date.now() < deadline) {
    status = (await post(`${gw.url}/${key}`, rpc('getHealth'))).status;
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(status, 200);
});
