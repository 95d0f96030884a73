/**
 * Builds a gateway from options and returns it listening, with no global state, so a test or an
 * embedding program can run several side by side (the fastify way).
 */
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { projectRoot } from './paths.js';
import { openSqliteKeyStore, type KeyStore } from './auth/key-store.js';
import type { AsyncKeyStore } from './auth/pg-key-store.js';
import { inProcessLimiter } from './auth/rate-limiter.js';
import type { RateLimiter } from './auth/limiter.js';
import { Authorizer } from './auth/authorizer.js';
import { openLedger } from './ledger/ledger-store.js';
import { LedgerRpc } from './ledger/ledger-rpc.js';
import { UpstreamPool } from './upstream/upstream-pool.js';
import { HttpBackend } from './upstream/http-backend.js';
import { LedgerBackend } from './upstream/ledger-backend.js';
import type { Backend } from './upstream/backend.js';
import { standardMethods } from './rpc/methods.js';
import { Dispatcher, type DispatchLimits } from './rpc/dispatch.js';
import { defaultMaxNesting } from './rpc/envelope.js';
import { inlineEnhancer, type Enhancer } from './enhance/enhance.js';
import { pooledEnhancer } from './enhance/pool.js';
import { withLiveVersions } from './live/live-registry.js';
import { LiveIdls } from './live/live-idls.js';
import { preloadOnchainCodecs } from './idl/onchain.js';
import type { SubscriptionSlots } from './auth/subscription-slots.js';
import { loadBundledRegistry } from './idl/bundled.js';
import { HttpServer } from './http/server.js';
import { GatewayMetrics } from './observe/metrics.js';
import { log, redactedUrl, setLogLevel } from './observe/log.js';
import { Teardown } from './teardown.js';
import { PubSubServer } from './pubsub/server.js';
import { PubSubMetrics } from './pubsub/metrics.js';
import { pubsubUrlOf } from './pubsub/upstream-link.js';
import { renderingVersion } from './cache/rendering-version.js';
import type { Registry } from 'prom-client';

export const defaultLedgerFile = join(projectRoot, 'dist', 'ledger.sqlite');
export const defaultKeyDbFile = join(projectRoot, 'var', 'keys.sqlite');

export interface GatewayOptions {
  host?: string;
  port?: number;
  /** Standard RPC nodes; none means the embedded ledger answers everything it can. */
  upstreams?: string[];
  ledgerFile?: string;
  keyDbFile?: string;
  upstreamTimeoutMs?: number;
  /** Keep-alive connections to each upstream, at most. */
  upstreamConnections?: number;
  maxBodyBytes?: number;
  limits?: Partial<DispatchLimits>;
  /**
   * With upstreams: keep every finalized transaction fetched in the ledger file and answer later
   * requests for it (any encoding the file can render) from there. Off by default: reading the row
   * and writing it cost the main thread more than decoding the answer, and the file grows without
   * bound.
   */
  ledgerCache?: boolean;
  /** MiB of rendered finalized getTransaction answers kept in this process; 0 keeps none. */
  responseCacheMiB?: number;
  /** Worker threads for decoding; 0 decodes on the main thread. */
  workers?: number;
  /** Answers shorter than this are decoded on the main thread even with workers. */
  inlineBelowBytes?: number;
  /** Rate limits and monthly quotas shared through Redis by every instance using it; in-process without. */
  redisUrl?: string;
  /** Keys and plans in PostgreSQL, shared by every instance using it; the SQLite file without. */
  postgresUrl?: string;
  /** pino level for the structured log on stderr: fatal, error, warn, info, debug, trace or silent. */
  logLevel?: string;
  /** Read the on-chain IDLs of programs the bundled ones do not decode; on by default with upstreams (never without). */
  onchainIdl?: boolean;
  /** Milliseconds a fetched IDL is used before it is read again. */
  onchainIdlTtlMs?: number;
  /** Milliseconds "no IDL on chain" is believed. */
  onchainIdlAbsentTtlMs?: number;
  /** Milliseconds an answer waits for the first fetch of a program it needs. */
  onchainIdlWaitMs?: number;
  /** The cache file of on-chain IDLs. */
  onchainIdlCacheFile?: string;
  /** Programs the on-chain IDL cache remembers. */
  onchainIdlMaxPrograms?: number;
  /** MiB of IDL text the on-chain IDL cache holds. */
  onchainIdlMaxMiB?: number;
  /** PubSub's second listener; absent: port + 1 (any free port when `port` is 0); 0: none. */
  wsPort?: number;
  /** The upstream PubSub URLs; absent: derived from `upstreams` as clients derive them. */
  upstreamWs?: string[];
  /** PubSub client connections at once. */
  wsMaxConnections?: number;
  /** MiB a PubSub client may leave unread before it is closed. */
  wsMaxBufferedMiB?: number;
  /** Milliseconds subscriptions wait for a lost upstream PubSub before their clients are closed. */
  wsUpstreamGraceMs?: number;
  /** Set in each of several processes sharing the ports (`serve --acceptors N`). */
  acceptor?: AcceptorRole;
}

export interface AcceptorRole {
  index: number;
  /** Every acceptor's metrics together, for whichever one a scrape reaches. */
  combinedMetrics: () => Promise<string>;
  /** Without Redis: the supervisor's decisions (src/auth/supervised-rate-limiter.ts). */
  limits?: RateLimiter;
  /** Without Redis: each key's PubSub subscriptions, counted by the supervisor over every acceptor. */
  slots?: SubscriptionSlots;
}

export const defaultPubSub = {
  maxConnections: 10_000,
  maxBufferedMiB: 8,
  upstreamGraceMs: 10_000,
  /** Subscriptions per key for plans without their own number. */
  maxSubscriptions: 1_000,
  idleTimeoutSeconds: 60,
  maxUpstreamMessageBytes: 32 * 1024 * 1024,
};

export const defaultOnchainIdlCacheFile = join(projectRoot, 'var', 'onchain-idls.sqlite');
export const defaultOnchainIdl = {
  ttlMs: 5 * 60_000,
  absentTtlMs: 30 * 60_000,
  waitMs: 150,
  maxPrograms: 256,
  maxMiB: 64,
};

/** One worker per core beyond the main thread's, at least one. */
export const defaultWorkers = Math.max(1, availableParallelism() - 1);
/** From bench/enhance-pool.bench.ts: below this size posting to a worker costs more than decoding. */
export const defaultInlineBelowBytes = 4096;

export interface Gateway {
  port: number;
  /** PubSub's second listener; null when off. */
  wsPort: number | null;
  keys: KeyStore | AsyncKeyStore;
  /** This gateway's own metrics, for an acceptor to hand to the one that combines them. */
  metricsRegistry: Registry;
  /** Writes the usage counted so far (also on the way out after a fatal error). */
  flushUsage(): Promise<void>;
  close(): Promise<void>;
}

/** Finalized answers are immutable; a day without a lookup is long enough to keep one in Redis. */
const sharedCacheTtlSeconds = 24 * 3600;

/** A CLI write holding the key database's lock delays a request by at most this much. */
const keyStoreBusyTimeoutMs = 200;

/** The SQLite key store as a serving process opens it (a gateway, or acceptors' supervisor for their usage). */
export const openServingKeyStore = (file?: string): KeyStore =>
  openSqliteKeyStore(file ?? defaultKeyDbFile, { busyTimeoutMs: keyStoreBusyTimeoutMs });

export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  checkOptions(options);
  setLogLevel(options.logLevel ?? 'info');
  const teardown = new Teardown();
  try {
    return await startParts(options, teardown);
  } catch (error) {
    await teardown.closeAll();
    throw error;
  }
}

/** Options the CLI has already checked, checked again for callers of createGateway. */
function checkOptions(options: GatewayOptions): void {
  const problems: string[] = [];
  const port = (name: string, value: number | undefined) => {
    if (value !== undefined && !(Number.isInteger(value) && value >= 0 && value <= 65535)) problems.push(`${name} ${value} is not a port`);
  };
  port('port', options.port);
  port('wsPort', options.wsPort);
  if (options.workers !== undefined && !(Number.isInteger(options.workers) && options.workers >= 0)) {
    problems.push(`workers ${options.workers} is not a whole number ≥ 0`);
  }
  for (const url of [...(options.upstreams ?? []), ...(options.upstreamWs ?? [])]) {
    if (!URL.canParse(url)) problems.push(`upstream ${redactedUrl(url)} is not a URL`);
  }
  if (problems.length > 0) throw new Error(`enhanced-rpc: invalid gateway options: ${problems.join('; ')}`);
}

async function startParts(options: GatewayOptions, teardown: Teardown): Promise<Gateway> {
  const sqlite = options.postgresUrl ? null : teardown.add('key store', openServingKeyStore(options.keyDbFile), (store) => store.close());
  // The PostgreSQL and Redis clients are loaded only when asked for: loading them cost a gateway that
  // uses neither about a quarter of its CPU from launch to listening and 16 MiB of idle memory.
  const keys: KeyStore | AsyncKeyStore =
    sqlite ??
    teardown.add('key store', await (await import('./auth/pg-key-store.js')).openPgKeyStore(options.postgresUrl!), (store) =>
      store.close(),
    );
  // Monthly usage persists through the SQLite store; with PostgreSQL, shared usage needs --redis.
  const limiter: RateLimiter = options.redisUrl
    ? await (await import('./auth/redis-rate-limiter.js')).RedisRateLimiter.connect(options.redisUrl, keys.storeId)
    : (options.acceptor?.limits ?? inProcessLimiter(sqlite));
  const authorizer = teardown.add('rate limiter', new Authorizer(keys, limiter), (a) => a.close());
  const upstreams = options.upstreams ?? [];
  // With upstreams and no ledger cache the file is not needed, so it is not opened (or created).
  const ledgerStore =
    upstreams.length === 0 || options.ledgerCache
      ? teardown.add('ledger', openLedger(options.ledgerFile ?? defaultLedgerFile), (l) => l.close())
      : null;
  const ledger = ledgerStore && new LedgerRpc(ledgerStore);
  const upstreamPool =
    upstreams.length > 0
      ? new UpstreamPool({ urls: upstreams, timeoutMs: options.upstreamTimeoutMs, connectionsPerUpstream: options.upstreamConnections })
      : null;
  const backend: Backend = teardown.add(
    'upstream connections',
    upstreamPool ? new HttpBackend(upstreamPool, ledger) : new LedgerBackend(ledger!),
    (b) => b.close(),
  );
  const bundled = loadBundledRegistry();
  const workers = options.workers ?? defaultWorkers;
  // The enhancer and dispatcher report into the metrics, which read their state back on scrape.
  const metrics: GatewayMetrics = new GatewayMetrics({
    knownMethods: [...standardMethods, 'rpc.discover'],
    pool: () => enhancer.stats(),
    responseCacheBytes: (): number => dispatcher.cacheBytes,
    ...(upstreamPool && options.onchainIdl !== false ? { liveIdls: () => live!.stats() } : {}),
    ...(options.acceptor ? { combined: options.acceptor.combinedMetrics } : {}),
  });
  // IDLs are read through the gateway's own upstream node: the embedded ledger holds no IDL accounts.
  const live =
    upstreamPool && options.onchainIdl !== false
      ? teardown.add(
          'live IDLs',
          new LiveIdls(
            upstreamPool,
            {
              ttlMs: options.onchainIdlTtlMs ?? defaultOnchainIdl.ttlMs,
              absentTtlMs: options.onchainIdlAbsentTtlMs ?? defaultOnchainIdl.absentTtlMs,
              waitMs: options.onchainIdlWaitMs ?? defaultOnchainIdl.waitMs,
              maxPrograms: options.onchainIdlMaxPrograms ?? defaultOnchainIdl.maxPrograms,
              maxBytes: (options.onchainIdlMaxMiB ?? defaultOnchainIdl.maxMiB) * 1024 * 1024,
              cacheFile: options.onchainIdlCacheFile ?? defaultOnchainIdlCacheFile,
            },
            metrics,
          ),
          (l) => l.close(),
        )
      : null;
  const registry = live ? withLiveVersions(bundled, live.lookup) : bundled;
  const enhancer: Enhancer = teardown.add(
    'worker pool',
    workers > 0
      ? pooledEnhancer(registry, { workers, inlineBelowBytes: options.inlineBelowBytes ?? defaultInlineBelowBytes }, metrics, live)
      : inlineEnhancer(registry, metrics, live),
    (e) => e.close(),
  );
  // A connection of its own, not the limiter's: a cached answer of 100 KB on the wire would hold up
  // every rate-limit decision queued behind it. A response cache of 0 keeps none, not even shared.
  const sharedCache =
    options.redisUrl && options.responseCacheMiB !== 0
      ? teardown.add(
          'shared cache',
          await (
            await import('./cache/response-store.js')
          ).RedisResponseStore.connect(options.redisUrl, {
            prefix: `txcache:${renderingVersion()}:`,
            ttlSeconds: sharedCacheTtlSeconds,
            timeoutMs: 250,
          }),
          (c) => c.close(),
        )
      : null;
  const limits =
    options.responseCacheMiB === undefined
      ? options.limits
      : { ...options.limits, responseCacheBytes: options.responseCacheMiB * 1024 * 1024 };
  const dispatcher: Dispatcher = new Dispatcher(backend, enhancer, { limits, observer: metrics, sharedCache });
  const maxBodyBytes = options.maxBodyBytes ?? 51_200;
  // Counted over every gateway on the Redis when there is one, else over this host's acceptors, else here.
  const slots: SubscriptionSlots | undefined = options.redisUrl
    ? await (await import('./auth/redis-subscription-slots.js')).RedisSlots.connect(options.redisUrl, keys.storeId)
    : options.acceptor?.slots;
  if (slots) teardown.add('subscription slots', slots, (s) => s.close());
  const pubsub = teardown.add(
    'PubSub',
    new PubSubServer(
      {
        upstreamUrls: options.upstreamWs?.length ? options.upstreamWs : upstreams.map(pubsubUrlOf),
        ledger: upstreams.length === 0 ? ledgerStore : null,
        upstreamTimeoutMs: options.upstreamTimeoutMs ?? 10_000,
        upstreamGraceMs: options.wsUpstreamGraceMs ?? defaultPubSub.upstreamGraceMs,
        maxConnections: options.wsMaxConnections ?? defaultPubSub.maxConnections,
        maxMessageBytes: maxBodyBytes,
        maxUpstreamMessageBytes: defaultPubSub.maxUpstreamMessageBytes,
        maxBufferedBytes: (options.wsMaxBufferedMiB ?? defaultPubSub.maxBufferedMiB) * 1024 * 1024,
        idleTimeoutSeconds: defaultPubSub.idleTimeoutSeconds,
        defaultMaxSubscriptions: defaultPubSub.maxSubscriptions,
        ...(slots ? { slots } : {}),
      },
      authorizer,
      enhancer,
      new PubSubMetrics(metrics.registry),
    ),
    (p) => p.close(),
  );
  const http = new HttpServer(
    {
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 8899,
      maxBodyBytes,
      maxNesting: defaultMaxNesting,
      health: () => backend.health(),
      metrics,
      routes: (app) => pubsub.attach(app),
      acceptor: options.acceptor?.index,
    },
    authorizer,
    dispatcher,
  );
  const port = await http.listen();
  teardown.add('HTTP', http, (h) => h.close(0));
  const requestedWsPort = options.wsPort ?? ((options.port ?? 8899) === 0 ? 0 : (options.port ?? 8899) + 1);
  const wsPort =
    options.wsPort === 0 ? null : await pubsub.listen(options.host ?? '127.0.0.1', requestedWsPort, options.acceptor !== undefined);
  log.info(
    {
      host: options.host ?? '127.0.0.1',
      port,
      wsPort,
      upstreams: upstreams.map(redactedUrl),
      workers,
      keyStore: options.postgresUrl ? 'postgres' : 'sqlite',
      limiter: options.redisUrl ? 'redis' : options.acceptor?.limits ? 'supervisor' : 'in-process',
      sharedCache: sharedCache !== null,
      onchainIdl: live !== null,
      ...(options.acceptor ? { acceptor: options.acceptor.index } : {}),
    },
    'gateway started',
  );
  if (live !== null) preloadOnchainCodecs();
  return {
    port,
    wsPort,
    keys,
    metricsRegistry: metrics.registry,
    flushUsage: () => authorizer.flushUsage(),
    async close() {
      // Usage first: a service manager's stop timeout may end the process during the grace period,
      // and whatever was counted before it must not be lost with it.
      http.stopListening();
      pubsub.close();
      await authorizer.flushUsage().catch((error: unknown) => log.error({ err: error }, 'usage write failed at stop'));
      await http.close();
      await teardown.closeAll();
    },
  };
}
