/**
 * actionskit trade sentences for the venues April 2026 mainnet traffic goes through (OKX's DEX
 * router 2, DFlow, Byreal CLMM, Manifest, Jupiter's order engine, Heaven, Boop, Raydium LaunchLab,
 * OKX DEX's commission proxy swap, Serum Swap), checked on the recorded transactions of
 * test/fixtures/jowency-solana-tx-parser and 0xjeffro-tx-parser and on the corpus (which holds
 * only the Serum Swap ones).
 * Each expected value is read from the transaction here: who acts and which mints the instruction
 * names, and what the transfers under it moved into and out of that wallet's token accounts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Keypair, PublicKey, StakeProgram, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { decodeNativeCompiled } from '../src/actions/native-decode.js';
import { encodeBase58 } from '../src/codec/base58.js';
import { nodeParsedAsRead } from '../src/ledger/native-instructions/index.js';
import { accountKeysOf } from '../src/transaction-result/read.js';
import { jowencyResultText } from './support/recorded-answer.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhancedResult } from './support/enhanced.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { openLedger } from '../src/ledger/ledger-store.js';
import { transactionInputFromResult } from '../src/ledger/import-corpus.js';
import { renderTransaction } from '../src/ledger/render-transaction.js';
import { corpusTransactionsDir, projectRoot } from '../src/paths.js';
import { recordedAnswers } from './support/recorded-answer.js';
import { seedForm } from './support/readable-amounts.js';
import { assertGrounded, entriesOf, info, isToken, keysOf, SYSTEM, type, under, WSOL, type RawEntry } from './support/sentence-grounds.js';

const registry = loadBundledRegistry();
const fixtures = join(projectRoot, 'test', 'fixtures');

function actionskit(result: unknown): any {
  return enhancedResult(result, registry, true);
}

interface Recorded {
  name: string;
  answer: any;
}

function recordings(): Recorded[] {
  const out: Recorded[] = recordedAnswers().map(({ where, result }) => ({ name: where, answer: actionskit(result) }));
  const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
  const manifest = readFileSync(join(corpusTransactionsDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1);
  for (const [, signature] of manifest.map((l) => l.split('\t'))) {
    const text = ledger.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
    out.push({ name: `corpus ${signature}`, answer: actionskit(JSON.parse(text)) });
  }
  return out;
}

const recorded = recordings();

// ---------------------------------------------------------------------------------------------
// Reading an answer.

/** The entry that invoked `row` directly. */
function callerOf(rows: RawEntry[], row: RawEntry): RawEntry | undefined {
  if (row.group === undefined) return undefined;
  if (row.raw.stackHeight === 2) return rows.find((x) => x.group === undefined && x.top === row.top);
  const group = rows.filter((x) => x.group === row.top);
  return group
    .slice(0, row.position)
    .reverse()
    .find((x) => x.raw.stackHeight === row.raw.stackHeight - 1);
}

const typeOf = (row: RawEntry): string => type(row) ?? '';

/** Token accounts' owners and mints as the answer states them: balances, account set-ups, and closes (which only the owner signs). */
function tokenAccounts(answer: any, rows: RawEntry[]): Map<string, { owner?: string; mint?: string }> {
  const keys = keysOf(answer);
  const out = new Map<string, { owner?: string; mint?: string }>();
  const note = (account: string, owner?: string, mint?: string) => {
    const known = out.get(account) ?? {};
    known.owner ??= owner;
    known.mint ??= mint;
    out.set(account, known);
  };
  for (const b of [...(answer.meta.preTokenBalances ?? []), ...(answer.meta.postTokenBalances ?? [])])
    note(keys[b.accountIndex], b.owner, b.mint);
  for (const row of rows) {
    const i = info(row);
    if (/^initializeAccount/.test(typeOf(row)) || /^create/.test(typeOf(row))) note(i.account, i.owner ?? i.wallet, i.mint);
    if (typeOf(row) === 'closeAccount') note(i.account, i.owner);
  }
  return out;
}

/** Base units of a transfer's amount. */
const amountOf = (i: Record<string, any>): bigint => BigInt(i.amount ?? i.tokenAmount?.amount ?? i.lamports);

/**
 * How the transfers under `row` changed `wallet`'s holdings, mint by mint: token transfers into and
 * out of the accounts it owns or signed a transfer out of (transfers among them cancel), and where
 * no token of wrapped SOL moved for it, the lamports System transfers brought it or took from it.
 */
function flows(answer: any, rows: RawEntry[], row: RawEntry, wallet: string, named: string[] = []): Map<string, bigint> {
  const accounts = tokenAccounts(answer, rows);
  const moves = under(rows, row).filter((x) => /^transfer/.test(typeOf(x)));
  const tokens = moves.filter((x) => isToken(x.raw.programId));
  const signed = new Set(tokens.filter((x) => info(x).authority === wallet).map((x) => info(x).source));
  const mine = (account: string) => signed.has(account) || named.includes(account) || accounts.get(account)?.owner === wallet;
  const net = new Map<string, bigint>();
  const add = (mint: string, change: bigint) => net.set(mint, (net.get(mint) ?? 0n) + change);
  for (const x of tokens) {
    const i = info(x);
    const mint = i.mint ?? accounts.get(i.source)?.mint ?? accounts.get(i.destination)?.mint;
    add(mint, (mine(i.destination) ? amountOf(i) : 0n) - (mine(i.source) ? amountOf(i) : 0n));
  }
  if (!net.has(WSOL) || net.get(WSOL) === 0n)
    for (const x of moves.filter((m) => m.raw.programId === SYSTEM)) {
      const i = info(x);
      add(WSOL, (i.destination === wallet ? amountOf(i) : 0n) - (i.source === wallet ? amountOf(i) : 0n));
    }
  return net;
}

/** A trade sentence in base units: actor, verb, each side's amount and mint, the recipient named, the venue. */
function readTrade(answer: any, sentence: string) {
  const side = String.raw`(?:(\d+) lamports|(\d+) of (\S+))`;
  const m = new RegExp(String.raw`^(\S+) (swapped|bought|sold) ${side} for ${side}(?:, delivered to (\S+),)? on (.+)$`).exec(
    seedForm(answer, sentence),
  );
  assert.ok(m !== null, `a trade sentence: ${sentence}`);
  const [, actor, verb, inLamports, inAmount, inMint, outLamports, outAmount, outMint, recipient, venue] = m;
  const leg = (lamports?: string, amount?: string, mint?: string) =>
    lamports !== undefined ? { amount: BigInt(lamports), mint: WSOL } : { amount: BigInt(amount!), mint: mint! };
  const [paid, got] = [leg(inLamports, inAmount, inMint), leg(outLamports, outAmount, outMint)];
  // What people buy is what they get; what they sell is what they pay.
  return { actor, verb, paid: verb === 'bought' ? got : paid, got: verb === 'bought' ? paid : got, recipient, venue };
}

// ---------------------------------------------------------------------------------------------
// What each venue's instruction says, read here from its own accounts and arguments.

interface Expected {
  venue: string;
  /** Who trades: the instruction's acting account. */
  actor: string;
  verb: 'swapped' | 'bought' | 'sold';
  paidMint?: string;
  gotMint?: string;
  /** The wallet's token accounts the instruction names, where older answers' balances name no owners. */
  wallets?: string[];
}

type Reader = (i: Record<string, any>, type: string) => Expected;

const okxRouter: Reader = (i) => ({
  venue: 'OKX DEX Router 2',
  actor: i.payer,
  verb: 'swapped',
  paidMint: i.sourceMint,
  gotMint: i.destinationMint,
});

const readers: Record<string, Reader> = {
  proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u: okxRouter,
  '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma': (i, type) => ({
    ...okxRouter(i, type),
    venue: 'OKX DEX',
    actor: i.userTransferAuthority ?? i.payer,
  }),
  DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH: (i) => ({
    venue: 'DFlow',
    actor: i.userTokenAuthority,
    verb: 'swapped',
    gotMint: i.destinationMint,
  }),
  REALQqNEomY6cQGZJUGwywTBD2UmDT32rZcNnfxQ5N2: (i) => ({
    venue: 'Byreal CLMM',
    actor: i.payer,
    verb: 'swapped',
    paidMint: i.isBaseInput ? i.inputVaultMint : undefined,
    gotMint: i.isBaseInput ? i.outputVaultMint : undefined,
  }),
  MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms: (i) => ({
    venue: 'Manifest',
    actor: i.owner ?? i.payer,
    verb: 'swapped',
    paidMint: i.params.isBaseIn ? i.baseMint : i.quoteMint,
    gotMint: i.params.isBaseIn ? i.quoteMint : i.baseMint,
  }),
  '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH': (i) => ({
    venue: 'Jupiter Order Engine',
    actor: i.taker,
    verb: 'swapped',
    paidMint: i.inputMint,
    gotMint: i.outputMint,
  }),
  HEAVENoP2qxoeuF8Dj2oT1GHEnu49U5mJYkdeC8BAX2o: (i, type) => ({
    venue: 'Heaven',
    actor: i.user,
    verb: type === 'buy' ? 'bought' : 'sold',
    paidMint: type === 'buy' ? i.tokenBMint : i.tokenAMint,
    gotMint: type === 'buy' ? i.tokenAMint : i.tokenBMint,
  }),
  boop8hVGQGqehUK2iVEMEnMrL5RbjywRzHKBmBE7ry4: (i) => ({ venue: 'Boop', actor: i.seller, verb: 'sold', paidMint: i.mint, gotMint: WSOL }),
  '22Y43yTVxuUkoRKdm9thyRhQ3SdgQS7c7kB6UNCiaczD': (i) => ({
    venue: 'Serum Swap',
    actor: i.authority,
    verb: 'swapped',
    wallets: [i.marketCoinWallet, i.pcWallet],
  }),
  LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj: (i, type) => ({
    venue: 'Raydium LaunchLab',
    actor: i.payer,
    verb: type.startsWith('buy') ? 'bought' : 'sold',
    paidMint: type.startsWith('buy') ? i.quoteTokenMint : i.baseTokenMint,
    gotMint: type.startsWith('buy') ? i.baseTokenMint : i.quoteTokenMint,
  }),
};

/** The trading instructions of each program these sentences cover. */
const trades: Record<string, RegExp> = {
  proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u: /^(swap|proxySwap)/,
  '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma': /^commissionSplProxySwap$/,
  DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH: /^swap/,
  REALQqNEomY6cQGZJUGwywTBD2UmDT32rZcNnfxQ5N2: /^swap/,
  MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms: /^swap/,
  '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH': /^fill$/,
  HEAVENoP2qxoeuF8Dj2oT1GHEnu49U5mJYkdeC8BAX2o: /^(buy|sell)$/,
  boop8hVGQGqehUK2iVEMEnMrL5RbjywRzHKBmBE7ry4: /^sellToken$/,
  LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj: /^(buy|sell)Exact(In|Out)$/,
  '22Y43yTVxuUkoRKdm9thyRhQ3SdgQS7c7kB6UNCiaczD': /^swap$/,
};

interface Found {
  name: string;
  answer: any;
  rows: RawEntry[];
  row: RawEntry;
}

/** Every covered trading instruction in the recordings, top-level or inner. */
function covered(): Found[] {
  const out: Found[] = [];
  for (const { name, answer } of recorded) {
    const rows = entriesOf(answer);
    for (const row of rows) if (trades[row.raw.programId]?.test(typeOf(row))) out.push({ name, answer, rows, row });
  }
  return out;
}

const found = covered();

function checkTrade({ name, answer, rows, row }: Found): void {
  const sentence = row.raw.actions as string;
  const at = `${name} ${typeOf(row)}: ${sentence}`;
  const expected = readers[row.raw.programId](info(row), typeOf(row));
  const trade = readTrade(answer, sentence);
  assert.equal(trade.actor, expected.actor, `actor: ${at}`);
  assert.equal(trade.verb, expected.verb, `verb: ${at}`);
  assert.equal(trade.venue, expected.venue, `venue: ${at}`);
  if (expected.paidMint !== undefined) assert.equal(trade.paid.mint, expected.paidMint, `paid mint: ${at}`);
  if (expected.gotMint !== undefined) assert.equal(trade.got.mint, expected.gotMint, `got mint: ${at}`);
  const actorFlows = flows(answer, rows, row, trade.actor, expected.wallets);
  assert.equal(actorFlows.get(trade.paid.mint), -trade.paid.amount, `paid: what left the actor's accounts under the instruction: ${at}`);
  const recipient = trade.recipient ?? trade.actor;
  assert.equal(
    flows(answer, rows, row, recipient, expected.wallets).get(trade.got.mint),
    trade.got.amount,
    `got: what reached the recipient's accounts under the instruction: ${at}`,
  );
}

const sentenceOf = (f: Found) => f.row.raw.actions as string | undefined;
const byProgram = (id: string) => found.filter((f) => f.row.raw.programId === id);

function checkProgram(id: string, atLeast: number): void {
  const entries = byProgram(id).filter((f) => f.answer.meta.err === null);
  assert.ok(entries.length >= atLeast, `${entries.length} recorded trades of ${id}`);
  for (const f of entries) checkTrade(f);
}

test("OKX's DEX router 2: swapTob, swapToc, swapTobWithReceiver, swapTobWithTokenLedger tell the payer's trade", () => {
  checkProgram('proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u', 10);
  const types = new Set(byProgram('proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u').map((f) => typeOf(f.row)));
  assert.deepEqual([...types].sort(), ['swapToc', 'swapTob', 'swapTobWithReceiver', 'swapTobWithTokenLedger'].sort());
});

test("OKX DEX (v1): commissionSplProxySwap tells the user's trade", () => {
  checkProgram('6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma', 1);
});

test("DFlow: swap, swap2 and swap2WithDestination tell what the signer's accounts paid and kept, legs cancelling out", () => {
  checkProgram('DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH', 4);
  const toOther = byProgram('DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH').find((f) => typeOf(f.row) === 'swap2WithDestination')!;
  const owner = tokenAccounts(toOther.answer, toOther.rows).get(info(toOther.row).destinationTokenAccount)?.owner;
  assert.equal(readTrade(toOther.answer, sentenceOf(toOther)!).recipient, owner);
});

test('Byreal CLMM: swapV2, alone or as a route leg', () => {
  checkProgram('REALQqNEomY6cQGZJUGwywTBD2UmDT32rZcNnfxQ5N2', 3);
});

test('Manifest: swap and swapV2 in either direction', () => {
  checkProgram('MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms', 6);
});

test("Jupiter's order engine: a fill is the taker's trade", () => {
  checkProgram('61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH', 3);
});

test('Heaven buy, Boop sellToken (SOL by System transfer) and Raydium LaunchLab sellExactIn', () => {
  checkProgram('HEAVENoP2qxoeuF8Dj2oT1GHEnu49U5mJYkdeC8BAX2o', 1);
  checkProgram('boop8hVGQGqehUK2iVEMEnMrL5RbjywRzHKBmBE7ry4', 1);
  checkProgram('LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj', 1);
});

test('Serum Swap (corpus): a swap over one market', () => {
  checkProgram('22Y43yTVxuUkoRKdm9thyRhQ3SdgQS7c7kB6UNCiaczD', 1);
});

test('a trade whose transaction settled nothing else for the user matches its balance changes', () => {
  // The user's whole balance change equals the sentence where these instructions were the trade itself.
  const cases: [string, string][] = [
    ['jowency swap_jupiterorderengine_1.json', '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH'],
    ['jowency swap_jupiterorderengine_2.json', '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH'],
    ['jowency swap_goosefx_gamma_1.json', 'DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH'],
    ['jowency create_pool_raydium_v4_1.json', 'DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH'],
    ['jowency swap_okxlabs2_via_jupiter_1.json', 'proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u'],
  ];
  for (const [name, program] of cases) {
    const f = found.find((x) => x.name === name && x.row.raw.programId === program)!;
    const trade = readTrade(f.answer, sentenceOf(f)!);
    const change = (mint: string) => {
      const sum = (list: any[]) =>
        list.filter((b) => b.owner === trade.actor && b.mint === mint).reduce((s, b) => s + BigInt(b.uiTokenAmount.amount), 0n);
      return sum(f.answer.meta.postTokenBalances) - sum(f.answer.meta.preTokenBalances);
    };
    assert.equal(change(trade.paid.mint), -trade.paid.amount, `${name}: paid`);
    assert.equal(change(trade.got.mint), trade.got.amount, `${name}: got`);
  }
});

test('a failed transaction: the exact side from the arguments, a zero floor on the other left out', () => {
  const failed = found.filter((f) => f.answer.meta.err !== null && f.row.raw.programId === 'MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms');
  assert.ok(failed.length >= 2);
  for (const f of failed) {
    const sentence = seedForm(f.answer, sentenceOf(f)!);
    const p = info(f.row).params;
    const owner = info(f.row).owner ?? info(f.row).payer;
    const paidMint = p.isBaseIn ? info(f.row).baseMint : info(f.row).quoteMint;
    assert.ok(p.isExactIn, 'the recordings hold exact-in swaps');
    assert.ok(sentence.startsWith(`${owner} failed to swap ${p.inAtoms} of ${paidMint} for `), sentence);
    assert.equal(p.outAtoms, '0');
    // The other side is the asset alone: a table symbol (digits too, as in USD1) or tokens of a mint.
    assert.match(sentence, / for (?:tokens of \S+|[A-Za-z][A-Za-z0-9]*) on Manifest$/);
  }
});

// ---------------------------------------------------------------------------------------------
// The truth rules of test/actions.test.ts, on every sentence of these programs and of the route
// legs they invoke.

test('every sentence of these programs and of the legs they route is grounded in its transaction', () => {
  let checked = 0;
  let legs = 0;
  for (const { name, answer } of recorded) {
    const rows = entriesOf(answer);
    rows.forEach((row, k) => {
      const sentence: string | undefined = row.raw.actions;
      const caller = callerOf(rows, row);
      const ours = trades[row.raw.programId]?.test(typeOf(row)) === true;
      const leg =
        caller !== undefined && trades[caller.raw.programId]?.test(typeOf(caller)) === true && /^\S+ swapped /.test(sentence ?? '');
      if (sentence === undefined || !(ours || leg)) return;
      const at = `${name} ${row.raw.programId} ${typeOf(row)}: ${sentence}`;
      if (ours) assert.doesNotMatch(sentence, / called | failed to call /, `a family sentence: ${at}`);
      assertGrounded(answer, answer, k, seedForm(answer, sentence), at);
      checked++;
      if (leg) legs++;
    });
  }
  assert.ok(checked >= 40, `${checked} sentences checked`);
  assert.ok(legs >= 5, `${legs} route legs checked`);
});

test('json and jsonParsed renderings of the April 2026 recordings give every entry the same sentence', () => {
  const jowency = join(fixtures, 'jowency-solana-tx-parser');
  let compared = 0;
  let venues = 0;
  for (const file of readdirSync(jowency).filter((f) => f.endsWith('.json'))) {
    const fx = JSON.parse(readFileSync(join(jowency, file), 'utf8'));
    const body = JSON.stringify(fx.raw);
    const input = transactionInputFromResult(fx.signature, 'base64', body);
    const row = { signature: fx.signature, slot: input.slot, blockTime: input.blockTime, version: input.version, bodies: { base64: body } };
    const sentences = (encoding: 'json' | 'jsonParsed') => {
      const answer = actionskit(JSON.parse(renderTransaction(row, { encoding, maxSupportedTransactionVersion: 0 })));
      const keys = answer.transaction.message.accountKeys.map((k: any) => k.pubkey ?? k);
      return entriesOf(answer).map((x) => ({ program: x.raw.programId ?? keys[x.raw.programIdIndex], sentence: x.raw.actions }));
    };
    const json = sentences('json');
    sentences('jsonParsed').forEach(({ program, sentence }, k) => {
      assert.equal(json[k].sentence, sentence, `${file} #${k}`);
      if (trades[program] !== undefined) venues++;
      compared++;
    });
  }
  assert.ok(compared >= 1000 && venues >= 50, `${compared} entries compared, ${venues} of them these programs'`);
});

/**
 * actionskit reads the natives it meets most in json answers with native-decode.ts, a third of the
 * node parsers' time; those parsers (src/ledger/native-instructions, held to Agave's own vectors)
 * read the rest. Where the quick reading reads an entry of the 125 April 2026 recordings, every
 * value it gives is the node parser's (it leaves out what no sentence reads, such as `uiAmount`).
 */
test('json natives: the quick reading gives what the node parsers give, on every entry it reads', () => {
  const jowency = join(fixtures, 'jowency-solana-tx-parser');
  let read = 0;
  let left = 0;
  for (const file of readdirSync(jowency).filter((f) => f.endsWith('.json'))) {
    const result = JSON.parse(jowencyResultText(file, 'json'));
    const keys = accountKeysOf(result);
    for (const entry of entriesOf(result)) {
      const { programIdIndex, accounts, data } = entry.raw as { programIdIndex: number; accounts: number[]; data: string };
      const programId = keys[programIdIndex];
      const node = nodeParsedAsRead(programId, accounts, data, keys);
      const quick = decodeNativeCompiled(
        programId,
        data,
        accounts.map((index) => keys[index]),
      );
      if (quick === null) {
        if (node !== undefined) left++;
        continue;
      }
      read++;
      const { program, ...parsed } = quick;
      assertWithin({ program, parsed: parsed.memo ?? { info: parsed.info, type: parsed.type } }, node, `${file}: ${programId} ${data}`);
    }
  }
  assert.ok(read > 500 && left > 0, `${read} read quickly, ${left} by the node parsers alone`);
});

/** Every member of `part`, at every depth, is in `whole` with the same value. */
function assertWithin(part: unknown, whole: unknown, where: string): void {
  if (part === null || typeof part !== 'object') return assert.equal(part, whole, where);
  assert.ok(whole !== null && typeof whole === 'object', `${where}: ${JSON.stringify(whole)} is no object`);
  for (const [key, value] of Object.entries(part)) assertWithin(value, (whole as Record<string, unknown>)[key], `${where} .${key}`);
}

/**
 * Natives the quick reading leaves to the node parsers, in a transaction web3.js builds (a stake
 * deactivation, a nonce account's creation, an SPL Token revoke and freeze): in json they get the
 * sentences jsonParsed gives them, through the same parsers the embedded ledger renders jsonParsed
 * with.
 */
test('json natives the quick reading does not read get the sentences jsonParsed gives them', () => {
  const [payer, stake, nonce, tokenAccount, mint, freezer] = Array.from({ length: 6 }, () => Keypair.generate().publicKey);
  const token = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
  const tx = new Transaction({ feePayer: payer, recentBlockhash: Keypair.generate().publicKey.toBase58() });
  tx.add(StakeProgram.deactivate({ stakePubkey: stake, authorizedPubkey: payer }));
  tx.add(
    ...SystemProgram.createNonceAccount({ fromPubkey: payer, noncePubkey: nonce, authorizedPubkey: payer, lamports: 1_447_680 })
      .instructions,
  );
  // SPL Token's Revoke (5) and FreezeAccount (10), as its instruction builders write them.
  tx.add(
    new TransactionInstruction({
      programId: token,
      keys: [tokenAccount, payer].map((pubkey, i) => ({ pubkey, isSigner: i === 1, isWritable: i === 0 })),
      data: Buffer.of(5),
    }),
  );
  tx.add(
    new TransactionInstruction({
      programId: token,
      keys: [tokenAccount, mint, freezer].map((pubkey, i) => ({ pubkey, isSigner: i === 2, isWritable: i === 0 })),
      data: Buffer.of(10),
    }),
  );
  const wire = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  const keyCount = tx.compileMessage().accountKeys.length;
  // The unsigned transaction's first signature slot (the ledger checks the answer is that transaction's).
  const signature = encodeBase58(wire.subarray(1, 65));
  const body = JSON.stringify({
    blockTime: 1_770_000_000,
    meta: {
      computeUnitsConsumed: 9_000,
      err: null,
      fee: 10_000,
      innerInstructions: [],
      loadedAddresses: { readonly: [], writable: [] },
      logMessages: [],
      postBalances: Array<number>(keyCount).fill(0),
      postTokenBalances: [],
      preBalances: Array<number>(keyCount).fill(0),
      preTokenBalances: [],
      rewards: [],
      status: { Ok: null },
    },
    slot: 400_000_000,
    transaction: [wire.toString('base64'), 'base64'],
    version: 'legacy',
  });
  const input = transactionInputFromResult(signature, 'base64', body);
  const row = { signature, slot: input.slot, blockTime: input.blockTime, version: input.version, bodies: { base64: body } };
  const sentences = (encoding: 'json' | 'jsonParsed') =>
    entriesOf(actionskit(JSON.parse(renderTransaction(row, { encoding, maxSupportedTransactionVersion: 0 })))).map(
      (x) => x.raw.actions ?? null,
    );
  const parsed = sentences('jsonParsed');
  assert.deepEqual(sentences('json'), parsed);
  assert.match(parsed[0], /^\S+ deactivated stake account \S+ on Stake Program$/);
  assert.match(parsed[3], /^\S+ revoked the delegate of \S+ on SPL Token$/);
  assert.match(parsed[4], /^\S+ froze token account \S+ of \S+ on SPL Token$/);
});
