/**
 * actionskit sentences checked against the transactions themselves: the corpus (every transaction,
 * jsonParsed and, where the ledger holds it, json) and built transactions for programs the corpus
 * lacks (Magic Eden, Tensor, Metaplex, Marinade, stake pools). Expected values are read from the
 * answer (signers, arguments, balances, transfers, events), never from an earlier output.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { summarizeTransaction as summarize } from '../src/actions/summarize.js';
import { knownSymbol } from '../src/actions/names.js';
import { encodeBase58, decodeBase58 } from '../src/codec/base58.js';
import { camelCase } from '../src/decode/names.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceTransaction } from '../src/enhance/transaction.js';
import { enhancedResult } from './support/enhanced.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { openLedger } from '../src/ledger/ledger-store.js';
import { corpusTransactionsDir } from '../src/paths.js';
import type { TypeNode } from '../src/idl/description.js';
import { seedForm } from './support/readable-amounts.js';
import {
  amountOf,
  assertGrounded,
  entriesOf,
  info,
  isToken,
  keysOf,
  kept,
  keptUnder,
  ownerOf,
  signersOf,
  SYSTEM,
  supportedNatives,
  type,
  under,
  WSOL,
  type RawEntry,
} from './support/sentence-grounds.js';

/** The sentences with every readable amount checked against its base units, then in the seed's base units alone. */
function summarizeTransaction(result: any): (string | null)[] {
  return summarize(result).map((sentence) => sentence && seedForm(result, sentence));
}

const registry = loadBundledRegistry();
const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));

function enhance(result: unknown): any {
  return enhancedResult(result, registry);
}

function fromLedger(signature: string, encoding: 'json' | 'jsonParsed'): any {
  const text = ledger.getTransaction(signature, { encoding, maxSupportedTransactionVersion: 0 });
  return JSON.parse(enhanceTransaction(`{"jsonrpc":"2.0","result":${text},"id":1}`, registry)).result;
}

// ---------------------------------------------------------------------------------------------
// The corpus.

interface CorpusTx {
  signature: string;
  encoding: 'json' | 'jsonParsed';
  result: any;
}

const manifest = readFileSync(join(corpusTransactionsDir, 'MANIFEST.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t'));
const corpus: CorpusTx[] = [];
for (const [, signature, stored] of manifest) {
  corpus.push({ signature, encoding: 'jsonParsed', result: fromLedger(signature, 'jsonParsed') });
  if (stored !== 'jsonParsed') corpus.push({ signature, encoding: 'json', result: fromLedger(signature, 'json') });
}

/** Programs with templates; entries of any other program get the generic sentence or none. */
const supportedPrograms = new Set([
  '11111111111111111111111111111111',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
  'HQ2UUt18uJqKaQFJhgV9zaTdQxUZjNrsKFgoEDquBkcx',
  'ComputeBudget111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
  'JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB',
  'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M',
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
  'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK',
  'REALQqNEomY6cQGZJUGwywTBD2UmDT32rZcNnfxQ5N2',
  'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C',
  'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
  '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP',
  'DjVE6JNiYqPL2QXyCUUh8rNjHrbz9hXHNYt99MQ59qw1',
  'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
  'Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB',
  'cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG',
  'dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN',
  '24Uqj9JCLxUeoC3hGfh5W3s9FM9uCHDS2SG3LYwBpyTi',
  'MERLuDFBMmsHnsBPZw2sDQZHvXFMwp8EdjudcU2HKky',
  '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P',
  'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA',
  'M2mx93ekt1fmXSVkTrUL9xVFHkmME8HTUi5Cyc5aF7K',
  'TSWAPaqyCSx2KABk68Shruf4rp7CxcNi8hAsbdwmHbN',
  'TCMPhJdwDryooaGtiocG1u3xcYbRpiJzb283XfCZsDp',
  'TB1Dqt8JeKQh7RLDzfYDJsq8KS4fS2yt87avRjyRxMv',
  'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s',
  'hausS13jsjafwWwGqZTUQRmWyvyxn9EQpqMwV1PBBmk',
  'BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY',
  'CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d',
  'MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD',
  'SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy',
  'SP12tWFxD9oJsVWNavTTBZvMbA6gkAmxtVgxdqvyvhY',
  'SPMBzsVUuoHA4Jm6KunbsotaahvVikZs1JyTW6iJvbn',
  'unpXTU2Ndrc7WWNyEhQWe4udTzSibLPi25SXv2xbCHQ',
  'PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu',
  '2wT8Yq49kHgDzXuPxZSaeLaH1qbmGXtEyPy64bL7aD3c',
  'HyaB3W9q6XdA5xwpU4XnSZV94htfmbmqJXZcEbRaJutt',
  'SSwapUtytfBdBn1b9NUGG6foMVPtcWgpRU32HToDUZr',
  'FLUXubRmkEi2q6K3Y9kBPg9248ggaZVsoSFhtJHSrm1X',
  'SSwpkEEcbUqx4vtoEByFjSkhKdCT862DNVb52nZg1UZ',
  'swapNyd8XiQwJ6ianp9snpu4brUqFxadzvHebnAXjJZ',
  'SwaPpA9LAaLfeLi3a68M4DjnLqgtticKg6CnyNwgAC8',
  'stkitrT1Uoy18Dk1fTrgPw8W6MVzoCfYoAFT4MLsmhq',
  '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma',
  'PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY',
  'srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX',
  '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  'MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA',
  '4R3gSG8BpU4t19KYj8CfnbtRpnT8gtk4dvTHxVRwc2r7',
  'BSwp6bEBihVLdqJRKGgzjcGLHkcTuzmSo1TQkHepzH8p',
  'obriQD1zbpyLz95G5n7nJe6a4DPjpFwa5XYPoNm113y',
  'SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe',
  'GFXsSL5sSaDfNFQUYsHekbWBW1TsFdjDYzACh62tEHxn',
  'proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u',
  'DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH',
  'MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms',
  '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH',
  'HEAVENoP2qxoeuF8Dj2oT1GHEnu49U5mJYkdeC8BAX2o',
  'boop8hVGQGqehUK2iVEMEnMrL5RbjywRzHKBmBE7ry4',
  'LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj',
  '22Y43yTVxuUkoRKdm9thyRhQ3SdgQS7c7kB6UNCiaczD',
  'routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS',
  '3EpVCPUgyjq2MfGeCttyey6bs5zya5wjYZ2BE6yDg6bm',
]);

test('corpus: one entry per instruction, no exception, and every sentence grounded in its transaction', () => {
  const share = new Map<string, [number, number]>();
  let sentences = 0;
  for (const { signature, encoding, result } of corpus) {
    const where = `${signature} (${encoding})`;
    const out = summarizeTransaction(result);
    const entries = entriesOf(result);
    assert.equal(out.length, entries.length, where);
    // In json the node parses nothing: the numbers are grounded in the same entry rendered as jsonParsed.
    const parsedTwin = encoding === 'json' ? fromLedger(signature, 'jsonParsed') : result;
    const twinEntries = entriesOf(parsedTwin);
    out.forEach((sentence, k) => {
      const e = entries[k];
      const twin = twinEntries[k];
      // Counted under the jsonParsed names, so both encodings of an instruction add up together.
      const label = `${twin.raw.program ?? twin.programId} ${type(twin) ?? '(undecoded)'}`;
      const tally = share.get(label) ?? [0, 0];
      share.set(label, [tally[0] + 1, tally[1] + (sentence === null ? 0 : 1)]);
      if (!supportedPrograms.has(e.programId) && sentence !== null) {
        // A route's leg, or what an undecoded program's transfers traded for an account.
        const traded = /^\S+ swapped /.test(sentence);
        assert.ok(
          traded || /^\S+ (?:failed to call|called) \w+ /.test(sentence),
          `${where} #${k}: ${label} has no template: a trade, a route's leg or the generic sentence: ${sentence}`,
        );
      }
      if (sentence === null) return;
      sentences++;
      assertGrounded(result, parsedTwin, k, sentence, `${where} #${k} ${label}: ${sentence}`);
    });
  }
  let total = 0;
  let covered = 0;
  const lines = [...share]
    .sort((a, b) => b[1][0] - a[1][0])
    .map(([label, [n, s]]) => {
      total += n;
      covered += s;
      return `  ${String(s).padStart(4)}/${String(n).padEnd(4)} ${label}`;
    });
  console.log(
    `actionskit: ${covered}/${total} instruction entries (${((100 * covered) / total).toFixed(1)}%) got a sentence\n${lines.join('\n')}`,
  );
  assert.ok(sentences > 1000);
});

/**
 * In json the node parses nothing, so the natives are parsed from their bytes as the node parses
 * them in jsonParsed (src/ledger/native-instructions): every entry that gets a sentence in one
 * encoding gets the same one in the other.
 */
test('corpus: json and jsonParsed renderings of one transaction get the same sentences', () => {
  let compared = 0;
  for (const { signature, encoding, result } of corpus) {
    if (encoding !== 'json') continue;
    const fromParsed = summarizeTransaction(fromLedger(signature, 'jsonParsed'));
    summarizeTransaction(result).forEach((sentence, k) => {
      if (sentence === null && fromParsed[k] === null) return;
      compared++;
      assert.equal(sentence, fromParsed[k], `${signature} #${k}`);
    });
  }
  assert.ok(compared > 100, `${compared} compared`);
});

/** `<n> lamports`, `<n> of <mint>`, `1 token of <mint>` back into amount and mint (wrapped SOL for lamports). */
function parseAsset(phrase: string): { amount: bigint; mint: string } | null {
  const m = /^(\d+) (?:lamports|(?:tokens? )?of ([1-9A-HJ-NP-Za-km-z]{32,44}))$/.exec(phrase);
  return m === null ? null : { amount: BigInt(m[1]), mint: m[2] ?? WSOL };
}

test('corpus: swaps a router reports match its SwapEvents, and Pump.fun trades their TradeEvents', () => {
  let swaps = 0;
  let trades = 0;
  for (const { signature, encoding, result } of corpus) {
    if (encoding !== 'jsonParsed' || result.meta.err !== null) continue;
    const out = summarizeTransaction(result);
    const entries = entriesOf(result);
    entries.forEach((event, k) => {
      if (event.group === undefined) return;
      // Jupiter emits a SwapEvent right after each venue swap it invoked, at that swap's depth.
      if (type(event) === 'SwapEvent' && event.raw.program === 'jupiter') {
        let j = k - 1;
        while (j >= 0 && entries[j].group === event.group && entries[j].raw.stackHeight !== event.raw.stackHeight) j--;
        const sentence = out[j];
        const m = sentence === null ? null : /^\S+ swapped (.+) for (.+?)(?:, delivered to \S+,)? on \S+/.exec(sentence);
        if (m === null || entries[j].programId !== info(event).amm) return;
        const paid = parseAsset(m[1]);
        const got = parseAsset(m[2]);
        const e = info(event);
        // The event restates the requested input; where the venue took less, the sentence has what moved.
        const movedIn = under(entries, entries[j]).filter(
          (x) => isToken(x.programId) && /^transfer/.test(type(x) ?? '') && amountOf(info(x)) === paid?.amount,
        );
        assert.equal(paid?.mint, e.inputMint, `${signature} #${j}: ${sentence}`);
        assert.ok(paid?.amount === BigInt(e.inputAmount) || movedIn.length > 0, `${signature} #${j}: ${sentence}`);
        assert.deepEqual(got, { amount: BigInt(e.outputAmount), mint: e.outputMint }, `${signature} #${j}: ${sentence}`);
        swaps++;
      }
      if (type(event) === 'TradeEvent' && event.raw.program === 'pump') {
        const e = info(event);
        // The trade is the entry the event sits under: the last shallower pump entry before it.
        const parents = entries
          .slice(0, k)
          .filter((x) => x.programId === event.programId && /^(buy|sell)/.test(type(x) ?? '') && x.top === event.top);
        const parent = parents.at(-1)!;
        const sentence = out[entries.indexOf(parent)]!;
        const m = /^(\S+) (bought|sold) (.+) for (.+?)(?:, delivered to \S+,)? on Pump\.fun$/.exec(sentence);
        assert.ok(m, sentence);
        assert.equal(m[1], e.user, sentence);
        assert.equal(m[2], e.isBuy ? 'bought' : 'sold', sentence);
        const tokens = parseAsset(m[3]);
        assert.deepEqual(tokens, { amount: BigInt(e.tokenAmount), mint: e.mint }, sentence);
        const sol = parseAsset(m[4])!;
        if (e.isBuy && info(parent).quoteMint === undefined) {
          // A buy's cost: every lamport the user sent under it (curve price plus fees).
          const sent = under(entries, parent)
            .filter((x) => x.programId === SYSTEM && type(x) === 'transfer' && info(x).source === e.user)
            .reduce((s, x) => s + BigInt(info(x).lamports), 0n);
          assert.equal(sol.amount, sent, sentence);
          assert.ok(sol.amount >= BigInt(e.solAmount), sentence);
        } else if (!e.isBuy) {
          assert.equal(sol.amount, BigInt(e.solAmount), sentence);
        }
        trades++;
      }
    });
  }
  console.log(`actionskit: ${swaps} router swaps and ${trades} Pump.fun trades checked against their events`);
  assert.ok(swaps >= 20 && trades >= 15, `${swaps} swaps, ${trades} trades`);
});

test('corpus: swaps, top-level and each leg a route invoked, name the trader and what its token accounts sent and received under that instruction', () => {
  let checked = 0;
  let legs = 0;
  for (const { signature, encoding, result } of corpus) {
    if (encoding !== 'jsonParsed' || result.meta.err !== null) continue;
    const out = summarizeTransaction(result);
    const entries = entriesOf(result);
    const keys = keysOf(result);
    const signers = signersOf(result);
    out.forEach((sentence, k) => {
      const m = sentence === null ? null : /^(\S+) (swapped|bought|sold) (.+) for (.+?)(?:, delivered to (\S+),)? on (.+)$/.exec(sentence);
      if (m === null || /^(Magic Eden|Tensor|Metaplex)/.test(m[6])) return;
      // A leg's trader may be the route's own authority, which signs by the program, not the transaction.
      if (entries[k].group === undefined) assert.ok(signers.has(m[1]), `a top-level trade's actor signed it: ${sentence}`);
      else legs++;
      const [paid, got] = m[2] === 'bought' ? [parseAsset(m[4]), parseAsset(m[3])] : [parseAsset(m[3]), parseAsset(m[4])];
      // Token movements under the instruction between the actor's own token accounts and others.
      const accountsOf = (wallet: string) => {
        const owned = new Set(
          [...(result.meta.preTokenBalances ?? []), ...(result.meta.postTokenBalances ?? [])]
            .filter((b: any) => b.owner === wallet)
            .map((b: any) => keys[b.accountIndex]),
        );
        for (const x of entries) {
          if (isToken(x.programId) && /^(initializeAccount|approve|closeAccount)/.test(type(x) ?? '') && info(x).owner === wallet)
            owned.add(info(x).account ?? info(x).source);
        }
        return owned;
      };
      const owned = accountsOf(m[1]);
      const receiving = m[5] === undefined ? owned : accountsOf(m[5]);
      const moves = under(entries, entries[k]).filter(
        (x) => (isToken(x.programId) && /^transfer/.test(type(x) ?? '')) || (x.programId === SYSTEM && type(x) === 'transfer'),
      );
      const mintOf = (x: RawEntry) =>
        x.programId === SYSTEM
          ? WSOL
          : (info(x).mint ??
            [...(result.meta.postTokenBalances ?? []), ...(result.meta.preTokenBalances ?? [])].find(
              (b: any) => keys[b.accountIndex] === info(x).source || keys[b.accountIndex] === info(x).destination,
            )?.mint);
      if (paid !== null) {
        const out = moves.filter(
          (x) => (owned.has(info(x).source) || info(x).source === m[1]) && !owned.has(info(x).destination) && mintOf(x) === paid.mint,
        );
        assert.ok(out.length > 0, `the actor paid in the stated asset: ${sentence}`);
        assert.ok(
          out.some((x) => amountOf(info(x)) === paid.amount) || out.reduce((s, x) => s + amountOf(info(x))!, 0n) === paid.amount,
          `paid amount: ${sentence}`,
        );
      }
      // A bonding-curve sell pays its SOL without a transfer; the TradeEvent test covers it.
      if (got !== null && !(got.mint === WSOL && entries[k].raw.program === 'pump')) {
        const into = moves.filter((x) => receiving.has(info(x).destination) && mintOf(x) === got.mint);
        assert.ok(into.length > 0, `the actor received the stated asset: ${sentence}`);
        assert.ok(
          into.some(
            (x) =>
              amountOf(info(x)) === got.amount ||
              kept(result, entries, info(x).destination) === got.amount ||
              keptUnder(moves, info(x).destination) === got.amount,
          ),
          `received amount: ${sentence}`,
        );
      }
      checked++;
    });
    void signature;
  }
  assert.ok(checked >= 80 && legs >= 40, `${checked} checked, ${legs} of them legs`);
});

/** Aggregators: each venue they call is one leg of the route. */
const routers = new Set([
  'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
  'JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB',
  '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma',
  'routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS',
]);

/** The entry that invoked `e`: its top-level instruction, or the nearest shallower entry before it in its group. */
function callerOf(entries: RawEntry[], e: RawEntry): RawEntry | undefined {
  if (e.group === undefined) return undefined;
  const height = e.raw.stackHeight;
  if (height === 2) return entries[e.top];
  return entries.filter((x) => x.group === e.group && x.position! < e.position! && x.raw.stackHeight === height - 1).at(-1);
}

test('corpus: every venue a route called that moved tokens has its own trade sentence; the events a leg logs stay silent', () => {
  let legs = 0;
  let events = 0;
  for (const { signature, encoding, result } of corpus) {
    if (encoding !== 'jsonParsed' || result.meta.err !== null) continue;
    const out = summarizeTransaction(result);
    const entries = entriesOf(result);
    entries.forEach((e, k) => {
      const caller = callerOf(entries, e);
      if (caller === undefined || isToken(e.programId) || supportedNatives.has(e.programId)) return;
      const at = `${signature} #${k} ${e.raw.program ?? e.programId} ${type(e) ?? '(undecoded)'}`;
      if (caller.programId === e.programId || /^[A-Z]/.test(type(e) ?? '')) {
        assert.equal(out[k], null, `an event restates its caller's action: ${at}`);
        events++;
        return;
      }
      if (!routers.has(caller.programId)) return;
      const moved = under(entries, e).filter((x) => isToken(x.programId) && /^transfer/.test(type(x) ?? '') && amountOf(info(x)) !== 0n);
      if (moved.length === 0) return;
      assert.notEqual(out[k], null, `what a route called and that moved tokens: ${at}`);
      // Tokens out of one owner's account and others into another of its accounts: the leg traded.
      const owner = (account: string) => ownerOf(result, account);
      const traded = moved.some((a) =>
        moved.some((b) => owner(info(a).source) !== undefined && owner(info(a).source) === owner(info(b).destination) && a !== b),
      );
      if (!traded) return;
      assert.match(out[k]!, /^\S+ (swapped|bought|sold) \S.* for \S.* on [A-Z]/, `a leg of the route: ${at}`);
      legs++;
    });
  }
  assert.ok(legs >= 30 && events >= 60, `${legs} legs, ${events} events`);
});

test('corpus: native transfers, mints, burns, approvals and closes state their own arguments', () => {
  const seen = new Set<string>();
  for (const { signature, encoding, result } of corpus) {
    if (encoding !== 'jsonParsed') continue;
    const out = summarizeTransaction(result);
    const failed = result.meta.err !== null;
    const balances = [...(result.meta.preTokenBalances ?? []), ...(result.meta.postTokenBalances ?? [])];
    const keys = keysOf(result);
    const mintOf = (account: string) => balances.find((b: any) => keys[b.accountIndex] === account)?.mint;
    entriesOf(result).forEach((e, k) => {
      const i = info(e);
      const sentence = out[k];
      const at = `${signature} #${k}: ${sentence}`;
      const kind = `${isToken(e.programId) ? e.programId.slice(0, 6) : e.programId === SYSTEM ? 'system' : ''} ${type(e)}`;
      const expect = (actor: string, verb: string, ...parts: (string | undefined)[]) => {
        assert.ok(sentence !== null, `${kind} gets a sentence in ${signature}`);
        assert.ok(sentence.startsWith(`${actor} ${failed ? `failed to ${verb}` : ''}`), at);
        for (const p of parts) if (p !== undefined) assert.ok(sentence.includes(p), `${p} in ${at}`);
        seen.add(kind);
      };
      if (e.programId === SYSTEM && type(e) === 'transfer') expect(i.source, 'transfer', `${i.lamports} lamports`, i.destination);
      if (e.programId === SYSTEM && type(e) === 'createAccount')
        expect(i.source, 'create', i.newAccount, `${i.lamports} lamports`, i.owner);
      if (!isToken(e.programId)) return;
      const mint = i.mint || mintOf(i.source ?? i.account);
      const amount = i.amount ?? i.tokenAmount?.amount;
      const of = mint === WSOL ? `${amount} lamports` : mint === undefined ? String(amount) : ` of ${mint}`;
      switch (type(e)) {
        case 'transfer':
        case 'transferChecked':
          return expect(i.authority ?? i.multisigAuthority, 'transfer', String(amount), of, i.source, i.destination);
        case 'mintTo':
        case 'mintToChecked':
          return expect(i.mintAuthority ?? i.multisigMintAuthority, 'mint', String(amount), of, i.account);
        case 'burn':
        case 'burnChecked':
          return expect(i.authority ?? i.multisigAuthority, 'burn', String(amount), of, i.account);
        case 'approve':
          return expect(i.owner ?? i.multisigOwner, 'approve', i.delegate, String(amount), i.source);
        case 'closeAccount':
          return expect(i.owner ?? i.multisigOwner, 'close', i.account, i.destination);
      }
    });
  }
  for (const kind of [
    'system transfer',
    'system createAccount',
    'Tokenk transfer',
    'Tokenk transferChecked',
    'Tokenk mintTo',
    'Tokenk burn',
    'Tokenk approve',
    'Tokenk closeAccount',
    'Tokenz transferChecked',
    'Tokenz mintTo',
  ]) {
    assert.ok(seen.has(kind), `corpus covers ${kind}`);
  }
});

test('corpus: a failed transaction says so for every entry with a sentence, using its arguments', () => {
  let failedEntries = 0;
  for (const { signature, result } of corpus) {
    if (result.meta.err === null) continue;
    const entries = entriesOf(result);
    summarizeTransaction(result).forEach((sentence, k) => {
      if (sentence === null) return;
      failedEntries++;
      assert.match(sentence, /^\S+ failed to /, `${signature} #${k}`);
      const i = info(entries[k]);
      if (entries[k].raw.program === 'jupiter' && i.inAmount !== undefined)
        assert.ok(sentence.includes(` ${BigInt(i.inAmount)} `), `the route's input argument: ${sentence}`);
    });
  }
  assert.ok(failedEntries > 10, `${failedEntries}`);
});

// ---------------------------------------------------------------------------------------------
// Built transactions for programs the corpus lacks. Instruction data is encoded from the bundled
// description and decoded by explorerkit, so the field names are the gateway's own.

const address = (label: string) => encodeBase58(createHash('sha256').update(label).digest());

/** Borsh-encodes `value` for the handful of type shapes these instructions use. */
function encode(node: TypeNode, value: any, types: Map<string, any>): Uint8Array {
  switch (node.kind) {
    case 'int': {
      const b = new Uint8Array(node.bytes);
      let v = BigInt(value ?? 0);
      if (v < 0n) v += 1n << BigInt(8 * node.bytes);
      for (let i = 0; i < node.bytes; i++) b[i] = Number((v >> BigInt(8 * i)) & 0xffn);
      return b;
    }
    case 'bool':
      return Uint8Array.of(value ? 1 : 0);
    case 'pubkey':
      return decodeBase58(value)!;
    case 'option':
      return value === undefined || value === null
        ? new Uint8Array(node.tag)
        : concat(Uint8Array.of(1, ...new Uint8Array(node.tag - 1)), encode(node.item, value, types));
    case 'vec':
    case 'bytes':
      return new Uint8Array(4);
    case 'defined':
      return encode(types.get(node.name).type, value, types);
    case 'struct':
      return concat(...node.fields.map((f) => encode(f.type, value?.[camelCase(f.name)], types)));
    case 'enum': {
      const [name, inner] = Object.entries(value)[0] as [string, any];
      const variant = node.variants.find((v) => v.name === name)!;
      return concat(Uint8Array.of(variant.value), ...(variant.fields ?? []).map((f) => encode(f.type, inner[camelCase(f.name)], types)));
    }
    default:
      throw new Error(`no encoder for ${node.kind}`);
  }
}

const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

/** An undecoded jsonParsed entry for `programId`'s instruction `name`, its args and accounts by IDL name. */
function instruction(
  programId: string,
  name: string,
  args: Record<string, any>,
  accounts: Record<string, string>,
  stackHeight: number | null = null,
) {
  const { description } = registry.get(programId)!;
  const desc = description.instructions.find((ix) => ix.name === name)!;
  assert.ok(desc, `${programId} has ${name}`);
  for (const key of Object.keys(accounts))
    assert.ok(
      desc.accounts.some((a) => camelCase(a.name) === key),
      `${name} has account ${key}`,
    );
  const data = concat(desc.discriminator, ...desc.args.map((f) => encode(f.type, args[camelCase(f.name)], description.types)));
  // An account left out is passed as the program id, Anchor's way of omitting an optional account.
  return { accounts: desc.accounts.map((a) => accounts[camelCase(a.name)] ?? programId), data: encodeBase58(data), programId, stackHeight };
}

const system = (source: string, destination: string, lamports: number) => ({
  parsed: { info: { source, destination, lamports }, type: 'transfer' },
  program: 'system',
  programId: SYSTEM,
  stackHeight: 2,
});

const mintTo = (mint: string, account: string, amount: bigint, mintAuthority: string) => ({
  parsed: { info: { mint, account, amount: String(amount), mintAuthority }, type: 'mintTo' },
  program: 'spl-token',
  programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  stackHeight: 2,
});

interface Built {
  signers: string[];
  instructions: any[];
  inner?: any[][];
  err?: unknown;
  tokenBalances?: { account: string; mint: string; owner: string; decimals: number; pre: bigint; post: bigint }[];
}

/** A jsonParsed result around the instructions, enhanced as the gateway would. */
function built({ signers, instructions, inner = [], err = null, tokenBalances = [] }: Built): any {
  const named = new Set<string>(signers);
  for (const ix of [...instructions, ...inner.flat()]) {
    for (const a of ix.accounts ?? []) named.add(a);
    for (const v of Object.values(ix.parsed?.info ?? {}))
      if (typeof v === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(v)) named.add(v);
    named.add(ix.programId);
  }
  const keys = [...named];
  const balances = (when: 'pre' | 'post') =>
    tokenBalances.map((t) => ({
      accountIndex: keys.indexOf(t.account),
      mint: t.mint,
      owner: t.owner,
      uiTokenAmount: { amount: String(t[when]), decimals: t.decimals },
    }));
  return enhance({
    slot: 350_000_000,
    blockTime: 1_750_000_000,
    transaction: {
      signatures: ['1'.repeat(64)],
      message: {
        accountKeys: keys.map((pubkey) => ({ pubkey, signer: signers.includes(pubkey), source: 'transaction', writable: true })),
        instructions,
        recentBlockhash: address('blockhash'),
      },
    },
    meta: {
      err,
      fee: 5000,
      preBalances: keys.map(() => 10_000_000),
      postBalances: keys.map(() => 10_000_000),
      innerInstructions: inner.map((instructions, index) => ({ index, instructions })).filter((g) => g.instructions.length > 0),
      preTokenBalances: balances('pre'),
      postTokenBalances: balances('post'),
      logMessages: [],
    },
  });
}

const seller = address('seller');
const buyer = address('buyer');
const nftMint = address('nft mint');

test('Magic Eden: list, delist, bid and sale name the wallet, one token of the mint and the price', () => {
  const me = 'M2mx93ekt1fmXSVkTrUL9xVFHkmME8HTUi5Cyc5aF7K';
  const price = 209_000_000n;
  const list = built({
    signers: [seller],
    instructions: [
      instruction(
        me,
        'sell',
        { buyerPrice: price, tokenSize: 1n },
        { wallet: seller, tokenMint: nftMint, tokenAccount: address('seller ata') },
      ),
    ],
  });
  assert.equal(list.transaction.message.instructions[0].program, 'm2', 'explorerkit decoded the built instruction');
  assert.deepEqual(summarizeTransaction(list), [`${seller} listed 1 token of ${nftMint} for ${price} lamports on Magic Eden`]);

  const delist = built({
    signers: [seller],
    instructions: [instruction(me, 'cancelSell', { buyerPrice: price, tokenSize: 1n }, { wallet: seller, tokenMint: nftMint })],
  });
  assert.deepEqual(summarizeTransaction(delist), [`${seller} delisted 1 token of ${nftMint} on Magic Eden`]);

  const bid = built({
    signers: [buyer],
    instructions: [instruction(me, 'buyV2', { buyerPrice: 150_000_000n, tokenSize: 1n }, { wallet: buyer, tokenMint: nftMint })],
  });
  assert.deepEqual(summarizeTransaction(bid), [`${buyer} placed a bid of 150000000 lamports for 1 token of ${nftMint} on Magic Eden`]);

  const sale = (signer: string) =>
    built({
      signers: [signer],
      instructions: [instruction(me, 'executeSaleV2', { buyerPrice: price, tokenSize: 1n }, { buyer, seller, tokenMint: nftMint })],
    });
  assert.deepEqual(summarizeTransaction(sale(buyer)), [
    `${buyer} bought 1 token of ${nftMint} from ${seller} for ${price} lamports on Magic Eden`,
  ]);
  assert.deepEqual(summarizeTransaction(sale(seller)), [
    `${seller} sold 1 token of ${nftMint} to ${buyer} for ${price} lamports on Magic Eden`,
  ]);

  const failed = built({
    signers: [seller],
    err: { InstructionError: [0, { Custom: 6000 }] },
    instructions: list.transaction.message.instructions.map(() =>
      instruction(me, 'sell', { buyerPrice: price, tokenSize: 1n }, { wallet: seller, tokenMint: nftMint }),
    ),
  });
  assert.deepEqual(summarizeTransaction(failed), [`${seller} failed to list 1 token of ${nftMint} for ${price} lamports on Magic Eden`]);
});

test('Tensor: list, delist, buy (what the buyer sent), bid and take-bid', () => {
  const tswap = 'TSWAPaqyCSx2KABk68Shruf4rp7CxcNi8hAsbdwmHbN';
  const list = built({
    signers: [seller],
    instructions: [instruction(tswap, 'list', { price: 5_000_000_000n }, { owner: seller, nftMint, payer: seller })],
  });
  assert.deepEqual(summarizeTransaction(list), [`${seller} listed 1 token of ${nftMint} for 5000000000 lamports on Tensor`]);
  const delist = built({ signers: [seller], instructions: [instruction(tswap, 'delist', {}, { owner: seller, nftMint, payer: seller })] });
  assert.deepEqual(summarizeTransaction(delist), [`${seller} delisted 1 token of ${nftMint} on Tensor`]);

  // The buyer's payments under the instruction: price to the seller, a fee and a royalty.
  const payments = [
    system(buyer, seller, 4_900_000_000),
    system(buyer, address('fee vault'), 70_000_000),
    system(buyer, address('creator'), 30_000_000),
  ];
  const buy = built({
    signers: [buyer],
    instructions: [instruction(tswap, 'buySingleListing', { maxPrice: 5_100_000_000n }, { buyer, owner: seller, nftMint })],
    inner: [payments],
  });
  const paid = payments.reduce((s, p) => s + p.parsed.info.lamports, 0);
  assert.deepEqual(summarizeTransaction(buy).slice(0, 1), [
    `${buyer} bought 1 token of ${nftMint} from ${seller} for ${paid} lamports on Tensor`,
  ]);
  const failedBuy = built({
    signers: [buyer],
    err: { InstructionError: [0, { Custom: 6001 }] },
    instructions: [instruction(tswap, 'buySingleListing', { maxPrice: 5_100_000_000n }, { buyer, owner: seller, nftMint })],
  });
  assert.deepEqual(summarizeTransaction(failedBuy), [
    `${buyer} failed to buy 1 token of ${nftMint} from ${seller} for at most 5100000000 lamports on Tensor`,
  ]);

  const tbid = 'TB1Dqt8JeKQh7RLDzfYDJsq8KS4fS2yt87avRjyRxMv';
  const bid = built({
    signers: [buyer],
    instructions: [instruction(tbid, 'bid', { lamports: 3_000_000_000n }, { bidder: buyer, nftMint })],
  });
  assert.deepEqual(summarizeTransaction(bid), [`${buyer} placed a bid of 3000000000 lamports for 1 token of ${nftMint} on Tensor`]);
  const take = built({
    signers: [seller],
    instructions: [instruction(tbid, 'takeBid', { lamports: 3_000_000_000n }, { seller, bidder: buyer, nftMint })],
  });
  assert.deepEqual(summarizeTransaction(take), [
    `${seller} sold 1 token of ${nftMint} to ${buyer} for at least 3000000000 lamports on Tensor`,
  ]);
});

test('Metaplex: mint, transfer and burn of an NFT, its decimals from the token balances', () => {
  const mpl = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';
  const token = address('nft token account');
  const nft = [{ account: token, mint: nftMint, owner: seller, decimals: 0, pre: 0n, post: 1n }];
  const mint = built({
    signers: [seller],
    tokenBalances: nft,
    instructions: [
      instruction(
        mpl,
        'Mint',
        { mintArgs: { V1: { amount: 1n } } },
        { token, tokenOwner: seller, mint: nftMint, authority: seller, payer: seller },
      ),
    ],
  });
  assert.deepEqual(summarizeTransaction(mint), [`${seller} minted 1 token of ${nftMint} to ${seller} on Metaplex`]);
  const transfer = built({
    signers: [seller],
    tokenBalances: [{ ...nft[0], pre: 1n, post: 0n }],
    instructions: [
      instruction(
        mpl,
        'Transfer',
        { transferArgs: { V1: { amount: 1n } } },
        {
          token,
          tokenOwner: seller,
          destinationOwner: buyer,
          destination: address('buyer ata'),
          mint: nftMint,
          authority: seller,
          payer: seller,
        },
      ),
    ],
  });
  assert.deepEqual(summarizeTransaction(transfer), [`${seller} transferred 1 token of ${nftMint} from ${seller} to ${buyer} on Metaplex`]);
  const burn = built({
    signers: [seller],
    tokenBalances: [{ ...nft[0], pre: 1n, post: 0n }],
    instructions: [instruction(mpl, 'Burn', { burnArgs: { V1: { amount: 1n } } }, { authority: seller, mint: nftMint, token })],
  });
  assert.deepEqual(summarizeTransaction(burn), [`${seller} burned 1 token of ${nftMint} on Metaplex`]);
});

test('Marinade and SPL stake pools: deposits report the pool tokens minted, unstakes the SOL paid', () => {
  const marinade = 'MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD';
  const msol = 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So';
  const user = address('staker');
  const userMsol = address('staker msol');
  const deposit = built({
    signers: [user],
    instructions: [
      instruction(marinade, 'deposit', { lamports: 1_000_000_000n }, { transferFrom: user, mintTo: userMsol, msolMint: msol }),
    ],
    inner: [[system(user, address('reserve'), 1_000_000_000), mintTo(msol, userMsol, 871_234_567n, address('msol authority'))]],
  });
  assert.equal(summarizeTransaction(deposit)[0], `${user} staked 1000000000 lamports for 871234567 of ${msol} on Marinade`);
  const unstake = built({
    signers: [user],
    instructions: [
      instruction(
        marinade,
        'liquidUnstake',
        { msolAmount: 500_000_000n },
        { getMsolFromAuthority: user, getMsolFrom: userMsol, transferSolTo: user, msolMint: msol },
      ),
    ],
    inner: [[system(address('liq pool sol leg'), user, 571_000_000)]],
  });
  assert.equal(summarizeTransaction(unstake)[0], `${user} unstaked 500000000 of ${msol} for 571000000 lamports on Marinade`);

  const pool = 'SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy';
  const jitoSol = 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn';
  const userJito = address('staker jitosol');
  const stakePool = address('stake pool');
  const depositSol = built({
    signers: [user],
    instructions: [
      instruction(
        pool,
        'depositSol',
        { depositAmount: 2_000_000_000n },
        { stakePool, depositer: user, userAccount: userJito, poolTokenMint: jitoSol },
      ),
    ],
    inner: [
      [system(user, address('pool reserve'), 2_000_000_000), mintTo(jitoSol, userJito, 1_745_000_000n, address('pool withdraw authority'))],
    ],
  });
  assert.equal(
    summarizeTransaction(depositSol)[0],
    `${user} deposited 2000000000 lamports for 1745000000 of ${jitoSol} into stake pool ${stakePool} on SPL Stake Pool`,
  );
  const newStake = address('new stake account');
  const withdraw = built({
    signers: [user],
    instructions: [
      instruction(
        pool,
        'withdrawStake',
        { amount: 1_000_000_000n },
        { stakePool, userTransferAuthority: user, uninitializedStakeAccount: newStake, poolTokenMintAccount: jitoSol, userAccount: user },
      ),
    ],
  });
  assert.equal(
    summarizeTransaction(withdraw)[0],
    `${user} redeemed 1000000000 of ${jitoSol} for stake account ${newStake} from stake pool ${stakePool} on SPL Stake Pool`,
  );
});

const transferChecked = (source: string, destination: string, mint: string, amount: bigint, authority: string) => ({
  parsed: { info: { source, destination, mint, authority, tokenAmount: { amount: String(amount), decimals: 6 } }, type: 'transferChecked' },
  program: 'spl-token',
  programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  stackHeight: 2,
});

test('PumpSwap sell: the base tokens that left the user and the wrapped SOL that reached it', () => {
  const pumpSwap = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA';
  const user = address('trader');
  const pool = address('pool');
  const coin = address('coin mint');
  const [userBase, userQuote, poolBase, poolQuote] = ['user base', 'user quote', 'pool base', 'pool quote'].map(address);
  const sold = 1_234_000_000n;
  const proceeds = 5_678_901n;
  const sell = built({
    signers: [user],
    tokenBalances: [
      { account: userBase, mint: coin, owner: user, decimals: 6, pre: sold, post: 0n },
      { account: userQuote, mint: WSOL, owner: user, decimals: 9, pre: 0n, post: proceeds },
    ],
    instructions: [
      instruction(
        pumpSwap,
        'sell',
        { baseAmountIn: sold, minQuoteAmountOut: 5_000_000n },
        {
          pool,
          user,
          baseMint: coin,
          quoteMint: WSOL,
          userBaseTokenAccount: userBase,
          userQuoteTokenAccount: userQuote,
          poolBaseTokenAccount: poolBase,
          poolQuoteTokenAccount: poolQuote,
        },
      ),
    ],
    inner: [[transferChecked(userBase, poolBase, coin, sold, user), transferChecked(poolQuote, userQuote, WSOL, proceeds, pool)]],
  });
  assert.equal(summarizeTransaction(sell)[0], `${user} sold ${sold} of ${coin} for ${proceeds} lamports on PumpSwap`);
  const failed = built({
    signers: [user],
    err: { InstructionError: [0, { Custom: 6004 }] },
    instructions: sell.transaction.message.instructions.map(() =>
      instruction(pumpSwap, 'sell', { baseAmountIn: sold, minQuoteAmountOut: 5_000_000n }, { pool, user, baseMint: coin, quoteMint: WSOL }),
    ),
  });
  assert.equal(summarizeTransaction(failed)[0], `${user} failed to sell ${sold} of ${coin} for at least 5000000 lamports on PumpSwap`);
});

test('Compute Budget: each setting states its value, read from the arguments the bundled IDL decodes', () => {
  const budget = 'ComputeBudget111111111111111111111111111111';
  const payer = address('payer');
  const result = built({
    signers: [payer],
    instructions: [
      instruction(budget, 'setComputeUnitLimit', { units: 200_000 }, {}),
      instruction(budget, 'setComputeUnitPrice', { microLamports: 50_000n }, {}),
      instruction(budget, 'requestHeapFrame', { bytes: 65_536 }, {}),
      instruction(budget, 'setLoadedAccountsDataSizeLimit', { accountDataSizeLimit: 262_144 }, {}),
    ],
  });
  assert.deepEqual(summarizeTransaction(result), [
    `${payer} set the compute unit limit to 200000 units on Compute Budget`,
    `${payer} set the compute unit price to 50000 micro-lamports on Compute Budget`,
    `${payer} requested a heap frame of 65536 bytes on Compute Budget`,
    `${payer} set the loaded accounts data size limit to 262144 bytes on Compute Budget`,
  ]);
});

test("corpus: a Hyperlane warp-route transfer states what the sender's account paid into the route and the destination domain", () => {
  let seen = 0;
  for (const { signature, encoding, result } of corpus) {
    if (encoding !== 'jsonParsed') continue;
    const out = summarizeTransaction(result);
    const entries = entriesOf(result);
    entries.forEach((e, k) => {
      if (e.programId !== '3EpVCPUgyjq2MfGeCttyey6bs5zya5wjYZ2BE6yDg6bm' || type(e) !== 'transferRemote') return;
      const i = info(e);
      const paid = under(entries, e).filter(
        (x) => isToken(x.programId) && /^transfer/.test(type(x) ?? '') && info(x).authority === i.sender,
      );
      assert.equal(paid.length, 1, signature);
      const m = /^(\S+) sent (.+) to Hyperlane domain (\d+) on Hyperlane Warp Route$/.exec(out[k] ?? '');
      assert.ok(m, `${signature} #${k}: ${out[k]}`);
      const transfer = info(paid[0]);
      assert.deepEqual(
        [m[1], parseAsset(m[2]), m[3]],
        [i.sender, { amount: amountOf(transfer), mint: transfer.mint }, String(i.destinationDomain)],
        signature,
      );
      seen++;
    });
  }
  assert.equal(seen, 2);
});

test('corpus: a token-swap deposit states the two assets that left the depositor and the LP tokens minted to it', () => {
  const swaps = new Set([
    'SwaPpA9LAaLfeLi3a68M4DjnLqgtticKg6CnyNwgAC8',
    'DjVE6JNiYqPL2QXyCUUh8rNjHrbz9hXHNYt99MQ59qw1',
    '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP',
  ]);
  let seen = 0;
  for (const { signature, encoding, result } of corpus) {
    if (encoding !== 'jsonParsed' || result.meta.err !== null) continue;
    const out = summarizeTransaction(result);
    const entries = entriesOf(result);
    entries.forEach((e, k) => {
      if (!swaps.has(e.programId) || type(e) !== 'depositAllTokenTypes') return;
      const i = info(e);
      const below = under(entries, e);
      const paid = (account: string) =>
        below.find((x) => isToken(x.programId) && /^transfer/.test(type(x) ?? '') && info(x).source === account);
      const minted = below.find((x) => isToken(x.programId) && /^mintTo/.test(type(x) ?? '') && info(x).account === i.destination);
      const m = /^(\S+) deposited (.+) and (.+) into pool (\S+) for (.+) on .+$/.exec(out[k] ?? '');
      assert.ok(m && minted, `${signature} #${k}: ${out[k]}`);
      assert.equal(m[1], i.userTransferAuthority);
      assert.equal(m[4], i.swap);
      assert.deepEqual(
        [parseAsset(m[2])?.amount, parseAsset(m[3])?.amount],
        [amountOf(info(paid(i.sourceA)!)), amountOf(info(paid(i.sourceB)!))],
      );
      assert.deepEqual(parseAsset(m[5]), { amount: amountOf(info(minted)), mint: i.poolMint });
      seen++;
    });
  }
  assert.equal(seen, 1);
});

test('answers without instructions to read (null, binary encodings) give no entries and no exception', () => {
  assert.deepEqual(summarizeTransaction(null), []);
  assert.deepEqual(summarizeTransaction({ transaction: ['AQID', 'base64'], meta: { err: null } }), []);
});

test('entries nothing covers get null: undecoded instructions and events', () => {
  const unknownProgram = address('some program');
  const result = built({
    signers: [seller],
    instructions: [{ accounts: [seller], data: '3Bxs4h24hBtQy9rw', programId: unknownProgram, stackHeight: null }],
  });
  assert.deepEqual(summarizeTransaction(result), [null]);
  for (const { result: r } of corpus) {
    const entries = entriesOf(r);
    summarizeTransaction(r).forEach((sentence, k) => {
      const t = type(entries[k]);
      if (/Event$/.test(t ?? '')) assert.equal(sentence, null, `${t}`);
    });
  }
});

test('set-up steps nobody signs are told for the fee payer, with the accounts they set up', () => {
  const told = new Map<string, number>();
  for (const { signature, encoding, result } of corpus) {
    const entries = entriesOf(result);
    // Read from the jsonParsed twin in both encodings: a json entry's fields are its bytes.
    const twin = encoding === 'json' ? entriesOf(fromLedger(signature, 'jsonParsed')) : entries;
    const failed = result.meta.err !== null;
    summarizeTransaction(result).forEach((sentence, k) => {
      const t = type(twin[k]);
      if (
        !isToken(twin[k].programId) ||
        !/^(initializeAccount\d?|initializeMint2?|initializeImmutableOwner|syncNative|getAccountDataSize)$/.test(t ?? '')
      )
        return;
      const where = `${signature} (${encoding}) #${k} ${t}`;
      assert.ok(sentence !== null, where);
      assert.ok(sentence.startsWith(`${keysOf(result)[0]} ${failed ? 'failed to ' : ''}`), `the fee payer acts: ${where}: ${sentence}`);
      const i = info(twin[k]);
      for (const named of [i.account, i.owner, i.mintAuthority, i.freezeAuthority].filter((a) => typeof a === 'string')) {
        assert.ok(sentence.includes(named), `${named} named: ${where}: ${sentence}`);
      }
      if (i.mint !== undefined && i.mint !== WSOL && !/^initializeMint/.test(t!)) {
        assert.ok(
          sentence.includes(i.mint) || sentence.includes(` for ${knownSymbol(i.mint)} `),
          `mint or its symbol: ${where}: ${sentence}`,
        );
      }
      if (/^initializeMint/.test(t!)) assert.ok(sentence.includes(`with ${i.decimals} decimals`), where);
      told.set(t!, (told.get(t!) ?? 0) + 1);
    });
  }
  for (const t of [
    'initializeAccount',
    'initializeAccount3',
    'initializeMint2',
    'initializeImmutableOwner',
    'syncNative',
    'getAccountDataSize',
  ]) {
    assert.ok((told.get(t) ?? 0) > 0, `the corpus has ${t} told`);
  }
});

test('stake authority changes are told for the authority that authorized them (a signer, or an address a program signs for by seeds)', () => {
  let seen = 0;
  for (const { signature, encoding, result } of corpus) {
    const twin = encoding === 'json' ? entriesOf(fromLedger(signature, 'jsonParsed')) : entriesOf(result);
    summarizeTransaction(result).forEach((sentence, k) => {
      if (twin[k].programId !== 'Stake11111111111111111111111111111111111111' || !/^authorize/.test(type(twin[k]) ?? '')) return;
      const i = info(twin[k]);
      assert.equal(
        sentence,
        `${i.authority} set the ${String(i.authorityType).toLowerCase()} authority of stake account ${i.stakeAccount} to ${i.newAuthority} on Stake Program`,
      );
      assert.ok(keysOf(result).includes(i.authority));
      seen++;
    });
  }
  assert.ok(seen >= 6, `${seen}`);
});

test('Token-2022 metadata updates are told for the update authority, the field and value quoted as the node writes them', () => {
  const token2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
  const authority = address('update authority');
  const metadata = address('metadata');
  const parsed = (type: string, info: Record<string, unknown>) => ({
    parsed: { type, info },
    program: 'spl-token-2022',
    programId: token2022,
    stackHeight: null,
  });
  const result = built({
    signers: [authority],
    instructions: [
      parsed('updateTokenMetadataField', { metadata, updateAuthority: authority, field: 'uri', value: 'https://example.org/"x".json' }),
      parsed('updateTokenMetadataField', { metadata, updateAuthority: authority, field: 'website', value: 'example.org' }),
      parsed('updateTokenMetadataAuthority', { metadata, updateAuthority: authority, newAuthority: seller }),
      parsed('updateTokenMetadataAuthority', { metadata, updateAuthority: authority, newAuthority: null }),
    ],
  });
  assert.deepEqual(summarizeTransaction(result), [
    `${authority} set "uri" of metadata ${metadata} to "https://example.org/\\"x\\".json" on SPL Token-2022`,
    `${authority} set "website" of metadata ${metadata} to "example.org" on SPL Token-2022`,
    `${authority} set the update authority of metadata ${metadata} to ${seller} on SPL Token-2022`,
    `${authority} removed the update authority of metadata ${metadata} on SPL Token-2022`,
  ]);
});

test('Stake initialize is told for the fee payer, with the authorities it sets', () => {
  const payer = address('payer');
  const stakeAccount = address('stake account');
  const staker = address('staker');
  const withdrawer = address('withdrawer');
  const stake = (type: string, info: Record<string, unknown>) => ({
    parsed: { type, info },
    program: 'stake',
    programId: 'Stake11111111111111111111111111111111111111',
    stackHeight: null,
  });
  const result = built({
    signers: [payer, withdrawer],
    instructions: [
      stake('initialize', {
        stakeAccount,
        rentSysvar: 'SysvarRent111111111111111111111111111111111',
        authorized: { staker, withdrawer },
        lockup: { unixTimestamp: 0, epoch: 0, custodian: '11111111111111111111111111111111' },
      }),
      stake('initializeChecked', { stakeAccount, rentSysvar: 'SysvarRent111111111111111111111111111111111', staker, withdrawer }),
    ],
  });
  const told = `${payer} initialized stake account ${stakeAccount} with staker ${staker} and withdrawer ${withdrawer} on Stake Program`;
  assert.deepEqual(summarizeTransaction(result), [told, told]);
});
