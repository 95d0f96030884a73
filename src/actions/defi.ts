/**
 * Other frequent DeFi actions: lending (marginfi), recurring buys (Jupiter DCA) and their keepers'
 * fills, order books (OpenBook, Serum), tip claims (Jito), and token launches and their move to a
 * pool (Pump.fun), bridging out (Hyperlane's warp route). Order-book arguments count
 * lots, not base units, so those sentences report the token amounts that moved under the
 * instruction instead.
 */
import { big, str, type Entry, type Template, type TxFacts } from './facts.js';
import { asset, assetList, lamports, paidInto, programName, say } from './phrases.js';

/**
 * marginfi. With `repayAll` / `withdrawAll` the amount argument is ignored by the program, so the
 * amount is what moved under the instruction, or (failed) the whole debt or deposit of the mint.
 */
const marginfi: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = `marginfi bank ${i.bank} on marginfi`;
  const amountOf = (account: unknown, direction: 'in' | 'out', whole?: string) => {
    const mint = facts.tokenAccount(str(account))?.mint;
    if (whole === undefined || (i.repayAll !== true && i.withdrawAll !== true)) return asset(big(i.amount), mint);
    return moved(entry, facts, [account], direction)[0] ?? `${whole}${mint === undefined ? '' : ` of ${mint}`}`;
  };
  const rest = (what: string | undefined, tail: string) => what && `${what} ${tail}`;
  switch (entry.ix.type) {
    case 'lendingAccountDeposit':
      return say(facts.failed, str(i.authority), 'deposited', 'deposit', rest(amountOf(i.signerTokenAccount, 'out'), `into ${on}`));
    case 'lendingAccountRepay':
      return say(
        facts.failed,
        str(i.authority),
        'repaid',
        'repay',
        rest(amountOf(i.signerTokenAccount, 'out', 'the whole debt'), `to ${on}`),
      );
    case 'lendingAccountWithdraw':
      return say(
        facts.failed,
        str(i.authority),
        'withdrew',
        'withdraw',
        rest(amountOf(i.destinationTokenAccount, 'in', 'the whole deposit'), `from ${on}`),
      );
    case 'lendingAccountBorrow':
      return say(facts.failed, str(i.authority), 'borrowed', 'borrow', rest(amountOf(i.destinationTokenAccount, 'in'), `from ${on}`));
    case 'lendingAccountLiquidate': {
      const n = big(i.assetAmount);
      if (n === undefined) return null;
      return say(
        facts.failed,
        str(i.authority),
        'liquidated',
        'liquidate',
        `${n} base units of the collateral in bank ${i.assetBank} from marginfi account ${i.liquidateeMarginfiAccount} on marginfi`,
      );
    }
    default:
      return null;
  }
};

const dca: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = 'on Jupiter DCA';
  switch (entry.ix.type) {
    case 'openDca':
    case 'openDcaV2': {
      const total = big(i.inAmount);
      const each = big(i.inAmountPerCycle);
      if (total === undefined || each === undefined || str(i.outputMint) === undefined) return null;
      return say(
        facts.failed,
        str(i.user),
        'opened',
        'open',
        `DCA ${i.dca} to swap ${asset(total, str(i.inputMint))} for ${asset(undefined, i.outputMint)}, ${asset(each, str(i.inputMint))} every ${i.cycleFrequency} seconds ${on}`,
      );
    }
    case 'closeDca':
      return say(facts.failed, str(i.user), 'closed', 'close', `DCA ${i.dca} ${on}`);
    case 'endAndClose':
      return say(facts.failed, str(i.keeper), 'closed', 'close', `the completed DCA ${i.dca} of ${i.user} ${on}`);
    // A keeper's fill: it takes a cycle's input out of the DCA, swaps it elsewhere, and the output
    // it delivers is moved on to the user. The amounts are those transfers.
    case 'initiateFlashFill': {
      const taken = paidInto(facts, entry, i.keeperInAta, asset(undefined, str(i.inputMint)));
      return say(facts.failed, str(i.keeper), 'took', 'take', taken && `${taken} out of DCA ${i.dca} to fill it ${on}`);
    }
    case 'transfer': {
      const sent = paidInto(facts, entry, i.userOutAta, asset(undefined, str(i.outputMint)));
      return say(facts.failed, str(i.keeper), 'sent', 'send', sent && `${sent} from DCA ${i.dca} to ${i.user} ${on}`);
    }
    default:
      return null;
  }
};

/**
 * Jito tip claims. Older deployments took one account fewer than the bundled description lists, so
 * from the third account on the names may sit one place late; the actor is whichever of the payer
 * and claimant positions holds a signer, and the claimant is not named separately.
 */
const jitoTips: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const n = big(i.amount);
  const actor = [str(i.payer), str(i.claimant)].find((a) => facts.isSigner(a));
  if (entry.ix.type !== 'claim' || n === undefined) return null;
  return say(
    facts.failed,
    actor,
    'claimed',
    'claim',
    `${lamports(n)} of tips from tip distribution account ${i.tipDistributionAccount} on Jito`,
  );
};

/** Token amounts that moved under the entry into (or out of) the given accounts, one phrase per mint. */
function moved(entry: Entry, facts: TxFacts, accounts: unknown[], direction: 'in' | 'out'): string[] {
  return assetList(facts.tokensMoved(entry, direction === 'in' ? 'destination' : 'source', accounts));
}

const orderBook: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = `on ${programName(entry.ix.programId)}`;
  switch (entry.ix.type) {
    case 'newOrderV3': {
      if (typeof i.side !== 'string') return null;
      const paid = moved(entry, facts, [i.orderPayerTokenAccount], 'out');
      const deposit = paid.length === 0 ? '' : `, depositing ${paid.join(' and ')}`;
      const side = i.side.toLowerCase();
      return say(
        facts.failed,
        str(i.openOrdersOwner),
        'placed',
        'place',
        `${side === 'ask' ? 'an' : 'a'} ${side} order on market ${i.market}${deposit} ${on}`,
      );
    }
    case 'settleFunds': {
      const got = moved(entry, facts, [i.coinWallet, i.pcWallet], 'in');
      return say(
        facts.failed,
        str(i.openOrdersOwner),
        'settled',
        'settle',
        `${got.length === 0 ? 'funds' : got.join(' and ')} from market ${i.market} ${on}`,
      );
    }
    default:
      return null;
  }
};

const pumpFun: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  switch (entry.ix.type) {
    case 'create':
    case 'createV2': {
      const label =
        typeof i.name === 'string' ? ` named ${JSON.stringify(i.name)}${typeof i.symbol === 'string' ? ` (${i.symbol})` : ''}` : '';
      return say(facts.failed, str(i.user), 'created', 'create', str(i.mint) && `token ${i.mint}${label} on Pump.fun`);
    }
    case 'migrate':
      return migrated(entry, facts);
    default:
      return null;
  }
};

/**
 * A completed bonding curve moved to a PumpSwap pool: the curve's tokens and SOL are what reached
 * the pool's own token accounts under the instruction (the pool it created owns them). Anyone may
 * run the migration; the signer who did is the actor.
 */
function migrated(entry: Entry, facts: TxFacts): string | null {
  const i = entry.ix.info as Record<string, any>;
  const pool = str(i.pool);
  const seeded = pool === undefined ? [] : moved(entry, facts, facts.tokenAccountsOf(pool), 'in');
  if (pool === undefined || str(i.mint) === undefined || (!facts.failed && seeded.length === 0)) return null;
  const what = `token ${i.mint} from bonding curve ${i.bondingCurve} to PumpSwap pool ${pool}`;
  const withWhat = seeded.length === 0 ? '' : ` with ${seeded.join(' and ')}`;
  return say(facts.failed, str(i.user), 'migrated', 'migrate', `${what}${withWhat} on Pump.fun`);
}

/**
 * Hyperlane's warp route (USDC collateral): the sender's tokens go into the route's escrow and a
 * message to the destination chain's domain goes out. The accounts sit among the remaining ones,
 * so the amount is what left any of them under the instruction; the recipient is a 32-byte
 * address of the other chain, which no account here names, so it is not told.
 */
const warpRoute: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type !== 'transferRemote' || typeof i.destinationDomain !== 'number') return null;
  const sent = facts.failed ? [asset(big(i.amountOrId), undefined)] : moved(entry, facts, i.remainingAccounts ?? [], 'out');
  if (sent.length !== 1 || sent[0] === undefined) return null;
  const what = `${sent[0]} to Hyperlane domain ${i.destinationDomain} on ${programName(entry.ix.programId)}`;
  return say(facts.failed, str(i.sender), 'sent', 'send', what);
};

export const defiTemplates: Readonly<Record<string, Template>> = {
  MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA: marginfi,
  DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M: dca,
  '4R3gSG8BpU4t19KYj8CfnbtRpnT8gtk4dvTHxVRwc2r7': jitoTips,
  srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX: orderBook,
  '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin': orderBook,
  '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P': pumpFun,
  '3EpVCPUgyjq2MfGeCttyey6bs5zya5wjYZ2BE6yDg6bm': warpRoute,
};
