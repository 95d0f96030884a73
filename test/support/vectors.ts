/**
 * What the tests that hold our output against other decoders' vectors (Carbon, explorer-kit, real
 * accounts from other projects) share: how a value is reached and how numbers are compared.
 */

/** The value at a dotted path (`poolFees.baseFee.cliffFeeNumerator`, `curve.0.liquidity`), or undefined. */
export function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);
}

/**
 * Numbers and bigints as decimal text, at any depth: the others write 64-bit integers as numbers or
 * as text, and we write those wider than 32 bits as text, so values are compared in one spelling.
 */
export function asText(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(asText);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v)]));
  return value;
}

/** One comparison with another decoder's value. */
export interface Check {
  what: string;
  /** The other decoder's value. */
  theirs: unknown;
  ours: unknown;
  /** Equal as the other decoder states it. */
  raw: boolean;
  /** Equal once the mappings the test documents apply: what the test asserts. */
  ok: boolean;
}
