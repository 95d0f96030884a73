/** A getTransaction result as the gateway's enhancement step rewrites it, read back as an object. */
import { enhanceTransaction } from '../../src/enhance/transaction.js';
import type { ProgramRegistry } from '../../src/decode/registry.js';

export function enhancedResult(result: unknown, registry: ProgramRegistry, withActions = false): any {
  return JSON.parse(enhanceTransaction(JSON.stringify({ jsonrpc: '2.0', result, id: 1 }), registry, withActions)).result;
}
