/** The project's base58 codec against @solana/kit's, an independent implementation. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { decodeBase58, encodeBase58 } from '../src/codec/base58.js';

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
