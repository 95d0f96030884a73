/**
 * Reading a getTransaction result the same way wherever the gateway needs it (enhancer, actionskit,
 * ledger, coverage): its account keys, signers and instruction entries, in either encoding.
 */
import { decodeWireTransaction } from '../codec/wire-transaction.js';
import type {
  EncodedTransactionResult,
  InnerInstructions,
  InstructionEntry,
  JsonParsedTransactionResult,
  LoadedAddresses,
  TransactionResult,
} from './types.js';

/**
 * A result with its transaction as objects: a base64 wire transaction is decoded (its meta is
 * already the json encoding's); json and jsonParsed results, base58 ones and null come back as
 * they are.
 */
export function readableResult(result: TransactionResult | EncodedTransactionResult<'base64'>): TransactionResult;
export function readableResult<T extends EncodedTransactionResult<'base58'> | null>(result: T): T;
export function readableResult(
  result: TransactionResult | EncodedTransactionResult | null,
): TransactionResult | EncodedTransactionResult | null {
  const tx = result?.transaction;
  if (!isEncoded(tx) || tx[1] === 'base58') return result;
  return { ...result, transaction: decodeWireTransaction(Buffer.from(tx[0], 'base64')).transaction } as TransactionResult;
}

function isEncoded(
  tx: TransactionResult['transaction'] | EncodedTransactionResult['transaction'] | undefined,
): tx is EncodedTransactionResult['transaction'] {
  return Array.isArray(tx);
}

/**
 * Whether `value` has what every reader here starts from, a message with its account keys: not
 * so for a binary encoding's result, nor for an answer that is no transaction.
 */
export function isTransactionResult(value: unknown): value is TransactionResult {
  const message = (value as { transaction?: { message?: { accountKeys?: unknown } } } | null | undefined)?.transaction?.message;
  return Array.isArray(message?.accountKeys);
}

/** jsonParsed: its account keys are objects, json's are addresses. */
export function isJsonParsed(result: TransactionResult): result is JsonParsedTransactionResult {
  const first: unknown = result.transaction.message.accountKeys[0];
  return typeof first === 'object' && first !== null;
}

/** Every account key in index order: static keys, then the lookup tables' writable, then readonly ones. */
export function accountKeysOf(result: TransactionResult): string[] {
  if (isJsonParsed(result)) return result.transaction.message.accountKeys.map((k) => k.pubkey);
  const loaded = loadedAddressesOf(result);
  return [...result.transaction.message.accountKeys, ...loaded.writable, ...loaded.readonly];
}

/** json: the addresses a v0 message loads from its lookup tables; none for a legacy one or in jsonParsed. */
export function loadedAddressesOf(result: TransactionResult): LoadedAddresses {
  const loaded = result.meta?.loadedAddresses;
  return { writable: loaded?.writable ?? [], readonly: loaded?.readonly ?? [] };
}

/** The keys that signed: jsonParsed marks them, json's are the first `numRequiredSignatures` of `keys` (accountKeysOf). */
export function signersOf(result: TransactionResult, keys: readonly string[]): string[] {
  if (isJsonParsed(result)) return result.transaction.message.accountKeys.filter((k) => k.signer === true).map((k) => k.pubkey);
  return keys.slice(0, result.transaction.message.header.numRequiredSignatures);
}

/** The inner instruction groups, each under the index of the top-level instruction that ran it. */
export function innerInstructionsOf(result: TransactionResult): readonly InnerInstructions<InstructionEntry>[] {
  return result.meta?.innerInstructions ?? [];
}

/** The instruction lists in the answer's order: the top-level one, then each inner group's. */
export function instructionListsOf(result: TransactionResult): InstructionEntry[][] {
  return [result.transaction.message.instructions, ...innerInstructionsOf(result).map((group) => group.instructions ?? [])];
}

/** Instruction entries in the answer's order: top-level ones, then each inner group's, group by group. */
export function instructionEntriesOf(result: TransactionResult): InstructionEntry[] {
  return entriesOfLists(instructionListsOf(result));
}

/**
 * The entries of instructionListsOf's lists, one after the other. Lists the enhancer has not
 * checked yet are taken too, and give their entries as unknown.
 */
export function entriesOfLists<TEntry>(lists: readonly (readonly TEntry[])[]): TEntry[];
export function entriesOfLists(lists: readonly unknown[]): unknown[];
export function entriesOfLists(lists: readonly unknown[]): unknown[] {
  return lists.flatMap((list) => [...((list ?? []) as unknown[])]);
}

/** The entry's program: named in jsonParsed, an index into `keys` (accountKeysOf) in json. */
export function programIdOf(entry: InstructionEntry, keys: readonly string[]): string {
  return entry.programId !== undefined ? entry.programId : keys[entry.programIdIndex];
}

/** The entry's accounts as addresses; none for an entry a parser read, which names them in its arguments instead. */
export function accountsOf(entry: InstructionEntry, keys: readonly string[]): string[] {
  if (entry.accounts === undefined) return [];
  return entry.programIdIndex === undefined ? entry.accounts : entry.accounts.map((index) => keys[index]);
}
