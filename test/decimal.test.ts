/** Decimal text of wide little-endian integers (src/codec/decimal.ts) against BigInt's own. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { decimalAt } from '../src/codec/decimal.js';

type Size = 8 | 16 | 32;

/** Two's complement little-endian bytes of `value` in `size` bytes. */
function le(value: bigint, size: Size): Uint8Array {
  const out = new Uint8Array(size);
  let v = BigInt.asUintN(size * 8, value);
  for (let i = 0; i < size; i++, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

/** What BigInt prints for `size` little-endian bytes read as unsigned or two's complement. */
function reference(bytes: Uint8Array, signed: boolean): string {
  let v = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[i]);
  return (signed ? BigInt.asIntN(bytes.length * 8, v) : v).toString();
}

function check(bytes: Uint8Array, size: Size, signed: boolean): void {
  const expected = reference(bytes, signed);
  assert.equal(decimalAt(bytes, 0, size, signed), expected, `${signed ? 'i' : 'u'}${size * 8} ${expected}`);
  // Inside a larger buffer, after and before unrelated bytes.
  const host = new Uint8Array(size + 9).fill(0xa5);
  host.set(bytes, 5);
  assert.equal(decimalAt(host, 5, size, signed), expected, `${signed ? 'i' : 'u'}${size * 8} ${expected} at offset 5`);
}

const sizes: Size[] = [8, 16, 32];

test('edge values of u64, u128, u256 and their signed forms', () => {
  const values = [
    0n,
    1n,
    9n,
    10n,
    999_999n,
    1_000_000n,
    2n ** 32n - 1n,
    2n ** 32n,
    2n ** 53n - 1n,
    2n ** 53n,
    2n ** 53n + 1n,
    10n ** 18n,
    10n ** 19n,
  ];
  for (const size of sizes) {
    const bits = BigInt(size * 8);
    const all = [
      ...values,
      2n ** (bits - 1n) - 1n,
      2n ** (bits - 1n),
      2n ** bits - 1n,
      2n ** 64n - 1n,
      2n ** 64n,
      2n ** 127n,
      2n ** 128n - 1n,
    ].filter((v) => v < 2n ** bits);
    for (const v of all) {
      check(le(v, size), size, false);
      check(le(v, size), size, true);
      check(le(-v, size), size, true);
    }
    // A run of zero chunks in the middle must keep its zeros: 10^k·m + r.
    for (let k = 6n; 10n ** k < 2n ** bits; k += 6n) check(le(10n ** k * 7n + 3n, size), size, false);
  }
  assert.equal(decimalAt(le(2n ** 128n - 1n, 16), 0, 16, false), '340282366920938463463374607431768211455');
  assert.equal(decimalAt(le(-(2n ** 127n), 16), 0, 16, true), '-170141183460469231731687303715884105728');
  assert.equal(decimalAt(le(2n ** 127n - 1n, 16), 0, 16, true), '170141183460469231731687303715884105727');
  assert.equal(decimalAt(le(2n ** 64n - 1n, 8), 0, 8, false), '18446744073709551615');
});

test('random values of every bit length', () => {
  for (const size of sizes) {
    for (let bits = 0; bits <= size * 8; bits++) {
      for (let k = 0; k < 8; k++) {
        const bytes = new Uint8Array(randomBytes(size));
        // Keep `bits` low bits, so every magnitude from 0 to the full width is covered.
        for (let b = bits; b < size * 8; b++) bytes[b >> 3] &= ~(1 << (b & 7));
        check(bytes, size, false);
        check(bytes, size, true);
        const negated = le(-BigInt(reference(bytes, false)), size);
        check(negated, size, true);
      }
    }
  }
});
