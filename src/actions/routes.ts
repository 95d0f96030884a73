/**
 * What routers do around a trade: set up the token accounts a route passes through, note a token
 * account's balance so the route can trade what arrives in it later (a token ledger), wrap SOL,
 * and charge fees. The trade itself has its own sentence (swaps.ts); these say what the
 * transaction shows of the rest: the accounts initialized and the transfers under the instruction.
 * Where those are missing (a failed transaction moved nothing) the arguments name what was tried.
 */
import { big, isTokenProgram, str, type Entry, type Template, type TxFacts } from './facts.js';
import { asset, lamports, paidInto, programName, say } from './phrases.js';

/**
 * `createTokenAccount` (Jupiter, OKX DEX Router 2): the account is the one the token program
 * initialized under it, whose mint and owner it sets; OKX funds the account before and only
 * allocates it here, so the initialization is the proof both routers leave.
 */
function createdTokenAccount(entry: Entry, facts: TxFacts): string | null {
  const i = entry.ix.info;
  const account = str(i.tokenAccount);
  const initialized = facts
    .descendants(entry)
    ?.find(({ ix }) => isTokenProgram(ix.programId) && /^initializeAccount\d?$/.test(ix.type ?? '') && ix.info.account === account);
  const set = facts.failed ? { mint: i.mint ?? i.tokenMint, owner: i.owner ?? i.user } : initialized?.ix.info;
  const mint = str(set?.mint);
  const owner = str(set?.owner);
  if (account === undefined || mint === undefined || owner === undefined) return null;
  const what = `token account ${account} of ${mint} for ${owner} on ${programName(entry.ix.programId)}`;
  return say(facts.failed, str(i.payer) ?? str(i.user), 'created', 'create', what);
}

/**
 * `setTokenLedger` names no actor: it is told where the token account's owner signed. No amount is
 * told, as the answer has no balance for the moment it ran.
 */
function notedBalance(entry: Entry, facts: TxFacts): string | null {
  const i = entry.ix.info;
  const account = str(i.tokenAccount);
  const owner = facts.tokenAccount(account)?.owner;
  if (!facts.isSigner(owner) || str(i.tokenLedger) === undefined) return null;
  const what = `the balance of token account ${account} in token ledger ${i.tokenLedger} on ${programName(entry.ix.programId)}`;
  return say(facts.failed, owner, 'noted', 'note', what);
}

const routeSetUp: Template = (entry, facts) => {
  switch (entry.ix.type) {
    case 'createTokenAccount':
      return createdTokenAccount(entry, facts);
    case 'setTokenLedger':
      return notedBalance(entry, facts);
    default:
      return null;
  }
};

/** DFlow: SOL wrapped into the user's wrapped-SOL account, and what the user pays in fees and to a sponsor. */
const dflow: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = 'on DFlow';
  switch (entry.ix.type) {
    case 'wrapSol': {
      const account = str(i.wrappedSolAssociatedTokenAccount);
      const sent = facts.failed ? big(i.lamports) : facts.lamportsSentInto(entry, account);
      return sent === undefined
        ? null
        : say(facts.failed, str(i.from), 'wrapped', 'wrap', `${lamports(sent)} into token account ${account} ${on}`);
    }
    case 'transferFee': {
      const fee = paidInto(facts, entry, i.to, asset(big(i.amount), facts.tokenAccount(str(i.from))?.mint));
      return say(facts.failed, str(i.authority), 'paid', 'pay', fee && `a fee of ${fee} to token account ${i.to} ${on}`);
    }
    case 'transferToSponsor': {
      const paid = paidInto(facts, entry, i.sponsorTokenAccount, asset(big(i.amount), str(i.mint)));
      return say(facts.failed, str(i.userTokenAuthority), 'paid', 'pay', paid && `${paid} to sponsor ${i.sponsor} ${on}`);
    }
    default:
      return null;
  }
};

export const routeTemplates: Readonly<Record<string, Template>> = {
  JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4: routeSetUp,
  proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u: routeSetUp,
  DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH: dflow,
};
