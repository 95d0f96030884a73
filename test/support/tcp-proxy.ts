/**
 * A TCP proxy that can stop forwarding, to put a hung server behind a real client: while hung it
 * accepts connections but connects them nowhere, and moves no byte either way on those it has, as
 * a database behind a stalled network or a frozen host would; recovering lets everything through.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';

export class TcpProxy {
  private hung = false;
  private readonly sockets = new Set<Socket>();
  private readonly waiting: Array<() => void> = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const proxy = new TcpProxy(server, (server.address() as { port: number }).port);
    server.on('connection', (client) => proxy.accept(client, targetPort, targetHost));
    return proxy;
  }

  hang(): void {
    this.hung = true;
    for (const socket of this.sockets) socket.pause();
  }

  recover(): void {
    this.hung = false;
    for (const socket of this.sockets) socket.resume();
    for (const link of this.waiting.splice(0)) link();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.waiting.length = 0;
    await new Promise((resolve) => this.server.close(resolve));
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (this.hung) socket.pause();
  }

  private accept(client: Socket, targetPort: number, targetHost: string): void {
    this.track(client);
    const link = () => {
      if (client.destroyed) return;
      const server = connect(targetPort, targetHost);
      this.track(server);
      client.on('data', (chunk) => server.write(chunk));
      server.on('data', (chunk) => client.write(chunk));
      client.on('close', () => server.destroy());
      server.on('close', () => client.destroy());
    };
    if (this.hung) this.waiting.push(link);
    else link();
  }
}
