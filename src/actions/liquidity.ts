/**
 * Adding and removing pool liquidity (Raydium AMM v4, PumpSwap, Meteora vaults): the user's token
 * accounts on the pool's side pay in or are paid out, and an LP token is minted or burned. Each leg
 * is what moved under the instruction; the LP amount burned on withdrawal is the argument, which
 * the program burns exactly.
 */
import { big, isTokenProgram, str, type Entry, type Template, type TxFacts } from './facts.js';
import { asset, programName, sentence } from './phrases.js';

interface LiquidityPlan {
  actor: string | undefined;
  adding: boolean;
  /** What the liquidity goes into: `pool <address>` or `vault <address>`. */
  pool: string | undefined;
  noun: 'pool' | 'vault';
  /** The user's token accounts for the pool's assets. */
  accounts: (string | undefined)[];
  lpAccount: string | undefined;
  lpMint: string | undefined;
  /** LP tokens burned (withdrawals), an exact argument. */
  lpBurned?: bigint;
}

function describe(entry: Entry, facts: TxFacts, plan: LiquidityPlan): string | null {
  if (plan.actor === undefined || plan.pool === undefined) return null;
  const under = facts.failed ? undefined : facts.descendants(entry);
  const moves = under === undefined ? [] : facts.transfers(under);
  const legs = plan.accounts.map((account) => {
    const mint = facts.tokenAccount(account)?.mint;
    const moved = moves.filter((m) => m.asset === 'token' && (plan.adding ? m.source === account : m.destination === account));
    return asset(moved.length === 0 ? undefined : moved.reduce((s, m) => s + m.amount, 0n), moved[0]?.mint ?? mint);
  });
  const known = legs.filter((l): l is string => l !== undefined);
  if (known.length === 0) return null;
  const venue = programName(entry.ix.programId);
  const assets = known.join(' and ');
  if (plan.adding) {
    let minted: bigint | undefined;
    for (const { ix } of under ?? []) {
      const amount = big(ix.info.amount);
      if (isTokenProgram(ix.programId) && /^mintTo/.test(ix.type ?? '') && ix.info.account === plan.lpAccount && amount !== undefined)
        minted = (minted ?? 0n) + amount;
    }
    const lp = asset(minted, plan.lpMint);
    return sentence(
      facts.failed,
      plan.actor,
      'deposited',
      'deposit',
      `${assets} into ${plan.noun} ${plan.pool}${lp === undefined ? '' : ` for ${lp}`} on ${venue}`,
    );
  }
  const lp = asset(plan.lpBurned, plan.lpMint ?? facts.tokenAccount(plan.lpAccount)?.mint);
  return sentence(
    facts.failed,
    plan.actor,
    'withdrew',
    'withdraw',
    `${assets} from ${plan.noun} ${plan.pool}${lp === undefined ? '' : ` by burning ${lp}`} on ${venue}`,
  );
}

const raydiumAmm: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type !== 'deposit' && entry.ix.type !== 'withdraw') return null;
  return describe(entry, facts, {
    actor: str(i.userOwner),
    adding: entry.ix.type === 'deposit',
    pool: str(i.amm),
    noun: 'pool',
    accounts: [str(i.userCoinTokenAccount), str(i.userPcTokenAccount)],
    lpAccount: str(i.userLpTokenAccount),
    lpMint: str(i.lpMintAddress),
    lpBurned: entry.ix.type === 'withdraw' ? big(i.amount) : undefined,
  });
};

const pumpSwap: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type !== 'deposit' && entry.ix.type !== 'withdraw') return null;
  return describe(entry, facts, {
    actor: str(i.user),
    adding: entry.ix.type === 'deposit',
    pool: str(i.pool),
    noun: 'pool',
    accounts: [str(i.userBaseTokenAccount), str(i.userQuoteTokenAccount)],
    lpAccount: str(i.userPoolTokenAccount),
    lpMint: str(i.lpMint),
    lpBurned: big(i.lpTokenAmountIn),
  });
};

/** Meteora's vaults, which its dynamic AMM deposits into on the trader's behalf. */
const meteoraVault: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type !== 'deposit' && entry.ix.type !== 'withdraw') return null;
  return describe(entry, facts, {
    actor: str(i.user),
    adding: entry.ix.type === 'deposit',
    pool: str(i.vault),
    noun: 'vault',
    accounts: [str(i.userToken)],
    lpAccount: str(i.userLp),
    lpMint: str(i.lpMint),
    lpBurned: big(i.unmintAmount),
  });
};

export const liquidityTemplates: Readonly<Record<string, Template>> = {
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8': raydiumAmm,
  pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA: pumpSwap,
  '24Uqj9JCLxUeoC3hGfh5W3s9FM9uCHDS2SG3LYwBpyTi': meteoraVault,
};
