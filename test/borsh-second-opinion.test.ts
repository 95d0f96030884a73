/**
 * A second opinion inside the build: every bundled program's compiled decoders against
 * @coral-xyz/borsh layouts translated from the same description (test/support/borsh-layouts.ts),
 * on corpus data, generated data, random and mutated bytes. `make test` runs a short deterministic
 * pass; `make fuzz` sets BORSH_ROUNDS high. BORSH_SEED replays a run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { compileProgram, type CompiledProgram } from '../src/decode/compile.js';
import type { Field, ProgramDescription } from '../src/idl/description.js';
import { corpusAccounts, corpusInstructionsAndEvents } from './support/corpus.js';
import { secondOpinion } from './support/second-opinion.js';

const rounds = Number(process.env.BORSH_ROUNDS ?? 2);
const seed = Number(process.env.BORSH_SEED ?? 20261213);

test(`compiled decoders agree with @coral-xyz/borsh on every translatable item (seed ${seed}, ${rounds} rounds)`, (t) => {
  const { instructions, events } = corpusInstructionsAndEvents();
  const report = secondOpinion(loadBundledRegistry(), { rounds, seed, instructions, events, accounts: corpusAccounts() });
  const skipped = [...report.skipped].map(([kind, n]) => `${kind} ${n}`).join(', ');
  t.diagnostic(
    `${report.programs} programs, ${report.versions} versions; items translated ${JSON.stringify(report.translated)}, ` +
      `decoded by both on some input ${JSON.stringify(report.items)}; not translatable: ${skipped}; ` +
      `accounts no decoder selects: ${report.unselectable}`,
  );
  t.diagnostic(
    `inputs ${JSON.stringify(report.inputs)}: both decode and agree ${report.bothDecoded}, both refuse ${report.bothRefused}, differ ${report.differenceCount}`,
  );
  for (const line of report.differences) t.diagnostic(`DIFFERENCE: ${line}`);
  assert.deepEqual(report.differences, []);
  // Agreement on refusals alone proves nothing: every compared item must have been decoded by both.
  assert.deepEqual(report.items, report.translated);
  assert.ok(report.translated.instruction > 5000 && report.translated.account > 800 && report.translated.event > 800);
});

const JUPITER_V6 = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';

/** A compiler that misreads every instruction's 8-byte integer arguments (signedness flipped) and ignores its last argument. */
function faultyCompile(description: ProgramDescription): CompiledProgram {
  const flip = (f: Field): Field =>
    f.type.kind === 'int' && f.type.bytes === 8 ? { ...f, type: { ...f.type, signed: !f.type.signed } } : f;
  return compileProgram({
    ...description,
    instructions: description.instructions.map((ix) => ({ ...ix, args: ix.args.slice(0, -1).map(flip) })),
  });
}

test('the second opinion reports a decoder that misreads integers or drops a trailing argument', () => {
  const { instructions, events } = corpusInstructionsAndEvents();
  const registry = loadBundledRegistry();
  const common = { rounds: 1, seed, instructions, events, accounts: corpusAccounts(), programIds: [JUPITER_V6] };
  assert.equal(secondOpinion(registry, common).differenceCount, 0, "Jupiter's decoders agree as compiled");
  const report = secondOpinion(registry, { ...common, compile: faultyCompile });
  assert.ok(
    report.differences.some((d) => / route \(corpus.*values differ at \.(inAmount|platformFeeBps)/.test(d)),
    report.differences.join('\n'),
  );
  assert.ok(report.differenceCount > 20, `${report.differenceCount} differences`);
});
