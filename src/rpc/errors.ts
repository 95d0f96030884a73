/**
 * JSON-RPC error objects, and the catalog of every error and refusal the gateway answers itself:
 * each one's code, text and (for a refusal) HTTP status are written here once, and call sites name
 * them. Codes and texts follow the standard (Agave) node wherever it has one, so that clients
 * matching on them keep working; the gateway's own conditions use codes outside the range Agave
 * assigns (-32001..-32021).
 */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
  toObject(): RpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  transactionHistoryNotAvailable: -32011,
  unsupportedTransactionVersion: -32015,
  minContextSlotNotReached: -32016,
  // Gateway conditions; HTTP status codes mirrored in the low digits so logs read naturally.
  unauthorized: -32401,
  forbidden: -32403,
  payloadTooLarge: -32413,
  rateLimited: -32429,
  /** A store the gateway depends on (shared rate limiter, key store) cannot be reached. */
  unavailable: -32503,
  upstreamFailed: -32502,
  upstreamTimeout: -32504,
  notInLedger: -32601,
} as const;

/**
 * One kind of error, in the manner of fastify's createError: code and text are fixed here, and a
 * text that names values is a function of them.
 */
function defineError<A extends unknown[]>(code: number, text: (...args: A) => string): (...args: A) => RpcError {
  return (...args) => new RpcError(code, text(...args));
}

/** A JSON-RPC error that ends an HTTP exchange (a request, or a WebSocket upgrade) under a status of its own. */
export interface Refusal {
  status: number;
  error: RpcError;
  /** Sent as Retry-After when the client may simply try again. */
  retryAfterSeconds?: number;
}

/**
 * One kind of refusal: an error as defineError has it, the status it is answered under and, where
 * the client may simply retry, after how long (a number, or read from the same values as the text).
 */
function defineRefusal<A extends unknown[]>(
  status: number,
  code: number,
  text: (...args: A) => string,
  retryAfter?: number | ((...args: A) => number),
): (...args: A) => Refusal {
  const error = defineError(code, text);
  return (...args) => {
    const refusal: Refusal = { status, error: error(...args) };
    if (retryAfter !== undefined) refusal.retryAfterSeconds = typeof retryAfter === 'number' ? retryAfter : retryAfter(...args);
    return refusal;
  };
}

/** An HTTP refusal that is not JSON-RPC: the node's own plain texts. */
export interface PlainRefusal {
  status: number;
  text: string;
}

/** What the rate-limit texts name of a plan; rpc/ does not know auth's Plan. */
interface PlanTerms {
  name: string;
  requestsPerSecond: number;
  burst: number;
  monthlyQuota: number | null;
}

const internalErrorText = () => 'Internal error';

export const parseError = defineError(ErrorCode.parseError, () => 'Parse error');
export const invalidRequest = defineError(ErrorCode.invalidRequest, () => 'Invalid request');
export const methodNotFound = defineError(ErrorCode.methodNotFound, () => 'Method not found');
export const invalidParams = (message: string, data?: unknown) => new RpcError(ErrorCode.invalidParams, message, data);
export const internalError = defineError(ErrorCode.internalError, internalErrorText);

/** Agave's text when maxSupportedTransactionVersion is missing or too low for the stored transaction. */
export const unsupportedTransactionVersion = defineError(
  ErrorCode.unsupportedTransactionVersion,
  (version: number) =>
    `Transaction version (${version}) is not supported by the requesting client. ` +
    `Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
);

export const minContextSlotNotReached = (contextSlot: number) =>
  new RpcError(ErrorCode.minContextSlotNotReached, 'Minimum context slot has not been reached', {
    contextSlot,
  });

// The envelope and its params, in the node's words.

/** A request object without `jsonrpc`, answered without it as well. */
export const unsupportedProtocolVersion = defineError(ErrorCode.invalidRequest, () => 'Unsupported JSON-RPC protocol version');
export const nestedTooDeep = defineError(
  ErrorCode.invalidRequest,
  (maxNesting: number) => `Invalid request: JSON nested deeper than ${maxNesting} levels`,
);
export const paramsNotArray = defineError(ErrorCode.invalidParams, () => '`params` should be an array');
export const commitmentBelowConfirmed = defineError(ErrorCode.invalidParams, () => 'Method does not support commitment below `confirmed`');

// Batches.

export const batchTooLong = defineError(
  ErrorCode.invalidRequest,
  (entries: number, max: number) => `Batch holds ${entries} requests; the maximum is ${max} per batch`,
);
export const batchTooManyTransactions = defineError(
  ErrorCode.invalidRequest,
  (transactions: number, max: number) =>
    `Batch holds ${transactions} getTransaction requests; the maximum is ${max} per batch. Split it into smaller batches`,
);
export const accountsInBatch = defineError(
  ErrorCode.invalidRequest,
  () => 'getMultipleAccounts cannot be batched; send it as a single request (it takes up to 100 addresses)',
);

// The upstream node.

/** `reason`: why, in words safe to show to clients (no URL path, query or credentials). */
export const upstreamFailure = defineError(
  ErrorCode.upstreamFailed,
  (reason: string) => `Upstream RPC node failed: ${reason}; retry later`,
);
export const upstreamTimedOut = defineError(
  ErrorCode.upstreamTimeout,
  (timeoutMs: number) => `Upstream RPC node did not answer within ${timeoutMs} ms; retry later`,
);
/** `limit`: which of a batch's byte limits the answer passed. */
export const batchAnswerTooLarge = defineError(
  ErrorCode.payloadTooLarge,
  (limit: string) => `Answer too large for a batch (${limit}); send this request on its own`,
);
/** `snippet`: the start of the node's body, '' when it sent none. */
export const upstreamAnsweredStatus = defineError(
  ErrorCode.upstreamFailed,
  (status: number, snippet: string) => `Upstream RPC node answered HTTP ${status}${snippet ? `: ${snippet}` : ''}; retry later`,
);
export const needsUpstream = defineError(
  ErrorCode.notInLedger,
  (method: string) =>
    `${method} needs an upstream node: this gateway answers from its embedded ledger, which serves only slotSubscribe and signatureSubscribe; start it with --upstream URL`,
);
export const subscriptionNotConfirmed = defineError(
  ErrorCode.upstreamTimeout,
  (timeoutMs: number) => `The upstream node's PubSub did not confirm the subscription within ${timeoutMs} ms; retry shortly`,
);
/** `reason` says what is wrong with the upstream PubSub; WebSocket close reasons name it too. */
export const upstreamPubSubFailed = defineError(ErrorCode.upstreamFailed, (reason: string) => `${reason}; retry later`);
export const notASubscriptionId = defineError(
  ErrorCode.upstreamFailed,
  () => 'The upstream node gave an answer that is not a subscription id',
);

// The embedded ledger, where it cannot answer as the node would.

export const notInLedger = defineError(
  ErrorCode.notInLedger,
  (method: string) => `Method ${method} is not available from the local ledger; start the gateway with --upstream URL to reach a full node`,
);
export const heldOnlyAsJsonParsed = defineError(
  ErrorCode.invalidParams,
  (signature: string) =>
    `Transaction ${signature} is held by the local ledger only in jsonParsed encoding; ` +
    'request "encoding": "jsonParsed", or start the gateway with --upstream',
);
/** `reason`: why the json body does not compile back to the wire transaction. */
export const heldOnlyAsJson = defineError(
  ErrorCode.invalidParams,
  (signature: string, reason: string) =>
    `Transaction ${signature} is held by the local ledger only in json encoding, which cannot be ` +
    `re-encoded (${reason}); request "encoding": "json", or start the gateway with --upstream`,
);
// The node's own texts for account encodings it will not produce.
export const slicedJsonParsed = defineError(
  ErrorCode.invalidRequest,
  () => 'Sliced account data can only be encoded using binary (base 58) or base64 encoding.',
);
export const base58TooLarge = defineError(
  ErrorCode.invalidRequest,
  (maxBytes: number) => `Encoded binary (base 58) data should be less than ${maxBytes} bytes, please use Base64 encoding.`,
);

// PubSub calls.

export const invalidSubscriptionId = defineError(ErrorCode.invalidParams, () => 'Invalid subscription id.');
export const subscriptionLimit = defineError(
  ErrorCode.rateLimited,
  (planName: string, max: number) =>
    `Subscription limit reached: plan "${planName}" allows ${max} subscriptions at once per key; unsubscribe some first`,
);
/** `why`: what became of the supervisor that counts an acceptor's subscriptions (src/auth/subscription-slots.ts). */
export const subscriptionCountUnavailable = defineError(
  ErrorCode.unavailable,
  (why: string) => `Subscription count unavailable (${why}); retry shortly`,
);
/** Never read by anyone: the answer of a subscribe whose connection closed while it was being made. */
export const subscriberGone = defineError(ErrorCode.invalidRequest, () => 'The connection closed before the subscription was made');

// Refusals: where an HTTP request or a WebSocket upgrade ends.

export const requestNotFound = defineRefusal(
  404,
  ErrorCode.invalidRequest,
  () => 'Not found: POST to /<api_key> or to / with the x-api-key header',
);
export const upgradeNotFound = defineRefusal(
  404,
  ErrorCode.invalidRequest,
  () => 'Not found: open the WebSocket on /<api_key> or on / with the x-api-key header',
);
export const contentTypeNotAllowed = defineRefusal(
  415,
  ErrorCode.invalidRequest,
  () => 'Supplied content type is not allowed. Content-Type: application/json is required',
);
export const bodyTooLarge = defineRefusal(
  413,
  ErrorCode.payloadTooLarge,
  (maxBytes: number) => `Request body exceeds the maximum of ${maxBytes} bytes; send fewer requests per batch`,
);
export const requestFailed = defineRefusal(500, ErrorCode.internalError, internalErrorText);
export const upgradeFailed = defineRefusal(503, ErrorCode.unavailable, internalErrorText);

const badFlagText = (name: string, value: string) =>
  `Invalid params: query parameter \`${name}\` must be true, false, 1 or 0 (got ${JSON.stringify(value)}).`;
/** Answered as the node answers a params error: under 200. */
export const badFlag = defineRefusal(200, ErrorCode.invalidParams, badFlagText);
/** An upgrade refused with 200 would read as accepted: the client's error, 400. */
export const badFlagUpgrade = defineRefusal(400, ErrorCode.invalidParams, badFlagText);
export const planWithoutEnhanced = defineRefusal(
  403,
  ErrorCode.forbidden,
  (planName: string) =>
    `Plan "${planName}" does not include enhanced parsing (explorerkit/actionskit); upgrade the key's plan or drop the flags`,
);

export const gatewayBusy = defineRefusal(
  503,
  ErrorCode.unavailable,
  () => 'The gateway is at its limit of requests in flight; retry shortly',
  1,
);
export const addressBusy = defineRefusal(
  429,
  ErrorCode.rateLimited,
  (limit: number) => `Too many requests in flight from this address (${limit}); wait for answers before sending more`,
  1,
);
export const keyBusy = defineRefusal(
  429,
  ErrorCode.rateLimited,
  (limit: number) => `Too many requests in flight for this API key (${limit}); wait for answers before sending more`,
  1,
);
export const pubsubFull = defineRefusal(
  503,
  ErrorCode.unavailable,
  (maxConnections: number) => `The gateway holds its maximum of ${maxConnections} PubSub connections; retry later`,
  5,
);

const createKeyHint = '`enhanced-rpc keys create --plan <plan>`';
export const missingKey = defineRefusal(
  401,
  ErrorCode.unauthorized,
  () => 'Missing API key: send it as the first path segment (POST /<api_key>) or in the x-api-key header',
);
export const unknownKey = defineRefusal(
  401,
  ErrorCode.unauthorized,
  () => `Invalid API key: this key is not known to the gateway; check it, or create one with ${createKeyHint}`,
);
export const revokedKey = defineRefusal(
  401,
  ErrorCode.unauthorized,
  (fingerprint: string) => `API key revoked (${fingerprint}); create a new key with ${createKeyHint}`,
);
export const refusedAddress = defineRefusal(
  429,
  ErrorCode.rateLimited,
  (retryAfterSeconds: number) =>
    `Too many requests with unknown or revoked API keys from this address; retry after ${retryAfterSeconds} s with a valid key`,
  (retryAfterSeconds) => retryAfterSeconds,
);
export const keyStoreUnavailable = defineRefusal(
  503,
  ErrorCode.unavailable,
  () => 'API keys cannot be checked right now; retry shortly',
  1,
);
export const rateLimiterUnavailable = defineRefusal(
  503,
  ErrorCode.unavailable,
  () => 'Rate limiting is temporarily unavailable; retry shortly',
  1,
);
export const quotaUsedUp = defineRefusal(
  429,
  ErrorCode.rateLimited,
  (plan: PlanTerms, _retryAfterSeconds: number) =>
    `Monthly quota of ${plan.monthlyQuota} requests for plan "${plan.name}" is used up; it renews at the start of the next month (UTC), or upgrade the plan`,
  (_plan, retryAfterSeconds) => retryAfterSeconds,
);
export const batchOverBurst = defineRefusal(
  429,
  ErrorCode.rateLimited,
  (plan: PlanTerms, cost: number, _retryAfterSeconds: number) =>
    `This batch counts ${cost} requests, more than plan "${plan.name}" allows at once (burst ${plan.burst}); send smaller batches`,
  (_plan, _cost, retryAfterSeconds) => retryAfterSeconds,
);
export const rateLimitExceeded = defineRefusal(
  429,
  ErrorCode.rateLimited,
  (plan: PlanTerms, retryAfterSeconds: number) =>
    `Rate limit exceeded: plan "${plan.name}" allows ${plan.requestsPerSecond} requests per second (burst ${plan.burst}); retry after ${retryAfterSeconds} s`,
  (_plan, retryAfterSeconds) => retryAfterSeconds,
);

// Plain HTTP refusals.

/** The node's refusal of a body that is not UTF-8; `offset` is where the first bad byte starts. */
export const invalidUtf8 = (offset: number): PlainRefusal => ({
  status: 400,
  text: `utf-8 encoding error at byte ${offset} in request body`,
});
export const methodNotAllowed: PlainRefusal = { status: 405, text: 'Used HTTP Method is not allowed. POST or OPTIONS is required' };
export const upgradeRequired: PlainRefusal = { status: 426, text: 'PubSub endpoint: open a WebSocket to ws://host:port/<api_key>' };
