/**
 * Answers a read body: batch rules, params of the enhanced methods, the backend call and the
 * enhancement step, then the response text assembled in request order.
 */
import type { Backend, BackendReply } from '../upstream/backend.js';
import { looksLikeJson } from '../upstream/json-shape.js';
import type { Enhancer } from '../enhance/enhance.js';
import { upstreamAccountEncoding } from '../enhance/accounts.js';
import type { Flags } from '../http/flags.js';
import { type Body, type Call, type Entry, errorResponse, resultResponse } from './envelope.js';
import { ResponseCache } from './response-cache.js';
import { scanRequestBody } from '../json/request-scan.js';
import { ErrorCode, internalError, invalidParams, RpcError } from './errors.js';
import { parseGetMultipleAccountsParams, parseGetTransactionParams } from './params.js';

export interface DispatchLimits {
  /** The seed's limit on getTransaction entries per batch. */
  maxBatchTransactions: number;
  /** All entries of a batch; each one may become an upstream request. */
  maxBatchEntries: number;
  /** Memory for rendered finalized getTransaction results (UTF-16 code units, roughly bytes). */
  responseCacheBytes: number;
}

export const defaultDispatchLimits: DispatchLimits = {
  maxBatchTransactions: 10,
  maxBatchEntries: 100,
  responseCacheBytes: 64 * 1024 * 1024,
};

export interface DispatchResult {
  status: number;
  /** '' when JSON-RPC says nothing is answered (notifications, `[]`). */
  body: Buffer | string;
  /** Headers passed on from the upstream (Retry-After). */
  headers?: Record<string, string>;
}

const ok = (text: string): DispatchResult => ({ status: 200, body: text + '\n' });

function upstreamStatusError(reply: BackendReply): RpcError {
  const snippet = reply.body.toString().slice(0, 200).replace(/\s+/g, ' ').trim();
  return new RpcError(
    ErrorCode.upstreamFailed,
    `Upstream RPC node answered HTTP ${reply.status}${snippet ? `: ${snippet}` : ''}; retry later`,
  );
}

export class Dispatcher {
  private readonly cache: ResponseCache;

  constructor(
    private readonly backend: Backend,
    private readonly enhancer: Enhancer,
    private readonly limits: DispatchLimits = defaultDispatchLimits,
  ) {
    this.cache = new ResponseCache(limits.responseCacheBytes);
  }

  async dispatch(body: Body, flags: Flags): Promise<DispatchResult> {
    switch (body.kind) {
      case 'empty':
        return { status: 200, body: '' };
      case 'fatal':
        return ok(errorResponse(body.error));
      case 'single':
        return this.single(body.entry, flags);
      case 'batch':
        return this.batch(body.entries, flags);
    }
  }

  private async single(entry: Entry, flags: Flags): Promise<DispatchResult> {
    if (entry.kind === 'notification') return { status: 200, body: '' };
    if (entry.kind === 'error') return ok(errorResponse(entry.error, entry.idRaw, entry.omitVersion));
    const reply = await this.answer(entry, flags, false);
    // A single pass-through keeps the upstream's own status, bytes and Retry-After (a 429 from the
    // node stays a 429); a body that is not JSON becomes a JSON-RPC error under that status.
    if (looksLikeJson(reply.body)) return reply;
    return { status: reply.status, body: errorResponse(upstreamStatusError(reply), entry.idRaw) + '\n', headers: reply.headers };
  }

  private async batch(entries: Entry[], flags: Flags): Promise<DispatchResult> {
    if (entries.length > this.limits.maxBatchEntries) {
      return ok(errorResponse(new RpcError(ErrorCode.invalidRequest,
        `Batch holds ${entries.length} requests; the maximum is ${this.limits.maxBatchEntries} per batch`)));
    }
    const transactions = entries.filter((e) => e.kind === 'call' && e.method === 'getTransaction').length;
    if (transactions > this.limits.maxBatchTransactions) {
      return ok(errorResponse(new RpcError(ErrorCode.invalidRequest,
        `Batch holds ${transactions} getTransaction requests; the maximum is ${this.limits.maxBatchTransactions} per batch. Split it into smaller batches`)));
    }
    const parts = await Promise.all(
      entries.map(async (entry): Promise<string | null> => {
        if (entry.kind === 'notification') return null;
        if (entry.kind === 'error') return errorResponse(entry.error, entry.idRaw, entry.omitVersion);
        const reply = await this.answer(entry, flags, true);
        if (reply.status !== 200 || !looksLikeJson(reply.body)) return errorResponse(upstreamStatusError(reply), entry.idRaw);
        return reply.body.toString().trimEnd();
      }),
    );
    const answered = parts.filter((p): p is string => p !== null);
    if (answered.length === 0) return { status: 200, body: '' };
    return ok(`[${answered.join(',')}]`);
  }

  private async answer(call: Call, flags: Flags, inBatch: boolean): Promise<BackendReply> {
    try {
      switch (call.method) {
        case 'getTransaction':
          return await this.transaction(call, flags);
        case 'getMultipleAccounts':
          if (inBatch) {
            throw new RpcError(ErrorCode.invalidRequest,
              'getMultipleAccounts cannot be batched; send it as a single request (it takes up to 100 addresses)');
          }
          return await this.accounts(call, flags);
        default:
          return await this.backend.passThrough(call);
      }
    } catch (error) {
      return { status: 200, body: errorResponse(asRpcError(error), call.idRaw) + '\n' };
    }
  }

  /**
   * With explorerkit and no encoding named, the node is asked for jsonParsed: its native parsing plus
   * ours. Finalized answers are served from the response cache once rendered.
   */
  private async transaction(call: Call, flags: Flags): Promise<BackendReply> {
    const request = parseGetTransactionParams(positional(call));
    let upstreamCall = call;
    if (flags.explorerkit && !request.encodingGiven) {
      request.encoding = 'jsonParsed';
      upstreamCall = withConfig(call, { encoding: 'jsonParsed' });
    }
    const finalized = request.commitment !== 'confirmed';
    const key = `${request.signature}|${request.encoding}|${request.maxSupportedTransactionVersion ?? '-'}|${+flags.explorerkit}${+flags.actionskit}`;
    const cached = finalized ? this.cache.get(key) : undefined;
    if (cached !== undefined) return { status: 200, body: resultResponse(cached, call.idRaw) + '\n' };
    const reply = await this.backend.getTransaction(upstreamCall, request);
    if (reply.status !== 200) return reply;
    const body = flags.explorerkit
      ? await this.enhancer.enhance({ method: 'getTransaction', response: reply.body, actions: flags.actionskit })
      : reply.body;
    if (finalized) {
      const result = resultOf(body.toString());
      if (result !== null && result !== 'null') this.cache.set(key, result);
    }
    return { status: 200, body };
  }

  /**
   * With explorerkit the node is asked for base64 (or jsonParsed) so that account data can be
   * decoded; what is not decoded is put back into the encoding the client asked for. A dataSlice
   * cuts the layout, so sliced requests are answered as the node answers them.
   */
  private async accounts(call: Call, flags: Flags): Promise<BackendReply> {
    const request = parseGetMultipleAccountsParams(positional(call));
    if (!flags.explorerkit || request.dataSlice) return this.backend.getMultipleAccounts(call, request);
    const asked = request.encoding;
    const fetched = upstreamAccountEncoding(asked);
    const upstreamCall = fetched === (asked ?? 'base64') ? call : withConfig(call, { encoding: fetched });
    const reply = await this.backend.getMultipleAccounts(upstreamCall, { ...request, encoding: fetched });
    if (reply.status !== 200) return reply;
    return { status: 200, body: await this.enhancer.enhance({ method: 'getMultipleAccounts', response: reply.body, asked }) };
  }
}

/**
 * The same call with members added to its config object. The params are re-serialized from their
 * parsed form, which is exact for these methods' params (strings, small integers, booleans).
 */
function withConfig(call: Call, overrides: Record<string, unknown>): Call {
  const [first, config] = call.params ?? [];
  const merged = { ...(typeof config === 'object' && config !== null ? config : typeof config === 'string' ? { encoding: config } : {}), ...overrides };
  const params = [first, merged];
  return {
    ...call,
    params,
    raw: `{"jsonrpc":"2.0","id":${call.idRaw},"method":${JSON.stringify(call.method)},"params":${JSON.stringify(params)}}`,
  };
}

/** The raw `result` text of a JSON-RPC answer, or null when it carries an error instead. */
function resultOf(answer: string): string | null {
  const scanned = scanRequestBody(answer);
  if (scanned.kind !== 'object') return null;
  const span = scanned.object.members.get('result');
  return span ? answer.slice(span.start, span.end) : null;
}

function positional(call: Call): unknown[] {
  if (call.params === null) throw invalidParams('`params` should be an array');
  return call.params;
}

function asRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  console.error('enhanced-rpc: unexpected error while answering a call:', error);
  return internalError();
}
