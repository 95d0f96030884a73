import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { fingerprintOf, generateApiKey, hashApiKey, looksLikeApiKey, looksLikeFingerprint, sameHash } from './api-key.js';
import { defaultPlans, type Plan } from './plans.js';
import { KeyLookupCache } from './lookup-cache.js';
import { createPrivately } from '../paths.js';

export interface KeyRecord {
  id: number;
  fingerprint: string;
  plan: Plan;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/**
 * Persistence for API keys, plans and monthly usage. Kept as an interface so the SQLite
 * implementation can be swapped for a shared database without touching callers.
 */
export interface KeyStore {
  /** Returns the key itself exactly once; only its hash is stored. Throws for an unknown plan. */
  createKey(planName: string, label?: string): { key: string; record: KeyRecord };
  /**
   * Looks a presented key up by its hash. Returns null for unknown keys; a revoked key is returned
   * with revokedAt set so the caller can tell "revoked" from "unknown".
   */
  findKey(key: string): KeyRecord | null;
  listKeys(): KeyRecord[];
  /**
   * Accepts the key itself or its fingerprint. Returns false if nothing matched; revoking an
   * already revoked key returns true and keeps the original revokedAt.
   */
  revokeKey(keyOrFingerprint: string): boolean;
  listPlans(): Plan[];
  /** Creates or replaces a plan; keys on it see the change within the lookup cache's lifetime. */
  savePlan(plan: Plan): void;
  countKeys(): number;
  /** Adds `requests` to the key's counter for `month` ('YYYY-MM', UTC). */
  recordUsage(keyId: number, month: string, requests: number): void;
  usageFor(keyId: number, month: string): number;
  close(): void;
}

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

/** 2 added plans.max_subscriptions (PubSub). */
const SCHEMA_VERSION = 2;
/** 32-bit fingerprints collide at about one in four billion per pair; a few retries make that moot. */
const MAX_FINGERPRINT_ATTEMPTS = 8;

interface PlanRow {
  name: string;
  requests_per_second: number;
  burst: number;
  monthly_quota: number | null;
  enhanced_parsing: number;
  /** NULL: the gateway's default. */
  max_subscriptions: number | null;
}

interface KeyRow extends PlanRow {
  id: number;
  key_hash: Buffer;
  fingerprint: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}

function migrate(db: Database.Database, file: string): void {
  // IMMEDIATE takes the write lock before reading user_version, so two processes opening a new
  // file at the same moment cannot both run the creation step.
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new Error(`${file} has key store schema version ${version}; this build supports up to ${SCHEMA_VERSION}`);
    }
    if (version === SCHEMA_VERSION) return;
    if (version < 1) createVersion1(db);
    // NULL keeps the gateway's default, so existing plans change nothing until an operator sets one.
    if (version < 2) db.exec('ALTER TABLE plans ADD COLUMN max_subscriptions INTEGER');
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

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
  const seed = db.prepare(
    'INSERT OR IGNORE INTO plans (name, requests_per_second, burst, monthly_quota, enhanced_parsing) VALUES (?, ?, ?, ?, ?)',
  );
  for (const p of defaultPlans) {
    seed.run(p.name, p.requestsPerSecond, p.burst, p.monthlyQuota, p.enhancedParsing ? 1 : 0);
  }
}

function planFromRow(row: PlanRow): Plan {
  const plan: Plan = {
    name: row.name,
    requestsPerSecond: row.requests_per_second,
    burst: row.burst,
    monthlyQuota: row.monthly_quota,
    enhancedParsing: row.enhanced_parsing !== 0,
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
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  });
}

const KEY_COLUMNS = `k.id, k.key_hash, k.fingerprint, k.label, k.created_at, k.revoked_at,
  p.name, p.requests_per_second, p.burst, p.monthly_quota, p.enhanced_parsing, p.max_subscriptions`;

export function openSqliteKeyStore(file: string, opts: SqliteKeyStoreOptions = {}): KeyStore {
  const cacheTtlMs = opts.cacheTtlMs ?? 2000;
  const now = opts.now ?? Date.now;
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true });
    createPrivately(file);
  }
  const db = new Database(file, { timeout: opts.busyTimeoutMs ?? 5000 });
  try {
    db.pragma('journal_mode = WAL');
    // Keys and plans are few and rarely written: each commit reaches the disk before it returns.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db, file);
  } catch (err) {
    db.close();
    throw err;
  }

  const stmt = {
    planByName: db.prepare<[string], PlanRow>('SELECT * FROM plans WHERE name = ?'),
    plans: db.prepare<[], PlanRow>('SELECT * FROM plans ORDER BY rowid'),
    upsertPlan: db.prepare<[string, number, number, number | null, number, number | null]>(
      `INSERT INTO plans (name, requests_per_second, burst, monthly_quota, enhanced_parsing, max_subscriptions) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET requests_per_second = excluded.requests_per_second, burst = excluded.burst,
         monthly_quota = excluded.monthly_quota, enhanced_parsing = excluded.enhanced_parsing,
         max_subscriptions = COALESCE(excluded.max_subscriptions, plans.max_subscriptions)`,
    ),
    fingerprintTaken: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM api_keys WHERE fingerprint = ?'),
    insertKey: db.prepare<[Buffer, string, string, string | null, string]>(
      'INSERT INTO api_keys (key_hash, fingerprint, plan, label, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    keyById: db.prepare<[number | bigint], KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys k JOIN plans p ON p.name = k.plan WHERE k.id = ?`),
    keyByHash: db.prepare<[Buffer], KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys k JOIN plans p ON p.name = k.plan WHERE k.key_hash = ?`),
    keys: db.prepare<[], KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys k JOIN plans p ON p.name = k.plan ORDER BY k.id`),
    revokeByHash: db.prepare<[string, Buffer]>('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE key_hash = ?'),
    revokeByFingerprint: db.prepare<[string, string]>('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE fingerprint = ?'),
    countKeys: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM api_keys'),
    addUsage: db.prepare<[number, string, number]>(
      `INSERT INTO usage (key_id, month, requests) VALUES (?, ?, ?)
       ON CONFLICT (key_id, month) DO UPDATE SET requests = requests + excluded.requests`,
    ),
    usage: db.prepare<[number, string], { requests: number }>('SELECT requests FROM usage WHERE key_id = ? AND month = ?'),
  };

  const cache = new KeyLookupCache(cacheTtlMs, now);

  const nowIso = () => new Date(now()).toISOString();

  return {
    createKey(planName, label) {
      if (!stmt.planByName.get(planName)) {
        const known = stmt.plans
          .all()
          .map((p) => p.name)
          .join(', ');
        throw new Error(`unknown plan "${planName}"; known plans: ${known}`);
      }
      for (let attempt = 0; attempt < MAX_FINGERPRINT_ATTEMPTS; attempt++) {
        const key = generateApiKey();
        const fingerprint = fingerprintOf(key);
        // Unique fingerprints keep revocation by fingerprint unambiguous.
        if (stmt.fingerprintTaken.get(fingerprint)) continue;
        const { lastInsertRowid } = stmt.insertKey.run(hashApiKey(key), fingerprint, planName, label ?? null, nowIso());
        return { key, record: recordFromRow(stmt.keyById.get(lastInsertRowid)!) };
      }
      throw new Error(`could not generate a key with an unused fingerprint in ${MAX_FINGERPRINT_ATTEMPTS} attempts`);
    },

    findKey(key) {
      if (!looksLikeApiKey(key)) return null;
      const hash = hashApiKey(key);
      const cacheKey = hash.toString('hex');
      const hit = cache.get(cacheKey);
      if (hit !== undefined) return hit;

      // The index lookup's timing can at most hint at stored hashes, which do not help recover a
      // key; the constant-time compare is the actual confirmation of the match.
      const row = stmt.keyByHash.get(hash);
      const record = row && sameHash(row.key_hash, hash) ? recordFromRow(row) : null;

      cache.set(cacheKey, record);
      return record;
    },

    listKeys() {
      return stmt.keys.all().map(recordFromRow);
    },

    revokeKey(keyOrFingerprint) {
      let changes: number;
      if (looksLikeApiKey(keyOrFingerprint)) {
        changes = stmt.revokeByHash.run(nowIso(), hashApiKey(keyOrFingerprint)).changes;
      } else if (looksLikeFingerprint(keyOrFingerprint)) {
        changes = stmt.revokeByFingerprint.run(nowIso(), keyOrFingerprint).changes;
      } else {
        return false;
      }
      cache.clear();
      return changes > 0;
    },

    listPlans() {
      return stmt.plans.all().map(planFromRow);
    },

    savePlan(plan) {
      stmt.upsertPlan.run(
        plan.name,
        plan.requestsPerSecond,
        plan.burst,
        plan.monthlyQuota,
        plan.enhancedParsing ? 1 : 0,
        plan.maxSubscriptions ?? null,
      );
      cache.clear();
    },

    countKeys() {
      return stmt.countKeys.get()!.n;
    },

    recordUsage(keyId, month, requests) {
      stmt.addUsage.run(keyId, month, requests);
    },

    usageFor(keyId, month) {
      return stmt.usage.get(keyId, month)?.requests ?? 0;
    },

    close() {
      cache.clear();
      if (db.open) db.close();
    },
  };
}
