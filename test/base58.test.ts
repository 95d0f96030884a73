/** The project's base58 codec against @solana/kit's, an independent implementation. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { base58DecodeStrategies, decodeBase58, encodeBase58, encodePubkeyAt } from '../src/codec/base58.js';

const kitToText = getBase58Decoder();
const kitToBytes = getBase58Encoder();

test('encodes and decodes like @solana/kit, leading zero bytes included', () => {
  for (let i = 0; i < 2000; i++) {
    const bytes = randomBytes(i % 70);
    if (i % 3 === 0 && bytes.length > 2) bytes.fill(0, 0, 1 + (i % 3));
    const text = encodeBase58(bytes);
    assert.equal(text, kitToText.decode(bytes));
    assert.deepEqual(decodeBase58(text), Uint8Array.from(kitToBytes.encode(text)));
  }
});

test('both decoding strategies agree with @solana/kit at every length, short and long', () => {
  for (let i = 0; i < 400; i++) {
    const bytes = randomBytes(i < 100 ? i : 100 + (i - 100) * 5);
    if (i % 4 === 0 && bytes.length > 0) bytes.fill(0, 0, 1 + (i % Math.min(7, bytes.length)));
    if (i % 4 === 1 && bytes.length > 150) bytes.fill(0, 0, bytes.length - 150);
    const text = encodeBase58(bytes);
    const expected = Uint8Array.from(kitToBytes.encode(text));
    assert.deepEqual(decodeBase58(text), expected, `${bytes.length} bytes`);
    assert.deepEqual(base58DecodeStrategies.limbs(text), expected, `${bytes.length} bytes by limbs`);
    assert.deepEqual(base58DecodeStrategies.blocks(text), expected, `${bytes.length} bytes by blocks`);
  }
  for (const decode of [decodeBase58, base58DecodeStrategies.limbs, base58DecodeStrategies.blocks]) {
    assert.deepEqual(decode('1'.repeat(400)), new Uint8Array(400));
    assert.equal(decode(`${'2'.repeat(300)}0`), null);
  }
});

test('32-byte keys with leading zeros, all zeros and all ones', () => {
  for (const bytes of [new Uint8Array(32), new Uint8Array(32).fill(255), Uint8Array.from({ length: 32 }, (_, i) => (i < 5 ? 0 : i))]) {
    assert.equal(encodeBase58(bytes), kitToText.decode(bytes));
  }
  assert.equal(encodeBase58(new Uint8Array(32)), '11111111111111111111111111111111');
});

test('characters outside the alphabet decode to null', () => {
  for (const bad of ['0', 'O', 'I', 'l', 'abc+', 'é', ' 1']) assert.equal(decodeBase58(bad), null, bad);
  assert.deepEqual(decodeBase58(''), new Uint8Array(0));
});

/** base58 by BigInt division, written here as the reference for the 32-byte path. */
function referenceBase58(bytes: Uint8Array): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let digits = '';
  while (value > 0n) {
    digits = alphabet[Number(value % 58n)] + digits;
    value /= 58n;
  }
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  return '1'.repeat(zeros) + digits;
}

const keyOf = (value: bigint): Uint8Array => {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, value >>= 8n) out[i] = Number(value & 0xffn);
  return out;
};

test('32-byte keys: edge values against BigInt division and kit, at any offset in a larger buffer', () => {
  const keys: Uint8Array[] = [new Uint8Array(32), new Uint8Array(32).fill(0xff)];
  // Every count of leading zero bytes, before a small and a large remainder.
  for (let zeros = 0; zeros <= 31; zeros++) {
    keys.push(Uint8Array.from({ length: 32 }, (_, i) => (i < zeros ? 0 : i === 31 ? 1 : 0)));
    keys.push(Uint8Array.from({ length: 32 }, (_, i) => (i < zeros ? 0 : 0xff)));
  }
  // A single set byte in every position, and values at the edges of a text length or a limb.
  for (let i = 0; i < 32; i++) keys.push(Uint8Array.from({ length: 32 }, (_, j) => (j === i ? 0x80 : 0)));
  for (let k = 1n; 58n ** k < 2n ** 256n; k++) for (const d of [-1n, 0n, 1n]) keys.push(keyOf(58n ** k + d));
  for (let k = 1n; k < 256n; k += 7n) for (const d of [-1n, 0n, 1n]) keys.push(keyOf(2n ** k + d));
  keys.push(keyOf(2n ** 256n - 1n - 58n ** 5n), keyOf(58n ** 5n * 58n ** 5n * 12345n));
  for (let i = 0; i < 5000; i++) keys.push(new Uint8Array(randomBytes(32)));

  const host = new Uint8Array(32 + 7 + 5);
  for (const key of keys) {
    const expected = referenceBase58(key);
    assert.equal(encodeBase58(key), expected, Buffer.from(key).toString('hex'));
    assert.equal(kitToText.decode(key), expected);
    host.fill(0xee);
    host.set(key, 7);
    assert.equal(encodePubkeyAt(host, 7), expected, `at offset 7: ${Buffer.from(key).toString('hex')}`);
    assert.deepEqual(decodeBase58(expected), key);
  }
});

test('the 32-byte path divides by multiplying with 1/58^5: exact for every multiple of 58^5 it can meet', () => {
  // Limb sums stay below 2^50, so quotients below 2^21; the encoder relies on floor(q·58^5 · (1/58^5)) = q.
  const base = 58 ** 5;
  const inverse = 1 / base;
  let wrong = 0;
  for (let q = 0; q < 2 ** 21; q++) if (Math.floor(q * base * inverse) !== q) wrong++;
  assert.equal(wrong, 0);
});
