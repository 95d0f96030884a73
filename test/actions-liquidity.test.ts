/**
 * actionskit's liquidity sentences on real mainnet transactions: the recordings others made
 * (test/fixtures: jowency-me/solana-tx-parser's April 2026 set, 0xjeffro/tx-parser, sol-trade-sdk,
 * LiteSVM) and the corpus. Each sentence is checked against the transaction's own record: the
 * transfers, mints and burns under the instruction, the token balances before and after, and the
 * program's events, read here without src/actions.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { summarizeTransaction } from '../src/actions/summarize.js';
import { enhancedResult } from './support/enhanced.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { openLedger } from '../src/ledger/ledger-store.js';
import { corpusTransactionsDir } from '../src/paths.js';
import { seedForm } from './support/readable-amounts.js';
import { jowencyAnswer, recordedAnswers } from './support/recorded-answer.js';
import {
  amountOf as readAmount,
  assertGrounded,
  entriesOf,
  info,
  isToken,
  keysOf,
  signersOf,
  type,
  under,
  WSOL,
  type RawEntry,
} from './support/sentence-grounds.js';

const registry = loadBundledRegistry();

function enhance(result: unknown): any {
  return enhancedResult(result, registry);
}

const jowency = (file: string) => enhance(jowencyAnswer(file));

interface Recorded {
  name: string;
  result: any;
}

/** Every real transaction the project holds, as explorerkit answers it. */
function recorded(): Recorded[] {
  const out = recordedAnswers().map(({ where, result }) => ({ name: where, result: enhance(result) }));
  const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
  const signatures = new Set(readdirSync(corpusTransactionsDir).map((f) => /^(\w+)\.\w+\.json$/.exec(f)?.[1]));
  for (const signature of signatures) {
    if (signature === undefined) continue;
    // jsonParsed only: a json answer gets the same sentences (test/actions.test.ts).
    const text = ledger.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
    out.push({ name: `corpus ${signature}`, result: enhance(JSON.parse(text)) });
  }
  return out;
}

const amountOf = (i: Record<string, any>) => readAmount(i)!;

/** Token instructions of one kind under an entry that touch `account` on `side` (`source`, `destination`, `account`). */
function tokenMoves(entries: RawEntry[], e: RawEntry, kind: RegExp, side: string, account: string): RawEntry[] {
  return under(entries, e).filter((x) => isToken(x.programId) && kind.test(type(x) ?? '') && info(x)[side] === account);
}

const sum = (xs: RawEntry[]) => xs.reduce((s, x) => s + amountOf(info(x)), 0n);

/** A token account's balance before and after, from the answer's token balances (undefined where it has none). */
function balance(result: any, account: string): { pre?: bigint; post?: bigint; owner?: string; mint?: string } {
  const keys = keysOf(result);
  const at = (list: any[] | undefined) => list?.find((b: any) => keys[b.accountIndex] === account);
  const pre = at(result.meta.preTokenBalances);
  const post = at(result.meta.postTokenBalances);
  const amount = (b: any) => (b === undefined ? undefined : BigInt(b.uiTokenAmount.amount));
  return { pre: amount(pre), post: amount(post), owner: (post ?? pre)?.owner, mint: (post ?? pre)?.mint };
}

/** `<n> lamports` or `<n> of <mint>` (the sentence's seed form) as amount and mint. */
function parseAsset(phrase: string): { amount: bigint; mint: string } {
  const m = /^(\d+) (?:lamports|of ([1-9A-HJ-NP-Za-km-z]{32,44}))$/.exec(phrase);
  assert.ok(m, `an amount of a mint: ${phrase}`);
  return { amount: BigInt(m[1]), mint: m[2] ?? WSOL };
}

/** The sentences of a result in seed form (each readable amount checked against its base units). */
const sentencesOf = (result: any) => summarizeTransaction(result).map((s) => s && seedForm(result, s));

/** The only entry of `program`'s `kind` in a result, with its sentence. */
function only(result: any, program: string, kind: string): { e: RawEntry; entries: RawEntry[]; sentence: string } {
  const entries = entriesOf(result);
  const k = entries.findIndex((x) => x.programId === program && type(x) === kind);
  assert.ok(k >= 0 && entries.slice(k + 1).every((x) => x.programId !== program || type(x) !== kind), `one ${kind}`);
  const sentence = sentencesOf(result)[k];
  assert.ok(sentence !== null, `${kind} has a sentence`);
  return { e: entries[k], entries, sentence };
}

// ---------------------------------------------------------------------------------------------
// Every liquidity sentence, against the truth rules.

const CPMM = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C';
const BYREAL = 'REALQqNEomY6cQGZJUGwywTBD2UmDT32rZcNnfxQ5N2';
const DLMM = 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo';
const PUMPSWAP = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA';

/** The liquidity instructions the templates tell, by program. */
const liquidityTypes: Readonly<Record<string, readonly string[]>> = {
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8': ['deposit', 'withdraw'],
  [CPMM]: ['withdraw'],
  [PUMPSWAP]: ['deposit', 'withdraw', 'createPool'],
  '24Uqj9JCLxUeoC3hGfh5W3s9FM9uCHDS2SG3LYwBpyTi': ['deposit', 'withdraw'],
  [BYREAL]: ['decreaseLiquidityV2'],
  [DLMM]: ['removeLiquidityByRange2', 'claimFee2'],
};

const liquidityVerbs = /^(\S+) (?:failed to )?(?:deposited|withdrew|created|collected|deposit|withdraw|create|collect) /;

test('real transactions: every liquidity instruction the templates cover is told, and told truly', () => {
  const told = new Map<string, number>();
  for (const { name, result } of recorded()) {
    const entries = entriesOf(result);
    sentencesOf(result).forEach((sentence, k) => {
      const e = entries[k];
      if (!liquidityTypes[e.programId]?.includes(type(e) ?? '')) return;
      const at = `${name} #${k} ${type(e)}: ${sentence}`;
      assert.ok(sentence !== null, `a liquidity instruction has a sentence: ${at}`);
      const m = liquidityVerbs.exec(sentence);
      assert.ok(m, `its family's sentence, not the generic one: ${at}`);
      told.set(`${e.programId} ${type(e)}`, (told.get(`${e.programId} ${type(e)}`) ?? 0) + 1);
      assertGrounded(result, result, k, sentence, at);
    });
  }
  console.log(`liquidity sentences checked: ${[...told].map(([what, n]) => `${n} ${what}`).join(', ')}`);
  const count = (program: string, kind: string) => told.get(`${program} ${kind}`) ?? 0;
  // The instructions of today's pools that real transactions here exercise.
  assert.equal(count(CPMM, 'withdraw'), 1);
  assert.equal(count(BYREAL, 'decreaseLiquidityV2'), 2);
  assert.equal(count(DLMM, 'removeLiquidityByRange2'), 1);
  assert.equal(count(DLMM, 'claimFee2'), 1);
  assert.equal(count(PUMPSWAP, 'createPool'), 1);
});

test('what no template tells keeps the generic sentence: closing a position is no liquidity movement', () => {
  // Byreal's closePosition is told apart (test/actions-setup-and-vaults.test.ts): it burns the position's NFT.
  const { sentence } = only(jowency('remove_liquidity_meteora_dlmm_1.json'), DLMM, 'closePositionIfEmpty');
  assert.match(sentence, /^\S+ called closePositionIfEmpty /, sentence);
});

// ---------------------------------------------------------------------------------------------
// Each template on its transactions, every element derived from the transaction.

test("Raydium CPMM withdraw: the lock's authority burns its LP tokens; both assets reach the fee NFT holder's accounts", () => {
  const result = jowency('swap_sugar_1.json');
  const { e, entries, sentence } = only(result, CPMM, 'withdraw');
  const i = info(e);
  const m = /^(\S+) withdrew (.+) and (.+) from pool (\S+) by burning (.+), delivered to (\S+), on Raydium CPMM$/.exec(sentence);
  assert.ok(m, sentence);
  assert.equal(m[1], i.owner);
  assert.equal(m[4], i.poolState);
  // Each asset: what the pool's vault paid under the instruction into the user's account, and what
  // the vault's balance lost over the transaction.
  [
    [i.token0Account, i.token0Vault],
    [i.token1Account, i.token1Vault],
  ].forEach(([account, vault], side) => {
    const paid = tokenMoves(entries, e, /^transfer/, 'destination', account);
    assert.equal(paid.length, 1);
    const { pre, post, mint } = balance(result, vault);
    assert.equal(pre! - post!, amountOf(info(paid[0])));
    assert.deepEqual(parseAsset(m[2 + side]), { amount: pre! - post!, mint });
  });
  const lp = balance(result, i.ownerLpToken);
  assert.deepEqual(parseAsset(m[5]), { amount: lp.pre! - lp.post!, mint: lp.mint });
  assert.equal(sum(tokenMoves(entries, e, /^burn/, 'account', i.ownerLpToken)), lp.pre! - lp.post!);
  // The receiving accounts were set up in this transaction for the fee NFT's holder.
  const holder = balance(result, info(entries.find((x) => type(x) === 'collectCpFees')!).feeNftAccount).owner;
  const setUp = entries.filter((x) => type(x) === 'initializeAccount3' && [i.token0Account, i.token1Account].includes(info(x).account));
  assert.deepEqual(
    setUp.map((x) => info(x).owner),
    [holder, holder],
  );
  assert.equal(m[6], holder);
  assert.notEqual(m[6], m[1]);
});

test('Byreal CLMM decreaseLiquidityV2: the position owner withdrew what its recipient accounts gained; an asset that did not move is left out', () => {
  for (const file of ['swap_byreal_1.json', 'swap_byreal_2.json']) {
    const result = jowency(file);
    const { e, entries, sentence } = only(result, BYREAL, 'decreaseLiquidityV2');
    const i = info(e);
    const m = /^(\S+) withdrew (.+) from pool (\S+), position (\S+), on Byreal CLMM$/.exec(sentence);
    assert.ok(m, sentence);
    // The actor holds the position's NFT and signed.
    assert.equal(balance(result, i.nftAccount).owner, m[1]);
    assert.equal(balance(result, i.nftAccount).pre, 1n);
    assert.ok(signersOf(result).has(m[1]));
    assert.equal(m[3], i.poolState);
    assert.equal(m[4], i.personalPosition);
    const gained = [i.recipientTokenAccount0, i.recipientTokenAccount1]
      .map((account) => ({ account, ...balance(result, account) }))
      .filter((b) => b.post! > b.pre!);
    assert.deepEqual(
      m[2].split(' and ').map(parseAsset),
      gained.map((b) => ({ amount: b.post! - b.pre!, mint: b.mint })),
    );
    for (const b of gained) {
      assert.equal(b.owner, m[1]);
      assert.equal(sum(tokenMoves(entries, e, /^transfer/, 'destination', b.account)), b.post! - b.pre!);
    }
    // Token 0 stayed put: its recipient account's balance did not change and nothing moved into it.
    const zero = balance(result, i.recipientTokenAccount0);
    assert.equal(zero.pre, zero.post);
    assert.doesNotMatch(sentence, new RegExp(i.vault0Mint));
  }
});

test('Meteora DLMM removeLiquidityByRange2: the SOL the reserve paid into the wrapped-SOL account; the zero transfer of X is left out', () => {
  const result = jowency('remove_liquidity_meteora_dlmm_1.json');
  const { e, entries, sentence } = only(result, DLMM, 'removeLiquidityByRange2');
  const i = info(e);
  const m = /^(\S+) withdrew (.+) from pool (\S+), position (\S+), on Meteora DLMM$/.exec(sentence);
  assert.ok(m, sentence);
  assert.equal(m[1], i.sender);
  assert.ok(signersOf(result).has(m[1]));
  assert.equal(m[3], i.lbPair);
  assert.equal(m[4], i.position);
  const reserveY = balance(result, i.reserveY);
  const paid = reserveY.pre! - reserveY.post!;
  assert.deepEqual(parseAsset(m[2]), { amount: paid, mint: i.tokenYMint });
  assert.equal(sum(tokenMoves(entries, e, /^transfer/, 'destination', i.userTokenY)), paid);
  // The program's own event agrees: nothing of X, this much of Y.
  const event = under(entries, e).find((x) => type(x) === 'RemoveLiquidity')!;
  assert.deepEqual(info(event).amounts.map(BigInt), [0n, paid]);
  const x = balance(result, i.reserveX);
  assert.equal(x.pre, x.post);
});

test('Meteora DLMM claimFee2: a claim that moved nothing, whose events report zero fees, collected no fees', () => {
  const result = jowency('remove_liquidity_meteora_dlmm_1.json');
  const { e, entries, sentence } = only(result, DLMM, 'claimFee2');
  const i = info(e);
  assert.equal(tokenMoves(entries, e, /^transfer/, 'destination', i.userTokenX).length, 0);
  assert.equal(tokenMoves(entries, e, /^transfer/, 'destination', i.userTokenY).length, 0);
  const events = under(entries, e).filter((x) => /^ClaimFee/.test(type(x) ?? ''));
  assert.ok(events.length > 0);
  for (const event of events) assert.deepEqual([info(event).feeX, info(event).feeY], ['0', '0']);
  assert.equal(sentence, `${i.sender} collected no fees from position ${i.position} on Meteora DLMM`);
});

test('PumpSwap createPool: the creator seeded the pool with what its vaults hold after, for the LP tokens minted to it', () => {
  const result = jowency('migrate_pumpfun_1.json');
  const { e, entries, sentence } = only(result, PUMPSWAP, 'createPool');
  const i = info(e);
  const m = /^(\S+) created pool (\S+) with (.+) and (.+) for (.+) on PumpSwap$/.exec(sentence);
  assert.ok(m, sentence);
  assert.equal(m[1], i.creator);
  assert.equal(m[2], i.pool);
  // The pool's vaults were created here: what they hold after is what the creator put in.
  [
    [i.userBaseTokenAccount, i.poolBaseTokenAccount, i.baseMint],
    [i.userQuoteTokenAccount, i.poolQuoteTokenAccount, i.quoteMint],
  ].forEach(([account, vault, mint], side) => {
    const held = balance(result, vault);
    assert.equal(held.pre, undefined);
    assert.equal(held.owner, i.pool);
    assert.deepEqual(parseAsset(m[3 + side]), { amount: held.post, mint });
    assert.equal(sum(tokenMoves(entries, e, /^transfer/, 'source', account)), held.post);
  });
  const minted = sum(tokenMoves(entries, e, /^mintTo/, 'account', i.userPoolTokenAccount));
  assert.deepEqual(parseAsset(m[5]), { amount: minted, mint: i.lpMint });
  const event = under(entries, e).find((x) => type(x) === 'CreatePoolEvent')!;
  assert.equal(BigInt(info(event).lpTokenAmountOut), minted);
});
