/**
 * A stand-in for a standard RPC node, for the live-IDL tests: it answers getTransaction from the
 * transactions it is given and getMultipleAccounts from the accounts it is given (base64, with a
 * context slot), counts how often each address is asked for, and can be made slow.
 */
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface StandInAccount {
  owner: string;
  data: Uint8Array;
}

export class ChainStandIn {
  readonly transactions = new Map<string, unknown>();
  readonly accounts = new Map<string, StandInAccount>();
  /** How many getMultipleAccounts calls named each address. */
  readonly asked = new Map<string, number>();
  /** Added before each getMultipleAccounts answer. */
  accountDelayMs = 0;
  readonly slot = 360_000_000;
  private server: Server | null = null;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/`;
  }

  timesAsked(address: string): number {
    return this.asked.get(address) ?? 0;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const call = JSON.parse(Buffer.concat(chunks).toString()) as { id: unknown; method: string; params: unknown[] };
        void this.answer(call).then((result) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ jsonrpc: '2.0', result, id: call.id }));
        });
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    this.server?.close();
    if (this.server) await once(this.server, 'close');
  }

  private async answer(call: { method: string; params: unknown[] }): Promise<unknown> {
    if (call.method === 'getTransaction') return this.transactions.get(call.params[0] as string) ?? null;
    if (call.method !== 'getMultipleAccounts') return 'ok';
    const addresses = call.params[0] as string[];
    for (const address of addresses) this.asked.set(address, this.timesAsked(address) + 1);
    if (this.accountDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.accountDelayMs));
    return {
      context: { slot: this.slot, apiVersion: '2.3.6' },
      value: addresses.map((address) => {
        const account = this.accounts.get(address);
        if (account === undefined) return null;
        return {
          data: [Buffer.from(account.data).toString('base64'), 'base64'],
          executable: false,
          lamports: 1_000_000,
          owner: account.owner,
          rentEpoch: 0,
          space: account.data.length,
        };
      }),
    };
  }
}
