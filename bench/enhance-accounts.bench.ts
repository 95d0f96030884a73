/**
 * The enhancement step on a getMultipleAccounts answer: every account of the embedded ledger
 * (ledger/accounts, jsonParsed, as the ledger answers it), against the JSON floor (JSON.parse +
 * JSON.stringify of the same bytes) in the same run. Non-native accounts are decoded; the node's
 * parsed natives are left as they are.
 *
 * Run: node dist/bench/enhance-accounts.bench.js (ROUNDS, default 5: each round times both, the
 * table gives the median round; PASSES per round, default 200).
 */
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceNow } from '../src/enhance/enhance.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { openLedger } from '../src/ledger/ledger-store.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { corpusAccountsDir } from '../src/paths.js';

const rounds = Number(process.env.ROUNDS ?? 5);
const passes = Number(process.env.PASSES ?? 200);

const registry = loadBundledRegistry();
const addresses = readdirSync(corpusAccountsDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));
const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
const answer = Buffer.from(`{"jsonrpc":"2.0","result":${ledger.getMultipleAccounts(addresses, { encoding: 'jsonParsed' })},"id":1}`);

const floor = () => JSON.stringify(JSON.parse(answer.toString()));
const explorerkit = () => enhanceNow({ method: 'getMultipleAccounts', response: answer }, registry);

function perAnswer(each: () => unknown): number {
  const started = process.hrtime.bigint();
  for (let p = 0; p < passes; p++) each();
  return Number(process.hrtime.bigint() - started) / 1000 / passes;
}

for (let i = 0; i < 20; i++) {
  floor();
  explorerkit();
}
const results: { floor: number; explorerkit: number }[] = [];
for (let r = 0; r < rounds; r++) results.push({ floor: perAnswer(floor), explorerkit: perAnswer(explorerkit) });
const median = (pick: (r: { floor: number; explorerkit: number }) => number) =>
  results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)];
const f = median((r) => r.floor);
const e = median((r) => r.explorerkit);

console.log(
  `\nthe enhancement step on one getMultipleAccounts answer (${addresses.length} accounts, ${answer.length} bytes; ${cpus().length} cores, Node ${process.version}; median of ${rounds} rounds of ${passes})\n`,
);
console.log('| floor µs/answer | explorerkit µs | explorerkit / floor |');
console.log('|---:|---:|---:|');
console.log(`| ${f.toFixed(1)} | ${e.toFixed(1)} | ${(e / f).toFixed(2)} |`);
