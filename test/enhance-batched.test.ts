/**
 * What the main thread decodes waits for the end of the event loop's turn and is then decoded with
 * everything queued beside it: each answer is still its own (the same bytes enhanceNow gives, in
 * the order asked), and a step that throws fails only its own task.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { batched, enhanceNow, inlineEnhancer } from '../src/enhance/enhance.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusTransactionsDir } from '../src/paths.js';

const registry = loadBundledRegistry();

test('tasks asked for in one turn run together after it, in order; a throw rejects its own task alone', async () => {
  const ran: string[] = [];
  const step = batched((name: string) => {
    ran.push(name);
    if (name === 'bad') throw new Error('bad task');
    return name.toUpperCase();
  });
  const asked = ['a', 'bad', 'c'].map((name) => step(name));
  ran.push('end of the turn');
  const [a, bad, c] = await Promise.allSettled(asked);
  assert.deepEqual(ran, ['end of the turn', 'a', 'bad', 'c']);
  assert.deepEqual(a, { status: 'fulfilled', value: 'A' });
  assert.equal(bad.status, 'rejected');
  assert.deepEqual(c, { status: 'fulfilled', value: 'C' });
  // A later turn starts a queue of its own.
  assert.equal(await step('d'), 'D');
  assert.deepEqual(ran.slice(4), ['d']);
});

test('corpus answers enhanced together on the main thread are each the answer enhanced alone', async () => {
  const enhancer = inlineEnhancer(registry);
  const answers = readdirSync(corpusTransactionsDir)
    .filter((f) => f.endsWith('.jsonParsed.json'))
    .slice(0, 40)
    .map((f) => Buffer.from(`{"jsonrpc":"2.0","result":${readFileSync(join(corpusTransactionsDir, f), 'utf8').trim()},"id":1}`));
  const together = await Promise.all(answers.map((response) => enhancer.enhance({ method: 'getTransaction', response })));
  answers.forEach((response, i) => {
    const alone = enhanceNow({ method: 'getTransaction', response }, registry).body;
    assert.equal(together[i].body.toString(), alone.toString(), `answer ${i}`);
  });
  assert.ok(
    together.some((out, i) => out.body.toString() !== answers[i].toString()),
    'some answers were enhanced',
  );
});
