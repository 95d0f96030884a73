/**
 * actionskit on mainnet transactions that other projects recorded for their own tests (none of
 * them written or chosen here): jowency-me/solana-tx-parser's 125 of April 2026, 0xjeffro/tx-parser's
 * eight of 2024-2025, sol-trade-sdk's four of January 2026, LiteSVM's one of February 2026,
 * solana-streamer's six of July 2025 and ryoid/anchores's twelve Jupiter routes of June 2024. Each
 * sentence must pass the corpus's truth check (test/support/sentence-grounds.ts), every decoded
 * instruction that is not an event must have one, and an amount whose mint's decimals the
 * transaction states must be written in the mint's units too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeTransaction } from '../src/actions/summarize.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhancedResult } from './support/enhanced.js';
import { nodeParsedInstructionPrograms } from '../src/transaction-result/node-parsed.js';
import { recordedAnswers } from './support/recorded-answer.js';
import { seedForm } from './support/readable-amounts.js';
import {
  assertGrounded,
  balanceChange,
  entriesOf,
  info,
  keptUnder,
  ownerOf,
  SYSTEM,
  type,
  under,
  WSOL,
  type RawEntry,
} from './support/sentence-grounds.js';

const registry = loadBundledRegistry();
const TITAN = 'T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT';

interface Recorded {
  where: string;
  /** As the gateway answers it with explorerkit: jsonParsed, non-native entries decoded. */
  result: any;
}

const enhance = (result: unknown) => enhancedResult(result, registry);

const recorded: Recorded[] = recordedAnswers().map(({ where, result }) => ({ where, result: enhance(result) }));

/**
 * Entries that record what their caller did rather than act: Anchor events (types, so PascalCase),
 * a program invoking itself (Phoenix's log, event CPIs), and the noop programs' payloads.
 */
function isEventEntry(entries: RawEntry[], e: RawEntry): boolean {
  const type: string | undefined = e.raw.parsed?.type;
  if (type === undefined || /^[A-Z]/.test(type) || noopPrograms.has(e.programId)) return true;
  if (e.group === undefined) return false;
  const group = entries.filter((x) => x.group === e.group);
  const height = e.raw.stackHeight;
  if (typeof height !== 'number') return false;
  const caller = group
    .slice(0, e.position)
    .reverse()
    .find((x) => x.raw.stackHeight === height - 1);
  return (caller?.programId ?? entries[e.top].programId) === e.programId;
}
const noopPrograms = new Set(['noopb9bkMVfRPU8AsbpTUg8AQkHtKwMYZiFUjNRtMmV', 'mnoopTCrg4p8ry25e4bcWA9XZjbNjMTfgYVGGEdRsf3']);

test('recorded mainnet transactions: every sentence is grounded in its transaction', () => {
  let sentences = 0;
  for (const { where, result } of recorded) {
    const out = summarizeTransaction(result);
    assert.equal(out.length, entriesOf(result).length, where);
    out.forEach((sentence, k) => {
      if (sentence === null) return;
      sentences++;
      assertGrounded(result, result, k, seedForm(result, sentence), `${where} #${k}: ${sentence}`);
    });
  }
  assert.equal(recorded.length, 156);
  assert.ok(sentences > 1400, `${sentences} sentences`);
});

/**
 * A trade's amounts against the balances, the one record no template reads: where the trader's
 * token account of the mint paid (or got) was moved under the trading instruction and by nothing
 * else in the transaction, its balance change is the amount the sentence states (less what was
 * paid, for a trade back into the same mint). A router's fee taken back out of the output, or a
 * leg counted twice, would show here.
 */
test('recorded mainnet transactions: a trade’s amounts are the balance changes of the trader’s accounts it alone moved', () => {
  let checked = 0;
  for (const { where, result } of recorded) {
    if (result.meta.err !== null) continue;
    const entries = entriesOf(result);
    const keys = result.transaction.message.accountKeys.map((k: any) => k.pubkey);
    summarizeTransaction(result).forEach((sentence, k) => {
      const m =
        sentence === null
          ? null
          : /^(\S+) (swapped|bought|sold) (.+?) for (.+?)(?:, delivered to (\S+),)? on .+$/.exec(seedForm(result, sentence));
      if (m === null) return;
      const [, actor, verb, first, second, deliveredTo] = m;
      const asset = (phrase: string) => {
        const a = /^(\d+) (?:lamports|of (\S+))$/.exec(phrase);
        return a === null ? null : { amount: BigInt(a[1]), mint: a[2] ?? WSOL };
      };
      const got = asset(verb === 'bought' ? first : second);
      const paid = asset(verb === 'bought' ? second : first);
      if (got === null || paid === null) return;
      const inside = new Set(under(entries, entries[k]));
      const alone = (account: string) =>
        [...inside].some((x) => info(x).source === account || info(x).destination === account) &&
        !entries.some(
          (x) => x !== entries[k] && !inside.has(x) && [info(x).source, info(x).destination, info(x).account].includes(account),
        );
      const sides = [
        { owner: deliveredTo ?? actor, mint: got.mint, change: got.amount - (paid.mint === got.mint ? paid.amount : 0n) },
        { owner: actor, mint: paid.mint, change: -paid.amount + (paid.mint === got.mint ? got.amount : 0n) },
      ];
      for (const side of sides) {
        if (side.mint === WSOL) continue;
        for (const b of result.meta.postTokenBalances ?? []) {
          const account = keys[b.accountIndex];
          if (b.mint !== side.mint || b.owner !== side.owner || !alone(account)) continue;
          assert.equal(balanceChange(result, account), side.change, `${where} #${k}: ${sentence}`);
          checked++;
        }
      }
    });
  }
  assert.ok(checked >= 150, `${checked} amounts checked against balances`);
});

test('recorded mainnet transactions: every decoded non-native instruction, events aside, has a sentence', () => {
  const missing: string[] = [];
  let decoded = 0;
  for (const { where, result } of recorded) {
    const entries = entriesOf(result);
    const out = summarizeTransaction(result);
    entries.forEach((e, k) => {
      if (nodeParsedInstructionPrograms.has(e.programId) || e.raw.program === undefined || isEventEntry(entries, e)) return;
      decoded++;
      if (out[k] === null) missing.push(`${where} #${k} ${e.raw.program} ${e.raw.parsed.type}`);
    });
  }
  assert.deepEqual(missing, []);
  assert.ok(decoded > 250, `${decoded} decoded instructions`);
});

test('recorded mainnet transactions: every native instruction the node parsed has a sentence', () => {
  const missing: string[] = [];
  let natives = 0;
  for (const { where, result } of recorded) {
    const entries = entriesOf(result);
    const out = summarizeTransaction(result);
    entries.forEach((e, k) => {
      if (!nodeParsedInstructionPrograms.has(e.programId) || type(e) === undefined) return;
      natives++;
      if (out[k] === null) missing.push(`${where} #${k} ${e.raw.program} ${type(e)}`);
    });
  }
  assert.deepEqual(missing, []);
  assert.ok(natives > 1000, `${natives} native instructions`);
});

/**
 * A mint's decimals as the transaction states them in its token balances: any amount of that
 * mint a sentence gives must then read in the mint's units, with the base units beside it.
 */
test('recorded mainnet transactions: amounts of a mint whose decimals the transaction states are written in its units', () => {
  const baseOnly: string[] = [];
  let amounts = 0;
  for (const { where, result } of recorded) {
    const stated = new Set([...(result.meta.preTokenBalances ?? []), ...(result.meta.postTokenBalances ?? [])].map((b: any) => b.mint));
    summarizeTransaction(result).forEach((sentence, k) => {
      if (sentence === null) return;
      for (const m of sentence.matchAll(/(?<=^|\s)(\d+) of ([1-9A-HJ-NP-Za-km-z]{32,44})(?! \()/g)) {
        amounts++;
        if (stated.has(m[2])) baseOnly.push(`${where} #${k}: ${m[0].trim()} in: ${sentence}`);
      }
      for (const m of sentence.matchAll(/(?<=^|\s)(\d+) lamports/g)) baseOnly.push(`${where} #${k}: ${m[0].trim()} in: ${sentence}`);
      amounts += (sentence.match(/\(\d+(?: lamports)?\)/g) ?? []).length;
    });
  }
  assert.deepEqual(baseOnly, []);
  assert.ok(amounts > 500, `${amounts} amounts`);
});

/** Each mint's change over the token accounts `owner` holds, from the answer's pre and post token balances. */
function tokenChangesOf(result: any, owner: string): Map<string, bigint> {
  const change = new Map<string, bigint>();
  for (const [sign, list] of [
    [-1n, result.meta.preTokenBalances],
    [1n, result.meta.postTokenBalances],
  ] as const) {
    for (const b of list) if (b.owner === owner) change.set(b.mint, (change.get(b.mint) ?? 0n) + sign * BigInt(b.uiTokenAmount.amount));
  }
  return change;
}

/**
 * Titan's routes, which its IDL decodes where it knows every venue of the route and which are
 * otherwise read as a program that traded for a signer: either way the sentence gives what the
 * signer's token balances say it paid and received, read here from the transaction's pre and post
 * token balances (not from the transfers the summary reads).
 */
test('recorded mainnet transactions: Titan routes, decoded or not, are told as the signer’s swap, in its balance changes', () => {
  const cases = ['swap_titan_1.json', 'swap_titan_2.json', 'multi_swap_titan_alphaq_1.json', 'swap_sanctum_1.json'];
  for (const name of cases) {
    const { result } = recorded.find(({ where }) => where === `jowency ${name}`)!;
    const signer: string = result.transaction.message.accountKeys.find((k: { signer: boolean }) => k.signer).pubkey;
    const change = tokenChangesOf(result, signer);
    const entries = entriesOf(result);
    const out = summarizeTransaction(result);
    const told = entries.flatMap((e, k) => (e.programId === TITAN && out[k]?.startsWith(`${signer} `) ? [out[k]] : []));
    assert.equal(told.length, 1, `${name}: one Titan entry told for the signer`);
    assert.ok(told[0].endsWith(' on Titan'), told[0]);
    const amounts = [...told[0].matchAll(/\((\d+)(?: lamports)?\)/g)].map((m) => BigInt(m[1]));
    assert.ok(told[0].startsWith(`${signer} swapped `), told[0]);
    const moved = [...change.values()].filter((v) => v !== 0n);
    assert.deepEqual(amounts, [-moved.find((v) => v < 0n)!, moved.find((v) => v > 0n)!], `${name}: ${told[0]}`);
  }
});

/**
 * Bots that bought on a bonding curve for their signer, paying in SOL itself (Photon, and an
 * unnamed program, each around pump.fun's buy): the tokens are the signer's token balance change,
 * the SOL what System transfers took out of the signer's wallet under the bot's instruction (the
 * curve, its fees, the bot's own fee), read here from the entries, which is less than what the
 * wallet lost in all (the fee, the rent of the new token account).
 */
test('recorded mainnet transactions: an undecoded program that bought tokens for SOL is told as that swap', () => {
  const cases = [
    ['0xjeffro photon_pumpfun_buy_0.json', 2],
    ['solana-streamer pumpfun_cpi_tx.json', 2],
  ] as const;
  for (const [name, k] of cases) {
    const { result } = recorded.find(({ where }) => where === name)!;
    const keys: { pubkey: string; signer: boolean }[] = result.transaction.message.accountKeys;
    const signer = keys.find((key) => key.signer)!.pubkey;
    const entries = entriesOf(result);
    assert.equal(entries[k].raw.parsed, undefined, `${name} #${k} is undecoded`);
    const paid = under(entries, entries[k])
      .filter((x) => x.programId === SYSTEM && type(x) === 'transfer' && info(x).source === signer)
      .reduce((sum, x) => sum + BigInt(info(x).lamports), 0n);
    const tokens = tokenChangesOf(result, signer);
    const [[mint, got]] = [...tokens].filter(([, change]) => change !== 0n);
    const sentence = summarizeTransaction(result)[k];
    assert.ok(sentence?.startsWith(`${signer} swapped `), `${name}: ${sentence}`);
    assert.match(sentence!, new RegExp(` SOL \\(${paid} lamports\\) for [\\d.]+ of ${mint} \\(${got}\\) on `), name);
    const index = keys.findIndex((key) => key.pubkey === signer);
    assert.ok(paid > 0n && paid < BigInt(result.meta.preBalances[index] - result.meta.postBalances[index]), name);
  }
});

/**
 * Arbitrage through programs nothing decodes: one mint leaves the signer's token accounts and comes
 * back by another amount, through mints that come back as they left. Read here from the entries
 * under the instruction, each transfer's mint and owner from the answer's token balances.
 */
test('recorded mainnet transactions: an undecoded arbitrage is told by what left and came back', () => {
  let told = 0;
  for (const { where, result } of recorded) {
    const keys: { pubkey: string; signer: boolean }[] = result.transaction.message.accountKeys;
    const balances = [...(result.meta.preTokenBalances ?? []), ...(result.meta.postTokenBalances ?? [])];
    const held = (account: string) => balances.find((b) => keys[b.accountIndex].pubkey === account);
    const entries = entriesOf(result);
    summarizeTransaction(result).forEach((sentence, k) => {
      const m = sentence === null ? null : /^(\S+) swapped .* through .* on /.exec(sentence);
      if (m === null || entries[k].raw.parsed !== undefined) return;
      told++;
      const signer = m[1];
      assert.ok(
        keys.some((key) => key.pubkey === signer && key.signer),
        `${where} #${k}: the actor signed`,
      );
      const flows = new Map<string, { out: bigint; into: bigint }>();
      for (const x of under(entries, entries[k])) {
        if (!/^transfer/.test(type(x) ?? '') || info(x).lamports !== undefined) continue;
        const { source, destination, authority } = info(x);
        const mint: string = info(x).mint ?? held(source)?.mint ?? held(destination)?.mint;
        const flow = flows.get(mint) ?? { out: 0n, into: 0n };
        const amount = BigInt(info(x).amount ?? info(x).tokenAmount.amount);
        const from = authority === signer || held(source)?.owner === signer;
        const to = held(destination)?.owner === signer;
        if (from && !to) flow.out += amount;
        if (to && !from) flow.into += amount;
        flows.set(mint, flow);
      }
      const moved = [...flows].filter(([, f]) => f.out > 0n || f.into > 0n);
      const loops = moved.filter(([, f]) => f.out !== f.into);
      assert.equal(loops.length, 1, `${where} #${k}: one mint came back changed: ${sentence}`);
      const [[mint, { out, into }]] = loops;
      assert.ok(out > 0n && into > 0n, `${where} #${k}: it left and came back`);
      assert.deepEqual(
        [...sentence!.matchAll(/\((\d+)(?: lamports)?\)/g)].map((n) => BigInt(n[1])),
        [out, into],
        `${where} #${k}: ${sentence}`,
      );
      assert.ok(
        moved.length > 1 && moved.every(([other, f]) => other === mint || f.out === f.into),
        `${where} #${k}: through mints that came back whole`,
      );
    });
  }
  assert.ok(told >= 6, `${told} arbitrages told`);
});

/**
 * A route through a router nothing decodes (Titan: Sanctum, then HumidiFi twice, then GoonFi): each
 * undecoded leg is told for the router's account that delivered the route's output to the user
 * (the authority of the route's last transfer, read here), not for the pool, and the legs' amounts
 * chain as the route did: what the HumidiFi legs got is what the GoonFi leg paid, and what that
 * got is what reached the user.
 */
test('recorded mainnet transactions: legs under a router nothing decodes are told for the router’s account, and chain', () => {
  const { result } = recorded.find(({ where }) => where === 'jowency swap_sanctum_1.json')!;
  const entries = entriesOf(result);
  const out = summarizeTransaction(result);
  const route = entries.filter((e) => e.top === 4 && e.group !== undefined);
  const delivered = route.filter((e) => e.raw.parsed?.type === 'transfer' && e.raw.stackHeight === 2).at(-1)!.raw.parsed.info;
  const legs = entries.flatMap((e, k) => (e.raw.parsed === undefined && e.group !== undefined && out[k] !== null ? [out[k]] : []));
  assert.equal(legs.length, 3, legs.join('\n'));
  const amounts = legs.map((leg) => {
    assert.ok(leg.startsWith(`${delivered.authority} swapped `), leg);
    return [...leg.matchAll(/\((\d+)(?: lamports)?\)/g)].map((m) => BigInt(m[1]));
  });
  assert.deepEqual(
    legs.map((leg) => / on (.+)$/.exec(leg)?.[1]),
    ['HumidiFi', 'HumidiFi', 'GoonFi V2'],
  );
  assert.equal(amounts[0][1] + amounts[1][1], amounts[2][0], 'the USDC the HumidiFi legs got is what the GoonFi leg paid');
  assert.equal(amounts[2][1], BigInt(delivered.amount), 'what the GoonFi leg got reached the user');
});

/**
 * Jupiter routes through HumidiFi, whose pool pays out before it is paid: each leg is told for the
 * account the route traded from, never for the pool, so the legs chain as the route did. The
 * route's own sentence comes from its plan (arguments and the user's accounts), the legs' from
 * the transfers under each: the first leg pays what the route paid, each leg gets what the next
 * pays, and the last gets what the route got before the route's platform fee.
 */
test('recorded mainnet transactions: route legs whose pool pays first are told for the trader, and chain to the route', () => {
  const quantities = (sentence: string) => [...sentence.matchAll(/\((\d+)(?: lamports)?\)/g)].map((m) => BigInt(m[1]));
  for (const name of ['jupiter_route_unknown_2.json', 'jupiter_route_with_ata_3.json', 'swap_frlmh_2.json']) {
    const { result } = recorded.find(({ where }) => where === `jowency ${name}`)!;
    const entries = entriesOf(result);
    const out = summarizeTransaction(result);
    const routeAt = entries.findIndex((e) => e.group === undefined && e.raw.program === 'jupiter');
    const route = out[routeAt]!;
    const actor = route.slice(0, route.indexOf(' '));
    const legs = entries.flatMap((e, k) =>
      e.top === routeAt && e.group !== undefined && e.raw.stackHeight === 2 && /^\S+ (swapped|sold|bought) /.test(out[k] ?? '')
        ? [out[k]!]
        : [],
    );
    assert.ok(
      legs.some((leg) => leg.endsWith(' on HumidiFi')),
      `${name}: a HumidiFi leg told`,
    );
    for (const leg of legs) assert.ok(leg.startsWith(`${actor} `), `${name}: ${leg}`);
    const [routePaid, routeGot] = quantities(route);
    // A buy names what it got first.
    const legAmounts = legs.map((leg) => (/ bought /.test(leg) ? quantities(leg).reverse() : quantities(leg)));
    assert.equal(legAmounts[0][0], routePaid, `${name}: the first leg pays what the route paid`);
    for (let i = 0; i + 1 < legAmounts.length; i++) assert.equal(legAmounts[i][1], legAmounts[i + 1][0], `${name}: leg ${i} to ${i + 1}`);
    // The last leg's output reaches the trader's account; a platform fee the route takes back out
    // of it afterwards is not the trader's, so the route got what that account kept, its balance change.
    const lastGot = legAmounts.at(-1)![1];
    const routeMoves = under(entries, entries[routeAt]);
    const output = routeMoves.find(
      (x) => /^transfer/.test(type(x) ?? '') && BigInt(info(x).amount ?? info(x).tokenAmount?.amount ?? -1) === lastGot,
    );
    assert.ok(output, `${name}: the last leg's output moved under the route`);
    const account = info(output).destination;
    assert.equal(keptUnder(routeMoves, account), routeGot, `${name}: the route got what the receiving account kept of it`);
    const change = balanceChange(result, account);
    if (change !== undefined && ownerOf(result, account) === actor) assert.equal(change, routeGot, `${name}: its balance change`);
  }
});

test('recorded mainnet transactions: an ApePro withdrawal is told for its keeper, the SOL what the user’s balance gained', () => {
  const { result } = recorded.find(({ where }) => where === 'jowency swap_apepro_1.json')!;
  const entries = entriesOf(result);
  const out = summarizeTransaction(result);
  const k = entries.findIndex((e) => e.raw.parsed?.type === 'withdraw' && e.programId === 'JSW99DKmxNyREQM14SQLDykeBvEUG63TeohrvmofEiw');
  const i = info(entries[k]);
  const keys = result.transaction.message.accountKeys.map((key: { pubkey: string }) => key.pubkey);
  const at = keys.indexOf(i.user);
  const gained = BigInt(result.meta.postBalances[at]) - BigInt(result.meta.preBalances[at]);
  assert.ok(out[k]?.startsWith(`${i.keeper} withdrew `), out[k] ?? 'no sentence');
  assert.ok(out[k]!.includes(`(${gained} lamports) from vault ${i.vault} to ${i.user} on ApePro`), `${out[k]}: the user gained ${gained}`);
});
