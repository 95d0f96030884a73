/**
 * A gateway closed in process (an embedding program, or a test) lets go of its clients: a
 * connection kept alive after an answer is closed with it, instead of being answered by parts
 * already closed and keeping the process running until the client gives up on it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { once } from 'node:events';
import { rpc } from './support/gateway.js';
import { startInProcess } from './support/in-process-gateway.js';

test('close() closes the connections clients keep alive', async (t) => {
  const gw = await startInProcess();
  t.after(() => gw.stop());
  const socket = connect(gw.port, '127.0.0.1');
  t.after(() => socket.destroy());
  await once(socket, 'connect');
  const body = JSON.stringify(rpc('getHealth'));
  socket.write(
    `POST /${gw.key} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
  );
  const [answer] = (await once(socket, 'data')) as [Buffer];
  assert.match(answer.toString(), /^HTTP\/1\.1 200 OK/);
  assert.doesNotMatch(answer.toString(), /connection: close/i, 'the connection is kept alive');

  const closed = once(socket, 'close');
  await gw.stop();
  // uWS's own idle timeout is 10 s; well before it, the socket must be gone.
  const timeout = AbortSignal.timeout(2_000);
  await Promise.race([closed, once(timeout, 'abort').then(() => assert.fail('the kept-alive connection is still open'))]);
});
