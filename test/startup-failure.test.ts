/**
 * A gateway that cannot start says so and leaves nothing open: a port another gateway holds is
 * refused (uWS would otherwise share it through SO_REUSEPORT), and the parts started before the
 * failure — key database, ledger, worker pool — are closed again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createGateway } from '../src/gateway.js';
import { cli, tempDir } from './support/gateway.js';
import { startInProcess } from './support/in-process-gateway.js';

/** This process's open descriptors on `file` (SQLite keeps the database and its WAL files open). */
function openDescriptors(file: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
    } catch {
      return false;
    }
  }).length;
}

test('serve on a port another gateway holds exits at once, saying so', async () => {
  const running = await startInProcess();
  try {
    const second = spawnSync(process.execPath, [cli, 'serve', '--port', String(running.port), '--db', join(tempDir(), 'k.sqlite')], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(second.status, 1, second.stderr);
    assert.match(second.stderr, new RegExp(`cannot listen on 127\\.0\\.0\\.1:${running.port}`));
  } finally {
    await running.stop();
  }
});

test('a start that fails half-way closes what it had opened', async () => {
  const dir = tempDir();
  const first = await createGateway({ port: 0, wsPort: 0, keyDbFile: join(dir, 'a.sqlite'), workers: 1, logLevel: 'silent' });
  try {
    const keyDb = join(dir, 'b.sqlite');
    await assert.rejects(createGateway({ port: first.port, wsPort: 0, keyDbFile: keyDb, workers: 1, logLevel: 'silent' }), /cannot listen/);
    assert.equal(openDescriptors(keyDb), 0, 'the key database of the failed start is closed');
  } finally {
    await first.close();
  }
  assert.equal(openDescriptors(join(dir, 'a.sqlite')), 0, 'close() closes the key database too');
});

test('options that cannot work are refused before anything is opened', async () => {
  const keyDb = join(tempDir(), 'never.sqlite');
  await assert.rejects(createGateway({ port: 70000, keyDbFile: keyDb }), /port 70000 is not a port/);
  await assert.rejects(createGateway({ workers: -1, keyDbFile: keyDb }), /workers -1/);
  await assert.rejects(createGateway({ upstreams: ['not a url'], keyDbFile: keyDb }), /is not a URL/);
  assert.equal(openDescriptors(keyDb), 0);
});
