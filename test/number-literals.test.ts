/**
 * u64 parameters are judged by their text, as serde reads them: `1.0` is a float and refused,
 * a literal past u64::MAX is a float too, and u64::MAX itself is a valid slot (whose double is 2^64).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { post } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

let gateway: InProcessGateway;
before(async () => {
  gateway = await startInProcess();
});
after(() => gateway.stop());

const call = async (method: string, params: string) =>
  JSON.parse((await post(`${gateway.url}/${gateway.key}`, `{"jsonrpc":"2.0","id":1,"method":"${method}","params":${params}}`)).text) as {
    result?: unknown;
    error?: { code: number; message: string };
  };

test('minContextSlot: floats and literals past u64::MAX are refused in serde words; u64::MAX is a slot not reached', async () => {
  assert.deepEqual((await call('getSlot', '[{"minContextSlot":1.0}]')).error, {
    code: -32602,
    message: 'Invalid params: invalid type: floating point `1.0`, expected u64.',
  });
  assert.deepEqual((await call('getSlot', '[{"minContextSlot":18446744073709551616}]')).error, {
    code: -32602,
    message: 'Invalid params: invalid type: floating point `18446744073709552000.0`, expected u64.',
  });
  assert.equal((await call('getSlot', '[{"minContextSlot":18446744073709551615}]')).error?.code, -32016);
  assert.equal(typeof (await call('getSlot', '[{"minContextSlot":0}]')).result, 'number');
});

test('dataSlice members are usize: a float offset is refused, as is a float in getAccountInfo', async () => {
  const account = '11111111111111111111111111111111';
  assert.deepEqual(
    (await call('getMultipleAccounts', `[["${account}"],{"encoding":"base64","dataSlice":{"offset":1.5,"length":2}}]`)).error,
    {
      code: -32602,
      message: 'Invalid params: invalid type: floating point `1.5`, expected usize.',
    },
  );
  assert.deepEqual((await call('getAccountInfo', `["${account}",{"encoding":"base64","minContextSlot":2e0}]`)).error, {
    code: -32602,
    message: 'Invalid params: invalid type: floating point `2.0`, expected u64.',
  });
});
