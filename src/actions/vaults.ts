/**
 * Vaults and farms that hold tokens for others: Stabble's vault (which pays out a Stabble pool's
 * side of a trade), Voltr's strategy vaults, Kamino's farms and ApePro's smart wallets. Each amount is what the transfers
 * under the instruction moved into the account that receives it, never an argument: Voltr's
 * `amount` may be 0 while rewards move, and a Kamino stake of u64::MAX means "all there is". A
 * failed transaction moved nothing, so its sentence names the asset without an amount, except
 * where the argument is the amount (a Kamino stake of a given size).
 */
import { big, str, type Template } from './facts.js';
import { asset, lamports, paidInto, programName, say, WSOL_MINT } from './phrases.js';

const U64_MAX = 18446744073709551615n;

/**
 * Stabble Vault: the vault pays `destToken`, and the vault's beneficiary its cut (`withdrawV2`
 * names its account; `withdraw` passes it as the first remaining account). A cut of 0 moves
 * nothing and is left out.
 */
const stabbleVault: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type !== 'withdraw' && entry.ix.type !== 'withdrawV2') return null;
  const mint = str(i.mint) ?? facts.tokenAccount(str(i.vaultToken))?.mint;
  const paid = paidInto(facts, entry, i.destToken, asset(undefined, mint));
  const beneficiary = str(i.beneficiaryToken) ?? str(i.remainingAccounts?.[0]);
  const cut = beneficiary === undefined ? undefined : paidInto(facts, entry, beneficiary, undefined);
  const alsoPaid = cut === undefined ? '' : `, and ${cut} to beneficiary token account ${beneficiary},`;
  const what = paid && `${paid} from vault ${i.vault} into token account ${i.destToken}${alsoPaid} on ${programName(entry.ix.programId)}`;
  return say(facts.failed, str(i.withdrawAuthority), 'withdrew', 'withdraw', what);
};

/** Voltr Vault: a manager moves a strategy's assets back into the vault's idle account. */
const voltrVault: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  if (entry.ix.type !== 'withdrawStrategy') return null;
  const got = paidInto(facts, entry, i.vaultAssetIdleAta, asset(undefined, str(i.vaultAssetMint)));
  const what = got && `${got} from strategy ${i.strategy} into vault ${i.vault} on ${programName(entry.ix.programId, entry.ix.program)}`;
  return say(facts.failed, str(i.manager), 'withdrew', 'withdraw', what);
};

/** Kamino Farms: staking into a farm's vault, and harvesting a reward to the user's reward account. */
const kaminoFarms: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const on = `farm ${i.farmState} on Kamino Farms`;
  switch (entry.ix.type) {
    case 'stake': {
      const mint = str(i.tokenMint);
      const argument = big(i.amount);
      const tried = argument === U64_MAX ? `all of its ${asset(undefined, mint)}` : asset(argument, mint);
      const staked = paidInto(facts, entry, i.farmVault, tried);
      return say(facts.failed, str(i.owner), 'staked', 'stake', staked && `${staked} in ${on}`);
    }
    case 'harvestReward': {
      const reward = paidInto(facts, entry, i.userRewardTokenAccount, asset(undefined, str(i.rewardMint)));
      return say(facts.failed, str(i.payer), 'harvested', 'harvest', reward && `${reward} from ${on}`);
    }
    default:
      return null;
  }
};

/**
 * ApePro's smart wallet: its keeper, the signer, pays a user's SOL (`withdraw`, by System transfers
 * to the user) or tokens (`withdrawToken`, into the receiver's token account) out of the user's vault.
 */
const apePro: Template = (entry, facts) => {
  const i = entry.ix.info as Record<string, any>;
  const mint = str(i.mint);
  let paid: string | undefined;
  let to: unknown;
  if (entry.ix.type === 'withdraw' && mint === WSOL_MINT) {
    to = i.user;
    const sent = facts.failed ? big(i.amount) : facts.lamportsSentInto(entry, str(to));
    paid = sent === undefined ? undefined : lamports(sent);
  } else if (entry.ix.type === 'withdrawToken') {
    to = i.receiverTokenAccount;
    paid = paidInto(facts, entry, to, asset(big(i.amount), mint));
  } else return null;
  return say(
    facts.failed,
    str(i.keeper),
    'withdrew',
    'withdraw',
    paid && `${paid} from vault ${i.vault} to ${to} on ${programName(entry.ix.programId)}`,
  );
};

export const vaultTemplates: Readonly<Record<string, Template>> = {
  vo1tWgqZMjG61Z2T9qUaMYKqZ75CYzMuaZ2LZP1n7HV: stabbleVault,
  vVoLTRjQmtFpiYoegx285Ze4gsLJ8ZxgFKVcuvmG1a8: voltrVault,
  FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr: kaminoFarms,
  JSW99DKmxNyREQM14SQLDykeBvEUG63TeohrvmofEiw: apePro,
};
