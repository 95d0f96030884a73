/** Locating instruction entries by their compact text, against the tokenizing walk, over the corpus. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusTransactionsDir } from '../src/paths.js';
import { compactElementSpans } from '../src/json/compact-spans.js';
import { findPathSpans } from '../src/json/path-spans.js';
import { instructionEntrySpans, instructionPaths, enhanceTransaction } from '../src/enhance/transaction.js';
import { instructionListsOf } from '../src/transaction-result/read.js';
import { stackHeightEntrySpans } from '../src/enhance/stack-height-spans.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';

const files = readdirSync(corpusTransactionsDir).filter((f) => /\.(json|jsonParsed)\.json$/.test(f));
const answerOf = (result: string) => `{"jsonrpc":"2.0","result":${result},"id":1}`;
const stored = files.map((file) => ({ file, text: answerOf(readFileSync(join(corpusTransactionsDir, file), 'utf8')) }));
// What a node sends: the same values, compact (the corpus keeps some files pretty-printed).
const compact = stored.map(({ file, text }) => ({ file, text: JSON.stringify(JSON.parse(text)) }));

test("compact spans equal the walk's spans for every instruction entry of every corpus answer", () => {
  let located = 0;
  for (const { file, text } of compact) {
    const result = JSON.parse(text).result;
    const spans = compactElementSpans(text, 'instructions', instructionListsOf(result));
    assert.ok(spans !== null, file);
    assert.deepEqual(spans.flat(), findPathSpans(text, instructionPaths).flat(), file);
    located += spans.flat().length;
  }
  assert.ok(located > 1000, `${located} entries`);
});

test('a pretty-printed answer is not located by its compact text, and the walk takes over', () => {
  const pretty = stored.filter(({ text }) => text.includes('\n  '));
  assert.ok(pretty.length > 0);
  for (const { file, text } of pretty) {
    const result = JSON.parse(text).result;
    assert.equal(compactElementSpans(text, 'instructions', instructionListsOf(result) as unknown[][]), null, file);
    assert.deepEqual(
      instructionEntrySpans(text, instructionListsOf(result), () => true),
      findPathSpans(text, instructionPaths).flat(),
      file,
    );
  }
});

test('lists not asked for are left out; an ambiguous or extra "instructions" member gives null', () => {
  const { text } = compact.find(({ text }) => (JSON.parse(text).result.meta.innerInstructions ?? []).length >= 2)!;
  const lists = instructionListsOf(JSON.parse(text).result) as unknown[][];
  const some = compactElementSpans(
    text,
    'instructions',
    lists.map((list, k) => (k === 1 ? list : null)),
  )!;
  assert.deepEqual(
    some.map((spans) => spans === null),
    lists.map((_, k) => k !== 1),
  );
  assert.deepEqual(some[1], compactElementSpans(text, 'instructions', lists)![1]);

  // An inner group holding exactly the top-level list: either member could be it.
  const answer = JSON.parse(text);
  answer.result.meta.innerInstructions[0].instructions = answer.result.transaction.message.instructions;
  const twin = JSON.stringify(answer);
  assert.equal(compactElementSpans(twin, 'instructions', instructionListsOf(answer.result) as unknown[][]), null);

  // A member of the same name that is not one of the lists.
  const extra = JSON.stringify({ ...answer, note: { instructions: [] } });
  assert.equal(compactElementSpans(extra, 'instructions', lists), null);
});

test('the enhanced answer is the same whether the node wrote it compact or pretty', () => {
  const registry = loadBundledRegistry();
  for (const [i, { file, text }] of stored.entries()) {
    for (const actions of [false, true]) {
      const fromStored = JSON.parse(enhanceTransaction(text, registry, actions));
      const fromCompact = JSON.parse(enhanceTransaction(compact[i].text, registry, actions));
      assert.deepEqual(fromCompact, fromStored, file);
    }
  }
});

test("stack-height spans equal the walk's spans wherever the node wrote stack heights, and give null elsewhere", () => {
  let located = 0;
  for (const { file, text } of compact) {
    const result = JSON.parse(text).result;
    const lists = instructionListsOf(result) as unknown[][];
    const spans = stackHeightEntrySpans(text, lists);
    const everyEntryHasOne = lists.flat().every((entry) => 'stackHeight' in (entry as object));
    assert.equal(spans !== null, everyEntryHasOne, file);
    if (spans === null) continue;
    assert.deepEqual(spans, findPathSpans(text, instructionPaths).flat(), file);
    located++;
  }
  assert.ok(located > 50, `${located} answers`);

  // A stackHeight member inside an entry's parsed info, and an entry without one: both refused.
  const { text } = compact.find(({ text }) => text.includes('"parsed":{"info":{') && text.includes('"stackHeight":'))!;
  const lists = () => instructionListsOf(JSON.parse(text).result) as unknown[][];
  assert.equal(stackHeightEntrySpans(text.replace('"parsed":{"info":{', '"parsed":{"info":{"stackHeight":1,'), lists()), null);
  assert.equal(stackHeightEntrySpans(text.replace(/,"stackHeight":(null|\d+)/, ''), lists()), null);
});
