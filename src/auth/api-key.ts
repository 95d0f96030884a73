import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_PREFIX = 'erpc_';
/** 32 bytes in unpadded base64url is always 43 characters. */
const KEY_BODY_LENGTH = 43;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[A-Za-z0-9_-]{${KEY_BODY_LENGTH}}$`);

/**
 * A new secret key. base64url keeps it usable as a URL path segment without escaping; the prefix
 * makes leaked keys recognisable to secret scanners and to people reading a config file.
 */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/**
 * A label that identifies a key in logs and listings. It is a 32-bit slice of the hash, so it
 * reveals nothing usable about the key (the key carries 256 bits of entropy).
 */
export function fingerprintOf(key: string): string {
  return 'fp_' + hashApiKey(key).subarray(0, 4).toString('hex');
}

export function looksLikeFingerprint(s: string): boolean {
  return /^fp_[0-9a-f]{8}$/.test(s);
}

export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Rejects anything that could not be a key we issued, so junk request paths cost no hashing or lookup. */
export function looksLikeApiKey(s: string): boolean {
  return s.length === KEY_PREFIX.length + KEY_BODY_LENGTH && KEY_PATTERN.test(s);
}
