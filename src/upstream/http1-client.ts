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
import { scanRequestBody, type ScannedObject } from '../json/request-scan.js';

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
  | 'wrong-answer'
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
  /** The ids the answer may carry, read from the body when the answer is in; null: not a request this can read. */
  expected: ExpectedIds | null | undefined;
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

const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const QUOTED = '"(?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\t \\x21-\\x7e\\x80-\\xff])*"';
/** RFC 9112 §5: a token, a colon, then visible characters, spaces and tabs; obs-fold and control bytes are refused. */
const FIELD_LINE = new RegExp(`^${TOKEN}:[\\t\\x20-\\x7e\\x80-\\xff]*$`);
/** RFC 9112 §7.1.1, BWS included; leading zeros are allowed, as the size is a number, not a width. */
const CHUNK_SIZE_LINE = new RegExp(`^0*([0-9A-Fa-f]{1,13})(?:[ \\t]*;[ \\t]*${TOKEN}(?:[ \\t]*=[ \\t]*(?:${TOKEN}|${QUOTED}))?)*$`);

/**
 * @internal The response side of RFC 9112 framing, apart from the socket, so that it can be
 * driven on raw bytes split anywhere (test/upstream-http1-parser.test.ts). A subclass decides
 * what body bytes may be kept and where a finished or refused response goes.
 */
export abstract class ResponseParser {
  /** Bytes of the current response seen so far. */
  protected received = 0;
  protected headParsed = false;
  protected status = 0;
  protected framing = Framing.Length;
  protected keepAlive = true;
  /** The server's Keep-Alive timeout less a margin, when it announced one. */
  protected announcedKeepAliveMs: number | undefined;
  protected retryAfter: string | undefined;
  protected bodyBytes = 0;
  private remaining = 0;
  /** The head so far, kept in the pieces it came in: a head trickled a byte at a time is not re-copied per byte. */
  private headParts: Buffer[] = [];
  private headBytes = 0;
  /** The head's last three bytes, where a CRLFCRLF split across pieces begins. */
  private seam: Buffer = Buffer.alloc(0);
  private parts: Buffer[] = [];
  private chunkState = ChunkState.Size;
  private line = '';
  private trailerBytes = 0;

  constructor(protected readonly maxHeaderBytes: number) {}

  /** The body length a head announced, before any of it is kept; false when refused (and failed). */
  protected abstract admitLength(length: number): boolean;
  /** A piece of the body, already counted in bodyBytes; false when refused (and failed). */
  protected abstract admit(part: Buffer): boolean;
  protected abstract complete(body: Buffer): void;
  protected abstract fail(failure: Http1Failure): void;

  protected resetResponse(): void {
    this.headParsed = false;
    this.received = 0;
    this.headParts = [];
    this.headBytes = 0;
    this.seam = Buffer.alloc(0);
    this.parts = [];
    this.bodyBytes = 0;
    this.retryAfter = undefined;
  }

  protected parse(chunk: Buffer): void {
    this.received += chunk.length;
    this.consume(chunk);
  }

  private consume(chunk: Buffer): void {
    if (this.headParsed) return this.onBody(chunk);
    const end = this.headEnd(chunk);
    const limit = this.maxHeaderBytes;
    if (end < 0) {
      if (this.headBytes + chunk.length > limit) return this.fail(new Http1Failure('headers-too-large', true));
      this.headParts.push(chunk);
      this.headBytes += chunk.length;
      this.seam = Buffer.concat([this.seam, chunk.subarray(-3)]).subarray(-3);
      return;
    }
    const length = this.headBytes + end - 4;
    if (length > limit) return this.fail(new Http1Failure('headers-too-large', true));
    this.headParts.push(chunk.subarray(0, end));
    const head = this.headParts.length === 1 ? this.headParts[0] : Buffer.concat(this.headParts);
    this.headParts = [];
    this.headBytes = 0;
    this.seam = Buffer.alloc(0);
    if (!this.parseHead(head.toString('latin1', 0, length))) return this.fail(new Http1Failure('malformed', true));
    const rest = chunk.subarray(end);
    if (this.status < 200) {
      // 100 Continue and other interim answers: the real one follows.
      if (rest.length > 0) this.consume(rest);
      return;
    }
    this.headParsed = true;
    if (this.framing === Framing.Length && !this.admitLength(this.remaining)) return;
    if (rest.length > 0) this.onBody(rest);
    else if (this.framing === Framing.Length && this.remaining === 0) this.finish();
  }

  /** At the end of input: whether that ended the response (one framed by the connection's close). */
  protected parseEnd(): boolean {
    if (!this.headParsed || this.framing !== Framing.UntilClose) return false;
    this.finish();
    return true;
  }

  /** Where in `chunk` the head ends (after its CRLFCRLF), or -1; the terminator may have begun in earlier pieces. */
  private headEnd(chunk: Buffer): number {
    if (this.seam.length > 0) {
      const across = Buffer.concat([this.seam, chunk.subarray(0, 3)]).indexOf(HEAD_END);
      if (across >= 0) return across + 4 - this.seam.length;
    }
    const at = chunk.indexOf(HEAD_END);
    return at < 0 ? -1 : at + 4;
  }

  /** Status line and the few headers that matter; false when it is not an HTTP/1.x response head. */
  private parseHead(text: string): boolean {
    // A bare CR or LF would end a line for some parsers and not others (RFC 9112 §2.2).
    const lines = text.split('\r\n');
    if (lines.some((line) => /[\r\n]/.test(line))) return false;
    const statusLine = /^HTTP\/1\.([01]) (\d{3})(?: |$)/.exec(lines[0]);
    if (statusLine === null) return false;
    this.status = Number(statusLine[2]);
    // 101 would hand the connection over to another protocol; nothing the gateway asks for.
    if (this.status < 100 || this.status === 101) return false;
    let close = false;
    let keepAliveAsked = false;
    let length = -1;
    let chunked = false;
    let encoded = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      if (!FIELD_LINE.test(line)) return false;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      switch (name) {
        case 'content-length': {
          const value = line.slice(colon + 1).trim();
          if (!/^\d{1,15}$/.test(value)) return false;
          const n = Number(value);
          // Repeats of one value are one length (RFC 9110 §8.6); different ones are no length at all.
          if (length >= 0 && n !== length) return false;
          length = n;
          break;
        }
        case 'transfer-encoding':
          encoded = true;
          chunked = /(?:^|,)[ \t]*chunked[ \t]*$/i.test(line.slice(colon + 1));
          break;
        case 'connection': {
          // Several Connection fields are one list (RFC 9110 §5.3): a close anywhere in it stands.
          const tokens = line.slice(colon + 1).toLowerCase();
          if (/(?:^|[\s,])close(?:$|[\s,])/.test(tokens)) close = true;
          if (/(?:^|[\s,])keep-alive(?:$|[\s,])/.test(tokens)) keepAliveAsked = true;
          break;
        }
        case 'keep-alive': {
          const timeout = /timeout\s*=\s*(\d+)/i.exec(line);
          if (timeout) this.announcedKeepAliveMs = Number(timeout[1]) * 1000 - KEEP_ALIVE_MARGIN_MS;
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
    this.keepAlive = !close && (statusLine[1] === '1' || keepAliveAsked);
    // Both framings at once is how responses are smuggled past one parser and not another (RFC 9112 §6.3).
    if (encoded && length >= 0) return false;
    if (this.status < 200 || this.status === 204 || this.status === 304) {
      this.framing = Framing.Length;
      this.remaining = 0;
    } else if (encoded) {
      // Only chunked ends before the connection does (RFC 9112 §6.3).
      this.framing = chunked ? Framing.Chunked : Framing.UntilClose;
      this.chunkState = ChunkState.Size;
      this.line = '';
      this.trailerBytes = 0;
      if (!chunked) this.keepAlive = false;
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
        if (this.take(chunk) && this.remaining === 0) this.finish();
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
    while (i < chunk.length) {
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
      if (this.chunkState === ChunkState.Trailers) {
        this.trailerBytes += (eol < 0 ? chunk.length : eol + 1) - i;
        if (this.trailerBytes > this.maxHeaderBytes) return this.fail(new Http1Failure('headers-too-large', true));
      } else if (this.line.length > (this.chunkState === ChunkState.DataEnd ? 1 : this.maxHeaderBytes)) {
        return this.fail(new Http1Failure('malformed', true));
      }
      if (eol < 0) return;
      i = eol + 1;
      // Every line of the chunked framing ends in CRLF; a bare LF is refused (RFC 9112 §7.1).
      if (!this.line.endsWith('\r')) return this.fail(new Http1Failure('malformed', true));
      const line = this.line.slice(0, -1);
      this.line = '';
      if (this.chunkState === ChunkState.DataEnd) {
        if (line !== '') return this.fail(new Http1Failure('malformed', true));
        this.chunkState = ChunkState.Size;
      } else if (this.chunkState === ChunkState.Trailers) {
        if (line === '') {
          if (i < chunk.length) this.keepAlive = false;
          return this.finish();
        }
        if (!FIELD_LINE.test(line)) return this.fail(new Http1Failure('malformed', true));
      } else {
        const size = CHUNK_SIZE_LINE.exec(line);
        if (size === null) return this.fail(new Http1Failure('malformed', true));
        this.remaining = parseInt(size[1], 16);
        this.chunkState = this.remaining === 0 ? ChunkState.Trailers : ChunkState.Data;
      }
    }
  }

  /** Keeps a piece of the body; false when that made it too large (the exchange has failed). */
  private take(part: Buffer): boolean {
    this.bodyBytes += part.length;
    if (!this.admit(part)) return false;
    if (part.length > 0) this.parts.push(part);
    return true;
  }

  private finish(): void {
    const parts = this.parts;
    this.parts = [];
    this.complete(parts.length === 1 ? parts[0] : Buffer.concat(parts, this.bodyBytes));
  }
}

class Connection extends ResponseParser {
  connected = false;
  /** Exchanges answered on this socket; a closed socket is suspected stale only after the first. */
  served = 0;
  idleSince = 0;
  exchange: Exchange | null = null;
  transportError: NodeJS.ErrnoException | undefined;

  constructor(
    private readonly client: Http1Client,
    readonly socket: net.Socket,
  ) {
    super(client.maxHeaderBytes);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('end', () => this.onEnd());
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.transportError ??= error;
    });
    socket.on('close', () => this.onClose());
  }

  get keepAliveMs(): number {
    return Math.min(DEFAULT_KEEP_ALIVE_MS, this.announcedKeepAliveMs ?? DEFAULT_KEEP_ALIVE_MS);
  }

  send(exchange: Exchange): void {
    this.exchange = exchange;
    exchange.connection = this;
    this.resetResponse();
    this.client.write(this.socket, exchange.body);
  }

  /** Ends the exchange with `failure` and drops the connection, whose framing is now unknown. */
  fail(failure: Http1Failure): void {
    const exchange = this.exchange;
    this.exchange = null;
    this.socket.destroy();
    if (exchange !== null) this.client.reject(exchange, failure);
  }

  protected admitLength(length: number): boolean {
    const exchange = this.exchange!;
    if (length > exchange.maxBytes) {
      this.fail(new Http1Failure('too-large', true));
      return false;
    }
    // Counted whole before any of it is kept: a batch learns at once that this answer does not fit.
    if (exchange.budget !== undefined) {
      if (!exchange.budget.take(length)) {
        this.fail(new Http1Failure('over-budget', true));
        return false;
      }
      exchange.charged = length;
    }
    return true;
  }

  protected admit(part: Buffer): boolean {
    const exchange = this.exchange!;
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
    return true;
  }

  protected complete(body: Buffer): void {
    const exchange = this.exchange!;
    // Bytes a server sent after an earlier answer would be read as this one's on a reused connection.
    exchange.expected ??= requestIds(exchange.body);
    if (exchange.expected !== null && !answers(body, exchange.expected)) return this.fail(new Http1Failure('wrong-answer', true));
    const response: Http1Response = { status: this.status, body };
    if (this.retryAfter !== undefined) response.retryAfter = this.retryAfter;
    this.exchange = null;
    this.served++;
    this.client.resolve(exchange, response);
    if (this.keepAlive && this.keepAliveMs > 0 && !this.client.closing) this.client.release(this);
    else this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    if (this.exchange === null) {
      // Bytes nobody asked for: nothing on this connection can be trusted any more.
      this.socket.destroy();
      return;
    }
    this.parse(chunk);
  }

  private onEnd(): void {
    if (this.exchange !== null) this.parseEnd();
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

interface ExpectedIds {
  batch: boolean;
  ids: string[];
  /** How a node ends its answer to a single call (`,"id":…}`), matched without a scan. */
  tail: Buffer | undefined;
}

/** The id text of a request or answer object; undefined when it has none. */
function idOf(text: string, object: ScannedObject): string | undefined {
  const span = object.members.get('id');
  return span === undefined ? undefined : text.slice(span.start, span.end);
}

function requestIds(body: string | Uint8Array): ExpectedIds | null {
  const text = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  try {
    const scanned = scanRequestBody(text);
    if (scanned.kind === 'object') {
      const id = idOf(text, scanned.object);
      if (id === undefined) return null;
      return { batch: false, ids: [id], tail: Buffer.from(`,"id":${id}}`) };
    }
    if (scanned.kind !== 'array') return null;
    const ids = scanned.entries.flatMap((entry) => ('members' in entry ? (idOf(text, entry) ?? []) : []));
    return { batch: true, ids, tail: undefined };
  } catch {
    return null;
  }
}

/** Equal ids, the same value spelled differently included: a node re-serializes the id it read. */
function sameId(answer: string, request: string): boolean {
  if (answer === request) return true;
  try {
    return JSON.parse(answer) === JSON.parse(request);
  } catch {
    return false;
  }
}

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * False when `body` answers some other request: an answer object (or a batch answer's entry)
 * whose id the request did not carry, or a batch answer to a single call. An id of null answers
 * a request the server could not read, and an answer that is not JSON-RPC answers nobody's; both
 * are left to the pool to judge.
 */
function answers(body: Buffer, expected: ExpectedIds): boolean {
  const { tail } = expected;
  if (tail !== undefined) {
    // The last member read, as JSON.parse reads a repeated one; answers spelled otherwise are scanned.
    let end = body.length;
    while (end > 0 && isSpace(body[end - 1])) end--;
    if (end >= tail.length && body.compare(tail, 0, tail.length, end - tail.length, end) === 0) return true;
  }
  // Byte offsets stay character offsets in latin1; ids are turned back into UTF-8 to compare.
  const text = body.toString('latin1');
  let objects: ScannedObject[];
  try {
    const scanned = scanRequestBody(text);
    if (scanned.kind === 'object') objects = [scanned.object];
    else if (scanned.kind === 'array') objects = scanned.entries.filter((entry): entry is ScannedObject => 'members' in entry);
    else return true;
    if (scanned.kind === 'array' && !expected.batch && objects.some((object) => object.members.has('id'))) return false;
  } catch {
    return true;
  }
  for (const object of objects) {
    if (object.duplicateKeys.has('id')) return false;
    const raw = idOf(text, object);
    if (raw === undefined || raw === 'null') continue;
    const id = Buffer.from(raw, 'latin1').toString('utf8');
    if (!expected.ids.some((requested) => sameId(id, requested))) return false;
  }
  return true;
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
        expected: undefined,
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
