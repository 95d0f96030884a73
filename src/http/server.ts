/**
 * The HTTP face of the gateway on uWebSockets.js: routing, bounded body reading, the API key from
 * header or path, flags, and authorization before any JSON-RPC work is done.
 */
import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { isUtf8 } from 'node:buffer';
import { closeApp, listenPort, uws, type HttpResponse, type TemplatedApp, type us_listen_socket } from './uws.js';
import { enhancedNotInPlan, parseFlags } from '../rpc/flags.js';
import { servePlayground } from './playground.js';
import { errorResponse, readableId, readBody, type Body } from '../rpc/envelope.js';
import {
  addressBusy,
  badFlag,
  bodyTooLarge,
  contentTypeNotAllowed,
  gatewayBusy,
  invalidUtf8,
  keyBusy,
  methodNotAllowed,
  requestFailed,
  requestNotFound,
  type PlainRefusal,
  type Refusal,
} from '../rpc/errors.js';
import type { Dispatcher, DispatchResult } from '../rpc/dispatch.js';
import type { Authorizer } from '../auth/authorizer.js';
import type { GatewayMetrics } from '../observe/metrics.js';
import { log } from '../observe/log.js';
import { defaultConcurrencyLimits, InFlight, type ConcurrencyLimits } from './concurrency.js';

export interface HttpOptions {
  host: string;
  port: number;
  /** The node's default --rpc-max-request-body-size. */
  maxBodyBytes: number;
  maxNesting: number;
  health: () => { ok: boolean; detail: unknown };
  metrics: GatewayMetrics;
  /** Routes of other protocols on the same port (PubSub's WebSocket upgrade), placed before the HTTP ones. */
  routes?: (app: TemplatedApp) => void;
  concurrency?: ConcurrencyLimits;
  /**
   * Which of several acceptor processes on the port (`--acceptors`) this is: it listens with
   * SO_REUSEPORT and says so in /health/detail. Absent with one process, which takes the port alone.
   */
  acceptor?: number;
}

/**
 * One request's life: `answered` once its answer has started, `closed` once the client went away
 * (uWS's onAborted) or the answer ended; `release` runs once, at the end, whichever comes first.
 */
interface Exchange {
  answered: boolean;
  closed: boolean;
  release: () => void;
}

interface PostRequest {
  url: string;
  query: string;
  headerKey: string;
  contentType: string;
  contentLength: string;
  address: string;
}

/** Answers up to this size are handed to uWS whole; larger ones are written as the client reads them. */
const wholeWriteBytes = 64 * 1024;
/** A client that has not read its answer by then is cut off: it holds memory and a request slot. */
const writeDeadlineMs = 30_000;

interface Outcome {
  status: number;
  body: Buffer | string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Operators' pages (metrics, health detail) are not for browsers on other origins. */
  private?: boolean;
}

/** A status line for uWS's writeStatus, with the standard reason phrase. */
export const statusLine = (status: number) => `${status} ${STATUS_CODES[status] ?? 'Upstream Status'}`;

const jsonType = 'application/json; charset=utf-8';
const acceptedContentTypes = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

/** A refusal as answered, with the id of the request it refuses where that could be read. */
const refused = ({ status, error, retryAfterSeconds }: Refusal, idRaw = 'null'): Outcome => ({
  status,
  body: errorResponse(error, idRaw) + '\n',
  headers: retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
});

const plainRefused = ({ status, text }: PlainRefusal): Outcome => ({ status, body: text, contentType: 'text/plain' });

const ipv6Loopback = '0000:0000:0000:0000:0000:0000:0000:0001';
const ipv4MappedLoopback = '0000:0000:0000:0000:0000:ffff:7f';

/**
 * Whose request (and refused keys) it is, for the per-address limits. Behind the reverse proxy of deploy/nginx.conf every
 * connection comes from loopback and the proxy names the client in X-Real-IP; from anywhere else
 * the header is not believed, since any client can send it. Cut to an IPv6 text's length, as it is
 * kept in memory.
 */
export function clientAddress(peer: string, realIp: string): string {
  const loopback = peer.startsWith('127.') || peer === ipv6Loopback || peer.startsWith(ipv4MappedLoopback);
  return loopback && realIp !== '' ? realIp.slice(0, 45) : peer;
}

/** API keys are a single path segment; anything deeper is not an RPC endpoint. */
export function keyFromPath(url: string): string | null | undefined {
  const path = url.endsWith('/') && url.length > 1 ? url.slice(0, -1) : url;
  if (path === '/' || path === '') return null;
  const segment = path.slice(1);
  if (segment.includes('/')) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape cannot be a key we issued; treated as a key nobody has, it earns a 401.
    return segment;
  }
}

export class HttpServer {
  private readonly app: TemplatedApp;
  private listenSocket: us_listen_socket | null = null;
  private readonly inFlight: InFlight;

  constructor(
    private readonly options: HttpOptions,
    private readonly authorizer: Authorizer,
    private readonly dispatcher: Dispatcher,
  ) {
    this.inFlight = new InFlight(options.concurrency ?? defaultConcurrencyLimits);
    this.app = uws.App();
    this.options.routes?.(this.app);
    // The node's own /health: plain text that load balancers and Solana tooling already understand.
    this.app.get('/health', (res) => {
      const healthy = this.options.health().ok;
      res.cork(() => {
        res
          .writeStatus(healthy ? '200 OK' : '503 Service Unavailable')
          .writeHeader('content-type', 'text/plain')
          .end(healthy ? 'ok' : 'unknown');
      });
    });
    this.app.get('/health/detail', (res) => {
      const { ok, detail } = this.options.health();
      this.send(res, {
        status: ok ? 200 : 503,
        private: true,
        body:
          JSON.stringify({
            status: ok ? 'ok' : 'unknown',
            backend: detail,
            inFlight: this.inFlight.count,
            ...(this.options.acceptor === undefined ? {} : { acceptor: this.options.acceptor }),
            uptimeSeconds: Math.round(process.uptime()),
          }) + '\n',
      });
    });
    this.app.get('/metrics', (res) => {
      const state = exchangeOf(res);
      this.options.metrics.text().then(
        (text) => this.send(res, { status: 200, body: text, contentType: this.options.metrics.contentType, private: true }, state),
        (error: unknown) => {
          log.error({ err: error }, 'metrics collection failed');
          this.send(res, { status: 500, body: 'metrics collection failed\n', contentType: 'text/plain', private: true }, state);
        },
      );
    });
    this.app.options('/*', (res) => {
      res.cork(() => {
        res
          .writeStatus('200 OK')
          .writeHeader('access-control-allow-origin', '*')
          .writeHeader('access-control-allow-methods', 'POST, OPTIONS')
          .writeHeader('access-control-allow-headers', 'content-type, x-api-key, solana-client')
          .writeHeader('access-control-max-age', '86400')
          .end();
      });
    });
    // uWS's request object is valid only until the handler returns: everything needed is copied out here.
    this.app.post('/*', (res, req) =>
      this.onPost(res, {
        url: req.getUrl(),
        query: req.getQuery() ?? '',
        headerKey: req.getHeader('x-api-key'),
        contentType: req.getHeader('content-type'),
        contentLength: req.getHeader('content-length'),
        address: clientAddress(Buffer.from(res.getRemoteAddressAsText()).toString(), req.getHeader('x-real-ip')),
      }),
    );
    servePlayground(this.app);
    this.app.any('/*', (res) => {
      this.send(res, plainRefused(methodNotAllowed));
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      listenPort(this.app, this.options.host, this.options.port, this.options.acceptor !== undefined, (socket) => {
        if (!socket) return reject(new Error(`enhanced-rpc: cannot listen on ${this.options.host}:${this.options.port}`));
        this.listenSocket = socket;
        resolve(uws.us_socket_local_port(socket));
      });
    });
  }

  /** No new connections; those open and the answers being worked on go on. */
  stopListening(): void {
    if (this.listenSocket) uws.us_listen_socket_close(this.listenSocket);
    this.listenSocket = null;
  }

  /**
   * Stops accepting connections, waits (bounded) for answers already being worked on, then closes
   * every connection, idle kept-alive ones included.
   */
  async close(graceMs = 10_000): Promise<void> {
    this.stopListening();
    const deadline = Date.now() + graceMs;
    while (this.inFlight.count > 0 && Date.now() < deadline) await sleep(20);
    closeApp(this.app);
  }

  private onPost(res: HttpResponse, { url, query, headerKey, contentType, contentLength, address }: PostRequest) {
    const pathKey = keyFromPath(url);
    const refusedStart = this.inFlight.startRequest(address);
    const state = exchangeOf(res, refusedStart === null ? () => this.inFlight.endRequest(address) : undefined);
    if (refusedStart !== null) {
      const refusal = refusedStart === 'total' ? gatewayBusy() : addressBusy(this.inFlight.limits.perAddress);
      return this.send(res, refused(refusal), state, true);
    }
    if (pathKey === undefined) return this.send(res, refused(requestNotFound()), state);
    if (Number(contentLength) > this.options.maxBodyBytes) {
      return this.send(res, this.tooLarge(), state, true);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    res.onData((chunk, isLast) => {
      if (state.answered || state.closed) return;
      size += chunk.byteLength;
      if (size > this.options.maxBodyBytes) return this.send(res, this.tooLarge(), state, true);
      chunks.push(Buffer.from(chunk.slice(0)));
      if (!isLast) return;
      const key = headerKey !== '' ? headerKey : pathKey;
      const started = performance.now();
      void this.handle(Buffer.concat(chunks), key, query, contentType, address)
        .catch((error): Outcome => {
          log.error({ err: error }, 'request failed unexpectedly');
          return refused(requestFailed());
        })
        .then((outcome) => {
          this.send(res, outcome, state);
          if (log.isLevelEnabled('debug')) {
            log.debug(
              { status: outcome.status, bytes: size, ms: +(performance.now() - started).toFixed(3), query: loggableQuery(query) },
              'request',
            );
          }
        });
    });
  }

  private tooLarge(): Outcome {
    return refused(bodyTooLarge(this.options.maxBodyBytes));
  }

  private async handle(bytes: Buffer, key: string | null, query: string, contentType: string, address: string): Promise<Outcome> {
    if (!acceptedContentTypes.has(contentType.toLowerCase())) return refused(contentTypeNotAllowed());
    const invalidAt = invalidUtf8Offset(bytes);
    // The node refuses such a body outright rather than read it with replacement characters.
    if (invalidAt >= 0) return plainRefused(invalidUtf8(invalidAt));
    const text = bytes.toString('utf8');
    const access = await this.authorizer.identify(key, address);
    if ('error' in access) return refused(access, readableId(text));
    const body = readBody(text, this.options.maxNesting);
    const flags = parseFlags(query);
    if ('name' in flags) return refused(badFlag(flags.name, flags.value), singleId(body));
    const notInPlan = enhancedNotInPlan(flags, access.plan);
    if (notInPlan !== null) return refused(notInPlan, singleId(body));
    const limited = await this.authorizer.admit(access, callCount(body));
    if (limited) return refused(limited, singleId(body));
    if (!this.inFlight.startKey(access.keyId)) return refused(keyBusy(this.inFlight.limits.perKey), singleId(body));
    try {
      const result: DispatchResult = await this.dispatcher.dispatch(body, flags);
      return { status: result.status, body: result.body, headers: result.headers };
    } finally {
      this.inFlight.endKey(access.keyId);
    }
  }

  /**
   * Small answers go to uWS whole. A large one is written as the client takes it (tryEnd, then
   * onWritable), so a client that does not read holds only the answer we already have, not a
   * second copy in uWS's buffer, and is cut off after `writeDeadlineMs`.
   */
  private send(res: HttpResponse, outcome: Outcome, state: Exchange = exchangeOf(res), closeConnection = false) {
    if (state.answered || state.closed) return;
    state.answered = true;
    this.options.metrics.response(outcome.status);
    const body = typeof outcome.body === 'string' && outcome.body.length > wholeWriteBytes ? Buffer.from(outcome.body) : outcome.body;
    let finished = false;
    let start = 0;
    res.cork(() => {
      res.writeStatus(statusLine(outcome.status));
      res.writeHeader('content-type', outcome.contentType ?? jsonType);
      res.writeHeader('x-content-type-options', 'nosniff');
      if (outcome.private !== true) res.writeHeader('access-control-allow-origin', '*');
      for (const [name, value] of Object.entries(outcome.headers ?? {})) res.writeHeader(name, value);
      if (typeof body === 'string' || body.length <= wholeWriteBytes) {
        res.end(body, closeConnection);
        finished = true;
      } else {
        start = res.getWriteOffset();
        finished = res.tryEnd(body, body.length)[1];
      }
    });
    if (finished) return finish(state);
    const total = (body as Buffer).length;
    const deadline = setTimeout(() => {
      if (!state.closed) res.close();
    }, writeDeadlineMs);
    const onClosed = state.release;
    state.release = () => {
      clearTimeout(deadline);
      onClosed();
    };
    res.onWritable((offset) => {
      const [ok, done] = res.tryEnd((body as Buffer).subarray(offset - start), total);
      if (done) finish(state);
      return ok;
    });
  }
}

/** A new request's state; `release` (its slot in the in-flight counts) runs when it ends either way. */
function exchangeOf(res: HttpResponse, release: () => void = () => {}): Exchange {
  const state: Exchange = { answered: false, closed: false, release };
  res.onAborted(() => finish(state));
  return state;
}

function finish(state: Exchange): void {
  if (state.closed) return;
  state.closed = true;
  state.release();
}

function singleId(body: Body): string {
  return body.kind === 'single' && body.entry.kind !== 'notification' ? body.entry.idRaw : 'null';
}

/** A batch costs one request per entry against the plan's rate, as each entry is one node call. */
function callCount(body: Body): number {
  return body.kind === 'batch' ? Math.max(1, body.entries.length) : 1;
}

/**
 * Where the first byte that is not UTF-8 starts (what Rust's `Utf8Error::valid_up_to` reports, and
 * so the node's 400 text), or -1. Valid bodies, nearly all of them, cost one native check.
 */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  if (isUtf8(bytes)) return -1;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const more = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (more === 0) return i;
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    if (i + 1 >= n || bytes[i + 1] < low || bytes[i + 1] > high) return i;
    for (let k = 2; k <= more; k++) if (i + k >= n || (bytes[i + k] & 0xc0) !== 0x80) return i;
    i += more + 1;
  }
  return n;
}

/** Flag names and values for the debug log; anything else in the query (a key, some token) is cut. */
function loggableQuery(query: string): string | undefined {
  if (query === '') return undefined;
  return query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0];
      return name === 'explorerkit' || name === 'actionskit' ? pair.slice(0, 64) : `${name.slice(0, 64)}=…`;
    })
    .join('&');
}
