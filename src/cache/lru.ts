/**
 * Finalized getTransaction answers never change, so their rendered `result` (standard or enhanced,
 * one entry per encoding, version limit and flag set) is kept in memory, least recently used first
 * out, within a byte budget. The id is not part of what is kept: each answer gets its caller's id.
 */
export class LruCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Whether anything can be kept at all (a budget of 0 turns the cache off). */
  get keepsAnything(): boolean {
    return this.maxBytes > 0;
  }

  get bytesHeld(): number {
    return this.bytes;
  }

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Re-inserting moves the entry to the young end of the Map's order.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: string): void {
    if (value.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.bytes -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, text] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= text.length;
    }
  }
}
