/**
 * The one enhancement step every getTransaction and getMultipleAccounts answer passes through when
 * explorerkit is on (request → validate → authorize → fetch → enhance → respond). Bytes in, text
 * out, so the work can run inline or in a worker thread behind the same interface.
 */
import type { ProgramRegistry } from '../decode/registry.js';
import { RpcError } from '../rpc/errors.js';
import { enhanceTransaction } from './transaction.js';
import { enhanceAccounts } from './accounts.js';

export type EnhancedMethod = 'getTransaction' | 'getMultipleAccounts';

export interface EnhanceTask {
  method: EnhancedMethod;
  /** The node's answer, exactly as received. */
  response: Buffer | string;
  /** getTransaction with actionskit: add a one-sentence summary to each entry that has one. */
  actions?: boolean;
}

export interface Enhancer {
  enhance(task: EnhanceTask): Promise<Buffer | string>;
  close(): Promise<void>;
}

/**
 * A decoder bug must cost the client the decoded view, never the answer: anything but a deliberate
 * JSON-RPC error returns the node's answer unchanged.
 */
export function enhanceNow(task: EnhanceTask, registry: ProgramRegistry): Buffer | string {
  const text = task.response.toString();
  try {
    return task.method === 'getTransaction' ? enhanceTransaction(text, registry, task.actions) : enhanceAccounts(text, registry);
  } catch (error) {
    if (error instanceof RpcError) throw error;
    console.error(`enhanced-rpc: ${task.method} enhancement failed, answering the standard output:`, error);
    return task.response;
  }
}

/** Enhancement on the calling thread. */
export function inlineEnhancer(registry: ProgramRegistry): Enhancer {
  return {
    enhance: async (task) => enhanceNow(task, registry),
    close: async () => {},
  };
}
