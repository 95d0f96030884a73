/**
 * Enhancement fanned out to a Piscina pool: each getTransaction or getMultipleAccounts answer (one
 * per entry of a batch) is decoded in a worker, so the main thread only does I/O. The answer's
 * bytes are handed over, not an object graph; small answers cost less to enhance than to post to a
 * worker and stay on the main thread (the threshold is measured by bench/enhance-pool.bench.ts).
 * Whatever happens to a task (queue full, deadline, worker death), the client gets the node's answer.
 * Live IDLs reach the workers as src/enhance/live-sync.ts describes.
 */
import { randomUUID } from 'node:crypto';
import { Piscina } from 'piscina';
import type { ProgramRegistry } from '../decode/registry.js';
import type { LiveIdls } from '../live/live-idls.js';
import {
  enhanceNow,
  maxEnhancedBytes,
  report,
  withLiveIdls,
  type EnhanceObserver,
  type EnhanceOutcome,
  type EnhanceTask,
  type Enhancer,
  type StandardReason,
} from './enhance.js';
import { LiveBroadcast } from './live-sync.js';
import type { WorkerResult, WorkerTask } from './worker.js';
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
  const pool = new Piscina<WorkerTask, WorkerResult>({
    filename: new URL('./worker-entry.cjs', import.meta.url).href,
    minThreads: options.workers,
    maxThreads: options.workers,
    // Workers stay up: each one loads the descriptions at start, which is not worth repeating.
    idleTimeout: Infinity,
    resourceLimits: {
      maxOldGenerationSizeMb: workerHeapMb,
      ...youngGeneration(options.youngGenerationMb ?? defaultWorkerYoungGenerationMb),
    },
    workerData: broadcast?.workerData() ?? null,
  });
  const deadlineMs = options.deadlineMs ?? defaultDeadlineMs;
  // Counted here, not with Piscina's maxQueue: tasks carrying an abort signal wait in a queue of
  // its own that maxQueue does not bound.
  const mostOutstanding = options.workers + (options.maxQueue ?? options.workers * defaultQueuePerWorker);
  const mostOutstandingBytes = options.maxOutstandingBytes ?? defaultOutstandingBytes;
  let outstanding = 0;
  let outstandingBytes = 0;

  const here = async (task: EnhanceTask): Promise<EnhanceOutcome> => enhanceNow(task, registry);
  const inWorker = async (task: EnhanceTask): Promise<EnhanceOutcome> => {
    const size = task.response.length;
    if (outstanding >= mostOutstanding || outstandingBytes + size > mostOutstandingBytes)
      return { body: task.response, standard: 'overload' };
    // A copy goes to the worker: the node's bytes stay here, to be sent as they are if the worker
    // fails, or enhanced again once a live IDL arrives.
    const bytes = new Uint8Array(typeof task.response === 'string' ? Buffer.from(task.response) : task.response);
    outstanding++;
    outstandingBytes += size;
    try {
      const { body, stale, ...facts } = await pool.run(
        { ...task, response: bytes, liveGeneration: live?.generation },
        { transferList: [bytes.buffer], signal: AbortSignal.timeout(deadlineMs) },
      );
      if (stale) {
        broadcast?.resync();
        return enhanceNow(task, registry);
      }
      return { body: typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength), ...facts };
    } catch (error) {
      const standard = reasonOf(error);
      log.warn({ err: error, method: task.method, reason: standard }, 'enhancement not done; answering the standard output');
      return { body: task.response, standard };
    } finally {
      outstanding--;
      outstandingBytes -= size;
    }
  };
  return {
    async enhance(task) {
      const run = task.response.length < options.inlineBelowBytes || task.response.length > maxEnhancedBytes ? here : inWorker;
      const { outcome, provisional } = await withLiveIdls(live, await run(task), () => run(task));
      return report(outcome, task.method, observer, provisional);
    },
    stats: () => ({ threads: pool.threads.length, queueSize: pool.queueSize, utilization: pool.utilization }),
    async close() {
      await pool.destroy();
      broadcast?.close();
    },
  };
}

const youngGeneration = (mb: number) => (mb > 0 ? { maxYoungGenerationSizeMb: mb } : {});

function reasonOf(error: unknown): StandardReason {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError') ? 'deadline' : 'worker';
}
