/**
 * explorerkit without parsing the answer (src/enhance/transaction-anchors.ts, accountsEditsByAnchors)
 * against the parsing path it stands in for, over every corpus answer and account, and the answers
 * it must hand back to that path.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { transactionEditsByAnchors } from '../src/enhance/transaction-anchors.js';
import { enhanceParsedAnswer, enhanceTransaction, transactionEdits } from '../src/enhance/transaction.js';
import { memberAnchors } from '../src/json/member-anchors.js';
import { accountsEditsByAnchors, parsedAccountsEdits } from '../src/enhance/accounts.js';
import { splice, spliceAnswer, type Edit } from '../src/json/splice.js';
import { jowencyFiles, jowencyResultText, recordedAnswers } from './support/recorded-answer.js';

const registry = loadBundledRegistry();
const applied = (text: string, edits: Edit[] | null) => edits && splice(text, edits);
const enhanceByAnchors = (text: string) => applied(text, transactionEditsByAnchors(text, registry));
const enhanceAccountsByAnchors = (text: string) => applied(text, accountsEditsByAnchors(text, registry));
const enhanceParsedAccounts = (text: string) => splice(text, parsedAccountsEdits(text, registry));
const files = readdirSync(corpusTransactionsDir).filter((f) => /\.(json|jsonParsed)\.json$/.test(f));
// What a node sends: compact JSON (the corpus keeps some files pretty-printed).
const answers = files.map((file) => {
  const result = JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8'));
  return { file, result, text: JSON.stringify({ jsonrpc: '2.0', result, id: 1 }) };
});

test('every corpus answer is enhanced without parsing, byte-identical to the parsing path', () => {
  let decodedEntries = 0;
  let namedErrors = 0;
  for (const { file, text } of answers) {
    const quick = enhanceByAnchors(text);
    assert.ok(quick !== null, file);
    assert.equal(quick, enhanceParsedAnswer(text, registry), file);
    decodedEntries += quick.split('"program":').length - text.split('"program":').length;
    namedErrors += quick.split('"error":{"code":').length - 1;
  }
  assert.ok(decodedEntries > 300, `${decodedEntries} entries decoded`);
  // Failed transactions whose program's error the descriptions name, on the failing top-level entry.
  assert.ok(namedErrors >= 1, `${namedErrors} errors named`);
});

test('recorded mainnet answers written in another member order are enhanced without parsing, byte-identical to the parsing path', () => {
  // The ledger writes meta's members in Agave's declaration order (err first), where a node's
  // answers (the corpus) sort every object's members.
  let decoded = 0;
  for (const { where, result } of recordedAnswers()) {
    const text = JSON.stringify({ jsonrpc: '2.0', result, id: 1 });
    const quick = enhanceByAnchors(text);
    assert.ok(quick !== null, where);
    assert.equal(quick, enhanceParsedAnswer(text, registry), where);
    if (quick !== text) decoded++;
  }
  // In json, where every entry has `data` and those of the programs the node parses are passed unread.
  for (const file of jowencyFiles()) {
    const text = `{"jsonrpc":"2.0","result":${jowencyResultText(file, 'json')},"id":1}`;
    const quick = enhanceByAnchors(text);
    assert.ok(quick !== null, file);
    assert.equal(quick, enhanceParsedAnswer(text, registry), file);
    if (quick !== text) decoded++;
  }
  assert.ok(decoded > 270, `${decoded} answers decoded`);
});

test("a custom program error is named on its top-level entry, decoded or the node's, as the parsing path names it", () => {
  const { result } = answers.find(
    ({ file, result }) =>
      file.endsWith('.jsonParsed.json') && result.meta.err === null && result.transaction.message.instructions.length >= 3,
  )!;
  const instructions = result.transaction.message.instructions as { programId: string }[];
  // The log names the program that raised the error: here the last top-level instruction's, whichever entry failed.
  const raiser = instructions[instructions.length - 1].programId;
  const described = registry.get(raiser)?.description;
  assert.ok(described && described.errors.length > 0, 'the raising program describes its errors');
  const { code } = described.errors[0];
  for (const index of [0, instructions.length - 1, instructions.length + 2]) {
    const failed = {
      ...result,
      meta: {
        ...result.meta,
        err: { InstructionError: [index, { Custom: code }] },
        status: { Err: { InstructionError: [index, { Custom: code }] } },
        logMessages: [...result.meta.logMessages, `Program ${raiser} failed: custom program error: 0x${code.toString(16)}`],
      },
    };
    const text = JSON.stringify({ jsonrpc: '2.0', result: failed, id: 1 });
    const quick = enhanceByAnchors(text);
    assert.equal(quick, enhanceParsedAnswer(text, registry), `failing instruction ${index}`);
    const named = JSON.parse(quick).result.transaction.message.instructions[index]?.error;
    assert.deepEqual(named?.code, index < instructions.length ? code : undefined, `failing instruction ${index}`);
  }
});

test('answers the anchors cannot read with certainty go to the parsing path, which gives the same answer as before', () => {
  const { result, text } = answers.find(({ file, result }) => file.endsWith('.jsonParsed.json') && result.meta.err === null)!;
  const expected = enhanceParsedAnswer(text, registry);
  assert.notEqual(expected, text, 'the answer has entries to decode');
  const cases: Record<string, string> = {
    'pretty-printed': JSON.stringify({ jsonrpc: '2.0', result, id: 1 }, null, 1),
    'a second slot member': JSON.stringify({ jsonrpc: '2.0', result: { ...result, extra: { slot: 1 } }, id: 1 }),
    'an entry with a member an instruction does not have': text.replace('"data":"', '"note":1,"data":"'),
    'no account keys': text.replace('"accountKeys":', '"keys":'),
  };
  for (const [name, variant] of Object.entries(cases)) {
    assert.equal(enhanceByAnchors(variant), null, name);
    assert.equal(enhanceTransaction(variant, registry), enhanceParsedAnswer(variant, registry), name);
  }
  assert.deepEqual(JSON.parse(enhanceTransaction(cases['pretty-printed'], registry)), JSON.parse(expected));
});

test('member names quoted inside strings (a program logging JSON) are not members', () => {
  const { result } = answers.find(({ file, result }) => file.endsWith('.jsonParsed.json') && result.meta.err === null)!;
  const logged = {
    ...result,
    meta: { ...result.meta, logMessages: [...result.meta.logMessages, 'Program log: {"data":"3Bxs","slot":7,"err":1}'] },
  };
  const text = JSON.stringify({ jsonrpc: '2.0', result: logged, id: 1 });
  const quick = enhanceByAnchors(text);
  assert.ok(quick !== null);
  assert.equal(quick, enhanceParsedAnswer(text, registry));
});

test('a member name after a backslash cannot be told from text: no anchors', () => {
  const anchors = memberAnchors(['data']);
  assert.deepEqual(anchors('{"a":[{"data":"x"}],"b":{"data":1}}')?.get('data'), [14, 32]);
  assert.equal(anchors('{"k\\"data":"x"}'), null);
});

const accounts = readdirSync(corpusAccountsDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(corpusAccountsDir, f), 'utf8')) as Record<string, unknown>);
const whirlpool = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';
const accountsAnswer = (value: unknown[], slot = 300_000_000) =>
  JSON.stringify({ jsonrpc: '2.0', result: { context: { apiVersion: '2.2.0', slot }, value }, id: 1 });

test('getMultipleAccounts of every corpus account is enhanced without parsing, byte-identical to the parsing path', () => {
  const text = accountsAnswer([...accounts, null]);
  const quick = enhanceAccountsByAnchors(text);
  assert.ok(quick !== null);
  assert.notEqual(quick, text, 'some accounts decoded');
  assert.equal(quick, enhanceParsedAccounts(text));
});

test('accounts the anchors cannot read with certainty go to the parsing path', () => {
  const clock = {
    data: { parsed: { info: { slot: 5, epoch: 1 }, type: 'clock' }, program: 'sysvar', space: 40 },
    owner: 'Sysvar1111111111111111111111111111111111111',
  };
  const extra = { ...accounts[0], note: 1 };
  // As PubSub wraps a notification's account: the node's value, here written with spaces, in a compact answer.
  const spaced = `{"jsonrpc":"2.0","result":{"context":{"slot":5},"value":[${JSON.stringify(
    accounts.find((a) => a.owner === whirlpool),
    null,
    1,
  )}]},"id":0}`;
  for (const text of [accountsAnswer([...accounts, clock]), accountsAnswer([extra, ...accounts]), spaced]) {
    assert.equal(enhanceAccountsByAnchors(text), null);
    assert.notEqual(enhanceParsedAccounts(text), text);
  }
});

test('an enhanced answer stays bytes where the node sent ASCII, the same bytes as the spliced text; other answers are spliced as text', () => {
  let asBytes = 0;
  for (const { file, text } of answers) {
    for (const withActions of [false, true]) {
      const edits = transactionEdits(text, registry, withActions);
      const body = spliceAnswer(Buffer.from(text), text, edits);
      const ascii = Buffer.byteLength(text) === text.length;
      // Nothing to change: the node's bytes themselves.
      assert.equal(Buffer.isBuffer(body), ascii || edits.length === 0, file);
      assert.equal(body.toString(), splice(text, edits), file);
      if (Buffer.isBuffer(body) && edits.length > 0) asBytes++;
    }
  }
  assert.ok(asBytes > answers.length, `${asBytes} answers kept as bytes`);
  const { result } = answers.find(({ file, result }) => file.endsWith('.jsonParsed.json') && result.meta.err === null)!;
  // A program may log any UTF-8: 'é' is two bytes and one character, so the offsets no longer line up.
  const accented = JSON.stringify({
    jsonrpc: '2.0',
    result: { ...result, meta: { ...result.meta, logMessages: ['Program log: café'] } },
    id: 1,
  });
  const edits = transactionEdits(accented, registry);
  const body = spliceAnswer(Buffer.from(accented), accented, edits);
  assert.equal(typeof body, 'string');
  assert.equal(body, splice(accented, edits));
  assert.notEqual(body, accented, 'decoded all the same');
});
