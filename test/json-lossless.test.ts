import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { LosslessNumber, parseJson, stringifyJson } from '../src/json/lossless.js';
import { corpusTransactionsDir } from '../src/paths.js';
import { textMutator } from './support/mutate.js';

const U64_MAX = '18446744073709551615';

/** Prefixing a big integer pushes a text off the JSON.parse fast path onto the own parser. */
function onOwnParser(inner: string): string {
  return `[${U64_MAX},${inner}]`;
}

function corpusTexts(): Array<{ name: string; text: string }> {
  return readdirSync(corpusTransactionsDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(corpusTransactionsDir, name), 'utf8') }));
}

/** LosslessNumber replaced by the double JSON.parse would have produced, for comparisons. */
function rounded(value: unknown): unknown {
  if (value instanceof LosslessNumber) return Number(value.raw);
  if (Array.isArray(value)) return value.map(rounded);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, { value: rounded(v), writable: true, enumerable: true, configurable: true });
    }
    return out;
  }
  return value;
}

function hasUnsafeInteger(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasUnsafeInteger);
  return false;
}

test('u64::MAX survives parse and stringify exactly', () => {
  const text = `{"lamports":1,"rentEpoch":${U64_MAX},"space":0}`;
  const parsed = parseJson(text) as Record<string, unknown>;
  const rentEpoch = parsed.rentEpoch;
  assert.ok(rentEpoch instanceof LosslessNumber);
  assert.equal(rentEpoch.raw, U64_MAX);
  assert.equal(rentEpoch.bigIntValue(), 2n ** 64n - 1n);
  assert.equal(parsed.lamports, 1);
  assert.equal(stringifyJson(parsed), text);
  assert.notEqual(JSON.stringify(JSON.parse(text)), text);
});

test('integers are kept as numbers exactly up to the safe-integer bound', () => {
  const parsed = parseJson(
    '[9007199254740991,-9007199254740991,9007199254740992,-9007199254740992,-9223372036854775808,1000000000000000,123456789012345678901234567890]',
  ) as unknown[];
  assert.equal(parsed[0], Number.MAX_SAFE_INTEGER);
  assert.equal(parsed[1], -Number.MAX_SAFE_INTEGER);
  assert.deepEqual(parsed[2], new LosslessNumber('9007199254740992'));
  assert.deepEqual(parsed[3], new LosslessNumber('-9007199254740992'));
  assert.deepEqual(parsed[4], new LosslessNumber('-9223372036854775808'));
  assert.equal(parsed[4].bigIntValue(), -(2n ** 63n));
  assert.equal(parsed[5], 1e15);
  assert.equal((parsed[6] as LosslessNumber).raw, '123456789012345678901234567890');
  assert.equal(
    stringifyJson(parsed),
    '[9007199254740991,-9007199254740991,9007199254740992,-9007199254740992,-9223372036854775808,1000000000000000,123456789012345678901234567890]',
  );
});

test('fractions, exponents and -0 parse as JSON.parse does', () => {
  const inner = '1.5,1e3,-0,0,-1.25E-7,12345678901234567890.5,1e400,-1e400,0.1,5e-324,1E+2,-0.0';
  const ours = parseJson(onOwnParser(inner)) as unknown[];
  const theirs = JSON.parse(onOwnParser(inner)) as unknown[];
  assert.equal(ours.length, theirs.length);
  for (let i = 1; i < ours.length; i++) {
    assert.ok(Object.is(ours[i], theirs[i]), `element ${i}: ${String(ours[i])} vs ${String(theirs[i])}`);
  }
  assert.ok(Object.is(parseJson('-0'), -0));
});

test('nested objects and arrays keep their shape and member order', () => {
  const text = `{"a":[1,{"b":[[],{}],"c":${U64_MAX}},"x"],"d":{"e":{"f":[true,false,null]}},"g":-${U64_MAX}}`;
  const parsed = parseJson(text);
  assert.deepEqual(rounded(parsed), JSON.parse(text));
  assert.deepEqual(Object.keys(parsed as object), ['a', 'd', 'g']);
  assert.equal(stringifyJson(parsed), text);
});

test('long digit runs inside strings stay strings', () => {
  const fast = '{"programId":"11111111111111111111111111111111","n":"12345678901234567890"}';
  assert.deepEqual(parseJson(fast), JSON.parse(fast));
  const slow = onOwnParser('"12345678901234567890","\\"99999999999999999999"');
  assert.deepEqual(parseJson(slow), [new LosslessNumber(U64_MAX), '12345678901234567890', '"99999999999999999999']);
  assert.equal(stringifyJson(parseJson(slow)), slow);
});

test('big integers after strings with escaped quotes or trailing backslashes are kept', () => {
  for (const text of [String.raw`["x\"",${U64_MAX}]`, String.raw`["a\\",${U64_MAX}]`, String.raw`["a\\\"b\\\\",{"k\\":${U64_MAX}}]`]) {
    assert.equal(stringifyJson(parseJson(text)), text);
  }
});

test('string escapes decode as JSON.parse decodes them', () => {
  const inner = String.raw`"\u00e9\uD83D\uDE00\n\t\"\\\/\b\f\r","\uD800 lone","\u0000\u001f","plain é 😀","","\u005C\u0022"`;
  const parsed = parseJson(onOwnParser(inner)) as unknown[];
  assert.deepEqual(parsed.slice(1), (JSON.parse(onOwnParser(inner)) as unknown[]).slice(1));
  const decoded = parsed[1] as string;
  assert.equal(decoded, 'é😀\n\t"\\/\b\f\r');
  assert.equal(decoded.codePointAt(1), 0x1f600);
});

test('__proto__ becomes an own member and duplicate keys keep the last value', () => {
  const text = `{"__proto__":{"polluted":true},"id":${U64_MAX}}`;
  const parsed = parseJson(text) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  assert.ok(Object.hasOwn(parsed, '__proto__'));
  assert.equal(parsed.polluted, undefined);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(stringifyJson(parsed), text);

  const dup = `{"a":1,"b":2,"a":${U64_MAX},"__proto__":1,"__proto__":2}`;
  const parsedDup = parseJson(dup) as Record<string, unknown>;
  assert.deepEqual(Object.keys(parsedDup), Object.keys(JSON.parse(dup)));
  assert.deepEqual(parsedDup.a, new LosslessNumber(U64_MAX));
  assert.equal(parsedDup['__proto__'], 2);
});

const INVALID = [
  '',
  ' ',
  '{',
  '[',
  '{"a":1,}',
  '[1,]',
  '[,1]',
  '{}{}',
  '{} {}',
  '\uFEFF{}',
  '01',
  '-01',
  '1.',
  '.5',
  '-',
  '+1',
  '1e',
  '1e+',
  '0x10',
  'NaN',
  'Infinity',
  '"\t"',
  '"\\x"',
  '"\\u12G4"',
  '"\\u12"',
  '"abc',
  "'a'",
  'tru',
  'nul',
  'True',
  '{"a" 1}',
  '{a:1}',
  '{"a":1 "b":2}',
  '[1 2]',
  '{"a":}',
  '[1]]',
  '\u00a0[]',
];

test('invalid JSON is a SyntaxError on both parsing paths', () => {
  for (const bad of INVALID) {
    assert.throws(() => JSON.parse(bad), SyntaxError, `JSON.parse accepted ${JSON.stringify(bad)}`);
    assert.throws(() => parseJson(bad), SyntaxError, `fast path accepted ${JSON.stringify(bad)}`);
    const wrapped = onOwnParser(bad);
    assert.throws(() => JSON.parse(wrapped), SyntaxError);
    assert.throws(() => parseJson(wrapped), SyntaxError, `own parser accepted ${JSON.stringify(wrapped)}`);
  }
  for (const bad of [`${U64_MAX} x`, `{"a":${U64_MAX}}{}`, `\uFEFF[${U64_MAX}]`, `[${U64_MAX}`, `${U64_MAX}.`]) {
    assert.throws(() => parseJson(bad), SyntaxError, `own parser accepted ${JSON.stringify(bad)}`);
  }
});

test('nesting past the depth limit is a SyntaxError on the own parser', () => {
  const nested = (depth: number, inner: string) => '['.repeat(depth) + inner + ']'.repeat(depth);
  assert.equal(stringifyJson(parseJson(nested(512, U64_MAX))), nested(512, U64_MAX));
  assert.throws(() => parseJson(nested(513, U64_MAX)), SyntaxError);
  assert.throws(() => parseJson('{"a":'.repeat(513) + U64_MAX + '}'.repeat(513)), SyntaxError);
  assert.throws(() => parseJson(nested(200_000, U64_MAX)), SyntaxError);
  assert.deepEqual(rounded(parseJson(`[[${U64_MAX}]]`, 2)), [[Number(U64_MAX)]]);
  assert.throws(() => parseJson(`[[${U64_MAX}]]`, 1), SyntaxError);
  assert.throws(() => parseJson(`[{"a":${U64_MAX}}]`, 1), SyntaxError);
  // Brackets inside strings do not count towards depth.
  assert.equal(stringifyJson(parseJson(`["[[[[",{"a":"{{{{"},${U64_MAX}]`, 2)), `["[[[[",{"a":"{{{{"},${U64_MAX}]`);
  // Texts without big integers are JSON.parse's to judge, and it has no depth limit.
  assert.equal(stringifyJson(parseJson(nested(2000, '1'))), nested(2000, '1'));
});

test('big integers are found wherever an integer token can stand', () => {
  const texts = [
    `{\n  "rentEpoch": ${U64_MAX}\n}`,
    `[\n\t-9007199254740993\r\n]`,
    ` 9007199254740992 `,
    `-${U64_MAX}`,
    `{"a":9007199254740993}`,
    `{"a":[1,2,\n90071992547409930]}`,
    `{"log":"Program 11111111111111111111111111111111 invoke [1]","slot": ${U64_MAX}}`,
  ];
  for (const text of texts) {
    const out = stringifyJson(parseJson(text));
    assert.equal(out, text.replace(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/g, ''), text);
  }
});

test('the own parser agrees with JSON.parse on mutated texts', () => {
  const seeds = [
    `{"jsonrpc":"2.0","id":${U64_MAX},"method":"getBalance","params":["Abc\\u0041", {"commitment":"finalized","minContextSlot":123}]}`,
    '[1.5e3,-0,"x\\"y",{"a":[true,false,null]},[],{}]',
  ];
  const mutate = textMutator(0x2545f491, '{}[]",:\\ u-+.eE0123456789tfnlrsa\t\n');
  let accepted = 0;
  for (let round = 0; round < 4000; round++) {
    const text = mutate(seeds[round % seeds.length]);
    const wrapped = onOwnParser(text);
    let expected: unknown;
    try {
      expected = JSON.parse(wrapped);
    } catch {
      assert.throws(() => parseJson(wrapped), SyntaxError, `own parser accepted ${JSON.stringify(wrapped)}`);
      continue;
    }
    accepted++;
    assert.deepEqual(rounded(parseJson(wrapped)), expected, wrapped);
  }
  assert.ok(accepted > 100, `only ${accepted} mutated texts were valid`);
});

test('stringifyJson writes what JSON.stringify writes', () => {
  // eslint-disable-next-line no-sparse-arrays -- how a hole is written is what this test checks
  const sparse = [1, , 3];
  const date = new Date(Date.UTC(2024, 0, 2, 3, 4, 5));
  const withKeyedToJSON = { nested: { toJSON: (key: string) => `key=${key}` }, list: [{ toJSON: (key: string) => key }] };
  const values: unknown[] = [
    { a: undefined, b: () => 1, c: Symbol('s'), d: 1, [Symbol('k')]: 2 },
    [undefined, () => 1, Symbol('s'), NaN, Infinity, -Infinity, -0, 0],
    sparse,
    { date, when: [date] },
    withKeyedToJSON,
    [new Number(3), new String('s'), new Boolean(false)],
    { s: 'quote " backslash \\ newline \n tab \t nul \u0000 lone \ud800 emoji 😀 \u2028' },
    { '': 1, 'k"ey': 2, '1': 3, b: 4, a: 5 },
    [],
    {},
    [[[]], [{}], { a: [] }],
    'top',
    12.5,
    -0,
    true,
    null,
    1e21,
    5e-324,
  ];
  for (const value of values) {
    assert.equal(stringifyJson(value), JSON.stringify(value));
  }
  const units = [...Array(0x80).keys(), 0x2028, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffe];
  for (const unit of units) {
    const s = `a${String.fromCharCode(unit)}b`;
    assert.equal(stringifyJson({ [s]: s }), JSON.stringify({ [s]: s }), `code unit ${unit}`);
  }
});

test('stringifyJson throws where JSON.stringify would not produce text', () => {
  const circular: Record<string, unknown> = { a: 1 };
  circular.self = { back: circular };
  assert.throws(() => stringifyJson(circular), TypeError);
  assert.throws(() => stringifyJson({ n: 1n }), TypeError);
  assert.throws(() => stringifyJson([Object(1n)]), TypeError);
  assert.throws(() => stringifyJson(undefined), TypeError);
  assert.throws(() => stringifyJson(() => 1), TypeError);
  const shared = { x: 1 };
  assert.equal(stringifyJson([shared, shared]), '[{"x":1},{"x":1}]');
});

test('stringifyJson writes LosslessNumber raw, also from toJSON', () => {
  const big = new LosslessNumber(U64_MAX);
  assert.equal(stringifyJson({ a: big, b: [big, -1], c: { toJSON: () => big } }), `{"a":${U64_MAX},"b":[${U64_MAX},-1],"c":${U64_MAX}}`);
  assert.equal(stringifyJson(big), U64_MAX);
});

test('LosslessNumber only holds JSON number text', () => {
  for (const bad of ['', 'abc', '01', '1.', '+1', ' 1', '0x1', '1n', 'NaN']) {
    assert.throws(() => new LosslessNumber(bad), SyntaxError, bad);
  }
  const n = new LosslessNumber('-123456789012345678901');
  assert.equal(n.toString(), '-123456789012345678901');
  assert.equal(`${n}`, '-123456789012345678901');
  assert.equal(n.bigIntValue(), -123456789012345678901n);
  assert.throws(() => new LosslessNumber('1.5e30').bigIntValue(), SyntaxError);
});

test('every corpus transaction round-trips on both parsing paths', () => {
  const corpus = corpusTexts();
  assert.ok(corpus.length > 0, 'no corpus transactions found');
  let compared = 0;
  for (const { name, text } of corpus) {
    const reference = JSON.parse(text);
    if (hasUnsafeInteger(reference)) continue;
    compared++;
    const minified = JSON.stringify(reference);
    assert.equal(stringifyJson(parseJson(text)), minified, name);
    const wrapped = onOwnParser(text);
    const parsed = parseJson(wrapped) as unknown[];
    assert.deepEqual(parsed[1], reference, name);
    assert.equal(stringifyJson(parsed), `[${U64_MAX},${minified}]`, name);
  }
  assert.ok(compared > 0, 'no corpus file was compared');
});

test('a corpus transaction with u64::MAX injected keeps it exact', () => {
  const source = corpusTexts().find(({ text }) => /"fee":\s*\d/.test(text));
  assert.ok(source, 'no corpus transaction has a fee');
  const text = source.text.replace(/"fee":/, `"rentEpoch": ${U64_MAX},\n "fee":`);
  const parsed = parseJson(text) as { meta: Record<string, unknown> };
  assert.deepEqual(parsed.meta.rentEpoch, new LosslessNumber(U64_MAX));
  const out = stringifyJson(parsed);
  assert.ok(out.includes(`"rentEpoch":${U64_MAX},"fee":`));
  assert.equal(out.replace(`"rentEpoch":${U64_MAX},`, ''), JSON.stringify(JSON.parse(source.text)));
});
