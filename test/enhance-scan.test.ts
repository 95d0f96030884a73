/**
 * The enhancement step reads an answer by one forward pass over its text; the parsing path it
 * replaced (enhanceTransactionReference, also its fallback) must give the same bytes for every
 * corpus answer in every encoding, with and without actionskit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusTransactionsDir } from '../src/paths.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { openLedger } from '../src/ledger/ledger-store.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { loadBundledRegistry } from '../src/decode/registry.js';
import { enhanceTransaction, enhanceTransactionReference } from '../src/enhance/transaction.js';
import { nothingToEnhance, scanTransaction } from '../src/enhance/transaction-scan.js';

const registry = loadBundledRegistry();
const answerOf = (result: string) => `{"jsonrpc":"2.0","result":${result},"id":1}`;
const files = readdirSync(corpusTransactionsDir).filter((f) => /\.(json|jsonParsed|base64)\.json$/.test(f));
const signatures = files.map((f) => f.slice(0, f.indexOf('.')));

/** Each corpus transaction in every encoding the ledger holds it in (some are kept in jsonParsed only). */
const rendered: { name: string; text: string }[] = (() => {
  const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
  const encodings = ['json', 'jsonParsed', 'base64'] as const;
  return signatures.flatMap((signature) =>
    encodings.flatMap((encoding) => {
      try {
        return [
          {
            name: `${signature} ${encoding}`,
            text: answerOf(ledger.getTransaction(signature, { encoding, maxSupportedTransactionVersion: 0 })),
          },
        ];
      } catch {
        return [];
      }
    }),
  );
})();

/** The answer, or the kind of error thrown (which the step turns into the node's bytes). */
function outcome(enhance: typeof enhanceTransaction, text: string, actions: boolean): string {
  try {
    return enhance(text, registry, actions);
  } catch (error) {
    return `threw ${(error as Error).name}`;
  }
}

function assertSameBothWays(name: string, text: string): number {
  let changed = 0;
  for (const actions of [false, true]) {
    const fast = outcome(enhanceTransaction, text, actions);
    assert.equal(fast, outcome(enhanceTransactionReference, text, actions), `${name}, actionskit ${actions}`);
    if (fast !== text) changed++;
  }
  return changed;
}

test('every corpus answer, as the ledger renders it in json, jsonParsed and base64, is enhanced to the same bytes both ways', () => {
  let changed = 0;
  let named = 0;
  const answers = rendered;
  for (const { name, text } of answers) {
    if (!name.endsWith('base64')) assert.notEqual(scanTransaction(text), null, `${name}: the pass reads the corpus shapes`);
    changed += assertSameBothWays(name, text);
    if (enhanceTransaction(text, registry).includes('"error":{"code":')) named++;
  }
  assert.ok(named > 0, 'some corpus answers carry a named program error');
  assert.ok(answers.length >= 200 && changed >= 300, `${answers.length} answers, ${changed} rewritten`);
});

test('the stored corpus files (some pretty-printed) are enhanced to the same bytes both ways', () => {
  for (const file of files) assertSameBothWays(file, answerOf(readFileSync(join(corpusTransactionsDir, file), 'utf8')));
});

test('shapes the pass does not read go through the parsing path, and come out as it gives them', () => {
  const { text } = rendered.find(({ text }) => text.includes('"innerInstructions":[{') && text.includes('"err":null'))!;
  const failed = text.replace('"err":null', '"err":{"InstructionError":[0,{"Custom":6001}]}');
  const cases: [string, string, 'scanned' | 'unread' | 'nothing'][] = [
    ['failed with a custom error', failed, 'scanned'],
    ['meta null', text.replace(/"meta":\{.*\},"slot"/, '"meta":null,"slot"'), 'scanned'],
    ['inner groups null', text.replace(/"innerInstructions":\[.*?\]\}\],/, '"innerInstructions":null,'), 'scanned'],
    ['a repeated member', text.replace('"meta":{', '"meta":{"err":null,'), 'unread'],
    ['an escaped member name', text.replace('"instructions":[', '"\\u0069nstructions":['), 'scanned'],
    ['an instruction list that is not an array', text.replace('"instructions":[', '"instructions":7,"x":['), 'unread'],
    ['an error answer', '{"jsonrpc":"2.0","error":{"code":-32009,"message":"x"},"id":1}', 'nothing'],
    ['a null result', answerOf('null'), 'nothing'],
    ['an answer that is not an object', '[1,2]', 'nothing'],
  ];
  for (const [name, answer, expected] of cases) {
    JSON.parse(answer);
    const scanned = scanTransaction(answer);
    assert.equal(scanned === null ? 'unread' : scanned === nothingToEnhance ? 'nothing' : 'scanned', expected, name);
    assertSameBothWays(name, answer);
  }
});

test('malformed JSON throws as JSON.parse would, so the step answers the node’s bytes', () => {
  const { text } = rendered[1];
  assert.throws(() => enhanceTransaction(text.slice(0, -40), registry), SyntaxError);
  assert.throws(() => enhanceTransaction(`${text}x`, registry), SyntaxError);
});
