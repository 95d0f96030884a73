/**
 * JSON-RPC error objects. Codes and texts follow the standard (Agave) node wherever it has one,
 * so that clients matching on them keep working; the gateway's own conditions use codes outside
 * the range Agave assigns (-32001..-32021).
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

export const parseError = () => new RpcError(ErrorCode.parseError, 'Parse error');
export const invalidRequest = () => new RpcError(ErrorCode.invalidRequest, 'Invalid request');
export const methodNotFound = () => new RpcError(ErrorCode.methodNotFound, 'Method not found');
export const invalidParams = (message: string, data?: unknown) => new RpcError(ErrorCode.invalidParams, message, data);
export const internalError = () => new RpcError(ErrorCode.internalError, 'Internal error');

/** Agave's text when maxSupportedTransactionVersion is missing or too low for the stored transaction. */
export const unsupportedTransactionVersion = (version: number) =>
  new RpcError(
    ErrorCode.unsupportedTransactionVersion,
    `Transaction version (${version}) is not supported by the requesting client. ` +
      `Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
  );

export const minContextSlotNotReached = (contextSlot: number) =>
  new RpcError(ErrorCode.minContextSlotNotReached, 'Minimum context slot has not been reached', {
    contextSlot,
  });
