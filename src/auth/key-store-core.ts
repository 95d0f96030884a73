/**
 * What the SQLite and the PostgreSQL key stores share: every statement, the fingerprint retries,
 * the lookup cache and the constant-time confirmation of a found key. A store brings a small SQL
 * adapter (its driver, its table names) and a runner, and gets the KeyStore contract back.
 *
 * SQLite answers a statement at once, PostgreSQL later. So that the logic is written once, each
 * operation is a generator that yields every statement's result and is handed back its value:
 * `runSync` hands it back at once, `runAsync` once the promise settles (gensync's approach).
 */
import { randomBytes } from 'node:crypto';
import { fingerprintOf, generateApiKey, hashApiKey, looksLikeApiKey, looksLikeFingerprint, sameHash } from './api-key.js';
import type { KeyRecord } from './key-record.js';
import { KeyLookupCache } from './lookup-cache.js';
import { defaultPlans, type Plan } from './plans.js';

/** How each mode hands a value over; indexed by a mode, so that one signature serves both. */
interface Results<T> {
  sync: T;
  async: Promise<T>;
}
export type Mode = keyof Results<unknown>;
type Result<M extends Mode, T> = Results<T>[M];

/**
 * Persistence for API keys, plans and monthly usage, each answer given as `M` gives it: KeyStore
 * (SQLite) answers at once, AsyncKeyStore (PostgreSQL) with a promise.
 */
export interface KeyStoreOf<M extends Mode> {
  /**
   * This store's own random id, made when its schema was created or upgraded. Key ids count from 1
   * in every store, so anything kept outside the store about a key (Redis counters) is named by
   * both, and gateways with different stores sharing one Redis keep apart.
   */
  readonly storeId: string;
  /** Returns the key itself exactly once; only its hash is stored. Throws for an unknown plan. */
  createKey(planName: string, label?: string): Result<M, { key: string; record: KeyRecord }>;
  /**
   * Looks a presented key up by its hash. Returns null for unknown keys; a revoked key is returned
   * with revokedAt set so the caller can tell "revoked" from "unknown".
   */
  findKey(key: string): Result<M, KeyRecord | null>;
  listKeys(): Result<M, KeyRecord[]>;
  /**
   * Accepts the key itself or its fingerprint. Returns false if nothing matched; revoking an
   * already revoked key returns true and keeps the original revokedAt.
   */
  revokeKey(keyOrFingerprint: string): Result<M, boolean>;
  listPlans(): Result<M, Plan[]>;
  /** Creates or replaces a plan; keys on it see the change within the lookup cache's lifetime. */
  savePlan(plan: Plan): Result<M, void>;
  countKeys(): Result<M, number>;
  /** Adds `requests` to the key's counter for `month` ('YYYY-MM', UTC). */
  recordUsage(keyId: number, month: string, requests: number): Result<M, void>;
  usageFor(keyId: number, month: string): Result<M, number>;
  /** Safe to call more than once. */
  close(): Result<M, void>;
}

/** A prepared statement whose rows read as `R`. */
export interface Statement<M extends Mode, R> {
  get(...params: unknown[]): Result<M, R | undefined>;
  all(...params: unknown[]): Result<M, R[]>;
  /** Returns how many rows the statement changed. */
  run(...params: unknown[]): Result<M, number>;
}

export interface SqlAdapter<M extends Mode> {
  /**
   * Put before each table name: nothing for SQLite; the quoted schema and a dot for PostgreSQL,
   * rather than relying on search_path, which connection poolers in transaction mode do not keep.
   */
  readonly tablePrefix: string;
  /** The plans column that keeps creation order (listPlans' order). */
  readonly planOrder: string;
  /** `text` names its parameters `?`, as SQLite does. */
  prepare<R>(text: string): Statement<M, R>;
}

/** A store's open database: its SQL, and how to let it go (safe to call more than once). */
export interface Connection<M extends Mode> extends SqlAdapter<M> {
  close(): Result<M, void>;
}

/** An operation of the core: it yields each statement's result and is handed back its value. */
type Op<T> = Generator<unknown, T, unknown>;
type Runner<M extends Mode> = <T>(op: Op<T>) => Result<M, T>;

/** A statement's value, once the runner has it. */
function* valueOf<T>(result: T | Promise<T>): Op<T> {
  return (yield result) as T;
}

export function runSync<T>(op: Op<T>): T {
  let step = op.next();
  while (!step.done) step = op.next(step.value);
  return step.value;
}

export async function runAsync<T>(op: Op<T>): Promise<T> {
  let step = op.next();
  while (!step.done) {
    let value: unknown;
    try {
      value = await step.value;
    } catch (error) {
      // Into the operation, so that its own try/finally runs.
      step = op.throw(error);
      continue;
    }
    step = op.next(value);
  }
  return step.value;
}

/** A plans row as either driver gives it: SQLite has no boolean type, and pg reads bigint as text. */
interface PlanRow {
  name: string;
  requests_per_second: number;
  burst: number;
  monthly_quota: number | string | null;
  enhanced_parsing: number | boolean;
  /** NULL: the gateway's default. */
  max_subscriptions: number | null;
}

interface KeyRow extends PlanRow {
  id: number;
  key_hash: Buffer;
  fingerprint: string;
  label: string | null;
  /** The ISO text written, from SQLite; a Date from PostgreSQL's timestamptz. */
  created_at: string | Date;
  revoked_at: string | Date | null;
}

/** 32-bit fingerprints collide at about one in four billion per pair; a few retries make that moot. */
const MAX_FINGERPRINT_ATTEMPTS = 8;

function planFromRow(row: PlanRow): Plan {
  const plan: Plan = {
    name: row.name,
    requestsPerSecond: row.requests_per_second,
    burst: row.burst,
    monthlyQuota: row.monthly_quota === null ? null : Number(row.monthly_quota),
    enhancedParsing: Boolean(row.enhanced_parsing),
  };
  if (row.max_subscriptions !== null) plan.maxSubscriptions = row.max_subscriptions;
  return Object.freeze(plan);
}

const isoText = (time: string | Date) => (typeof time === 'string' ? time : time.toISOString());

function recordFromRow(row: KeyRow): KeyRecord {
  // Frozen because findKey hands the same cached object to every request using the key.
  return Object.freeze({
    id: row.id,
    fingerprint: row.fingerprint,
    plan: planFromRow(row),
    label: row.label,
    createdAt: isoText(row.created_at),
    revokedAt: row.revoked_at === null ? null : isoText(row.revoked_at),
  });
}

/** SQLite has no boolean type; PostgreSQL reads 1 and 0 as true and false. */
const flag = (value: boolean) => (value ? 1 : 0);

/**
 * Seeds a new store's plans; run in the transaction that creates the tables, so a plan an operator
 * deleted later does not come back. A plan that already exists is kept as it is.
 */
export function* seedDefaultPlans(sql: SqlAdapter<Mode>): Op<void> {
  const insert = sql.prepare(
    `INSERT INTO ${sql.tablePrefix}plans (name, requests_per_second, burst, monthly_quota, enhanced_parsing) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (name) DO NOTHING`,
  );
  for (const p of defaultPlans) {
    yield* valueOf(insert.run(p.name, p.requestsPerSecond, p.burst, p.monthlyQuota, flag(p.enhancedParsing)));
  }
}

/** Run once, in the migration that creates store_identity, so the id never changes afterwards. */
export function* seedStoreId(sql: SqlAdapter<Mode>): Op<void> {
  const insert = sql.prepare(`INSERT INTO ${sql.tablePrefix}store_identity (one, id) VALUES (1, ?)`);
  yield* valueOf(insert.run(randomBytes(8).toString('hex')));
}

export function* readStoreId(sql: SqlAdapter<Mode>): Op<string> {
  const row = yield* valueOf(sql.prepare<{ id: string }>(`SELECT id FROM ${sql.tablePrefix}store_identity`).get());
  if (row === undefined) throw new Error('the key store has no store id (store_identity is empty)');
  return row.id;
}

function statements(sql: SqlAdapter<Mode>) {
  const t = sql.tablePrefix;
  const keySelect = `SELECT k.id, k.key_hash, k.fingerprint, k.label, k.created_at, k.revoked_at,
      p.name, p.requests_per_second, p.burst, p.monthly_quota, p.enhanced_parsing, p.max_subscriptions
    FROM ${t}api_keys k JOIN ${t}plans p ON p.name = k.plan`;
  return {
    planByName: sql.prepare<PlanRow>(`SELECT * FROM ${t}plans WHERE name = ?`),
    plans: sql.prepare<PlanRow>(`SELECT * FROM ${t}plans ORDER BY ${sql.planOrder}`),
    upsertPlan: sql.prepare(
      `INSERT INTO ${t}plans (name, requests_per_second, burst, monthly_quota, enhanced_parsing, max_subscriptions)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET requests_per_second = excluded.requests_per_second, burst = excluded.burst,
         monthly_quota = excluded.monthly_quota, enhanced_parsing = excluded.enhanced_parsing,
         max_subscriptions = COALESCE(excluded.max_subscriptions, plans.max_subscriptions)`,
    ),
    // Unique fingerprints keep revocation by fingerprint unambiguous; a clash inserts nothing.
    insertKey: sql.prepare<{ id: number }>(
      `INSERT INTO ${t}api_keys (key_hash, fingerprint, plan, label, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING RETURNING id`,
    ),
    keyById: sql.prepare<KeyRow>(`${keySelect} WHERE k.id = ?`),
    keyByHash: sql.prepare<KeyRow>(`${keySelect} WHERE k.key_hash = ?`),
    keys: sql.prepare<KeyRow>(`${keySelect} ORDER BY k.id`),
    revokeByHash: sql.prepare(`UPDATE ${t}api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE key_hash = ?`),
    revokeByFingerprint: sql.prepare(`UPDATE ${t}api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE fingerprint = ?`),
    countKeys: sql.prepare<{ n: number }>(`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM ${t}api_keys`),
    // A single upsert, so concurrent increments from several instances add up rather than overwrite.
    addUsage: sql.prepare(
      `INSERT INTO ${t}usage (key_id, month, requests) VALUES (?, ?, ?)
       ON CONFLICT (key_id, month) DO UPDATE SET requests = usage.requests + excluded.requests`,
    ),
    usage: sql.prepare<{ requests: number | string }>(`SELECT requests FROM ${t}usage WHERE key_id = ? AND month = ?`),
  };
}

export interface CoreOptions {
  /** readStoreId's answer, read once when the store opens. */
  storeId: string;
  /** How long findKey answers (found or not found) are served from memory. */
  cacheTtlMs: number;
  /** Milliseconds since the epoch. */
  now: () => number;
}

class KeyStoreCore {
  private readonly statement: ReturnType<typeof statements>;
  private readonly cache: KeyLookupCache;
  /** Lookups still under way, so that concurrent ones of one uncached key share a single query. */
  private readonly inflight = new Map<string, Promise<KeyRecord | null>>();
  /**
   * Bumped whenever this instance changes keys or plans, so a lookup that started before the
   * change cannot cache its now stale answer after the cache was cleared.
   */
  private generation = 0;

  constructor(
    private readonly sql: Connection<Mode>,
    private readonly run: <T>(op: Op<T>) => T | Promise<T>,
    private readonly options: CoreOptions,
  ) {
    this.statement = statements(sql);
    this.cache = new KeyLookupCache(options.cacheTtlMs, options.now);
  }

  private nowIso(): string {
    return new Date(this.options.now()).toISOString();
  }

  private invalidate(): void {
    this.generation++;
    this.cache.clear();
    this.inflight.clear();
  }

  *createKey(planName: string, label?: string): Op<{ key: string; record: KeyRecord }> {
    if ((yield* valueOf(this.statement.planByName.get(planName))) === undefined) {
      const known = (yield* valueOf(this.statement.plans.all())).map((p) => p.name).join(', ');
      throw new Error(`unknown plan "${planName}"; known plans: ${known}`);
    }
    for (let attempt = 0; attempt < MAX_FINGERPRINT_ATTEMPTS; attempt++) {
      const key = generateApiKey();
      const inserted = yield* valueOf(
        this.statement.insertKey.get(hashApiKey(key), fingerprintOf(key), planName, label ?? null, this.nowIso()),
      );
      if (inserted === undefined) continue;
      return { key, record: recordFromRow((yield* valueOf(this.statement.keyById.get(inserted.id)))!) };
    }
    throw new Error(`could not generate a key with an unused fingerprint in ${MAX_FINGERPRINT_ATTEMPTS} attempts`);
  }

  *findKey(key: string): Op<KeyRecord | null> {
    if (!looksLikeApiKey(key)) return null;
    const hash = hashApiKey(key);
    const cacheKey = hash.toString('hex');
    const hit = this.cache.get(cacheKey);
    if (hit !== undefined) return hit;
    let pending = this.inflight.get(cacheKey);
    if (pending === undefined) {
      const found = this.run(this.lookup(hash, cacheKey));
      // A synchronous store has its answer already; only one still on its way can be shared.
      if (!(found instanceof Promise)) return found;
      pending = found;
      this.inflight.set(cacheKey, pending);
    }
    return yield* valueOf(pending);
  }

  private *lookup(hash: Buffer, cacheKey: string): Op<KeyRecord | null> {
    const startedAt = this.generation;
    try {
      const row = yield* valueOf(this.statement.keyByHash.get(hash));
      // The index lookup's timing can at most hint at stored hashes, which do not help recover a
      // key; the constant-time compare is the actual confirmation of the match.
      const record = row && sameHash(row.key_hash, hash) ? recordFromRow(row) : null;
      if (startedAt === this.generation) this.cache.set(cacheKey, record);
      return record;
    } finally {
      if (startedAt === this.generation) this.inflight.delete(cacheKey);
    }
  }

  *listKeys(): Op<KeyRecord[]> {
    return (yield* valueOf(this.statement.keys.all())).map(recordFromRow);
  }

  *revokeKey(keyOrFingerprint: string): Op<boolean> {
    let changes: number;
    if (looksLikeApiKey(keyOrFingerprint)) {
      changes = yield* valueOf(this.statement.revokeByHash.run(this.nowIso(), hashApiKey(keyOrFingerprint)));
    } else if (looksLikeFingerprint(keyOrFingerprint)) {
      changes = yield* valueOf(this.statement.revokeByFingerprint.run(this.nowIso(), keyOrFingerprint));
    } else {
      return false;
    }
    this.invalidate();
    return changes > 0;
  }

  *listPlans(): Op<Plan[]> {
    return (yield* valueOf(this.statement.plans.all())).map(planFromRow);
  }

  *savePlan(plan: Plan): Op<void> {
    yield* valueOf(
      this.statement.upsertPlan.run(
        plan.name,
        plan.requestsPerSecond,
        plan.burst,
        plan.monthlyQuota,
        flag(plan.enhancedParsing),
        plan.maxSubscriptions ?? null,
      ),
    );
    this.invalidate();
  }

  *countKeys(): Op<number> {
    return (yield* valueOf(this.statement.countKeys.get()))!.n;
  }

  *recordUsage(keyId: number, month: string, requests: number): Op<void> {
    yield* valueOf(this.statement.addUsage.run(keyId, month, requests));
  }

  *usageFor(keyId: number, month: string): Op<number> {
    const row = yield* valueOf(this.statement.usage.get(keyId, month));
    return row === undefined ? 0 : Number(row.requests);
  }

  *close(): Op<void> {
    this.invalidate();
    yield* valueOf(this.sql.close());
  }
}

/** The KeyStore contract over `sql`, each operation run by `run` (runSync or runAsync). */
export function keyStoreOver<M extends Mode>(sql: Connection<M>, run: Runner<M>, options: CoreOptions): KeyStoreOf<M> {
  const core = new KeyStoreCore(sql, run, options);
  return {
    storeId: options.storeId,
    createKey: (planName, label) => run(core.createKey(planName, label)),
    findKey: (key) => run(core.findKey(key)),
    listKeys: () => run(core.listKeys()),
    revokeKey: (keyOrFingerprint) => run(core.revokeKey(keyOrFingerprint)),
    listPlans: () => run(core.listPlans()),
    savePlan: (plan) => run(core.savePlan(plan)),
    countKeys: () => run(core.countKeys()),
    recordUsage: (keyId, month, requests) => run(core.recordUsage(keyId, month, requests)),
    usageFor: (keyId, month) => run(core.usageFor(keyId, month)),
    close: () => run(core.close()),
  };
}
