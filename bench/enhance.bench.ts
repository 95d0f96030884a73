/**
 * Enhanced getTransaction against the floor any rewriting proxy pays: JSON.parse + JSON.stringify
 * of the same upstream answer. For every corpus transaction (jsonParsed, as a node sends it with
 * explorerkit on, whitespace between tokens removed), the time of enhanceTransaction (our whole enhancement step, on one thread) is
 * divided by the time of the floor; the table gives the median and spread of those ratios.
 * Run: node dist/bench/enhance.bench.js
 */
import { Bench } from 'tinybench';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedger } from '../src/ledger/ledger-store.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { corpusTransactionsDir } from '../src/paths.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceParsedAnswer, enhanceTransaction, instructionEntrySpans, instructionPaths } from '../src/enhance/transaction.js';
import { enhanceNow } from '../src/enhance/enhance.js';
import { instructionListsOf } from '../src/transaction-result/read.js';
import { findPathSpans } from '../src/json/path-spans.js';
import { resultText } from '../src/json/request-scan.js';
import { resultOf } from '../src/rpc/envelope.js';
import { transactionInputFromResult } from '../src/ledger/import-corpus.js';

const registry = loadBundledRegistry();
const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
const scratchDir = mkdtempSync(join(tmpdir(), 'enhance-bench-'));
const scratchLedger = openLedger(join(scratchDir, 'ledger.sqlite'));
const answers = readdirSync(corpusTransactionsDir)
  .map((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null)
  .map(([, signature]) => ({
    signature,
    text: `{"jsonrpc":"2.0","result":${ledger.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })},"id":1}`,
  }));

const ratios: number[] = [];
const walkRatios: number[] = [];
const locateRatios: number[] = [];
const resultScanRatios: number[] = [];
const resultFrameRatios: number[] = [];
const ledgerRowRatios: number[] = [];
const actionRatios: number[] = [];
const parsingPathRatios: number[] = [];
let parsingPathTotal = 0;
const actionsOverExplorer: number[] = [];
let actionsTotal = 0;
const ledgerWriteRatios: number[] = [];
const bytesOverText: number[] = [];
let bytesTotal = 0;
let textTotal = 0;
let floorTotal = 0;
let oursTotal = 0;
for (const { signature, text } of answers) {
  enhanceTransaction(text, registry); // compile the programs this answer needs before timing
  const { result } = JSON.parse(text);
  const row = transactionInputFromResult(signature, 'jsonParsed', resultOf(text, '1')!);
  const bytes = Buffer.from(text);
  const bench = new Bench({ time: 40, warmupTime: 10 });
  bench
    .add('floor', () => JSON.stringify(JSON.parse(text)))
    .add('enhance', () => enhanceTransaction(text, registry))
    .add('enhance with actionskit', () => enhanceTransaction(text, registry, true))
    // The path every explorerkit answer took before successful ones were read by their anchors.
    .add('parsing path', () => enhanceParsedAnswer(text, registry))
    // Finding the instruction entries' spans in the node's text (the part of the step that keeps
    // every byte it does not replace), alone: by their compact text as the step does (every list,
    // as with actionskit; explorerkit asks only for the lists it rewrites), and by the
    // walk it falls back to.
    .add('locate', () => instructionEntrySpans(text, instructionListsOf(result), () => true))
    .add('span walk', () => findPathSpans(text, instructionPaths))
    // The gateway also takes the answer's `result` text for its caches (twice on an upstream miss):
    // by scanning the answer before this session, by its frame now.
    .add('result scan', () => resultText(text))
    .add('result frame', () => resultOf(text, '1'))
    // With --upstream the answer is also kept in the ledger (read-through cache): read for its row.
    .add('ledger row', () => transactionInputFromResult(signature, 'jsonParsed', resultOf(text, '1')!))
    .add('ledger write', () => scratchLedger.putTransaction(row))
    // From the node's bytes to the bytes sent: the edits applied to those bytes (as the gateway
    // does), and the answer spliced as text and encoded again (as it did before).
    .add('bytes to bytes', () => enhanceNow({ method: 'getTransaction', response: bytes }, registry).body)
    .add('bytes to text to bytes', () => Buffer.from(enhanceTransaction(bytes.toString(), registry)));
  await bench.run();
  const [floor, ours, withActions, parsingPath, locate, walk, resultScan, resultFrame, ledgerRow, ledgerWrite, asBytes, asText] =
    bench.tasks.map((t) => t.result!.latency.p50!);
  bytesOverText.push(asBytes / asText);
  bytesTotal += asBytes;
  textTotal += asText;
  actionRatios.push(withActions / floor);
  parsingPathRatios.push(parsingPath / floor);
  parsingPathTotal += parsingPath;
  actionsOverExplorer.push(withActions / ours);
  actionsTotal += withActions;
  ledgerRowRatios.push(ledgerRow / floor);
  ledgerWriteRatios.push(ledgerWrite / floor);
  resultScanRatios.push(resultScan / floor);
  resultFrameRatios.push(resultFrame / floor);
  ratios.push(ours / floor);
  locateRatios.push(locate / floor);
  walkRatios.push(walk / floor);
  floorTotal += floor;
  oursTotal += ours;
}
ratios.sort((a, b) => a - b);
locateRatios.sort((a, b) => a - b);
walkRatios.sort((a, b) => a - b);
resultScanRatios.sort((a, b) => a - b);
resultFrameRatios.sort((a, b) => a - b);
ledgerRowRatios.sort((a, b) => a - b);
actionRatios.sort((a, b) => a - b);
parsingPathRatios.sort((a, b) => a - b);
actionsOverExplorer.sort((a, b) => a - b);
ledgerWriteRatios.sort((a, b) => a - b);
bytesOverText.sort((a, b) => a - b);
const at = (q: number, of = ratios) => of[Math.min(of.length - 1, Math.floor(q * of.length))].toFixed(2);
console.log(
  `\nenhanced getTransaction vs JSON.parse + JSON.stringify of the same answer (${cpus().length} cores, Node ${process.version}, ${answers.length} corpus answers)\n`,
);
console.log('| measure | enhance / floor |');
console.log('|---|---:|');
console.log(`| median answer | ${at(0.5)} |`);
console.log(`| 10th–90th percentile | ${at(0.1)}–${at(0.9)} |`);
console.log(`| all answers, total time | ${(oursTotal / floorTotal).toFixed(2)} |`);
console.log(
  `| the parsing path alone (actionskit's, and answers the anchors cannot read; every answer before them), median answer / total | ${at(0.5, parsingPathRatios)} / ${(parsingPathTotal / floorTotal).toFixed(2)} |`,
);
console.log(`| of which locating the entries (closing stack heights, else compact text), median answer | ${at(0.5, locateRatios)} |`);
console.log(`| the span walk it falls back to, alone, median answer | ${at(0.5, walkRatios)} |`);
console.log(`| taking the result for the caches by scanning the answer, median answer | ${at(0.5, resultScanRatios)} |`);
console.log(`| taking the result for the caches from the frame, median answer | ${at(0.5, resultFrameRatios)} |`);
console.log(`| with --ledger-cache on: reading the ledger row of a fetched answer, median answer | ${at(0.5, ledgerRowRatios)} |`);
console.log(`| with --ledger-cache on: writing it (SQLite upsert, WAL), median answer | ${at(0.5, ledgerWriteRatios)} |`);
console.log(
  `| with actionskit too (not a target), median answer / total | ${at(0.5, actionRatios)} / ${(actionsTotal / floorTotal).toFixed(2)} |`,
);
// The budget: actionskit within 1.3x explorerkit's CPU per answer.
console.log(
  `| actionskit / explorerkit (target ≤ 1.3), median answer / 90th percentile / total | ${at(0.5, actionsOverExplorer)} / ${at(0.9, actionsOverExplorer)} / ${(actionsTotal / oursTotal).toFixed(2)} |`,
);
console.log(
  `| from the node's bytes to the bytes sent: edits applied to the bytes / the answer spliced as text and encoded again, median answer / total | ${at(0.5, bytesOverText)} / ${(bytesTotal / textTotal).toFixed(2)} |`,
);
scratchLedger.close();
rmSync(scratchDir, { recursive: true, force: true });
