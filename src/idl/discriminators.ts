/**
 * Anchor's name-derived discriminators, for IDLs that do not write them out (Anchor before 0.30).
 * The program hashes the Rust names: instruction functions are snake_case, account and event
 * types keep their Rust spelling (PascalCase).
 */
import { createHash } from 'node:crypto';

/**
 * The snake_case Rust name Anchor's TypeScript client (up to 0.29, package `snake-case`) derived
 * from a camelCase IDL name: a word starts at an upper-case letter that follows a lower-case letter
 * or digit, and at the last capital of a run of capitals followed by a lower-case letter; anything
 * not alphanumeric separates words. Digits never start a word, so `swapV2` → `swap_v2` and
 * `initialize2` → `initialize2`: a Rust name `initialize_2` cannot be recovered from a legacy IDL,
 * which is why Anchor 0.30 IDLs carry the discriminators themselves.
 */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1\0$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1\0$2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase())
    .join('_');
}

/** First 8 bytes of sha256(`<namespace>:<name>`). */
export function sighash(namespace: string, name: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`${namespace}:${name}`).digest().subarray(0, 8));
}

export function instructionDiscriminator(idlName: string): Uint8Array {
  return sighash('global', snakeCase(idlName));
}

/**
 * IDLs taken from Anchor's generated TypeScript types name accounts in camelCase (`mangoAccount`,
 * `tSwap`); Anchor's client hashed them PascalCased, the Rust type's spelling.
 */
export function accountDiscriminator(name: string): Uint8Array {
  return sighash('account', name.charAt(0).toUpperCase() + name.slice(1));
}

export function eventDiscriminator(name: string): Uint8Array {
  return sighash('event', name);
}

/** `value` in `width` bytes, little-endian, two's complement when negative (tags and Codama constants). */
export function littleEndian(value: bigint, width: number): Uint8Array {
  const bits = BigInt(8 * width);
  if (value >= 1n << bits || value < -(1n << (bits - 1n))) throw new Error(`${value} does not fit in ${width} bytes`);
  let v = BigInt.asUintN(8 * width, value);
  const bytes = new Uint8Array(width);
  for (let i = 0; i < width; i++, v >>= 8n) bytes[i] = Number(v & 0xffn);
  return bytes;
}
