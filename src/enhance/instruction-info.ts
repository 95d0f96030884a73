/**
 * The `parsed` object of an enhanced instruction: `type` is the instruction name in camelCase and
 * `info` holds the arguments followed by the named accounts (IDL order, placed by `accountPlan`),
 * then any accounts beyond the IDL's list as `remainingAccounts`.
 */
import type { DecodedInstruction } from '../decode/compile.js';
import type { InstructionDesc } from '../idl/description.js';
import { camelCase } from '../decode/names.js';
import { accountPlan } from './account-plan.js';

export interface ParsedInstruction {
  type: string;
  info: Record<string, unknown>;
}

/**
 * An account whose name an argument already uses is written as `<name>Account`, so neither value is
 * lost. An optional account left out is rendered as null, whether it was passed as the program id
 * (Anchor's convention) or left out of the list.
 */
export function parsedInstruction(decoded: DecodedInstruction, accounts: string[], programId: string): ParsedInstruction {
  const info: Record<string, unknown> = { ...decoded.args };
  const names = namesOf(decoded.instruction);
  const described = decoded.instruction.accounts;
  const plan = accountPlan(decoded.instruction, accounts.length);
  // An IDL that names a slot as we name the accounts beyond the list (SPL Governance's
  // executeTransaction: "3+ any extra accounts") heads that list, or the extras would overwrite it.
  let listed: string[] | undefined;
  for (const planned of plan.accounts) {
    let key = names.accounts[planned.desc];
    if (key === remainingKey) {
      if ('index' in planned) listed = [accounts[planned.index]];
      else if ('from' in planned) listed = accounts.slice(planned.from, planned.to);
      continue;
    }
    if (key in info) key += 'Account';
    if ('absent' in planned) info[key] = null;
    else if ('from' in planned) info[key] = accounts.slice(planned.from, planned.to);
    else info[key] = described[planned.desc].optional && accounts[planned.index] === programId ? null : accounts[planned.index];
  }
  if (listed !== undefined) info[remainingKey] = listed.concat(accounts.slice(plan.remainingFrom));
  else if (accounts.length > plan.remainingFrom) info[remainingKey] = accounts.slice(plan.remainingFrom);
  return { type: names.type, info };
}

const remainingKey = 'remainingAccounts';

/** camelCase names, computed once per instruction description rather than once per decode. */
const names = new WeakMap<InstructionDesc, { type: string; accounts: string[] }>();
export function namesOf(instruction: InstructionDesc) {
  let known = names.get(instruction);
  if (known === undefined) {
    known = { type: camelCase(instruction.name), accounts: instruction.accounts.map((a) => camelCase(a.name)) };
    names.set(instruction, known);
  }
  return known;
}
