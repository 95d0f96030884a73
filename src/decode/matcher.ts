import type { Read } from './primitives.js';

export interface Candidate<T> {
  item: T;
  discriminator: Uint8Array;
  /** Compiled on first use: most programs only ever see a few of their instructions. */
  read: Read | undefined;
}

/**
 * Discriminator lookup: candidates bucketed by first byte, longest discriminator first within a
 * bucket; those with an empty discriminator apply only when no bucketed one matches.
 */
export class Matcher<T> {
  private readonly buckets: (Candidate<T>[] | undefined)[] = Array.from({ length: 256 }, () => undefined);
  readonly unmarked: Candidate<T>[] = [];

  constructor(items: readonly T[], discriminatorOf: (item: T) => Uint8Array) {
    for (const item of items) {
      const discriminator = discriminatorOf(item);
      const candidate: Candidate<T> = { item, discriminator, read: undefined };
      if (discriminator.length === 0) {
        this.unmarked.push(candidate);
        continue;
      }
      const bucket = (this.buckets[discriminator[0]] ??= []);
      bucket.push(candidate);
    }
    // Array.prototype.sort is stable: equal discriminators keep declaration order.
    for (const bucket of this.buckets) bucket?.sort((a, b) => b.discriminator.length - a.discriminator.length);
  }

  /** Candidates with the longest discriminator that prefixes data (several only if the IDL repeats one). */
  matches(data: Uint8Array): Candidate<T>[] {
    const bucket = data.length > 0 ? this.buckets[data[0]] : undefined;
    if (bucket !== undefined) {
      let length = -1;
      let found: Candidate<T>[] | undefined;
      for (const candidate of bucket) {
        const d = candidate.discriminator;
        if (d.length < length) break;
        if (d.length > data.length || !startsWith(data, d)) continue;
        length = d.length;
        (found ??= []).push(candidate);
      }
      if (found !== undefined) return found;
    }
    return this.unmarked;
  }
}

function startsWith(data: Uint8Array, prefix: Uint8Array): boolean {
  for (let i = 1; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return data[0] === prefix[0];
}
