/**
 * A minimal keep-alive HTTP/1.1 client that POSTs JSON bodies to one URL and hands back the
 * answer's status and bytes: the gateway's only use of HTTP towards its upstreams. It replaces
 * undici there because undici's general request machinery (abort signals, body streams, header
 * objects) cost the gateway more CPU per pass-through call than all of its own work
 * (bench/passthrough.bench.ts, BENCHMARKS.md).
 *
 * One request per connection at a time (no pipelining). Idle connections are reused newest first
 * and dropped before the server's keep-alive timeout can race a new request. Every failure says
 * whether the request can have reached the server, which decides whether a call that must not be
 * repeated may still go elsewhere.
 */
import net from 'node:net';
import tls from 'node:tls';
import type { ByteBudget } from './byte-budget.js';

export interface Http1ClientOptions {
  /** http: or https: URL; its path and query are the request target. */
  url: URL;
  /** Request headers besides host and content-length. */
  headers: Record<string, string>;
  connections: number;
  connectTimeoutMs: number;
  maxHeaderBytes?: number;
}

export interface Http1Response {
  status: number;
  body: Buffer;
  /** The Retry-After header as sent, when there was one. */
  retryAfter?: string;
}

export type Http1FailureKind =
  | 'refused'
  | 'not-found'
  | 'unreachable'
  | 'connect-timeout'
  | 'tls'
  | 'reset'
  | 'closed'
  | 'truncated'
  | 'malformed'
  | 'headers-too-large'
  | 'too-large'
  | 'over-budget'
  | 'timeout'
  | 'client-closed'
  | 'network';

export class Http1Failure extends Error {
  constructor(
    readonly kind: Http1FailureKind,
    /** False when no byte of the request can have reached the server. */
    readonly sent: boolean,
    /** The transport's error code, when it had one (never an address). */
    readonly errorCode?: string,
  ) {
    super(kind);
  }
}

/** Node's http server drops idle keep-alive sockets after 5 s; staying under that avoids the race. */
const DEFAULT_KEEP_ALIVE_MS = 4_000;
/** A Keep-Alive timeout announced by the server is trusted less this margin. */
const KEEP_ALIVE_MARGIN_MS = 1_000;
const SWEEP_INTERVAL_MS = 1_000;
const HEAD_END = Buffer.from('\r\n\r\n');

interface Exchange {
  body: string | Uint8Array;
  maxBytes: number;
  /** Shared with the other answers of a batch; what this exchange took is given back if it fails. */
  budget: ByteBudget | undefined;
  charged: number;
  /** A reused connection that closes before answering is retried once, for idempotent requests only. */
  idempotent: boolean;
  retriedStale: boolean;
  timer: NodeJS.Timeout | undefined;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  done: boolean;
  resolve: (response: Http1Response) => void;
  reject: (error: unknown) => void;
  connection: Connection | null;
}

const enum Framing {
  Length,
  Chunked,
  UntilClose,
}

const enum ChunkState {
  Size,
  Data,
  DataEnd,
  Trailers,
}

class Connection {
  connected = false;
  /** Exchanges answered on this socket; a closed socket is suspected stale only after the first. */
  served = 0;
  idleSince = 0;
  keepAliveMs = DEFAULT_KEEP_ALIVE_MS;
  exchange: Exchange | null = null;
  transportError: NodeJS.ErrnoException | undefined;

  // Response state, reset per exchange.
  private head: Buffer | null = null;
  private headParsed = false;
  private received = 0;
  private status = 0;
  private framing = Framing.Length;
  private remaining = 0;
  private keepAlive = true;
  private retryAfter: string | undefined;
  private parts: Buffer[] = [];
  private bodyBytes = 0;
  private chunkState = ChunkState.Size;
  private line = '';

  constructor(
    private readonly client: Http1Client,
    readonly socket: net.Socket,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('end', () => this.onEnd());
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.transportError ??= error;
    });
    socket.on('close', () => this.onClose());
  }

  send(exchange: Exchange): void {
    this.exchange = exchange;
    exchange.connection = this;
    this.head = null;
    this.headParsed = false;
    this.received = 0;
    this.parts = [];
    this.bodyBytes = 0;
    this.retryAfter = undefined;
    this.client.write(this.socket, exchange.body);
  }

  /** Ends the exchange with `failure` and drops the connection, whose framing is now unknown. */
  fail(failure: Http1Failure): void {
    const exchange = this.exchange;
    this.exchange = null;
    this.socket.destroy();
    if (exchange !== null) this.client.reject(exchange, failure);
  }

  private onData(chunk: Buffer): void {
    if (this.exchange === null) {
      // Bytes nobody asked for: nothing on this connection can be trusted any more.
      this.socket.destroy();
      return;
    }
    this.received += chunk.length;
    if (this.headParsed) return this.onBody(chunk);
    const buffer = this.head === null ? chunk : Buffer.concat([this.head, chunk]);
    const end = buffer.indexOf(HEAD_END, this.head === null ? 0 : Math.max(0, this.head.length - 3));
    const limit = this.client.maxHeaderBytes;
    if (end < 0 ? buffer.length > limit : end > limit) return this.fail(new Http1Failure('headers-too-large', true));
    if (end < 0) {
      this.head = buffer;
      return;
    }
    this.head = null;
    if (!this.parseHead(buffer.toString('latin1', 0, end))) return this.fail(new Http1Failure('malformed', true));
    const rest = buffer.subarray(end + 4);
    if (this.status < 200) {
      // 100 Continue and other interim answers: the real one follows.
      if (rest.length > 0) this.onData(rest);
      return;
    }
    this.headParsed = true;
    if (this.framing === Framing.Length) {
      const { budget, maxBytes } = this.exchange;
      if (this.remaining > maxBytes) return this.fail(new Http1Failure('too-large', true));
      // Counted whole before any of it is kept: a batch learns at once that this answer does not fit.
      if (budget !== undefined) {
        if (!budget.take(this.remaining)) return this.fail(new Http1Failure('over-budget', true));
        this.exchange.charged = this.remaining;
      }
    }
    if (rest.length > 0) this.onBody(rest);
    else if (this.framing === Framing.Length && this.remaining === 0) this.complete();
  }

  /** Status line and the few headers that matter; false when it is not an HTTP/1.x response head. */
  private parseHead(text: string): boolean {
    const lines = text.split('\r\n');
    const statusLine = /^HTTP\/1\.([01]) (\d{3})(?: |$)/.exec(lines[0]);
    if (statusLine === null) return false;
    this.status = Number(statusLine[2]);
    // 101 would hand the connection over to another protocol; nothing the gateway asks for.
    if (this.status < 100 || this.status === 101) return false;
    this.keepAlive = statusLine[1] === '1';
    let length = -1;
    let chunked = false;
    let encoded = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      const colon = line.indexOf(':');
      if (colon <= 0 || line.charCodeAt(0) === 0x20 || line.charCodeAt(0) === 0x09) return false;
      const name = line.slice(0, colon).toLowerCase();
      switch (name) {
        case 'content-length': {
          const value = line.slice(colon + 1).trim();
          if (!/^\d{1,15}$/.test(value)) return false;
          const n = Number(value);
          if (length >= 0 && n !== length) return false;
          length = n;
          break;
        }
        case 'transfer-encoding':
          encoded = true;
          chunked = /(?:^|,)[ \t]*chunked[ \t]*$/i.test(line.slice(colon + 1));
          break;
        case 'connection': {
          const tokens = line.slice(colon + 1).toLowerCase();
          if (/(?:^|[\s,])close(?:$|[\s,])/.test(tokens)) this.keepAlive = false;
          else if (/(?:^|[\s,])keep-alive(?:$|[\s,])/.test(tokens)) this.keepAlive = true;
          break;
        }
        case 'keep-alive': {
          const timeout = /timeout\s*=\s*(\d+)/i.exec(line);
          if (timeout) this.keepAliveMs = Math.min(DEFAULT_KEEP_ALIVE_MS, Number(timeout[1]) * 1000 - KEEP_ALIVE_MARGIN_MS);
          break;
        }
        case 'retry-after': {
          // Passed on to clients, so only the two forms RFC 9110 allows: seconds or an HTTP date.
          const value = line.slice(colon + 1).trim();
          if (/^(?:\d{1,10}|[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT)$/.test(value)) this.retryAfter = value;
          break;
        }
      }
    }
    if (this.status < 200 || this.status === 204 || this.status === 304) {
      this.framing = Framing.Length;
      this.remaining = 0;
    } else if (encoded) {
      // A transfer coding overrides any length (RFC 9112 §6.3); only chunked ends before the connection does.
      this.framing = chunked ? Framing.Chunked : Framing.UntilClose;
      this.chunkState = ChunkState.Size;
      this.line = '';
      if (!chunked || length >= 0) this.keepAlive = false;
    } else if (length >= 0) {
      this.framing = Framing.Length;
      this.remaining = length;
    } else {
      this.framing = Framing.UntilClose;
      this.keepAlive = false;
    }
    return true;
  }

  private onBody(chunk: Buffer): void {
    switch (this.framing) {
      case Framing.Length:
        if (chunk.length > this.remaining) {
          // More than announced: keep what was announced and stop trusting the connection.
          this.keepAlive = false;
          chunk = chunk.subarray(0, this.remaining);
        }
        this.remaining -= chunk.length;
        if (this.take(chunk) && this.remaining === 0) this.complete();
        return;
      case Framing.UntilClose:
        this.take(chunk);
        return;
      case Framing.Chunked:
        this.onChunked(chunk);
        return;
    }
  }

  private onChunked(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length && this.exchange !== null) {
      if (this.chunkState === ChunkState.Data) {
        const take = Math.min(this.remaining, chunk.length - i);
        const part = chunk.subarray(i, i + take);
        i += take;
        this.remaining -= take;
        if (this.remaining === 0) this.chunkState = ChunkState.DataEnd;
        if (!this.take(part)) return;
        continue;
      }
      const eol = chunk.indexOf(0x0a, i);
      this.line += chunk.toString('latin1', i, eol < 0 ? chunk.length : eol);
      if (this.line.length > this.client.maxHeaderBytes) return this.fail(new Http1Failure('malformed', true));
      if (eol < 0) return;
      i = eol + 1;
      const line = this.line.endsWith('\r') ? this.line.slice(0, -1) : this.line;
      this.line = '';
      if (this.chunkState === ChunkState.DataEnd) {
        if (line !== '') return this.fail(new Http1Failure('malformed', true));
        this.chunkState = ChunkState.Size;
      } else if (this.chunkState === ChunkState.Trailers) {
        if (line === '') {
          if (i < chunk.length) this.keepAlive = false;
          return this.complete();
        }
      } else {
        const size = /^([0-9a-fA-F]{1,8})[ \t]*(?:;.*)?$/.exec(line);
        if (size === null) return this.fail(new Http1Failure('malformed', true));
        this.remaining = parseInt(size[1], 16);
        this.chunkState = this.remaining === 0 ? ChunkState.Trailers : ChunkState.Data;
      }
    }
  }

  /** Keeps a piece of the body; false when that made it too large (the exchange has failed). */
  private take(part: Buffer): boolean {
    const exchange = this.exchange!;
    this.bodyBytes += part.length;
    if (this.bodyBytes > exchange.maxBytes) {
      this.fail(new Http1Failure('too-large', true));
      return false;
    }
    // A length-framed answer was counted whole when its head said how long it is.
    if (exchange.budget !== undefined && this.framing !== Framing.Length) {
      if (!exchange.budget.take(part.length)) {
        this.fail(new Http1Failure('over-budget', true));
        return false;
      }
      exchange.charged += part.length;
    }
    if (part.length > 0) this.parts.push(part);
    return true;
  }

  private complete(): void {
    const exchange = this.exchange!;
    const parts = this.parts;
    const body = parts.length === 1 ? parts[0] : Buffer.concat(parts, this.bodyBytes);
    const response: Http1Response = { status: this.status, body };
    if (this.retryAfter !== undefined) response.retryAfter = this.retryAfter;
    this.parts = [];
    this.exchange = null;
    this.served++;
    this.client.resolve(exchange, response);
    if (this.keepAlive && this.keepAliveMs > 0 && !this.client.closing) this.client.release(this);
    else this.socket.destroy();
  }

  private onEnd(): void {
    if (this.exchange !== null && this.headParsed && this.framing === Framing.UntilClose) this.complete();
  }

  private onClose(): void {
    const exchange = this.exchange;
    this.exchange = null;
    this.client.forget(this);
    if (exchange === null || exchange.done) return;
    if (!this.connected) return this.client.reject(exchange, connectFailure(this.transportError, this.client.secure));
    if (this.received === 0 && this.served > 0 && exchange.idempotent && !exchange.retriedStale) {
      // The server dropped a kept-alive connection as the request went out. A read can safely go
      // out once more, on another connection.
      exchange.retriedStale = true;
      exchange.connection = null;
      return this.client.enqueue(exchange);
    }
    const code = this.transportError?.code;
    let failure: Http1Failure;
    if (code === 'ECONNRESET' || code === 'EPIPE') failure = new Http1Failure('reset', true, code);
    else if (this.headParsed) failure = new Http1Failure('truncated', true, code);
    else if (code !== undefined) failure = new Http1Failure('network', true, code);
    else failure = new Http1Failure('closed', true);
    this.client.reject(exchange, failure);
  }
}

function connectFailure(error: NodeJS.ErrnoException | undefined, secure: boolean): Http1Failure {
  const code = error?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return new Http1Failure('refused', false, code);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new Http1Failure('not-found', false, code);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new Http1Failure('unreachable', false, code);
    case 'ETIMEDOUT':
      return new Http1Failure('connect-timeout', false, code);
  }
  // Certificate and handshake errors come with many codes; until the handshake is done nothing was sent.
  return new Http1Failure(secure ? 'tls' : 'network', false, code);
}

export class Http1Client {
  readonly secure: boolean;
  readonly maxHeaderBytes: number;
  closing = false;
  private readonly host: string;
  private readonly port: number;
  private readonly servername: string | undefined;
  /** Everything before the content-length value. */
  private readonly head: string;
  private readonly idle: Connection[] = [];
  private readonly queue: Exchange[] = [];
  private open = 0;
  private readonly sweeper: NodeJS.Timeout;
  private closed: Promise<void> | undefined;
  private onAllClosed: (() => void) | undefined;

  constructor(private readonly options: Http1ClientOptions) {
    const { url } = options;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`not an http(s) url: ${url.protocol}`);
    this.secure = url.protocol === 'https:';
    this.host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    this.port = url.port === '' ? (this.secure ? 443 : 80) : Number(url.port);
    this.servername = this.secure && net.isIP(this.host) === 0 ? this.host : undefined;
    this.maxHeaderBytes = options.maxHeaderBytes ?? 64 * 1024;
    let head = `POST ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n`;
    for (const [name, value] of Object.entries(options.headers)) {
      if (/[\r\n]/.test(name + value)) throw new Error(`header ${name} holds a line break`);
      head += `${name}: ${value}\r\n`;
    }
    this.head = `${head}content-length: `;
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();
  }

  /** Connections open or opening now, idle or busy. */
  get connections(): number {
    return this.open;
  }

  /**
   * POSTs `body` and resolves with the response, or rejects with an Http1Failure (or the signal's
   * reason). `timeoutMs` bounds the whole exchange, waiting for a connection included.
   */
  request(
    body: string | Uint8Array,
    options: { timeoutMs: number; maxBytes: number; idempotent: boolean; signal?: AbortSignal; budget?: ByteBudget },
  ): Promise<Http1Response> {
    return new Promise<Http1Response>((resolve, reject) => {
      if (this.closing) return reject(new Http1Failure('client-closed', false));
      const exchange: Exchange = {
        body,
        maxBytes: options.maxBytes,
        budget: options.budget,
        charged: 0,
        idempotent: options.idempotent,
        retriedStale: false,
        timer: undefined,
        signal: options.signal,
        onAbort: undefined,
        done: false,
        resolve,
        reject,
        connection: null,
      };
      exchange.timer = setTimeout(() => {
        const sent = exchange.connection !== null && exchange.connection.connected;
        this.abandon(exchange, new Http1Failure('timeout', sent));
      }, options.timeoutMs);
      if (options.signal) {
        exchange.onAbort = () => this.abandon(exchange, options.signal!.reason);
        options.signal.addEventListener('abort', exchange.onAbort, { once: true });
      }
      this.enqueue(exchange);
    });
  }

  /** Refuses new requests, fails queued ones, lets those on the wire finish; resolves when every socket is closed. */
  close(): Promise<void> {
    if (this.closed) return this.closed;
    this.closing = true;
    clearInterval(this.sweeper);
    for (const exchange of this.queue.splice(0)) this.reject(exchange, new Http1Failure('client-closed', false));
    for (const connection of this.idle.splice(0)) connection.socket.destroy();
    this.closed = this.open === 0 ? Promise.resolve() : new Promise((resolve) => (this.onAllClosed = resolve));
    return this.closed;
  }

  /** @internal */
  enqueue(exchange: Exchange): void {
    if (this.closing) return this.reject(exchange, new Http1Failure('client-closed', false));
    const connection = this.takeIdle();
    if (connection !== undefined) return connection.send(exchange);
    if (this.open < this.options.connections) return this.connect(exchange);
    this.queue.push(exchange);
  }

  /** @internal A connection finished its exchange and can take another. */
  release(connection: Connection): void {
    while (this.queue.length > 0) {
      const next = this.queue.shift()!;
      if (!next.done) return connection.send(next);
    }
    connection.idleSince = Date.now();
    this.idle.push(connection);
  }

  /** @internal The connection's socket closed. */
  forget(connection: Connection): void {
    this.open--;
    const at = this.idle.indexOf(connection);
    if (at >= 0) this.idle.splice(at, 1);
    while (this.queue.length > 0 && this.open < this.options.connections && !this.closing) {
      const next = this.queue.shift()!;
      if (!next.done) this.connect(next);
    }
    if (this.open === 0) this.onAllClosed?.();
  }

  /** @internal */
  resolve(exchange: Exchange, response: Http1Response): void {
    if (this.finish(exchange)) exchange.resolve(response);
  }

  /** @internal */
  reject(exchange: Exchange, reason: unknown): void {
    exchange.budget?.give(exchange.charged);
    exchange.charged = 0;
    if (this.finish(exchange)) exchange.reject(reason);
  }

  /** @internal One write per request, so head and body leave in one packet where they fit. */
  write(socket: net.Socket, body: string | Uint8Array): void {
    if (typeof body === 'string') {
      socket.write(`${this.head}${Buffer.byteLength(body)}\r\n\r\n${body}`);
    } else {
      socket.cork();
      socket.write(`${this.head}${body.byteLength}\r\n\r\n`, 'latin1');
      socket.write(body);
      socket.uncork();
    }
  }

  private finish(exchange: Exchange): boolean {
    if (exchange.done) return false;
    exchange.done = true;
    clearTimeout(exchange.timer);
    if (exchange.onAbort) exchange.signal!.removeEventListener('abort', exchange.onAbort);
    return true;
  }

  private abandon(exchange: Exchange, reason: unknown): void {
    if (exchange.done) return;
    const connection = exchange.connection;
    if (connection !== null && connection.exchange === exchange) {
      // Half an answer may still arrive on this socket; it cannot carry another request.
      connection.exchange = null;
      connection.socket.destroy();
    } else {
      const at = this.queue.indexOf(exchange);
      if (at >= 0) this.queue.splice(at, 1);
    }
    this.reject(exchange, reason);
  }

  private takeIdle(): Connection | undefined {
    const now = Date.now();
    while (this.idle.length > 0) {
      const connection = this.idle.pop()!;
      if (now - connection.idleSince < connection.keepAliveMs) return connection;
      connection.socket.destroy();
    }
    return undefined;
  }

  /** Closes connections idle past their keep-alive time, so an idle gateway holds no sockets. */
  private sweep(): void {
    const now = Date.now();
    for (let i = this.idle.length - 1; i >= 0; i--) {
      const connection = this.idle[i];
      if (now - connection.idleSince >= connection.keepAliveMs) connection.socket.destroy();
    }
  }

  private connect(exchange: Exchange): void {
    this.open++;
    const socket = this.secure
      ? tls.connect({ host: this.host, port: this.port, servername: this.servername, ALPNProtocols: ['http/1.1'] })
      : net.connect({ host: this.host, port: this.port });
    const connection = new Connection(this, socket);
    exchange.connection = connection;
    connection.exchange = exchange;
    const connectTimer = setTimeout(() => {
      connection.transportError ??= Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' });
      socket.destroy();
    }, this.options.connectTimeoutMs);
    socket.once('close', () => clearTimeout(connectTimer));
    socket.once(this.secure ? 'secureConnect' : 'connect', () => {
      clearTimeout(connectTimer);
      connection.connected = true;
      const first = connection.exchange;
      connection.exchange = null;
      if (first !== null && !first.done) connection.send(first);
      else if (this.closing) socket.destroy();
      else this.release(connection);
    });
  }
}
