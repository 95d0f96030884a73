/**
 * The gateway in front of a real upstream: a second gateway in ledger mode (a standard-shaped node
 * holding mainnet data). Upstream failures are in upstream-faults.test.ts.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { join } from 'node:path';
import { post, rpc, tempDir } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

let node: InProcessGateway; // plays the standard node
let gateway: InProcessGateway; // the gateway under test, in front of `node`

const account = '6A5NHCj1yF6urc9wZNe6Bcjj4LVszQNj5DwAWG97yzMu';
const signature = '33LHUzKfhBvU68kYib22oFx2XdQKQZ2sfvTmmdCFEr6YidyP8S3WwAurjz6Suewvr2WUByV79K3stNCZDe7wq3De';
/** Held by the node's ledger as wire bytes, so it can be served in base58 too. */
const wireSignature = '2ysB2hp7qQYX67VUrZH6uMhPBk6Vrxo5QeBiup122XpX47RcZcgY9uAHvN2TJaAi9efBYGE9VsMzFyxo98k4qL15';

before(async () => {
  node = await startInProcess();
  gateway = await startInProcess({ upstreams: [`${node.url}/${node.key}`], ledgerFile: join(tempDir(), 'cache.sqlite') });
});

after(async () => {
  await Promise.all([gateway.stop(), node.stop()]);
});

const via = (gw: InProcessGateway, body: object | string) => post(`${gw.url}/${gw.key}`, body);

test('pass-through is byte for byte: u64::MAX rentEpoch survives', async () => {
  const body = rpc('getAccountInfo', [account, { encoding: 'base64' }], 'acct');
  const direct = await via(node, body);
  const proxied = await via(gateway, body);
  assert.equal(proxied.status, 200);
  assert.equal(proxied.text, direct.text);
  assert.match(proxied.text, /"rentEpoch":18446744073709551615[,}]/);
});

test('pass-through of other methods and of batches', async () => {
  for (const method of ['getSlot', 'getVersion', 'getHealth']) {
    assert.equal((await via(gateway, rpc(method))).text, (await via(node, rpc(method))).text);
  }
  const batch = JSON.parse((await via(gateway, [rpc('getSlot', [], 1), rpc('getHealth', [], 2), rpc('getBalance', [account], 3)])).text);
  assert.deepEqual(
    batch.map((e: { id: number }) => e.id),
    [1, 2, 3],
  );
  assert.equal(batch[1].result, 'ok');
  // the ledger-mode node refuses getBalance; the gateway passes that answer through unchanged
  assert.match(batch[2].error.message, /not available from the local ledger/);
});

test('getMultipleAccounts through the gateway equals the node', async () => {
  const body = rpc('getMultipleAccounts', [[account, '11111111111111111111111111111111'], { encoding: 'base64' }]);
  assert.equal((await via(gateway, body)).text, (await via(node, body)).text);
});

test('finalized transactions are cached: answered after the node is gone', async () => {
  const body = rpc('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]);
  const first = await via(gateway, body);
  assert.equal(first.text, (await via(node, body)).text);
  // base58 is not kept by the ledger cache; the response cache keeps the rendered result, and
  // enhanced renderings per flag set.
  const base58 = rpc('getTransaction', [wireSignature, { encoding: 'base58', maxSupportedTransactionVersion: 0 }], 'a');
  const base58Before = JSON.parse((await via(gateway, base58)).text);
  assert.equal(typeof base58Before.result.transaction[0], 'string');
  const enhanced = rpc('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }], 'b');
  const enhancedBefore = JSON.parse((await post(`${gateway.url}/${gateway.key}?actionskit=true`, enhanced)).text);
  assert.ok(JSON.stringify(enhancedBefore.result).includes('"actions"'));
  await node.stop();
  const base58After = JSON.parse((await via(gateway, { ...base58, id: 'c' })).text);
  assert.deepEqual(base58After, { ...base58Before, id: 'c' });
  const enhancedAfter = JSON.parse((await post(`${gateway.url}/${gateway.key}?actionskit=true`, { ...enhanced, id: 'd' })).text);
  assert.deepEqual(enhancedAfter, { ...enhancedBefore, id: 'd' });
  const confirmed = JSON.parse(
    (
      await via(
        gateway,
        rpc('getTransaction', [wireSignature, { encoding: 'base58', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }]),
      )
    ).text,
  );
  assert.equal(confirmed.error.code, -32502, 'answers at confirmed commitment are not served from the cache');
  const second = await via(gateway, body);
  assert.deepEqual(JSON.parse(second.text), JSON.parse(first.text));
  const uncached = JSON.parse((await via(gateway, rpc('getSlot'))).text);
  assert.equal(uncached.error.code, -32502);
});

test('--response-cache 0 keeps no rendered answers: base58 needs the node every time', async () => {
  const own = await startInProcess();
  const front = await startInProcess({
    upstreams: [`${own.url}/${own.key}`],
    ledgerFile: join(tempDir(), 'cache.sqlite'),
    responseCacheMiB: 0,
  });
  try {
    const base58 = rpc('getTransaction', [wireSignature, { encoding: 'base58', maxSupportedTransactionVersion: 0 }]);
    const before = JSON.parse((await via(front, base58)).text);
    assert.equal(typeof before.result.transaction[0], 'string');
    await own.stop();
    const after = JSON.parse((await via(front, base58)).text);
    assert.equal(after.error.code, -32502, 'without the response cache the answer is asked of the node again');
  } finally {
    await Promise.all([front.stop(), own.stop()]);
  }
});

test('--ledger-cache on keeps fetched finalized transactions in the ledger file; off (the default) asks the node', async () => {
  const own = await startInProcess();
  const ledgerFile = join(tempDir(), 'cache.sqlite');
  const upstream = { upstreams: [`${own.url}/${own.key}`], responseCacheMiB: 0 };
  const keeping = await startInProcess({ ...upstream, ledgerFile, ledgerCache: true });
  const unusedFile = join(tempDir(), 'cache.sqlite');
  const plain = await startInProcess({ ...upstream, ledgerFile: unusedFile });
  try {
    const body = rpc('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]);
    const fromNode = (await via(own, body)).text;
    assert.ok(JSON.parse(fromNode).result, 'the node holds it');
    assert.equal((await via(keeping, body)).text, fromNode);
    assert.equal((await via(plain, body)).text, fromNode);
    await own.stop();
    assert.deepEqual(JSON.parse((await via(keeping, body)).text), JSON.parse(fromNode), 'answered from the ledger file');
    assert.equal(JSON.parse((await via(plain, body)).text).error.code, -32502);
    assert.ok(existsSync(ledgerFile));
    assert.ok(!existsSync(unusedFile), 'without the ledger cache the ledger file is not even created');
  } finally {
    await Promise.all([keeping.stop(), plain.stop(), own.stop()]);
  }
});

test('--upstream-connections bounds the sockets to the node: a batch of ten waits its turn on two, and all are answered', async () => {
  // A node that answers each call after a moment, counting the connections open at once.
  let open = 0;
  let most = 0;
  const slow = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number };
      setTimeout(() => res.end(JSON.stringify({ jsonrpc: '2.0', result: 7, id })), 20);
    });
  });
  slow.on('connection', (socket) => {
    most = Math.max(most, ++open);
    socket.on('close', () => open--);
  });
  slow.listen(0, '127.0.0.1');
  await once(slow, 'listening');
  const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
  const batch = Array.from({ length: 10 }, (_, i) => rpc('getSlot', [], i));
  try {
    for (const [connections, bound] of [
      [2, 2],
      [undefined, 10],
    ] as const) {
      most = 0;
      const front = await startInProcess({ upstreams: [url], upstreamConnections: connections, onchainIdl: false });
      try {
        const answer = await via(front, batch);
        assert.equal(answer.status, 200);
        assert.equal((JSON.parse(answer.text) as unknown[]).length, 10);
        assert.ok(connections === undefined ? most > 2 && most <= bound : most <= bound, `${most} connections open at once`);
      } finally {
        await front.stop();
      }
      slow.closeAllConnections();
    }
  } finally {
    slow.close();
  }
});
