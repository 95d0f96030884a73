import assert from 'node:assert/strict';
import { createPublicKey, verify } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { getBase58Encoder } from '@solana/kit';

import { corpusTransactionsDir } from '../src/paths.js';
import { decodeWireTransaction, encodeWireTransaction, transactionVersionOf, type JsonTransaction } from '../src/codec/wire-transaction.js';

interface CorpusFile {
  file: string;
  signature: string;
  result: any;
}

function corpus(encoding: 'json' | 'base64'): CorpusFile[] {
  const suffix = `.${encoding}.json`;
  const files = readdirSync(corpusTransactionsDir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((file) => ({
      file,
      signature: file.slice(0, -suffix.length),
      result: JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')),
    }));
  assert.ok(files.length > 0, `no ${encoding} files in the corpus`);
  return files;
}

function wireBytes(result: any): Uint8Array {
  assert.equal(result.transaction[1], 'base64');
  return new Uint8Array(Buffer.from(result.transaction[0], 'base64'));
}

/**
 * One corpus file (a MetaMask mock converted from TypeScript) spells the lookup field
 * `readableIndexes`; the node's name is `readonlyIndexes`, so it is renamed before use.
 */
function asNodeJson(transaction: any): JsonTransaction {
  for (const lookup of transaction.message.addressTableLookups ?? []) {
    if ('readableIndexes' in lookup) {
      lookup.readonlyIndexes = lookup.readableIndexes;
      delete lookup.readableIndexes;
    }
  }
  return transaction;
}

const base58 = getBase58Encoder();
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * Checks every signature against the message bytes the encoder produced: the strongest evidence
 * that the encoding is the one the signers signed, byte for byte.
 */
function assertSignaturesVerify(tx: JsonTransaction, wire: Uint8Array, file: string): void {
  const n = tx.signatures.length;
  const message = wire.subarray((n < 0x80 ? 1 : 2) + 64 * n);
  tx.signatures.forEach((signature, i) => {
    const signer = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(base58.encode(tx.message.accountKeys[i]))]),
      format: 'der',
      type: 'spki',
    });
    assert.ok(verify(null, message, signer, Buffer.from(base58.encode(signature))), `${file}: signature ${i} does not verify`);
  });
}

function assertKeysSorted(value: unknown, path: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertKeysSorted(item, `${path}[${i}]`));
  } else if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    assert.deepEqual(keys, [...keys].sort(), `keys of ${path} are not in the node's alphabetical order`);
    for (const key of keys) assertKeysSorted((value as Record<string, unknown>)[key], `${path}.${key}`);
  }
}

test('every base64 corpus transaction decodes, re-encodes byte for byte and agrees with its meta', () => {
  for (const { file, signature, result } of corpus('base64')) {
    const bytes = wireBytes(result);
    const { transaction, version } = decodeWireTransaction(bytes);
    const message = transaction.message;

    assert.deepEqual(encodeWireTransaction(transaction), bytes, `${file}: re-encoding differs`);
    assertSignaturesVerify(transaction, bytes, file);
    assert.equal(version, result.version, `${file}: version`);
    assert.equal(transactionVersionOf(transaction), result.version, `${file}: transactionVersionOf`);
    assert.equal(transaction.signatures[0], signature, `${file}: first signature is not the file's signature`);
    assert.equal(transaction.signatures.length, message.header.numRequiredSignatures, `${file}: signature count`);

    const loaded = result.meta.loadedAddresses;
    const total = message.accountKeys.length + loaded.writable.length + loaded.readonly.length;
    assert.equal(total, result.meta.preBalances.length, `${file}: keys vs preBalances`);
    if (version === 0) {
      const lookups = message.addressTableLookups!;
      assert.equal(
        lookups.reduce((n, l) => n + l.writableIndexes.length, 0),
        loaded.writable.length,
        `${file}: writable lookups`,
      );
      assert.equal(
        lookups.reduce((n, l) => n + l.readonlyIndexes.length, 0),
        loaded.readonly.length,
        `${file}: readonly lookups`,
      );
    } else {
      assert.equal(message.addressTableLookups, undefined, `${file}: legacy message with lookups`);
    }
    for (const ix of message.instructions) {
      assert.equal(ix.stackHeight, null, `${file}: top-level stackHeight from the wire`);
      assert.ok(ix.programIdIndex < total, `${file}: program index out of range`);
    }
    assertKeysSorted(transaction, file);
  }
});

test('every json corpus transaction survives encode -> decode unchanged', () => {
  for (const { file, signature, result } of corpus('json')) {
    const original = asNodeJson(result.transaction);
    const wire = encodeWireTransaction(original);
    const { transaction, version } = decodeWireTransaction(wire);

    assert.equal(transaction.signatures[0], signature, `${file}: first signature`);
    // The message shape decides the version, not the result's `version` field: one corpus file
    // says 0 over a message without lookups, and its signatures verify only over legacy bytes.
    assertSignaturesVerify(original, wire, file);
    assert.equal(version, transactionVersionOf(original), `${file}: version vs message shape`);

    const stackHeights = original.message.instructions.map((ix) => ix.stackHeight);
    assert.ok(
      stackHeights.every((h) => h === null || h === 1),
      `${file}: unexpected top-level stack heights`,
    );
    const instructions = original.message.instructions.map((ix) => ({ ...ix, stackHeight: null }));
    const expected = { ...original, message: { ...original.message, instructions } };
    assert.deepEqual(transaction, expected, `${file}: round trip changed the transaction`);
    assertKeysSorted(transaction, file);
  }
});

test('a json transaction without lookups encodes as legacy, with an empty lookup list as v0', () => {
  const legacy = corpus('json').find(({ result }) => result.version === 'legacy')!.result.transaction as JsonTransaction;
  const legacyBytes = encodeWireTransaction(legacy);
  assert.equal(legacyBytes[1 + 64 * legacy.signatures.length], legacy.message.header.numRequiredSignatures);

  const v0: JsonTransaction = { ...legacy, message: { ...legacy.message, addressTableLookups: [] } };
  const v0Bytes = encodeWireTransaction(v0);
  assert.equal(v0Bytes[1 + 64 * legacy.signatures.length], 0x80);
  assert.equal(v0Bytes.length, legacyBytes.length + 2, 'version prefix and an empty lookup count');
  const decoded = decodeWireTransaction(v0Bytes);
  assert.equal(decoded.version, 0);
  assert.deepEqual(decoded.transaction.message.addressTableLookups, []);
});

test('every truncation of a real transaction is rejected with a clear error', () => {
  const samples = corpus('base64').map(({ result }) => wireBytes(result));
  const v0 = samples.find((b) => decodeWireTransaction(b).version === 0)!;
  const legacy = samples.find((b) => decodeWireTransaction(b).version === 'legacy')!;
  for (const bytes of [v0, legacy]) {
    for (let length = 0; length < bytes.length; length++) {
      assert.throws(
        () => decodeWireTransaction(bytes.subarray(0, length)),
        (e: unknown) => e instanceof Error && /^invalid wire transaction: /.test(e.message),
        `prefix of ${length}/${bytes.length} bytes`,
      );
    }
    const extended = new Uint8Array(bytes.length + 1);
    extended.set(bytes);
    assert.throws(() => decodeWireTransaction(extended), /1 unexpected bytes after the message/);
  }
});

test('malformed lengths and versions are rejected before anything is allocated from them', () => {
  const bytes = wireBytes(corpus('base64')[0].result);
  assert.equal(bytes[0], 1, 'sample has one signature');
  const withPrefix = (...prefix: number[]) => Uint8Array.from([...prefix, ...bytes.subarray(1)]);

  assert.throws(() => decodeWireTransaction(withPrefix(0xff, 0xff, 0x03)), /signatures count 65535 at byte 0 exceeds/);
  assert.throws(() => decodeWireTransaction(withPrefix(0x81, 0x00)), /not canonically encoded/);
  assert.throws(() => decodeWireTransaction(withPrefix(0x80, 0x80, 0x04)), /overflows u16/);
  assert.throws(() => decodeWireTransaction(withPrefix(0x80, 0x80, 0x80, 0x01)), /overflows u16/);

  const versioned = Uint8Array.from(bytes);
  versioned[65] = 0x81;
  assert.throws(() => decodeWireTransaction(versioned), /unsupported message version 1/);
});

test('encoding refuses values the wire format cannot hold', () => {
  const tx = corpus('json')[0].result.transaction as JsonTransaction;
  const broken = (edit: (t: JsonTransaction) => JsonTransaction) => () => encodeWireTransaction(edit(tx));
  const inMessage = (t: JsonTransaction, message: Partial<JsonTransaction['message']>): JsonTransaction => ({
    ...t,
    message: { ...t.message, ...message },
  });
  assert.throws(
    broken((t) => inMessage(t, { accountKeys: ['1111', ...t.message.accountKeys.slice(1)] })),
    /account key must decode to 32 bytes/,
  );
  assert.throws(
    broken((t) => ({ ...t, signatures: ['not base58 0OIl', ...t.signatures.slice(1)] })),
    /signature is not valid base58/,
  );
  assert.throws(
    broken((t) => inMessage(t, { instructions: [{ ...t.message.instructions[0], accounts: [256] }, ...t.message.instructions.slice(1)] })),
    /must be an integer 0\.\.255/,
  );
  assert.throws(
    broken((t) => inMessage(t, { header: { ...t.message.header, numRequiredSignatures: -1 } })),
    /numRequiredSignatures/,
  );
});
