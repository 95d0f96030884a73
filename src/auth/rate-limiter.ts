import type { KeyStore } from './key-store.js';
import type { Plan } from './plans.js';

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds?: number;
  reason?: 'rate' | 'quota';
}

/** Where monthly request counts live between restarts. */
export interface UsageStore {
  load(keyId: number, month: string): number;
  flush(keyId: number, month: string, delta: number): void;
}

export interface RateLimiterOptions {
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
  usage?: UsageStore;
  /** Default 10 000. */
  flushIntervalMs?: number;
  /** Called when a periodic flush fails; the unflushed counts are kept and retried. Defaults to a process warning. */
  onFlushError?: (err: unknown) => void;
}

/** Adapts a KeyStore's usage table to the limiter. */
export function keyStoreUsage(store: Pick<KeyStore, 'usageFor' | 'recordUsage'>): UsageStore {
  return {
    load: (keyId, month) => store.usageFor(keyId, month),
    flush: (keyId, month, delta) => store.recordUsage(keyId, month, delta),
  };
}

/** The limiter of one process, keeping monthly usage in `store` where there is one (SQLite; with PostgreSQL, in memory). */
export const inProcessLimiter = (store: Pick<KeyStore, 'usageFor' | 'recordUsage'> | null): InProcessRateLimiter =>
  new InProcessRateLimiter(store ? { usage: keyStoreUsage(store) } : {});

interface KeyState {
  tokens: number;
  refilledAt: number;
  month: string;
  /** Requests this month, including ones not yet flushed. */
  used: number;
}

interface Pending {
  keyId: number;
  month: string;
  delta: number;
}

/** The last month asked for and its bounds: the month's text is needed on every request. */
let knownMonth = { name: '', from: 0, until: 0 };

function monthOf(ms: number): string {
  if (ms < knownMonth.from || ms >= knownMonth.until) {
    const d = new Date(ms);
    const from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    knownMonth = { name: d.toISOString().slice(0, 7), from, until: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
  }
  return knownMonth.name;
}

function secondsToNextMonth(ms: number): number {
  const d = new Date(ms);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - ms) / 1000));
}

/**
 * Token bucket plus monthly quota, held in this process's memory. With several gateway processes
 * each enforces the rate on its own; the quota is shared only as far as flushes reach the common
 * store, since each process re-reads a key's total after flushing it.
 */
export class InProcessRateLimiter {
  private readonly now: () => number;
  private readonly usage: UsageStore | undefined;
  private readonly onFlushError: (err: unknown) => void;
  private readonly states = new Map<number, KeyState>();
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;

  constructor(opts: RateLimiterOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.usage = opts.usage;
    this.onFlushError = opts.onFlushError ?? ((err) => process.emitWarning(`usage flush failed: ${String(err)}`, 'RateLimiterWarning'));
    if (this.usage) {
      this.timer = setInterval(() => {
        try {
          this.flush();
        } catch (err) {
          this.onFlushError(err);
        }
      }, opts.flushIntervalMs ?? 10_000);
      this.timer.unref();
    }
  }

  /**
   * Token bucket per key (capacity plan.burst, refilled at plan.requestsPerSecond) plus the plan's
   * monthly quota over the UTC calendar month. `cost` is the number of JSON-RPC calls in the HTTP
   * request; a request that does not fit is rejected whole and consumes nothing.
   */
  take(keyId: number, plan: Plan, cost: number): RateDecision {
    if (!Number.isInteger(cost) || cost < 1) throw new RangeError(`cost must be a positive integer, got ${cost}`);
    const t = this.now();
    const state = this.stateFor(keyId, plan, t);

    if (cost > plan.burst) return { allowed: false, reason: 'rate', retryAfterSeconds: 1 };
    if (plan.monthlyQuota !== null && state.used + cost > plan.monthlyQuota) {
      return { allowed: false, reason: 'quota', retryAfterSeconds: secondsToNextMonth(t) };
    }
    if (state.tokens < cost) {
      const wait = (cost - state.tokens) / plan.requestsPerSecond;
      return { allowed: false, reason: 'rate', retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
    }

    state.tokens -= cost;
    state.used += cost;
    if (this.usage) {
      const id = `${keyId}/${state.month}`;
      const p = this.pending.get(id);
      if (p) p.delta += cost;
      else this.pending.set(id, { keyId, month: state.month, delta: cost });
    }
    return { allowed: true };
  }

  /** Writes pending usage through `usage.flush`. Counts that fail to write stay pending; the first error is rethrown. */
  flush(): void {
    if (!this.usage) return;
    let firstError: unknown;
    let failed = false;
    for (const [id, p] of this.pending) {
      try {
        this.usage.flush(p.keyId, p.month, p.delta);
        this.pending.delete(id);
        const state = this.states.get(p.keyId);
        if (state && state.month === p.month) state.used = this.usage.load(p.keyId, p.month);
      } catch (err) {
        if (!failed) firstError = err;
        failed = true;
      }
    }
    if (failed) throw firstError;
  }

  /** Stops the periodic flush and writes what is pending. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
  }

  private stateFor(keyId: number, plan: Plan, t: number): KeyState {
    const month = monthOf(t);
    let state = this.states.get(keyId);
    if (!state) {
      state = { tokens: plan.burst, refilledAt: t, month, used: this.loadUsage(keyId, month) };
      this.states.set(keyId, state);
      return state;
    }
    // A clock stepping backwards refills nothing rather than producing negative tokens.
    const elapsed = Math.max(0, t - state.refilledAt);
    // Multiplying before dividing keeps whole-token refills exact for integer rates.
    state.tokens = Math.min(plan.burst, state.tokens + (elapsed * plan.requestsPerSecond) / 1000);
    state.refilledAt = t;
    if (state.month !== month) {
      state.month = month;
      state.used = this.loadUsage(keyId, month);
    }
    return state;
  }

  private loadUsage(keyId: number, month: string): number {
    const stored = this.usage ? this.usage.load(keyId, month) : 0;
    return stored + (this.pending.get(`${keyId}/${month}`)?.delta ?? 0);
  }
}
