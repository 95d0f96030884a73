/**
 * The sentence for a decoded instruction no family template covers: who signed it (else the fee
 * payer, whose transaction ran it), which
 * instruction of which program, its amount-like arguments and its key accounts, each by the name
 * its description gives them. Argument values are printed as the instruction carries them: the
 * description does not say which mint an argument counts, so no decimals are applied.
 *
 * Event entries (Anchor's self-CPI events, a program's own log instruction, a noop program's
 * entries) record what their caller did, which has its sentence; they get none.
 */
import { big, type Entry, type TxFacts } from './facts.js';
import { programName, sentence } from './phrases.js';

const amountLike = /amount|lamports|price|size|qty|quantity|fee|units|bps|limit|min|max|deposit|withdraw|stake|count|number|num$|^id$/i;
const keyAccount =
  /mint|pool|market|vault|recipient|receiver|destination|user|owner|position|order|escrow|ticket|stake|collection|tree|merkle/i;

/** Programs that only log what their caller hands them (account compression's and Bubblegum's events). */
const eventLoggers: ReadonlySet<string> = new Set([
  'noopb9bkMVfRPU8AsbpTUg8AQkHtKwMYZiFUjNRtMmV',
  'mnoopTCrg4p8ry25e4bcWA9XZjbNjMTfgYVGGEdRsf3',
]);

export function isEvent(entry: Entry, facts: TxFacts): boolean {
  const type = entry.ix.type;
  if (type === undefined) return false;
  if (eventLoggers.has(entry.ix.programId)) return true;
  // Anchor event names are types (PascalCase); instruction names are camelCase.
  if (/^[A-Z]/.test(type)) return true;
  return facts.caller(entry)?.ix.programId === entry.ix.programId;
}

export function genericSentence(entry: Entry, facts: TxFacts): string | null {
  const { ix } = entry;
  if (ix.type === undefined || ix.program === undefined || isEvent(entry, facts)) return null;
  const accounts = Object.entries(ix.info).filter((e): e is [string, string] => typeof e[1] === 'string' && facts.isAccount(e[1]));
  // An instruction that names no signer (a crank, a tracker, a fee quote a program asks for) was
  // still run by the transaction its fee payer signed: that account is its actor.
  const actor = accounts.find(([, address]) => facts.isSigner(address))?.[1] ?? facts.feePayer;
  if (actor === undefined) return null;
  const args = amountArguments(ix.info).slice(0, 4);
  const named = accounts.filter(([name, address]) => address !== actor && keyAccount.test(name)).slice(0, 3);
  const withArgs = args.length === 0 ? '' : ` with ${args.map(([name, value]) => `${name} ${value}`).join(', ')}`;
  const withAccounts = named.length === 0 ? '' : ` (${named.map(([name, address]) => `${name} ${address}`).join(', ')})`;
  return sentence(
    facts.failed,
    actor,
    'called',
    'call',
    `${ix.type}${withArgs}${withAccounts} on ${programName(ix.programId, ix.program)}`,
  );
}

/** Integer arguments whose names say they count something, at the top level or one struct down (`args.amount`). */
function amountArguments(info: Record<string, unknown>): [string, bigint][] {
  const out: [string, bigint][] = [];
  for (const [name, value] of Object.entries(info)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value)) {
        const n = big(v);
        if (n !== undefined && amountLike.test(inner)) out.push([inner, n]);
      }
      continue;
    }
    const n = big(value);
    if (n !== undefined && amountLike.test(name)) out.push([name, n]);
  }
  return out;
}
