/**
 * The gateway's one WebSocket to the upstream node's PubSub. Every distinct subscription (method
 * and params) is made once upstream and shared by all clients asking for it, reference-counted;
 * the last client leaving unsubscribes it. After a drop the link reconnects with backoff and makes
 * every subscription again, so clients keep their (gateway-issued) ids; a link that stays down
 * past the grace period is reported, so clients get a close they can act on instead of silence.
 */
import { createRequire } from 'node:module';
import type WebSocket from 'ws';
import { findPathSpans } from '../json/path-spans.js';
import { notASubscriptionId, RpcError, subscriptionNotConfirmed, upstreamPubSubFailed } from '../rpc/errors.js';
import { log, redactedUrl } from '../observe/log.js';
import type { SubscriptionKind } from './methods.js';

/**
 * ws is loaded when the first upstream socket opens: loading it takes about 75 ms of a gateway's
 * start (2 cores), and a gateway whose clients subscribe to nothing upstream never needs it.
 */
let webSocketClass: typeof WebSocket | undefined;
const loadWebSocket = () => (webSocketClass ??= createRequire(import.meta.url)('ws') as typeof WebSocket);

export interface LinkOptions {
  /** ws:// or wss:// URLs of the upstream PubSub, tried in turn after failures. */
  urls: string[];
  /** How long a subscribe waits for the upstream's answer. */
  timeoutMs: number;
  /** How long subscriptions wait for a lost link to come back before the clients are told. */
  graceMs: number;
  /** Largest message accepted from the upstream (a programSubscribe of big accounts). */
  maxMessageBytes: number;
}

/** One client's hold on a shared subscription; the server owns what else it carries. */
export interface Holder {
  /** Notifications are held back until the client has its subscription id. */
  answered: boolean;
}

export class Shared<H extends Holder = Holder> {
  upstreamId: number | null = null;
  readonly holders = new Set<H>();
  /** Subscribe answer waiters: resolved when the upstream confirms, rejected on its error or the timeout. */
  waiters: { resolve: () => void; reject: (error: RpcError) => void; timer: NodeJS.Timeout }[] = [];
  constructor(
    readonly key: string,
    readonly kind: SubscriptionKind,
    readonly paramsText: string,
  ) {}
}

export interface LinkEvents<H extends Holder> {
  /** A notification for `shared`; `idSpan` is where the upstream's subscription id sits in `text`. */
  notification(shared: Shared<H>, text: string, idSpan: { start: number; end: number }): void;
  /** The upstream ended `shared` itself (a signature's final notification), or refused it on resubscribe. */
  ended(shared: Shared<H>): void;
  /** The link stayed down past the grace period; every shared subscription is gone. */
  down(reason: string): void;
}

const maxBackoffMs = 5_000;

interface UpstreamMessage {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
  params?: unknown;
}

export class UpstreamLink<H extends Holder = Holder> {
  private socket: WebSocket | null = null;
  private open = false;
  private readonly byKey = new Map<string, Shared<H>>();
  private readonly byUpstreamId = new Map<number, Shared<H>>();
  /** Requests sent and not answered: subscribes (to their shared subscription) and unsubscribes (null). */
  private readonly pending = new Map<number, Shared<H> | null>();
  private nextRequestId = 1;
  private attempt = 0;
  private urlIndex = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private graceTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly options: LinkOptions,
    private readonly events: LinkEvents<H>,
  ) {}

  /** Distinct subscriptions held upstream (or being made). */
  get size(): number {
    return this.byKey.size;
  }

  /** Joins (or makes) the shared subscription; resolves once the upstream has it. */
  acquire(kind: SubscriptionKind, params: unknown[], holder: H): { shared: Shared<H>; ready: Promise<void> } {
    const paramsText = JSON.stringify(params);
    const key = `${kind.subscribe}${paramsText}`;
    let shared = this.byKey.get(key);
    if (shared === undefined) {
      shared = new Shared<H>(key, kind, paramsText);
      this.byKey.set(key, shared);
      if (this.open) this.subscribe(shared);
      else this.ensureConnecting();
    }
    shared.holders.add(holder);
    const target = shared;
    if (target.upstreamId !== null) return { shared: target, ready: Promise.resolve() };
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        target.waiters = target.waiters.filter((w) => w.timer !== timer);
        reject(subscriptionNotConfirmed(this.options.timeoutMs));
      }, this.options.timeoutMs);
      target.waiters.push({ resolve, reject, timer });
    });
    return { shared: target, ready };
  }

  /** Leaves the shared subscription; the last holder's leaving ends it upstream. */
  release(shared: Shared<H>, holder: H): void {
    if (!shared.holders.delete(holder) || shared.holders.size > 0) return;
    if (this.byKey.get(shared.key) === shared) this.byKey.delete(shared.key);
    if (shared.upstreamId !== null) {
      this.byUpstreamId.delete(shared.upstreamId);
      if (this.open) this.send(shared.kind.unsubscribe, `[${shared.upstreamId}]`, null);
      shared.upstreamId = null;
    }
  }

  close(): void {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.socket?.terminate();
    this.socket = null;
  }

  private ensureConnecting(): void {
    if (this.socket !== null || this.reconnectTimer !== null || this.closed) return;
    this.connect();
  }

  private connect(): void {
    this.reconnectTimer = null;
    const url = this.options.urls[this.urlIndex % this.options.urls.length];
    const socket = new (loadWebSocket())(url, {
      maxPayload: this.options.maxMessageBytes,
      handshakeTimeout: this.options.timeoutMs,
      perMessageDeflate: false,
    });
    this.socket = socket;
    socket.on('open', () => {
      this.open = true;
      this.attempt = 0;
      if (this.graceTimer) clearTimeout(this.graceTimer);
      this.graceTimer = null;
      log.info({ upstream: redactedUrl(url), subscriptions: this.byKey.size }, 'upstream PubSub connected');
      for (const shared of this.byKey.values()) this.subscribe(shared);
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) this.onMessage(data.toString('utf8'));
    });
    socket.on('error', (error) => log.warn({ err: error, upstream: redactedUrl(url) }, 'upstream PubSub error'));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      const wasOpen = this.open;
      this.open = false;
      this.pending.clear();
      this.byUpstreamId.clear();
      for (const shared of this.byKey.values()) shared.upstreamId = null;
      if (this.closed) return;
      if (wasOpen) log.warn({ upstream: redactedUrl(url), subscriptions: this.byKey.size }, 'upstream PubSub connection lost');
      this.urlIndex++;
      if (this.byKey.size === 0) return;
      this.startGrace();
      const delay = Math.min(maxBackoffMs, 100 * 2 ** this.attempt++) * (0.5 + Math.random() / 2);
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
    });
  }

  private startGrace(): void {
    if (this.graceTimer !== null) return;
    this.graceTimer = setTimeout(() => {
      this.graceTimer = null;
      if (this.open) return;
      const reason = `upstream PubSub unreachable for ${this.options.graceMs} ms`;
      const failed = upstreamPubSubFailed(reason);
      for (const shared of this.byKey.values()) this.fail(shared, failed);
      this.byKey.clear();
      if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
      this.events.down(reason);
    }, this.options.graceMs);
  }

  private subscribe(shared: Shared<H>): void {
    this.send(shared.kind.subscribe, shared.paramsText, shared);
  }

  private send(method: string, paramsText: string, shared: Shared<H> | null): void {
    const id = this.nextRequestId++;
    this.pending.set(id, shared);
    this.socket!.send(`{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${paramsText}}`);
  }

  private fail(shared: Shared<H>, error: RpcError): void {
    for (const waiter of shared.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    shared.waiters = [];
  }

  private onMessage(text: string): void {
    // The node writes `{"jsonrpc":"2.0","method":…,"params":{"result":…,"subscription":N}}`: the id is
    // read from the tail without walking a notification that may be megabytes long.
    const from = Math.max(0, text.length - 64);
    const tail = /"subscription":(\d+)\}\}\s*$/.exec(text.slice(from));
    if (tail !== null) {
      const start = from + tail.index + '"subscription":'.length;
      return this.onNotification(text, Number(tail[1]), { start, end: start + tail[1].length });
    }
    let message: UpstreamMessage;
    try {
      message = JSON.parse(text) as UpstreamMessage;
    } catch {
      log.warn({ bytes: text.length }, 'upstream PubSub sent a message that is not JSON; ignored');
      return;
    }
    if (typeof message.id === 'number') return this.onAnswer(message.id, message);
    const [span] = findPathSpans(text, [['params', 'subscription']]);
    if (span.length === 1) return this.onNotification(text, Number(text.slice(span[0].start, span[0].end)), span[0]);
  }

  private onAnswer(id: number, message: UpstreamMessage) {
    const shared = this.pending.get(id);
    this.pending.delete(id);
    if (shared === undefined || shared === null) return;
    if (this.byKey.get(shared.key) !== shared) {
      // Every holder left while the subscribe was on its way.
      if (typeof message.result === 'number') this.send(shared.kind.unsubscribe, `[${message.result}]`, null);
      return;
    }
    if (typeof message.result === 'number') {
      shared.upstreamId = message.result;
      this.byUpstreamId.set(message.result, shared);
      for (const waiter of shared.waiters) {
        clearTimeout(waiter.timer);
        waiter.resolve();
      }
      shared.waiters = [];
      return;
    }
    const error = message.error;
    const rpcError =
      error && typeof error.code === 'number' && typeof error.message === 'string'
        ? new RpcError(error.code, error.message, error.data)
        : notASubscriptionId();
    this.byKey.delete(shared.key);
    const hadClients = shared.waiters.length < shared.holders.size;
    this.fail(shared, rpcError);
    if (hadClients) this.events.ended(shared);
  }

  private onNotification(text: string, upstreamId: number, idSpan: { start: number; end: number }): void {
    const shared = this.byUpstreamId.get(upstreamId);
    if (shared === undefined) return;
    this.events.notification(shared, text, idSpan);
    if (shared.kind.endsAfterFinal && !text.includes('"receivedSignature"')) {
      this.byUpstreamId.delete(upstreamId);
      if (this.byKey.get(shared.key) === shared) this.byKey.delete(shared.key);
      shared.upstreamId = null;
      this.events.ended(shared);
    }
  }
}

/**
 * The PubSub URL a client derives from an RPC URL: ws for http, wss for https, and port + 1 when
 * the URL names a port. Read from the text as web3.js reads it, since URL drops a default port
 * (`https://host:443` names 443, and web3.js goes to 444).
 */
export function pubsubUrlOf(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  const named = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*):(\d+)/i.exec(rpcUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (named !== null) url.port = String(Number(named[1]) + 1);
  return url.toString();
}
