/**
 * Every enhanced answer the corpus gives, one line each: `<what> <sha256 of the answer>`. Run it on
 * two builds and diff the outputs to show a change leaves every answer byte-identical (issues #17,
 * #18): each stored transaction in json, jsonParsed and base64, with explorerkit and with
 * actionskit, and every stored account in a getMultipleAccounts answer in jsonParsed.
 * Run: node dist/scripts/corpus-answers.js [--full DIR] > answers.txt
 * `--full DIR` also writes each answer to DIR, to read what a differing line differs in.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openLedger } from '../src/ledger/ledger-store.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { RpcError } from '../src/rpc/errors.js';
import { enhanceNow, type EnhanceTask } from '../src/enhance/enhance.js';

const fullAt = process.argv.indexOf('--full');
const fullDir = fullAt > 0 ? process.argv[fullAt + 1] : undefined;
if (fullDir !== undefined) mkdirSync(fullDir, { recursive: true });

const registry = loadBundledRegistry();
const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
const envelope = (result: string) => `{"jsonrpc":"2.0","result":${result},"id":1}`;

/** The ledger's answer, or null where it holds the transaction only in other encodings. */
function stored(signature: string, encoding: 'json' | 'jsonParsed' | 'base64'): string | null {
  try {
    return envelope(ledger.getTransaction(signature, { encoding, maxSupportedTransactionVersion: 0 }));
  } catch (error) {
    if (error instanceof RpcError) return null;
    throw error;
  }
}

function emit(what: string, task: EnhanceTask): void {
  const body = enhanceNow(task, registry).body.toString();
  process.stdout.write(`${what} ${createHash('sha256').update(body).digest('hex')}\n`);
  if (fullDir !== undefined) writeFileSync(join(fullDir, `${what}.json`), body);
}

const signatures = new Set(
  readdirSync(corpusTransactionsDir)
    .map((f) => /^(\w+)\.(?:json|jsonParsed|base64)\.json$/.exec(f)?.[1])
    .filter((s): s is string => s !== undefined),
);
for (const signature of [...signatures].sort()) {
  for (const encoding of ['json', 'jsonParsed', 'base64'] as const) {
    const response = stored(signature, encoding);
    if (response === null) continue;
    emit(`${signature}.${encoding}.explorerkit`, { method: 'getTransaction', response });
    emit(`${signature}.${encoding}.actionskit`, { method: 'getTransaction', response, actions: true });
  }
}
for (const file of readdirSync(corpusAccountsDir).sort()) {
  const address = /^(\w+)\.json$/.exec(file)?.[1];
  if (address === undefined) continue;
  const response = envelope(ledger.getMultipleAccounts([address], { encoding: 'jsonParsed' }));
  emit(`${address}.account`, { method: 'getMultipleAccounts', response });
}
