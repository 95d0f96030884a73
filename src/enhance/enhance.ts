/**
 * The one enhancement step every getTransaction and getMultipleAccounts answer passes through when
 * explorerkit is on (request → validate → authorize → fetch → enhance → respond). Text in, text out,
 * so the step can move to worker threads without changing its callers.
 */
import type { AccountEncoding } from '../rpc/params.js';
import type { ProgramRegistry } from '../decode/registry.js';
import { RpcError } from '../rpc/errors.js';
import { enhanceTransaction } from './transaction.js';
import { enhanceAccounts } from './accounts.js';

export interface Enhancer {
  transaction(response: string): Promise<string>;
  /** `asked` is the encoding the client asked for; the node was asked for base64 or jsonParsed. */
  accounts(response: string, asked: AccountEncoding | undefined): Promise<string>;
}

/**
 * A decoder bug must cost the client the decoded view, never the answer: anything but a deliberate
 * JSON-RPC error returns the node's answer unchanged.
 */
function guarded(what: string, response: string, run: () => string): string {
  try {
    return run();
  } catch (error) {
    if (error instanceof RpcError) throw error;
    console.error(`enhanced-rpc: ${what} enhancement failed, answering the standard output:`, error);
    return response;
  }
}

export function explorerkit(registry: ProgramRegistry): Enhancer {
  return {
    transaction: async (response) => guarded('getTransaction', response, () => enhanceTransaction(response, registry)),
    accounts: async (response, asked) => guarded('getMultipleAccounts', response, () => enhanceAccounts(response, registry, asked)),
  };
}
