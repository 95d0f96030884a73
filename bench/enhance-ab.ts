/**
 * The enhancement step of two builds in one process, over whole corpus passes alternated between
 * them: the way to tell a change worth a few percent from the host's drift, which separate runs
 * of enhance-pass.bench.js (a few percent apart on an unchanged build) cannot. Both builds' answers
 * are compared first: a change meant to be faster must answer the same bytes.
 *
 * Run: BASE=<another build's dist folder> node dist/bench/enhance-ab.js
 * (ENCODING json|jsonParsed, default jsonParsed; ACTIONS=1 for actionskit; PASSES, default 200.)
 * The other build must sit inside this repository (e.g. `cp -r dist dist-base` before a change)
 * so that it finds the same node_modules.
 */
import { resolve } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { corpusAnswers } from './corpus-answers.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceNow } from '../src/enhance/enhance.js';
import type { ProgramRegistry } from '../src/decode/registry.js';

interface Build {
  name: string;
  enhance: typeof enhanceNow;
  registry: ProgramRegistry;
}

const base = process.env.BASE;
if (base === undefined) throw new Error('BASE=<the other build, a dist folder inside this repository> is required');
const encoding = process.env.ENCODING === 'json' ? 'json' : 'jsonParsed';
const actions = process.env.ACTIONS === '1';
const passes = Number(process.env.PASSES ?? 200);

const baseRoot = resolve(projectRoot, base);
const builds: Build[] = [
  {
    name: `base (${base})`,
    enhance: (await import(`${baseRoot}/src/enhance/enhance.js`)).enhanceNow,
    registry: (await import(`${baseRoot}/src/idl/bundled.js`)).loadBundledRegistry(),
  },
  { name: 'this build', enhance: enhanceNow, registry: loadBundledRegistry() },
];

const answers = corpusAnswers(encoding);

const run = (build: Build, answer: Buffer) => build.enhance({ method: 'getTransaction', response: answer, actions }, build.registry).body;
const same = answers.filter((answer) => run(builds[0], answer).toString() === run(builds[1], answer).toString()).length;

/** Microseconds per answer of one pass. */
function pass(build: Build): number {
  const started = process.hrtime.bigint();
  for (const answer of answers) run(build, answer);
  return Number(process.hrtime.bigint() - started) / 1000 / answers.length;
}
for (let i = 0; i < 30; i++) for (const build of builds) pass(build);
const times = builds.map(() => [] as number[]);
for (let i = 0; i < passes; i++) builds.forEach((build, b) => times[b].push(pass(build)));
const at = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * values.length)];

console.log(
  `\n${encoding}${actions ? ' with actionskit' : ''}: ${answers.length} corpus answers, ${passes} passes alternated; identical answers ${same} of ${answers.length}\n`,
);
console.log('| build | min µs/answer | 25th percentile | median |');
console.log('|---|---:|---:|---:|');
builds.forEach((build, b) =>
  console.log(`| ${build.name} | ${at(times[b], 0).toFixed(1)} | ${at(times[b], 0.25).toFixed(1)} | ${at(times[b], 0.5).toFixed(1)} |`),
);
console.log(`\nthis build / base, medians: ${(at(times[1], 0.5) / at(times[0], 0.5)).toFixed(3)}`);
