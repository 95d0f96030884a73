/**
 * `getTransaction` result in the `json` encoding -> the same result in `jsonParsed`, rendered the
 * way an Agave node renders it.
 *
 * Instructions of the programs the node parses (native-instructions/: System, Stake, SPL Token and
 * Token-2022, Associated Token, Memo, Address Lookup Table, the BPF loaders, Vote) become
 * `{parsed, program, programId}`, written from Agave's `solana-transaction-status` parsers and
 * checked against their own unit-test vectors (test/parsed-natives.test.ts). Where the node's
 * parser refuses an instruction (data that does not decode, too few accounts), and for every other
 * program, the node's "partially decoded" shape `{accounts, data, programId}` is written. The gap
 * left, partially decoded here where a node parses them: Token-2022's confidential extension
 * instructions, and Vote's InitializeAccountV2.
 */

import { accountKeysOf, loadedAddressesOf } from '../transaction-result/read.js';
import type {
  AddressTableLookup,
  CompiledInstruction,
  InnerInstructions,
  JsonMessage,
  JsonParsedTransactionResult,
  JsonTransactionResult,
  TransactionMeta,
} from '../transaction-result/types.js';
import { parseNativeInstruction } from './native-instructions/index.js';
import { isReservedAccountKey } from './reserved-accounts.js';

const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';

export function jsonResultToJsonParsed(input: unknown): JsonParsedTransactionResult {
  const result = checkedJsonResult(input);
  const message = result.transaction.message;
  const lookups = message.addressTableLookups;
  const isV0 = Array.isArray(lookups);
  const keysWithLoaded = accountKeysOf(result);
  // A legacy message is rendered from its own keys; the meta's (always empty) loaded addresses
  // only take part in resolving inner instructions.
  const messageKeys = isV0 ? keysWithLoaded : message.accountKeys;
  const numLoadedWritable = isV0 ? loadedAddressesOf(result).writable.length : 0;

  const parsedMessage: Record<string, unknown> = {
    accountKeys: parseAccountKeys(message, messageKeys, message.accountKeys.length, numLoadedWritable),
  };
  if (isV0) parsedMessage.addressTableLookups = lookups.map(copyLookup);
  parsedMessage.instructions = message.instructions.map((ix) => parseInstruction(ix, messageKeys));
  parsedMessage.recentBlockhash = message.recentBlockhash;

  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result)) {
    if (key === 'transaction') out.transaction = { message: parsedMessage, signatures: [...result.transaction.signatures] };
    else if (key === 'meta') out.meta = isObject(result.meta) ? parseMeta(result.meta, keysWithLoaded) : result.meta;
    else out[key] = value;
  }
  return out as JsonParsedTransactionResult;
}

/**
 * The stored json result, checked where conversion relies on its shape, with the errors it has
 * always given; the node's own answers pass. Indexes are checked where they are resolved.
 */
function checkedJsonResult(result: unknown): JsonTransactionResult {
  const transaction = isObject(result) ? result.transaction : undefined;
  const message = isObject(transaction) ? transaction.message : undefined;
  if (!isObject(result) || !isObject(transaction) || !isObject(message) || !Array.isArray(transaction.signatures)) {
    throw new Error('jsonParsed conversion: result.transaction is not a json-encoded transaction');
  }
  stringList(message.accountKeys, 'message.accountKeys');
  const meta = result.meta;
  const loaded = isObject(meta) ? meta.loadedAddresses : undefined;
  if (isObject(loaded)) {
    stringList(loaded.writable ?? [], 'meta.loadedAddresses.writable');
    stringList(loaded.readonly ?? [], 'meta.loadedAddresses.readonly');
  }
  const header = isObject(message.header) ? message.header : {};
  u8Field(header.numRequiredSignatures, 'header.numRequiredSignatures');
  u8Field(header.numReadonlySignedAccounts, 'header.numReadonlySignedAccounts');
  u8Field(header.numReadonlyUnsignedAccounts, 'header.numReadonlyUnsignedAccounts');
  instructionList(message.instructions, 'message.instructions');
  if (Array.isArray(message.addressTableLookups)) {
    for (const lookup of message.addressTableLookups as unknown[]) {
      const fields = isObject(lookup) ? lookup : {};
      list(fields.readonlyIndexes, 'addressTableLookups[].readonlyIndexes');
      list(fields.writableIndexes, 'addressTableLookups[].writableIndexes');
    }
  }
  if (isObject(meta) && Array.isArray(meta.innerInstructions)) {
    for (const group of meta.innerInstructions as unknown[]) {
      instructionList(isObject(group) ? group.instructions : undefined, 'meta.innerInstructions[].instructions');
    }
  }
  return result as JsonTransactionResult;
}

function parseMeta(meta: TransactionMeta<CompiledInstruction>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(meta)) {
    if (key === 'loadedAddresses') continue;
    if (key === 'innerInstructions' && Array.isArray(meta.innerInstructions)) {
      out.innerInstructions = meta.innerInstructions.map((group: InnerInstructions<CompiledInstruction>) => ({
        index: group.index,
        instructions: group.instructions.map((ix) => parseInstruction(ix, keys)),
      }));
    } else {
      out[key] = value;
    }
  }
  return out;
}

function parseAccountKeys(message: JsonMessage, keys: readonly string[], numStatic: number, numLoadedWritable: number) {
  const { numRequiredSignatures: numSigners, numReadonlySignedAccounts: numReadonlySigned } = message.header;
  const numReadonlyUnsigned = message.header.numReadonlyUnsignedAccounts;

  const calledAsProgram = new Set<number>();
  for (const ix of message.instructions) calledAsProgram.add(ix.programIdIndex);
  // Programs invoked by the transaction are demoted to read-only unless an upgrade could be in
  // flight, which needs the program account writable.
  const demotePrograms = !keys.includes(UPGRADEABLE_LOADER);

  const writableByHeader = (i: number): boolean => {
    if (i >= numStatic) return i - numStatic < numLoadedWritable;
    if (i >= numSigners) return i - numSigners < Math.max(0, numStatic - numSigners - numReadonlyUnsigned);
    return i < Math.max(0, numSigners - numReadonlySigned);
  };

  return keys.map((pubkey, i) => ({
    pubkey,
    signer: i < numSigners,
    source: i < numStatic ? 'transaction' : 'lookupTable',
    writable: writableByHeader(i) && !isReservedAccountKey(pubkey) && !(demotePrograms && calledAsProgram.has(i)),
  }));
}

function copyLookup(lookup: AddressTableLookup) {
  return {
    accountKey: lookup.accountKey,
    readonlyIndexes: [...lookup.readonlyIndexes],
    writableIndexes: [...lookup.writableIndexes],
  };
}

function parseInstruction(ix: CompiledInstruction, keys: readonly string[]): Record<string, unknown> {
  const programId = keyAt(keys, ix.programIdIndex, 'programIdIndex');
  const accounts = list(ix.accounts, 'instruction accounts');
  const native = typeof ix.data === 'string' ? parseNativeInstruction(programId, accounts as number[], ix.data, keys) : undefined;

  const out: Record<string, unknown> =
    native === undefined
      ? { accounts: accounts.map((index) => keyAt(keys, index, 'instruction account index')), data: ix.data, programId }
      : { parsed: native.parsed, program: native.program, programId };
  // Mirrors the stored json: transactions from before stack heights were recorded carry none.
  if ('stackHeight' in ix) out.stackHeight = ix.stackHeight;
  return out;
}

// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`jsonParsed conversion: ${what} is not an array`);
  return value;
}

function instructionList(value: unknown, what: string): void {
  for (const ix of list(value, what)) if (!isObject(ix)) throw new Error('jsonParsed conversion: instruction is not an object');
}

function stringList(value: unknown, what: string): void {
  for (const item of list(value, what)) {
    if (typeof item !== 'string') throw new Error(`jsonParsed conversion: ${what} holds a non-string entry`);
  }
}

function u8Field(value: unknown, what: string): void {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 0xff) {
    throw new Error(`jsonParsed conversion: ${what} is not a u8`);
  }
}

function keyAt(keys: readonly string[], index: unknown, what: string): string {
  if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= keys.length) {
    throw new Error(`jsonParsed conversion: ${what} ${String(index)} is outside the ${keys.length} account keys`);
  }
  return keys[index as number];
}
