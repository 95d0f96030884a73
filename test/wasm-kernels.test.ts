/**
 * The WebAssembly kernels (src/codec/wasm-kernels.ts) against the JavaScript they stand in for: every
 * string and every answer text of the corpus, then random and edge inputs. The kernels must give
 * the same result or decline the input (undefined), never a different one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';
import { base58DecodeStrategies, decodeBase58, encodeBase58 } from '../src/codec/base58.js';
import { memberAnchors, searchByPattern } from '../src/json/member-anchors.js';
import { wasmKernelsLoaded, wasmMemberAnchors } from '../src/codec/wasm-kernels.js';
import { mulberry32 } from './support/random.js';

const corpusFiles = [corpusTransactionsDir, corpusAccountsDir].flatMap((dir) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => join(dir, file)),
);
const corpusValues = corpusFiles.map((file) => JSON.parse(readFileSync(file, 'utf8')) as unknown);
/** Both the files as kept (some pretty-printed) and compact answers, as a node sends them. */
const corpusTexts = [
  ...corpusFiles.map((file) => readFileSync(file, 'utf8')),
  ...corpusValues.map((result) => JSON.stringify({ jsonrpc: '2.0', result, id: 1 })),
];

function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

/** What decodeBase58 gives without the kernel: its JavaScript strategies by its own length rule. */
const decodeByJavaScript = (text: string) => {
  const limbs = base58DecodeStrategies.limbs(text);
  const blocks = base58DecodeStrategies.blocks(text);
  assert.deepEqual(limbs, blocks, text);
  return limbs;
};

function assertDecodesAlike(text: string) {
  const expected = decodeByJavaScript(text);
  assert.deepEqual(decodeBase58(text), expected, text);
  assert.deepEqual(base58DecodeStrategies.wasm(text), expected, text);
}

// Seeded, so that a failure replays: FUZZ_SEED picks another sequence.
const next = mulberry32(Number(process.env.FUZZ_SEED ?? 20261127));
const random = () => next() / 4294967296;
const randomBytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const randomDigits = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * 58)]).join('');

test('the kernels are built and loaded (else every other test here checks JavaScript against itself)', () => {
  assert.equal(wasmKernelsLoaded(), true);
});

test('base58: every string of the corpus decodes alike', () => {
  for (const value of corpusValues) for (const text of stringsOf(value)) assertDecodesAlike(text);
});

test('base58: random texts of every length up to past the bounds decodeBase58 gives the kernel, leading zeros included', () => {
  for (let digits = 0; digits <= 1700; digits += digits < 80 ? 1 : 7) {
    for (const ones of [0, 1, 5, 40]) {
      const text = '1'.repeat(ones) + randomDigits(digits);
      assertDecodesAlike(text);
      assertDecodesAlike(`${text}1`);
    }
  }
  for (let i = 0; i < 300; i++) {
    const bytes = randomBytes(1 + Math.floor(random() * 900));
    if (i % 3 === 0) bytes.fill(0, 0, Math.floor(random() * bytes.length));
    const text = encodeBase58(bytes);
    assertDecodesAlike(text);
    assert.deepEqual(decodeBase58(text), Uint8Array.from(bytes));
  }
  assert.deepEqual(decodeBase58(''), new Uint8Array(0));
  assertDecodesAlike(`${'1'.repeat(500)}${'z'.repeat(33)}`);
  assertDecodesAlike('z'.repeat(1200));
});

test('base58: a character outside the alphabet anywhere, ASCII or not, is null', () => {
  const text = randomDigits(200);
  for (const bad of ['0', 'O', 'I', 'l', '+', '/', '=', ' ', '\0', '\x7f', 'é', 'ÿ', '€', '😀', '\ud800']) {
    for (const at of [0, 1, 4, 5, 99, 199, 200]) {
      const spoiled = text.slice(0, at) + bad + text.slice(at);
      assert.equal(decodeBase58(spoiled), null, `${JSON.stringify(bad)} at ${at}`);
      assert.equal(base58DecodeStrategies.wasm(spoiled), null, `${JSON.stringify(bad)} at ${at}`);
      assert.equal(decodeBase58(`111${spoiled}`), null);
    }
  }
});

const nameSets = [
  ['slot', 'err', 'accountKeys', 'loadedAddresses', 'data', 'logMessages', 'message', 'instructions'],
  ['slot', 'value', 'data'],
  ['message', 'instructions', 'stackHeight'],
  ['a', 'id', 'err', 'data', 'dataSize', 'ata', 'x_1', 'abcdefghijklmnopqrstuvwxyz01234'],
];

function assertAnchorsAlike(names: string[], text: string) {
  const expected = searchByPattern(names)(text);
  assert.deepEqual(memberAnchors(names)(text), expected);
  const scanned = wasmMemberAnchors(names)!(text);
  const ascii = Buffer.byteLength(text) === text.length;
  assert.equal(scanned === undefined, !ascii, 'the kernel takes exactly the ASCII texts');
  if (scanned !== undefined) assert.deepEqual(scanned, expected, text.length < 300 ? text : undefined);
  // An ASCII answer's own bytes, copied in place of encoding the text, scan alike.
  if (ascii) assert.deepEqual(memberAnchors(names)(text, Buffer.from(text, 'latin1')), expected);
}

test('member anchors: every corpus text, as kept and compact, by every name set in use', () => {
  let nonAscii = 0;
  for (const text of corpusTexts) {
    if (Buffer.byteLength(text) !== text.length) nonAscii++;
    for (const names of nameSets) assertAnchorsAlike(names, text);
  }
  assert.ok(nonAscii > 0, 'some corpus answers are not ASCII, and go to the regular expression');
});

test('member anchors: escapes, names inside strings and at every alignment, non-ASCII texts', () => {
  const pieces = [
    '"data":',
    '"slot":',
    '"err":',
    '"a":',
    '"ata":',
    '"dataSize":',
    '\\"data":',
    '\\',
    '"',
    ':',
    'data',
    ' ',
    '{',
    '}',
    ',',
    'é',
    'x',
  ];
  for (let i = 0; i < 4000; i++) {
    let text = ' '.repeat(Math.floor(random() * 40));
    const count = Math.floor(random() * 12);
    for (let k = 0; k < count; k++) text += pieces[Math.floor(random() * (i % 2 === 0 ? pieces.length - 2 : pieces.length))];
    for (const names of nameSets) assertAnchorsAlike(names, text);
  }
  for (const names of nameSets) {
    for (const text of [
      '',
      '"',
      ':',
      '":',
      '"err":',
      '"err"',
      '"err":1',
      'x"err":',
      '\\"err":',
      '{"log":"\\"err\\":1","err":null}',
      '"err": 1',
      '"err" :',
      '"errx:',
      '"datax:',
      '"a :',
    ]) {
      assertAnchorsAlike(names, text);
      assertAnchorsAlike(names, text.padStart(31 + text.length));
      assertAnchorsAlike(names, text.padStart(32 + text.length));
    }
  }
});

test('member anchors: a name set the kernel does not take, and a text over its size, go to the regular expression', () => {
  assert.equal(wasmMemberAnchors(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']), null);
  assert.equal(wasmMemberAnchors(['data', 'data']), null);
  assert.equal(wasmMemberAnchors(['a'.repeat(32)]), null);
  assert.equal(wasmMemberAnchors(['a-b']), null);
  assert.equal(wasmMemberAnchors([]), null);
  const large = `{"slot":1,"data":"${'x'.repeat(1 << 20)}","err":null}`;
  assert.equal(wasmMemberAnchors(nameSets[0])!(large), undefined);
  assert.deepEqual(memberAnchors(nameSets[0])(large), searchByPattern(nameSets[0])(large));
});
