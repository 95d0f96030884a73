/**
 * Recorded mainnet answers from other parsers' tests, judged by what those tests assert.
 * 0xjeffro/tx-parser's Go tests state instruction arguments and accounts for its eight recordings
 * that the corpus does not hold; each is compared with the entry we decode (their names in
 * camelCase, as ours are). jowency-me/solana-tx-parser's 125 April 2026 recordings assert only
 * what kind of transaction each is, so they measure coverage: which non-native entries decode.
 * solana-streamer's Rust tests state the pump.fun, PumpSwap and Raydium LaunchLab (Bonk) events of
 * its six July 2025 recordings, with the instruction accounts and arguments its parser adds to them.
 * ryoid/anchores's vitest tests state every Jupiter SwapEvent of its eleven June 2024 routes and the
 * Meteora DLMM swap and Swap event of its twelfth.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhancedResult } from './support/enhanced.js';
import { projectRoot } from '../src/paths.js';
import { nodeParsedInstructionPrograms } from '../src/transaction-result/node-parsed.js';
import { anchoresAnswers, asJsonParsed, solanaStreamerAnswer, solanaStreamerSignatures } from './support/recorded-answer.js';

const registry = loadBundledRegistry();
const TITAN = 'T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT';
const fixtures = join(projectRoot, 'test', 'fixtures');

interface Entry {
  programId: string;
  program?: string;
  parsed?: { type?: string; info?: Record<string, unknown> };
}

/** Top-level entries and, under each, its inner entries, as enhanced. */
function enhanced(result: unknown): { top: Entry; inner: Entry[] }[] {
  const answer = enhancedResult(result, registry);
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
const JUPITER_V2 = 'JUP2jxvXaqu7NQY1GmNF4m1vodw12LVXYxbFL2uJvfo';
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

const PUMP_AMM = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA';
const LAUNCHLAB = 'LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj';
const METEORA_DLMM = 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo';
const streamer = (file: string) => enhanced(solanaStreamerAnswer(file));

/** Picks `keys` of an entry's info, so one assertion shows every stated value that differs. */
const pick = (info: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, info[k]]));

test('solana-streamer (July 2025): pump.fun buys, the TradeEvent and the buy accounts and arguments its tests state', () => {
  // tests/pumpfun_parsers.rs: its trade event is the TradeEvent with the buy's accounts and
  // arguments added (max_sol_cost, min_sol_output 0 for a buy, amount); is_bot and
  // is_dev_create_token_trade are its own flags, not the program's.
  const cases = [
    {
      file: 'pumpfun_cpi_tx.json',
      event: {
        mint: 'Ac9UhxTAvhbqC6e9LbKvHkMgtBt8kZSpmRQrVBqJpump',
        solAmount: '98019',
        tokenAmount: '1864792795',
        isBuy: true,
        user: 'DRUujjQPsCqNFnaqY1c6FaSbDsS6BwLqm7hGPUMaJPF6',
        timestamp: '1753747643',
        virtualSolReserves: '41133990957',
        virtualTokenReserves: '782564474266348',
        realSolReserves: '11133990957',
        realTokenReserves: '502664474266348',
        feeRecipient: '62qc2CNXwrYqQScmEdiZFFAnJR262PxWEuNQtxfafNgV',
        feeBasisPoints: '95',
        fee: '932',
        creator: '3RUXFybjGtpQ49418Kcx1yaqgEeghrX3NvAwZPZxothu',
        creatorFeeBasisPoints: '5',
        creatorFee: '50',
      },
      buy: {
        bondingCurve: '5YRpiJSMQwnG3Jpq1byRGedtXgrKQx2dJnsR1ZcDz3pH',
        associatedBondingCurve: 'ERwVHpVisT7WHFLGKKqXzWibxuP3dKVz75MYhdxXj31J',
        associatedUser: '3tUeBaJjPvzr2Ny71ShTrvNbaHvbwiCxCvDC8YKzq6JY',
        creatorVault: 'FKTHRr1NfAdGJHgfM5k3TsmXaTVQ74gNgS2AiYKjrXwT',
        maxSolCost: '99979',
        amount: '1864792795',
      },
    },
    {
      file: 'pumpfun_direct_tx.json',
      event: {
        mint: '7k2255ueF3Ecnnjf9odEu7so3gmXKS8E29atDWmFpump',
        solAmount: '129814469',
        tokenAmount: '2878556000000',
        isBuy: true,
        user: '3HeEuccBzrTvWBvQGuiVgqbJcCpzTd4mFZjbKQoz5BYg',
        timestamp: '1753751878',
        virtualSolReserves: '38165815301',
        virtualTokenReserves: '843424927552285',
        realSolReserves: '8165815301',
        realTokenReserves: '563524927552285',
        feeRecipient: 'CebN5WGQ4jvEPvsVU4EoHEpgzq1VV7AbicfhtW4xC9iM',
        feeBasisPoints: '95',
        fee: '1233238',
        creator: '3JCST4EZJoJT6rJhjNn6e4KRK2pg79JoAye7zdCPMMdK',
        creatorFeeBasisPoints: '5',
        creatorFee: '64908',
      },
      buy: {
        bondingCurve: '9A5TEByiBsj1RXZfe6cDr3tLn89vXtrZ11QsFWf13Njm',
        associatedBondingCurve: 'DNvVRTVBPVzQymdBJasyEhycJazS4pLTvpR9XNPADqvN',
        associatedUser: 'BCQfw1AGhiDr4gaFsLoYiUZh9GABSJopsWV5o9AyhZek',
        creatorVault: 'ib3XMvvrzqqrzvt2ejXQmToEBjQsaP157xRhKtAAQYj',
        maxSolCost: '195000000',
        amount: '2878556000000',
      },
    },
  ];
  for (const { file, event, buy } of cases) {
    const entries = streamer(file);
    assert.deepEqual(pick(only(entries, PUMP, 'TradeEvent'), Object.keys(event)), event, file);
    assert.deepEqual(pick(only(entries, PUMP, 'buy'), Object.keys(buy)), buy, file);
  }
});

test('solana-streamer (July 2025): PumpSwap buy and sell events, and the instruction accounts its tests add to them', () => {
  // tests/pumpswap_parsers.rs: the event's own fields, then base and quote mint, the pool's token
  // accounts and the coin creator's vault ATA and authority, read from the instruction's accounts.
  const buyEntries = streamer('pumpswap_cpi_tx.json');
  const buyEvent = {
    timestamp: '1753789195',
    baseAmountOut: '5544465819',
    maxQuoteAmountIn: '963427853',
    userBaseTokenReserves: '1',
    userQuoteTokenReserves: '2856323143',
    poolBaseTokenReserves: '30819310537017',
    poolQuoteTokenReserves: '5338304399191',
    quoteAmountIn: '960546212',
    lpFeeBasisPoints: '20',
    lpFee: '1921093',
    protocolFeeBasisPoints: '5',
    protocolFee: '480274',
    quoteAmountInWithLpFee: '962467305',
    userQuoteAmountIn: '963427853',
    coinCreatorFeeBasisPoints: '5',
    coinCreatorFee: '480274',
    pool: '4w2cysotX6czaUGmmWg13hDpY4QEMG2CzeKYEQyK9Ama',
    user: '6TYDxGmVxkBPBmEfnmLXx6jVff9LknsjRHqdTjVyZmG8',
    userBaseTokenAccount: '4yFkSKTzpbDhFpFEHiooKg9XmoNbQGfbe4ZPxK7CRtHB',
    userQuoteTokenAccount: '13Ma7KdfbBrF8NmDBnVTkwny7tjrZxYHCfn6a3FFbRUa',
    protocolFeeRecipient: '62qc2CNXwrYqQScmEdiZFFAnJR262PxWEuNQtxfafNgV',
    protocolFeeRecipientTokenAccount: '94qWNrtmfn42h3ZjUZwWvK1MEo9uVmmrBPd2hpNjYDjb',
    coinCreator: 'hQmkJVU4iWgxCHZvVACpVPa1KN28oGxXpRmcYzYNwck',
  };
  assert.deepEqual(pick(only(buyEntries, PUMP_AMM, 'BuyEvent'), Object.keys(buyEvent)), buyEvent);
  const buyAccounts = {
    baseMint: '5UUH9RTDiSpq6HKS6bp4NdU9PNJpXRXuiw6ShBTBhgH2',
    quoteMint: WSOL,
    poolBaseTokenAccount: '8SmW82qNZ7BpdBp5PZk7znqt3VswFzX3nkRgHBBE1x4e',
    poolQuoteTokenAccount: '657gpdF5TtxfXaW88MwuideK2pWhwRyoiVNnLDzS5q2K',
    coinCreatorVaultAta: 'DGGpxm8H8Bj5Dc1wZaLzPPVuiXsJTHoxvP5iR8tje1BK',
    coinCreatorVaultAuthority: 'CUdmpcWRWqE6Q3wkGeFXrQ4WyukBzhiuVeDTNV5sMknJ',
  };
  // The last two were `remainingAccounts` before the July 2025 layout (19 accounts) was bundled.
  assert.deepEqual(pick(only(buyEntries, PUMP_AMM, 'buy'), Object.keys(buyAccounts)), buyAccounts);

  const sellEntries = streamer('pumpswap_sell_cpi_tx.json');
  const sellEvent = {
    timestamp: '1753789184',
    baseAmountIn: '134018503080',
    minQuoteAmountOut: '0',
    quoteAmountOut: '112810637',
    userBaseTokenReserves: '134018503080',
    userQuoteTokenReserves: '0',
    poolBaseTokenReserves: '228938854683754',
    poolQuoteTokenReserves: '192823053310',
    lpFeeBasisPoints: '20',
    lpFee: '225622',
    protocolFeeBasisPoints: '5',
    protocolFee: '56406',
    quoteAmountOutWithoutLpFee: '112585015',
    userQuoteAmountOut: '112472203',
    coinCreatorFeeBasisPoints: '5',
    coinCreatorFee: '56406',
    pool: 'EGTHgmHac1ZLgwVQjzXyGAyN8SKjgMbA6vsrFe6pB5dz',
    user: 'BvoxKEUeCkbWV7geTs74z8bhExE8FjVfaR4STkGe8tBi',
    userBaseTokenAccount: '9a5yJFXMNQVWGpK3SPrNoGxT7tr8HDCrwfhcb9bDviAj',
    userQuoteTokenAccount: 'Bv9y8jM3JqH3mdSPdDKWEi1vuQBkUaK2gK7WdD6BeA4x',
    protocolFeeRecipient: 'JCRGumoE9Qi5BBgULTgdgTLjSgkCMSbF62ZZfGs84JeU',
    protocolFeeRecipientTokenAccount: 'DWpvfqzGWuVy9jVSKSShdM2733nrEsnnhsUStYbkj6Nn',
    coinCreator: 'JE8eFoVR5ZDpT7au7DdNuca1YrmNmSCDUoLy6rhzoY8Q',
  };
  assert.deepEqual(pick(only(sellEntries, PUMP_AMM, 'SellEvent'), Object.keys(sellEvent)), sellEvent);
  const sellAccounts = {
    baseMint: '5w68xqRpVFqi7hCXuN7QLc5ReLv1PfpmT9TVm11Cpump',
    quoteMint: WSOL,
    poolBaseTokenAccount: 'C6GSAdjdHfJTo8vVfULqLkzvXJjAPwEwbxkNq9xyShSL',
    poolQuoteTokenAccount: '2BpXbTgo2TpoexM3HX58SXjvT1T18EbmkmJwjRtvnEzs',
    coinCreatorVaultAta: '8hudeyGY92sUn12dmUTMKDKSn9fq6zJUCRJBMbstis36',
    coinCreatorVaultAuthority: 'Ex512LiimjSvh5ex1ypMyL19wzvKVrr4Dbzg4Ai5vaW9',
  };
  assert.deepEqual(pick(only(sellEntries, PUMP_AMM, 'sell'), Object.keys(sellAccounts)), sellAccounts);
});

test('solana-streamer (July 2025): Raydium LaunchLab (Bonk) buys, direct and through DFlow, decode their TradeEvent', () => {
  // tests/bonk_parsers.rs asserts a trade event in both, and for the direct buy that total base
  // sell, virtual base and quote and amount out are not zero; the event written then has no creator
  // fee and no exact_in, so it decodes only under the May 2025 layout.
  for (const [file, instruction] of [
    ['bonk_direct_tx.json', 'buyExactOut'],
    ['bonk_cpi_tx.json', 'buyExactIn'],
  ]) {
    const entries = streamer(file);
    const trade = only(entries, LAUNCHLAB, 'TradeEvent');
    for (const field of ['totalBaseSell', 'virtualBase', 'virtualQuote', 'amountOut'])
      assert.notEqual(trade[field] ?? '0', '0', `${file} ${field}`);
    assert.equal(trade.poolState, only(entries, LAUNCHLAB, instruction).poolState, file);
    assert.equal(trade.tradeDirection, 'Buy', file);
    assert.equal('creatorFee' in trade, false, file);
  }
});

/**
 * Non-native entries (natives the node parses itself and precompiles left out), those that decode,
 * and the programs no description covers.
 */
function coverage(results: unknown[]): { entries: number; decoded: number; undescribed: Map<string, number> } {
  let entries = 0;
  let decoded = 0;
  const undescribed = new Map<string, number>();
  for (const result of results) {
    for (const { top, inner } of enhanced(result)) {
      for (const e of [top, ...inner]) {
        if (nodeParsedInstructionPrograms.has(e.programId) || e.programId.endsWith('SigVerify1111111111111111111111111')) continue;
        entries++;
        if (e.program !== undefined && e.parsed !== undefined) decoded++;
        else if (registry.versions(e.programId).length === 0) undescribed.set(e.programId, (undescribed.get(e.programId) ?? 0) + 1);
      }
    }
  }
  return { entries, decoded, undescribed };
}

test('solana-streamer (July 2025) and ryoid/anchores (June 2024): decoded share of non-native entries', () => {
  // solana-streamer: 45 entries, 38 decode (36 before Raydium LaunchLab's May 2025 layout); the
  // other 7 are of 4 programs no public IDL describes, which route or wrap the trades (fat2dUTk…
  // logs BuyPumpfun, BN111Jnb… BuyToAlpha, BN111TK6… Deposit, HuTkmnrv… ProxySwap).
  const streamerCoverage = coverage(Object.keys(solanaStreamerSignatures).map(solanaStreamerAnswer));
  assert.deepEqual([streamerCoverage.entries, streamerCoverage.decoded], [45, 38]);
  assert.deepEqual(Object.fromEntries(streamerCoverage.undescribed), {
    fat2dUTkypDNDT86LtLGmzJDK11FSJ72gfUW35igk7u: 1,
    BN111JnbLtbmQqqiCh7h2pDKhAhMx4wi77Mj7jJFbyp8: 2,
    HuTkmnrv4zPnArMqpbMbFhfwzTR7xfWQZHH1aQKzDKFZ: 2,
    BN111TK638zTi7uSXCKkzXYPSRt3rKNSDBK6VsjS772b: 2,
  });
  // anchores: every one of its 113 non-native entries decodes.
  const anchoresCoverage = coverage(anchoresAnswers().map(({ result }) => result));
  assert.deepEqual([anchoresCoverage.entries, anchoresCoverage.decoded, anchoresCoverage.undescribed.size], [113, 113, 0]);
});

/** ryoid/anchores tests/jupiter.test.ts: each route's SwapEvents, [amm, input mint and amount, output mint and amount]. */
const anchoresSwapEvents: Record<string, string[][]> = {
  '3Cn7LoFcosLQAaYxHVAsXCnzKLvFSmb5Zg6qLqLqG41Xj7YKTAXVhQ8FsXT3fg1GvqvqtQGMp4waMhCj3iWu3Hpy': [
    [
      'PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY',
      'So11111111111111111111111111111111111111112',
      '1000000',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '151150',
    ],
    [
      '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '151150',
      'AVLhahDcDQ4m4vHM4ug63oh7xc8Jtk49Dm5hoe9Sazqr',
      '6755485',
    ],
    [
      'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
      'AVLhahDcDQ4m4vHM4ug63oh7xc8Jtk49Dm5hoe9Sazqr',
      '6755485',
      'A3eME5CetyZPBoWbRUwY3tSe25S6tb18ba9ZPbWk9eFJ',
      '405391',
    ],
  ],
  '5hEWA54E6AGWTRBfqbx4RtpjAZif5C9yFhZKRDNeMhugd3oZiSaK7ePG2zikdZ7XoFF6VbBZyWCH2cXWG5RUn3oW': [
    [
      'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
      'So11111111111111111111111111111111111111112',
      '100000',
      'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm',
      '6039',
    ],
    [
      'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
      'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm',
      '6039',
      'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
      '16153',
    ],
    [
      'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
      'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
      '16153',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '15172',
    ],
  ],
  '5MMAfqiFPqFUWXPLVE3NYy24sqtDHuRxVnnh7sWyyuizZTgvf4R6xtvPbewE6FDfce6vyKSqTHW9WNRYQj1ieLcK': [
    [
      'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
      'So11111111111111111111111111111111111111112',
      '100000',
      'orcaEKTdK7LKz57vaAYr9QeNsVEPfiu6QeMU1kektZE',
      '7701',
    ],
    [
      'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
      'orcaEKTdK7LKz57vaAYr9QeNsVEPfiu6QeMU1kektZE',
      '7701',
      'jtojtomepa8beP8AuQc6eXt5FriJwfFMwQx2v2f9mCL',
      '4809776',
    ],
    [
      'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
      'jtojtomepa8beP8AuQc6eXt5FriJwfFMwQx2v2f9mCL',
      '4809776',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '15107',
    ],
  ],
  '1ZSq1Aa2i6ES95SRhvWedfxppiNdyaUG4o5gd3qzsSiygnJPfGWagBUEPBGGoD81MLfaru6KBH4J3ppKFphZta4': [
    [
      '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
      'So11111111111111111111111111111111111111112',
      '10000',
      'RUpbmGF6p42AAeN1QvhFReZejQry1cLkE1PUYFVVpnL',
      '301729867',
    ],
    [
      'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
      'RUpbmGF6p42AAeN1QvhFReZejQry1cLkE1PUYFVVpnL',
      '301729867',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '1607',
    ],
    [
      'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '1607',
      'EwJN2GqUGXXzYmoAciwuABtorHczTA5LqbukKXV1viH7',
      '12839349',
    ],
  ],
  '469XLAdr6x5iQpRrRzySp8NcBnJm9SzKNHgRnx8F5gydroQPJkh5viC7P5yGta6jYW58yi9y3MJXAfVH5dJBWfbs': [
    [
      '2wT8Yq49kHgDzXuPxZSaeLaH1qbmGXtEyPy64bL7aD3c',
      'So11111111111111111111111111111111111111112',
      '100000',
      'hntyVP6YFm1Hg25TN9WGLqM12b8TQmcknKrdu1oxWux',
      '416785',
    ],
    [
      'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
      'hntyVP6YFm1Hg25TN9WGLqM12b8TQmcknKrdu1oxWux',
      '416785',
      'mb1eu7TzEc71KxDpsmsKoucSSuuoGLv1drys1oP2jh6',
      '10905411',
    ],
    [
      'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
      'mb1eu7TzEc71KxDpsmsKoucSSuuoGLv1drys1oP2jh6',
      '10905411',
      'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
      '16248',
    ],
  ],
  '2ZiXFzYVAaxBEoZfRP9s4vap4skREgNDzFZUga8Kcdd6SQtigs4a5f5LHpB5iYcw84yF4PKqR3EuVb7ex4fK8kMz': [
    [
      '2wT8Yq49kHgDzXuPxZSaeLaH1qbmGXtEyPy64bL7aD3c',
      'So11111111111111111111111111111111111111112',
      '100000',
      'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm',
      '5992',
    ],
    [
      'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
      'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm',
      '5992',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '14509',
    ],
    [
      'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '14509',
      'A3eME5CetyZPBoWbRUwY3tSe25S6tb18ba9ZPbWk9eFJ',
      '39649',
    ],
  ],
  ndGjRockP4jDGo4uJiR97gP7vRCYBDCTU2JYMHzJPZNTwpdGxtJb3KbuBXB4DQ93shQj4Tqy99QCEJmJVDNnBAw: [
    [
      'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
      'So11111111111111111111111111111111111111112',
      '10000',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '1512',
    ],
  ],
  '3SevEqRaimXB8hgPD9QGmZTWMK2Tjc4D3LX4wQYbheamQtyh2XSaKzSrft155GA9HzADkPwD76FxZxg4dm5hksrq': [
    [
      'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
      'A3eME5CetyZPBoWbRUwY3tSe25S6tb18ba9ZPbWk9eFJ',
      '41143',
      'HaP8r3ksG76PhQLTqR8FYBeNiQpejcFbQmiHbg787Ut1',
      '118611',
    ],
    [
      'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
      'HaP8r3ksG76PhQLTqR8FYBeNiQpejcFbQmiHbg787Ut1',
      '118611',
      '3dN3iSG9SciKQzUS5cdQ2Jphmv4ynhhdfMbEt9eKYsNw',
      '28779309773',
    ],
    [
      '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
      '3dN3iSG9SciKQzUS5cdQ2Jphmv4ynhhdfMbEt9eKYsNw',
      '28779309773',
      'So11111111111111111111111111111111111111112',
      '98996',
    ],
  ],
  '3oweJMyjtMAmoyE23XAwszJQESaoagbh2W2UqUjUBtHGhexAL477qN767Sq8CdBfREka6diiY3aT8xkLvcdkPSWL': [
    [
      '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
      'A3eME5CetyZPBoWbRUwY3tSe25S6tb18ba9ZPbWk9eFJ',
      '1000000',
      'So11111111111111111111111111111111111111112',
      '2483471',
    ],
    [
      '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
      'So11111111111111111111111111111111111111112',
      '2483471',
      'AujTJJ7aMS8LDo3bFzoyXDwT3jBALUbu4VZhzZdTZLmG',
      '1706275010',
    ],
  ],
  E19UrzNeLNaNUnzb71X9tXEcheByrfY3VQvB1E7w7k5ayDuznxKq45mj4zymqnRS9FWXZP68poSBZHLxqNmUQn7: [
    [
      '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
      'So11111111111111111111111111111111111111112',
      '100000',
      'E6pBvDQAX31UzJD9cqqFx6j8Lfvo1q42FD6PAMNRpump',
      '22344315',
    ],
  ],
  '5Q8EMUvmvFFuWRKHEk754TXDEMNoqB2GFTdMp2S8uLQfkfZCdryWLwRJz5rDnpRfnZ6fyfFgfkchoy4UdkHpcYBz': [
    [
      'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
      'So11111111111111111111111111111111111111112',
      '100000',
      'HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3',
      '41064',
    ],
    [
      'Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB',
      'HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3',
      '41064',
      '85VBFQZC9TZkfaptBWjvUw7YbZjy52A6mjtPGjstQAmQ',
      '32413',
    ],
    [
      'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
      '85VBFQZC9TZkfaptBWjvUw7YbZjy52A6mjtPGjstQAmQ',
      '32413',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      '14507',
    ],
  ],
};

test('ryoid/anchores (June 2024): every Jupiter SwapEvent of its routes, as its tests state them', () => {
  const answers = new Map(anchoresAnswers().map(({ file, result }) => [file, result]));
  for (const [signature, stated] of Object.entries(anchoresSwapEvents)) {
    const events = enhanced(answers.get(`jupiter/${signature}.json`))
      .flatMap((e) => [e.top, ...e.inner])
      .filter((e) => e.programId === JUPITER && e.parsed?.type === 'SwapEvent')
      .map(({ parsed }) => ['amm', 'inputMint', 'inputAmount', 'outputMint', 'outputAmount'].map((k) => parsed?.info?.[k]));
    assert.deepEqual(events, stated, signature);
  }
});

test('ryoid/anchores (June 2024): the Meteora DLMM swap under a Jupiter route and its Swap event, as its tests state them', () => {
  const { result } = anchoresAnswers().find(({ file }) => file.startsWith('meteora-dlmm/'))!;
  const entries = enhanced(result);
  const swap = only(entries, METEORA_DLMM, 'swap');
  assert.deepEqual([swap.amountIn, swap.minAmountOut], ['44765283', '0']);
  const event = {
    lbPair: 'EgSDeuHbP1AUF9Artd2qfquevKFdpkPTrnSFcPoXTf78',
    from: '9nnLbotNTcUhvbrsA6Mdkx45Sm82G35zo28AqUvjExn8',
    startBinId: 3039,
    endBinId: 3039,
    amountIn: '44765283',
    amountOut: '933267444',
    swapForY: true,
    fee: '9964',
    protocolFee: '0',
    feeBps: '222563',
    hostFee: '0',
  };
  assert.deepEqual(only(entries, METEORA_DLMM, 'Swap'), event);
});

test('jowency-me/solana-tx-parser (April 2026): decoded share of non-native entries, and the programs no description covers', () => {
  const dir = join(fixtures, 'jowency-solana-tx-parser');
  const { entries, decoded, undescribed } = coverage(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((file) => {
        const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8'));
        return asJsonParsed(fixture.signature, 'base64', JSON.stringify(fixture.raw));
      }),
  );
  // 831 entries; 672 decode (OKX router 2's token-ledger swaps and their events, 10 entries, since
  // OKX's dex_solana_v3 IDL; Raydium route's three logged-by-name instructions, test/log-names.test.ts;
  // Jupiter v2's two, since @jup-ag/core's IDL; Sanctum's deployment of the SPL stake pool program,
  // idls/deployments.json; one of Titan's four entries, since Titan's IDL; ApePro's withdraw and its
  // event, since Turnkey's IDL; a swap on Raydium CPMM's devnet build, deployments.json; a Raydium
  // stable-swap swap, hand-written from Carbon's decoder). Of the 155 left, 143 are of 47 programs
  // no public IDL is bundled for (README.md there lists them), 3 Titan's (two routes through venues
  // its IDL does not list yet, one instruction it does not describe), the other 9 those of a
  // transaction refused before it ran.
  assert.equal(entries, 831);
  assert.equal(decoded, 676);
  assert.equal(
    [...undescribed.values()].reduce((a, b) => a + b, 0),
    831 - 676 - 3 - 9,
  );
  assert.equal(undescribed.size, 47);
});

test('jowency-me/solana-tx-parser (March 2025): Jupiter v2 SetTokenLedger and MercurialExchange, as the logs, transfers and balances tell them', () => {
  const fixture = JSON.parse(readFileSync(join(fixtures, 'jowency-solana-tx-parser', 'swap_jupiter_v2_1.json'), 'utf8'));
  const result = asJsonParsed(fixture.signature, 'base64', JSON.stringify(fixture.raw));
  const [ledger, exchange] = enhanced(result);
  // The program logs each name as it starts: "Instruction: SetTokenLedger", then "MercurialExchange".
  assert.deepEqual([ledger.top.programId, ledger.top.parsed?.type], [JUPITER_V2, 'setTokenLedger']);
  assert.deepEqual([exchange.top.programId, exchange.top.parsed?.type], [JUPITER_V2, 'mercurialExchange']);
  const swap = exchange.top.parsed!.info!;
  const [mercurial, paid, got] = exchange.inner as (Entry & { parsed: { info: Record<string, unknown> } })[];
  assert.equal(swap.swapProgram, mercurial.programId);
  // What goes in: the amount Mercurial's own Exchange is asked for and the transfer out of the
  // source account, which drops from 129942 to 942 USDT units.
  assert.equal(swap.inAmount, '129000');
  assert.equal(mercurial.parsed.info.inAmount, '129000');
  assert.deepEqual([paid.parsed.info.source, paid.parsed.info.amount], [swap.sourceTokenAccount, '129000']);
  const balance = (when: 'preTokenBalances' | 'postTokenBalances', index: number) =>
    result.meta[when].find((b: { accountIndex: number }) => b.accountIndex === index).uiTokenAmount.amount;
  const keys = result.transaction.message.accountKeys.map((k: { pubkey: string }) => k.pubkey);
  const source = keys.indexOf(swap.sourceTokenAccount);
  assert.deepEqual([balance('preTokenBalances', source), balance('postTokenBalances', source)], ['129942', '942']);
  // What comes out (128972, GetDyUnderlying's dy) lands in the destination, the account the token
  // ledger recorded, and is no less than the minimum the route asked for.
  assert.equal(ledger.top.parsed!.info!.tokenAccount, swap.destinationTokenAccount);
  assert.deepEqual([got.parsed.info.destination, got.parsed.info.amount], [swap.destinationTokenAccount, '128972']);
  assert.equal(swap.minimumOutAmount, '127683');
  assert.ok(128972n >= BigInt(swap.minimumOutAmount));
  assert.equal(swap.platformFeeBps, 0);
});

test("jowency-me/solana-tx-parser (April 2026): a Titan route, its amounts where the transfers put them and its venues the legs' programs", () => {
  const fixture = JSON.parse(readFileSync(join(fixtures, 'jowency-solana-tx-parser', 'swap_titan_1.json'), 'utf8'));
  const result = asJsonParsed(fixture.signature, 'base64', JSON.stringify(fixture.raw));
  const route = enhanced(result).find(({ top }) => top.programId === TITAN)!;
  assert.equal(route.top.parsed?.type, 'swapRouteV2');
  const info = route.top.parsed?.info ?? {};
  // Titan's CPI example (Titan-Pathfinder/titan-v2-cpi-example, swap.rs) reads the amount and the
  // least output as the two u64s after the discriminator, and names these accounts first.
  const transfers = route.inner.filter((e) => e.parsed?.type === 'transfer').map((e) => e.parsed!.info!);
  assert.deepEqual(
    transfers.filter((t) => t.source === info.inputTokenAccount).map((t) => t.amount),
    [info.amount],
  );
  const got = transfers.filter((t) => t.destination === info.outputTokenAccount).map((t) => BigInt(t.amount as string));
  assert.equal(got.length, 1);
  assert.ok(got[0] >= BigInt(String(info.minimumAmountOut)));
  assert.equal(info.payer, result.transaction.message.accountKeys.find((k: { signer: boolean }) => k.signer).pubkey);
  // Each decoded venue is the program of the next leg Titan called, in order.
  const venueProgram: Record<string, string> = {
    Byreal: 'REALQqNEomY6cQGZJUGwywTBD2UmDT32rZcNnfxQ5N2',
    MeteoraDlmm: 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
    Whirlpools: 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
  };
  const venues = (info.swaps as { venue: Record<string, unknown> | string }[]).map((leg) =>
    typeof leg.venue === 'string' ? leg.venue : Object.keys(leg.venue)[0],
  );
  const legs = route.inner.filter((e) => Object.values(venueProgram).includes(e.programId) && e.parsed?.type !== 'Swap');
  assert.deepEqual(
    venues.map((v) => venueProgram[v]),
    legs.map((e) => e.programId),
  );
});
