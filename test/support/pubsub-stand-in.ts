/**
 * A stand-in for a standard node that speaks PubSub: JSON-RPC over HTTP on one port and the
 * WebSocket PubSub on the next (as a node does, 8899/8900), on uWebSockets.js. It answers every
 * subscribe with its own ids, remembers what is subscribed, and sends notifications when a test
 * publishes them, worded as the node words them. Connections can be dropped and the listener
 * stopped and started again, to test the gateway's reconnects.
 */
import { createServer } from 'node:net';
import { uws, type TemplatedApp, type us_listen_socket, type WebSocket } from '../../src/http/uws.js';

export interface UpstreamSubscription {
  id: number;
  method: string;
  params: unknown[];
  socket: WebSocket<Peer>;
}

interface Peer {
  open: boolean;
}

/** A port P whose P + 1 is free too (checked, then let go: a small race nobody else on a test host runs into). */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 40_000);
    if ((await portFree(port)) && (await portFree(port + 1))) return port;
  }
  throw new Error('no free pair of ports found');
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export class PubSubStandIn {
  readonly subscriptions = new Map<number, UpstreamSubscription>();
  /** Every subscribe request received, in order (resubscribes included). */
  readonly subscribes: { method: string; params: unknown[] }[] = [];
  readonly unsubscribes: number[] = [];
  /** signatureSubscribe of these gets its final notification right away. */
  readonly landed = new Set<string>();
  /** Account JSON texts by address, as the node's base64 (or jsonParsed fallback) element. */
  readonly accounts = new Map<string, string>();
  readonly slot = 360_000_000;
  private nextId = 1000;
  private readonly sockets = new Set<WebSocket<Peer>>();
  private listeners: us_listen_socket[] = [];
  port = 0;

  get rpcUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get connections(): number {
    return this.sockets.size;
  }

  /** Listens on `port` (HTTP) and `port` + 1 (PubSub); a fresh pair when none is given. */
  async start(port?: number): Promise<this> {
    this.port = port ?? (await freePortPair());
    const app = uws.App();
    app.ws<Peer>('/*', {
      maxPayloadLength: 1024 * 1024,
      maxBackpressure: 1024 * 1024 * 1024,
      upgrade: (res, req, context) => {
        res.upgrade<Peer>(
          { open: true },
          req.getHeader('sec-websocket-key'),
          req.getHeader('sec-websocket-protocol'),
          req.getHeader('sec-websocket-extensions'),
          context,
        );
      },
      open: (ws) => {
        this.sockets.add(ws);
      },
      message: (ws, message) => this.onMessage(ws, Buffer.from(message).toString()),
      close: (ws) => {
        ws.getUserData().open = false;
        this.sockets.delete(ws);
        for (const [id, sub] of this.subscriptions) if (sub.socket === ws) this.subscriptions.delete(id);
      },
    });
    app.post('/*', (res) => {
      const chunks: Buffer[] = [];
      res.onAborted(() => {});
      res.onData((chunk, last) => {
        chunks.push(Buffer.from(chunk.slice(0)));
        if (!last) return;
        const call = JSON.parse(Buffer.concat(chunks).toString()) as { id: unknown; method: string; params: unknown[] };
        const result =
          call.method === 'getMultipleAccounts'
            ? this.accountsText(call.params[0] as string[])
            : JSON.stringify(this.answer(call.method, call.params));
        const body = `{"jsonrpc":"2.0","result":${result},"id":${JSON.stringify(call.id)}}`;
        res.cork(() => res.writeHeader('content-type', 'application/json').end(body));
      });
    });
    await Promise.all([this.port, this.port + 1].map((p) => this.listen(app, p)));
    return this;
  }

  private listen(app: TemplatedApp, port: number): Promise<void> {
    return new Promise((resolve, reject) =>
      app.listen('127.0.0.1', port, (socket) => {
        if (!socket) return reject(new Error(`stand-in cannot listen on ${port}`));
        this.listeners.push(socket);
        resolve();
      }),
    );
  }

  /** Closes the listeners and every connection, as a node going away does. */
  stop(): void {
    for (const socket of this.listeners) uws.us_listen_socket_close(socket);
    this.listeners = [];
    this.dropConnections();
  }

  /** Cuts every PubSub connection (no close frame) while still listening. */
  dropConnections(): void {
    for (const ws of [...this.sockets]) ws.close();
  }

  /** Subscriptions of `method` held now, optionally only those whose params match. */
  held(method: string, match: (params: unknown[]) => boolean = () => true): UpstreamSubscription[] {
    return [...this.subscriptions.values()].filter((s) => s.method === method && match(s.params));
  }

  /** Sends `result` (object or raw JSON text) to every matching subscription; returns how many got it. */
  publish(method: string, result: unknown, match: (params: unknown[]) => boolean = () => true): number {
    const notification = method.replace('Subscribe', 'Notification');
    const text = typeof result === 'string' ? result : JSON.stringify(result);
    const subs = this.held(method, match);
    for (const sub of subs) {
      if (!sub.socket.getUserData().open) continue;
      sub.socket.send(`{"jsonrpc":"2.0","method":"${notification}","params":{"result":${text},"subscription":${sub.id}}}`, false);
    }
    return subs.length;
  }

  private onMessage(ws: WebSocket<Peer>, text: string): void {
    const call = JSON.parse(text) as { id?: unknown; method: string; params?: unknown[] };
    if (call.id === undefined) return;
    const params = call.params ?? [];
    const reply = (result: string) => {
      ws.send(`{"jsonrpc":"2.0","result":${result},"id":${JSON.stringify(call.id)}}`, false);
    };
    if (call.method.endsWith('Unsubscribe')) {
      const id = params[0] as number;
      this.unsubscribes.push(id);
      const known = this.subscriptions.delete(id);
      if (known) return reply('true');
      ws.send(`{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid subscription id."},"id":${JSON.stringify(call.id)}}`, false);
      return;
    }
    if (!call.method.endsWith('Subscribe')) {
      ws.send(`{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":${JSON.stringify(call.id)}}`, false);
      return;
    }
    this.subscribes.push({ method: call.method, params });
    const id = this.nextId++;
    this.subscriptions.set(id, { id, method: call.method, params, socket: ws });
    reply(String(id));
    if (call.method === 'signatureSubscribe' && this.landed.has(params[0] as string)) {
      ws.send(
        `{"jsonrpc":"2.0","method":"signatureNotification","params":{"result":{"context":{"slot":${this.slot}},"value":{"err":null}},"subscription":${id}}}`,
        false,
      );
      this.subscriptions.delete(id);
    }
  }

  /** The node's getMultipleAccounts from `accounts` (their JSON texts, kept exact). */
  private accountsText(addresses: string[]): string {
    const values = addresses.map((address) => this.accounts.get(address) ?? 'null');
    return `{"context":{"apiVersion":"2.3.6","slot":${this.slot}},"value":[${values.join(',')}]}`;
  }

  private answer(method: string, params: unknown[]): unknown {
    switch (method) {
      case 'getSignatureStatuses':
        return {
          context: { slot: this.slot },
          value: (params[0] as string[]).map(() => null),
        };
      case 'getBlockHeight':
      case 'getSlot':
        return this.slot;
      case 'getVersion':
        return { 'feature-set': 1, 'solana-core': '2.3.6' };
      default:
        return null;
    }
  }
}
