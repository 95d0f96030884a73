/** A recorded getTransaction result, kept in the encoding its source recorded, as the node answers it in jsonParsed. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { transactionInputFromResult } from '../../src/ledger/import-corpus.js';
import { renderTransaction } from '../../src/ledger/render-transaction.js';
import { projectRoot } from '../../src/paths.js';
import type { StoredTransactionEncoding } from '../../src/ledger/ledger-store.js';

export function asJsonParsed(signature: string, encoding: StoredTransactionEncoding, body: string): any {
  // The row checks that the recording is the transaction it says it is (its first signature).
  const input = transactionInputFromResult(signature, encoding, body);
  const row = { signature, slot: input.slot, blockTime: input.blockTime, version: input.version, bodies: { [encoding]: body } };
  return JSON.parse(renderTransaction(row, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }));
}

/**
 * solana-streamer's recordings file no signature beside them; the tests that fetched them
 * (tests/*_parsers.rs there) name it, so each is read as the transaction its test asked for.
 */
export const solanaStreamerSignatures: Readonly<Record<string, string>> = {
  'bonk_cpi_tx.json': '8QTg427xrHugSxamZCjXNXuyhkZdosPq8EkL7DZkJ82JB5sqR6igKsRgsD9jjwQjRyRrQFiZcDFeeT7uSxMwxXw',
  'bonk_direct_tx.json': '3USu3YAsg2qBXKmMqZg4UUgJLj9yNmwQ2oyewmbZ1WtyqWmhGhd2B7aru976UCkEjV1w9AR8XjSpE1WxmCy81aKf',
  'pumpfun_cpi_tx.json': '3QLV6eN1W1pCWvS8pFYK4x7DCbQNsv16zNmjdpFvqbnzYCnMYEEfVWDsewmLJF1MByFBncaTcHXbqSpQhYHzqGEo',
  'pumpfun_direct_tx.json': '2ghHZXwyU6K1Q8KMJbLJg37ktmyctKmdzzZKGDvHk1MR865dDYyo8SfrKvmvijT43P6hdu6ozPtATiMeg2STszhc',
  'pumpswap_cpi_tx.json': '56RbkzmAEtd88ZeiBigh41kPThpoFqZoxj9tULQJe7xRBAcdRYxREuNBRUW5f2jJASZ81aNhxe8EBej258q76AuH',
  'pumpswap_sell_cpi_tx.json': '27f6P1sV4sDJqvgbto5yyqRVn86pcDW1sqfMMSP2p3yNdFM27aBqr4Sn6ZDvkhAG12Dxm4Ehy1T8xDFQ3GywMAxA',
};

/** One of test/fixtures/solana-streamer's files (a base64 result), as the node answers it in jsonParsed. */
export function solanaStreamerAnswer(file: string): any {
  const body = readFileSync(join(projectRoot, 'test', 'fixtures', 'solana-streamer', file), 'utf8');
  const signature = solanaStreamerSignatures[file];
  if (signature === undefined) throw new Error(`no signature known for solana-streamer ${file}`);
  return asJsonParsed(signature, 'base64', body);
}

/**
 * ryoid/anchores's recordings: jsonParsed results as @solana/web3.js's getParsedTransaction returned
 * them, written with JSON.stringify under their own signature, in one folder per program tested.
 */
export function anchoresAnswers(): { file: string; result: any }[] {
  const dir = join(projectRoot, 'test', 'fixtures', 'anchores');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((folder) =>
      readdirSync(join(dir, folder))
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => ({
          file: `${folder}/${f}`,
          result: asJsonParsed(f.slice(0, -'.json'.length), 'jsonParsed', readFileSync(join(dir, folder, f), 'utf8')),
        })),
    );
}
