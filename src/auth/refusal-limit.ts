/**
 * Refused keys per client address. Each unknown key may cost a lookup in the key store, and no
 * per-key limit applies to keys that do not exist; an address that sends too many of them is
 * turned away (429) before any lookup until its window ends.
 */
import { setBounded } from './bounded-map.js';

export interface RefusalLimitOptions {
  /** Refused keys an address may send per window; the next request is refused with 429. Default 30. */
  maxRefusals?: number;
  /** Default 60 000. */
  windowMs?: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}

export const refusalDefaults = { maxRefusals: 30, windowMs: 60_000 };

/**
 * Addresses tracked at once; past it the window that ends first is forgotten early. At a few dozen
 * bytes each, 10 000 entries are under a MiB.
 */
const maxAddresses = 10_000;

export class RefusalLimit {
  private readonly windows = new Map<string, { refusals: number; endsAt: number }>();
  private readonly maxRefusals: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: RefusalLimitOptions = {}) {
    this.maxRefusals = options.maxRefusals ?? refusalDefaults.maxRefusals;
    this.windowMs = options.windowMs ?? refusalDefaults.windowMs;
    this.now = options.now ?? Date.now;
  }

  /** Seconds until `address` may present keys again, or 0 when it may now. */
  retryAfterSeconds(address: string): number {
    const window = this.windows.get(address);
    if (window === undefined || window.refusals < this.maxRefusals) return 0;
    const left = window.endsAt - this.now();
    if (left > 0) return Math.ceil(left / 1000);
    this.windows.delete(address);
    return 0;
  }

  refused(address: string): void {
    const now = this.now();
    const window = this.windows.get(address);
    if (window !== undefined && window.endsAt > now) {
      window.refusals++;
      return;
    }
    setBounded(this.windows, maxAddresses, address, { refusals: 1, endsAt: now + this.windowMs });
  }
}
