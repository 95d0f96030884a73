/**
 * PubSub over WebSocket, on uWebSockets.js: on the gateway's own port and path (`/<key>`) and on a
 * second listener (port + 1, where web3.js looks for it). Keys, plans and rate limits are decided
 * before the upgrade, so a refused client gets an HTTP status, not a socket that closes. Every
 * subscribe and unsubscribe counts against the key's rate, and the plan bounds how many
 * subscriptions a key holds at once across all its connections.
 */
import {
  listenPort,
  uws,
  type TemplatedApp,
  type us_listen_socket,
  type WebSocket,
  type WebSocketBehavior,
  type HttpResponse,
} from '../http/uws.js';
import { parseFlags, enhancedNotInPlan, type Flags } from '../rpc/flags.js';
import { clientAddress, keyFromPath, statusLine } from '../http/server.js';
import { errorResponse, readBody, resultResponse, type Entry } from '../rpc/envelope.js';
import {
  badFlagUpgrade,
  invalidSubscriptionId,
  methodNotFound,
  needsUpstream,
  paramsNotArray,
  pubsubFull,
  RpcError,
  subscriberGone,
  subscriptionLimit,
  upgradeFailed,
  upgradeNotFound,
  upgradeRequired,
  type Refusal,
} from '../rpc/errors.js';
import type { Access, Authorizer } from '../auth/authorizer.js';
import type { Enhancer } from '../enhance/enhance.js';
import type { LedgerStore } from '../ledger/ledger-store.js';
import { log } from '../observe/log.js';
import { bySubscribe, byUnsubscribe, checkSubscribe, checkUnsubscribe, type SubscriptionKind } from './methods.js';
import { UpstreamLink, type Shared } from './upstream-link.js';
import { enhanceNotification } from './enhance-stream.js';
import type { PubSubMetrics } from './metrics.js';
import { LocalSlots, type SubscriptionSlots } from '../auth/subscription-slots.js';

export interface PubSubOptions {
  /** Upstream PubSub URLs; empty: answer from the ledger. */
  upstreamUrls: string[];
  ledger: LedgerStore | null;
  upstreamTimeoutMs: number;
  upstreamGraceMs: number;
  maxConnections: number;
  /** Largest client message (a subscribe request); the node's HTTP body limit. */
  maxMessageBytes: number;
  /** Largest upstream message relayed. */
  maxUpstreamMessageBytes: number;
  /** Unread bytes a client may have queued before it is closed. */
  maxBufferedBytes: number;
  /** Seconds without traffic (pings answered count) before a client is closed. */
  idleTimeoutSeconds: number;
  /** Subscriptions per key when the plan does not say. */
  defaultMaxSubscriptions: number;
  /** Where each key's subscriptions are counted; absent: here (LocalSlots). */
  slots?: SubscriptionSlots;
}

/** Per connection, kept by uWS as the socket's user data. */
interface Connection {
  /** The key as sent: looked up again for every call, so a revocation or plan change reaches open sockets. */
  key: string;
  /** The client's address, for the authorizer's per-address refusal limits. */
  address: string;
  access: Access;
  flags: Flags;
  subs: Map<number, ClientSub>;
  closed: boolean;
  /** Messages read in the current one-second window (JSON-RPC notifications such as web3.js's pings included). */
  windowStart: number;
  windowMessages: number;
  /** Notifications of this turn, sent together (one write) once the turn's upstream messages are read. */
  outbox: string[];
  /** Set on open; never touched once `closed` (uWS throws on a closed socket). */
  ws: WebSocket<Connection> | null;
}

interface ClientSub {
  id: number;
  kind: SubscriptionKind;
  connection: Connection;
  /** Gets account data decoded (explorerkit and jsonParsed). */
  decoded: boolean;
  answered: boolean;
  /** Notifications that came before the subscription's answer went out (a signature already landed). */
  early: string[];
  shared: Shared<ClientSub> | null;
}

/** Notifications kept for a subscription whose answer has not gone out yet. */
const maxEarly = 16;

/** Close codes (RFC 6455): 1008 for a client breaking the rules (not reading), 1013 for try again later. */
const closeSlow = 1008;
const closeTryLater = 1013;
const closeTooBig = 1009;
/** Messages a client may send per second on one connection, whatever they are. */
const maxMessagesPerSecond = 100;
/** Messages up to this size are read and refused with a reason; larger ones cut the connection. */
const hardMaxPayload = 1024 * 1024;

/** Enhancements in flight for one subscription before its later notifications go out undecoded. */
const maxEnhanceBacklog = 64;

export class PubSubServer {
  private readonly link: UpstreamLink<ClientSub> | null;
  private readonly sockets = new Set<WebSocket<Connection>>();
  private upgrading = 0;
  private nextId = 1;
  private readonly slots: SubscriptionSlots;
  private clientSubs = 0;
  private readonly listenSockets: us_listen_socket[] = [];
  /** Connections with notifications waiting in their outbox. */
  private readonly pendingFlush = new Set<Connection>();
  /** Per shared subscription with decoding clients: keeps their notifications in order while enhancements run. */
  private readonly enhanceChains = new Map<Shared<ClientSub>, { tail: Promise<void>; backlog: number }>();

  constructor(
    private readonly options: PubSubOptions,
    private readonly authorizer: Authorizer,
    private readonly enhancer: Enhancer,
    private readonly metrics: PubSubMetrics,
  ) {
    this.slots = options.slots ?? new LocalSlots();
    this.link =
      options.upstreamUrls.length > 0
        ? new UpstreamLink<ClientSub>(
            {
              urls: options.upstreamUrls,
              timeoutMs: options.upstreamTimeoutMs,
              graceMs: options.upstreamGraceMs,
              maxMessageBytes: options.maxUpstreamMessageBytes,
            },
            {
              notification: (shared, text, span) => this.relay(shared, text, span),
              ended: (shared) => this.ended(shared),
              down: (reason) => this.upstreamDown(reason),
            },
          )
        : null;
    metrics.observe(() => ({
      connections: this.sockets.size,
      clientSubscriptions: this.clientSubs,
      upstreamSubscriptions: this.link?.size ?? 0,
    }));
  }

  /** The WebSocket route on an app (the HTTP server's, or the second listener's). */
  attach(app: TemplatedApp): void {
    const behavior: WebSocketBehavior<Connection> = {
      // uWS cuts the TCP connection past this, without a reason: the limit itself is checked below,
      // where the client can be told.
      maxPayloadLength: Math.max(hardMaxPayload, this.options.maxMessageBytes),
      idleTimeout: this.options.idleTimeoutSeconds,
      sendPingsAutomatically: true,
      // Our own limit decides (and closes with a reason); uWS must never drop a message silently.
      maxBackpressure: this.options.maxBufferedBytes + this.options.maxUpstreamMessageBytes * 2,
      compression: uws.DISABLED,
      upgrade: (res, req, context) => {
        const url = req.getUrl();
        const query = req.getQuery() ?? '';
        const headerKey = req.getHeader('x-api-key');
        const secKey = req.getHeader('sec-websocket-key');
        const protocol = req.getHeader('sec-websocket-protocol');
        const extensions = req.getHeader('sec-websocket-extensions');
        const address = clientAddress(Buffer.from(res.getRemoteAddressAsText()).toString(), req.getHeader('x-real-ip'));
        const state = { aborted: false };
        res.onAborted(() => {
          state.aborted = true;
        });
        this.upgrading++;
        void this.admit(url, query, headerKey, address)
          .catch((error: unknown): Refusal | { status: 0; connection: Connection } => {
            log.error({ err: error }, 'PubSub upgrade failed unexpectedly');
            return upgradeFailed();
          })
          .then((outcome) => {
            this.upgrading--;
            if (state.aborted) return;
            res.cork(() => {
              if ('connection' in outcome) {
                res.upgrade(outcome.connection, secKey, protocol, extensions, context);
              } else {
                refuse(res, outcome);
              }
            });
          });
      },
      open: (ws) => {
        ws.getUserData().ws = ws;
        this.sockets.add(ws);
      },
      message: (ws, message, isBinary) => {
        if (message.byteLength > this.options.maxMessageBytes) {
          ws.end(closeTooBig, `message over ${this.options.maxMessageBytes} bytes`);
          return;
        }
        // Messages without an id (pings) are not charged to the key's rate or quota, so they are
        // bounded here instead: a flood costs parsing and must not go on unchecked.
        const connection = ws.getUserData();
        const now = Date.now();
        if (now - connection.windowStart >= 1000) {
          connection.windowStart = now;
          connection.windowMessages = 0;
        }
        if (++connection.windowMessages > maxMessagesPerSecond) {
          ws.end(closeSlow, `over ${maxMessagesPerSecond} messages per second`);
          return;
        }
        if (isBinary) return;
        // The buffer is only valid during this call.
        const text = Buffer.from(message).toString('utf8');
        void this.onMessage(ws, text).catch((error: unknown) => log.error({ err: error }, 'PubSub message failed unexpectedly'));
      },
      close: (ws) => {
        const connection = ws.getUserData();
        connection.closed = true;
        connection.ws = null;
        this.sockets.delete(ws);
        for (const sub of connection.subs.values()) this.drop(connection, sub);
        connection.subs.clear();
      },
    };
    app.ws('/*', behavior);
  }

  /** The second listener: WebSocket upgrades only. */
  listen(host: string, port: number, shared = false): Promise<number> {
    const app = uws.App();
    this.attach(app);
    app.any('/*', (res) => {
      res.cork(() => {
        res.writeStatus(statusLine(upgradeRequired.status)).writeHeader('content-type', 'text/plain').end(upgradeRequired.text);
      });
    });
    return new Promise((resolve, reject) => {
      listenPort(app, host, port, shared, (socket) => {
        if (!socket) return reject(new Error(`enhanced-rpc: cannot listen for PubSub on ${host}:${port}`));
        this.listenSockets.push(socket);
        resolve(uws.us_socket_local_port(socket));
      });
    });
  }

  /** Stops listening and closes every client (1001, going away). */
  close(): void {
    for (const socket of this.listenSockets) uws.us_listen_socket_close(socket);
    this.listenSockets.length = 0;
    for (const ws of [...this.sockets]) ws.end(1001, 'gateway shutting down');
    this.link?.close();
  }

  private async admit(
    url: string,
    query: string,
    headerKey: string,
    address: string,
  ): Promise<Refusal | { status: 0; connection: Connection }> {
    if (this.sockets.size + this.upgrading > this.options.maxConnections) return pubsubFull(this.options.maxConnections);
    const pathKey = keyFromPath(url);
    if (pathKey === undefined) return upgradeNotFound();
    const key = headerKey !== '' ? headerKey : pathKey;
    const access = await this.authorizer.identify(key, address);
    if ('error' in access) return access;
    const flags = parseFlags(query);
    if ('name' in flags) return badFlagUpgrade(flags.name, flags.value);
    const notInPlan = enhancedNotInPlan(flags, access.plan);
    if (notInPlan !== null) return notInPlan;
    const limited = await this.authorizer.admit(access, 1);
    if (limited) return limited;
    return {
      status: 0,
      connection: {
        key: key ?? '',
        address,
        access,
        flags,
        subs: new Map(),
        closed: false,
        ws: null,
        outbox: [],
        windowStart: 0,
        windowMessages: 0,
      },
    };
  }

  private async onMessage(ws: WebSocket<Connection>, text: string): Promise<void> {
    const connection = ws.getUserData();
    const body = readBody(text);
    const created: ClientSub[] = [];
    let answer: string | null;
    switch (body.kind) {
      case 'fatal':
        answer = errorResponse(body.error);
        break;
      case 'empty':
        answer = null;
        break;
      case 'single':
        answer = await this.entry(connection, body.entry, created);
        break;
      case 'batch': {
        const answers = (await Promise.all(body.entries.map((e) => this.entry(connection, e, created)))).filter((a) => a !== null);
        answer = answers.length === 0 ? null : `[${answers.join(',')}]`;
        break;
      }
    }
    if (answer !== null) this.send(connection, answer);
    // Only now may their notifications go out: a client cannot place one before it knows the id.
    for (const sub of created) {
      sub.answered = true;
      for (const text of sub.early.splice(0)) this.deliver(sub, text);
    }
  }

  private async entry(connection: Connection, entry: Entry, created: ClientSub[]): Promise<string | null> {
    if (entry.kind === 'notification') return null;
    if (entry.kind === 'error') return errorResponse(entry.error, entry.idRaw, entry.omitVersion);
    const subscribeKind = bySubscribe.get(entry.method);
    const unsubscribeKind = byUnsubscribe.get(entry.method);
    if (subscribeKind === undefined && unsubscribeKind === undefined) return errorResponse(methodNotFound(), entry.idRaw);
    // The key store's lookup cache makes this cheap; without it a revoked key would keep subscribing.
    const access = await this.authorizer.identify(connection.key, connection.address);
    if ('error' in access) {
      if (access.status === 401) this.closeRefused(connection, access.error.message);
      return errorResponse(access.error, entry.idRaw);
    }
    connection.access = access;
    const limited = await this.authorizer.admit(access, 1);
    if (limited) return errorResponse(limited.error, entry.idRaw);
    try {
      const params = entry.params;
      if (params === null) throw paramsNotArray();
      if (subscribeKind !== undefined)
        return resultResponse(String(await this.subscribe(connection, subscribeKind, params, created)), entry.idRaw);
      const id = checkUnsubscribe(params);
      const sub = connection.subs.get(id);
      if (sub === undefined || sub.kind !== unsubscribeKind) throw invalidSubscriptionId();
      connection.subs.delete(id);
      this.drop(connection, sub);
      return resultResponse('true', entry.idRaw);
    } catch (error) {
      if (error instanceof RpcError) return errorResponse(error, entry.idRaw);
      throw error;
    }
  }

  private async subscribe(connection: Connection, kind: SubscriptionKind, params: unknown[], created: ClientSub[]): Promise<number> {
    const request = checkSubscribe(kind, params);
    if (this.link === null && kind.subscribe !== 'slotSubscribe' && kind.subscribe !== 'signatureSubscribe') {
      throw needsUpstream(kind.subscribe);
    }
    const { access } = connection;
    const max = access.plan.maxSubscriptions ?? this.options.defaultMaxSubscriptions;
    if (!(await this.slots.claim(access.keyId, max))) throw subscriptionLimit(access.plan.name, max);
    // The client may have gone while this entry waited (on the key store, a limiter or the claim):
    // a subscription made now would outlive its connection, holding a slot and an upstream one.
    if (connection.closed) {
      this.slots.release(access.keyId);
      throw subscriberGone();
    }
    const sub: ClientSub = {
      id: this.nextId++,
      kind,
      connection,
      decoded: connection.flags.explorerkit && request.parsedAccounts,
      answered: false,
      early: [],
      shared: null,
    };
    connection.subs.set(sub.id, sub);
    this.clientSubs++;
    created.push(sub);
    if (this.link === null) {
      this.fromLedger(connection, sub, request.signature);
      return sub.id;
    }
    const { shared, ready } = this.link.acquire(kind, params, sub);
    sub.shared = shared;
    try {
      await ready;
    } catch (error) {
      if (connection.subs.delete(sub.id)) this.drop(connection, sub);
      throw error;
    }
    return sub.id;
  }

  /** Releases a client subscription (already removed from its connection's map, or closing). */
  private drop(connection: Connection, sub: ClientSub): void {
    this.slots.release(connection.access.keyId);
    this.clientSubs--;
    if (sub.shared !== null) {
      this.link?.release(sub.shared, sub);
      if (sub.shared.holders.size === 0) this.enhanceChains.delete(sub.shared);
      sub.shared = null;
    }
  }

  private relay(shared: Shared<ClientSub>, text: string, span: { start: number; end: number }): void {
    const head = text.slice(0, span.start);
    const tail = text.slice(span.end);
    let decodedFor: ClientSub[] | null = null;
    for (const sub of shared.holders) {
      if (sub.decoded) (decodedFor ??= []).push(sub);
      else this.deliver(sub, head + sub.id + tail);
    }
    if (decodedFor !== null) this.relayDecoded(shared, text, decodedFor, span);
  }

  /** Decoding clients get their notifications in upstream order, however long each enhancement takes. */
  private relayDecoded(shared: Shared<ClientSub>, text: string, subs: ClientSub[], span: { start: number; end: number }): void {
    let chain = this.enhanceChains.get(shared);
    if (chain === undefined) this.enhanceChains.set(shared, (chain = { tail: Promise.resolve(), backlog: 0 }));
    const method = shared.kind.notification;
    const pending: Promise<string | null> =
      chain.backlog >= maxEnhanceBacklog ? Promise.resolve(null) : enhanceNotification(method, text, this.enhancer).catch(() => null);
    chain.backlog++;
    const current = chain;
    chain.tail = chain.tail.then(async () => {
      const decoded = (await pending) ?? text;
      current.backlog--;
      // The id's place moves when the account before it was replaced: found again from the tail.
      const at = decoded.length - (text.length - span.start);
      const head = decoded.slice(0, at);
      const tail = decoded.slice(at + (span.end - span.start));
      for (const sub of subs) if (sub.shared === shared) this.deliver(sub, head + sub.id + tail);
    });
  }

  private deliver(sub: ClientSub, text: string): void {
    const { connection } = sub;
    if (connection.closed) return;
    if (!sub.answered) {
      if (sub.early.length < maxEarly) sub.early.push(text);
      return;
    }
    this.metrics.notification();
    // A turn's notifications to one client go out in one write: every upstream message read from
    // one TCP chunk is relayed in the same turn, and without the cork each would be its own syscall.
    connection.outbox.push(text);
    if (this.pendingFlush.size === 0) queueMicrotask(() => this.flush());
    this.pendingFlush.add(connection);
  }

  private flush(): void {
    for (const connection of this.pendingFlush) {
      const texts = connection.outbox;
      connection.outbox = [];
      const ws = connection.ws;
      if (connection.closed || ws === null) continue;
      ws.cork(() => {
        for (const text of texts) this.send(connection, text);
      });
    }
    this.pendingFlush.clear();
  }

  /** Sends unless the client already has more unread than it may; such a client is closed with the reason. */
  private send(connection: Connection, text: string): void {
    const ws = connection.ws;
    if (connection.closed || ws === null) return;
    if (ws.getBufferedAmount() > this.options.maxBufferedBytes) {
      connection.closed = true;
      this.metrics.dropped('backpressure');
      log.info({ key: connection.access.fingerprint, buffered: ws.getBufferedAmount() }, 'PubSub client closed: not reading');
      ws.end(closeSlow, `client too slow: over ${this.options.maxBufferedBytes} bytes unread`);
      return;
    }
    ws.send(text, false);
  }

  /** After the answer that says why: a key that is no longer valid keeps no socket (1008, policy). */
  private closeRefused(connection: Connection, reason: string): void {
    setImmediate(() => {
      const ws = connection.ws;
      if (connection.closed || ws === null) return;
      connection.closed = true;
      ws.end(closeSlow, reason.slice(0, 120));
    });
  }

  /** The upstream ended a subscription (a signature's final notification, or a refused resubscribe). */
  private ended(shared: Shared<ClientSub>): void {
    for (const sub of [...shared.holders]) {
      if (sub.connection.subs.delete(sub.id)) this.drop(sub.connection, sub);
    }
  }

  private upstreamDown(reason: string): void {
    for (const ws of [...this.sockets]) {
      const connection = ws.getUserData();
      if (connection.closed || connection.subs.size === 0) continue;
      connection.closed = true;
      this.metrics.dropped('upstream');
      ws.end(closeTryLater, `${reason}; reconnect later`.slice(0, 120));
    }
  }

  private fromLedger(connection: Connection, sub: ClientSub, signature: string | undefined): void {
    const ledger = this.options.ledger;
    if (connection.closed || !connection.subs.has(sub.id) || ledger === null) return;
    if (sub.kind.subscribe === 'slotSubscribe') {
      // The embedded ledger does not advance: its newest slot is told once, as the root too.
      const slot = ledger.headSlot();
      this.deliver(sub, notification('slotNotification', `{"parent":${Math.max(0, slot - 1)},"root":${slot},"slot":${slot}}`, sub.id));
      return;
    }
    const row = ledger.getTransaction(signature!);
    // A signature the ledger does not hold never lands here; the subscription waits like a node's.
    if (row === null) return;
    const body = row.bodies.json ?? row.bodies.jsonParsed ?? row.bodies.base64;
    let err: unknown;
    try {
      err = body === undefined ? null : ((JSON.parse(body) as { meta?: { err?: unknown } }).meta?.err ?? null);
    } catch {
      err = null;
    }
    this.deliver(
      sub,
      notification('signatureNotification', `{"context":{"slot":${row.slot}},"value":{"err":${JSON.stringify(err)}}}`, sub.id),
    );
    if (connection.subs.delete(sub.id)) this.drop(connection, sub);
  }
}

const notification = (method: string, result: string, id: number) =>
  `{"jsonrpc":"2.0","method":"${method}","params":{"result":${result},"subscription":${id}}}`;

function refuse(res: HttpResponse, refusal: Refusal): void {
  res.writeStatus(statusLine(refusal.status));
  res.writeHeader('content-type', 'application/json; charset=utf-8');
  if (refusal.retryAfterSeconds !== undefined) res.writeHeader('retry-after', String(refusal.retryAfterSeconds));
  res.end(errorResponse(refusal.error) + '\n', true);
}
