/**
 * Recorded mainnet answers from other parsers' tests, judged by what those tests assert.
 * 0xjeffro/tx-parser's Go tests state instruction arguments and accounts for its eight recordings
 * that the corpus does not hold; each is compared with the entry we decode (their names in
 * camelCase, as ours are). jowency-me/solana-tx-parser's 125 April 2026 recordings assert only
 * what kind of transaction each is, so they measure coverage: which non-native entries decode.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceTransaction } from '../src/enhance/transaction.js';
import { projectRoot } from '../src/paths.js';
import { nodeParsedInstructionPrograms } from '../src/transaction-result/node-parsed.js';
import { asJsonParsed } from './support/recorded-answer.js';

const registry = loadBundledRegistry();
const fixtures = join(projectRoot, 'test', 'fixtures');

interface Entry {
  programId: string;
  program?: string;
  parsed?: { type?: string; info?: Record<string, unknown> };
}

/** Top-level entries and, under each, its inner entries, as enhanced. */
function enhanced(result: unknown): { top: Entry; inner: Entry[] }[] {
  const answer = JSON.parse(enhanceTransaction(JSON.stringify({ jsonrpc: '2.0', result, id: 1 }), registry)).result;
  const groups = new Map<number, Entry[]>(
    (answer.meta?.innerInstructions ?? []).map((g: { index: number; instructions: Entry[] }) => [g.index, g.instructions]),
  );
  return (answer.transaction.message.instructions as Entry[]).map((top, i) => ({ top, inner: groups.get(i) ?? [] }));
}

const jeffro = (file: string) => {
  const [result] = JSON.parse(readFileSync(join(fixtures, '0xjeffro-tx-parser', file), 'utf8'));
  return enhanced(asJsonParsed(result.transaction.signatures[0], 'json', JSON.stringify(result)));
};

/** The one entry of `program` with instruction `type`, top-level or inner. */
function only(entries: { top: Entry; inner: Entry[] }[], program: string, type: string): Record<string, unknown> {
  const found = entries.flatMap((e) => [e.top, ...e.inner]).filter((e) => e.programId === program && e.parsed?.type === type);
  assert.equal(found.length, 1, `one ${type} of ${program}`);
  return found[0].parsed?.info ?? {};
}

const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const DCA = 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M';
const RAYDIUM_AMM_V4 = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';
const OKX = '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma';
const PUMP = '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const WSOL = 'So11111111111111111111111111111111111111112';

test('0xjeffro/tx-parser: Jupiter DCA openDcaV2 and closeDca, every argument and account its test states', () => {
  const open = only(jeffro('jupiterDca_openDcaV2_1.json'), DCA, 'openDcaV2');
  assert.deepEqual(
    {
      dca: open.dca,
      user: open.user,
      payer: open.payer,
      inputMint: open.inputMint,
      outputMint: open.outputMint,
      userAta: open.userAta,
      inAta: open.inAta,
      outAta: open.outAta,
      inAmount: open.inAmount,
      inAmountPerCycle: open.inAmountPerCycle,
      cycleFrequency: open.cycleFrequency,
      minOutAmount: open.minOutAmount,
      maxOutAmount: open.maxOutAmount,
      startAt: open.startAt,
    },
    {
      dca: 'GxMofmfnZw6ia9DE2KoqjgEd1vp7VuSrhqYqLWLW6bXf',
      user: '4vYWDeg6NHUt1VoUZoV8RqZA51AUEd4VCCghA4arfuH7',
      payer: '4vYWDeg6NHUt1VoUZoV8RqZA51AUEd4VCCghA4arfuH7',
      inputMint: USDC,
      outputMint: '63LfDmNb3MQ8mw9MtZ2To9bEA2M71kZUUGq5tiJxcqj9',
      userAta: '92Q2QXq4oJBsi1a5KWPLVPaFqbrKYKX6USArFeyyrBma',
      inAta: '69Z3oyToqfVhw4b5qzW4zdu4QV5UMfhN5wG9J2qxoXQp',
      outAta: '3Gfqf1vRXqd7V6VTn9sgdLzJEqfRUueDMKHv8CUGL1ud',
      inAmount: '500000000',
      inAmountPerCycle: '25000000',
      cycleFrequency: '300',
      minOutAmount: '119047619',
      maxOutAmount: '138888888',
      startAt: '0',
    },
  );
  const close = only(jeffro('jupiterDca_CloseDca_0.json'), DCA, 'closeDca');
  assert.deepEqual(
    [close.user, close.dca, close.inputMint, close.outputMint, close.inAta, close.outAta, close.userInAta, close.userOutAta],
    [
      '3k2pJD3FtFT8zZLoYRgHEQgays1jYs6LYCKi5MWNPLKJ',
      '565uLdnjfP69rUpGuE7d5rB65V6BoqYknnWrFdt5ebFk',
      '6T44rfi9BDUdZbEvVddZWVfsGrpC6N1sSSKYnCsLpump',
      'AiYhnwWiqbdSiEHgAzqrurcdoZx4V21mnuMt5ps2pump',
      'HQpRWqAzEUsnNZR3tt8tpHHk7yyw4Q9sJQ27ZQLQ6hoz',
      '4zVid4YvihF4zeQd6RvVNMui7tesa3Jsjmuqvfovx898',
      '4TQuSH6cQUHFZUxYPX4neGLXZXfR4gqWB9442aoPqDoJ',
      'GMjhyph1BXpt6qQV1MmeD1gzdR7GASJFjNo2CBgZj2wa',
    ],
  );
});

test('0xjeffro/tx-parser: Jupiter route and sharedAccountsRoute, who swaps and how much goes in', () => {
  // Its RouteAction: Who, FromTokenAmount and ToToken; the route's destination mint is the last.
  const route = only(jeffro('jupiterAggregatorV6_Route_2.json'), JUPITER, 'route');
  assert.deepEqual(
    [route.userTransferAuthority, route.inAmount, route.destinationMint],
    ['63EazyqF9nJN8SdGTMUaLrRKxS3XnmUiFuDp5KZ9wEV8', '100000000', WSOL],
  );
  const shared = only(jeffro('jupiterAggregatorV6_sharedAccountsRoute_1.json'), JUPITER, 'sharedAccountsRoute');
  assert.deepEqual(
    [shared.userTransferAuthority, shared.inAmount, shared.sourceMint, shared.destinationMint],
    ['AVYG9UHetNHT1FEDPLv9pN2sCCH4CLsjvkzGjVXBfEiS', '100000000', USDC, 'oreoN2tQbHXVaZsr3pf66A48miqcBXCDJozganhEJgz'],
  );
});

test('0xjeffro/tx-parser: Raydium AMM v4 swapBaseIn, OKX router swaps and a pump.fun buy under Photon, as stated', () => {
  const raydium = only(jeffro('raydiumLiquidityPoolV4_swap_2.json'), RAYDIUM_AMM_V4, 'swapBaseIn');
  assert.deepEqual([raydium.amountIn, raydium.minimumAmountOut], ['22254340082', '1']);
  // Its Who is the swap's owner, the signer our description names userSourceOwner.
  assert.equal(raydium.userSourceOwner, 'orcACRJYTFjTeo2pV8TfYRTpmqfoYgbVi9GeANXTCc8');

  const swap2 = only(jeffro('OKXDEX_swap_2.json'), OKX, 'swap2');
  const data = swap2.data as Record<string, unknown>;
  assert.deepEqual(
    [data.amountIn, swap2.sourceMint, swap2.destinationMint],
    ['58882325154', 'HjhCs97TBaJBfaJf3ukzs8CEsGApYjgz88wrhdTPpump', WSOL],
  );
  // Its FromTokenAmount (250 000 000) is before the 30 bps commission the instruction takes first.
  const proxy = only(jeffro('OKXDEX_commissionSplProxySwap.json'), OKX, 'commissionSplProxySwap');
  assert.deepEqual(
    [proxy.payer, proxy.sourceMint, proxy.destinationMint, proxy.commissionRate, (proxy.data as Record<string, unknown>).amountIn],
    ['GKj54MVFppoYsxPU9jMn7CMniVRAuveFadyTtFhn1vXy', USDC, 'DKu9kykSfbN5LBfFXtNNDPaX35o4Fv6vJ9FKk7pZpump', 30, '249250000'],
  );
  assert.equal(250_000_000 - (250_000_000 * 30) / 10_000, 249_250_000);

  // Photon's own program is not described; the pump.fun buy it makes is: ToToken and its amount.
  const buy = only(jeffro('photon_pumpfun_buy_0.json'), PUMP, 'buy');
  assert.deepEqual(
    [buy.user, buy.mint, buy.amount],
    ['DfMxre4cKmvogbLrPigxmibVTTQDuzjdXojWzjCXXhzj', 'HQ4SzFMwYo8TXds1bHD2TvZdL7S75hK8w775rWrVpump', '5609742876530'],
  );
  const trade = only(jeffro('photon_pumpfun_buy_0.json'), PUMP, 'TradeEvent');
  // FromTokenAmount and PumpfunFeeAmount: the SOL the curve took, and 1% of it.
  assert.equal(trade.solAmount, '392079207');
  assert.equal(Math.floor(392079207 / 100), 3920792);
});

test('jowency-me/solana-tx-parser (April 2026): decoded share of non-native entries, and the programs no description covers', () => {
  const dir = join(fixtures, 'jowency-solana-tx-parser');
  let entries = 0;
  let decoded = 0;
  const undescribed = new Map<string, number>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const { top, inner } of enhanced(asJsonParsed(fixture.signature, 'base64', JSON.stringify(fixture.raw)))) {
      for (const e of [top, ...inner]) {
        if (nodeParsedInstructionPrograms.has(e.programId) || e.programId.endsWith('SigVerify1111111111111111111111111')) continue;
        entries++;
        if (e.program !== undefined && e.parsed !== undefined) decoded++;
        else if (registry.versions(e.programId).length === 0) undescribed.set(e.programId, (undescribed.get(e.programId) ?? 0) + 1);
      }
    }
  }
  // 831 entries; 665 decode (OKX router 2's token-ledger swaps and their events, 10 entries, since
  // OKX's dex_solana_v3 IDL). Of the 166 left, 154 are of 53 programs no public IDL is bundled for
  // (README.md there lists them), the rest the 3 entries of test/log-names.test.ts and the 9 of a
  // transaction refused before it ran.
  assert.equal(entries, 831);
  assert.equal(decoded, 665);
  assert.equal(
    [...undescribed.values()].reduce((a, b) => a + b, 0),
    831 - 665 - 3 - 9,
  );
  assert.equal(undescribed.size, 53);
});
