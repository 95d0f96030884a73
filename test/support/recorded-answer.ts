/**
 * Recorded mainnet getTransaction results from other projects' tests (test/fixtures/*: their READMEs
 * give source and licence), each kept in the encoding its source recorded and read here as the node
 * answers it in jsonParsed.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { transactionInputFromResult } from '../../src/ledger/import-corpus.js';
import { renderTransaction } from '../../src/ledger/render-transaction.js';
import { projectRoot } from '../../src/paths.js';
import type { StoredTransactionEncoding } from '../../src/ledger/ledger-store.js';

export function asJsonParsed(signature: string, encoding: StoredTransactionEncoding, body: string): any {
  return JSON.parse(rendered(signature, encoding, body, 'jsonParsed'));
}

/** A recording as the node answers it in `as`, as the result's text. */
function rendered(signature: string, encoding: StoredTransactionEncoding, body: string, as: 'json' | 'jsonParsed'): string {
  // The row checks that the recording is the transaction it says it is (its first signature).
  const input = transactionInputFromResult(signature, encoding, body);
  const row = { signature, slot: input.slot, blockTime: input.blockTime, version: input.version, bodies: { [encoding]: body } };
  return renderTransaction(row, { encoding: as, maxSupportedTransactionVersion: 0 });
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

const fixtures = join(projectRoot, 'test', 'fixtures');

function filesOf(folder: string): { file: string; content: any }[] {
  const dir = join(fixtures, folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, content: JSON.parse(readFileSync(join(dir, file), 'utf8')) }));
}

/** One of jowency-me/solana-tx-parser's April 2026 recordings (a base64 result filed with its signature). */
export function jowencyAnswer(file: string): any {
  return JSON.parse(jowencyResultText(file, 'jsonParsed'));
}

/** A jowency recording's result as the node writes it in `encoding`. */
export function jowencyResultText(file: string, encoding: 'json' | 'jsonParsed'): string {
  const { signature, raw } = JSON.parse(readFileSync(join(fixtures, 'jowency-solana-tx-parser', file), 'utf8'));
  return rendered(signature, 'base64', JSON.stringify(raw), encoding);
}

/** The jowency recordings' file names. */
export const jowencyFiles = (): string[] =>
  readdirSync(join(fixtures, 'jowency-solana-tx-parser'))
    .filter((f) => f.endsWith('.json'))
    .sort();

/** Every recorded transaction of every set, named by its set and file. */
export function recordedAnswers(): { where: string; result: any }[] {
  return [
    ...jowencyFiles().map((file) => ({ where: `jowency ${file}`, result: jowencyAnswer(file) })),
    ...filesOf('0xjeffro-tx-parser').map(({ file, content: [result] }) => ({
      where: `0xjeffro ${file}`,
      result: asJsonParsed(result.transaction.signatures[0], 'json', JSON.stringify(result)),
    })),
    ...filesOf('sol-trade-sdk')
      .filter(({ content }) => content.method === 'get_transaction_with_config')
      .map(({ file, content }) => ({ where: `sol-trade-sdk ${file}`, result: content.response })),
    ...filesOf('litesvm')
      .filter(({ file }) => file.startsWith('get_transaction'))
      .map(({ file, content: { result } }) => ({
        where: `litesvm ${file}`,
        result: asJsonParsed(result.transaction.signatures[0], 'json', JSON.stringify(result)),
      })),
    ...Object.keys(solanaStreamerSignatures)
      .sort()
      .map((file) => ({ where: `solana-streamer ${file}`, result: solanaStreamerAnswer(file) })),
    ...anchoresAnswers().map(({ file, result }) => ({ where: `anchores ${file}`, result })),
  ];
}
