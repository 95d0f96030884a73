/**
 * `kill -9` of a gateway under load: the key database opens cleanly on restart, no key or plan is
 * lost (one created by the CLI during the load included), and the usage missing is at most what
 * was counted since the last periodic write (every 10 s).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createKey, post, rpc, runCli, spawnServe, stopProcess, tempDir, unlimitedPlan } from './support/gateway.js';

const usageFlushSeconds = 10;

test('kill -9 under load loses no key or plan, and at most the usage since the last periodic write', async () => {
  const db = join(tempDir(), 'keys.sqlite');
  runCli([...unlimitedPlan, '--db', db]);
  runCli(['plans', 'set', 'partner', '--rps', '500', '--burst', '1000', '--quota', '90000000', '--enhanced', 'false', '--db', db]);
  const key = createKey(db, 'unlimited');
  const before = runCli(['keys', 'list', '--db', db]);

  const first = await spawnServe(['--port', '0', '--db', db]);
  const listeningAt = Date.now();
  const url = `http://127.0.0.1:${first.port}/${key}`;
  const answeredAt: number[] = [];
  let stop = false;
  // Four clients in a loop bounded by time and count; the kill ends it.
  const client = async () => {
    for (let i = 0; i < 100_000 && !stop; i++) {
      const answer = await post(url, rpc('getHealth')).catch(() => null);
      if (answer?.status === 200) answeredAt.push(Date.now());
    }
  };
  const load = Promise.all([client(), client(), client(), client()]);
  await new Promise((r) => setTimeout(r, 3000));
  const createdDuringLoad = createKey(db, 'partner');
  await new Promise((r) => setTimeout(r, (usageFlushSeconds + 1) * 1000 - 3000));
  first.process.kill('SIGKILL');
  await once(first.process, 'exit');
  stop = true;
  await load;

  const integrity = new Database(db, { readonly: true });
  assert.equal(integrity.pragma('integrity_check', { simple: true }), 'ok');
  const counted = (integrity.prepare('SELECT COALESCE(SUM(requests), 0) AS n FROM usage').get() as { n: number }).n;
  integrity.close();

  const second = await spawnServe(['--port', '0', '--db', db]);
  try {
    const after = runCli(['keys', 'list', '--db', db]);
    for (const line of before.trim().split('\n')) assert.ok(after.includes(line), `kept: ${line}`);
    assert.equal(after.trim().split('\n').length, 2, 'the key created during the load is there too');
    assert.match(runCli(['plans', 'list', '--db', db]), /partner/);
    for (const k of [key, createdDuringLoad]) {
      assert.equal((await post(`http://127.0.0.1:${second.port}/${k}`, rpc('getHealth'))).status, 200, 'the key still works');
    }
    // The limiter starts its flush timer before the port opens; allow it that head start.
    const surelyWritten = answeredAt.filter((t) => t < listeningAt + (usageFlushSeconds - 1.5) * 1000).length;
    assert.ok(surelyWritten > 100, `${surelyWritten} answers before the first write`);
    assert.ok(counted >= surelyWritten, `usage ${counted} holds the ${surelyWritten} answered before the periodic write`);
    assert.ok(counted <= answeredAt.length, `usage ${counted} counts no more than the ${answeredAt.length} answered`);
  } finally {
    await stopProcess(second.process);
  }
});

test('SIGTERM writes the usage before waiting for answers in flight, so a stop timeout loses none', async () => {
  const db = join(tempDir(), 'keys.sqlite');
  runCli([...unlimitedPlan, '--db', db]);
  const key = createKey(db, 'unlimited');
  // Answers ten calls at once, then holds the eleventh past any grace period.
  let calls = 0;
  const upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (++calls <= 10) res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","result":7,"id":1}');
    });
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const gateway = await spawnServe([
    '--port',
    '0',
    '--db',
    db,
    '--upstream',
    `http://127.0.0.1:${(upstream.address() as { port: number }).port}/`,
  ]);
  try {
    const url = `http://127.0.0.1:${gateway.port}/${key}`;
    for (let i = 0; i < 10; i++) assert.equal((await post(url, rpc('getSlot'))).status, 200);
    const held = post(url, rpc('getSlot')).catch(() => null);
    await new Promise((r) => setTimeout(r, 200));
    gateway.process.kill('SIGTERM');
    // What a service manager's stop timeout does while the held answer is still awaited.
    await new Promise((r) => setTimeout(r, 500));
    gateway.process.kill('SIGKILL');
    await once(gateway.process, 'exit');
    await held;
    const store = new Database(db, { readonly: true });
    const counted = (store.prepare('SELECT COALESCE(SUM(requests), 0) AS n FROM usage').get() as { n: number }).n;
    store.close();
    assert.equal(counted, 11);
  } finally {
    await stopProcess(gateway.process);
    upstream.closeAllConnections();
    upstream.close();
  }
});
