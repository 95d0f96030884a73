/**
 * actionskit against Jupiter's own parser (test/fixtures/jupiter-instruction-parser, from
 * jup-ag/instruction-parser's test snapshots): ten mainnet Jupiter v6 transactions as the node
 * answered them, and what that parser read from each route. The SwapEvents explorerkit decodes are
 * the legs it reads (venue, mint and amount in and out); every leg is told by the venue's own
 * entries under the route, in order, and each route's
 * sentence pays what its first legs paid and gets what its last legs got less the platform fee the
 * parser reports, which is what the trader's account kept.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceNow } from '../src/enhance/enhance.js';
import { projectRoot } from '../src/paths.js';
import { seedForm } from './support/readable-amounts.js';
import {
  assertGrounded,
  balanceChange,
  entriesOf,
  info,
  kept,
  ownerOf,
  type,
  under,
  WSOL,
  type RawEntry,
} from './support/sentence-grounds.js';

const dir = join(projectRoot, 'test', 'fixtures', 'jupiter-instruction-parser');
const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const registry = loadBundledRegistry();

interface SwapEvent {
  amm: string;
  inputMint: string;
  inputAmount: string;
  outputMint: string;
  outputAmount: string;
}
interface SwapResult {
  parsedEvents: { name: string; data: any }[];
  initialPositions: number[];
  finalPositions: number[];
}

const signatures = readdirSync(dir).filter((name) => !name.includes('.'));

/** The transaction as the gateway answers it with actionskit: the node's bytes through the enhancement step. */
function told(signature: string): any {
  const answer = readFileSync(join(dir, signature, `tx-${signature}.json`));
  return JSON.parse(enhanceNow({ method: 'getTransaction', response: answer, actions: true }, registry).body.toString()).result;
}

const resultsOf = (signature: string): SwapResult[] =>
  readdirSync(join(dir, signature))
    .filter((name) => name.startsWith('swap-result-'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, signature, name), 'utf8')));

/** The amounts a sentence states, in the seed's base units, with their mints (lamports as wrapped SOL). */
function assetsIn(result: any, sentence: string): { amount: bigint; mint: string }[] {
  return [...seedForm(result, sentence).matchAll(/(\d+) (?:lamports|of ([1-9A-HJ-NP-Za-km-z]{32,44}))/g)].map((m) => ({
    amount: BigInt(m[1]),
    mint: m[2] ?? WSOL,
  }));
}

const sentenceOf = (e: RawEntry): string | undefined => e.raw.actions;
const isRoute = (e: RawEntry) => e.programId === JUPITER && / swapped /.test(sentenceOf(e) ?? '');

interface Route {
  signature: string;
  /** The transaction as told, its entries, and the route's own. */
  result: any;
  entries: RawEntry[];
  route: RawEntry;
  /** `route <n>` of the transaction, for messages. */
  at: string;
  swapResult: SwapResult;
  /** The parser's legs, in order. */
  legs: SwapEvent[];
}

/** Each Jupiter route of the ten transactions, with what the parser read from it. */
function* routes(): Generator<Route> {
  for (const signature of signatures) {
    const result = told(signature);
    const entries = entriesOf(result);
    const found = entries.filter(isRoute);
    const swapResults = resultsOf(signature);
    assert.equal(found.length, swapResults.length, `${signature}: one route per result`);
    for (const [r, swapResult] of swapResults.entries()) {
      const legs = swapResult.parsedEvents.filter((e) => e.name === 'ParsedSwapEvent').map((e) => e.data as SwapEvent);
      yield { signature, result, entries, route: found[r], at: `${signature} route ${r}`, swapResult, legs };
    }
  }
}

test('Jupiter’s parser: ten routes, every sentence grounded in its transaction', () => {
  let sentences = 0;
  for (const signature of signatures) {
    const result = told(signature);
    entriesOf(result).forEach((e, k) => {
      const sentence = sentenceOf(e);
      if (sentence === undefined) return;
      assertGrounded(result, result, k, seedForm(result, sentence), `${signature} #${k}: ${sentence}`);
      sentences++;
    });
  }
  assert.equal(signatures.length, 10);
  assert.ok(sentences > 100, `${sentences} sentences`);
});

test('Jupiter’s parser: the SwapEvents explorerkit decodes under each route are the legs the parser read, field for field', () => {
  let fields = 0;
  // Where the event and the parser differ, each field is listed (below, with why).
  const differing: string[] = [];
  for (const { entries, route, at, legs } of routes()) {
    const decoded = under(entries, route)
      .filter((e) => e.programId === JUPITER && type(e) === 'SwapEvent')
      .map((e) => info(e) as SwapEvent);
    assert.equal(decoded.length, legs.length, at);
    decoded.forEach((event, k) => {
      assert.deepEqual(Object.keys(event).sort(), Object.keys(legs[k]).sort(), `${at} leg ${k}`);
      for (const field of Object.keys(event) as (keyof SwapEvent)[]) {
        if (event[field] !== legs[k][field])
          differing.push(`${at.slice(0, 8)} ${event.amm.slice(0, 6)} ${field} ${event[field]} → ${legs[k][field]}`);
        fields++;
      }
    });
  }
  assert.equal(fields, 130);
  assert.deepEqual(differing.sort(), [
    // The event states the input the route handed the venue; the venue took less, and the parser
    // reports what moved (as the leg's sentence does, next test).
    '5SnGKXqN PhoeNi inputAmount 4939254 → 4935798',
    '5SnGKXqN SSwapU inputAmount 21466338267 → 21466335085',
    // A Token-2022 transfer fee: the event and the receiving account's balances both say 6428459881
    // arrived; the parser works the fee out itself and gets one more.
    'GCeRpjvf CPMMoo outputAmount 6428459881 → 6428459882',
    // The venue took less than the route handed it, as above.
    'GCeRpjvf FLUXub inputAmount 6428459881 → 6428459230',
  ]);
});

test('Jupiter’s parser: every leg it reads is told by the venue’s own entries under the route, with its amounts and mints', () => {
  let legs = 0;
  // Where the legs' amounts differ from the parser's, the balances decide (below); each such leg is listed here.
  const byBalances: string[] = [];
  for (const { signature, result, entries, route, at: routeAt, legs: events } of routes()) {
    const descendants = under(entries, route);
    let cursor = 0;
    for (const event of events) {
      const at = `${routeAt}: ${event.amm} ${event.inputAmount} ${event.inputMint} → ${event.outputAmount} ${event.outputMint}`;
      const stated: { amount: bigint; mint: string }[] = [];
      const venueEntries: RawEntry[] = [];
      const has = (amount: bigint, mint: string) => stated.some((s) => s.amount === amount && s.mint === mint);
      let k = cursor;
      for (; k < descendants.length; k++) {
        const e = descendants[k];
        if (e.programId !== event.amm || sentenceOf(e) === undefined) continue;
        venueEntries.push(e);
        stated.push(...assetsIn(result, sentenceOf(e)!));
        if (has(BigInt(event.inputAmount), event.inputMint) && stated.some((s) => s.mint === event.outputMint)) break;
      }
      assert.ok(k < descendants.length, `the leg's input is told: ${at}`);
      cursor = k + 1;
      const out = stated.find((s) => s.mint === event.outputMint)!;
      if (out.amount !== BigInt(event.outputAmount)) {
        // A Token-2022 transfer fee is withheld from the recipient: what the receiving account's
        // balances show arrived (its change plus what it sent on) is what the leg got.
        const received = venueEntries
          .flatMap((e) => under(entries, e))
          .filter((x) => /^transfer/.test(type(x) ?? '') && info(x).mint === event.outputMint)
          .map((x) => kept(result, entries, info(x).destination));
        assert.ok(
          received.includes(out.amount),
          `the leg's output is the parser's or what arrived by the balances: ${at}, told ${out.amount}`,
        );
        byBalances.push(`${signature.slice(0, 8)} ${event.amm.slice(0, 6)} ${event.outputAmount} → ${out.amount}`);
      }
      legs++;
    }
  }
  assert.equal(legs, 26);
  // GCeR…'s Raydium CPMM leg pays out a Token-2022 mint with a transfer fee: the account it paid went
  // from 1888 to 2539 while sending 6428459230 on, so 6428459881 arrived; the parser says one more.
  assert.deepEqual(byBalances, ['GCeRpjvf CPMMoo 6428459882 → 6428459881']);
});

test('Jupiter’s parser: each route pays what its first legs paid and gets what its last legs got, less the platform fee', () => {
  let checkedByBalance = 0;
  for (const { result, entries, route, at, swapResult, legs } of routes()) {
    const fees = swapResult.parsedEvents.filter((e) => e.name === 'ParsedFeeEvent').map((e) => e.data);
    const first = swapResult.initialPositions.map((i) => legs[i]);
    const last = swapResult.finalPositions.map((i) => legs[i]);
    const outputMint = last[0].outputMint;
    const fee = fees.filter((f) => f.mint === outputMint).reduce((s, f) => s + BigInt(f.amount), 0n);
    const paid = { amount: first.reduce((s, e) => s + BigInt(e.inputAmount), 0n), mint: first[0].inputMint };
    const got = { amount: last.reduce((s, e) => s + BigInt(e.outputAmount), 0n) - fee, mint: outputMint };
    const sentence = sentenceOf(route)!;
    assert.deepEqual(assetsIn(result, sentence), [paid, got], `${at}: ${sentence}`);
    // Where the output stays in a token account of the trader's that nothing else in the
    // transaction touched, its balance change is what the route got (less what it paid, if the same mint).
    const actor = sentence.slice(0, sentence.indexOf(' '));
    const inRoute = new Set(under(entries, route));
    const touchedElsewhere = (account: string) =>
      entries.some((x) => !inRoute.has(x) && (info(x).source === account || info(x).destination === account));
    for (const x of inRoute) {
      const account = info(x).destination;
      if (!/^transfer/.test(type(x) ?? '') || account === undefined || ownerOf(result, account) !== actor) continue;
      if (info(x).mint !== outputMint || balanceChange(result, account) === undefined || touchedElsewhere(account)) continue;
      // An arbitrage pays from the account it gets into.
      const change = got.amount - (paid.mint === got.mint ? paid.amount : 0n);
      assert.equal(balanceChange(result, account), change, `${at}: the trader's ${account}`);
      checkedByBalance++;
      break;
    }
  }
  assert.ok(checkedByBalance >= 4, `${checkedByBalance} routes checked against balances`);
});
