/**
 * Decoder compilation strategies on the corpus: the composed closures of src/decode/compile.ts
 * against the generated functions of src/decode/codegen.ts. Measures per-instruction decode
 * latency (median of tinybench passes over each program's corpus instructions, divided by their
 * count) for the ten programs with the most corpus instructions and for all of them, and the time
 * to compile every bundled program, in fresh processes (what startup pays; V8 caches the source of
 * `new Function` within a process, so repeated in-process compiles would flatter codegen) and warm
 * in-process.
 * Run: node dist/bench/decode-compile.bench.js (after `make build`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { compileProgram, type CompiledProgram } from '../src/decode/compile.js';
import { compileProgramGenerated } from '../src/decode/codegen.js';
import { loadBundledRegistry } from '../src/decode/registry.js';
import type { ProgramDescription } from '../src/idl/description.js';
import { decodeBase58 } from '../src/codec/base58.js';
import { decodeWireTransaction } from '../src/ledger/wire-transaction.js';
import { corpusTransactionsDir } from '../src/paths.js';

// Transaction documents are loosely typed JSON.
type Doc = any;
type Compile = (description: ProgramDescription) => CompiledProgram;

const strategies: Record<string, Compile> = { closures: compileProgram, generated: compileProgramGenerated };

function descriptions(): ProgramDescription[] {
  const registry = loadBundledRegistry();
  return registry.programIds.map((id) => registry.get(id)!.description);
}

/**
 * Compiles a program and then every instruction, account and event its discriminator (or size)
 * reaches, since both strategies compile each item on first use.
 */
function compileAll(compile: Compile, all: ProgramDescription[]): number {
  let decoded = 0;
  for (const description of all) {
    const program = compile(description);
    for (const ix of description.instructions) if (program.decodeInstruction(ix.discriminator)) decoded++;
    for (const a of description.accounts) {
      if (program.decodeAccount(a.discriminator.length > 0 ? a.discriminator : new Uint8Array(a.size ?? 0))) decoded++;
    }
    for (const e of description.events) if (program.decodeEvent(e.discriminator)) decoded++;
  }
  return decoded;
}

if (process.argv[2] === '--compile-once') {
  const all = descriptions();
  const start = performance.now();
  compileAll(strategies[process.argv[3]], all);
  console.log(performance.now() - start);
  process.exit(0);
}

/** Non-native instruction data of the corpus, top-level and inner, by program id. */
function corpusInstructions(): Map<string, Uint8Array[]> {
  const byProgram = new Map<string, Uint8Array[]>();
  for (const file of readdirSync(corpusTransactionsDir).sort()) {
    if (!/\.(json|jsonParsed|base64)\.json$/.test(file)) continue;
    const result = JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8'));
    const tx = Array.isArray(result.transaction)
      ? decodeWireTransaction(Buffer.from(result.transaction[0], 'base64')).transaction
      : result.transaction;
    const keys: string[] = tx.message.accountKeys.map((k: Doc) => (typeof k === 'string' ? k : k.pubkey));
    const loaded = result.meta?.loadedAddresses;
    if (loaded) keys.push(...loaded.writable, ...loaded.readonly);
    const all: Doc[] = [...tx.message.instructions, ...(result.meta?.innerInstructions ?? []).flatMap((inner: Doc) => inner.instructions)];
    for (const ix of all) {
      if (ix.parsed !== undefined) continue;
      const programId: string | undefined = ix.programId ?? keys[ix.programIdIndex];
      const data = decodeBase58(ix.data);
      if (programId === undefined || data === null) continue;
      byProgram.set(programId, [...(byProgram.get(programId) ?? []), data]);
    }
  }
  return byProgram;
}

const all = descriptions();
const corpus = corpusInstructions();
const groups = all
  .filter((d) => corpus.has(d.address))
  .map((d) => ({ name: d.name, samples: corpus.get(d.address)!, programs: { closures: compileProgram(d), generated: compileProgramGenerated(d) } }))
  .sort((a, b) => b.samples.length - a.samples.length);

// Compiles each decoder the corpus needs before anything is timed, and keeps results observable.
let sink = 0;
const pass = (program: CompiledProgram, samples: Uint8Array[]) => {
  for (const data of samples) if (program.decodeInstruction(data) !== null) sink++;
};
for (const g of groups) for (const program of Object.values(g.programs)) pass(program, g.samples);

const rows = [...groups.slice(0, 10).map((g) => ({ label: g.name, parts: [g] })), { label: 'all programs', parts: groups }];
const kinds = ['closures', 'generated'] as const;

// The machine is shared: each round runs the two strategies back to back for every row (alternating
// which goes first), the ratio is the median of the rounds' ratios, so a slow stretch of the
// machine weighs on both sides of a ratio alike; absolute figures are medians over rounds.
const rounds = Number(process.env.ROUNDS ?? 9);
const perRound = new Map<string, number[]>();
for (let round = 0; round < rounds; round++) {
  const bench = new Bench({ time: 100, warmup: round === 0 });
  for (const row of rows) {
    for (const which of round % 2 === 0 ? kinds : [...kinds].reverse()) {
      bench.add(`${which}: ${row.label}`, () => {
        for (const g of row.parts) pass(g.programs[which], g.samples);
      });
    }
  }
  await bench.run();
  for (const task of bench.tasks) perRound.set(task.name, [...(perRound.get(task.name) ?? []), task.result!.latency.p50!]);
}
const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

console.log(`\nDecode: µs per instruction = median pass over a program's corpus instructions ÷ their count (${cpus().length} cores, Node ${process.version}, ${rounds} interleaved rounds; ratio < 1: generated faster)\n`);
console.log('| program | corpus ix | closures µs | generated µs | generated / closures |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) {
  const count = row.parts.reduce((n, g) => n + g.samples.length, 0);
  const [closures, generated] = kinds.map((which) => perRound.get(`${which}: ${row.label}`)!);
  const ratio = middle(generated.map((g, i) => g / closures[i]));
  const perIx = (xs: number[]) => ((middle(xs) * 1000) / count).toFixed(3);
  console.log(`| ${row.label} | ${count} | ${perIx(closures)} | ${perIx(generated)} | ${ratio.toFixed(2)} |`);
}

const compileBench = new Bench({ time: 1000, iterations: 5, warmupIterations: 2, warmupTime: 0 });
for (const [which, compile] of Object.entries(strategies)) compileBench.add(`${which}: compile`, () => compileAll(compile, all));
await compileBench.run();
const warmCompile = (which: string) => compileBench.tasks.find((t) => t.name === `${which}: compile`)!.result!.latency.p50!;

const self = fileURLToPath(import.meta.url);
const fresh: Record<string, number[]> = { closures: [], generated: [] };
for (let round = 0; round < 7; round++) {
  for (const which of Object.keys(fresh)) {
    fresh[which].push(Number(execFileSync(process.execPath, [self, '--compile-once', which], { encoding: 'utf8' })));
  }
}
const cold = { closures: middle(fresh.closures), generated: middle(fresh.generated) };
const warm = { closures: warmCompile('closures'), generated: warmCompile('generated') };
console.log(`\nCompile: every instruction, account and event of all ${all.length} bundled programs, ms\n`);
console.log('| | closures ms | generated ms | generated / closures |');
console.log('|---|---:|---:|---:|');
for (const [label, ms] of [['fresh process (median of 7)', cold], ['warm, in-process (median)', warm]] as const) {
  console.log(`| ${label} | ${ms.closures.toFixed(1)} | ${ms.generated.toFixed(1)} | ${(ms.generated / ms.closures).toFixed(2)} |`);
}
if (sink < 0) console.log(sink);
