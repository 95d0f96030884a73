/**
 * Enhancement fanned out to a Piscina pool: each getTransaction or getMultipleAccounts answer (one
 * per entry of a batch) is decoded in a worker, so the main thread only does I/O. The answer's
 * bytes are handed over, not an object graph; small answers cost less to enhance than to post to a
 * worker and stay on the main thread (the threshold is measured by bench/enhance-pool.bench.ts).
 */
import { Piscina } from 'piscina';
import type { ProgramRegistry } from '../decode/registry.js';
import { enhanceNow, report, type EnhanceObserver, type Enhancer } from './enhance.js';
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

export function pooledEnhancer(registry: ProgramRegistry, options: PoolOptions, observer?: EnhanceObserver): Enhancer {
  const pool = new Piscina<WorkerTask, WorkerResult>({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: options.workers,
    maxThreads: options.workers,
    // Workers stay up: each one loads the descriptions at start, which is not worth repeating.
    idleTimeout: Infinity,
  });
  return {
    async enhance(task) {
      if (task.response.length < options.inlineBelowBytes) return report(enhanceNow(task, registry), task.method, observer);
      const bytes = transferable(typeof task.response === 'string' ? Buffer.from(task.response) : task.response);
      const { text, ...facts } = await pool.run({ ...task, response: bytes }, { transferList: [bytes.buffer as ArrayBuffer] });
      return report({ body: text, ...facts }, task.method, observer);
    },
    stats: () => ({ threads: pool.threads.length, queueSize: pool.queueSize, utilization: pool.utilization }),
    close: () => pool.destroy(),
  };
}
