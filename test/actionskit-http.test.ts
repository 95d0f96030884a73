/**
 * actionskit through the running gateway: it turns explorerkit on, adds one `actions` sentence to
 * the entries it can summarise and changes nothing else, for every corpus transaction.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { corpusTransactionsDir } from '../src/paths.js';
import { findPathSpans } from '../src/json/path-spans.js';
import { accountKeysOf } from '../src/transaction-result/read.js';
import { answerText, rpc } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

let gw: InProcessGateway;
before(async () => {
  gw = await startInProcess();
});
after(() => gw.stop());

const ask = (body: object, flags = '') => answerText(gw, body, flags);

const transactions = readdirSync(corpusTransactionsDir)
  .map((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f))
  .filter((m): m is RegExpExecArray => m !== null);

const actionsMember = /,"actions":"(?:[^"\\]|\\.)*"/g;

test('actionskit adds sentences and nothing else; it implies explorerkit', async () => {
  let entries = 0;
  let summarised = 0;
  for (const [file, signature, stored] of transactions) {
    const body = rpc('getTransaction', [signature, { encoding: stored === 'base64' ? 'json' : stored, maxSupportedTransactionVersion: 0 }]);
    const explorer = await ask(body, '?explorerkit=true');
    const actions = await ask(body, '?actionskit=true');
    assert.equal(actions.replace(actionsMember, ''), explorer, `${file}: removing the sentences gives the explorerkit answer`);
    const answer = JSON.parse(actions).result;
    const keys = accountKeysOf(answer);
    const spans = findPathSpans(actions, [
      ['result', 'transaction', 'message', 'instructions', '*'],
      ['result', 'meta', 'innerInstructions', '*', 'instructions', '*'],
    ]).flat();
    for (const span of spans) {
      entries++;
      const entry = JSON.parse(actions.slice(span.start, span.end));
      if (entry.actions === undefined) continue;
      summarised++;
      assert.equal(typeof entry.actions, 'string');
      const named = entry.actions.match(/[1-9A-HJ-NP-Za-km-z]{32,44}/g) ?? [];
      assert.ok(
        named.length > 0 && keys.includes(named[0]),
        `${file}: the sentence starts from an account of the transaction: ${entry.actions}`,
      );
      assert.equal(/failed to/.test(entry.actions), answer.meta.err !== null, `${file}: ${entry.actions}`);
    }
  }
  assert.ok(summarised > entries / 2, `${summarised} of ${entries} entries summarised`);
  console.log(`actionskit over the corpus: ${summarised} of ${entries} instruction entries have a sentence`);
});

test('getMultipleAccounts has no actions: actionskit answers as explorerkit does', async () => {
  const body = rpc('getMultipleAccounts', [['56Ekyu6uBpTna3LR2qkjHjNbDNkCLWK2Lt3uWh7J2R8Z'], { encoding: 'jsonParsed' }]);
  assert.equal(await ask(body, '?actionskit=true'), await ask(body, '?explorerkit=true'));
});
