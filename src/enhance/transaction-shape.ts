/** Reading a getTransaction result the same way in every encoding, wherever the gateway needs it. */
import { decodeWireTransaction } from '../codec/wire-transaction.js';

/**
 * A result with its transaction as objects: base64/base58 wire transactions are decoded (their
 * meta is already the json encoding's), json and jsonParsed results are returned as they are.
 */
export function readableResult(result: any): any {
  const tx = result?.transaction;
  if (!Array.isArray(tx)) return result;
  const bytes = tx[1] === 'base58' ? null : Buffer.from(tx[0], 'base64');
  return bytes === null ? result : { ...result, transaction: decodeWireTransaction(bytes).transaction };
}

/** Every account key in index order: static keys, then the lookup tables' writable, then readonly ones. */
export function accountKeysOf(result: any): string[] {
  const keys: unknown[] = result.transaction.message.accountKeys;
  if (typeof keys[0] === 'object' && keys[0] !== null) return keys.map((k) => (k as { pubkey: string }).pubkey);
  const loaded = result.meta?.loadedAddresses;
  return [...(keys as string[]), ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
}

/** The instruction lists in the answer's order: the top-level one, then each inner group's. */
export function instructionListsOf(result: any): unknown[] {
  return [
    result.transaction.message.instructions,
    ...(result.meta?.innerInstructions ?? []).map((group: { instructions?: unknown }) => group.instructions ?? []),
  ];
}

/** Instruction entries in the answer's order: top-level ones, then each inner group's, group by group. */
export function instructionEntriesOf(result: any): any[] {
  return entriesOfLists(instructionListsOf(result));
}

/** The entries of instructionListsOf's lists, one after the other. */
export function entriesOfLists(lists: unknown[]): any[] {
  return lists.flatMap((list) => [...((list ?? []) as unknown[])]);
}
