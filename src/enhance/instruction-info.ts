/**
 * The `parsed` object of an enhanced instruction: `type` is the instruction name in camelCase and
 * `info` holds the arguments followed by the named accounts (IDL order), then any accounts beyond
 * the IDL's list as `remainingAccounts`.
 */
import type { DecodedInstruction } from '../decode/compile.js';
import type { InstructionDesc } from '../idl/description.js';
import { camelCase } from '../decode/names.js';

export interface ParsedInstruction {
  type: string;
  info: Record<string, unknown>;
}

/**
 * An account whose name an argument already uses is written as `<name>Account`, so neither value is
 * lost. An optional account left out is passed as the program id itself (Anchor's convention) and
 * is rendered as null.
 */
export function parsedInstruction(decoded: DecodedInstruction, accounts: string[], programId: string): ParsedInstruction {
  const info: Record<string, unknown> = { ...decoded.args };
  const names = namesOf(decoded.instruction);
  const named = decoded.instruction.accounts;
  const count = Math.min(named.length, accounts.length);
  for (let i = 0; i < count; i++) {
    let key = names.accounts[i];
    if (key in info) key += 'Account';
    info[key] = named[i].optional && accounts[i] === programId ? null : accounts[i];
  }
  if (accounts.length > named.length) info.remainingAccounts = accounts.slice(named.length);
  return { type: names.type, info };
}

/** camelCase names, computed once per instruction description rather than once per decode. */
const names = new WeakMap<InstructionDesc, { type: string; accounts: string[] }>();
function namesOf(instruction: InstructionDesc) {
  let known = names.get(instruction);
  if (known === undefined) {
    known = { type: camelCase(instruction.name), accounts: instruction.accounts.map((a) => camelCase(a.name)) };
    names.set(instruction, known);
  }
  return known;
}
