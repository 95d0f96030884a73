/**
 * The worker pool never costs a client its answer: a task past its deadline or beyond the queue's
 * bound gets the node's bytes back unchanged (and says why), and the bytes handed to a worker are
 * a copy, so the node's answer is still there to send.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { pooledEnhancer } from '../src/enhance/pool.js';

const registry = loadBundledRegistry();
// A pump.fun buy with its event-CPI entries, decoded in the worker.
const result = readFileSync(
  join(
    projectRoot,
    'ledger',
    'txs',
    '33LHUzKfhBvU68kYib22oFx2XdQKQZ2sfvTmmdCFEr6YidyP8S3WwAurjz6Suewvr2WUByV79K3stNCZDe7wq3De.jsonParsed.json',
  ),
  'utf8',
).trim();
const answer = () => Buffer.from(`{"jsonrpc":"2.0","result":${result},"id":1}`);

test('a task past its deadline answers the node bytes, unchanged', async () => {
  const failures: string[] = [];
  const observer = { undecodedBy: () => {}, enhanceFailed: (_: string, reason: string) => failures.push(reason) };
  const pool = pooledEnhancer(registry, { workers: 1, inlineBelowBytes: 0, deadlineMs: 1 }, observer);
  try {
    await pool.started();
    const response = answer();
    const out = await pool.enhance({ method: 'getTransaction', response });
    assert.equal(out.standard, 'deadline');
    assert.equal(out.body, response, 'the very bytes the node sent');
    assert.equal(out.body.toString(), answer().toString(), 'not detached by the transfer to the worker');
    assert.deepEqual(failures, ['deadline']);
  } finally {
    await pool.close();
  }
});

test('beyond the queue bound answers go out undecoded; within it they are enhanced', async () => {
  const pool = pooledEnhancer(registry, { workers: 1, inlineBelowBytes: 0, maxQueue: 2 });
  try {
    await pool.started();
    const outs = await Promise.all(Array.from({ length: 12 }, () => pool.enhance({ method: 'getTransaction', response: answer() })));
    const overloaded = outs.filter((o) => o.standard === 'overload');
    const enhanced = outs.filter((o) => o.standard === undefined);
    assert.ok(overloaded.length > 0, 'some were refused a place in the queue');
    assert.ok(enhanced.length >= 2, `${enhanced.length} enhanced`);
    for (const o of overloaded) assert.equal(o.body.toString(), answer().toString());
    for (const o of enhanced) assert.match(o.body.toString(), /"program":"pump"/);
  } finally {
    await pool.close();
  }
});

test('beyond the bytes bound answers go out undecoded, however few they are', async () => {
  const size = answer().length;
  const pool = pooledEnhancer(registry, { workers: 1, inlineBelowBytes: 0, maxOutstandingBytes: 2 * size });
  try {
    await pool.started();
    const outs = await Promise.all(Array.from({ length: 6 }, () => pool.enhance({ method: 'getTransaction', response: answer() })));
    assert.deepEqual(
      outs.map((o) => o.standard ?? 'enhanced'),
      ['enhanced', 'enhanced', 'overload', 'overload', 'overload', 'overload'],
    );
    // Once those are back, their bytes no longer count.
    const later = await pool.enhance({ method: 'getTransaction', response: answer() });
    assert.equal(later.standard, undefined);
    assert.match(later.body.toString(), /"program":"pump"/);
  } finally {
    await pool.close();
  }
});
