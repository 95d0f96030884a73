import { loadBundledRegistry } from '../idl/bundled.js';
import { measureCoverage, share, type Tally } from '../coverage/measure.js';

const percent = (t: Tally) => `${(share(t) * 100).toFixed(1)}% (${t.decoded}/${t.total})`;

/** `enhanced-rpc coverage` (`make coverage`): the corpus share the gateway decodes, per program and in total. */
export function runCoverage(): void {
  const coverage = measureCoverage(loadBundledRegistry());
  console.log(
    '| program | name | non-native instructions decoded | non-native accounts decoded | instructions with an actionskit sentence |',
  );
  console.log('|---|---|---:|---:|---:|');
  for (const p of coverage.programs) {
    const cell = (t: Tally) => (t.total === 0 ? '' : percent(t));
    console.log(
      `| ${p.programId} | ${p.name ?? '(no description)'} | ${cell(p.instructions)} | ${cell(p.accounts)} | ${cell(p.sentences)} |`,
    );
  }
  console.log(`\nnon-native instructions decoded: ${percent(coverage.instructions)}`);
  console.log(`non-native accounts decoded: ${percent(coverage.accounts)}`);
  console.log(`instruction entries with an actionskit sentence (native and non-native): ${percent(coverage.sentences)}`);
  console.log(`decoded non-native instruction entries with an actionskit sentence (events aside): ${percent(coverage.decodedSentences)}`);
  const none = coverage.programs.filter(
    (p) => p.instructions.total + p.accounts.total > 0 && p.instructions.decoded + p.accounts.decoded === 0,
  );
  const inexact = coverage.programs.filter((p) => p.inexact > 0);
  console.log(
    `decoded entries no bundled version reads exactly (bytes over or trailing fields missing: an older client, padding, or a layout not bundled): ${inexact.reduce((n, p) => n + p.inexact, 0)}${inexact.map((p) => `; ${p.name ?? p.programId} ${p.inexact}`).join('')}`,
  );
  console.log(`\nprograms with nothing decoded (${none.length}): ${none.map((p) => p.name ?? p.programId).join(', ')}`);
}
