/**
 * What the caches may keep: an answer is shared between clients only when the cache key describes
 * everything the node was asked, and the ledger cache keeps a transaction only under its own
 * signature. The upstream here is a local node that answers from corpus files and records what it
 * was asked, so the tests can see which requests reached it.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { post, rpc, tempDir } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

const signature = '33LHUzKfhBvU68kYib22oFx2XdQKQZ2sfvTmmdCFEr6YidyP8S3WwAurjz6Suewvr2WUByV79K3stNCZDe7wq3De';
const other = '2BppD7ZqzcCpJ4WbvSbm6AAH7ZS1dZxAgjwNWWCPxuk7ahxSwdRHVBKRLjtb4uQYJR1BfNxcehW6qcYTGKki1TgP';
const resultOf = (sig: string) => readFileSync(join(projectRoot, 'ledger', 'txs', `${sig}.jsonParsed.json`), 'utf8').trim();

interface Node {
  url: string;
  asked: { signature: string; config: Record<string, unknown> }[];
  /** Which corpus transaction the node answers for a signature (itself unless told otherwise). */
  answerFor: Map<string, string>;
  server: Server;
}

async function startNode(): Promise<Node> {
  const node: Node = { url: '', asked: [], answerFor: new Map(), server: createServer() };
  node.server.on('request', (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const call = JSON.parse(body) as { id: unknown; params: [string, Record<string, unknown>?] };
      const [sig, config = {}] = call.params;
      node.asked.push({ signature: sig, config });
      // A node that knows `withContext` wraps the result; the plain answer must never be this one.
      const result = resultOf(node.answerFor.get(sig) ?? sig);
      const value = config.withContext === true ? `{"context":{"slot":1},"value":${result}}` : result;
      res.setHeader('content-type', 'application/json');
      res.end(`{"jsonrpc":"2.0","result":${value},"id":${JSON.stringify(call.id)}}`);
    });
  });
  node.server.listen(0, '127.0.0.1');
  await once(node.server, 'listening');
  node.url = `http://127.0.0.1:${(node.server.address() as { port: number }).port}`;
  return node;
}

let node: Node;
let gateway: InProcessGateway;

before(async () => {
  node = await startNode();
  gateway = await startInProcess({ upstreams: [node.url], ledgerFile: join(tempDir(), 'cache.sqlite'), ledgerCache: true });
});

after(async () => {
  await gateway.stop();
  node.server.close();
});

const getTransaction = async (sig: string, config: Record<string, unknown>, id = 1) =>
  JSON.parse((await post(`${gateway.url}/${gateway.key}`, rpc('getTransaction', [sig, config], id))).text);

test('a config member outside the cache key is not cached for other clients', async () => {
  const config = { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 };
  const wrapped = await getTransaction(signature, { ...config, withContext: true });
  assert.deepEqual(Object.keys(wrapped.result), ['context', 'value'], 'the first client gets what it asked for');
  const plain = await getTransaction(signature, config, 2);
  assert.deepEqual(plain.result, JSON.parse(resultOf(signature)), 'the next client gets the plain answer, not the first one');
  assert.equal(node.asked.filter((a) => a.signature === signature).length, 2, 'the plain request reached the node');
  const again = await getTransaction(signature, config, 3);
  assert.deepEqual(again.result, plain.result);
  assert.equal(node.asked.filter((a) => a.signature === signature).length, 2, 'a request of known members only is cached');
});

test('commitments below finalized under their legacy names are not cached as finalized', async () => {
  for (const commitment of ['singleGossip', 'single', 'confirmed']) {
    const before = node.asked.length;
    const config = { encoding: 'json', maxSupportedTransactionVersion: 0, commitment };
    await getTransaction(signature, config);
    await getTransaction(signature, config);
    assert.equal(node.asked.length - before, 2, `${commitment}: both requests reached the node`);
  }
});

for (const [cache, options] of [
  ['ledger cache', { responseCacheMiB: 0, ledgerCache: true }],
  ['response cache', { ledgerCache: false }],
] as const) {
  test(`the ${cache} keeps a fetched transaction only under its own signature`, async () => {
    const own = await startInProcess({ upstreams: [node.url], ledgerFile: join(tempDir(), 'cache.sqlite'), ...options });
    try {
      const ask = async (id: number) =>
        JSON.parse(
          (
            await post(
              `${own.url}/${own.key}`,
              rpc('getTransaction', [other, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }], id),
            )
          ).text,
        );
      // A node (or a proxy before it) that answers another transaction than the one asked for.
      node.answerFor.set(other, signature);
      const first = await ask(1);
      assert.equal(first.result.transaction.signatures[0], signature, 'the answer is passed on as the node gave it');
      node.answerFor.delete(other);
      const second = await ask(2);
      assert.equal(second.result.transaction.signatures[0], other, 'the wrong transaction was not kept under the asked signature');
    } finally {
      node.answerFor.delete(other);
      await own.stop();
    }
  });
}

test('a result names its own transaction in every encoding', async () => {
  const { firstSignatureOf, isResultOf } = await import('../src/cache/transaction-identity.js');
  const { encodeBase58 } = await import('../src/codec/base58.js');
  const { readdirSync } = await import('node:fs');
  const dir = join(projectRoot, 'ledger', 'txs');
  let checked = 0;
  for (const file of readdirSync(dir)) {
    const [sig, encoding] = file.split('.');
    if (!['json', 'jsonParsed', 'base64'].includes(encoding)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    if (encoding === 'base64') {
      const result = JSON.parse(text);
      const wire = encodeBase58(Buffer.from(result.transaction[0], 'base64'));
      assert.equal(firstSignatureOf(JSON.stringify({ ...result, transaction: [wire, 'base58'] }), 'base58'), sig, file);
      assert.equal(firstSignatureOf(JSON.stringify({ ...result, transaction: wire }), 'binary'), sig, file);
    }
    assert.equal(firstSignatureOf(text, encoding as 'json' | 'jsonParsed' | 'base64'), sig, file);
    assert.ok(isResultOf(text, encoding as 'json' | 'jsonParsed' | 'base64', sig), file);
    assert.ok(!isResultOf(text, encoding as 'json' | 'jsonParsed' | 'base64', sig === other ? signature : other), file);
    checked++;
  }
  assert.ok(checked > 100, `${checked} corpus answers`);
  assert.equal(firstSignatureOf('{"transaction":["", "base64"]}', 'base64'), undefined, 'no signature bytes');
});
