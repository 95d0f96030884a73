/**
 * SIGTERM: the gateway stops accepting connections, lets the answers it is working on finish, then
 * exits by itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { post, rpc, startGateway } from './support/gateway.js';

test('in-flight requests finish, new ones are refused, the process exits', async () => {
  // An upstream that takes 600 ms to answer, so a request is surely in flight at SIGTERM.
  const upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","result":42,"id":1}'), 600),
    );
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const gw = await startGateway(['--upstream', `http://127.0.0.1:${(upstream.address() as { port: number }).port}/`]);
  try {
    const inFlight = post(`${gw.url}/${gw.key}`, rpc('getSlot'));
    await new Promise((r) => setTimeout(r, 150));
    const exited = once(gw.process, 'exit');
    gw.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    const late = await post(`${gw.url}/${gw.key}`, rpc('getSlot')).then(
      () => 'answered',
      () => 'refused',
    );
    assert.equal(late, 'refused', 'no new connections once shutting down');
    const answer = await inFlight;
    assert.equal(answer.status, 200);
    assert.equal(JSON.parse(answer.text).result, 42);
    const [code] = (await exited) as [number];
    assert.equal(code, 0);
  } finally {
    await gw.stop();
    upstream.closeAllConnections();
    upstream.close();
  }
});
