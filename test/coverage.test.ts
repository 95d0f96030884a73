/** The corpus coverage must not fall below the committed figures (test/coverage-baseline.json). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { measureCoverage, share } from '../src/coverage/measure.js';

const baseline = JSON.parse(readFileSync(join(projectRoot, 'test', 'coverage-baseline.json'), 'utf8'));

test('corpus coverage holds at or above the committed baseline', () => {
  const coverage = measureCoverage(loadBundledRegistry());
  for (const kind of ['instructions', 'accounts', 'sentences', 'decodedSentences'] as const) {
    assert.equal(coverage[kind].total, baseline[kind].total, `${kind}: the corpus changed; re-measure with make coverage`);
    assert.ok(
      share(coverage[kind]) >= share(baseline[kind]),
      `${kind} decoded fell to ${coverage[kind].decoded}/${coverage[kind].total} from ${baseline[kind].decoded}`,
    );
  }
});

test('every described program with corpus instructions decodes at least one of them', () => {
  const coverage = measureCoverage(loadBundledRegistry());
  const silent = coverage.programs.filter((p) => p.name !== null && p.instructions.total > 0 && p.instructions.decoded === 0);
  assert.deepEqual(
    silent.map((p) => p.name),
    [],
    'described programs that decode nothing: a new entry here is a regression',
  );
});

test('decoded entries no bundled version reads exactly stay those the baseline names', () => {
  // Each is a known case: Phoenix swaps and pump_fees' get_fees from clients older than their
  // layouts' last fields (the programs read them without those). A new program here, or more
  // entries, means a layout the bundled versions lack: find the program's newer IDL.
  const coverage = measureCoverage(loadBundledRegistry());
  const inexact = Object.fromEntries(coverage.programs.filter((p) => p.inexact > 0).map((p) => [p.name, p.inexact]));
  assert.deepEqual(inexact, baseline.inexact);
});
