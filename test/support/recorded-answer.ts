/** A recorded getTransaction result, kept in the encoding its source recorded, as the node answers it in jsonParsed. */
import { transactionInputFromResult } from '../../src/ledger/import-corpus.js';
import { renderTransaction } from '../../src/ledger/render-transaction.js';
import type { StoredTransactionEncoding } from '../../src/ledger/ledger-store.js';

export function asJsonParsed(signature: string, encoding: StoredTransactionEncoding, body: string): any {
  // The row checks that the recording is the transaction it says it is (its first signature).
  const input = transactionInputFromResult(signature, encoding, body);
  const row = { signature, slot: input.slot, blockTime: input.blockTime, version: input.version, bodies: { [encoding]: body } };
  return JSON.parse(renderTransaction(row, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }));
}
