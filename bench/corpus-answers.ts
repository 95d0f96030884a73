/**
 * The corpus transactions as a node answers getTransaction for them, from the embedded ledger, for
 * the benches that time the enhancement step over whole passes.
 */
import { readdirSync } from 'node:fs';
import { openLedger } from '../src/ledger/ledger-store.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { corpusTransactionsDir } from '../src/paths.js';
import { defaultLedgerFile } from '../src/gateway.js';

/** Every corpus transaction's signature, once. */
export const corpusSignatures = (): string[] => [
  ...new Set(
    readdirSync(corpusTransactionsDir)
      .map((f) => /^(\w+)\.(?:json|jsonParsed|base64)\.json$/.exec(f)?.[1])
      .filter((s): s is string => s !== undefined),
  ),
];

/**
 * The whole answers (envelope and all, as bytes) in `encoding`: the ledger holds some transactions
 * in jsonParsed only, and those are left out of json.
 */
export function corpusAnswers(encoding: 'json' | 'jsonParsed'): Buffer[] {
  const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
  return corpusSignatures().flatMap((signature) => {
    try {
      const result = ledger.getTransaction(signature, { encoding, maxSupportedTransactionVersion: 0 });
      return [Buffer.from(`{"jsonrpc":"2.0","result":${result},"id":1}`)];
    } catch {
      return [];
    }
  });
}
