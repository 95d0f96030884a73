import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  keyStoreOver,
  readStoreId,
  runAsync,
  seedDefaultPlans,
  seedStoreId,
  type KeyStoreOf,
  type SqlAdapter,
  type Statement,
} from './key-store-core.js';

/** The KeyStore contract with every method returning a Promise, for stores backed by a network database. */
export type AsyncKeyStore = KeyStoreOf<'async'>;

export type PgKeyStore = AsyncKeyStore;

export interface PgKeyStoreOptions {
  /** Schema holding the tables; created if missing. Default 'public'. */
  schema?: string;
  /**
   * How long findKey answers (found or not found) are served from memory. A revocation through
   * this instance takes effect at once; one made through another gateway instance takes effect
   * here within this many milliseconds. Default 2000.
   */
  cacheTtlMs?: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
  /** Connections in the pool. Lookups are cached, so a few suffice. Default 4. */
  poolSize?: number;
  /**
   * How long a query waits for a connection: a free one from the pool, or a new one to finish
   * connecting. Past it the query fails (a request gets 503). Default 2000.
   */
  connectTimeoutMs?: number;
  /**
   * How long the server may spend on one statement (waiting for locks included) before it cancels
   * it; the client gives up 1 s after that, for a server or network that stops answering at all.
   * Default 2000.
   */
  statementTimeoutMs?: number;
  /** Queries waiting for a connection; one more fails at once (a request gets 503). Default 256. */
  maxWaiting?: number;
}

export const pgDefaults = { poolSize: 4, connectTimeoutMs: 2000, statementTimeoutMs: 2000, maxWaiting: 256 };

/** A statement cancelled by the server arrives about now; a reply later than this is not coming. */
const clientGraceMs = 1000;

/** Each entry is applied once, in order, and recorded in schema_migrations. `s` is the quoted schema. */
const MIGRATIONS: ReadonlyArray<(s: string) => string> = [
  (s) => `
    CREATE TABLE ${s}.plans (
      name text PRIMARY KEY,
      -- Keeps listPlans in creation order, as the SQLite store does.
      position integer GENERATED ALWAYS AS IDENTITY,
      requests_per_second double precision NOT NULL,
      burst integer NOT NULL,
      monthly_quota bigint,
      enhanced_parsing boolean NOT NULL
    );
    CREATE TABLE ${s}.api_keys (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      key_hash bytea NOT NULL UNIQUE,
      fingerprint text NOT NULL UNIQUE,
      plan text NOT NULL REFERENCES ${s}.plans(name),
      label text,
      created_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE TABLE ${s}.usage (
      key_id integer NOT NULL REFERENCES ${s}.api_keys(id),
      month text NOT NULL,
      requests bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (key_id, month)
    );
  `,
  // PubSub subscriptions a key of the plan may hold at once; NULL is the gateway's default.
  (s) => `ALTER TABLE ${s}.plans ADD COLUMN max_subscriptions integer`,
  // The store id (KeyStoreOf.storeId), seeded by migrate; `one` holds the table to a single row.
  (s) => `CREATE TABLE ${s}.store_identity (one integer PRIMARY KEY CHECK (one = 1), id text NOT NULL)`,
];
const STORE_IDENTITY_VERSION = 3;

/** Per-schema lock id, so stores in different schemas of one database do not wait on each other. */
function migrationLockId(schema: string): string {
  return createHash('sha256').update(`erpc-key-store:${schema}`).digest().readBigInt64BE(0).toString();
}

async function migrate(pool: pg.Pool, schema: string): Promise<void> {
  const s = pg.escapeIdentifier(schema);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Held until COMMIT/ROLLBACK. Even CREATE ... IF NOT EXISTS can fail with a unique violation
    // when two sessions run it at once, so everything, schema creation included, sits behind it.
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [migrationLockId(schema)]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${s}.schema_migrations`);
    const current = rows[0]?.v ?? 0;
    if (current > MIGRATIONS.length) {
      throw new Error(`schema ${schema} has key store version ${current}; this build supports up to ${MIGRATIONS.length}`);
    }
    for (let version = current + 1; version <= MIGRATIONS.length; version++) {
      await client.query(MIGRATIONS[version - 1](s));
      await client.query(`INSERT INTO ${s}.schema_migrations (version, applied_at) VALUES ($1, now())`, [version]);
    }
    const sql = pgSql((text, values) => client.query(text, values), schema);
    // Each only when its migration ran, in this same transaction.
    if (current === 0) await runAsync(seedDefaultPlans(sql));
    if (current < STORE_IDENTITY_VERSION) await runAsync(seedStoreId(sql));
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The core's SQL over `query`: the pool's, or a migration's own connection. */
function pgSql(query: (text: string, values: unknown[]) => Promise<pg.QueryResult>, schema: string): SqlAdapter<'async'> {
  return {
    tablePrefix: `${pg.escapeIdentifier(schema)}.`,
    planOrder: 'position',
    prepare<R>(text: string): Statement<'async', R> {
      let n = 0;
      const numbered = text.replace(/\?/g, () => `$${++n}`);
      const rows = async (params: unknown[]) => (await query(numbered, params)).rows as R[];
      return {
        get: async (...params) => (await rows(params))[0],
        all: (...params) => rows(params),
        run: async (...params) => (await query(numbered, params)).rowCount ?? 0,
      };
    },
  };
}

export async function openPgKeyStore(url: string, opts: PgKeyStoreOptions = {}): Promise<PgKeyStore> {
  const schema = opts.schema ?? 'public';
  const statementTimeoutMs = opts.statementTimeoutMs ?? pgDefaults.statementTimeoutMs;
  const maxWaiting = opts.maxWaiting ?? pgDefaults.maxWaiting;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? pgDefaults.poolSize,
    // Without these a database that stops answering holds every request, and queues more, forever.
    connectionTimeoutMillis: opts.connectTimeoutMs ?? pgDefaults.connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // On expiry pg destroys the connection (its query is still outstanding), so none is reused mid-answer.
    query_timeout: statementTimeoutMs + clientGraceMs,
  });
  // An idle connection dropped by the server emits 'error' on the pool; unhandled, that would
  // crash the gateway. The pool discards the broken client and the next query opens a new one.
  pool.on('error', () => undefined);
  // pg-pool queues without limit; each waiter is a request held open, so past the bound the
  // request is answered (503) instead of joining the line.
  const query = (text: string, values: unknown[]): Promise<pg.QueryResult> => {
    if (pool.waitingCount >= maxWaiting) {
      return Promise.reject(new Error(`${maxWaiting} queries already wait for a PostgreSQL connection`));
    }
    return pool.query(text, values);
  };
  let storeId: string;
  try {
    await migrate(pool, schema);
    storeId = await runAsync(readStoreId(pgSql(query, schema)));
  } catch (err) {
    await pool.end();
    throw err;
  }

  let closing: Promise<void> | null = null;
  // pg.Pool.end rejects when called twice; callers may close from several shutdown paths.
  const connection = { ...pgSql(query, schema), close: () => (closing ??= pool.end()) };
  return keyStoreOver(connection, runAsync, { storeId, cacheTtlMs: opts.cacheTtlMs ?? 2000, now: opts.now ?? Date.now });
}
