/**
 * The ledger cache renders other encodings of a transaction it keeps, but jsonParsed only where its
 * conversion parses what the node parses: a node-parsed program's instruction that the conversion
 * leaves partially decoded would make the cached answer differ from the node's, so the node is
 * asked. The upstream is a local node serving two corpus transactions and counting what it is asked.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { encodeBase58 } from '../src/codec/base58.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { openLedger } from '../src/ledger/ledger-store.js';
import { post, rpc, tempDir } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';
import { startRpcNode, type RpcNode } from './support/rpc-node.js';

const corpus = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
const STAKE = 'Stake11111111111111111111111111111111111111';
/** A corpus transaction that invokes the Stake program (inner instructions). */
const staking = '2pg7fR4mw625o4wKDWDgrGgk8gpzt5op2cko9TscR5WhNeMgCfXoGduLunaEeB86wN2akgRsd27DeSWQuvaqie7n';
/** A corpus transaction whose natives the conversion parses (System, Token, Associated Token). */
const routing = '2Kw5ck69ndCgjtVY3oiVX8BWskicLrPNsHfABLRC7NLkwxinmvchqxiuKHbrUKQpMXPu2hvAsjQRsMSeFuiDySZY';

const read = (signature: string, encoding: string) =>
  JSON.parse(corpus.getTransaction(signature, { encoding: encoding as 'json', maxSupportedTransactionVersion: 0 }));

/**
 * The node's json answers, with the Stake instruction's data made a kind no parser reads (a tag
 * past the program's last), so the conversion leaves it partially decoded whatever kinds it knows.
 */
function nodeAnswer(signature: string, encoding: string): unknown {
  const result = read(signature, encoding);
  if (encoding !== 'json') return result;
  const keys: string[] = [
    ...result.transaction.message.accountKeys,
    ...(result.meta.loadedAddresses?.writable ?? []),
    ...(result.meta.loadedAddresses?.readonly ?? []),
  ];
  for (const ix of instructionsOf(result)) if (keys[ix.programIdIndex] === STAKE) ix.data = pastLastKind;
  return result;
}

const pastLastKind = encodeBase58(Uint8Array.of(0xff, 0xff, 0xff, 0xff));

const instructionsOf = (result: any): { programIdIndex: number; data: string }[] => [
  ...result.transaction.message.instructions,
  ...(result.meta.innerInstructions ?? []).flatMap((group: any) => group.instructions),
];

let node: RpcNode;
let gateway: InProcessGateway;
const asked: { signature: string; encoding: string }[] = [];

before(async () => {
  node = await startRpcNode((call, res) => {
    const [signature, config] = call.params as [string, { encoding: string }];
    asked.push({ signature, encoding: config.encoding });
    res.end(JSON.stringify({ jsonrpc: '2.0', result: nodeAnswer(signature, config.encoding), id: call.id }));
  });
  gateway = await startInProcess({
    upstreams: [node.url],
    ledgerFile: join(tempDir(), 'cache.sqlite'),
    ledgerCache: true,
    responseCacheMiB: 0,
  });
});

after(async () => {
  await gateway.stop();
  node.close();
});

const getTransaction = async (signature: string, encoding: string) =>
  JSON.parse(
    (await post(`${gateway.url}/${gateway.key}`, rpc('getTransaction', [signature, { encoding, maxSupportedTransactionVersion: 0 }]))).text,
  ).result;
const timesAsked = (signature: string) => asked.filter((a) => a.signature === signature).length;

test('a kept json answer serves jsonParsed when the conversion parses every node-parsed instruction', async () => {
  await getTransaction(routing, 'json');
  assert.equal(timesAsked(routing), 1);
  const parsed = await getTransaction(routing, 'jsonParsed');
  assert.equal(timesAsked(routing), 1, 'answered from the ledger cache');
  assert.deepEqual(parsed, read(routing, 'jsonParsed'));
});

test('a kept json answer whose conversion would leave a Stake instruction partially decoded: jsonParsed is asked of the node', async () => {
  const json = await getTransaction(staking, 'json');
  const keys = [...json.transaction.message.accountKeys, ...json.meta.loadedAddresses.writable, ...json.meta.loadedAddresses.readonly];
  assert.ok(instructionsOf(json).some((ix) => keys[ix.programIdIndex] === STAKE));
  assert.equal(timesAsked(staking), 1);
  assert.deepEqual(await getTransaction(staking, 'json'), json, 'json itself comes from the cache');
  assert.equal(timesAsked(staking), 1);
  const parsed = await getTransaction(staking, 'jsonParsed');
  assert.deepEqual(asked.at(-1), { signature: staking, encoding: 'jsonParsed' }, 'the node was asked');
  assert.deepEqual(parsed, nodeAnswer(staking, 'jsonParsed'), "the node's answer");
});
