/**
 * Liquid staking (Marinade, SPL stake pools, Sanctum's wrapped-SOL withdrawals): SOL or a stake
 * account goes in, pool tokens (mSOL, JitoSOL…) come out, and back. The SOL side of a deposit is
 * the instruction's argument; the pool tokens a deposit gave are the mints and transfers into the
 * user's pool-token account under it;
 * the SOL an unstake paid is the System (or Stake) transfers to the user's account under it.
 */
import { big, isTokenProgram, str, tokenAmountOf, type Entry, type Template, type TxFacts } from './facts.js';
import { asset, lamports, programName, say, WSOL_MINT } from './phrases.js';

/** Pool tokens that arrived in `account` under the entry: minted to it or transferred into it. */
function tokensInto(entry: Entry, facts: TxFacts, account: string | undefined): bigint | undefined {
  const under = facts.descendants(entry);
  if (under === undefined || account === undefined || facts.failed) return undefined;
  let sum: bigint | undefined;
  for (const { ix } of under) {
    if (!isTokenProgram(ix.programId)) continue;
    const into = /^mintTo/.test(ix.type ?? '') ? ix.info.account : /^transfer/.test(ix.type ?? '') ? ix.info.destination : undefined;
    const amount = big(ix.info.amount) ?? big((ix.info.tokenAmount as { amount?: unknown } | undefined)?.amount);
    if (into === account && amount !== undefined) sum = (sum ?? 0n) + amount;
  }
  return sum;
}

/** Lamports that reached `account` under the entry by System transfers or Stake withdrawals. */
function lamportsInto(entry: Entry, facts: TxFacts, account: string | undefined): bigint | undefined {
  const under = facts.descendants(entry);
  if (under === undefined || account === undefined || facts.failed) return undefined;
  let sum: bigint | undefined;
  for (const { ix } of under) {
    const isPayment = (ix.program === 'system' && ix.type === 'transfer') || (ix.program === 'stake' && ix.type === 'withdraw');
    const amount = big(ix.info.lamports);
    if (isPayment && ix.info.destination === account && amount !== undefined) sum = (sum ?? 0n) + amount;
  }
  return sum;
}

const marinade: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const msol = str(i.msolMint);
  const on = 'on Marinade';
  switch (entry.ix.type) {
    case 'deposit': {
      const n = big(i.lamports);
      if (n === undefined) return null;
      return say(
        facts.failed,
        str(i.transferFrom),
        'staked',
        'stake',
        `${lamports(n)} for ${asset(tokensInto(entry, facts, str(i.mintTo)), msol)} ${on}`,
      );
    }
    case 'depositStakeAccount':
      return say(
        facts.failed,
        str(i.stakeAuthority),
        'deposited',
        'deposit',
        `stake account ${i.stakeAccount} for ${asset(tokensInto(entry, facts, str(i.mintTo)), msol)} ${on}`,
      );
    case 'liquidUnstake': {
      const n = big(i.msolAmount);
      const paid = lamportsInto(entry, facts, str(i.transferSolTo));
      if (n === undefined) return null;
      return say(
        facts.failed,
        str(i.getMsolFromAuthority),
        'unstaked',
        'unstake',
        `${asset(n, msol)} for ${paid === undefined ? 'SOL' : lamports(paid)} ${on}`,
      );
    }
    case 'orderUnstake': {
      const n = big(i.msolAmount);
      if (n === undefined) return null;
      return say(
        facts.failed,
        str(i.burnMsolAuthority),
        'ordered',
        'order',
        `a delayed unstake of ${asset(n, msol)} with ticket ${i.newTicketAccount} ${on}`,
      );
    }
    case 'claim': {
      // No one signs a claim: the SOL goes to the ticket's beneficiary, who is the account named here.
      const paid = lamportsInto(entry, facts, str(i.transferSolTo));
      return say(
        facts.failed,
        str(i.transferSolTo),
        'claimed',
        'claim',
        `${paid === undefined ? 'the SOL' : lamports(paid)} of unstake ticket ${i.ticketAccount} ${on}`,
      );
    }
    case 'withdrawStakeAccount': {
      const n = big(i.msolAmount);
      if (n === undefined) return null;
      return say(
        facts.failed,
        str(i.burnMsolAuthority),
        'redeemed',
        'redeem',
        `${asset(n, msol)} for stake account ${i.splitStakeAccount} ${on}`,
      );
    }
    default:
      return null;
  }
};

/**
 * SPL Stake Pool. Its bundled description comes from more than one author, so the same account
 * goes by different names across instructions; each template lists the names it may have.
 */
const stakePool: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const venue = programName(entry.ix.programId, entry.ix.program);
  const on = `from stake pool ${i.stakePool} on ${venue}`;
  const into = `into stake pool ${i.stakePool} on ${venue}`;
  const mint = str(i.poolTokenMint) ?? str(i.poolTokenMintAccount);
  switch (entry.ix.type) {
    case 'depositSol':
    case 'depositSolWithSlippage': {
      const n = big(i.depositAmount) ?? big(i.lamportsIn);
      const receiver = str(i.userAccount) ?? str(i.poolTokenAccount);
      if (n === undefined) return null;
      return say(
        facts.failed,
        str(i.depositer) ?? str(i.depositAccount),
        'deposited',
        'deposit',
        `${lamports(n)} for ${asset(tokensInto(entry, facts, receiver), mint)} ${into}`,
      );
    }
    case 'depositStake':
    case 'depositStakeWithSlippage': {
      // The depositor does not sign here (it handed the stake account to the pool just before);
      // the owner of the account that receives the pool tokens is who the deposit is for.
      const receiver = str(i.poolTokenAccount) ?? str(i.poolTokensAmount);
      const owner = facts.tokenAccount(receiver)?.owner;
      return say(
        facts.failed,
        owner,
        'deposited',
        'deposit',
        `stake account ${i.stakeAccount} for ${asset(tokensInto(entry, facts, receiver), mint)} ${into}`,
      );
    }
    case 'withdrawStake':
    case 'withdrawStakeWithSlippage': {
      const n = big(i.amount) ?? big(i.poolTokensIn);
      const account = str(i.uninitializedStakeAccount) ?? str(i.withdrawalAccount);
      if (n === undefined || account === undefined) return null;
      return say(facts.failed, str(i.userTransferAuthority), 'redeemed', 'redeem', `${asset(n, mint)} for stake account ${account} ${on}`);
    }
    case 'withdrawSol':
    case 'withdrawSolWithSlippage': {
      const n = big(i.arg) ?? big(i.poolTokensIn);
      if (n === undefined) return null;
      const paid = lamportsInto(entry, facts, str(i.withdrawAccount));
      return say(
        facts.failed,
        str(i.transferAuthority),
        'redeemed',
        'redeem',
        `${asset(n, mint)} for ${paid === undefined ? 'SOL' : lamports(paid)} ${on}`,
      );
    }
    default:
      return null;
  }
};

/**
 * Sanctum's router: `withdrawWrappedSol` redeems a liquid staking token for wrapped SOL through its
 * stake pool. What the user gave is what left its account under the instruction, burned by the pool
 * or taken as the pool's fee; what it got is the wrapped SOL paid into its account. A route between
 * two staking tokens goes through a stake account in two calls (Jupiter makes them as one leg):
 * `prefundWithdrawStake` redeems the first token for the stake account, `depositStake` deposits it
 * for the second, net of the router's fee (what arrived in the user's account).
 */
const sanctum: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const given = () => (facts.failed ? big(i.amount ?? i.args?.amount) : tokensOutOf(entry, facts, str(i.srcTokenFrom)));
  switch (entry.ix.type) {
    case 'withdrawWrappedSol': {
      const paid = given();
      const got = facts.tokensMoved(entry, 'destination', [i.wsolTo]).get(str(i.wsolMint));
      if (paid === undefined || (got === undefined && !facts.failed)) return null;
      return say(
        facts.failed,
        str(i.user),
        'redeemed',
        'redeem',
        `${asset(paid, str(i.srcTokenMint))} for ${asset(got, str(i.wsolMint))} on Sanctum`,
      );
    }
    case 'prefundWithdrawStake': {
      const paid = given();
      if (paid === undefined || i.bridgeStake === undefined) return null;
      return say(
        facts.failed,
        str(i.user),
        'redeemed',
        'redeem',
        `${asset(paid, str(i.srcTokenMint))} for stake account ${i.bridgeStake} on Sanctum`,
      );
    }
    case 'depositStake': {
      const got = facts.tokensMoved(entry, 'destination', [i.destTokenTo]).get(str(i.destTokenMint));
      if (i.stakeAccount === undefined || (got === undefined && !facts.failed)) return null;
      return say(
        facts.failed,
        str(i.user),
        'deposited',
        'deposit',
        `stake account ${i.stakeAccount} for ${asset(got, str(i.destTokenMint))} on Sanctum`,
      );
    }
    default:
      return null;
  }
};

/**
 * unstake.it (Sanctum's instant unstaking): a stake account handed to a pool for SOL at once, paid
 * by System transfers from the pool's reserves to the `destination` under the instruction
 * (`unstakeWsol`: wrapped SOL into its token account), less the pool's fee.
 */
const unstakeIt: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type !== 'unstake' && entry.ix.type !== 'unstakeWsol') return null;
  const paid =
    entry.ix.type === 'unstake'
      ? lamportsInto(entry, facts, str(i.destination))
      : facts.tokensMoved(entry, 'destination', [i.destination]).get(WSOL_MINT);
  if (i.stakeAccount === undefined || (paid === undefined && !facts.failed)) return null;
  const got = paid === undefined ? 'SOL' : entry.ix.type === 'unstake' ? lamports(paid) : asset(paid, WSOL_MINT);
  return say(facts.failed, str(i.unstaker), 'unstaked', 'unstake', `stake account ${i.stakeAccount} for ${got} on unstake.it`);
};

/** Tokens that left `account` under the entry, transferred or burned; undefined where none did. */
function tokensOutOf(entry: Entry, facts: TxFacts, account: string | undefined): bigint | undefined {
  let sum: bigint | undefined;
  for (const { ix } of facts.descendants(entry) ?? []) {
    const out = /^burn/.test(ix.type ?? '') ? ix.info.account : /^transfer/.test(ix.type ?? '') ? ix.info.source : undefined;
    const amount = tokenAmountOf(ix.info);
    if (isTokenProgram(ix.programId) && out === account && amount !== undefined) sum = (sum ?? 0n) + amount;
  }
  return sum;
}

export const stakingTemplates: Readonly<Record<string, Template>> = {
  MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD: marinade,
  SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy: stakePool,
  // Sanctum's deployments of the same program (idls/deployments.json).
  SP12tWFxD9oJsVWNavTTBZvMbA6gkAmxtVgxdqvyvhY: stakePool,
  SPMBzsVUuoHA4Jm6KunbsotaahvVikZs1JyTW6iJvbn: stakePool,
  stkitrT1Uoy18Dk1fTrgPw8W6MVzoCfYoAFT4MLsmhq: sanctum,
  unpXTU2Ndrc7WWNyEhQWe4udTzSibLPi25SXv2xbCHQ: unstakeIt,
};
