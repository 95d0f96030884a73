/**
 * The acceptors of one `serve` open the key database and the live IDLs' cache file at the same
 * moment. On a 16-core host one of them once failed its start with "database is locked": a
 * process switching a file still in rollback mode to WAL is refused at once, without the busy
 * timeout, while another holds a write lock on it (the other's own switch or creation step).
 * Here the other opener is this test's connection, holding the lock on a new file while a child
 * process opens it as the gateway does.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { openSqliteKeyStore } from '../src/auth/key-store.js';
import { openLedger } from '../src/ledger/ledger-store.js';
import { IdlCacheFile } from '../src/live/idl-cache-file.js';
import { tempDirOf } from './support/gateway.js';

const openers = {
  'key store': `const { openSqliteKeyStore } = await import(${JSON.stringify(new URL('../src/auth/key-store.js', import.meta.url).href)});
    openSqliteKeyStore(file, { busyTimeoutMs: 200 }).close();`,
  'live IDLs cache file': `const { IdlCacheFile } = await import(${JSON.stringify(new URL('../src/live/idl-cache-file.js', import.meta.url).href)});
    new IdlCacheFile(file).close();`,
  ledger: `const { openLedger } = await import(${JSON.stringify(new URL('../src/ledger/ledger-store.js', import.meta.url).href)});
    openLedger(file).close();`,
};

/** Runs `open` in a child process on `file`; resolves with what it printed: "opened" or the error. */
async function openInChild(file: string, open: string): Promise<string> {
  const script = `const file = ${JSON.stringify(file)};
    try { ${open} console.log('opened'); } catch (error) { console.log(error.code, error.message); }`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  return stdout.trim();
}

for (const [name, open] of Object.entries(openers)) {
  test(`${name}: opening a new file another process is writing waits for it instead of failing "database is locked"`, async (t) => {
    const file = join(tempDirOf(t), 'new.sqlite');
    const other = new Database(file);
    t.after(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    other.exec('CREATE TABLE first_opener (a)');
    const started = Date.now();
    const opening = openInChild(file, open);
    // Long enough for the child to start and reach the switch, which it would fail at once.
    await new Promise((resolve) => setTimeout(resolve, 700));
    other.exec('COMMIT');
    assert.equal(await opening, 'opened');
    assert.ok(Date.now() - started >= 700);
    const after = new Database(file, { readonly: true });
    t.after(() => after.close());
    assert.equal(after.pragma('journal_mode', { simple: true }), 'wal');
  });
}

/** A new SQLite file at `name` in `dir` whose schema version is `version`. */
function fileOfVersion(dir: string, name: string, version: number): string {
  const file = join(dir, name);
  const db = new Database(file);
  db.pragma(`user_version = ${version}`);
  db.close();
  return file;
}

test('a file that cannot be opened is named in the error', (t) => {
  const dir = tempDirOf(t);
  const keys = fileOfVersion(dir, 'keys.sqlite', 99);
  assert.throws(
    () => openSqliteKeyStore(keys),
    (error: Error) => error.message === `${keys}: key store schema version 99; this build supports up to 3`,
  );
  const idls = fileOfVersion(dir, 'idls.sqlite', 7);
  assert.throws(
    () => new IdlCacheFile(idls),
    (error: Error) => error.message === `${idls}: written by a newer enhanced-rpc (schema 7)`,
  );
  const ledger = fileOfVersion(dir, 'ledger.sqlite', 42);
  assert.throws(
    () => openLedger(ledger),
    (error: Error) => error.message.startsWith(`${ledger}: ledger schema version 42, expected `),
  );
});
