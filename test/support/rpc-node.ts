/**
 * A local stand-in for a standard node's HTTP endpoint: each JSON-RPC call (read whole) is handed
 * to the test's `answer`, which writes the response as the test needs it (at once, late, in pieces).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';

export interface RpcCall {
  id: unknown;
  method: string;
  params: unknown[];
}

export interface RpcNode {
  url: string;
  server: Server;
  close(): void;
}

export async function startRpcNode(answer: (call: RpcCall, res: ServerResponse) => void): Promise<RpcNode> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      answer(JSON.parse(body) as RpcCall, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    server,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
