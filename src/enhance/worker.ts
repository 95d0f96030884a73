/**
 * Worker-thread side of the enhancement pool: loads the bundled descriptions once per worker and
 * enhances one answer per task, returning its text and the facts the metrics want.
 */
import { loadBundledRegistry } from '../decode/registry.js';
import { enhanceNow, type EnhanceOutcome, type EnhanceTask } from './enhance.js';

const registry = loadBundledRegistry();

export interface WorkerTask extends Omit<EnhanceTask, 'response'> {
  response: Uint8Array;
}

export type WorkerResult = Omit<EnhanceOutcome, 'body'> & { text: string };

export default function enhanceInWorker(task: WorkerTask): WorkerResult {
  const response = Buffer.from(task.response.buffer, task.response.byteOffset, task.response.byteLength);
  const { body, ...facts } = enhanceNow({ ...task, response }, registry);
  return { text: body.toString(), ...facts };
}
