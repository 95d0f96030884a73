/**
 * How much of the corpus the gateway decodes: every non-native instruction entry (top-level and
 * inner) and every non-native account of `ledger/`, run through the same decoding the enhancer uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusAccountsDir, corpusTransactionsDir } from '../paths.js';
import { accountKeysOf, accountsOf, instructionEntriesOf, programIdOf, readableResult } from '../transaction-result/read.js';
import type {
  CompiledInstruction,
  EncodedTransactionResult,
  PartiallyDecodedInstruction,
  TransactionResult,
} from '../transaction-result/types.js';
import type { ProgramRegistry } from '../decode/registry.js';
import { enhanceTransaction } from '../enhance/transaction.js';
import { decodeInstructionEntry, readsExactly } from '../enhance/instruction-entry.js';
import { decodeAccountData } from '../enhance/accounts.js';
import { nodeParsedAccountOwners, nodeParsedInstructionPrograms } from '../transaction-result/node-parsed.js';
import { TxFacts } from '../actions/facts.js';
import { isEvent } from '../actions/generic.js';

export interface Tally {
  decoded: number;
  total: number;
}

export interface ProgramCoverage {
  programId: string;
  name: string | null;
  instructions: Tally;
  /** Decoded entries that no version reads exactly (bytes over, or trailing fields missing): a layout the bundled versions may lack. */
  inexact: number;
  accounts: Tally;
  /** actionskit: instruction entries of this program (native ones included) that got a sentence. */
  sentences: Tally;
}

export interface Coverage {
  instructions: Tally;
  accounts: Tally;
  sentences: Tally;
  /** actionskit: decoded non-native instruction entries, events (self-CPI logs) aside, that got a sentence. */
  decodedSentences: Tally;
  programs: ProgramCoverage[];
}

/** The corpus holds json, jsonParsed and base64 results. */
type StoredResult = TransactionResult | EncodedTransactionResult<'base64'>;

interface Entry {
  slot: number;
  programId: string;
  data: string;
  accounts: string[];
}

/** Non-native instruction entries of one stored getTransaction result. */
function entriesOf(result: TransactionResult): Entry[] {
  const keys = accountKeysOf(result);
  return instructionEntriesOf(result)
    .filter((ix): ix is CompiledInstruction | PartiallyDecodedInstruction => ix.parsed === undefined)
    .map((ix) => ({ slot: result.slot, programId: programIdOf(ix, keys), data: ix.data, accounts: accountsOf(ix, keys) }))
    .filter((e: Entry) => !nodeParsedInstructionPrograms.has(e.programId));
}

/** Every instruction entry of an enhanced result, top-level then inner, with its program id and whether explorerkit decoded it. */
function allEntries(result: TransactionResult): { programId: string; actions?: unknown; decoded: boolean }[] {
  const keys = accountKeysOf(result);
  return instructionEntriesOf(result).map((ix) => {
    const programId = programIdOf(ix, keys);
    return { programId, actions: 'actions' in ix ? ix.actions : undefined, decoded: ix.parsed !== undefined && !nativeIds.has(programId) };
  });
}

/** Programs whose entries the node parses or actionskit's native templates cover: not explorerkit's decoding. */
const nativeIds = new Set([...nodeParsedInstructionPrograms, 'ComputeBudget111111111111111111111111111111']);

export function measureCoverage(registry: ProgramRegistry): Coverage {
  const programs = new Map<string, ProgramCoverage>();
  const programOf = (programId: string) => {
    let p = programs.get(programId);
    if (!p) {
      p = {
        programId,
        name: registry.get(programId)?.description.name ?? null,
        instructions: { decoded: 0, total: 0 },
        inexact: 0,
        accounts: { decoded: 0, total: 0 },
        sentences: { decoded: 0, total: 0 },
      };
      programs.set(programId, p);
    }
    return p;
  };
  const decodedSentences: Tally = { decoded: 0, total: 0 };
  for (const file of readdirSync(corpusTransactionsDir).filter((f) => /\.(json|jsonParsed|base64)\.json$/.test(f))) {
    const result = readableResult(JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')) as StoredResult);
    for (const entry of entriesOf(result)) {
      const program = programOf(entry.programId);
      program.instructions.total++;
      if (decodeInstructionEntry(entry.programId, entry.data, entry.accounts, registry, entry.slot) === null) continue;
      program.instructions.decoded++;
      if (!readsExactly(entry.programId, entry.data, registry, entry.slot)) program.inexact++;
    }
    const answer = enhanceTransaction(JSON.stringify({ jsonrpc: '2.0', result, id: 1 }), registry, true);
    const enhanced = (JSON.parse(answer) as { result: TransactionResult }).result;
    const facts = new TxFacts(enhanced);
    allEntries(enhanced).forEach(({ programId, actions, decoded }, i) => {
      const tally = programOf(programId).sentences;
      tally.total++;
      if (typeof actions === 'string') tally.decoded++;
      if (!decoded || isEvent(facts.entries[i], facts)) return;
      decodedSentences.total++;
      if (typeof actions === 'string') decodedSentences.decoded++;
    });
  }
  for (const file of readdirSync(corpusAccountsDir).filter((f) => f.endsWith('.json'))) {
    const account = JSON.parse(readFileSync(join(corpusAccountsDir, file), 'utf8')) as { owner: string; data: [string, string] };
    if (nodeParsedAccountOwners.has(account.owner)) continue;
    const tally = programOf(account.owner).accounts;
    tally.total++;
    if (decodeAccountData(account.owner, Buffer.from(account.data[0], 'base64'), registry) !== null) tally.decoded++;
  }
  const sum = (pick: (p: ProgramCoverage) => Tally): Tally =>
    [...programs.values()].reduce((t, p) => ({ decoded: t.decoded + pick(p).decoded, total: t.total + pick(p).total }), {
      decoded: 0,
      total: 0,
    });
  return {
    instructions: sum((p) => p.instructions),
    accounts: sum((p) => p.accounts),
    sentences: sum((p) => p.sentences),
    decodedSentences,
    programs: [...programs.values()].sort((a, b) => b.instructions.total + b.accounts.total - (a.instructions.total + a.accounts.total)),
  };
}

export const share = (t: Tally) => (t.total === 0 ? 1 : t.decoded / t.total);
