/** The JSON-RPC envelope and HTTP edges, table-driven against one running ledger-mode gateway. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { post, rpc } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

let gw: InProcessGateway;
let endpoint: string;
before(async () => {
  gw = await startInProcess();
  endpoint = `${gw.url}/${gw.key}`;
});
after(() => gw.stop());

const signature = '33LHUzKfhBvU68kYib22oFx2XdQKQZ2sfvTmmdCFEr6YidyP8S3WwAurjz6Suewvr2WUByV79K3stNCZDe7wq3De';
const parseError = '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}';
const invalidRequest = (id: string) => `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request"},"id":${id}}`;

// [name, raw body, exact expected response text ('' = empty body)]
const exact: [string, string, string][] = [
  ['not JSON', '{"jsonrpc":', parseError],
  ['trailing comma', '{"jsonrpc":"2.0","id":1,"method":"getSlot",}', parseError],
  ['two objects', '{}{}', parseError],
  ['JSON scalar', '42', parseError],
  ['empty object', '{}', invalidRequest('null')],
  ['wrong version, id echoed', '{"jsonrpc":"1.0","id":7,"method":"getSlot"}', invalidRequest('7')],
  ['unknown member', '{"jsonrpc":"2.0","id":"a","method":"getSlot","x":1}', invalidRequest('"a"')],
  ['method not a string', '{"jsonrpc":"2.0","id":2,"method":5}', invalidRequest('2')],
  ['params a string', '{"jsonrpc":"2.0","id":3,"method":"getSlot","params":"x"}', invalidRequest('3')],
  ['duplicate method', '{"jsonrpc":"2.0","id":4,"method":"getSlot","method":"getHealth"}', invalidRequest('4')],
  ['duplicate id', '{"jsonrpc":"2.0","id":4,"id":5,"method":"getSlot"}', parseError],
  ['negative id', '{"jsonrpc":"2.0","id":-7,"method":"getSlot"}', parseError],
  ['fractional id', '{"jsonrpc":"2.0","id":1.5,"method":"getSlot"}', parseError],
  ['id above u64', '{"jsonrpc":"2.0","id":18446744073709551616,"method":"getSlot"}', parseError],
  ['missing jsonrpc', '{"id":9,"method":"getSlot"}', '{"error":{"code":-32600,"message":"Unsupported JSON-RPC protocol version"},"id":9}'],
  [
    'unknown method',
    '{"jsonrpc":"2.0","id":1,"method":"getFoo"}',
    '{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":1}',
  ],
  ['notification', '{"jsonrpc":"2.0","method":"getSlot"}', ''],
  ['empty batch', '[]', ''],
  ['batch of non-objects', '[1,2,3]', parseError],
  ['batch with a bad id', '[{"jsonrpc":"2.0","id":1,"method":"getHealth"},{"jsonrpc":"2.0","id":true,"method":"getHealth"}]', parseError],
  ['batch of one empty object', '[{}]', `[${invalidRequest('null')}]`],
  ['batch of notifications', '[{"jsonrpc":"2.0","method":"getSlot"},{"jsonrpc":"2.0","method":"getHealth"}]', ''],
  [
    'u64 id echoed exactly',
    '{"jsonrpc":"2.0","id":18446744073709551615,"method":"getHealth"}',
    '{"jsonrpc":"2.0","result":"ok","id":18446744073709551615}',
  ],
  [
    'params as object',
    `{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":{"signature":"${signature}"}}`,
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"`params` should be an array"},"id":1}',
  ],
  [
    'no params',
    '{"jsonrpc":"2.0","id":1,"method":"getTransaction"}',
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"`params` should have at least 1 argument(s)"},"id":1}',
  ],
  [
    'too many params',
    `{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":["${signature}",{},3]}`,
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid parameters: Expected from 1 to 2 parameters.","data":"\\"Got: 3\\""},"id":1}',
  ],
  [
    'signature of wrong type',
    '{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":[1]}',
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: invalid type: integer `1`, expected a string."},"id":1}',
  ],
  [
    'signature not base58',
    '{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":["0OIl"]}',
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid param: Invalid"},"id":1}',
  ],
  [
    'signature too short',
    '{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":["abc"]}',
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid param: WrongSize"},"id":1}',
  ],
  [
    'bad transaction config',
    `{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":["${signature}",{"encoding":"xml"}]}`,
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: data did not match any variant of untagged enum RpcEncodingConfigWrapper."},"id":1}',
  ],
  [
    'processed commitment',
    `{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":["${signature}",{"commitment":"processed"}]}`,
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Method does not support commitment below `confirmed`"},"id":1}',
  ],
  [
    'addresses not an array',
    '{"jsonrpc":"2.0","id":1,"method":"getMultipleAccounts","params":["k1"]}',
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: invalid type: string \\"k1\\", expected a sequence."},"id":1}',
  ],
  [
    'unknown account encoding',
    '{"jsonrpc":"2.0","id":1,"method":"getMultipleAccounts","params":[[],{"encoding":"foo"}]}',
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: unknown variant `foo`, expected one of `binary`, `base58`, `base64`, `jsonParsed`, `base64+zstd`."},"id":1}',
  ],
  [
    'dataSlice without length',
    '{"jsonrpc":"2.0","id":1,"method":"getMultipleAccounts","params":[[],{"dataSlice":{"offset":0}}]}',
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: missing field `length`."},"id":1}',
  ],
  [
    'config not an object',
    '{"jsonrpc":"2.0","id":1,"method":"getMultipleAccounts","params":[[],"base64"]}',
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: invalid type: string \\"base64\\", expected struct RpcAccountInfoConfig."},"id":1}',
  ],
  [
    'bad address',
    '{"jsonrpc":"2.0","id":1,"method":"getMultipleAccounts","params":[["11111111111111111111111111111111","xyz"]]}',
    '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid param: WrongSize"},"id":1}',
  ],
];

for (const [name, body, expected] of exact) {
  test(`envelope: ${name}`, async () => {
    const answer = await post(endpoint, body);
    assert.equal(answer.status, 200);
    assert.equal(answer.text, expected === '' ? '' : expected + '\n');
    if (expected !== '') assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
  });
}

test('mixed batch answers in request order and drops notifications', async () => {
  const answer = await post(endpoint, [
    rpc('getHealth', [], 'first'),
    { jsonrpc: '2.0', method: 'getSlot' },
    { foo: 1 },
    rpc('getFoo', [], 3),
    rpc('getHealth', [], 'last'),
  ]);
  const parts = JSON.parse(answer.text);
  assert.deepEqual(
    parts.map((p: { id: unknown }) => p.id),
    ['first', null, 3, 'last'],
  );
  assert.equal(parts[0].result, 'ok');
  assert.equal(parts[1].error.code, -32600);
  assert.equal(parts[2].error.code, -32601);
});

test('more than 100 addresses are refused before any is parsed', async () => {
  const addresses = Array.from({ length: 101 }, () => 'not-even-base58');
  const answer = JSON.parse((await post(endpoint, rpc('getMultipleAccounts', [addresses]))).text);
  assert.deepEqual(answer.error, { code: -32602, message: 'Too many inputs provided; max 100' });
});

test('batches: more than 10 getTransaction are refused, each entry with its own id', async () => {
  const batch: object[] = Array.from({ length: 11 }, (_, i) =>
    rpc('getTransaction', [signature, { maxSupportedTransactionVersion: 0 }], i),
  );
  batch.push({ jsonrpc: '2.0', method: 'getSlot' }, rpc('getSlot', [], 'slot'));
  const answer = JSON.parse((await post(endpoint, batch)).text);
  assert.ok(Array.isArray(answer));
  assert.deepEqual(
    answer.map((a: { id: unknown }) => a.id),
    [...Array.from({ length: 11 }, (_, i) => i), 'slot'],
    'the notification gets nothing',
  );
  for (const entry of answer) {
    assert.equal(entry.error.code, -32600);
    assert.match(entry.error.message, /11 getTransaction requests; the maximum is 10/);
    assert.equal('result' in entry, false, 'nothing in a refused batch is executed');
  }
});

test('batches: more than 100 entries are refused the same way', async () => {
  const batch = Array.from({ length: 101 }, (_, i) => rpc('getSlot', [], i));
  const answer = JSON.parse((await post(endpoint, batch)).text);
  assert.equal(answer.length, 101);
  assert.ok(
    answer.every(
      (entry: { error: { message: string } }, i: number) =>
        answer[i].id === i && /101 requests; the maximum is 100/.test(entry.error.message),
    ),
  );
});

test('batches: 10 getTransaction pass, getMultipleAccounts inside a batch gets its own error', async () => {
  const batch = [
    ...Array.from({ length: 10 }, (_, i) =>
      rpc('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }], i),
    ),
    rpc('getMultipleAccounts', [['11111111111111111111111111111111']], 'gma'),
  ];
  const answer = JSON.parse((await post(endpoint, batch)).text);
  assert.equal(answer.length, 11);
  for (let i = 0; i < 10; i++) assert.equal(answer[i].result.transaction.signatures[0], signature);
  assert.equal(answer[10].id, 'gma');
  assert.match(answer[10].error.message, /getMultipleAccounts cannot be batched/);
});

test('body over the limit gets 413 with a JSON-RPC error', async () => {
  const answer = await post(endpoint, JSON.stringify(rpc('getHealth')) + ' '.repeat(51_200));
  assert.equal(answer.status, 413);
  assert.equal(JSON.parse(answer.text).error.code, -32413);
});

test('deep nesting is refused before parsing', async () => {
  const answer = JSON.parse((await post(endpoint, '['.repeat(1000) + ']'.repeat(1000))).text);
  assert.equal(answer.error.code, -32600);
  assert.match(answer.error.message, /nested deeper than 64/);
});

test('HTTP edges: content type, methods, health, CORS preflight', async () => {
  const form = await post(endpoint, JSON.stringify(rpc('getHealth')), { 'content-type': 'text/plain' });
  assert.equal(form.status, 415);
  assert.match(JSON.parse(form.text).error.message, /Content-Type: application\/json is required/);
  const get = await fetch(endpoint);
  assert.equal(get.status, 405);
  const health = await fetch(`${gw.url}/health`);
  assert.equal(await health.text(), 'ok');
  const preflight = await fetch(endpoint, { method: 'OPTIONS' });
  assert.equal(preflight.status, 200);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  const deep = await post(`${gw.url}/a/b`, rpc('getHealth'));
  assert.equal(deep.status, 404);
  const malformed = await post(`${gw.url}/%E0%A4%A`, rpc('getHealth'));
  assert.equal(malformed.status, 401);
  assert.equal((await fetch(`${gw.url}/health`)).status, 200, 'the gateway survived the malformed path');
});

test('query flags: invalid values name the flag', async () => {
  const answer = JSON.parse((await post(`${endpoint}?explorerkit=maybe`, rpc('getHealth', [], 5))).text);
  assert.equal(answer.id, 5);
  assert.equal(answer.error.code, -32602);
  assert.match(answer.error.message, /explorerkit/);
  for (const value of ['true', 'false', '1', '0']) {
    const ok = JSON.parse((await post(`${endpoint}?actionskit=${value}`, rpc('getHealth'))).text);
    assert.equal(ok.result, 'ok');
  }
});
