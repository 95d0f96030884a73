/**
 * The floor for the HTTP benchmark: uWebSockets.js answering every POST with a fixed JSON-RPC
 * response after reading the body, with none of the gateway's work. Prints its port.
 */
import { uws } from '../src/http/uws.js';

const answer = '{"jsonrpc":"2.0","result":"ok","id":1}\n';
uws
  .App()
  .post('/*', (res) => {
    let aborted = false;
    res.onAborted(() => (aborted = true));
    res.onData((_chunk, isLast) => {
      if (isLast && !aborted) res.cork(() => res.writeHeader('content-type', 'application/json; charset=utf-8').end(answer));
    });
  })
  .listen('127.0.0.1', 0, (socket) => {
    if (!socket) throw new Error('floor server could not listen');
    console.log(`listening on http://127.0.0.1:${uws.us_socket_local_port(socket as never)}`);
  });
