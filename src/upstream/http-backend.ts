/**
 * A pool of standard RPC nodes as the backend. Requests go out as the client wrote them and
 * answers come back as the node wrote them. When a ledger is attached (`--ledger-cache on`) it
 * serves as a read-through cache of finalized transactions, which never change once finalized.
 */
import type { Call } from '../rpc/envelope.js';
import { resultOf, resultResponse } from '../rpc/envelope.js';
import { ErrorCode, RpcError } from '../rpc/errors.js';
import type { AccountsRequest, TransactionRequest } from '../rpc/params.js';
import type { LedgerRpc } from '../ledger/ledger-rpc.js';
import type { StoredTransactionEncoding } from '../ledger/ledger-store.js';
import { log } from '../observe/log.js';
import type { Backend, BackendReply, BatchShare } from './backend.js';
import type { UpstreamPool } from './upstream-pool.js';

/** Methods whose repetition could change state on the node; everything else may be retried. */
const notRetryable = new Set(['sendTransaction', 'requestAirdrop']);
const cacheable = new Set<string>(['json', 'jsonParsed', 'base64']);

export class HttpBackend implements Backend {
  constructor(
    private readonly pool: UpstreamPool,
    private readonly cache: LedgerRpc | null,
  ) {}

  async getTransaction(call: Call, request: TransactionRequest, share?: BatchShare): Promise<BackendReply> {
    const cached = request.cacheable ? this.fromCache(request) : null;
    if (cached !== null) return { status: 200, body: resultResponse(cached, call.idRaw) + '\n' };
    const reply = await this.pool.send(call.raw, { retryable: true, ...share });
    if (this.cache && reply.status === 200 && request.cacheable && cacheable.has(request.encoding)) {
      this.remember(request, reply.body.toString(), call.idRaw);
    }
    return reply;
  }

  getMultipleAccounts(call: Call, _request: AccountsRequest): Promise<BackendReply> {
    return this.pool.send(call.raw, { retryable: true });
  }

  passThrough(call: Call, share?: BatchShare): Promise<BackendReply> {
    return this.pool.send(call.raw, { retryable: !notRetryable.has(call.method), ...share });
  }

  health() {
    const endpoints = this.pool.health();
    return { ok: Object.values(endpoints).some((e) => e.up), detail: endpoints };
  }

  close() {
    return this.pool.close();
  }

  /** The rendered result, or null to ask the node (not held, or held in an encoding that cannot produce the one asked). */
  private fromCache(request: TransactionRequest): string | null {
    if (!this.cache) return null;
    try {
      // Rendered only as the node would: a conversion that parses less is a miss, not an answer.
      const text = this.cache.getTransaction(request.signature, request, true);
      return text === 'null' ? null : text;
    } catch (error) {
      if (error instanceof RpcError && error.code === ErrorCode.unsupportedTransactionVersion) throw error;
      return null;
    }
  }

  private remember(request: TransactionRequest, responseText: string, idRaw: string): void {
    try {
      const result = resultOf(responseText, idRaw);
      if (result === null || result === 'null') return;
      this.cache!.importTransaction(request.signature, request.encoding as StoredTransactionEncoding, result);
    } catch (error) {
      // The answer already went to the client; a transaction the ledger cannot hold is only a cache miss next time.
      log.warn({ err: error, signature: request.signature }, 'not caching transaction');
    }
  }
}
