/**
 * Worker-thread side of the enhancement pool: loads the bundled descriptions once per worker and
 * enhances one answer per task, returning its bytes (or its text, where the answer is not ASCII)
 * and the facts the metrics want. With live IDLs
 * the worker keeps its copy of them in step with the main thread (src/enhance/live-sync.ts).
 */
import { workerData } from 'node:worker_threads';
import { loadBundledRegistry } from '../idl/bundled.js';
import { enhanceNow, type EnhanceOutcome, type EnhanceTask } from './enhance.js';
import { LiveReplica, type LiveWorkerData } from './live-sync.js';
import { withLiveVersions } from '../live/live-registry.js';
import { serveTasks, type WorkerReply } from './worker-pool.js';

const bundled = loadBundledRegistry();
const replica = workerData ? new LiveReplica(workerData as LiveWorkerData) : null;
const registry = replica ? withLiveVersions(bundled, replica.lookup) : bundled;

export interface WorkerTask extends Omit<EnhanceTask, 'response'> {
  response: Uint8Array;
  /** With live IDLs: the main thread's generation of them when the task was posted. */
  liveGeneration?: number;
}

export type WorkerResult = Omit<EnhanceOutcome, 'body'> & {
  /** Arrives on the main thread as a plain Uint8Array. */
  body: Uint8Array | string;
  /** This worker missed a change to the live IDLs; the task was not enhanced. */
  stale?: boolean;
};

function enhanceInWorker({ liveGeneration, ...task }: WorkerTask): WorkerReply<WorkerResult> {
  if (replica !== null && liveGeneration !== undefined && !replica.catchUp(liveGeneration)) return { value: { body: '', stale: true } };
  const response = Buffer.from(task.response.buffer, task.response.byteOffset, task.response.byteLength);
  const { body, ...facts } = enhanceNow({ ...task, response }, registry);
  // Bytes, not text: the main thread sends them as they are, where text would be encoded again.
  // Moved, not copied, where they are the whole of their memory (a new answer's own allocation,
  // or the copy this task brought when nothing changed).
  const movable = typeof body !== 'string' && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  return { value: { body, ...facts }, transfer: movable ? [body.buffer as ArrayBuffer] : [] };
}

serveTasks(enhanceInWorker);
