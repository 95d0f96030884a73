/**
 * The floor for the HTTP benchmarks: uWebSockets.js answering every POST with a fixed JSON-RPC
 * response after reading the body, with none of the gateway's work. Prints its port. DELAY_MS
 * holds each answer back that long on a timer, like a node's service time, without using CPU.
 */
import { uws } from '../src/http/uws.js';

const answer = '{"jsonrpc":"2.0","result":"ok","id":1}\n';
const delayMs = Number(process.env.DELAY_MS ?? 0);
uws
  .App()
  .post('/*', (res) => {
    let aborted = false;
    res.onAborted(() => (aborted = true));
    const respond = () => {
      if (!aborted) res.cork(() => res.writeHeader('content-type', 'application/json; charset=utf-8').end(answer));
    };
    res.onData((_chunk, isLast) => {
      if (!isLast) return;
      if (delayMs > 0) setTimeout(respond, delayMs);
      else respond();
    });
  })
  .listen('127.0.0.1', 0, (socket) => {
    if (!socket) throw new Error('floor server could not listen');
    console.log(`listening on http://127.0.0.1:${uws.us_socket_local_port(socket)}`);
  });
