import { Pool } from 'undici';
import type { Dispatcher } from 'undici';
import { ErrorCode, RpcError } from '../rpc/errors.js';
import { EndpointHealth } from './endpoint-health.js';
import type { EndpointHealthSnapshot } from './endpoint-health.js';

export interface UpstreamOptions {
  /** http(s)://host:port[/path][?query]; the path and query are sent as the request target. */
  urls: string[];
  /** Per attempt, covering the whole response (headers and body). */
  timeoutMs?: number;
  /** Extra attempts for retryable calls. */
  retries?: number;
  connectionsPerUpstream?: number;
  failuresBeforeDown?: number;
  downForMs?: number;
  maxResponseBytes?: number;
}

export interface UpstreamReply {
  status: number;
  body: Buffer;
  /** The endpoint's label (scheme://host:port), never its path or query. */
  endpoint: string;
}

interface Endpoint {
  /** scheme://host:port, with a #n suffix when several urls share an origin. */
  label: string;
  pool: Pool;
  path: string;
  headers: Record<string, string>;
  health: EndpointHealth;
}

/** Why an attempt failed, in words safe to show to clients (no url path, query or credentials). */
class AttemptFailure {
  constructor(
    readonly timeout: boolean,
    readonly reason: string,
    /** The request cannot have reached the node, so even a non-idempotent call may go elsewhere. */
    readonly notSent: boolean,
    /** The node is not to blame (response too large, pool closing); retrying elsewhere will not help. */
    readonly final = false,
  ) {}
}

const MAX_BACKOFF_MS = 100;

export class UpstreamPool {
  private readonly endpoints: Endpoint[];
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly maxResponseBytes: number;
  private rotation = 0;
  private closing: Promise<void> | undefined;

  constructor(options: UpstreamOptions) {
    if (options.urls.length === 0) throw new Error('UpstreamPool needs at least one upstream url');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
    const connections = options.connectionsPerUpstream ?? 32;
    const failuresBeforeDown = options.failuresBeforeDown ?? 3;
    const downForMs = options.downForMs ?? 5_000;

    const seen = new Map<string, number>();
    this.endpoints = options.urls.map((raw) => {
      const url = new URL(raw);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new Error(`Upstream url must be http or https, got ${url.protocol}`);
      }
      const count = (seen.get(url.origin) ?? 0) + 1;
      seen.set(url.origin, count);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (url.username !== '' || url.password !== '') {
        // undici ignores userinfo in the origin, so basic auth has to travel as a header.
        const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
        headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
      }
      return {
        label: count === 1 ? url.origin : `${url.origin}#${count}`,
        pool: new Pool(url.origin, {
          connections,
          pipelining: 1,
          // Aligned with the per-attempt deadline so undici's own timers never outlast ours.
          headersTimeout: this.timeoutMs,
          bodyTimeout: this.timeoutMs,
          connect: { timeout: this.timeoutMs },
        }),
        path: `${url.pathname}${url.search}`,
        headers,
        health: new EndpointHealth(failuresBeforeDown, downForMs),
      };
    });
  }

  async send(body: string | Uint8Array, opts: { retryable: boolean; signal?: AbortSignal }): Promise<UpstreamReply> {
    const { retryable, signal } = opts;
    signal?.throwIfAborted();
    if (this.closing) throw failed('upstream connection pool is closed');

    const start = this.rotation;
    this.rotation = (this.rotation + 1) % this.endpoints.length;
    const tried = new Set<Endpoint>();
    const maxAttempts = retryable ? this.retries + 1 : this.endpoints.length;
    let previous: Endpoint | undefined;
    let failure: AttemptFailure | undefined;

    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const endpoint = this.pick(start, tried);
      // A non-idempotent call only moves on to nodes it has not reached yet.
      if (!retryable && tried.has(endpoint)) break;
      if (endpoint === previous) await pause(Math.min(MAX_BACKOFF_MS, 25 * 2 ** (attempt - 1)), signal);
      tried.add(endpoint);
      previous = endpoint;
      endpoint.health.claim(Date.now());

      try {
        const reply = await this.attempt(endpoint, body, signal);
        endpoint.health.succeeded();
        return reply;
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (!(err instanceof AttemptFailure)) throw err;
        failure = err;
        if (err.final) break;
        endpoint.health.failed(err.reason, Date.now());
        if (!retryable && !err.notSent) break;
      }
    }

    if (failure === undefined) throw failed('no upstream endpoint could be tried');
    if (failure.timeout) {
      throw new RpcError(
        ErrorCode.upstreamTimeout,
        `Upstream RPC node did not answer within ${this.timeoutMs} ms; retry later`,
      );
    }
    throw failed(failure.reason);
  }

  health(): Record<string, EndpointHealthSnapshot> {
    const out: Record<string, EndpointHealthSnapshot> = {};
    for (const endpoint of this.endpoints) out[endpoint.label] = endpoint.health.snapshot();
    return out;
  }

  close(): Promise<void> {
    this.closing ??= Promise.all(this.endpoints.map((e) => e.pool.close())).then(() => undefined);
    return this.closing;
  }

  /**
   * Preference order: usable endpoints not yet tried by this call (round-robin from `start`), then
   * usable ones already tried, and only when every endpoint is down, the one whose down period ends
   * soonest — trying a probably-dead node beats failing without asking anyone.
   */
  private pick(start: number, tried: Set<Endpoint>): Endpoint {
    const now = Date.now();
    const n = this.endpoints.length;
    let usableTried: Endpoint | undefined;
    let soonest: Endpoint | undefined;
    for (let i = 0; i < n; i++) {
      const endpoint = this.endpoints[(start + i) % n]!;
      if (endpoint.health.available(now)) {
        if (!tried.has(endpoint)) return endpoint;
        usableTried ??= endpoint;
      } else if (soonest === undefined || endpoint.health.nextProbeAt < soonest.health.nextProbeAt) {
        soonest = endpoint;
      }
    }
    return (usableTried ?? soonest)!;
  }

  private async attempt(endpoint: Endpoint, body: string | Uint8Array, signal: AbortSignal | undefined): Promise<UpstreamReply> {
    // One controller per attempt carries both the overall deadline (which undici's headers/body
    // timers cannot enforce against a slowly trickling body) and the caller's cancellation.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onCallerAbort = () => controller.abort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });

    try {
      const res = await endpoint.pool.request({
        method: 'POST',
        path: endpoint.path,
        headers: endpoint.headers,
        body,
        signal: controller.signal,
      });
      if (res.statusCode >= 500) {
        // Draining keeps the keep-alive connection reusable; dump() gives up on huge error pages.
        await res.body.dump();
        throw new AttemptFailure(timedOut, timedOut ? 'timeout' : `HTTP ${res.statusCode}`, false);
      }
      const bytes = await readLimited(res.body, res.headers['content-length'], this.maxResponseBytes);
      return { status: res.statusCode, body: bytes, endpoint: endpoint.label };
    } catch (err) {
      if (err instanceof AttemptFailure) throw err;
      if (timedOut) throw new AttemptFailure(true, 'timeout', false);
      throw classify(err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }
}

function failed(reason: string): RpcError {
  return new RpcError(ErrorCode.upstreamFailed, `Upstream RPC node failed: ${reason}; retry later`);
}

async function readLimited(
  body: Dispatcher.ResponseData['body'],
  declaredLength: string | string[] | undefined,
  limit: number,
): Promise<Buffer> {
  const tooLarge = new AttemptFailure(false, `response larger than ${limit} bytes`, false, true);
  if (typeof declaredLength === 'string' && Number(declaredLength) > limit) {
    body.destroy();
    throw tooLarge;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) {
      body.destroy();
      throw tooLarge;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** Maps transport errors to short reasons; error messages are not reused as they may echo addresses. */
function classify(err: unknown): AttemptFailure {
  const code = errorCode(err);
  switch (code) {
    case 'ECONNREFUSED':
      return new AttemptFailure(false, 'connection refused', true);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new AttemptFailure(false, 'host not found', true);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new AttemptFailure(false, 'host unreachable', true);
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new AttemptFailure(true, 'timeout', true);
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return new AttemptFailure(true, 'timeout', false);
    case 'ECONNRESET':
    case 'EPIPE':
      return new AttemptFailure(false, 'connection reset', false);
    case 'UND_ERR_SOCKET':
      return new AttemptFailure(false, 'connection closed by upstream', false);
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return new AttemptFailure(false, 'truncated response', false);
    case 'UND_ERR_HEADERS_OVERFLOW':
      return new AttemptFailure(false, 'response headers too large', false);
    case 'UND_ERR_CLOSED':
    case 'UND_ERR_DESTROYED':
      return new AttemptFailure(false, 'upstream connection pool is closed', false, true);
  }
  // undici's parser errors do not always carry an HPE_ code, but always this name.
  if (code?.startsWith('HPE_') || (err as Error | undefined)?.name === 'HTTPParserError') {
    return new AttemptFailure(false, 'malformed HTTP response', false);
  }
  // A failed TLS handshake happens before the request is written.
  if (code !== undefined && /TLS|SSL|CERT/.test(code)) {
    return new AttemptFailure(false, 'TLS handshake failed', true);
  }
  const known = code !== undefined && /^[A-Z0-9_]+$/.test(code);
  return new AttemptFailure(false, known ? `network error ${code}` : 'network error', false);
}

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Happy-eyeballs connects report an AggregateError; its parts carry the codes.
  const parts = (err as { errors?: unknown }).errors;
  return Array.isArray(parts) && parts.length > 0 ? errorCode(parts[0]) : undefined;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
