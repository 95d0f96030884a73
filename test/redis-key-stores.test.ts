/**
 * Two gateways with key stores of their own (two SQLite files) sharing one Redis (127.0.0.1:6379,
 * the machine's real server; database 6, which no other test uses): key ids count from 1 in each
 * store, so their first keys share an id, and each must still have its own budget.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from 'redis';
import { openSqliteKeyStore } from '../src/auth/key-store.js';
import type { Plan } from '../src/auth/plans.js';
import { post, rpc } from './support/gateway.js';
import { startInProcess } from './support/in-process-gateway.js';

const redis = 'redis://127.0.0.1:6379/6';
const admin = createClient({ url: redis });
await admin.connect();
const storeIds: string[] = [];

after(async () => {
  for (const storeId of storeIds) {
    for await (const keys of admin.scanIterator({ MATCH: `ratelimit:${storeId}:*`, COUNT: 1000 }))
      if (keys.length > 0) await admin.del(keys);
  }
  await admin.close();
});

/** A token every 1000 s: nothing refills while the test runs, so exactly the burst is admitted. */
const tight: Plan = { name: 'tight', requestsPerSecond: 0.001, burst: 5, monthlyQuota: null, enhancedParsing: false };

const storeIdOf = (db: string) => {
  const store = openSqliteKeyStore(db);
  try {
    return store.storeId;
  } finally {
    store.close();
  }
};

test('key 1 of two key stores sharing one Redis has two budgets; the store id outlives the store being reopened', async () => {
  const [first, second] = [await startInProcess({ redisUrl: redis }, tight), await startInProcess({ redisUrl: redis }, tight)];
  try {
    const ids = [storeIdOf(first.db), storeIdOf(second.db)];
    storeIds.push(...ids);
    assert.notEqual(ids[0], ids[1]);

    const admitted = async (gw: typeof first, n: number) => {
      const answers = await Promise.all(Array.from({ length: n }, (_, i) => post(`${gw.url}/${gw.key}`, rpc('getHealth', [], i))));
      return answers.filter((a) => a.status === 200).length;
    };
    assert.equal(await admitted(first, 8), 5, 'the first gateway spends its key’s whole burst');
    assert.equal(await admitted(second, 8), 5, 'the second gateway’s key 1 has a burst of its own');
    for (const id of ids) assert.equal(await admin.exists(`ratelimit:${id}:{1}:bucket`), 1, `key 1's bucket under store ${id}`);
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
  assert.deepEqual([storeIdOf(first.db), storeIdOf(second.db)], storeIds);
});
