/**
 * Requests being worked on, counted overall, per client address and per API key, so that one
 * client (or one leaked key) cannot take every upstream connection and worker from the others.
 * Counts live only while requests do: an address or key with none in flight holds no entry.
 */
export interface ConcurrencyLimits {
  /** Requests in flight in the whole process; past it, 503. */
  total: number;
  /** Requests in flight from one client address; past it, 429. */
  perAddress: number;
  /** Requests in flight under one API key; past it, 429. */
  perKey: number;
}

export const defaultConcurrencyLimits: ConcurrencyLimits = { total: 4096, perAddress: 256, perKey: 512 };

export class InFlight {
  private total = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly byKey = new Map<number, number>();

  constructor(readonly limits: ConcurrencyLimits) {}

  get count(): number {
    return this.total;
  }

  /** 'total' or 'address' when the request may not start; otherwise it is counted until `endRequest`. */
  startRequest(address: string): 'total' | 'address' | null {
    if (this.total >= this.limits.total) return 'total';
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.limits.perAddress) return 'address';
    this.total++;
    this.byAddress.set(address, mine + 1);
    return null;
  }

  endRequest(address: string): void {
    this.total--;
    const left = (this.byAddress.get(address) ?? 1) - 1;
    if (left === 0) this.byAddress.delete(address);
    else this.byAddress.set(address, left);
  }

  /** False when the key has as many requests in flight as it may; otherwise counted until `endKey`. */
  startKey(keyId: number): boolean {
    const mine = this.byKey.get(keyId) ?? 0;
    if (mine >= this.limits.perKey) return false;
    this.byKey.set(keyId, mine + 1);
    return true;
  }

  endKey(keyId: number): void {
    const left = (this.byKey.get(keyId) ?? 1) - 1;
    if (left === 0) this.byKey.delete(keyId);
    else this.byKey.set(keyId, left);
  }
}
