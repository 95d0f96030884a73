/**
 * Recent key lookups, found or not, for a short time: every request needs its key's record, and
 * the store is a file or a network round trip away. The TTL bounds how long a revocation made
 * elsewhere (another process, another instance) takes to be seen.
 *
 * Entries are keyed by the key's hash, never the key, so raw keys are not kept in memory.
 */
import type { KeyRecord } from './key-store.js';

/** Bounds memory when a client floods us with well-formed but unknown keys; the oldest entry makes room. */
const maxEntries = 10_000;

export class KeyLookupCache {
  private readonly entries = new Map<string, { record: KeyRecord | null; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** The cached answer, or undefined when there is none that is still fresh. */
  get(hashHex: string): KeyRecord | null | undefined {
    const hit = this.entries.get(hashHex);
    if (hit === undefined) return undefined;
    if (hit.expiresAt > this.now()) return hit.record;
    this.entries.delete(hashHex);
    return undefined;
  }

  set(hashHex: string, record: KeyRecord | null): void {
    if (this.ttlMs <= 0) return;
    // Map keeps insertion order and every entry has the same TTL, so the first entry is the oldest.
    if (this.entries.size >= maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hashHex, { record, expiresAt: this.now() + this.ttlMs });
  }

  /** Changes are rare, so dropping every answer is simpler than finding the affected ones. */
  clear(): void {
    this.entries.clear();
  }
}
