import { setTimeout as sleep } from 'node:timers/promises';
import { batchAnswerTooLarge, upstreamFailure, upstreamTimedOut, type RpcError } from '../rpc/errors.js';
import { EndpointHealth } from './endpoint-health.js';
import type { EndpointHealthSnapshot } from './endpoint-health.js';
import { Http1Client, Http1Failure } from './http1-client.js';
import { looksLikeJson } from './json-shape.js';
import type { ByteBudget } from './byte-budget.js';

export interface UpstreamOptions {
  /** http(s)://host:port[/path][?query]; the path and query are sent as the request target. */
  urls: string[];
  /** Per attempt, covering the whole response (headers and body). */
  timeoutMs?: number;
  /** Extra attempts for retryable calls. */
  retries?: number;
  /** Keep-alive connections to each upstream, at most (default defaultConnectionsPerUpstream). */
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
  /** The node's Retry-After header, for the client to see too. */
  headers?: { 'retry-after': string };
}

interface Endpoint {
  /** scheme://host:port, with a #n suffix when several urls share an origin. */
  label: string;
  client: Http1Client;
  health: EndpointHealth;
  /** Path and query of the url (where providers put keys), kept out of anything shown to clients. */
  secrets: string[];
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
    /** What the client is told instead of an upstream failure. */
    readonly error?: RpcError,
  ) {}
}

export interface SendOptions {
  retryable: boolean;
  signal?: AbortSignal;
  maxBytes?: number;
  budget?: ByteBudget;
}

const MAX_BACKOFF_MS = 100;

/**
 * A connection carries one request at a time, so a node answering in t seconds serves at most
 * connections / t requests per second through one gateway: 32 capped a node 50 ms away at 640/s,
 * and queued a batch's entries behind each other even on loopback (`make load`'s batches of ten:
 * 4130 answers/s with 128 against 3510 with 32; BENCHMARKS.md). Requests in flight are bounded
 * before they get here (src/http/concurrency.ts), so this only limits sockets.
 */
export const defaultConnectionsPerUpstream = 128;

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
    const connections = options.connectionsPerUpstream ?? defaultConnectionsPerUpstream;
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
        // Userinfo is not part of an HTTP request; basic auth travels as a header.
        const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
        headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
      }
      return {
        label: count === 1 ? url.origin : `${url.origin}#${count}`,
        client: new Http1Client({ url, headers, connections, connectTimeoutMs: this.timeoutMs }),
        secrets: secretsOf(url),
        health: new EndpointHealth(failuresBeforeDown, downForMs),
      };
    });
  }

  /** `maxBytes` lowers the pool's answer size limit for this call; `budget` is shared with the rest of its batch. */
  async send(body: string | Uint8Array, opts: SendOptions): Promise<UpstreamReply> {
    const { retryable, signal } = opts;
    signal?.throwIfAborted();
    if (this.closing) throw upstreamFailure('upstream connection pool is closed');

    const start = this.rotation;
    this.rotation = (this.rotation + 1) % this.endpoints.length;
    const tried = new Set<Endpoint>();
    const maxAttempts = retryable ? this.retries + 1 : this.endpoints.length;
    let previous: Endpoint | undefined;
    let failure: AttemptFailure | undefined;
    let rateLimited: UpstreamReply | undefined;

    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const endpoint = this.pick(start, tried);
      // A non-idempotent call only moves on to nodes it has not reached yet.
      if (!retryable && tried.has(endpoint)) break;
      if (endpoint === previous) await pause(Math.min(MAX_BACKOFF_MS, 25 * 2 ** (attempt - 1)), signal);
      tried.add(endpoint);
      previous = endpoint;
      endpoint.health.claim(Date.now());

      try {
        const reply = await this.attempt(endpoint, body, opts);
        endpoint.health.succeeded();
        // A node refusing for its own rate limit processed nothing; a read asks another node, if any.
        if (reply.status !== 429 || !retryable || !this.untriedAvailable(tried)) return reply;
        rateLimited = reply;
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (!(err instanceof AttemptFailure)) throw err;
        failure = err;
        if (err.final) break;
        endpoint.health.failed(err.reason, Date.now());
        if (!retryable && !err.notSent) break;
      }
    }

    if (rateLimited !== undefined) return rateLimited;
    if (failure === undefined) throw upstreamFailure('no upstream endpoint could be tried');
    if (failure.error !== undefined) throw failure.error;
    if (failure.timeout) {
      throw upstreamTimedOut(this.timeoutMs);
    }
    throw upstreamFailure(failure.reason);
  }

  health(): Record<string, EndpointHealthSnapshot> {
    const out: Record<string, EndpointHealthSnapshot> = {};
    for (const endpoint of this.endpoints) out[endpoint.label] = endpoint.health.snapshot();
    return out;
  }

  close(): Promise<void> {
    this.closing ??= Promise.all(this.endpoints.map((e) => e.client.close())).then(() => undefined);
    return this.closing;
  }

  private untriedAvailable(tried: Set<Endpoint>): boolean {
    const now = Date.now();
    return this.endpoints.some((endpoint) => !tried.has(endpoint) && endpoint.health.available(now));
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
      const endpoint = this.endpoints[(start + i) % n];
      if (endpoint.health.available(now)) {
        if (!tried.has(endpoint)) return endpoint;
        usableTried ??= endpoint;
      } else if (soonest === undefined || endpoint.health.nextProbeAt < soonest.health.nextProbeAt) {
        soonest = endpoint;
      }
    }
    return (usableTried ?? soonest)!;
  }

  private async attempt(endpoint: Endpoint, body: string | Uint8Array, opts: SendOptions): Promise<UpstreamReply> {
    const maxBytes = Math.min(this.maxResponseBytes, opts.maxBytes ?? Infinity);
    let response;
    try {
      response = await endpoint.client.request(body, {
        timeoutMs: this.timeoutMs,
        maxBytes,
        idempotent: opts.retryable,
        signal: opts.signal,
        budget: opts.budget,
      });
    } catch (err) {
      throw err instanceof Http1Failure ? this.classify(err, maxBytes, opts.budget) : err;
    }
    if (response.status >= 500) throw new AttemptFailure(false, `HTTP ${response.status}`, false);
    let answer = response.body;
    if (!looksLikeJson(answer)) {
      const text = this.redacted(endpoint, answer);
      if (response.status !== 429)
        throw new AttemptFailure(false, `answer is not JSON (HTTP ${response.status}${text === '' ? '' : `: ${text}`})`, false);
      // A rate-limit page is passed on for its status; only its start, which the client will see quoted.
      answer = Buffer.from(text);
    }
    // A provider's refusal may name the key it was sent in the url; the client must not see it.
    if (response.status !== 200) answer = this.withoutSecrets(endpoint, answer);
    const reply: UpstreamReply = { status: response.status, body: answer, endpoint: endpoint.label };
    if (response.retryAfter !== undefined) reply.headers = { 'retry-after': response.retryAfter };
    return reply;
  }

  /** The answer with every occurrence of the url's path or query replaced; the same bytes when none occurs. */
  private withoutSecrets(endpoint: Endpoint, body: Buffer): Buffer {
    if (!endpoint.secrets.some((secret) => body.includes(secret))) return body;
    let text = body.toString('utf8');
    for (const secret of endpoint.secrets) text = text.split(secret).join('…');
    return Buffer.from(text);
  }

  /** The start of a broken answer (an error page says what went wrong), without the url's path or query. */
  private redacted(endpoint: Endpoint, body: Buffer): string {
    let text = body
      .subarray(0, 240)
      .toString('utf8')
      .replace(/[\u0000-\u001f\u007f-\u009f\ufffd]+/g, ' ');
    for (const secret of endpoint.secrets) text = text.split(secret).join('…');
    return text.replace(/\s+/g, ' ').trim().slice(0, 80);
  }

  /** Short reasons safe to show to clients: transport messages are not reused, as they may echo addresses. */
  private classify(failure: Http1Failure, maxBytes: number, budget: ByteBudget | undefined): AttemptFailure {
    const notSent = !failure.sent;
    switch (failure.kind) {
      case 'refused':
        return new AttemptFailure(false, 'connection refused', true);
      case 'not-found':
        return new AttemptFailure(false, 'host not found', true);
      case 'unreachable':
        return new AttemptFailure(false, 'host unreachable', true);
      case 'tls':
        return new AttemptFailure(false, 'TLS handshake failed', true);
      case 'connect-timeout':
      case 'timeout':
        return new AttemptFailure(true, 'timeout', notSent);
      case 'reset':
        return new AttemptFailure(false, 'connection reset', notSent);
      case 'closed':
        return new AttemptFailure(false, 'connection closed by upstream', notSent);
      case 'truncated':
        return new AttemptFailure(false, 'truncated response', notSent);
      case 'malformed':
        return new AttemptFailure(false, 'malformed HTTP response', notSent);
      case 'wrong-answer':
        return new AttemptFailure(false, "answer to another request's id", notSent);
      case 'headers-too-large':
        return new AttemptFailure(false, 'response headers too large', notSent);
      case 'too-large':
        if (maxBytes < this.maxResponseBytes) {
          return new AttemptFailure(
            false,
            'too large',
            notSent,
            true,
            batchAnswerTooLarge(`one entry's answer may hold at most ${maxBytes} bytes`),
          );
        }
        return new AttemptFailure(false, `response larger than ${maxBytes} bytes`, notSent, true);
      case 'over-budget':
        return new AttemptFailure(
          false,
          'over budget',
          notSent,
          true,
          batchAnswerTooLarge(`its answers may hold ${budget?.limit} bytes together`),
        );
      case 'client-closed':
        return new AttemptFailure(false, 'upstream connection pool is closed', notSent, true);
      case 'network': {
        const code = failure.errorCode;
        const known = code !== undefined && /^[A-Z0-9_]+$/.test(code);
        return new AttemptFailure(false, known ? `network error ${code}` : 'network error', notSent);
      }
    }
  }
}

/** The url's path and query as an answer might echo them, longest first so the whole is replaced at once. */
function secretsOf(url: URL): string[] {
  const parts = [`${url.pathname}${url.search}`, url.search, url.pathname];
  try {
    parts.push(decodeURIComponent(url.pathname));
  } catch {
    // A path with a stray % has no decoded form to hide.
  }
  return parts.filter((part) => part.length > 1);
}

async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    // Callers tell an abandoned call by its own abort reason, as every other wait here rejects with it.
    throw signal?.reason ?? error;
  }
}
