/**
 * Answers a read body: batch rules, params of the enhanced methods, the backend call and the
 * enhancement step, then the response text assembled in request order.
 */
import type { Backend, BackendReply, BatchShare } from '../upstream/backend.js';
import { ByteBudget } from '../upstream/byte-budget.js';
import { looksLikeJson } from '../upstream/json-shape.js';
import type { Enhancer } from '../enhance/enhance.js';
import type { Flags } from './flags.js';
import { type Body, type Call, type Entry, errorResponse, resultOf, resultResponse } from './envelope.js';
import { LruCache } from '../cache/lru.js';
import { FinalizedAnswers } from '../cache/finalized-answers.js';
import { isResultOf } from '../cache/transaction-identity.js';
import type { RedisResponseStore } from '../cache/response-store.js';
import type { CallObserver, FlagSet } from '../observe/metrics.js';
import { log } from '../observe/log.js';
import {
  accountsInBatch,
  batchTooLong,
  batchTooManyTransactions,
  ErrorCode,
  internalError,
  paramsNotArray,
  RpcError,
  upstreamAnsweredStatus,
} from './errors.js';
import { parseGetMultipleAccountsParams, parseGetTransactionParams } from './params.js';
import { discover, discoverMethod } from './openrpc.js';
import { isJsonWhitespace } from '../json/tokens.js';

export interface DispatchLimits {
  /** The seed's limit on getTransaction entries per batch. */
  maxBatchTransactions: number;
  /** All entries of a batch; each one may become an upstream request. */
  maxBatchEntries: number;
  /** Memory for rendered finalized getTransaction results (UTF-16 code units, roughly bytes). */
  responseCacheBytes: number;
  /** Upstream answers one batch may hold together (all its entries are held until the last arrives). */
  maxBatchAnswerBytes: number;
  /** One entry's upstream answer inside a batch; a single request may have the upstream pool's whole limit. */
  maxBatchEntryBytes: number;
}

export const defaultDispatchLimits: DispatchLimits = {
  maxBatchTransactions: 10,
  maxBatchEntries: 100,
  responseCacheBytes: 64 * 1024 * 1024,
  maxBatchAnswerBytes: 32 * 1024 * 1024,
  maxBatchEntryBytes: 8 * 1024 * 1024,
};

export interface DispatchResult {
  status: number;
  /** '' when JSON-RPC says nothing is answered (notifications, `[]`). */
  body: Buffer | string;
  /** Headers passed on from the upstream (Retry-After). */
  headers?: Record<string, string>;
}

const ok = (text: string): DispatchResult => ({ status: 200, body: text + '\n' });

/**
 * A batch's answers in request order, notifications (null) left out; nothing at all when none remain.
 * Answers that are bytes (the node's, or enhanced from its bytes) are joined as bytes rather than
 * decoded to text and the whole encoded again for the socket (batches of ten went from 417 and 359
 * to 452 and 449 a second in `WORKERS=0 make load`, BENCHMARKS.md).
 */
function batchAnswer(parts: (Buffer | string | null)[]): DispatchResult {
  const answered = parts.filter((p): p is Buffer | string => p !== null);
  if (answered.length === 0) return { status: 200, body: '' };
  if (answered.every((p) => typeof p === 'string')) return ok(`[${answered.join(',')}]`);
  const pieces: Buffer[] = [openBracket];
  answered.forEach((part, i) => {
    if (i > 0) pieces.push(comma);
    pieces.push(typeof part === 'string' ? Buffer.from(part) : part);
  });
  pieces.push(closing);
  return { status: 200, body: Buffer.concat(pieces) };
}

const openBracket = Buffer.from('[');
const comma = Buffer.from(',');
const closing = Buffer.from(']\n');

/** The answer less the whitespace (a node's closing newline) after its last value. */
function withoutTrailingSpace(bytes: Buffer): Buffer {
  let end = bytes.length;
  while (end > 0 && isJsonWhitespace(bytes[end - 1])) end--;
  return bytes.subarray(0, end);
}

function upstreamStatusError(reply: BackendReply): RpcError {
  return upstreamAnsweredStatus(reply.status, reply.body.toString().slice(0, 200).replace(/\s+/g, ' ').trim());
}

export interface DispatchOptions {
  limits?: Partial<DispatchLimits>;
  observer?: CallObserver;
  /** The Redis tier of the finalized-answer cache, shared by every instance using it. */
  sharedCache?: RedisResponseStore | null;
}

export class Dispatcher {
  private readonly limits: DispatchLimits;
  private readonly memory: LruCache;
  private readonly answers: FinalizedAnswers;
  private readonly observer: CallObserver | undefined;

  constructor(
    private readonly backend: Backend,
    private readonly enhancer: Enhancer,
    options: DispatchOptions = {},
  ) {
    this.limits = { ...defaultDispatchLimits, ...options.limits };
    this.observer = options.observer;
    this.memory = new LruCache(this.limits.responseCacheBytes);
    this.answers = new FinalizedAnswers(this.memory, options.sharedCache ?? null, this.observer);
  }

  /** Memory held by rendered answers in this process, for /metrics. */
  get cacheBytes(): number {
    return this.memory.bytesHeld;
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
    const reply = await this.answer(entry, flags);
    // A single pass-through keeps the upstream's own status, bytes and Retry-After (a 429 from the
    // node stays a 429); a body that is not JSON becomes a JSON-RPC error under that status.
    if (looksLikeJson(reply.body)) return reply;
    return { status: reply.status, body: errorResponse(upstreamStatusError(reply), entry.idRaw) + '\n', headers: reply.headers };
  }

  private async batch(entries: Entry[], flags: Flags): Promise<DispatchResult> {
    const transactions = entries.filter((e) => e.kind === 'call' && e.method === 'getTransaction').length;
    const refusal =
      entries.length > this.limits.maxBatchEntries
        ? batchTooLong(entries.length, this.limits.maxBatchEntries)
        : transactions > this.limits.maxBatchTransactions
          ? batchTooManyTransactions(transactions, this.limits.maxBatchTransactions)
          : null;
    // Each entry gets the refusal with its own id, as a batch answer: clients that match answers to
    // requests (web3.js's getParsedTransactions) then report it instead of failing on a lone object.
    if (refusal !== null) return this.refuseEach(entries, refusal);
    const share: BatchShare = { maxBytes: this.limits.maxBatchEntryBytes, budget: new ByteBudget(this.limits.maxBatchAnswerBytes) };
    const parts = await Promise.all(
      entries.map(async (entry): Promise<Buffer | string | null> => {
        if (entry.kind === 'notification') return null;
        if (entry.kind === 'error') return errorResponse(entry.error, entry.idRaw, entry.omitVersion);
        const reply = await this.answer(entry, flags, share);
        if (reply.status !== 200) return errorResponse(upstreamStatusError(reply), entry.idRaw);
        // Without the node's closing newline, which would otherwise land inside the batch's array.
        return typeof reply.body === 'string' ? reply.body.trimEnd() : withoutTrailingSpace(reply.body);
      }),
    );
    return batchAnswer(parts);
  }

  private refuseEach(entries: Entry[], error: RpcError): DispatchResult {
    return batchAnswer(
      entries.map((entry) => {
        if (entry.kind === 'notification') return null;
        return entry.kind === 'error' ? errorResponse(entry.error, entry.idRaw, entry.omitVersion) : errorResponse(error, entry.idRaw);
      }),
    );
  }

  /** `share`: the entry is one of a batch, which bounds what its answer may hold. */
  private async answer(call: Call, flags: Flags, share?: BatchShare): Promise<BackendReply> {
    const started = performance.now();
    let reply: BackendReply;
    let failed = false;
    try {
      // Answers that are not JSON never get here as 200s: the upstream pool counts them as failures.
      reply = await this.route(call, flags, share);
      if (reply.status !== 200) this.observer?.upstreamError(`http_${reply.status}`);
    } catch (error) {
      failed = true;
      const rpcError = asRpcError(error);
      const reason = upstreamReasons.get(rpcError.code);
      if (reason) this.observer?.upstreamError(reason);
      reply = { status: 200, body: errorResponse(rpcError, call.idRaw) + '\n' };
    }
    this.observer?.call(call.method, flagSet(flags), failed || reply.status !== 200 ? 'error' : 'ok', (performance.now() - started) / 1000);
    return reply;
  }

  private route(call: Call, flags: Flags, share: BatchShare | undefined): Promise<BackendReply> {
    switch (call.method) {
      case 'getTransaction':
        return this.transaction(call, flags, share);
      case 'getMultipleAccounts':
        if (share !== undefined) throw accountsInBatch();
        return this.accounts(call, flags);
      case discoverMethod:
        return Promise.resolve(discover(call));
      default:
        return this.backend.passThrough(call, share);
    }
  }

  /**
   * The node is asked for the encoding the client asked for (json when none is named: clients such as
   * web3.js's getTransaction name none and read the json shape). Finalized answers are served from
   * the response cache once rendered.
   */
  private async transaction(call: Call, flags: Flags, share: BatchShare | undefined): Promise<BackendReply> {
    const request = parseGetTransactionParams(positional(call));
    const finalized = request.cacheable && this.answers.keepsAnything;
    const key = `${request.signature}|${request.encoding}|${request.maxSupportedTransactionVersion ?? '-'}|${+flags.explorerkit}${+flags.actionskit}`;
    const cached = finalized ? await this.answers.get(key) : undefined;
    if (cached !== undefined) return { status: 200, body: resultResponse(cached, call.idRaw) + '\n' };
    const reply = await this.backend.getTransaction(call, request, share);
    if (reply.status !== 200) return reply;
    const { body, standard, provisional } = flags.explorerkit
      ? await this.enhancer.enhance({ method: 'getTransaction', response: reply.body, actions: flags.actionskit })
      : { body: reply.body, standard: undefined, provisional: false };
    // Not kept: an answer that should have been enhanced but was not (overload, deadline), or one
    // that a live IDL still being fetched may improve.
    if (finalized && standard === undefined && provisional !== true) {
      const result = resultOf(body.toString(), call.idRaw);
      // Kept under the asked signature only when it is that transaction: a node (or a proxy) that
      // answers another would otherwise have every later client served the wrong one.
      if (result !== null && result !== 'null' && isResultOf(result, request.encoding, request.signature)) {
        this.answers.set(key, result);
      }
    }
    return { status: 200, body };
  }

  /**
   * explorerkit decodes accounts only where the client asked for jsonParsed, the one encoding whose
   * `data` may already be an object: base64, base58 and binary answers keep the shape clients parse
   * (web3.js's getMultipleAccountsInfo asks for base64 and rejects anything but the pair). A
   * dataSlice cuts the layout, so sliced requests are answered as the node answers them.
   */
  private async accounts(call: Call, flags: Flags): Promise<BackendReply> {
    const request = parseGetMultipleAccountsParams(positional(call), call.raw);
    const reply = await this.backend.getMultipleAccounts(call, request);
    if (!flags.explorerkit || request.dataSlice || request.encoding !== 'jsonParsed' || reply.status !== 200) return reply;
    return { status: 200, body: (await this.enhancer.enhance({ method: 'getMultipleAccounts', response: reply.body })).body };
  }
}

function positional(call: Call): unknown[] {
  if (call.params === null) throw paramsNotArray();
  return call.params;
}

function asRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  log.error({ err: error }, 'unexpected error while answering a call');
  return internalError();
}

const flagSet = (flags: Flags): FlagSet => (flags.actionskit ? 'actionskit' : flags.explorerkit ? 'explorerkit' : 'none');

/** The gateway's own upstream conditions, as metric reasons. */
const upstreamReasons = new Map<number, string>([
  [ErrorCode.upstreamFailed, 'failed'],
  [ErrorCode.upstreamTimeout, 'timeout'],
]);
