/**
 * The enhancement step over whole corpus passes, against the JSON floor (JSON.parse +
 * JSON.stringify of each answer from its bytes) over the same passes. enhance.bench.ts times each
 * answer on its own, many times over, so that answer's code and data stay in the caches; a gateway
 * meets a different transaction each time, and in a load run the step took half as long again as
 * that bench said. Passes over every answer in turn come nearer, so the targets of #14 and #18
 * are read here as well.
 *
 * Run: node dist/bench/enhance-pass.bench.js (ROUNDS, default 5: each round times each kind once,
 * alternated; the table gives the median round). COLD_MIB=8 reads that much other memory between
 * answers, untimed, as a busy gateway's other work does between two enhancements: what is then
 * timed is the step with its code and data out of the caches, on an answer that is in them, as one
 * just read off the socket is (PASSES is best lowered with it).
 */
import { cpus } from 'node:os';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceNow } from '../src/enhance/enhance.js';
import { corpusAnswers, corpusSignatures } from './corpus-answers.js';

const rounds = Number(process.env.ROUNDS ?? 5);
const passesPerRound = Number(process.env.PASSES ?? 60);
const coldBytes = Number(process.env.COLD_MIB ?? 0) * 2 ** 20;

const registry = loadBundledRegistry();
const signatures = corpusSignatures();

const other = new Uint8Array(coldBytes);
const touched = new Float64Array(1);
/** One read of every cache line of `other`; the sum is kept so the loop is not optimised away. */
function evictCaches(): void {
  let sum = 0;
  for (let i = 0; i < other.length; i += 64) sum += other[i]++;
  touched[0] += sum;
}

/** Microseconds per answer of `each` over `passes` passes of `answers`. */
function perAnswer(answers: Buffer[], passes: number, each: (answer: Buffer) => unknown): number {
  if (coldBytes === 0) {
    const started = process.hrtime.bigint();
    for (let p = 0; p < passes; p++) for (const answer of answers) each(answer);
    return Number(process.hrtime.bigint() - started) / 1000 / passes / answers.length;
  }
  let spent = 0n;
  for (let p = 0; p < passes; p++) {
    for (const answer of answers) {
      evictCaches();
      // A gateway has just read the node's answer off the socket: the answer itself is in the caches.
      const received = Buffer.from(answer);
      const started = process.hrtime.bigint();
      each(received);
      spent += process.hrtime.bigint() - started;
    }
  }
  return Number(spent) / 1000 / passes / answers.length;
}

const floor = (answer: Buffer) => JSON.stringify(JSON.parse(answer.toString()));
const explorerkit = (answer: Buffer) => enhanceNow({ method: 'getTransaction', response: answer }, registry);
const actionskit = (answer: Buffer) => enhanceNow({ method: 'getTransaction', response: answer, actions: true }, registry);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(
  `\nthe enhancement step over corpus passes (${signatures.length} transactions, ${cpus().length} cores, Node ${process.version}; median of ${rounds} rounds of ${passesPerRound} passes${coldBytes > 0 ? `; ${coldBytes / 2 ** 20} MiB read between answers` : ''})\n`,
);
console.log(
  '| encoding | answers | floor µs/answer | explorerkit µs | explorerkit / floor | actionskit µs | actionskit / floor | actionskit / explorerkit |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const encoding of ['jsonParsed', 'json'] as const) {
  const answers = corpusAnswers(encoding);
  // Warm: every program's description is read and compiled once, and the JIT settles.
  for (const each of [floor, explorerkit, actionskit]) perAnswer(answers, 20, each);
  const timed = { floor: [] as number[], explorerkit: [] as number[], actionskit: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    timed.floor.push(perAnswer(answers, passesPerRound, floor));
    timed.explorerkit.push(perAnswer(answers, passesPerRound, explorerkit));
    timed.actionskit.push(perAnswer(answers, passesPerRound, actionskit));
  }
  const [f, e, a] = [median(timed.floor), median(timed.explorerkit), median(timed.actionskit)];
  console.log(
    `| ${encoding} | ${answers.length} | ${f.toFixed(1)} | ${e.toFixed(1)} | ${(e / f).toFixed(2)} | ${a.toFixed(1)} | ${(a / f).toFixed(2)} | ${(a / e).toFixed(2)} |`,
  );
}
