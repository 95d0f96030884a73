/**
 * Providing and removing pool liquidity. In pools with an LP token (Raydium AMM v4 and CPMM,
 * PumpSwap, Meteora vaults) the user's token accounts on the pool's side pay in or are paid out,
 * and an LP token is minted or burned; in pools of concentrated liquidity (Byreal CLMM, Meteora
 * DLMM) the liquidity is held by a position account, which the sentence names instead. Each leg
 * is what moved under the instruction; a failed transaction moved nothing, so it names the assets
 * alone (and the LP amount its arguments would have burned).
 */
import { big, isTokenProgram, str, tokenAmountOf, type Entry, type Template, type TxFacts } from './facts.js';
import { asset, programName, say, sentence } from './phrases.js';

interface LiquidityPlan {
  actor: string | undefined;
  action: 'deposit' | 'withdraw' | 'create' | 'collect';
  /** What the liquidity goes into: `pool <address>` or `vault <address>`. */
  pool: string | undefined;
  noun: 'pool' | 'vault';
  /** The user's token accounts for the pool's assets. */
  accounts: (string | undefined)[];
  /** The assets' mints, where the instruction names them (an account created and closed in between has no balance). */
  mints?: (string | undefined)[];
  lpAccount?: string;
  lpMint?: string;
  /** LP tokens to burn (withdrawals), an argument: told only where the transfers under the instruction are not known. */
  lpBurned?: bigint;
  /** The position account that holds the liquidity in pools without an LP token. */
  position?: string;
  /** The fees a claim's own events report, for a claim that moved nothing. */
  reportedFees?: (under: Entry[]) => bigint[] | undefined;
}

/** Past tense and base form of each action's verb. */
const verbs: Readonly<Record<LiquidityPlan['action'], [string, string]>> = {
  deposit: ['deposited', 'deposit'],
  withdraw: ['withdrew', 'withdraw'],
  create: ['created', 'create'],
  collect: ['collected', 'collect'],
};

function describe(entry: Entry, facts: TxFacts, plan: LiquidityPlan): string | null {
  if (plan.actor === undefined || plan.pool === undefined) return null;
  if (plan.action === 'collect' && plan.position === undefined) return null;
  const under = facts.failed ? undefined : facts.descendants(entry);
  const paidOut = plan.action === 'withdraw' || plan.action === 'collect';
  const assets = legs(facts, plan, under, paidOut);
  const nothingCollected = plan.action === 'collect' && assets.length === 0 && noFees(plan, under);
  if (assets.length === 0 && !nothingCollected) return null;
  const what = assets.join(' and ');
  const where = `${plan.noun} ${plan.pool}`;
  const delivered = paidOut ? deliveredTo(facts, plan) : [];
  const extras = plan.position === undefined ? delivered : [`position ${plan.position}`, ...delivered];
  let rest: string;
  switch (plan.action) {
    case 'deposit':
      rest = clauses(`${what} into ${where}${forLp(plan, under)}`, extras);
      break;
    case 'create':
      rest = clauses(`${where} with ${what}${forLp(plan, under)}`, extras);
      break;
    case 'withdraw':
      rest = clauses(`${what} from ${where}${byBurning(facts, plan, under)}`, extras);
      break;
    case 'collect':
      rest = clauses(`${nothingCollected ? 'no fees' : `${what} of fees`} from position ${plan.position}`, delivered);
  }
  const [past, base] = verbs[plan.action];
  return sentence(facts.failed, plan.actor, past, base, `${rest} on ${programName(entry.ix.programId)}`);
}

/**
 * Each asset as it moved out of (or into) the user's account under the instruction. An asset that
 * did not move there is left out; where the answer cannot tell what ran under the instruction (a
 * failed transaction, an answer without call depths) the asset is named without an amount.
 */
function legs(facts: TxFacts, plan: LiquidityPlan, under: Entry[] | undefined, paidOut: boolean): string[] {
  const moves = under === undefined ? [] : facts.transfers(under).filter((m) => m.asset === 'token');
  return plan.accounts.flatMap((account, k) => {
    const mint = plan.mints?.[k] ?? facts.tokenAccount(account)?.mint;
    if (under === undefined) return asset(undefined, mint) ?? [];
    const moved = moves.filter((m) => (paidOut ? m.destination : m.source) === account);
    const amount = moved.reduce((s, m) => s + m.amount, 0n);
    return amount === 0n ? [] : (asset(amount, moved[0].mint ?? mint) ?? []);
  });
}

/** A claim that moved nothing collected nothing only where its own events say both fees were zero. */
function noFees(plan: LiquidityPlan, under: Entry[] | undefined): boolean {
  const fees = under === undefined ? undefined : plan.reportedFees?.(under);
  return fees !== undefined && fees.length > 0 && fees.every((f) => f === 0n);
}

/** `main, extra, extra,` so the program's name follows as its own clause; `main` alone without extras. */
function clauses(main: string, extras: string[]): string {
  return extras.length === 0 ? main : `${main}, ${extras.join(', ')},`;
}

/**
 * Where a payout went to accounts another wallet owns (a lock's authority withdrawing for the
 * holder of its fee NFT). A vault pays into the accounts of the dynamic AMM pool that withdrew for
 * a trade under way, which names no one, and a failed transaction delivered nothing.
 */
function deliveredTo(facts: TxFacts, plan: LiquidityPlan): string[] {
  if (plan.noun === 'vault' || facts.failed) return [];
  const owner = plan.accounts.map((a) => facts.tokenAccount(a)?.owner).find((o) => o !== undefined);
  return owner === undefined || owner === plan.actor ? [] : [`delivered to ${owner}`];
}

/** ` for <LP tokens minted to the user under the instruction>`, or nothing where none were. */
function forLp(plan: LiquidityPlan, under: Entry[] | undefined): string {
  const minted = lpMoved(under, plan.lpAccount, /^mintTo/);
  const lp = asset(minted, plan.lpMint);
  return lp === undefined ? '' : ` for ${lp}`;
}

/** ` by burning <LP tokens>`: those burned under the instruction, else the argument where that is not known. */
function byBurning(facts: TxFacts, plan: LiquidityPlan, under: Entry[] | undefined): string {
  const burned = under === undefined ? plan.lpBurned : lpMoved(under, plan.lpAccount, /^burn/);
  const lp = asset(burned, plan.lpMint ?? facts.tokenAccount(plan.lpAccount)?.mint);
  return lp === undefined ? '' : ` by burning ${lp}`;
}

/** The LP tokens minted into or burned from the user's LP account among `under`; undefined where none were. */
function lpMoved(under: Entry[] | undefined, lpAccount: string | undefined, type: RegExp): bigint | undefined {
  let total: bigint | undefined;
  for (const { ix } of under ?? []) {
    const amount = tokenAmountOf(ix.info);
    if (isTokenProgram(ix.programId) && type.test(ix.type ?? '') && ix.info.account === lpAccount && amount !== undefined)
      total = (total ?? 0n) + amount;
  }
  return total;
}

const raydiumAmm: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type !== 'deposit' && entry.ix.type !== 'withdraw') return null;
  return describe(entry, facts, {
    actor: str(i.userOwner),
    action: entry.ix.type,
    pool: str(i.amm),
    noun: 'pool',
    accounts: [str(i.userCoinTokenAccount), str(i.userPcTokenAccount)],
    lpAccount: str(i.userLpTokenAccount),
    lpMint: str(i.lpMintAddress),
    lpBurned: entry.ix.type === 'withdraw' ? big(i.amount) : undefined,
  });
};

/** Raydium CPMM: a withdrawal burns the owner's LP tokens and pays both assets out. */
const raydiumCpmm: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type !== 'withdraw') return null;
  return describe(entry, facts, {
    actor: str(i.owner),
    action: 'withdraw',
    pool: str(i.poolState),
    noun: 'pool',
    accounts: [str(i.token0Account), str(i.token1Account)],
    mints: [str(i.vault0Mint), str(i.vault1Mint)],
    lpAccount: str(i.ownerLpToken),
    lpMint: str(i.lpMint),
    lpBurned: big(i.lpTokenAmount),
  });
};

const pumpSwap: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const action = ({ deposit: 'deposit', withdraw: 'withdraw', createPool: 'create' } as const)[entry.ix.type ?? ''];
  if (action === undefined) return null;
  return describe(entry, facts, {
    actor: str(i.user) ?? str(i.creator),
    action,
    pool: str(i.pool),
    noun: 'pool',
    accounts: [str(i.userBaseTokenAccount), str(i.userQuoteTokenAccount)],
    mints: [str(i.baseMint), str(i.quoteMint)],
    lpAccount: str(i.userPoolTokenAccount),
    lpMint: str(i.lpMint),
    lpBurned: big(i.lpTokenAmountIn),
  });
};

/**
 * SPL token-swap and its forks (Orca v1/v2, Saros, FluxBeam): both assets in for LP tokens minted
 * to `destination`, or LP tokens burned from `source` for both assets out. FluxBeam names the
 * user's accounts and the mints its own way.
 */
const tokenSwap: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const mints = [str(i.tokenAMint), str(i.tokenBMint)];
  const common = { actor: str(i.userTransferAuthority), pool: str(i.swap), noun: 'pool', mints, lpMint: str(i.poolMint) } as const;
  switch (entry.ix.type) {
    case 'depositAllTokenTypes':
      return describe(entry, facts, {
        ...common,
        action: 'deposit',
        accounts: [str(i.sourceA ?? i.depositTokenA), str(i.sourceB ?? i.depositTokenB)],
        lpAccount: str(i.destination),
      });
    case 'withdrawAllTokenTypes':
      return describe(entry, facts, {
        ...common,
        action: 'withdraw',
        accounts: [str(i.destinationA ?? i.destinationTokenA), str(i.destinationB ?? i.destinationTokenB)],
        lpAccount: str(i.source),
        lpBurned: big(i.poolTokenAmount),
      });
    default:
      return null;
  }
};

/** Meteora's vaults, which its dynamic AMM deposits into on the trader's behalf. */
const meteoraVault: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type !== 'deposit' && entry.ix.type !== 'withdraw') return null;
  return describe(entry, facts, {
    actor: str(i.user),
    action: entry.ix.type,
    pool: str(i.vault),
    noun: 'vault',
    accounts: [str(i.userToken)],
    lpAccount: str(i.userLp),
    lpMint: str(i.lpMint),
    lpBurned: big(i.unmintAmount),
  });
};

/** Byreal CLMM (a Raydium CLMM fork): the position's owner takes liquidity out to its recipient accounts. */
const byrealClmm: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type === 'closePosition') return closedPosition(entry, facts);
  if (entry.ix.type !== 'decreaseLiquidityV2') return null;
  return describe(entry, facts, {
    actor: str(i.nftOwner),
    action: 'withdraw',
    pool: str(i.poolState),
    noun: 'pool',
    position: str(i.personalPosition),
    accounts: [str(i.recipientTokenAccount0), str(i.recipientTokenAccount1)],
    mints: [str(i.vault0Mint), str(i.vault1Mint)],
  });
};

/**
 * Closing an emptied position moves no liquidity: the position's NFT is burned from its holder's
 * account under the instruction, which is the proof it was closed, and the accounts' rent goes back.
 */
function closedPosition(entry: Entry, facts: TxFacts): string | null {
  const i = entry.ix.info as Record<string, any>;
  const burned = facts
    .descendants(entry)
    ?.some(({ ix }) => isTokenProgram(ix.programId) && /^burn/.test(ix.type ?? '') && ix.info.account === i.positionNftAccount);
  const position = str(i.personalPosition);
  const nft = str(i.positionNftMint);
  if ((!facts.failed && burned !== true) || position === undefined || nft === undefined) return null;
  const what = `position ${position}, burning its NFT ${nft}, on ${programName(entry.ix.programId)}`;
  return say(facts.failed, str(i.nftOwner), 'closed', 'close', what);
}

const DLMM = 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo';

/** The fees Meteora DLMM's ClaimFee events under a claim report, X then Y. */
function dlmmFees(under: Entry[]): bigint[] | undefined {
  const events = under.filter((e) => e.ix.programId === DLMM && /^ClaimFee2?$/.test(e.ix.type ?? ''));
  const fees = events.flatMap((e) => [big(e.ix.info.feeX), big(e.ix.info.feeY)]);
  return fees.some((f) => f === undefined) ? undefined : (fees as bigint[]);
}

const meteoraDlmm: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const action = ({ removeLiquidityByRange2: 'withdraw', claimFee2: 'collect' } as const)[entry.ix.type ?? ''];
  if (action === undefined) return null;
  return describe(entry, facts, {
    actor: str(i.sender),
    action,
    pool: str(i.lbPair),
    noun: 'pool',
    position: str(i.position),
    accounts: [str(i.userTokenX), str(i.userTokenY)],
    mints: [str(i.tokenXMint), str(i.tokenYMint)],
    reportedFees: dlmmFees,
  });
};

/**
 * Jupiter Perpetuals' JLP pool: one custody's token in for JLP minted, or JLP burned for one
 * custody's token out (also a leg of Jupiter routes, which reach JLP through it).
 */
const jupiterPerpetuals: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const action = (
    { addLiquidity: 'deposit', addLiquidity2: 'deposit', removeLiquidity: 'withdraw', removeLiquidity2: 'withdraw' } as const
  )[entry.ix.type ?? ''];
  if (action === undefined) return null;
  return describe(entry, facts, {
    actor: str(i.owner),
    action,
    pool: str(i.pool),
    noun: 'pool',
    accounts: [str(action === 'deposit' ? i.fundingAccount : i.receivingAccount)],
    lpAccount: str(i.lpTokenAccount),
    lpMint: str(i.lpTokenMint),
    lpBurned: big(i.lpAmountIn ?? i.params?.lpAmountIn),
  });
};

export const liquidityTemplates: Readonly<Record<string, Template>> = {
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8': raydiumAmm,
  CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C: raydiumCpmm,
  pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA: pumpSwap,
  '24Uqj9JCLxUeoC3hGfh5W3s9FM9uCHDS2SG3LYwBpyTi': meteoraVault,
  REALQqNEomY6cQGZJUGwywTBD2UmDT32rZcNnfxQ5N2: byrealClmm,
  [DLMM]: meteoraDlmm,
  PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu: jupiterPerpetuals,
  ...Object.fromEntries(
    [
      'SwaPpA9LAaLfeLi3a68M4DjnLqgtticKg6CnyNwgAC8',
      'DjVE6JNiYqPL2QXyCUUh8rNjHrbz9hXHNYt99MQ59qw1',
      '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP',
      'SSwapUtytfBdBn1b9NUGG6foMVPtcWgpRU32HToDUZr',
      'FLUXubRmkEi2q6K3Y9kBPg9248ggaZVsoSFhtJHSrm1X',
    ].map((id) => [id, tokenSwap]),
  ),
};
