/**
 * A batch's entries are held until the last one arrives, so their answers share one byte budget
 * (32 MiB) and each has a cap of its own (8 MiB): entries past either get a clear JSON-RPC error
 * under their own id, the others their answers, and a single request keeps the upstream's whole limit.
 * The upstream is a local node that answers each call with as many bytes as its params ask for,
 * with a Content-Length or chunked.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { post, rpc } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';
import { startRpcNode, type RpcNode } from './support/rpc-node.js';

const MiB = 1024 * 1024;
let node: RpcNode;
let gateway: InProcessGateway;

before(async () => {
  node = await startRpcNode((call, res) => {
    const [bytes, framing] = call.params as [number, string];
    const answer = `{"jsonrpc":"2.0","result":"${'a'.repeat(bytes)}","id":${JSON.stringify(call.id)}}`;
    if (framing === 'length') res.setHeader('content-length', Buffer.byteLength(answer));
    // Chunked: written in pieces, as a node streaming a large answer does.
    for (let at = 0; at < answer.length; at += 256 * 1024) res.write(answer.slice(at, at + 256 * 1024));
    res.end();
  });
  gateway = await startInProcess({ upstreams: [`${node.url}/`] });
});

after(async () => {
  await gateway.stop();
  node.close();
});

const batch = async (sizes: [number, string][]) => {
  const answer = await post(
    `${gateway.url}/${gateway.key}`,
    sizes.map((params, i) => rpc('getProgramAccounts', params, i)),
  );
  assert.equal(answer.status, 200);
  return JSON.parse(answer.text) as { id: number; result?: string; error?: { code: number; message: string } }[];
};

for (const framing of ['length', 'chunked']) {
  test(`${framing}: a batch past 32 MiB answers the entries that fit and refuses the rest by id`, async () => {
    const entries = await batch(Array.from({ length: 10 }, () => [5 * MiB, framing] as [number, string]));
    assert.deepEqual(
      entries.map((e) => e.id),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
    const answered = entries.filter((e) => typeof e.result === 'string');
    const refused = entries.filter((e) => e.error !== undefined);
    assert.equal(answered.length + refused.length, 10);
    assert.ok(answered.length >= 5 && answered.length <= 6, `${answered.length} answered within 32 MiB`);
    for (const e of answered) assert.equal(e.result?.length, 5 * MiB);
    for (const e of refused) {
      assert.equal(e.error?.code, -32413);
      assert.match(
        e.error?.message ?? '',
        /Answer too large for a batch \(its answers may hold 33554432 bytes together\); send this request on its own/,
      );
    }
  });

  test(`${framing}: one entry over 8 MiB is refused in a batch and answered on its own`, async () => {
    const [big, small] = await batch([
      [9 * MiB, framing],
      [1000, framing],
    ]);
    assert.equal(big.error?.code, -32413);
    assert.match(big.error?.message ?? '', /one entry's answer may hold at most 8388608 bytes/);
    assert.equal(small.result?.length, 1000);
    const single = await post(`${gateway.url}/${gateway.key}`, rpc('getProgramAccounts', [9 * MiB, framing]));
    assert.equal(JSON.parse(single.text).result.length, 9 * MiB);
  });
}
