/**
 * What an operator scrapes from GET /metrics (Prometheus text format): calls and their latency per
 * method and flag set, HTTP statuses, decode failures per program, upstream errors, the response
 * cache and the worker pool, plus prom-client's process metrics (RSS, event-loop lag, GC).
 * One registry per gateway, so several gateways in one process do not share counters.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type FlagSet = 'none' | 'explorerkit' | 'actionskit';
export type CallOutcome = 'ok' | 'error';
export type CacheTier = 'memory' | 'redis';

/** What the JSON-RPC layer reports; the dispatcher knows only this, not Prometheus. */
export interface CallObserver {
  call(method: string, flags: FlagSet, outcome: CallOutcome, seconds: number): void;
  upstreamError(reason: string): void;
  cacheLookup(tier: CacheTier, hit: boolean): void;
}

export interface PoolStats {
  threads: number;
  queueSize: number;
  utilization: number;
}

export interface MetricSources {
  /**
   * Method names come from clients; only these become label values (the rest share `other`), so
   * the series stay bounded. Given by the gateway, which knows the JSON-RPC methods.
   */
  knownMethods: Iterable<string>;
  pool?: () => PoolStats | null;
  responseCacheBytes?: () => number;
  /** Live (on-chain) IDLs held; absent when they are off. */
  liveIdls?: () => { programs: number; bytes: number };
  /**
   * Every acceptor's metrics summed (`--acceptors`): a scrape reaches one process, and must see the
   * gateway's. Absent: this registry's own.
   */
  combined?: () => Promise<string>;
}

/** Pass-through calls take about a millisecond, enhanced getTransaction tens; upstream timeouts ten seconds. */
const latencyBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class GatewayMetrics implements CallObserver {
  readonly registry = new Registry();
  private readonly calls: Counter<'method' | 'flags' | 'outcome'>;
  private readonly callSeconds: Histogram<'method' | 'flags'>;
  private readonly responses: Counter<'status'>;
  private readonly undecoded: Counter<'program'>;
  private readonly enhanceFailures: Counter<'method' | 'reason'>;
  private readonly upstreamErrors: Counter<'reason'>;
  private readonly cacheLookups: Counter<'tier' | 'result'>;
  private readonly liveIdls: Counter<'result'>;
  /** Label lookups cost more than the increments; the few series in use are kept bound. */
  private readonly callSeries = new Map<string, { count: Counter.Internal; seconds: Histogram.Internal<'method' | 'flags'> }>();

  private readonly combined: (() => Promise<string>) | undefined;

  private readonly knownMethods: ReadonlySet<string>;

  constructor(sources: MetricSources) {
    this.combined = sources.combined;
    this.knownMethods = new Set(sources.knownMethods);
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'enhanced_rpc_' });
    this.calls = new Counter({
      name: 'enhanced_rpc_calls_total',
      help: 'JSON-RPC calls answered (each entry of a batch counts), by method, flag set and outcome',
      labelNames: ['method', 'flags', 'outcome'],
      registers,
    });
    this.callSeconds = new Histogram({
      name: 'enhanced_rpc_call_duration_seconds',
      help: 'Time from dispatch to the rendered answer of one JSON-RPC call, by method and flag set',
      labelNames: ['method', 'flags'],
      buckets: latencyBuckets,
      registers,
    });
    this.responses = new Counter({
      name: 'enhanced_rpc_http_responses_total',
      help: 'HTTP responses sent, by status (401/403/413/429 are refusals of JSON-RPC requests)',
      labelNames: ['status'],
      registers,
    });
    this.undecoded = new Counter({
      name: 'enhanced_rpc_decode_failures_total',
      help: 'Instructions, events or accounts of a program with a description that none of its versions decoded',
      labelNames: ['program'],
      registers,
    });
    this.enhanceFailures = new Counter({
      name: 'enhanced_rpc_enhance_failures_total',
      help:
        'Answers sent as the node gave them although enhancement was asked for, by reason: error (a bug), too-large, ' +
        'overload (worker queue full), deadline, worker (a worker died)',
      labelNames: ['method', 'reason'],
      registers,
    });
    this.upstreamErrors = new Counter({
      name: 'enhanced_rpc_upstream_errors_total',
      help: 'Calls the upstream nodes could not answer, by reason',
      labelNames: ['reason'],
      registers,
    });
    this.cacheLookups = new Counter({
      name: 'enhanced_rpc_response_cache_lookups_total',
      help: 'Finalized getTransaction lookups in the response cache, by tier and result',
      labelNames: ['tier', 'result'],
      registers,
    });
    this.liveIdls = new Counter({
      name: 'enhanced_rpc_onchain_idl_total',
      help:
        'Programs an answer left undecoded, looked up among the on-chain IDLs: hit (known and fresh), fetched (new IDL), ' +
        'unchanged (refetched, same IDL), absent (none on chain), invalid (refused bytes), error (node unavailable), ' +
        'deferred (too many fetches running)',
      labelNames: ['result'],
      registers,
    });
    const live = sources.liveIdls;
    if (live) {
      new Gauge({
        name: 'enhanced_rpc_onchain_idl_programs',
        help: 'Programs remembered by the on-chain IDL cache, with an IDL or without',
        registers,
        collect() {
          this.set(live().programs);
        },
      });
      new Gauge({
        name: 'enhanced_rpc_onchain_idl_bytes',
        help: 'IDL text held by the on-chain IDL cache',
        registers,
        collect() {
          this.set(live().bytes);
        },
      });
    }
    const pool = sources.pool;
    if (pool) {
      new Gauge({
        name: 'enhanced_rpc_pool_queue_size',
        help: 'Enhancement tasks waiting for a worker thread',
        registers,
        collect() {
          this.set(pool()?.queueSize ?? 0);
        },
      });
      new Gauge({
        name: 'enhanced_rpc_pool_utilization',
        help: "Share of the worker threads' time spent enhancing since start (0..1)",
        registers,
        collect() {
          this.set(pool()?.utilization ?? 0);
        },
      });
      new Gauge({
        name: 'enhanced_rpc_pool_threads',
        help: 'Worker threads running',
        registers,
        collect() {
          this.set(pool()?.threads ?? 0);
        },
      });
    }
    const cacheBytes = sources.responseCacheBytes;
    if (cacheBytes) {
      new Gauge({
        name: 'enhanced_rpc_response_cache_bytes',
        help: 'Memory held by the in-process response cache (UTF-16 code units)',
        registers,
        collect() {
          this.set(cacheBytes());
        },
      });
    }
  }

  call(method: string, flags: FlagSet, outcome: CallOutcome, seconds: number): void {
    const key = `${method}|${flags}|${outcome}`;
    let series = this.callSeries.get(key);
    if (series === undefined) {
      const label = this.knownMethods.has(method) ? method : 'other';
      series = { count: this.calls.labels(label, flags, outcome), seconds: this.callSeconds.labels(label, flags) };
      // Bounded like the labels: unknown methods are not remembered one by one.
      if (label !== 'other') this.callSeries.set(key, series);
    }
    series.count.inc();
    series.seconds.observe(seconds);
  }

  response(status: number): void {
    this.responses.inc({ status: String(status) });
  }

  undecodedBy(counts: Record<string, number>): void {
    for (const [program, n] of Object.entries(counts)) this.undecoded.inc({ program }, n);
  }

  enhanceFailed(method: string, reason: string): void {
    this.enhanceFailures.inc({ method, reason });
  }

  liveIdl(result: string): void {
    this.liveIdls.inc({ result });
  }

  upstreamError(reason: string): void {
    this.upstreamErrors.inc({ reason });
  }

  cacheLookup(tier: CacheTier, hit: boolean): void {
    this.cacheLookups.inc({ tier, result: hit ? 'hit' : 'miss' });
  }

  text(): Promise<string> {
    return this.combined ? this.combined() : this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
