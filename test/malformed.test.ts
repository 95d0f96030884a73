/**
 * Hostile and malformed requests, table-driven: each gets the right JSON-RPC error and the gateway
 * stays up and keeps answering (checked after every row and after a slow client).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { once } from 'node:events';
import { post, rpc } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

let gw: InProcessGateway;
before(async () => {
  gw = await startInProcess();
});
after(() => gw.stop());

const signature = '33LHUzKfhBvU68kYib22oFx2XdQKQZ2sfvTmmdCFEr6YidyP8S3WwAurjz6Suewvr2WUByV79K3stNCZDe7wq3De';
const call = (method: string, params: string) => `{"jsonrpc":"2.0","id":1,"method":"${method}","params":${params}}`;

// [what, body, HTTP status, JSON-RPC code, message pattern]
const rows: [string, string, number, number, RegExp][] = [
  ['truncated JSON', '{"jsonrpc":"2.0","id":1,"method":"getTransact', 200, -32700, /Parse error/],
  [
    'huge version number',
    call('getTransaction', `["${signature}",{"maxSupportedTransactionVersion":1e400}]`),
    200,
    -32602,
    /RpcEncodingConfigWrapper/,
  ],
  [
    'negative version number',
    call('getTransaction', `["${signature}",{"maxSupportedTransactionVersion":-1}]`),
    200,
    -32602,
    /RpcEncodingConfigWrapper/,
  ],
  ['huge minContextSlot', call('getMultipleAccounts', '[[],{"minContextSlot":1e30}]'), 200, -32602, /expected u64/],
  ['negative dataSlice offset', call('getMultipleAccounts', '[[],{"dataSlice":{"offset":-1,"length":1}}]'), 200, -32602, /expected usize/],
  ['signature as an object', call('getTransaction', '[{"sig":1}]'), 200, -32602, /invalid type: map, expected a string/],
  ['addresses as a number', call('getMultipleAccounts', '[7]'), 200, -32602, /expected a sequence/],
  [
    'an address that is a number',
    call('getMultipleAccounts', '[["11111111111111111111111111111111",5]]'),
    200,
    -32602,
    /invalid type: integer `5`/,
  ],
  ['invalid base58 signature', call('getTransaction', '["OOOO0000IIII"]'), 200, -32602, /Invalid param: Invalid/],
  ['invalid base58 address', call('getMultipleAccounts', '[["0x1234"]]'), 200, -32602, /Invalid param: Invalid/],
  ['too long signature', call('getTransaction', `["${'5'.repeat(200)}"]`), 200, -32602, /WrongSize/],
  [
    'oversize address list',
    call('getMultipleAccounts', JSON.stringify([Array(101).fill('11111111111111111111111111111111')])),
    200,
    -32602,
    /Too many inputs/,
  ],
  ['deep nesting', call('getSlot', '['.repeat(500) + ']'.repeat(500)), 200, -32600, /nested deeper/],
  [
    'a string where a config is expected',
    call('getMultipleAccounts', '[[],"jsonParsed"]'),
    200,
    -32602,
    /expected struct RpcAccountInfoConfig/,
  ],
  ['control characters in a string', call('getTransaction', '["\\u0000\\u0001"]'), 200, -32602, /Invalid param/],
  ['a batch that is mostly junk', '[1,{"jsonrpc":"2.0","id":1,"method":"getSlot"}]', 200, -32700, /Parse error/],
  ['body over the size limit', `{"x":"${'a'.repeat(60_000)}"}`, 413, -32413, /exceeds the maximum/],
];

async function stillUp() {
  const health = JSON.parse((await post(`${gw.url}/${gw.key}`, rpc('getHealth'))).text);
  assert.equal(health.result, 'ok');
}

for (const [what, body, status, code, message] of rows) {
  test(`malformed: ${what}`, async () => {
    const answer = await post(`${gw.url}/${gw.key}`, body);
    assert.equal(answer.status, status);
    const error = JSON.parse(answer.text).error;
    assert.equal(error.code, code);
    assert.match(error.message, message);
    await stillUp();
  });
}

test('a client that sends its body slowly does not hold up others', async () => {
  const { port } = new URL(gw.url);
  const socket = connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  const body = JSON.stringify(rpc('getHealth'));
  socket.write(`POST /${gw.key} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
  socket.write(body.slice(0, 5));
  await stillUp();
  await new Promise((r) => setTimeout(r, 200));
  socket.write(body.slice(5));
  const [chunk] = (await once(socket, 'data')) as [Buffer];
  assert.match(chunk.toString(), /^HTTP\/1\.1 200 OK/);
  assert.match(chunk.toString(), /"result":"ok"/);
  socket.destroy();
  await stillUp();
});
