import { createHash } from 'node:crypto';
import pg from 'pg';
import { fingerprintOf, generateApiKey, hashApiKey, looksLikeApiKey, looksLikeFingerprint, sameHash } from './api-key.js';
import type { KeyRecord, KeyStore } from './key-store.js';
import { defaultPlans, type Plan } from './plans.js';
import { KeyLookupCache } from './lookup-cache.js';

/**
 * The KeyStore contract with every method returning a Promise, for stores backed by a network
 * database. Derived from KeyStore so the two cannot drift apart; see KeyStore for each method.
 */
export type AsyncKeyStore = {
  [K in keyof KeyStore]: (...args: Parameters<KeyStore[K]>) => Promise<ReturnType<KeyStore[K]>>;
};

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

/** 32-bit fingerprints collide at about one in four billion per pair; a few retries make that moot. */
const MAX_FINGERPRINT_ATTEMPTS = 8;

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
];

interface PlanRow {
  name: string;
  requests_per_second: number;
  burst: number;
  /** bigint columns arrive as strings from pg. */
  monthly_quota: string | null;
  enhanced_parsing: boolean;
  max_subscriptions: number | null;
}

interface KeyRow extends PlanRow {
  id: number;
  key_hash: Buffer;
  fingerprint: string;
  label: string | null;
  created_at: Date;
  revoked_at: Date | null;
}

function planFromRow(row: PlanRow): Plan {
  const plan: Plan = {
    name: row.name,
    requestsPerSecond: row.requests_per_second,
    burst: row.burst,
    monthlyQuota: row.monthly_quota === null ? null : Number(row.monthly_quota),
    enhancedParsing: row.enhanced_parsing,
  };
  if (row.max_subscriptions !== null) plan.maxSubscriptions = row.max_subscriptions;
  return Object.freeze(plan);
}

function recordFromRow(row: KeyRow): KeyRecord {
  // Frozen because findKey hands the same cached object to every request using the key.
  return Object.freeze({
    id: row.id,
    fingerprint: row.fingerprint,
    plan: planFromRow(row),
    label: row.label,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
  });
}

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
    // Only when migration 1 ran (in this same transaction), so a plan an operator deleted does
    // not come back on the next start; DO NOTHING keeps any row that already exists.
    if (current === 0) {
      for (const p of defaultPlans) {
        await client.query(
          `INSERT INTO ${s}.plans (name, requests_per_second, burst, monthly_quota, enhanced_parsing)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING`,
          [p.name, p.requestsPerSecond, p.burst, p.monthlyQuota, p.enhancedParsing],
        );
      }
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export async function openPgKeyStore(url: string, opts: PgKeyStoreOptions = {}): Promise<PgKeyStore> {
  const schema = opts.schema ?? 'public';
  const cacheTtlMs = opts.cacheTtlMs ?? 2000;
  const now = opts.now ?? Date.now;
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
  const query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> => {
    if (pool.waitingCount >= maxWaiting) {
      return Promise.reject(new Error(`${maxWaiting} queries already wait for a PostgreSQL connection`));
    }
    return pool.query<R>(text, values);
  };
  try {
    await migrate(pool, schema);
  } catch (err) {
    await pool.end();
    throw err;
  }

  // Table names are schema-qualified rather than relying on search_path, which connection
  // poolers in transaction mode do not preserve.
  const s = pg.escapeIdentifier(schema);
  const KEY_SELECT = `SELECT k.id, k.key_hash, k.fingerprint, k.label, k.created_at, k.revoked_at,
      p.name, p.requests_per_second, p.burst, p.monthly_quota, p.enhanced_parsing, p.max_subscriptions
    FROM ${s}.api_keys k JOIN ${s}.plans p ON p.name = k.plan`;

  const cache = new KeyLookupCache(cacheTtlMs, now);
  // Concurrent lookups of one uncached key share a single query.
  const inflight = new Map<string, Promise<KeyRecord | null>>();
  // Bumped whenever this instance changes keys or plans, so a lookup that started before the
  // change cannot cache its now stale answer after the cache was cleared.
  let generation = 0;
  let closing: Promise<void> | null = null;

  const invalidate = () => {
    generation++;
    cache.clear();
    inflight.clear();
  };
  const nowIso = () => new Date(now()).toISOString();

  async function lookup(hash: Buffer, cacheKey: string): Promise<KeyRecord | null> {
    const startedAt = generation;
    try {
      const { rows } = await query<KeyRow>(`${KEY_SELECT} WHERE k.key_hash = $1`, [hash]);
      const row = rows[0];
      // The index lookup's timing can at most hint at stored hashes, which do not help recover a
      // key; the constant-time compare is the actual confirmation of the match.
      const record = row && sameHash(row.key_hash, hash) ? recordFromRow(row) : null;
      if (startedAt === generation) cache.set(cacheKey, record);
      return record;
    } finally {
      if (startedAt === generation) inflight.delete(cacheKey);
    }
  }

  return {
    async createKey(planName, label) {
      const plan = await query(`SELECT 1 FROM ${s}.plans WHERE name = $1`, [planName]);
      if (plan.rowCount === 0) {
        const { rows } = await query<{ name: string }>(`SELECT name FROM ${s}.plans ORDER BY position`);
        throw new Error(`unknown plan "${planName}"; known plans: ${rows.map((r) => r.name).join(', ')}`);
      }
      for (let attempt = 0; attempt < MAX_FINGERPRINT_ATTEMPTS; attempt++) {
        const key = generateApiKey();
        // Unique fingerprints keep revocation by fingerprint unambiguous; a clash inserts nothing.
        const { rows } = await query<KeyRow>(
          `WITH k AS (
             INSERT INTO ${s}.api_keys (key_hash, fingerprint, plan, label, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT DO NOTHING RETURNING *
           )
           SELECT k.id, k.key_hash, k.fingerprint, k.label, k.created_at, k.revoked_at,
             p.name, p.requests_per_second, p.burst, p.monthly_quota, p.enhanced_parsing, p.max_subscriptions
           FROM k JOIN ${s}.plans p ON p.name = k.plan`,
          [hashApiKey(key), fingerprintOf(key), planName, label ?? null, nowIso()],
        );
        if (rows[0]) return { key, record: recordFromRow(rows[0]) };
      }
      throw new Error(`could not generate a key with an unused fingerprint in ${MAX_FINGERPRINT_ATTEMPTS} attempts`);
    },

    async findKey(key) {
      if (!looksLikeApiKey(key)) return null;
      const hash = hashApiKey(key);
      const cacheKey = hash.toString('hex');
      const hit = cache.get(cacheKey);
      if (hit !== undefined) return hit;
      let pending = inflight.get(cacheKey);
      if (!pending) {
        pending = lookup(hash, cacheKey);
        inflight.set(cacheKey, pending);
      }
      return pending;
    },

    async listKeys() {
      const { rows } = await query<KeyRow>(`${KEY_SELECT} ORDER BY k.id`);
      return rows.map(recordFromRow);
    },

    async revokeKey(keyOrFingerprint) {
      let result: pg.QueryResult;
      if (looksLikeApiKey(keyOrFingerprint)) {
        result = await query(`UPDATE ${s}.api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE key_hash = $2`, [
          nowIso(),
          hashApiKey(keyOrFingerprint),
        ]);
      } else if (looksLikeFingerprint(keyOrFingerprint)) {
        result = await query(`UPDATE ${s}.api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE fingerprint = $2`, [
          nowIso(),
          keyOrFingerprint,
        ]);
      } else {
        return false;
      }
      invalidate();
      return (result.rowCount ?? 0) > 0;
    },

    async listPlans() {
      const { rows } = await query<PlanRow>(`SELECT * FROM ${s}.plans ORDER BY position`);
      return rows.map(planFromRow);
    },

    async savePlan(plan) {
      await query(
        `INSERT INTO ${s}.plans (name, requests_per_second, burst, monthly_quota, enhanced_parsing, max_subscriptions)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (name) DO UPDATE SET requests_per_second = excluded.requests_per_second, burst = excluded.burst,
           monthly_quota = excluded.monthly_quota, enhanced_parsing = excluded.enhanced_parsing,
           max_subscriptions = COALESCE(excluded.max_subscriptions, ${s}.plans.max_subscriptions)`,
        [plan.name, plan.requestsPerSecond, plan.burst, plan.monthlyQuota, plan.enhancedParsing, plan.maxSubscriptions ?? null],
      );
      invalidate();
    },

    async countKeys() {
      const { rows } = await query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${s}.api_keys`);
      return rows[0].n;
    },

    async recordUsage(keyId, month, requests) {
      // A single upsert, so concurrent increments from several instances add up rather than overwrite.
      await query(
        `INSERT INTO ${s}.usage (key_id, month, requests) VALUES ($1, $2, $3)
         ON CONFLICT (key_id, month) DO UPDATE SET requests = ${s}.usage.requests + excluded.requests`,
        [keyId, month, requests],
      );
    },

    async usageFor(keyId, month) {
      const { rows } = await query<{ requests: string }>(`SELECT requests FROM ${s}.usage WHERE key_id = $1 AND month = $2`, [
        keyId,
        month,
      ]);
      return rows[0] ? Number(rows[0].requests) : 0;
    },

    close() {
      // pg.Pool.end rejects when called twice; callers may close from several shutdown paths.
      closing ??= (async () => {
        invalidate();
        await pool.end();
      })();
      return closing;
    },
  };
}
