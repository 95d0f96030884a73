/**
 * Swaps on DEXes and aggregators, and buys and sells on bonding curves. Each program's template
 * only says which accounts are the user's (the actor, the token accounts the input leaves and the
 * output arrives in, the mints) and which arguments bound the trade; the amounts themselves come
 * from what the instruction did: the token transfers under it out of the user's source account
 * and into the user's destination account (wrapped SOL included), the lamports the user sent or
 * got by System transfers, or the program's own trade event where the SOL moves without a
 * transfer. A router that names none of the user's token accounts (DFlow) is read by what the
 * signer's accounts paid and gained on balance under it, its legs through them cancelling out.
 *
 * A failed transaction moved nothing, so its sentence uses the arguments: the exact side of the
 * trade, and the other side's limit ("at most", "at least") where the instruction carries one.
 */
import { big, isTokenProgram, str, tokenAmountOf, type Entry, type Movement, type TxFacts } from './facts.js';
import { asset, programName, sentence, WSOL_MINT } from './phrases.js';

export interface SwapPlan {
  actor: string | undefined;
  verb: 'swap' | 'buy' | 'sell';
  /** The user's token accounts the input may leave from; none known means any the actor authorizes. */
  sources: (string | undefined | null)[];
  /** The user's token accounts the output may arrive in, most specific first; none known means any the actor owns. */
  destinations: (string | undefined | null)[];
  sourceMint?: string;
  destinationMint?: string;
  /** Arguments: the exact input or output, and the limit on the other side. */
  exactIn?: bigint;
  exactOut?: bigint;
  maxIn?: bigint;
  minOut?: bigint;
  /** The input is native SOL the actor pays by System transfers (bonding-curve buys). */
  nativeIn?: boolean;
  /** The output's amount where no transfer carries it (SOL paid out by a program's own accounts). */
  reportedOut?: (under: Entry[]) => bigint | undefined;
  /** The output is native SOL the program pays this wallet by System transfers (bonding-curve sells). */
  nativeOut?: string;
  /**
   * The router names none of the user's token accounts, only the wallet that signs for them: the
   * input is the one mint the actor's accounts paid out on balance under the instruction (legs
   * through its own accounts cancel out), and the output, unless a destination is named, the one
   * mint they gained.
   */
  netOfActor?: boolean;
}

/** The plan for one instruction from its parsed `info` and `type`; null where it is no trade. */
type Planner = (info: Record<string, any>, type: string) => SwapPlan | null;

const flag = (v: unknown) => v === true;
const arg = (v: unknown) => big(v);

/**
 * A pool swap between two of the user's accounts (and mints), in the direction a flag gives:
 * forward spends the first for the second.
 */
function sides(
  forward: boolean,
  first: SwapPlan['sources'][number],
  second: SwapPlan['sources'][number],
  firstMint?: unknown,
  secondMint?: unknown,
): Pick<SwapPlan, 'sources' | 'destinations' | 'sourceMint' | 'destinationMint'> {
  const plan: Pick<SwapPlan, 'sources' | 'destinations' | 'sourceMint' | 'destinationMint'> = {
    sources: [forward ? first : second],
    destinations: [forward ? second : first],
  };
  if (firstMint !== undefined || secondMint !== undefined) {
    plan.sourceMint = str(forward ? firstMint : secondMint);
    plan.destinationMint = str(forward ? secondMint : firstMint);
  }
  return plan;
}

type Bounds = Pick<SwapPlan, 'exactIn' | 'exactOut' | 'maxIn' | 'minOut'>;

/** Exact-in or exact-out from one amount and its direction flag (Whirlpool, CLMM, Invariant). */
function directed(amount: unknown, threshold: unknown, isInput: boolean): Bounds {
  return isInput ? { exactIn: arg(amount), minOut: arg(threshold) } : { exactOut: arg(amount), maxIn: arg(threshold) };
}

/** Exact-in where the instruction names an input amount, else exact-out (separate instructions or argument sets). */
function inOrOut(amountIn: unknown, minOut: unknown, amountOut: unknown, maxIn: unknown): Bounds {
  return amountIn !== undefined ? directed(amountIn, minOut, true) : directed(amountOut, maxIn, false);
}

const jupiter: Planner = (i) => {
  const exactOutRoute = i.outAmount !== undefined;
  return {
    actor: str(i.userTransferAuthority),
    verb: 'swap',
    sources: [i.sourceTokenAccount, i.userSourceTokenAccount],
    destinations: [i.destinationTokenAccount, i.userDestinationTokenAccount],
    sourceMint: str(i.sourceMint),
    destinationMint: str(i.destinationMint),
    ...(exactOutRoute ? { exactOut: arg(i.outAmount) } : { exactIn: arg(i.inAmount) }),
  };
};

/**
 * Raydium AMM v4 takes 18 accounts or, without the deprecated target-orders account, 17; the IDL
 * names the 18, so in the 17-account form every name from there on sits one account late. The
 * user's three accounts are last in both forms.
 */
const raydiumAmm: Planner = (i) => {
  const owner = str(i.userSourceOwner) ?? str(i.userWalletAccount);
  const source = i.userSourceTokenAccount ?? i.uerSourceTokenAccount;
  const destination = i.userDestinationTokenAccount ?? i.uerDestinationTokenAccount;
  const accounts =
    owner !== undefined
      ? { actor: owner, sources: [source], destinations: [destination] }
      : { actor: str(destination), sources: [i.serumVaultSigner], destinations: [source] };
  return { verb: 'swap', ...accounts, ...inOrOut(i.amountIn, i.minimumAmountOut, i.amountOut, i.maxAmountIn) };
};

const raydiumClmm: Planner = (i) => ({
  actor: str(i.payer),
  verb: 'swap',
  sources: [i.inputTokenAccount],
  destinations: [i.outputTokenAccount],
  sourceMint: str(i.inputVaultMint),
  destinationMint: str(i.outputVaultMint),
  ...directed(i.amount, i.otherAmountThreshold, flag(i.isBaseInput)),
});

/** Raydium CPMM, Meteora DAMM v2 and DBC: payer, input and output accounts, amounts in args (or `params`). */
const inputOutput: Planner = (i) => {
  const p = i.params ?? i;
  return {
    actor: str(i.payer),
    verb: 'swap',
    sources: [i.inputTokenAccount],
    destinations: [i.outputTokenAccount],
    sourceMint: str(i.inputTokenMint),
    destinationMint: str(i.outputTokenMint),
    ...inOrOut(p.amountIn, p.minimumAmountOut, p.amountOut, p.maxAmountIn),
  };
};

const whirlpool: Planner = (i) => ({
  actor: str(i.tokenAuthority),
  verb: 'swap',
  ...sides(flag(i.aToB), i.tokenOwnerAccountA, i.tokenOwnerAccountB, i.tokenMintA, i.tokenMintB),
  ...directed(i.amount, i.otherAmountThreshold, flag(i.amountSpecifiedIsInput)),
});

const whirlpoolTwoHop: Planner = (i) => ({
  actor: str(i.tokenAuthority),
  verb: 'swap',
  sources: [i.tokenOwnerAccountInput ?? (flag(i.aToBOne) ? i.tokenOwnerAccountOneA : i.tokenOwnerAccountOneB)],
  destinations: [i.tokenOwnerAccountOutput ?? (flag(i.aToBTwo) ? i.tokenOwnerAccountTwoB : i.tokenOwnerAccountTwoA)],
  sourceMint: str(i.tokenMintInput),
  destinationMint: str(i.tokenMintOutput),
  ...directed(i.amount, i.otherAmountThreshold, flag(i.amountSpecifiedIsInput)),
});

const meteoraDlmm: Planner = (i) => ({
  actor: str(i.user),
  verb: 'swap',
  ...sides(true, i.userTokenIn, i.userTokenOut),
  ...inOrOut(i.amountIn, i.minAmountOut, i.outAmount, i.maxInAmount),
});

/** The SPL Token Swap family (Orca v1/v2, Saros, Saber, Lifinity, FluxBeam, Meteora dynamic AMM, Stabble, Sanctum, OKX). */
const tokenSwap: Planner = (i) => ({
  actor: str(i.userTransferAuthority) ?? str(i.userAuthority) ?? str(i.user) ?? str(i.payer),
  verb: 'swap',
  sources: [i.source, i.userSource, i.sourceInfo, i.userSourceToken, i.userTokenIn, i.srcTokenFrom, i.sourceTokenAccount],
  destinations: [
    i.destination,
    i.userDestination,
    i.destinationInfo,
    i.userDestinationToken,
    i.userTokenOut,
    i.destTokenTo,
    i.destinationTokenAccount,
  ],
  sourceMint: str(i.sourceMint) ?? str(i.mintIn) ?? str(i.srcTokenMint),
  destinationMint: str(i.destinationMint) ?? str(i.mintOut) ?? str(i.destTokenMint),
  exactIn: arg(i.amountIn ?? i.inAmount ?? i.args?.amount ?? i.args?.amountIn ?? i.data?.amountIn),
  minOut: arg(i.minimumAmountOut ?? i.minimumOutAmount ?? i.data?.minReturn ?? i.args?.minReturn),
});

/**
 * Mercurial's exchange names only the authority; the pool's token accounts follow unnamed, then
 * the user's source and destination accounts, last.
 */
const mercurial: Planner = (i) => {
  const rest: unknown[] = Array.isArray(i.remainingAccounts) ? i.remainingAccounts : [];
  return {
    actor: str(i.userTransferAuthority),
    verb: 'swap',
    sources: rest.length >= 2 ? [str(rest[rest.length - 2])] : [],
    destinations: rest.length >= 2 ? [str(rest[rest.length - 1])] : [],
    exactIn: arg(i.inAmount),
    minOut: arg(i.minimumOutAmount),
  };
};

const invariant: Planner = (i) => ({
  actor: str(i.owner),
  verb: 'swap',
  ...sides(flag(i.xToY), i.accountX, i.accountY),
  ...(flag(i.byAmountIn) ? { exactIn: arg(i.amount) } : { exactOut: arg(i.amount) }),
});

/** Phoenix: an order packet's side says which of the trader's accounts pays (a bid pays quote for base). */
const phoenix: Planner = (i) => {
  const order = i.orderPacket !== null && typeof i.orderPacket === 'object' ? Object.values(i.orderPacket)[0] : undefined;
  const side = (order as { side?: unknown } | undefined)?.side;
  if (side !== 'Bid' && side !== 'Ask') return null;
  return { actor: str(i.trader), verb: 'swap', ...sides(side === 'Bid', i.quoteAccount, i.baseAccount) };
};

/** The SOL a Pump.fun sell paid out, as its TradeEvent records it: the curve's lamports move without a transfer. */
function tradeEventSol(under: Entry[]): bigint | undefined {
  const event = under.find((e) => e.ix.programId === PUMP && e.ix.type === 'TradeEvent');
  return event === undefined ? undefined : big(event.ix.info.solAmount);
}

function tradeEventTokens(under: Entry[]): bigint | undefined {
  const event = under.find((e) => e.ix.programId === PUMP && e.ix.type === 'TradeEvent');
  return event === undefined ? undefined : big(event.ix.info.tokenAmount);
}

/**
 * Pump.fun: a buy pays SOL (System transfers from the user: curve price plus fees, i.e. what it
 * cost) or, in the V2 forms, a quote token; a sell's SOL is the TradeEvent's solAmount.
 */
const pumpFun: Planner = (i, type) => {
  const user = str(i.user);
  const mint = str(i.mint) ?? str(i.baseMint);
  const quoteMint = str(i.quoteMint) ?? WSOL_MINT;
  const userTokens = i.associatedUser ?? i.associatedBaseUser;
  const solQuote = quoteMint === WSOL_MINT;
  const buying = type.startsWith('buy');
  if (buying) {
    return {
      actor: user,
      verb: 'buy',
      sources: [i.associatedQuoteUser],
      destinations: [userTokens],
      sourceMint: quoteMint,
      destinationMint: mint,
      nativeIn: solQuote,
      exactOut: arg(i.amount),
      maxIn: arg(i.maxSolCost),
      exactIn: arg(i.spendableSolIn ?? i.spendableQuoteIn),
      minOut: arg(i.minTokensOut),
      reportedOut: tradeEventTokens,
    };
  }
  return {
    actor: user,
    verb: 'sell',
    sources: [userTokens],
    destinations: [i.associatedQuoteUser],
    sourceMint: mint,
    destinationMint: quoteMint,
    exactIn: arg(i.amount),
    minOut: arg(i.minSolOutput),
    reportedOut: solQuote ? tradeEventSol : undefined,
  };
};

const pumpSwap: Planner = (i, type) => {
  const buying = type.startsWith('buy');
  const base = i.userBaseTokenAccount;
  const quote = i.userQuoteTokenAccount;
  return buying
    ? {
        actor: str(i.user),
        verb: 'buy',
        sources: [quote],
        destinations: [base],
        sourceMint: str(i.quoteMint),
        destinationMint: str(i.baseMint),
        exactOut: arg(i.baseAmountOut),
        maxIn: arg(i.maxQuoteAmountIn),
        exactIn: arg(i.spendableQuoteIn),
        minOut: arg(i.minBaseAmountOut),
      }
    : {
        actor: str(i.user),
        verb: 'sell',
        sources: [base],
        destinations: [quote],
        sourceMint: str(i.baseMint),
        destinationMint: str(i.quoteMint),
        exactIn: arg(i.baseAmountIn),
        minOut: arg(i.minQuoteAmountOut),
      };
};

/**
 * PumpSwap's route through several pools and curves: the user's own token accounts at either end;
 * the hops' mints and vaults follow as remaining accounts.
 */
const pumpMultiHop: Planner = (i) => ({
  actor: str(i.user),
  verb: 'swap',
  sources: [i.userInTokenAccount],
  destinations: [i.userOutTokenAccount],
  exactIn: arg(i.amountIn),
  minOut: arg(i.minAmountOut),
});

const PUMP = '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P';

/** Bonkswap: the amount in is `deltaIn`; `priceLimit` bounds the pool price, not the output. */
const bonkswap: Planner = (i) => ({
  actor: str(i.swapper),
  verb: 'swap',
  ...sides(flag(i.xToY), i.swapperXAccount, i.swapperYAccount, i.tokenX, i.tokenY),
  exactIn: arg(i.deltaIn?.v),
});

const obric: Planner = (i) => ({
  actor: str(i.user),
  verb: 'swap',
  ...sides(flag(i.isXToY), i.userTokenAccountX, i.userTokenAccountY),
  exactIn: arg(i.inputAmt),
  minOut: arg(i.minOutputAmt),
});

const solfi: Planner = (i) => ({
  actor: str(i.tokenTransferAuthority),
  verb: 'swap',
  ...sides(flag(i.isQuoteToBase), i.userQuoteAta, i.userBaseAta),
  exactIn: arg(i.inAmount),
  minOut: arg(i.minimumAmountOut),
});

const gooseFxSsl: Planner = (i) => ({
  actor: str(i.userWallet),
  verb: 'swap',
  sources: [i.userAtaIn],
  destinations: [i.userAtaOut],
  exactIn: arg(i.amountIn),
  minOut: arg(i.minOut),
});

/** Byreal CLMM is a fork of Raydium's: the same accounts and arguments. */
const byrealClmm = raydiumClmm;

/** Manifest: `isBaseIn` says which trader account pays; `inAtoms`/`outAtoms` are exact or limit as `isExactIn` says. */
const manifest: Planner = (i) => {
  const p = i.params ?? {};
  const exactIn = flag(p.isExactIn);
  return {
    actor: str(i.owner) ?? str(i.payer),
    verb: 'swap',
    ...sides(flag(p.isBaseIn), i.traderBase, i.traderQuote, i.baseMint, i.quoteMint),
    ...(exactIn ? { exactIn: arg(p.inAtoms), minOut: arg(p.outAtoms) } : { exactOut: arg(p.outAtoms), maxIn: arg(p.inAtoms) }),
  };
};

/** DFlow's orchestrator names only the signing wallet, and the receiving account in its `WithDestination` forms. */
const dflow: Planner = (i) => ({
  actor: str(i.userTokenAuthority),
  verb: 'swap',
  sources: [],
  destinations: i.destinationTokenAccount === undefined ? [] : [i.destinationTokenAccount],
  destinationMint: str(i.destinationMint),
  netOfActor: true,
});

/**
 * Raydium's route: two pools through the wallet's route account, whose balance the first leg fills
 * and the second empties; the wallet's own accounts, net, paid the input and gained the output.
 */
const raydiumRoute: Planner = (i) => ({
  actor: str(i.wallet),
  verb: 'swap',
  sources: [i.userSourceToken],
  destinations: [],
  netOfActor: true,
  exactIn: arg(i.amountIn),
  minOut: arg(i.minimumAmountOut),
});

/** Jupiter's RFQ order engine: the taker's side of a fill, both amounts fixed by the quote. */
const orderEngine: Planner = (i) => ({
  actor: str(i.taker),
  verb: 'swap',
  sources: [i.takerInputMintTokenAccount],
  destinations: [i.takerOutputMintTokenAccount],
  sourceMint: str(i.inputMint),
  destinationMint: str(i.outputMint),
  exactIn: arg(i.inputAmount),
  exactOut: arg(i.outputAmount),
});

/** Heaven: token A is the one bought and sold, token B (wrapped SOL) pays. */
const heaven: Planner = (i, type) => {
  const p = i.params ?? {};
  const buying = type === 'buy';
  return {
    actor: str(i.user),
    verb: buying ? 'buy' : 'sell',
    ...sides(!buying, i.userTokenAVault, i.userTokenBVault, i.tokenAMint, i.tokenBMint),
    ...(buying ? { maxIn: arg(p.maxSolSpend) } : { exactIn: arg(p.amountIn) }),
    minOut: arg(p.minimumAmountOut),
  };
};

/** Boop: a sell's SOL leaves the curve's SOL vault by System transfer to the recipient. */
const boopSell: Planner = (i) => ({
  actor: str(i.seller),
  verb: 'sell',
  sources: [i.sellerTokenAccount],
  destinations: [],
  sourceMint: str(i.mint),
  destinationMint: WSOL_MINT,
  nativeOut: str(i.recipient),
  exactIn: arg(i.sellAmount),
  minOut: arg(i.amountOutMin),
});

/**
 * Moonshot: a sell's SOL leaves the curve account by a direct lamport change, which no transfer or
 * event records; where no System transfer pays the seller either, SOL is named without an amount.
 * With `fixedSide` 0 the token amount is exact; `collateralAmount` is the quote the slippage applies
 * to, not a floor, so it is no limit.
 */
const moonshotSell: Planner = (i) => {
  const d = i.data ?? {};
  if (d.fixedSide !== 0) return null;
  return {
    actor: str(i.sender),
    verb: 'sell',
    sources: [i.senderTokenAccount],
    destinations: [],
    sourceMint: str(i.mint),
    destinationMint: WSOL_MINT,
    nativeOut: str(i.sender),
    exactIn: arg(d.tokenAmount),
  };
};

/** Raydium LaunchLab: a buy pays the quote token for the base token, a sell the reverse. */
const launchLab: Planner = (i, type) => {
  const buying = type.startsWith('buy');
  return {
    actor: str(i.payer),
    verb: buying ? 'buy' : 'sell',
    ...sides(buying, i.userQuoteToken, i.userBaseToken, i.quoteTokenMint, i.baseTokenMint),
    ...inOrOut(i.amountIn, i.minimumAmountOut, i.amountOut, i.maximumAmountIn),
  };
};

/** Serum Swap over one market: an ask sells the coin wallet's tokens for the quote, a bid the reverse; `amount` is what is sold. */
const serumSwap: Planner = (i) => {
  if (i.side !== 'Ask' && i.side !== 'Bid') return null;
  return { actor: str(i.authority), verb: 'swap', ...sides(i.side === 'Ask', i.marketCoinWallet, i.pcWallet), exactIn: arg(i.amount) };
};

/** Raydium's stable-swap AMM: the owner's source and destination token accounts (Carbon's names), either amount exact. */
const raydiumStable: Planner = (i) => ({
  actor: str(i.userOwner),
  verb: 'swap',
  ...sides(true, i.userSourceToken, i.userDestinationToken),
  ...inOrOut(i.amountIn, i.minimumAmountOut, i.amountOut, i.maxAmountIn),
});

/** Titan's routes: the payer's input and output token accounts and mints, the exact input and the least output. */
const titan: Planner = (i) => ({
  actor: str(i.payer),
  verb: 'swap',
  ...sides(true, i.inputTokenAccount, i.outputTokenAccount, i.inputMint, i.outputMint),
  exactIn: arg(i.amount),
  minOut: arg(i.minimumAmountOut),
});

/** Program id → instruction type → planner. */
const planners: Readonly<Record<string, Readonly<Record<string, Planner>>>> = {
  JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4: Object.fromEntries(
    [
      'route',
      'routeWithTokenLedger',
      'exactOutRoute',
      'sharedAccountsRoute',
      'sharedAccountsRouteWithTokenLedger',
      'sharedAccountsExactOutRoute',
      'routeV2',
      'exactOutRouteV2',
      'sharedAccountsRouteV2',
      'sharedAccountsExactOutRouteV2',
    ].map((t) => [t, jupiter]),
  ),
  JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB: { route: jupiter },
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8': {
    swapBaseIn: raydiumAmm,
    swapBaseOut: raydiumAmm,
    swapBaseInV2: raydiumAmm,
    swapBaseOutV2: raydiumAmm,
  },
  CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK: { swap: raydiumClmm, swapV2: raydiumClmm },
  CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C: { swapBaseInput: inputOutput, swapBaseOutput: inputOutput },
  // The same program built for devnet, deployed on mainnet as well (idls/deployments.json).
  DRaycpLY18LhpbydsBWbVJtxpNv9oXPgjRSfpF2bWpYb: { swapBaseInput: inputOutput, swapBaseOutput: inputOutput },
  whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: {
    swap: whirlpool,
    swapV2: whirlpool,
    twoHopSwap: whirlpoolTwoHop,
    twoHopSwapV2: whirlpoolTwoHop,
  },
  '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP': { swap: tokenSwap },
  DjVE6JNiYqPL2QXyCUUh8rNjHrbz9hXHNYt99MQ59qw1: { swap: tokenSwap },
  LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo: Object.fromEntries(
    ['swap', 'swap2', 'swapExactOut', 'swapExactOut2', 'swapWithPriceImpact', 'swapWithPriceImpact2'].map((t) => [t, meteoraDlmm]),
  ),
  Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB: { swap: tokenSwap },
  cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG: { swap: inputOutput, swap2: inputOutput },
  dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN: { swap: inputOutput, swap2: inputOutput, swap2WithTransferHook: inputOutput },
  MERLuDFBMmsHnsBPZw2sDQZHvXFMwp8EdjudcU2HKky: { exchange: mercurial },
  '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P': Object.fromEntries(
    ['buy', 'buyExactSolIn', 'buyV2', 'buyExactQuoteInV2', 'buyV3', 'buyExactQuoteInV3', 'sell', 'sellV2', 'sellV3'].map((t) => [
      t,
      pumpFun,
    ]),
  ),
  pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA: {
    ...Object.fromEntries(['buy', 'buyExactQuoteIn', 'buyV2', 'buyExactQuoteInV2', 'sell', 'sellV2'].map((t) => [t, pumpSwap])),
    multiHopSwap: pumpMultiHop,
  },
  '2wT8Yq49kHgDzXuPxZSaeLaH1qbmGXtEyPy64bL7aD3c': { swap: tokenSwap },
  HyaB3W9q6XdA5xwpU4XnSZV94htfmbmqJXZcEbRaJutt: { swap: invariant },
  SSwapUtytfBdBn1b9NUGG6foMVPtcWgpRU32HToDUZr: { swap: tokenSwap },
  FLUXubRmkEi2q6K3Y9kBPg9248ggaZVsoSFhtJHSrm1X: { swap: tokenSwap },
  SSwpkEEcbUqx4vtoEByFjSkhKdCT862DNVb52nZg1UZ: { swap: tokenSwap },
  swapNyd8XiQwJ6ianp9snpu4brUqFxadzvHebnAXjJZ: { swap: tokenSwap, swapV2: tokenSwap },
  SwaPpA9LAaLfeLi3a68M4DjnLqgtticKg6CnyNwgAC8: { swap: tokenSwap },
  stkitrT1Uoy18Dk1fTrgPw8W6MVzoCfYoAFT4MLsmhq: { swapViaStake: tokenSwap, prefundSwapViaStake: tokenSwap },
  '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma': Object.fromEntries(
    [
      'swap',
      'swap2',
      'commissionSplSwap',
      'commissionSplSwap2',
      'commissionSolSwap',
      'commissionSolSwap2',
      'swapV3',
      'swapTobV3',
      'swapTobV3WithReceiver',
      'commissionSplProxySwap',
    ].map((t) => [t, tokenSwap]),
  ),
  // OKX's DEX router 2: every swap form names the payer, its two token accounts and mints, and `args.amountIn`.
  proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u: Object.fromEntries(
    [
      'proxySwap',
      'swap',
      'swapTob',
      'swapTobEnhanced',
      'swapTobV2',
      'swapTobV3',
      'swapTobWithReceiver',
      'swapTobWithReceiverTokenLedger',
      'swapTobWithReceiverTokenLedgerV3',
      'swapTobWithReceiverV3',
      'swapTobWithTokenLedger',
      'swapTobWithTokenLedgerV3',
      'swapToc',
      'swapTocV2',
      'swapTocV3',
    ].map((t) => [t, tokenSwap]),
  ),
  T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT: { swapRoute: titan, swapRouteV2: titan },
  '5quBtoiQqxF9Jv6KYKctB59NT3gtJD2Y65kdnB1Uev3h': { swapBaseIn: raydiumStable, swapBaseOut: raydiumStable },
  DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH: Object.fromEntries(
    ['swap', 'swap2', 'swapWithDestination', 'swap2WithDestination'].map((t) => [t, dflow]),
  ),
  REALQqNEomY6cQGZJUGwywTBD2UmDT32rZcNnfxQ5N2: { swap: byrealClmm, swapV2: byrealClmm },
  MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms: { swap: manifest, swapV2: manifest },
  '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH': { fill: orderEngine },
  HEAVENoP2qxoeuF8Dj2oT1GHEnu49U5mJYkdeC8BAX2o: { buy: heaven, sell: heaven },
  boop8hVGQGqehUK2iVEMEnMrL5RbjywRzHKBmBE7ry4: { sellToken: boopSell },
  MoonCVVNZFSYkqNXP6bxHLPL6QQJiMagDL3qcqUQTrG: { sell: moonshotSell },
  routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS: { routeSwapBaseIn: raydiumRoute },
  LanMV9sAd7wArD4vJFi2qDdfnVhFxYSUg6eADduJ3uj: Object.fromEntries(
    ['buyExactIn', 'buyExactOut', 'sellExactIn', 'sellExactOut'].map((t) => [t, launchLab]),
  ),
  PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY: { swap: phoenix },
  '22Y43yTVxuUkoRKdm9thyRhQ3SdgQS7c7kB6UNCiaczD': { swap: serumSwap },
  BSwp6bEBihVLdqJRKGgzjcGLHkcTuzmSo1TQkHepzH8p: { swap: bonkswap },
  obriQD1zbpyLz95G5n7nJe6a4DPjpFwa5XYPoNm113y: { swap: obric, swap2: obric },
  SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe: { swap: solfi },
  GFXsSL5sSaDfNFQUYsHekbWBW1TsFdjDYzACh62tEHxn: { swap: gooseFxSsl },
};

export function swapPlan(entry: Entry): SwapPlan | null {
  const { ix } = entry;
  const planner = ix.type === undefined ? undefined : planners[ix.programId]?.[ix.type];
  return planner === undefined ? null : planner(ix.info, ix.type!);
}

/** `plan` is swapPlan(entry), which the caller has already made to choose this template. */
export function swapSentence(entry: Entry, plan: SwapPlan, facts: TxFacts): string | null {
  // A one-off delegate may sign for the user's tokens; the user is the owner who signed too.
  const owner = defined(plan.sources)
    .map((a) => facts.tokenAccount(a)?.owner)
    .find((o) => o !== undefined);
  if (owner !== undefined && owner !== plan.actor && facts.isSigner(owner)) plan.actor = owner;
  if (plan.actor === undefined) return null;
  const venue = programName(entry.ix.programId);
  const sourceMint = plan.sourceMint ?? mintOfAccounts(facts, plan.sources);
  const destinationMint = plan.destinationMint ?? mintOfAccounts(facts, plan.destinations);

  let paid: string | undefined;
  let got: string | undefined;
  if (facts.failed) {
    paid = plan.exactIn !== undefined ? asset(plan.exactIn, sourceMint) : bounded('at most', plan.maxIn, sourceMint);
    got = plan.exactOut !== undefined ? asset(plan.exactOut, destinationMint) : bounded('at least', plan.minOut, destinationMint);
  } else {
    const under = callees(entry, facts);
    const moved = under === undefined ? undefined : observe(plan, facts, under);
    paid = asset(moved?.in?.amount, moved?.in?.mint ?? sourceMint);
    got = asset(moved?.out?.amount, moved?.out?.mint ?? destinationMint);
  }
  if (paid === undefined || got === undefined) return null;
  // The output may go to someone else's account (a buy for another wallet, a router's receiver).
  const recipient =
    defined(plan.destinations)
      .map((a) => facts.tokenAccount(a)?.owner)
      .find((o) => o !== undefined) ?? plan.nativeOut;
  const delivered = recipient !== undefined && recipient !== plan.actor ? `, delivered to ${recipient},` : '';
  switch (plan.verb) {
    case 'buy':
      return sentence(facts.failed, plan.actor, 'bought', 'buy', `${got} for ${paid}${delivered} on ${venue}`);
    case 'sell':
      return sentence(facts.failed, plan.actor, 'sold', 'sell', `${paid} for ${got}${delivered} on ${venue}`);
    default:
      return sentence(facts.failed, plan.actor, 'swapped', 'swap', `${paid} for ${got}${delivered} on ${venue}`);
  }
}

/**
 * A venue swap a route invoked that no plan reads: a venue without a description (Cropper under
 * Jupiter), or one whose plan found no amounts. Routers hand each leg to its venue as a separate
 * call, so the transfers under that call are the leg's own, told as the trade they made for the
 * account the route traded from (tradeOf). A failed transaction moved nothing and a leg has no
 * arguments of its own to quote, so it gets no sentence; nor does anything a route invoked that
 * moved no tokens both ways.
 */
export function legSentence(entry: Entry, facts: TxFacts): string | null {
  if (facts.failed || entry.inner === undefined) return null;
  const caller = facts.caller(entry);
  return caller === undefined || swapPlan(caller) === null ? null : tradeSentence(entry, facts);
}

/**
 * An instruction nothing decodes (a private market maker, a trading bot, a leg a router nothing
 * decodes called), in a transaction that succeeded, told by the trade its transfers made
 * (tradeOf), whatever else it is.
 */
export function exchangeSentence(entry: Entry, facts: TxFacts): string | null {
  return facts.failed ? null : (tradeSentence(entry, facts) ?? arbitrageSentence(entry, facts));
}

/**
 * An arbitrage under an undecoded instruction, where no one-for-one trade fits: one mint left a
 * signer's token accounts and came back by another amount, through mints that came back as they
 * left (`… swapped 0.0262 SOL (…) for 0.0264 SOL (…) through USDC on …`). Each amount is the sum
 * of transfers one way. Anything else moving for the signer (several mints paid or got, a second
 * mint come back changed) is left untold.
 */
function arbitrageSentence(entry: Entry, facts: TxFacts): string | null {
  const under = facts.descendants(entry);
  if (under === undefined) return null;
  const moves = facts.transfers(under).filter((m) => m.asset === 'token');
  if (moves.length === 0) return null;
  for (const signer of facts.signers) {
    const flows = [...flowsOfActor(facts, moves, signer)];
    if (flows.some(([mint, { out, into }]) => mint === undefined || out === 0n || into === 0n)) continue;
    const changed = flows.filter(([, { out, into }]) => out !== into);
    if (changed.length !== 1 || flows.length < 2) continue;
    const [[mint, { out, into }]] = changed;
    const through = flows.filter(([other]) => other !== mint).map(([other]) => asset(undefined, other));
    const venue = programName(entry.ix.programId, entry.ix.program);
    return sentence(
      false,
      signer,
      'swapped',
      'swap',
      `${asset(out, mint)} for ${asset(into, mint)} through ${through.join(' and ')} on ${venue}`,
    );
  }
  return null;
}

function tradeSentence(entry: Entry, facts: TxFacts): string | null {
  const trade = tradeOf(entry, facts);
  if (trade === undefined) return null;
  const venue = programName(entry.ix.programId, entry.ix.program);
  const { actor, paid, got } = trade;
  return sentence(false, actor, 'swapped', 'swap', `${asset(paid.amount, paid.mint)} for ${asset(got.amount, got.mint)} on ${venue}`);
}

/**
 * What the transfers an entry invoked traded, and for whom: an account left, net, with less of one
 * mint and more of another (what passed through on the way cancels out). A leg ends so both for
 * the trader and, mirrored, for the pool, so the account is a signer of the transaction, else the
 * one whose token accounts the caller's other calls move too (a router's input arrives before the
 * leg and its output leaves after, where a pool's vaults are the leg's alone). Tokens that moved
 * one way only are a trade where the account's wallet moved SOL the other way (withLamports).
 * Undefined where several mints moved either way, or no single account is so.
 */
function tradeOf(entry: Entry, facts: TxFacts): { actor: string; paid: Leg; got: Leg } | undefined {
  const under = facts.descendants(entry);
  if (under === undefined || under.length === 0) return undefined;
  const transfers = facts.transfers(under);
  const moves = transfers.filter((m) => m.asset === 'token');
  if (moves.length === 0) return undefined;
  const traded = (actor: string) => {
    const net = netOfActor(facts, moves, actor);
    const paid = onlyMint(net, -1n);
    const got = onlyMint(net, 1n);
    if (paid !== undefined && got !== undefined) return { actor, paid, got };
    return withLamports(net, lamportsNetOf(transfers, actor), actor);
  };
  for (const signer of facts.signers) {
    const trade = traded(signer);
    if (trade !== undefined) return trade;
  }
  const caller = facts.caller(entry);
  const leg = new Set([entry, ...under]);
  const around = caller === undefined ? undefined : facts.descendants(caller)?.filter((e) => !leg.has(e));
  if (around === undefined) return undefined;
  const elsewhere = new Set(facts.transfers(around).flatMap((m) => (m.asset === 'token' ? [m.source, m.destination] : [])));
  const owned = new Map<string, Set<string>>();
  const own = (owner: string | undefined, account: string | undefined) => {
    if (owner === undefined || account === undefined) return;
    let accounts = owned.get(owner);
    if (accounts === undefined) owned.set(owner, (accounts = new Set()));
    accounts.add(account);
  };
  for (const m of moves) {
    own(m.authority, m.source);
    own(facts.tokenAccount(m.source)?.owner, m.source);
    own(facts.tokenAccount(m.destination)?.owner, m.destination);
  }
  const trades = [...owned].flatMap(([owner, accounts]) => {
    const trade = [...accounts].some((a) => elsewhere.has(a)) ? traded(owner) : undefined;
    return trade === undefined ? [] : [trade];
  });
  return trades.length === 1 ? trades[0] : undefined;
}

/**
 * The entries a swap invoked. Where the answer has no call depths (inner entries before v1.14),
 * the enclosing top-level instruction's entries serve if this is the only swap among them, so
 * nothing another swap moved can be counted.
 */
function callees(entry: Entry, facts: TxFacts): Entry[] | undefined {
  const under = facts.descendants(entry);
  if (under !== undefined) return under;
  const group = facts.entries.filter((e) => e.top === entry.top && e.inner !== undefined);
  const swaps = group.filter((e) => swapPlan(e) !== null);
  return swaps.length === 1 && swaps[0] === entry ? group.filter((e) => e !== entry) : undefined;
}

interface Leg {
  amount: bigint;
  mint: string | undefined;
}

function observe(plan: SwapPlan, facts: TxFacts, under: Entry[]): { in?: Leg; out?: Leg } {
  const moves = facts.transfers(under);
  const sources = defined(plan.sources);
  const tokenIns = moves.filter(
    (m) => m.asset === 'token' && (sources.length > 0 ? sources.includes(m.source!) : m.authority === plan.actor),
  );
  const net = plan.netOfActor ? netOfActor(facts, moves, plan.actor) : undefined;
  let paid = net === undefined ? total(tokenIns) : onlyMint(net, -1n);
  if (plan.nativeIn) {
    const lamportsOut = moves.filter((m) => m.asset === 'lamports' && m.source === plan.actor);
    if (lamportsOut.length > 0) paid = { amount: lamportsOut.reduce((s, m) => s + m.amount, paid?.amount ?? 0n), mint: WSOL_MINT };
  }
  // The first listed destination that received anything: a router's final account before the user's own.
  let got: Leg | undefined;
  const destinations = defined(plan.destinations);
  for (const account of destinations) {
    got = total(moves.filter((m) => m.asset === 'token' && m.destination === account));
    if (got !== undefined) {
      const kept = arrived(facts, account, under, got.amount);
      const net = kept - feeTaken(facts, moves, account, got.mint, destinations, plan.actor);
      // Everything sent on is no fee: the account only passed the output through.
      got.amount = net > 0n ? net : kept;
      break;
    }
  }
  if (got === undefined && plan.destinations.length === 0) got = unnamedOutput(plan, facts, moves, tokenIns, net);
  if (got === undefined && plan.reportedOut !== undefined) {
    const amount = plan.reportedOut(under);
    if (amount !== undefined) got = { amount, mint: undefined };
  }
  return { in: paid, out: got };
}

/**
 * The output where the plan names no account for it: the SOL System transfers paid the wallet it
 * names, else the one mint the actor's accounts gained on balance (routers naming none), else the
 * tokens any account the actor owns received, other than what it paid.
 */
function unnamedOutput(
  plan: SwapPlan,
  facts: TxFacts,
  moves: Movement[],
  paid: Movement[],
  net?: Map<string | undefined, bigint>,
): Leg | undefined {
  if (plan.nativeOut !== undefined) {
    const lamportsIn = moves.filter((m) => m.asset === 'lamports' && m.destination === plan.nativeOut);
    return lamportsIn.length === 0 ? undefined : { amount: lamportsIn.reduce((s, m) => s + m.amount, 0n), mint: WSOL_MINT };
  }
  if (net !== undefined) return onlyMint(net, 1n);
  if (plan.actor === undefined) return undefined;
  const mine = new Set(facts.tokenAccountsOf(plan.actor));
  return total(moves.filter((m) => m.asset === 'token' && m.destination !== undefined && mine.has(m.destination) && !paid.includes(m)));
}

/**
 * Each mint's net change over the actor's token accounts from the token transfers among `moves`:
 * those the balances or set-up instructions say it owns, and those it signed transfers out of.
 * Transfers between two of its accounts change nothing.
 */
function netOfActor(facts: TxFacts, moves: Movement[], actor: string | undefined): Map<string | undefined, bigint> {
  const net = new Map<string | undefined, bigint>();
  for (const [mint, { out, into }] of flowsOfActor(facts, moves, actor)) net.set(mint, into - out);
  return net;
}

/** Each mint's amounts into and out of the actor's token accounts (as netOfActor reads them), apart. */
function flowsOfActor(facts: TxFacts, moves: Movement[], actor: string | undefined): Map<string | undefined, Flow> {
  const tokens = moves.filter((m) => m.asset === 'token');
  const signedFrom = new Set(tokens.filter((m) => m.authority === actor).map((m) => m.source));
  const mine = (account: string | undefined) =>
    account !== undefined && (signedFrom.has(account) || facts.tokenAccount(account)?.owner === actor);
  const flows = new Map<string | undefined, Flow>();
  for (const m of tokens) {
    const from = mine(m.source);
    const to = mine(m.destination);
    if (from === to) continue;
    let flow = flows.get(m.mint);
    if (flow === undefined) flows.set(m.mint, (flow = { out: 0n, into: 0n }));
    if (from) flow.out += m.amount;
    else flow.into += m.amount;
  }
  return flows;
}
interface Flow {
  out: bigint;
  into: bigint;
}

/**
 * A trade paid or paid out in SOL itself (a bonding curve's buy through a bot): the tokens moved
 * one way only, one mint, and the actor's wallet moved lamports by System transfers the other way.
 * Where wrapped SOL moved too, the two would count one payment twice, so nothing is told.
 */
function withLamports(
  net: Map<string | undefined, bigint>,
  lamports: bigint,
  actor: string,
): { actor: string; paid: Leg; got: Leg } | undefined {
  const changed = [...net].filter(([, change]) => change !== 0n);
  if (changed.length !== 1 || lamports === 0n || net.has(WSOL_MINT)) return undefined;
  const [mint, change] = changed[0];
  if (change > 0n === lamports > 0n) return undefined;
  const token = { mint, amount: change < 0n ? -change : change };
  const sol = { mint: WSOL_MINT, amount: lamports < 0n ? -lamports : lamports };
  return change > 0n ? { actor, paid: sol, got: token } : { actor, paid: token, got: sol };
}

/**
 * The lamports System transfers moved into `actor`'s wallet (positive) or out of it (negative); 0
 * where they moved both ways, since a net of the two is no amount the transaction shows.
 */
function lamportsNetOf(moves: Movement[], actor: string): bigint {
  let into = 0n;
  let out = 0n;
  for (const m of moves) {
    if (m.asset !== 'lamports' || m.source === m.destination) continue;
    if (m.destination === actor) into += m.amount;
    if (m.source === actor) out += m.amount;
  }
  return into !== 0n && out !== 0n ? 0n : into - out;
}

/** The one mint whose net change has `sign`, and its size; undefined where none or several do (nothing is guessed). */
function onlyMint(net: Map<string | undefined, bigint>, sign: bigint): Leg | undefined {
  const found = [...net].filter(([, change]) => change * sign > 0n);
  return found.length === 1 ? { mint: found[0][0], amount: found[0][1] * sign } : undefined;
}

/**
 * What `account` kept of `gross` transferred into it under the swap. A Token-2022 transfer fee is
 * withheld from the recipient, so the transfer's amount overstates what arrived; where nothing
 * else in the transaction put tokens into the account, its balance change plus what it sent on or
 * burned is what arrived. Wrapped SOL (closed and synced outside transfers) and closed accounts
 * keep the transferred amount.
 */
function arrived(facts: TxFacts, account: string, under: Entry[], gross: bigint): bigint {
  const held = facts.tokenAccount(account);
  if (held === undefined || held.mint === WSOL_MINT || held.post === undefined) return gross;
  let left = 0n;
  for (const entry of facts.entries) {
    const { ix } = entry;
    const amount = tokenAmountOf(ix.info);
    if (!isTokenProgram(ix.programId) || amount === undefined) continue;
    const type = ix.type ?? '';
    if (
      (/^transfer/.test(type) && ix.info.destination === account && !under.includes(entry)) ||
      (/^mintTo/.test(type) && ix.info.account === account)
    )
      return gross;
    if ((/^transfer/.test(type) && ix.info.source === account) || (/^burn/.test(type) && ix.info.account === account)) left += amount;
  }
  const kept = held.post - (held.pre ?? 0n) + left;
  return kept > 0n && kept < gross ? kept : gross;
}

/**
 * What the swap itself took back out of the output's account, to someone else's, after the output
 * arrived: a router's platform fee charged on the output after delivering it (Jupiter's `route`
 * does so), which the trader did not get. Jupiter's own parser reports the route's output net of that fee too.
 */
function feeTaken(
  facts: TxFacts,
  moves: Movement[],
  account: string,
  mint: string | undefined,
  destinations: string[],
  actor: string | undefined,
): bigint {
  let fee = 0n;
  // Only after the output's last arrival: what left the account before it (an arbitrage's input) is the payment.
  let after = moves.length;
  for (let k = moves.length - 1; k >= 0; k--) {
    if (moves[k].destination === account) {
      after = k + 1;
      break;
    }
  }
  for (const m of moves.slice(after)) {
    if (m.asset !== 'token' || m.source !== account || m.mint !== mint || m.destination === undefined) continue;
    if (destinations.includes(m.destination) || facts.tokenAccount(m.destination)?.owner === actor) continue;
    fee += m.amount;
  }
  return fee;
}

/** The sum of transfers of the first mint among them (a swap pays and receives one asset each). */
function total(moves: Movement[]): Leg | undefined {
  if (moves.length === 0) return undefined;
  const mint = moves[0].mint;
  return { amount: moves.filter((m) => m.mint === mint).reduce((s, m) => s + m.amount, 0n), mint };
}

function mintOfAccounts(facts: TxFacts, accounts: (string | undefined | null)[]): string | undefined {
  for (const a of defined(accounts)) {
    const mint = facts.tokenAccount(a)?.mint;
    if (mint !== undefined) return mint;
  }
  return undefined;
}

function defined(list: (string | undefined | null)[]): string[] {
  return list.filter((a): a is string => typeof a === 'string' && a !== '');
}

/** A limit from the arguments; a zero floor (no slippage protection) says nothing and is left out. */
function bounded(word: string, limit: bigint | undefined, mint: string | undefined): string | undefined {
  return limit === undefined || limit === 0n ? asset(undefined, mint) : `${word} ${asset(limit, mint)}`;
}
