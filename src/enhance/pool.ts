/**
 * Enhancement fanned out to a Piscina pool: each getTransaction or getMultipleAccounts answer (one
 * per entry of a batch) is decoded in a worker, so the main thread only does I/O. The answer's
 * bytes are handed over, not an object graph; small answers cost less to enhance than to post to a
 * worker and stay on the main thread (the threshold is measured by bench/enhance-pool.bench.ts).
 * Live IDLs reach the workers as src/enhance/live-sync.ts describes.
 */
import { randomUUID } from 'node:crypto';
import { Piscina } from 'piscina';
import type { ProgramRegistry } from '../decode/registry.js';
import type { LiveIdls } from '../idl/live-idls.js';
import {
  enhanceNow,
  reportLive,
  withLiveIdls,
  type EnhanceObserver,
  type EnhanceOutcome,
  type EnhanceTask,
  type Enhancer,
} from './enhance.js';
import { LiveBroadcast } from './live-sync.js';
import type { WorkerResult, WorkerTask } from './worker.js';

export interface PoolOptions {
  workers: number;
  /** Answers shorter than this many bytes are enhanced on the main thread. */
  inlineBelowBytes: number;
}

/** An ArrayBuffer can be transferred only when the Buffer owns all of it (small Buffers share a pool). */
function transferable(bytes: Buffer): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  return Uint8Array.prototype.slice.call(bytes);
}

/** `registry` is the main thread's (with the live IDLs when `live` is given), for the answers enhanced here. */
export function pooledEnhancer(
  registry: ProgramRegistry,
  options: PoolOptions,
  observer?: EnhanceObserver,
  live: LiveIdls | null = null,
): Enhancer {
  const broadcast = live && new LiveBroadcast(`enhanced-rpc-live-idls-${randomUUID()}`, live);
  const pool = new Piscina<WorkerTask, WorkerResult>({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: options.workers,
    maxThreads: options.workers,
    // Workers stay up: each one loads the descriptions at start, which is not worth repeating.
    idleTimeout: Infinity,
    workerData: broadcast?.workerData() ?? null,
  });
  const here = async (task: EnhanceTask): Promise<EnhanceOutcome & { original?: Buffer }> => enhanceNow(task, registry);
  /** `original`: the node's answer, back from the worker when it may be needed again. */
  const inWorker = async (task: EnhanceTask): Promise<EnhanceOutcome & { original?: Buffer }> => {
    const bytes = transferable(typeof task.response === 'string' ? Buffer.from(task.response) : task.response);
    const { text, stale, original, ...facts } = await pool.run(
      { ...task, response: bytes, liveGeneration: live?.generation },
      { transferList: [bytes.buffer as ArrayBuffer] },
    );
    const kept = original && Buffer.from(original.buffer, original.byteOffset, original.byteLength);
    if (stale && kept) {
      broadcast?.resync();
      return { ...enhanceNow({ ...task, response: kept }, registry), original: kept };
    }
    return { body: text, ...facts, original: kept };
  };
  return {
    async enhance(task) {
      const run = task.response.length < options.inlineBelowBytes ? here : inWorker;
      const first = await run(task);
      const again = () => (first.original ? run({ ...task, response: first.original }) : run(task));
      return reportLive(await withLiveIdls(live, first, again), task.method, observer);
    },
    stats: () => ({ threads: pool.threads.length, queueSize: pool.queueSize, utilization: pool.utilization }),
    async close() {
      await pool.destroy();
      broadcast?.close();
    },
  };
}
