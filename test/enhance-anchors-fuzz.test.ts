/**
 * Seeded fuzzing of explorerkit's anchored path (transaction-anchors.ts), which reads a node's text
 * without parsing it and so must never answer otherwise than the parsing path does. Each round
 * rewrites corpus answers in ways a node, a proxy or a program's logs may: members in another order
 * (any object, instruction entries and token balances included), unknown members, second members
 * of the names the anchors read, whitespace, log lines quoting member names, escaped characters, a
 * returnData, a failure with a program error to name. Whatever the anchors make of the
 * text, the step's answer must be byte-identical to the parsing path's.
 * `make test` runs a few rounds; `make fuzz` sets FUZZ_ROUNDS high. FUZZ_SEED replays a run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusTransactionsDir } from '../src/paths.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { transactionEditsByAnchors } from '../src/enhance/transaction-anchors.js';
import { enhanceParsedAnswer, enhanceTransaction } from '../src/enhance/transaction.js';
import { mulberry32 } from './support/random.js';

const rounds = Number(process.env.FUZZ_ROUNDS ?? 3);
const seed = Number(process.env.FUZZ_SEED ?? 20261127);

const next = mulberry32(seed);
const random = (n: number) => next() % n;
const chance = (oneIn: number) => random(oneIn) === 0;

const registry = loadBundledRegistry();
const results = readdirSync(corpusTransactionsDir)
  .filter((f) => /\.(json|jsonParsed)\.json$/.test(f))
  .sort()
  .map((file) => ({ file, result: JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')) }));

/** Every object of a value with its members shuffled, each object with probability 1 in `oneIn`. */
function reordered(value: unknown, oneIn: number): unknown {
  if (Array.isArray(value)) return value.map((v) => reordered(v, oneIn));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v]) => [k, reordered(v, oneIn)] as const);
  if (chance(oneIn)) {
    for (let i = entries.length - 1; i > 0; i--) {
      const j = random(i + 1);
      [entries[i], entries[j]] = [entries[j], entries[i]];
    }
  }
  return Object.fromEntries(entries);
}

/** Log lines a program may print: member names and braces inside strings, escapes, non-ASCII text. */
const quotedLogs = [
  'Program log: {"programId":"11111111111111111111111111111111","accounts":[],"data":"3Bxs","stackHeight":1}',
  'Program log: {"slot":7,"err":{"Custom":1},"status":{"Ok":null},"accountKeys":[]}',
  'Program log: back\\slash "quoted" } { ] [',
  'Program log: café ünïcödé ✓',
];

const decoys = [
  { slot: 0 },
  { err: { InstructionError: [0, { Custom: 6000 }] } },
  { accountKeys: ['11111111111111111111111111111111'] },
  { loadedAddresses: { writable: ['11111111111111111111111111111111'], readonly: [] } },
  { logMessages: ['Program 11111111111111111111111111111111 failed: custom program error: 0x1770'] },
  { message: { instructions: [] } },
  { data: 'x', programId: 'y' },
];

/**
 * The transaction failed in top-level instruction i (sometimes past the last) with an error its
 * last top-level program describes, as its logs then say: the member naming it goes on entry i.
 */
function failed(value: any): void {
  const { accountKeys, instructions } = value.transaction.message;
  const last = instructions[instructions.length - 1];
  const raiser: string | undefined = last?.programId ?? accountKeys[last?.programIdIndex];
  const errors = raiser === undefined ? [] : (registry.get(raiser)?.description.errors ?? []);
  if (errors.length === 0) return;
  const { code } = errors[random(errors.length)];
  const err = { InstructionError: [random(instructions.length + 1), { Custom: code }] };
  value.meta.err = err;
  value.meta.status = { Err: err };
  value.meta.logMessages = [...(value.meta.logMessages ?? []), `Program ${raiser} failed: custom program error: 0x${code.toString(16)}`];
}

/** One rewritten answer text for a corpus result. */
function rewritten(result: any): string {
  let value = structuredClone(result);
  const meta = value.meta;
  if (meta && chance(3)) failed(value);
  if (meta && chance(2)) meta.logMessages = [...(meta.logMessages ?? []), quotedLogs[random(quotedLogs.length)]];
  if (meta && chance(4)) meta.returnData = { programId: value.transaction.message.accountKeys[0]?.pubkey ?? 'x', data: ['AQ==', 'base64'] };
  // A second member of a name the anchors read, somewhere else in the answer, holding a value that
  // would change the answer if it were taken for the real one.
  if (chance(3)) (chance(2) ? value : (meta ?? value)).extra = decoys[random(decoys.length)];
  value = reordered(value, chance(2) ? 3 : 12);
  let text = JSON.stringify({ jsonrpc: '2.0', result: value, id: 1 });
  // A character written as an escape means the same string: the anchors must not read it otherwise.
  if (chance(4)) text = text.replace('"Program ', '"\\u0050rogram ');
  if (chance(8)) text = JSON.stringify({ jsonrpc: '2.0', result: value, id: 1 }, null, random(2) + 1);
  return text;
}

test('the anchored path answers every rewritten corpus answer as the parsing path does', () => {
  let cases = 0;
  let anchored = 0;
  let named = 0;
  for (let round = 0; round < rounds; round++) {
    for (const { file, result } of results) {
      const text = rewritten(result);
      const where = `${file}, round ${round} (FUZZ_SEED=${seed})`;
      // The transaction itself is the node's: only meta and the answer around it were rewritten.
      assert.deepEqual(JSON.parse(text).result.transaction, result.transaction, where);
      const expected = enhanceParsedAnswer(text, registry);
      assert.equal(enhanceTransaction(text, registry), expected, where);
      if (transactionEditsByAnchors(text, registry) !== null) anchored++;
      if (expected.includes('"error":{"code":')) named++;
      cases++;
    }
  }
  // Most rewrites keep an answer the anchors read (a pretty-printed or twice-slotted one they leave).
  assert.ok(anchored > cases / 3, `${anchored} of ${cases} read by the anchors`);
  assert.ok(named > cases / 20, `${named} of ${cases} with a named program error`);
});
