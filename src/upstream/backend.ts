/**
 * Where answers come from. The embedded ledger and a pool of HTTP upstreams are interchangeable
 * behind this interface, so the JSON-RPC layer never knows which one it talks to.
 */
import type { Call } from '../rpc/envelope.js';
import type { AccountsRequest, TransactionRequest } from '../rpc/params.js';
import type { ByteBudget } from './byte-budget.js';

/** One answered call: the HTTP status the backend gave and the complete JSON-RPC response text. */
export interface BackendReply {
  status: number;
  body: Buffer | string;
  /** Response headers the client should see too: an upstream's Retry-After. */
  headers?: Record<string, string>;
}

/** What one entry of a batch may hold: its own cap, and the budget all entries share. */
export interface BatchShare {
  maxBytes: number;
  budget: ByteBudget;
}

export interface Backend {
  getTransaction(call: Call, request: TransactionRequest, share?: BatchShare): Promise<BackendReply>;
  getMultipleAccounts(call: Call, request: AccountsRequest): Promise<BackendReply>;
  /** Every other method: answered unchanged, byte for byte. */
  passThrough(call: Call, share?: BatchShare): Promise<BackendReply>;
  health(): { ok: boolean; detail: unknown };
  close(): Promise<void>;
}
