/** Path spans and splicing over real node answers. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusTransactionsDir } from '../src/paths.js';
import { findPathSpans } from '../src/json/path-spans.js';
import { splice } from '../src/json/splice.js';

const files = readdirSync(corpusTransactionsDir).filter((f) => /\.(json|jsonParsed)\.json$/.test(f));

test('every instruction span of every corpus answer parses to the value at that path', () => {
  for (const file of files) {
    const text = `{"jsonrpc":"2.0","result":${readFileSync(join(corpusTransactionsDir, file), 'utf8')},"id":1}`;
    const value = JSON.parse(text).result;
    const [top, inner, keys] = findPathSpans(text, [
      ['result', 'transaction', 'message', 'instructions', '*'],
      ['result', 'meta', 'innerInstructions', '*', 'instructions', '*'],
      ['result', 'transaction', 'message', 'accountKeys'],
    ]);
    assert.deepEqual(
      top.map((s) => JSON.parse(text.slice(s.start, s.end))),
      value.transaction.message.instructions,
      file,
    );
    const expectedInner = (value.meta.innerInstructions ?? []).flatMap((i: { instructions: unknown[] }) => i.instructions);
    assert.deepEqual(
      inner.map((s) => JSON.parse(text.slice(s.start, s.end))),
      expectedInner,
      file,
    );
    assert.equal(keys.length, 1);
    assert.deepEqual(JSON.parse(text.slice(keys[0].start, keys[0].end)), value.transaction.message.accountKeys);
  }
});

test('whitespace, escaped keys and unmatched paths', () => {
  const text = ' { "a" : [ {"b":1} , {"b": [2, 3]} ] , "\\u0063": {"b": "}"} , "d": null } ';
  const [bs, cs, missing] = findPathSpans(text, [
    ['a', '*', 'b'],
    ['c', 'b'],
    ['x', '*'],
  ]);
  assert.deepEqual(
    bs.map((s) => text.slice(s.start, s.end)),
    ['1', '[2, 3]'],
  );
  assert.deepEqual(
    cs.map((s) => text.slice(s.start, s.end)),
    ['"}"'],
  );
  assert.deepEqual(missing, []);
});

test('splice replaces exactly the spans and keeps every other byte', () => {
  const text = '{"a":[1,2,3],"b":"x"}';
  const [items] = findPathSpans(text, [['a', '*']]);
  assert.equal(
    splice(text, [
      { span: items[0], text: '"one"' },
      { span: items[2], text: '{"three":3}' },
    ]),
    '{"a":["one",2,{"three":3}],"b":"x"}',
  );
  assert.equal(splice(text, []), text);
});
