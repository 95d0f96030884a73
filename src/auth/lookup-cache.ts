/**
 * Recent key lookups, found or not, for a short time: every request needs its key's record, and
 * the store is a file or a network round trip away. The TTL bounds how long a revocation made
 * elsewhere (another process, another instance) takes to be seen.
 *
 * Keys that exist and keys that do not are kept apart: anyone can send well-formed keys nobody
 * has, as many as they like, and those must neither push the keys of paying clients out nor each
 * cost a query when repeated.
 *
 * Entries are keyed by the key's hash, never the key, so raw keys are not kept in memory.
 */
import type { KeyRecord } from './key-record.js';
import { setBounded } from './bounded-map.js';

/** More keys in use than this and the least recently stored ones are looked up again. */
const maxKnown = 10_000;
/** Bounds memory when a client floods us with well-formed but unknown keys; the oldest entry makes room. */
const maxUnknown = 10_000;
/**
 * "Not found" is believed at most this long, so a key just created through another process or
 * instance works within a second, while one repeated unknown key still costs one query a second.
 */
const maxUnknownTtlMs = 1000;

export class KeyLookupCache {
  private readonly known = new Map<string, { record: KeyRecord; expiresAt: number }>();
  private readonly unknown = new Map<string, number>();
  private readonly unknownTtlMs: number;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {
    this.unknownTtlMs = Math.min(ttlMs, maxUnknownTtlMs);
  }

  /** The cached answer, or undefined when there is none that is still fresh. */
  get(hashHex: string): KeyRecord | null | undefined {
    const now = this.now();
    const hit = this.known.get(hashHex);
    if (hit !== undefined) {
      if (hit.expiresAt > now) return hit.record;
      this.known.delete(hashHex);
    }
    const unknownUntil = this.unknown.get(hashHex);
    if (unknownUntil !== undefined) {
      if (unknownUntil > now) return null;
      this.unknown.delete(hashHex);
    }
    return undefined;
  }

  set(hashHex: string, record: KeyRecord | null): void {
    if (this.ttlMs <= 0) return;
    if (record === null) {
      // A key revoked or deleted meanwhile: its earlier "found" must not keep answering.
      this.known.delete(hashHex);
      setBounded(this.unknown, maxUnknown, hashHex, this.now() + this.unknownTtlMs);
    } else {
      this.unknown.delete(hashHex);
      setBounded(this.known, maxKnown, hashHex, { record, expiresAt: this.now() + this.ttlMs });
    }
  }

  /** Changes are rare, so dropping every answer is simpler than finding the affected ones. */
  clear(): void {
    this.known.clear();
    this.unknown.clear();
  }
}
