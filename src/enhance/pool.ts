/**
 * Enhancement fanned out to a pool of worker threads (worker-pool.ts): each getTransaction or getMultipleAccounts answer (one
 * per entry of a batch) is decoded in a worker, so the main thread only does I/O. The answer's
 * bytes are handed over, not an object graph; small answers cost less to enhance than to post to a
 * worker and stay on the main thread (the threshold is measured by bench/enhance-pool.bench.ts).
 * Whatever happens to a task (queue full, deadline, worker death), the client gets the node's answer.
 * Live IDLs reach the workers as src/enhance/live-sync.ts describes.
 */
import { randomUUID } from 'node:crypto';
import type { ProgramRegistry } from '../decode/registry.js';
import type { LiveIdls } from '../live/live-idls.js';
import {
  batched,
  enhanceNow,
  maxEnhancedBytes,
  report,
  withLiveIdls,
  type EnhanceObserver,
  type EnhanceOutcome,
  type EnhanceTask,
  type Enhancer,
} from './enhance.js';
import { LiveBroadcast } from './live-sync.js';
import type { WorkerResult, WorkerTask } from './worker.js';
import { WorkerPool } from './worker-pool.js';
import { log } from '../observe/log.js';

export interface PoolOptions {
  workers: number;
  /** Answers shorter than this many bytes are enhanced on the main thread. */
  inlineBelowBytes: number;
  /** Answers waiting for a worker beyond this many go out undecoded (default defaultQueuePerWorker per worker). */
  maxQueue?: number;
  /** Or beyond this many bytes of answers handed to the pool and not yet back (default defaultOutstandingBytes). */
  maxOutstandingBytes?: number;
  /** A task unfinished after this long is abandoned (its worker replaced) and the answer goes out undecoded. */
  deadlineMs?: number;
  /** Each worker's young generation in MiB (default defaultWorkerYoungGenerationMb; 0 leaves V8's own). */
  youngGenerationMb?: number;
}

/** A decode takes microseconds to a few milliseconds; one that takes seconds is a bug or hostile data. */
export const defaultDeadlineMs = 2000;

/**
 * What bounds the queue is the memory its answers hold (the byte bound) and the time they wait (the
 * deadline: a task that waited too long goes out undecoded anyway); the count only stops a flood of
 * tiny answers. 32 per worker shed most answers of 32 clients sending batches of ten (320 calls in
 * flight once the upstream client stopped serializing them on 32 sockets): `make load` counts the
 * answers sent undecoded, and showed 36,209 of about 37,000; 256 still shed a few dozen.
 */
const defaultQueuePerWorker = 1024;
const defaultOutstandingBytes = 64 * 1024 * 1024;

/**
 * Each worker's heap: the descriptions take tens of MiB, an answer at most a few times its size.
 * A worker past it is ended by V8 and replaced; its task's answer goes out undecoded.
 */
const workerHeapMb = 512;

/**
 * V8 grows a thread's young generation to 48 MiB under allocation pressure and keeps it: with one
 * worker that alone took serve's RSS after a corpus pass from about 150 to 175 MiB. A task's
 * garbage is short-lived, so a small young generation costs few extra scavenges:
 * `node dist/bench/worker-memory.bench.js` measures both (BENCHMARKS.md, "Worker memory").
 */
export const defaultWorkerYoungGenerationMb = 6;

/** `registry` is the main thread's (with the live IDLs when `live` is given), for the answers enhanced here. */
export function pooledEnhancer(
  registry: ProgramRegistry,
  options: PoolOptions,
  observer?: EnhanceObserver,
  live: LiveIdls | null = null,
): Enhancer {
  const broadcast = live && new LiveBroadcast(`enhanced-rpc-live-idls-${randomUUID()}`, live);
  const pool = new WorkerPool<WorkerTask, WorkerResult>({
    module: new URL('./worker.js', import.meta.url),
    threads: options.workers,
    deadlineMs: options.deadlineMs ?? defaultDeadlineMs,
    resourceLimits: {
      maxOldGenerationSizeMb: workerHeapMb,
      ...youngGeneration(options.youngGenerationMb ?? defaultWorkerYoungGenerationMb),
    },
    workerData: broadcast?.workerData() ?? null,
    onWorkerError: (err) => log.error({ err }, 'enhancement worker failed; starting another'),
  });
  const mostOutstanding = options.workers + (options.maxQueue ?? options.workers * defaultQueuePerWorker);
  const mostOutstandingBytes = options.maxOutstandingBytes ?? defaultOutstandingBytes;
  let outstanding = 0;
  let outstandingBytes = 0;

  const here = batched((task: EnhanceTask): EnhanceOutcome => enhanceNow(task, registry));
  const inWorker = async (task: EnhanceTask): Promise<EnhanceOutcome> => {
    const size = task.response.length;
    if (outstanding >= mostOutstanding || outstandingBytes + size > mostOutstandingBytes)
      return { body: task.response, standard: 'overload' };
    outstanding++;
    outstandingBytes += size;
    // A copy goes to the worker (each time the task is posted): the node's bytes stay here, to be
    // sent as they are if the worker fails, or enhanced again once a live IDL arrives.
    const settled = await pool.run(() => {
      const bytes = new Uint8Array(typeof task.response === 'string' ? Buffer.from(task.response) : task.response);
      return { task: { ...task, response: bytes, liveGeneration: live?.generation }, transfer: [bytes.buffer] };
    });
    outstanding--;
    outstandingBytes -= size;
    if (!settled.ok) {
      log.warn({ method: task.method, reason: settled.reason }, 'enhancement not done; answering the standard output');
      return { body: task.response, standard: settled.reason };
    }
    const { body, stale, ...facts } = settled.value;
    if (stale) {
      broadcast?.resync();
      return enhanceNow(task, registry);
    }
    return { body: typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength), ...facts };
  };
  return {
    async enhance(task) {
      // Until a worker has loaded the descriptions (a few hundred ms from start) the main thread,
      // which has them, enhances: the first answers would otherwise wait on the workers' start.
      const inline = task.response.length < options.inlineBelowBytes || task.response.length > maxEnhancedBytes || pool.readyThreads === 0;
      const run = inline ? here : inWorker;
      const { outcome, provisional } = await withLiveIdls(live, await run(task), () => run(task));
      return report(outcome, task.method, observer, provisional);
    },
    stats: () => ({ threads: pool.threads, queueSize: pool.queueSize, utilization: pool.utilization }),
    started: () => pool.started(),
    async close() {
      await pool.close();
      broadcast?.close();
    },
  };
}

const youngGeneration = (mb: number) => (mb > 0 ? { maxYoungGenerationSizeMb: mb } : {});
