import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { keyStoreOver, readStoreId, runSync, seedDefaultPlans, seedStoreId, type KeyStoreOf, type SqlAdapter } from './key-store-core.js';
import { createPrivately } from '../paths.js';
import { openingError, openingWaitMs, useWal } from '../sqlite/wal.js';

/** The key store contract answered at once, as SQLite does; AsyncKeyStore is the same with promises. */
export type KeyStore = KeyStoreOf<'sync'>;

export interface SqliteKeyStoreOptions {
  /**
   * How long findKey answers (found or not found) are served from memory. A revocation through
   * this store instance takes effect at once; one made by another process (e.g. the CLI while the
   * gateway runs) takes effect within this many milliseconds. Default 2000.
   */
  cacheTtlMs?: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
  /**
   * How long a statement waits for another process's write lock (the CLI's). The gateway keeps it
   * short: its usage writes run on the event loop, and a failed one is kept and retried. Default 5000.
   */
  busyTimeoutMs?: number;
}

/** 2 added plans.max_subscriptions (PubSub), 3 store_identity (the store id). */
const SCHEMA_VERSION = 3;

function migrate(db: Database.Database): void {
  // Read without a lock first: the acceptors of one `serve` open the file together, and an
  // up-to-date file needs none of them to queue for the write lock.
  if (db.pragma('user_version', { simple: true }) === SCHEMA_VERSION) return;
  // IMMEDIATE takes the write lock before reading user_version, so two processes opening a new
  // file at the same moment cannot both run the creation step.
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new Error(`key store schema version ${version}; this build supports up to ${SCHEMA_VERSION}`);
    }
    if (version === SCHEMA_VERSION) return;
    if (version < 1) createVersion1(db);
    // NULL keeps the gateway's default, so existing plans change nothing until an operator sets one.
    if (version < 2) db.exec('ALTER TABLE plans ADD COLUMN max_subscriptions INTEGER');
    if (version < 3) {
      db.exec(storeIdentityTable);
      runSync(seedStoreId(sqliteSql(db)));
    }
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

// `one` holds the table to a single row.
const storeIdentityTable = 'CREATE TABLE store_identity (one INTEGER PRIMARY KEY CHECK (one = 1), id TEXT NOT NULL)';

function createVersion1(db: Database.Database): void {
  db.exec(`
      CREATE TABLE IF NOT EXISTS plans (
        name TEXT PRIMARY KEY,
        requests_per_second REAL NOT NULL,
        burst INTEGER NOT NULL,
        monthly_quota INTEGER,
        enhanced_parsing INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS api_keys (
        id INTEGER PRIMARY KEY,
        key_hash BLOB UNIQUE NOT NULL,
        fingerprint TEXT NOT NULL,
        plan TEXT NOT NULL REFERENCES plans(name),
        label TEXT,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE UNIQUE INDEX IF NOT EXISTS api_keys_fingerprint ON api_keys(fingerprint);
      CREATE TABLE IF NOT EXISTS usage (
        key_id INTEGER NOT NULL REFERENCES api_keys(id),
        month TEXT NOT NULL,
        requests INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, month)
      ) WITHOUT ROWID;
    `);
  runSync(seedDefaultPlans(sqliteSql(db)));
}

function sqliteSql(db: Database.Database): SqlAdapter<'sync'> {
  return {
    tablePrefix: '',
    planOrder: 'rowid',
    prepare<R>(text: string) {
      const statement = db.prepare<unknown[], R>(text);
      return {
        get: (...params) => statement.get(...params),
        all: (...params) => statement.all(...params),
        run: (...params) => statement.run(...params).changes,
      };
    },
  };
}

export function openSqliteKeyStore(file: string, opts: SqliteKeyStoreOptions = {}): KeyStore {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true });
    createPrivately(file);
  }
  const busyTimeoutMs = opts.busyTimeoutMs ?? 5000;
  // Opening waits longer than serving: processes starting together queue for the creation step.
  const db = new Database(file, { timeout: Math.max(busyTimeoutMs, openingWaitMs) });
  try {
    useWal(db);
    // Keys and plans are few and rarely written: each commit reaches the disk before it returns.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  } catch (err) {
    db.close();
    throw openingError(file, err);
  }

  const connection = {
    ...sqliteSql(db),
    close() {
      if (db.open) db.close();
    },
  };
  return keyStoreOver(connection, runSync, {
    storeId: runSync(readStoreId(connection)),
    cacheTtlMs: opts.cacheTtlMs ?? 2000,
    now: opts.now ?? Date.now,
  });
}
