/**
 * Bytes that several upstream answers may hold between them: a batch's entries are fetched at
 * once and held until the last one arrives, so each answer's bytes are counted against the batch
 * as they arrive, and an entry that would pass the budget is cut off there, not after.
 */
export class ByteBudget {
  private left: number;

  constructor(readonly limit: number) {
    this.left = limit;
  }

  /** Counts `bytes` against the budget; false (and nothing counted) when they do not fit. */
  take(bytes: number): boolean {
    if (bytes > this.left) return false;
    this.left -= bytes;
    return true;
  }

  /** Returns bytes of an answer that was dropped (a failed attempt, retried elsewhere). */
  give(bytes: number): void {
    this.left = Math.min(this.limit, this.left + bytes);
  }
}
