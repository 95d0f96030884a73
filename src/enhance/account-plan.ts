/**
 * Which of an instruction's described accounts each account it was given is. Most instructions
 * take their accounts in the described order, but not all: an optional account the program allows
 * to be left out (Raydium AMM v4's target orders, Codama's `omitted` strategy) shifts every later
 * one, and a list of any length in the middle (Serum's `consumeEvents` open orders) puts the
 * accounts after it at the end. The plan depends only on the description and the count, so it is
 * worked out once per pair.
 */
import type { InstructionDesc } from '../idl/description.js';

/** How the count fits the description: higher is better (used to choose between program versions). */
export const AccountFit = {
  /** Fewer accounts than the description requires: the program would have refused them. */
  Fewer: 0,
  /** All described accounts and more (remaining accounts, as many programs take). */
  More: 1,
  Exact: 2,
} as const;
export type AccountFit = (typeof AccountFit)[keyof typeof AccountFit];

export type PlannedAccount =
  /** Described account `desc` is the given account at `index`. */
  | { desc: number; index: number }
  /** Described account `desc` was left out (rendered null). */
  | { desc: number; absent: true }
  /** Described account `desc` is the list of given accounts [from, to). */
  | { desc: number; from: number; to: number };

export interface AccountPlan {
  /** In described order; accounts the count does not reach are not in it. */
  accounts: PlannedAccount[];
  /** Given accounts from this index on are beyond the description. */
  remainingFrom: number;
  fit: AccountFit;
}

const plans = new WeakMap<InstructionDesc, Map<number, AccountPlan>>();

export function accountPlan(instruction: InstructionDesc, count: number): AccountPlan {
  let byCount = plans.get(instruction);
  if (byCount === undefined) {
    byCount = new Map();
    plans.set(instruction, byCount);
  }
  let plan = byCount.get(count);
  if (plan === undefined) {
    plan = planFor(instruction, count);
    // Counts come from the data, but an instruction takes at most 256 accounts: the map stays small.
    byCount.set(count, plan);
  }
  return plan;
}

function planFor(instruction: InstructionDesc, count: number): AccountPlan {
  const described = instruction.accounts;
  const list = described.findIndex((a) => a.variadic === true);
  if (list >= 0 && count >= described.length - 1) {
    const after = described.length - 1 - list;
    const accounts: PlannedAccount[] = described.map((_, desc) => {
      if (desc < list) return { desc, index: desc };
      if (desc === list) return { desc, from: list, to: count - after };
      return { desc, index: count - (described.length - desc) };
    });
    return { accounts, remainingFrom: count, fit: AccountFit.Exact };
  }
  if (instruction.optionalAccounts === 'omitted' && count < described.length) {
    const required = described.filter((a) => !a.optional).length;
    if (count >= required) {
      // Present optional accounts fill in order: the last ones are those left out (as the Rust
      // programs read them, one `next_account_info` after another).
      let presentOptional = count - required;
      let index = 0;
      const accounts: PlannedAccount[] = described.map((a, desc) => {
        if (!a.optional) return { desc, index: index++ };
        if (presentOptional === 0) return { desc, absent: true };
        presentOptional--;
        return { desc, index: index++ };
      });
      return { accounts, remainingFrom: count, fit: AccountFit.Exact };
    }
  }
  const named = Math.min(count, described.length);
  const accounts: PlannedAccount[] = [];
  for (let desc = 0; desc < named; desc++) accounts.push({ desc, index: desc });
  return { accounts, remainingFrom: named, fit: fitOf(instruction, count) };
}

function fitOf(instruction: InstructionDesc, count: number): AccountFit {
  const described = instruction.accounts;
  if (count > described.length) return AccountFit.More;
  if (count === described.length) return AccountFit.Exact;
  // Trailing optional accounts left out shift nothing (token-swap's host fee account).
  for (let desc = count; desc < described.length; desc++) if (!described[desc].optional) return AccountFit.Fewer;
  return AccountFit.Exact;
}
