import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { resultText, scanRequestBody, type ScannedBody, type ScannedEntry, type ScannedObject } from '../src/json/request-scan.js';
import type { Span } from '../src/json/tokens.js';
import { corpusTransactionsDir } from '../src/paths.js';
import { resultOf, resultResponse } from '../src/rpc/envelope.js';
import { textMutator } from './support/mutate.js';

const U64_MAX = '18446744073709551615';

function slice(text: string, span: Span): string {
  return text.slice(span.start, span.end);
}

function objectOf(body: ScannedBody): ScannedObject {
  assert.equal(body.kind, 'object');
  return body.object;
}

function entriesOf(body: ScannedBody): ScannedEntry[] {
  assert.equal(body.kind, 'array');
  return body.entries;
}

function memberTexts(text: string, object: ScannedObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, span] of object.members) out[key] = slice(text, span);
  return out;
}

test('member spans slice back to the exact raw values', () => {
  const text = `{"jsonrpc":"2.0","id":${U64_MAX},"method":"getSlot","params":null}`;
  const object = objectOf(scanRequestBody(text));
  assert.deepEqual(object.span, { start: 0, end: text.length });
  assert.deepEqual(memberTexts(text, object), { jsonrpc: '"2.0"', id: U64_MAX, method: '"getSlot"', params: 'null' });
  assert.deepEqual([...object.members.keys()], ['jsonrpc', 'id', 'method', 'params']);
  assert.equal(object.duplicateKeys.size, 0);

  const other = `{"id":"abc","x":-1.5e+3,"t":true,"f":false,"o":{},"a":[]}`;
  assert.deepEqual(memberTexts(other, objectOf(scanRequestBody(other))), {
    id: '"abc"',
    x: '-1.5e+3',
    t: 'true',
    f: 'false',
    o: '{}',
    a: '[]',
  });
});

test('whitespace between tokens is excluded from spans', () => {
  const text = ' \n\t{ "id" :\t"abc" ,\r\n  "method"\n:\n"getSlot"  ,"params" : [ 1 , 2 ] \n}\r\n ';
  const object = objectOf(scanRequestBody(text));
  assert.equal(slice(text, object.span), text.trim());
  assert.deepEqual(memberTexts(text, object), { id: '"abc"', method: '"getSlot"', params: '[ 1 , 2 ]' });
});

test('batch entries are scanned in order with exact spans', () => {
  const text = `[ {"id":${U64_MAX},"method":"a"} ,\n5, "s" ,[1,[2,{"x":"]"}]], true,null ,false, -0.5, {}, {"id":"x","id":null} ]`;
  const entries = entriesOf(scanRequestBody(text));
  assert.deepEqual(
    entries.map((e) => ('kind' in e ? e.kind : 'object')),
    ['object', 'number', 'string', 'array', 'literal', 'literal', 'literal', 'number', 'object', 'object'],
  );
  assert.deepEqual(
    entries.map((e) => slice(text, e.span)),
    [`{"id":${U64_MAX},"method":"a"}`, '5', '"s"', '[1,[2,{"x":"]"}]]', 'true', 'null', 'false', '-0.5', '{}', '{"id":"x","id":null}'],
  );
  const first = entries[0] as ScannedObject;
  assert.equal(slice(text, first.members.get('id')!), U64_MAX);
  const last = entries[9] as ScannedObject;
  assert.deepEqual([...last.duplicateKeys], ['id']);
  assert.equal(slice(text, last.members.get('id')!), 'null');
  assert.equal((entries[8] as ScannedObject).members.size, 0);
  assert.deepEqual(entriesOf(scanRequestBody(' [ ] ')), []);
});

test('duplicate id and method are reported, keeping the last value', () => {
  const text = '{"id":1,"method":"a","id":2,"params":[],"method":"b","method":"c"}';
  const object = objectOf(scanRequestBody(text));
  assert.deepEqual([...object.duplicateKeys].sort(), ['id', 'method']);
  assert.deepEqual(memberTexts(text, object), { id: '2', method: '"c"', params: '[]' });
  // Duplicates inside nested values are not the request's own members.
  const nested = '{"id":1,"params":{"id":2,"id":3}}';
  assert.equal(objectOf(scanRequestBody(nested)).duplicateKeys.size, 0);
});

test('member names are unescaped', () => {
  const text = String.raw`{"\u0069d":7,"met\u0068od":"m","a\"b":1,"\\":2,"\ud83d\ude00":3,"\/":4}`;
  const object = objectOf(scanRequestBody(text));
  assert.deepEqual(memberTexts(text, object), { id: '7', method: '"m"', 'a"b': '1', '\\': '2', '😀': '3', '/': '4' });
  const dup = String.raw`{"id":1,"\u0069\u0064":2}`;
  const dupObject = objectOf(scanRequestBody(dup));
  assert.deepEqual([...dupObject.duplicateKeys], ['id']);
  assert.equal(slice(dup, dupObject.members.get('id')!), '2');
});

test('strings holding braces, quotes and backslashes do not end values early', () => {
  const params = String.raw`["{\"}\\", "\\\\\"]]]}", {"x":"}","y":["[","\\"]}, "\\"]`;
  const text = `{"params":${params},"id":3,"method":"\\"}{"}`;
  assert.deepEqual(JSON.parse(text).id, 3);
  assert.deepEqual(memberTexts(text, objectOf(scanRequestBody(text))), { params, id: '3', method: String.raw`"\"}{"` });
});

test('deeply nested params are skipped without recursion', () => {
  const depth = 200_000;
  const params = '['.repeat(depth) + `{"a":${U64_MAX}}` + ']'.repeat(depth);
  const text = `{"params":${params},"id":${U64_MAX}}`;
  const object = objectOf(scanRequestBody(text));
  assert.equal(slice(text, object.members.get('params')!), params);
  assert.equal(slice(text, object.members.get('id')!), U64_MAX);
});

test('bodies that are neither object nor array are reported as a span', () => {
  for (const raw of ['"str"', '42', '-1.5e3', 'true', 'false', 'null', U64_MAX]) {
    const text = `\n ${raw} \t`;
    const body = scanRequestBody(text);
    assert.equal(body.kind, 'other');
    assert.equal(slice(text, body.span), raw);
  }
});

test('every corpus transaction wrapped as a response body scans to its members', () => {
  const names = readdirSync(corpusTransactionsDir).filter((name) => name.endsWith('.json'));
  assert.ok(names.length > 0, 'no corpus transactions found');
  for (const name of names) {
    const result = readFileSync(join(corpusTransactionsDir, name), 'utf8');
    const text = `{"jsonrpc":"2.0","id":1,"result":${result}}`;
    const object = objectOf(scanRequestBody(text));
    assert.deepEqual([...object.members.keys()], ['jsonrpc', 'id', 'result'], name);
    assert.equal(slice(text, object.members.get('jsonrpc')!), '"2.0"', name);
    assert.equal(slice(text, object.members.get('id')!), '1', name);
    assert.equal(slice(text, object.members.get('result')!), result.trim(), name);
    assert.deepEqual(object.span, { start: 0, end: text.length }, name);
    assert.equal(object.duplicateKeys.size, 0, name);
  }
});

test('on valid mutated texts every span parses to JSON.parse value; otherwise only SyntaxError', () => {
  const seeds = [
    String.raw`{"jsonrpc":"2.0","id":12,"method":"sendTransaction","params":["AQ\"\\==",{"encoding":"base64","x":[1,{"y":null}]}]}`,
    String.raw`[{"id":1,"method":"a"},{"id":"2","m\u0065thod":"b","params":[true,false]},7,"s",[]]`,
  ];
  const mutate = textMutator(0x9e3779b9, '{}[]",:\\ u-.e019tfnl\n');
  const check = (text: string) => {
    let reference: unknown;
    try {
      reference = JSON.parse(text);
    } catch {
      try {
        scanRequestBody(text);
      } catch (error) {
        assert.ok(error instanceof SyntaxError, `${String(error)} for ${JSON.stringify(text)}`);
      }
      return false;
    }
    const body = scanRequestBody(text);
    const checkObject = (object: ScannedObject, value: Record<string, unknown>) => {
      assert.deepEqual([...object.members.keys()].sort(), Object.keys(value).sort(), text);
      for (const [key, span] of object.members) assert.deepEqual(JSON.parse(slice(text, span)), value[key], text);
      assert.deepEqual(JSON.parse(slice(text, object.span)), value, text);
    };
    if (body.kind === 'object') checkObject(body.object, reference as Record<string, unknown>);
    else if (body.kind === 'array') {
      const items = reference as unknown[];
      assert.equal(body.entries.length, items.length, text);
      body.entries.forEach((entry, i) => {
        if ('members' in entry) checkObject(entry, items[i] as Record<string, unknown>);
        else assert.deepEqual(JSON.parse(slice(text, entry.span)), items[i], text);
      });
    } else assert.deepEqual(JSON.parse(slice(text, body.span)), reference, text);
    return true;
  };
  let valid = 0;
  for (const seed of seeds) {
    for (let cut = 0; cut <= seed.length; cut++) if (check(seed.slice(0, cut))) valid++;
  }
  for (let round = 0; round < 6000; round++) {
    const text = mutate(seeds[round % seeds.length]);
    if (check(text)) valid++;
  }
  assert.ok(valid > 100, `only ${valid} texts were valid`);
});

test("resultOf takes the result from the node's frame without scanning, and scans anything else", () => {
  const files = readdirSync(corpusTransactionsDir)
    .filter((f) => f.endsWith('.json'))
    .slice(0, 40);
  for (const file of files) {
    const result = readFileSync(join(corpusTransactionsDir, file), 'utf8').trim();
    for (const idRaw of ['1', '"abc"', 'null', '18446744073709551615', '"a\\"b"']) {
      const framed = resultResponse(result, idRaw);
      assert.equal(resultOf(framed, idRaw), result, file);
      assert.equal(resultOf(`${framed}\n`, idRaw), result, file);
      assert.equal(resultOf(framed, idRaw), resultText(framed));
      // Not the frame: another id than the one sent, members reordered, spaces; all still found by the scan.
      const other = resultResponse(result, '7');
      assert.equal(resultOf(other, idRaw), result);
      const reordered = `{"id":${idRaw},"result":${result},"jsonrpc":"2.0"}`;
      assert.equal(resultOf(reordered, idRaw), result);
      const spaced = `{ "jsonrpc": "2.0", "result": ${result}, "id": ${idRaw} }`;
      assert.equal(resultOf(spaced, idRaw), result);
    }
  }
  assert.equal(resultOf('{"jsonrpc":"2.0","error":{"code":-32009,"message":"x"},"id":1}', '1'), null);
  assert.equal(resultOf('{"jsonrpc":"2.0","result":null,"id":1}', '1'), 'null');
});
