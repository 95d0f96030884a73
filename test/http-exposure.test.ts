/**
 * What the HTTP layer shows of itself and of its clients: refusals that stay valid JSON whatever
 * the id, bodies that are not UTF-8 refused as the node refuses them, no server banner, operators'
 * pages without CORS, no key in the debug log, and key and ledger files only their owner can read.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { post, rpc, startGateway, tempDir, type RunningGateway } from './support/gateway.js';

let gateway: RunningGateway;
let dir: string;

before(async () => {
  dir = tempDir();
  gateway = await startGateway(['--log-level', 'debug', '--ledger', join(dir, 'ledger.sqlite')]);
});
after(() => gateway.stop());

const rawPost = async (path: string, body: Uint8Array) => {
  const response = await fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

test('a body that is not UTF-8 is refused with the node 400 and the offset of the first bad byte', async () => {
  const body = Buffer.concat([
    Buffer.from('{"jsonrpc":"2.0","id":1,"method":"getSlot","params":["'),
    Buffer.of(0xe2, 0x28, 0xa1),
    Buffer.from('"]}'),
  ]);
  const answer = await rawPost(`/${gateway.key}`, body);
  assert.equal(answer.status, 400);
  assert.equal(answer.text, `utf-8 encoding error at byte ${body.indexOf(0xe2)} in request body`);
  // A valid multi-byte character is not a fault.
  const fine = await rawPost(`/${gateway.key}`, Buffer.from(JSON.stringify(rpc('getHealth', [], 'é€😀'))));
  assert.equal(fine.status, 200);
  assert.equal(JSON.parse(fine.text).id, 'é€😀');
});

test('a refusal copies the id only when it is valid JSON', async () => {
  for (const [id, expected] of [
    ['"a\\q"', null],
    ['"tab\there"', null],
    ['"ok\\u00e9"', 'oké'],
    ['7', 7],
  ] as const) {
    const answer = await post(`${gateway.url}/not-a-key`, `{"jsonrpc":"2.0","id":${id},"method":"getSlot"}`);
    assert.equal(answer.status, 401);
    const parsed = JSON.parse(answer.text);
    assert.equal(parsed.id, expected, id);
    assert.equal(parsed.error.code, -32401);
  }
});

test('no server banner; nosniff everywhere; CORS on the RPC endpoint only', async () => {
  const answer = await post(`${gateway.url}/${gateway.key}`, rpc('getHealth'));
  assert.equal(answer.headers.get('uwebsockets'), null);
  assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(answer.headers.get('access-control-allow-origin'), '*');
  for (const path of ['/metrics', '/health/detail']) {
    const page = await fetch(`${gateway.url}${path}`);
    await page.text();
    assert.equal(page.headers.get('access-control-allow-origin'), null, path);
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff', path);
    assert.equal(page.headers.get('uwebsockets'), null, path);
  }
});

test('a key in the query string does not reach the debug log', async () => {
  const secret = 'query-secret-3f9a7c';
  await post(`${gateway.url}/${gateway.key}?api-key=${secret}&explorerkit=true`, rpc('getHealth'));
  await post(`${gateway.url}/${gateway.key}?token=${secret}`, rpc('getHealth'));
  await new Promise((r) => setTimeout(r, 100));
  const log = gateway.output();
  assert.match(log, /explorerkit=true/, 'flags are logged');
  assert.ok(!log.includes(secret), 'the secret is not');
  assert.ok(!log.includes(gateway.key), 'nor the path key');
});

test('the key database and the ledger are readable by their owner only', () => {
  for (const file of [gateway.db, join(dir, 'ledger.sqlite')]) {
    assert.equal(statSync(file).mode & 0o777, 0o600, file);
  }
});

test('the start line names the uWebSockets.js package and the sha256 of the native file loaded', () => {
  const require = createRequire(import.meta.url);
  const binary = `uws_${process.platform}_${process.arch}_${process.versions.modules}`;
  const file = require.resolve(`uWebSockets.js/binaries/${binary}.node`);
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
  assert.ok(gateway.output().includes(`@trufflesuite/uws-js-unofficial@20.30.0-unofficial.0, native ${binary}.node sha256 ${sha256}`));
});
