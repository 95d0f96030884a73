/**
 * actionskit's sentences for what goes on around trades and in vaults, on the recorded mainnet
 * transactions of test/fixtures (mostly jowency-me/solana-tx-parser's April 2026 set): route
 * set-up (Jupiter and OKX DEX Router 2 createTokenAccount and setTokenLedger), DFlow's wrapping and
 * fees, Sanctum's wrapped-SOL withdrawal, Stabble and Voltr vault withdrawals, Kamino farm stakes
 * and harvests, Pump.fun's migration to PumpSwap, Jupiter DCA keeper fills, Byreal's position
 * closing and Moonshot sells. Each expected value is read here from the transaction, without
 * src/actions: the accounts initialized, the transfers and burns under the instruction, the
 * owners the balances give, and the programs' own events.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeTransaction } from '../src/actions/summarize.js';
import { enhancedResult } from './support/enhanced.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { seedForm } from './support/readable-amounts.js';
import { recordedAnswers } from './support/recorded-answer.js';
import {
  amountOf as readAmount,
  assertGrounded,
  entriesOf,
  info,
  isToken,
  keysOf,
  ownerOf,
  signersOf,
  SYSTEM,
  type,
  under,
  WSOL,
  type RawEntry,
} from './support/sentence-grounds.js';

const registry = loadBundledRegistry();
const enhance = (result: unknown) => enhancedResult(result, registry);
const recorded = recordedAnswers().map(({ where, result }) => ({ where, result: enhance(result) }));

const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const OKX2 = 'proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u';
const DFLOW = 'DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH';
const SANCTUM = 'stkitrT1Uoy18Dk1fTrgPw8W6MVzoCfYoAFT4MLsmhq';
const STABBLE_VAULT = 'vo1tWgqZMjG61Z2T9qUaMYKqZ75CYzMuaZ2LZP1n7HV';
const VOLTR = 'vVoLTRjQmtFpiYoegx285Ze4gsLJ8ZxgFKVcuvmG1a8';
const KAMINO_FARMS = 'FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr';
const PUMP = '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P';
const DCA = 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M';
const BYREAL = 'REALQqNEomY6cQGZJUGwywTBD2UmDT32rZcNnfxQ5N2';
const MOONSHOT = 'MoonCVVNZFSYkqNXP6bxHLPL6QQJiMagDL3qcqUQTrG';
const PHOENIX = 'PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY';

/** The instructions these templates tell, by program, and how many recorded transactions exercise each. */
const told: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  [JUPITER]: { createTokenAccount: 2, setTokenLedger: 2 },
  [OKX2]: { createTokenAccount: 3, setTokenLedger: 2 },
  [DFLOW]: { wrapSol: 1, transferFee: 2, transferToSponsor: 1 },
  [SANCTUM]: { withdrawWrappedSol: 1 },
  [STABBLE_VAULT]: { withdraw: 1, withdrawV2: 2 },
  [VOLTR]: { withdrawStrategy: 1 },
  [KAMINO_FARMS]: { stake: 1, harvestReward: 1 },
  [PUMP]: { migrate: 1 },
  [DCA]: { initiateFlashFill: 1, transfer: 1 },
  [BYREAL]: { closePosition: 2 },
  [MOONSHOT]: { sell: 1 },
};

interface Told {
  where: string;
  result: any;
  entries: RawEntry[];
  e: RawEntry;
  /** In seed form: base units alone (`100000000 lamports`, `2846 of <mint>`), each checked against its readable form. */
  sentence: string;
}

/** Every recorded entry of `program`'s `kind`, with its sentence. */
function each(program: string, kind: string): Told[] {
  const out: Told[] = [];
  for (const { where, result } of recorded) {
    const entries = entriesOf(result);
    summarizeTransaction(result).forEach((sentence, k) => {
      const e = entries[k];
      if (e.programId !== program || type(e) !== kind) return;
      assert.ok(sentence !== null, `${where} #${k} ${kind} has a sentence`);
      out.push({ where, result, entries, e, sentence: seedForm(result, sentence) });
    });
  }
  assert.ok(out.length > 0, `a recorded ${kind}`);
  return out;
}

const amountOf = (i: Record<string, any>) => readAmount(i)!;

/** Token transfers under `e` into (`destination`) or out of (`source`) `account`. */
const transfersUnder = (entries: RawEntry[], e: RawEntry, side: 'source' | 'destination', account: string) =>
  under(entries, e).filter((x) => isToken(x.programId) && /^transfer/.test(type(x) ?? '') && info(x)[side] === account);

const total = (xs: RawEntry[]) => xs.reduce((s, x) => s + amountOf(info(x)), 0n);

/** The mint of a token transfer: its own field, else the balances' mint of either account. */
function mintOf(result: any, x: RawEntry): string {
  const i = info(x);
  if (i.mint !== undefined) return i.mint;
  const keys = keysOf(result);
  const balances = [...result.meta.preTokenBalances, ...result.meta.postTokenBalances];
  return balances.find((b: any) => [i.source, i.destination].includes(keys[b.accountIndex])).mint;
}

/** `<n> of <mint>` or `<n> lamports` for one mint's transfers. */
function seeded(result: any, xs: RawEntry[]): string {
  assert.ok(xs.length > 0);
  const mint = mintOf(result, xs[0]);
  return mint === WSOL ? `${total(xs)} lamports` : `${total(xs)} of ${mint}`;
}

test('recorded transactions: every set-up, fee, vault and farm instruction these templates cover is told, and told truly', () => {
  for (const [program, kinds] of Object.entries(told))
    for (const [kind, count] of Object.entries(kinds)) {
      const found = each(program, kind);
      assert.equal(found.length, count, `${count} recorded ${kind} on ${program}`);
      for (const { where, result, entries, e, sentence } of found) {
        const at = `${where} #${entries.indexOf(e)} ${kind}: ${sentence}`;
        assert.doesNotMatch(sentence, / called /, `its family's sentence, not the generic one: ${at}`);
        assertGrounded(result, result, entries.indexOf(e), sentence, at);
      }
    }
});

/** The same transaction as if it had failed: an error, nothing run under any instruction, no balance moved. */
function asFailed(result: any): any {
  const failed = structuredClone(result);
  failed.meta.err = { InstructionError: [0, 'Custom'] };
  failed.meta.innerInstructions = [];
  failed.meta.postTokenBalances = failed.meta.preTokenBalances;
  failed.meta.postBalances = failed.meta.preBalances;
  return failed;
}

test('the same transactions failed: each says what was tried, with amounts only from its arguments', () => {
  let failedSentences = 0;
  for (const [program, kinds] of Object.entries(told))
    for (const kind of Object.keys(kinds))
      for (const { where, result, e } of each(program, kind)) {
        if (e.group !== undefined) continue; // an inner entry of a failed transaction is not in its answer
        const failed = asFailed(result);
        const k = entriesOf(failed).findIndex((x) => x.group === undefined && x.top === e.top);
        const sentence = summarizeTransaction(failed)[k];
        assert.ok(sentence !== null, `${where} failed, ${kind} has a sentence`);
        const at = `${where} failed, ${kind}: ${sentence}`;
        assert.match(sentence, /^\S+ failed to /, at);
        assertGrounded(failed, failed, k, seedForm(failed, sentence), at);
        failedSentences++;
      }
  // Every top-level one; Sanctum's, Stabble Vault's, Kamino's harvest and one OKX set-up ran inside another program.
  assert.equal(failedSentences, 20);
});

test('createTokenAccount (Jupiter, OKX DEX Router 2): the account the token program initialized under it, with that mint and owner', () => {
  for (const [program, venue] of [
    [JUPITER, 'Jupiter'],
    [OKX2, 'OKX DEX Router 2'],
  ])
    for (const { entries, e, sentence } of each(program, 'createTokenAccount')) {
      const i = info(e);
      const m = new RegExp(`^(\\S+) created token account (\\S+) of (\\S+) for (\\S+) on ${venue}$`).exec(sentence);
      assert.ok(m, sentence);
      assert.equal(m[1], i.payer ?? i.user);
      assert.equal(m[2], i.tokenAccount);
      const initialized = under(entries, e).filter((x) => isToken(x.programId) && /^initializeAccount/.test(type(x) ?? ''));
      assert.equal(initialized.length, 1);
      assert.deepEqual([info(initialized[0]).account, info(initialized[0]).mint, info(initialized[0]).owner], m.slice(2, 5));
    }
});

test("setTokenLedger: the token account's owner, who signed, noted its balance; no amount is claimed", () => {
  for (const program of [JUPITER, OKX2])
    for (const { result, e, sentence } of each(program, 'setTokenLedger')) {
      const i = info(e);
      const m = /^(\S+) noted the balance of token account (\S+) in token ledger (\S+) on (?:Jupiter|OKX DEX Router 2)$/.exec(sentence);
      assert.ok(m, sentence);
      assert.equal(m[1], ownerOf(result, i.tokenAccount));
      assert.ok(signersOf(result).has(m[1]));
      assert.deepEqual(m.slice(2, 4), [i.tokenAccount, i.tokenLedger]);
    }
});

test('DFlow wrapSol: the lamports a System transfer under it sent into the wrapped-SOL account', () => {
  for (const { entries, e, sentence } of each(DFLOW, 'wrapSol')) {
    const i = info(e);
    const sent = under(entries, e).filter(
      (x) => x.programId === SYSTEM && type(x) === 'transfer' && info(x).destination === i.wrappedSolAssociatedTokenAccount,
    );
    assert.equal(sent.length, 1);
    assert.equal(sentence, `${i.from} wrapped ${total(sent)} lamports into token account ${i.wrappedSolAssociatedTokenAccount} on DFlow`);
  }
});

test('DFlow transferFee and transferToSponsor: what the transfer under each paid into the fee account or the sponsor', () => {
  for (const { result, entries, e, sentence } of each(DFLOW, 'transferFee')) {
    const i = info(e);
    const fee = seeded(result, transfersUnder(entries, e, 'destination', i.to));
    assert.equal(sentence, `${i.authority} paid a fee of ${fee} to token account ${i.to} on DFlow`);
  }
  for (const { result, entries, e, sentence } of each(DFLOW, 'transferToSponsor')) {
    const i = info(e);
    const paid = transfersUnder(entries, e, 'destination', i.sponsorTokenAccount);
    assert.equal(ownerOf(result, i.sponsorTokenAccount), i.sponsor);
    assert.equal(sentence, `${i.userTokenAuthority} paid ${seeded(result, paid)} to sponsor ${i.sponsor} on DFlow`);
  }
});

test('Sanctum withdrawWrappedSol: what left the user account (burned and the pool fee) for the wrapped SOL paid into its own', () => {
  for (const { result, entries, e, sentence } of each(SANCTUM, 'withdrawWrappedSol')) {
    const i = info(e);
    const left = under(entries, e).filter(
      (x) =>
        isToken(x.programId) &&
        ((type(x) === 'burn' && info(x).account === i.srcTokenFrom) ||
          (/^transfer/.test(type(x) ?? '') && info(x).source === i.srcTokenFrom)),
    );
    assert.deepEqual(left.map(type).sort(), ['burn', 'transferChecked']);
    // The pool burned part and took the rest as its fee: together the amount asked for.
    assert.equal(total(left), BigInt(i.amount));
    const got = seeded(result, transfersUnder(entries, e, 'destination', i.wsolTo));
    assert.equal(sentence, `${i.user} redeemed ${total(left)} of ${i.srcTokenMint} for ${got} on Sanctum`);
  }
});

test("Stabble Vault withdraw and withdrawV2: the vault's payout, and the beneficiary's cut where it was more than 0", () => {
  for (const kind of ['withdraw', 'withdrawV2'])
    for (const { result, entries, e, sentence } of each(STABBLE_VAULT, kind)) {
      const i = info(e);
      const payout = transfersUnder(entries, e, 'destination', i.destToken);
      assert.equal(total(payout), BigInt(i.amount));
      const beneficiary = i.beneficiaryToken ?? i.remainingAccounts?.[0];
      const cut = transfersUnder(entries, e, 'destination', beneficiary);
      const alsoPaid =
        BigInt(i.beneficiaryAmount) === 0n ? '' : `, and ${seeded(result, cut)} to beneficiary token account ${beneficiary},`;
      if (alsoPaid === '') assert.equal(cut.length, 0);
      else assert.equal(total(cut), BigInt(i.beneficiaryAmount));
      const expected = `${i.withdrawAuthority} withdrew ${seeded(result, payout)} from vault ${i.vault} into token account ${i.destToken}${alsoPaid} on Stabble Vault`;
      assert.equal(sentence, expected);
    }
});

test("Voltr Vault withdrawStrategy: what reached the vault's idle account; the amount argument (0) is not what moved", () => {
  for (const { result, entries, e, sentence } of each(VOLTR, 'withdrawStrategy')) {
    const i = info(e);
    const got = transfersUnder(entries, e, 'destination', i.vaultAssetIdleAta);
    assert.equal(i.amount, '0');
    assert.ok(total(got) > 0n);
    assert.equal(mintOf(result, got[0]), i.vaultAssetMint);
    assert.equal(sentence, `${i.manager} withdrew ${seeded(result, got)} from strategy ${i.strategy} into vault ${i.vault} on Voltr Vault`);
  }
});

test('Kamino Farms stake and harvestReward: what moved into the farm vault, and into the reward account', () => {
  for (const { result, entries, e, sentence } of each(KAMINO_FARMS, 'stake')) {
    const i = info(e);
    // u64::MAX asks the farm to stake everything the account holds: the transfer says how much that was.
    assert.equal(BigInt(i.amount), 2n ** 64n - 1n);
    assert.doesNotMatch(sentence, new RegExp(i.amount));
    const staked = transfersUnder(entries, e, 'destination', i.farmVault);
    assert.deepEqual(
      staked.map((x) => info(x).source),
      [i.userAta],
    );
    assert.equal(sentence, `${i.owner} staked ${seeded(result, staked)} in farm ${i.farmState} on Kamino Farms`);
  }
  for (const { result, entries, e, sentence } of each(KAMINO_FARMS, 'harvestReward')) {
    const i = info(e);
    const reward = transfersUnder(entries, e, 'destination', i.userRewardTokenAccount);
    assert.deepEqual(
      reward.map((x) => info(x).source),
      [i.rewardsVault],
    );
    assert.equal(ownerOf(result, i.userRewardTokenAccount), i.payer);
    assert.equal(sentence, `${i.payer} harvested ${seeded(result, reward)} from farm ${i.farmState} on Kamino Farms`);
  }
});

test("Pump.fun migrate: the curve's tokens and SOL that reached the new pool's accounts, as its completion event reports", () => {
  for (const { result, entries, e, sentence } of each(PUMP, 'migrate')) {
    const i = info(e);
    // The pool's token accounts are those initialized under the migration with the pool as owner.
    const poolAccounts = under(entries, e)
      .filter((x) => type(x) === 'initializeAccount3' && info(x).owner === i.pool)
      .map((x) => info(x).account);
    assert.equal(poolAccounts.length, 2);
    const [base, quote] = poolAccounts.map((a) =>
      total(under(entries, e).filter((x) => /^transfer/.test(type(x) ?? '') && info(x).destination === a)),
    );
    const event = under(entries, e).find((x) => type(x) === 'CompletePumpAmmMigrationEvent')!;
    assert.deepEqual([base, quote], [BigInt(info(event).mintAmount), BigInt(info(event).solAmount)]);
    assert.equal(
      sentence,
      `${i.user} migrated token ${i.mint} from bonding curve ${i.bondingCurve} to PumpSwap pool ${i.pool} with ${base} of ${i.mint} and ${quote} lamports on Pump.fun`,
    );
    assert.ok(signersOf(result).has(i.user));
  }
});

test("Jupiter DCA keeper fills: the input taken out of the DCA, and the output sent on to the user, as the program's Withdraw event reports", () => {
  for (const { result, entries, e, sentence } of each(DCA, 'initiateFlashFill')) {
    const i = info(e);
    const taken = transfersUnder(entries, e, 'destination', i.keeperInAta);
    assert.deepEqual(
      taken.map((x) => info(x).source),
      [i.inAta],
    );
    assert.equal(sentence, `${i.keeper} took ${seeded(result, taken)} out of DCA ${i.dca} to fill it on Jupiter DCA`);
  }
  for (const { result, entries, e, sentence } of each(DCA, 'transfer')) {
    const i = info(e);
    const sent = transfersUnder(entries, e, 'destination', i.userOutAta);
    const event = under(entries, e).find((x) => type(x) === 'Withdraw')!;
    assert.equal(total(sent), BigInt(info(event).outAmount));
    assert.equal(sentence, `${i.keeper} sent ${seeded(result, sent)} from DCA ${i.dca} to ${i.user} on Jupiter DCA`);
  }
});

test("Byreal CLMM closePosition: the holder burned the position's NFT under it", () => {
  for (const { result, entries, e, sentence } of each(BYREAL, 'closePosition')) {
    const i = info(e);
    const burned = under(entries, e).filter((x) => isToken(x.programId) && type(x) === 'burn' && info(x).account === i.positionNftAccount);
    assert.deepEqual(
      burned.map((x) => [info(x).mint, info(x).amount, info(x).authority]),
      [[i.positionNftMint, '1', i.nftOwner]],
    );
    assert.ok(signersOf(result).has(i.nftOwner));
    assert.equal(sentence, `${i.nftOwner} closed position ${i.personalPosition}, burning its NFT ${i.positionNftMint}, on Byreal CLMM`);
  }
});

test('Moonshot sell: the tokens transferred to the curve; the SOL, paid by a lamport change no instruction records, has no amount', () => {
  for (const { result, entries, e, sentence } of each(MOONSHOT, 'sell')) {
    const i = info(e);
    const sold = transfersUnder(entries, e, 'source', i.senderTokenAccount);
    assert.equal(total(sold), BigInt(i.data.tokenAmount));
    assert.equal(under(entries, e).filter((x) => x.programId === SYSTEM).length, 0);
    assert.equal(sentence, `${i.sender} sold ${seeded(result, sold)} for SOL on Moonshot`);
  }
});

test('what the transaction does not prove keeps the generic sentence: Phoenix post-only orders move nothing and count ticks and lots', () => {
  for (const { entries, e, sentence } of each(PHOENIX, 'placeMultiplePostOnlyOrders')) {
    assert.equal(under(entries, e).filter((x) => isToken(x.programId)).length, 0);
    assert.match(sentence, /^\S+ called placeMultiplePostOnlyOrders .* on Phoenix$/);
  }
});
