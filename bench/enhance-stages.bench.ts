/**
 * Where an actionskit answer's time goes, by the paths the step can take over the same corpus
 * passes: `JSON.parse` alone (what the parsing path starts with), the anchored path explorerkit
 * takes (no parse), the parsing path without sentences and with them. The differences are the
 * stages: parsing path − parse is decoding and writing the entries there; with sentences − without
 * is what the sentences cost (the facts, the templates, the sentences' members).
 *
 * Run: node dist/bench/enhance-stages.bench.js (ROUNDS, default 5; PASSES per round, default 40).
 */
import { cpus } from 'node:os';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { parsedAnswerEdits } from '../src/enhance/transaction.js';
import { transactionEditsByAnchors } from '../src/enhance/transaction-anchors.js';
import { corpusAnswers } from './corpus-answers.js';

const rounds = Number(process.env.ROUNDS ?? 5);
const passes = Number(process.env.PASSES ?? 40);
const registry = loadBundledRegistry();

const paths: Record<string, (text: string) => unknown> = {
  'JSON.parse': (text) => JSON.parse(text),
  'anchored path (explorerkit)': (text) => transactionEditsByAnchors(text, registry),
  'parsing path, no sentences': (text) => parsedAnswerEdits(text, registry, false),
  'parsing path with sentences (actionskit)': (text) => parsedAnswerEdits(text, registry, true),
};

console.log(
  `\nthe enhancement step's paths over corpus passes (${cpus().length} cores, Node ${process.version}; median of ${rounds} rounds of ${passes} passes)\n`,
);
console.log('| encoding | path | µs per answer |');
console.log('|---|---|---:|');
for (const encoding of ['jsonParsed', 'json'] as const) {
  const answers = corpusAnswers(encoding).map((bytes) => bytes.toString());
  for (const each of Object.values(paths)) for (let p = 0; p < 20; p++) for (const answer of answers) each(answer);
  const timed = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++) {
    for (const [name, each] of Object.entries(paths)) {
      const started = process.hrtime.bigint();
      for (let p = 0; p < passes; p++) for (const answer of answers) each(answer);
      const perAnswer = Number(process.hrtime.bigint() - started) / 1000 / passes / answers.length;
      timed.set(name, [...(timed.get(name) ?? []), perAnswer]);
    }
  }
  for (const [name, values] of timed) {
    const median = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(`| ${encoding} (${answers.length}) | ${name} | ${median.toFixed(1)} |`);
  }
}
