/**
 * Two gateway instances on one PostgreSQL key store (127.0.0.1:5432, the machine's real server):
 * a key created with the CLI works on both, and revoking it stops it on both within seconds.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { post, rpc, runCli } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

const server = 'postgres://root@127.0.0.1:5432';
const database = `erpc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
const url = `${server}/${database}`;
let first: InProcessGateway;
let second: InProcessGateway;
let key: string;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: `${server}/test` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

before(async () => {
  await admin(`CREATE DATABASE ${database}`);
  const lines = runCli(['keys', 'create', '--plan', 'developer', '--postgres', url]).trim().split('\n');
  key = lines[lines.length - 1];
  first = await startInProcess({ postgresUrl: url });
  second = await startInProcess({ postgresUrl: url }, 'unlimited', first);
});

after(async () => {
  await Promise.all([first.stop(), second.stop()]);
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

const statusOn = async (gw: InProcessGateway) => (await post(`${gw.url}/${key}`, rpc('getHealth'))).status;

test('a key kept in PostgreSQL works on every instance, and a revocation reaches all of them', async () => {
  assert.equal(await statusOn(first), 200);
  assert.equal(await statusOn(second), 200);
  assert.match(runCli(['keys', 'list', '--postgres', url]), /developer\tactive/);
  runCli(['keys', 'revoke', key, '--postgres', url]);
  const deadline = Date.now() + 5_000;
  const statuses = async () => [await statusOn(first), await statusOn(second)];
  let now = await statuses();
  while (now.some((s) => s !== 401) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    now = await statuses();
  }
  assert.deepEqual(now, [401, 401]);
});

test('plans come from PostgreSQL too', () => {
  const plans = runCli(['plans', 'list', '--postgres', url]);
  for (const name of ['free', 'developer', 'business']) assert.match(plans, new RegExp(`^${name}\\t`, 'm'));
});
