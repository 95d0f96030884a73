/**
 * Worker-thread side of the enhancement pool: loads the bundled descriptions once per worker and
 * enhances one answer per task. Errors cross the thread boundary as data, since a thrown RpcError
 * would arrive as a plain Error.
 */
import { loadBundledRegistry } from '../decode/registry.js';
import { RpcError } from '../rpc/errors.js';
import { enhanceNow, type EnhanceOutcome, type EnhanceTask } from './enhance.js';

const registry = loadBundledRegistry();

export interface WorkerTask extends Omit<EnhanceTask, 'response'> {
  response: Uint8Array;
}

export type WorkerResult = (Omit<EnhanceOutcome, 'body'> & { text: string }) | { error: { code: number; message: string } };

export default function enhanceInWorker(task: WorkerTask): WorkerResult {
  const response = Buffer.from(task.response.buffer, task.response.byteOffset, task.response.byteLength);
  try {
    const { body, ...facts } = enhanceNow({ ...task, response }, registry);
    return { text: body.toString(), ...facts };
  } catch (error) {
    if (error instanceof RpcError) return { error: { code: error.code, message: error.message } };
    throw error;
  }
}
