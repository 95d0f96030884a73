/**
 * Two gateway instances sharing one Redis (127.0.0.1:6379, the machine's real server) enforce one
 * key's rate limit together, as instances behind a load balancer must, and serve each other's
 * rendered finalized transactions.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { post, rpc, tempDir } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

const redis = 'redis://127.0.0.1:6379';
let first: InProcessGateway;
let second: InProcessGateway;
before(async () => {
  first = await startInProcess({ redisUrl: redis }, 'free');
  second = await startInProcess({ redisUrl: redis }, 'free', first);
});
after(() => Promise.all([first.stop(), second.stop()]));

test('one key spends one budget across instances', async () => {
  // The free plan: burst 20, 10 requests per second. The first instance spends the budget...
  // Sent together, so that a busy machine does not stretch them over seconds of refill.
  const firstAnswers = await Promise.all(Array.from({ length: 25 }, (_, i) => post(`${first.url}/${first.key}`, rpc('getHealth', [], i))));
  const admitted = firstAnswers.filter((a) => a.status === 200).length;
  assert.ok(admitted >= 20 && admitted <= 23, `first instance admitted ${admitted} of 25`);
  // ...and the second, with a budget of its own, would admit these; sharing one, it refuses them.
  const second5 = await Promise.all(Array.from({ length: 5 }, (_, i) => post(`${second.url}/${first.key}`, rpc('getHealth', [], i))));
  const refused = second5.filter((h) => h.status === 429);
  assert.ok(refused.length >= 3, `second instance refused ${refused.length} of 5`);
  assert.ok(refused.every((h) => Number(h.headers.get('retry-after')) >= 1));
});

test('a gateway told to share limits through Redis does not start without it', async () => {
  const broken = await startInProcess({ redisUrl: 'redis://127.0.0.1:1' }, 'free').catch((error: Error) => error);
  assert.ok(broken instanceof Error, 'starting fails rather than serving unmetered');
});

test('a finalized answer rendered by one instance is served by another from Redis', async () => {
  const node = await startInProcess();
  const ledgerless = () => ({ upstreams: [`${node.url}/${node.key}`], redisUrl: redis, ledgerFile: join(tempDir(), 'cache.sqlite') });
  const renderer = await startInProcess(ledgerless());
  const signature = '2ysB2hp7qQYX67VUrZH6uMhPBk6Vrxo5QeBiup122XpX47RcZcgY9uAHvN2TJaAi9efBYGE9VsMzFyxo98k4qL15';
  const call = (id: number) => rpc('getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }], id);
  const rendered = await post(`${renderer.url}/${renderer.key}?actionskit=true`, call(1));
  assert.equal(rendered.status, 200);
  assert.match(rendered.text, /"actions":/);
  await Promise.all([node.stop(), renderer.stop()]);

  // Its only upstream is gone and its ledger is empty: Redis is the one place the answer can come from.
  const reader = await startInProcess(ledgerless());
  try {
    const served = await post(`${reader.url}/${reader.key}?actionskit=true`, call(7));
    assert.equal(served.status, 200);
    assert.equal(served.text, rendered.text.replace('"id":1', '"id":7'));
    // A different flag set is a different rendering, not served from the actionskit one.
    const plain = await post(`${reader.url}/${reader.key}`, call(8));
    assert.doesNotMatch(plain.text, /"result"/);
    const metrics = await (await fetch(`${reader.url}/metrics`)).text();
    assert.match(metrics, /enhanced_rpc_response_cache_lookups_total\{tier="redis",result="hit"\} 1\n/);
  } finally {
    await reader.stop();
  }

  // --response-cache 0 keeps no answers anywhere: the same call then needs the node, which is gone.
  const uncached = await startInProcess({ ...ledgerless(), responseCacheMiB: 0 });
  try {
    const refused = JSON.parse((await post(`${uncached.url}/${uncached.key}?actionskit=true`, call(9))).text) as {
      error?: { code: number };
    };
    assert.equal(refused.error?.code, -32502);
  } finally {
    await uncached.stop();
  }
});
