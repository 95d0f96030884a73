/**
 * Two gateway instances sharing one Redis (127.0.0.1:6379, the machine's real server) enforce one
 * key's rate limit together, as instances behind a load balancer must.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { post, rpc, startGateway, type RunningGateway } from './support/gateway.js';

const redis = 'redis://127.0.0.1:6379';
let first: RunningGateway;
let second: RunningGateway;
before(async () => {
  first = await startGateway(['--redis', redis], 'free');
  second = await startGateway(['--redis', redis], 'free', first);
});
after(() => Promise.all([first.stop(), second.stop()]));

test('one key spends one budget across instances', async () => {
  // The free plan: burst 20, 10 requests per second. The first instance spends the budget...
  const firstStatuses: number[] = [];
  for (let i = 0; i < 25; i++) firstStatuses.push((await post(`${first.url}/${first.key}`, rpc('getHealth', [], i))).status);
  const admitted = firstStatuses.filter((s) => s === 200).length;
  assert.ok(admitted >= 20 && admitted <= 23, `first instance admitted ${admitted} of 25`);
  // ...and the second, with a budget of its own, would admit these; sharing one, it refuses them.
  const second5 = await Promise.all(Array.from({ length: 5 }, (_, i) => post(`${second.url}/${first.key}`, rpc('getHealth', [], i))));
  const refused = second5.filter((h) => h.status === 429);
  assert.ok(refused.length >= 3, `second instance refused ${refused.length} of 5`);
  assert.ok(refused.every((h) => Number(h.headers.get('retry-after')) >= 1));
});

test('a gateway told to share limits through Redis does not start without it', async () => {
  const broken = await startGateway(['--redis', 'redis://127.0.0.1:1'], 'free').catch((error: Error) => error);
  assert.ok(broken instanceof Error, 'starting fails rather than serving unmetered');
});
