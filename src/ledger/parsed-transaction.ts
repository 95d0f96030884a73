/**
 * `getTransaction` result in the `json` encoding -> the same result in `jsonParsed`, rendered the
 * way an Agave node renders it.
 *
 * Native instruction parsing covers only the instruction kinds whose node output the corpus holds
 * (see NATIVE_PARSERS); any other instruction, native or not, gets the node's "partially decoded"
 * shape. That matches the node exactly for non-native programs and is the documented gap for the
 * remaining native ones.
 */
import { decodeBase58, encodeBase58 } from '../codec/base58.js';

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
import { isReservedAccountKey } from './reserved-accounts.js';

const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const MEMO_V1_PROGRAM = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo';
const MEMO_V3_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

// Rust's str::from_utf8 keeps a leading BOM and rejects every malformed sequence.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

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
  const parser = NATIVE_PARSERS.get(programId);
  const parsed = parser ? tryNative(parser.parse, accounts, ix.data, keys) : undefined;

  const out: Record<string, unknown> =
    parsed === undefined
      ? { accounts: accounts.map((index) => keyAt(keys, index, 'instruction account index')), data: ix.data, programId }
      : { parsed, program: parser!.program, programId };
  // Mirrors the stored json: transactions from before stack heights were recorded carry none.
  if ('stackHeight' in ix) out.stackHeight = ix.stackHeight;
  return out;
}

function tryNative(parse: NativeParser, accounts: unknown[], data: unknown, keys: readonly string[]): unknown {
  if (typeof data !== 'string') return undefined;
  const bytes = decodeBase58(data);
  if (bytes === null) return undefined;
  try {
    return parse(accounts as number[], bytes, keys);
  } catch (e) {
    if (e instanceof NotParsable) return undefined;
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Native program parsers. Each mirrors the node's parser for the instruction kinds listed; any
// shortfall in data or accounts makes the node fall back to the partially decoded shape, and so
// does NotParsable here.

type NativeParser = (accounts: number[], data: Uint8Array, keys: readonly string[]) => unknown;

class NotParsable {}
const notParsable = new NotParsable();

class DataReader {
  private offset = 0;
  constructor(private readonly data: Uint8Array) {}

  get rest(): Uint8Array {
    return this.data.subarray(this.offset);
  }

  take(n: number): Uint8Array {
    if (n > this.data.length - this.offset) throw notParsable;
    const slice = this.data.subarray(this.offset, this.offset + n);
    this.offset += n;
    return slice;
  }

  u8(): number {
    return this.take(1)[0];
  }

  u32(): number {
    const b = this.take(4);
    return (b[0] | (b[1] << 8) | (b[2] << 16)) + b[3] * 0x1000000;
  }

  u64(): bigint {
    const b = this.take(8);
    let v = 0n;
    for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(b[i]);
    return v;
  }

  pubkey(): string {
    return encodeBase58(this.take(32));
  }

  /** bincode String: u64 length, then UTF-8 bytes. */
  string(): string {
    const length = this.u64();
    if (length > BigInt(this.data.length - this.offset)) throw notParsable;
    try {
      return strictUtf8.decode(this.take(Number(length)));
    } catch {
      throw notParsable;
    }
  }

  /** spl-token COption<Pubkey> in instruction data: tag 0 or tag 1 plus the key. */
  optionalPubkey(): string | null {
    const tag = this.u8();
    if (tag === 0) return null;
    if (tag === 1) return this.pubkey();
    throw notParsable;
  }
}

/** u64 as a JSON number, like the node writes it; past 2^53 only a bigint keeps the value exact. */
function u64Json(value: bigint): number | bigint {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

function sortedObject(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields).sort()) out[key] = fields[key];
  return out;
}

function instruction(type: string, info: Record<string, unknown>) {
  return { info: sortedObject(info), type };
}

/** The node refuses instructions with no accounts or with an index past the account keys. */
function requireResolvableAccounts(accounts: number[], keys: readonly string[]): void {
  if (accounts.length === 0) throw notParsable;
  for (const index of accounts) {
    if (!Number.isInteger(index) || index < 0 || index >= keys.length) throw notParsable;
  }
}

function requireAccounts(accounts: number[], n: number): void {
  if (accounts.length < n) throw notParsable;
}

function parseSystem(accounts: number[], data: Uint8Array, keys: readonly string[]) {
  requireResolvableAccounts(accounts, keys);
  const key = (position: number) => keys[accounts[position]];
  const r = new DataReader(data);
  switch (r.u32()) {
    case 0: {
      const lamports = u64Json(r.u64());
      const space = u64Json(r.u64());
      const owner = r.pubkey();
      requireAccounts(accounts, 2);
      return instruction('createAccount', { source: key(0), newAccount: key(1), lamports, space, owner });
    }
    case 1: {
      const owner = r.pubkey();
      requireAccounts(accounts, 1);
      return instruction('assign', { account: key(0), owner });
    }
    case 2: {
      const lamports = u64Json(r.u64());
      requireAccounts(accounts, 2);
      return instruction('transfer', { source: key(0), destination: key(1), lamports });
    }
    case 3: {
      const base = r.pubkey();
      const seed = r.string();
      const lamports = u64Json(r.u64());
      const space = u64Json(r.u64());
      const owner = r.pubkey();
      requireAccounts(accounts, 2);
      return instruction('createAccountWithSeed', { source: key(0), newAccount: key(1), base, seed, lamports, space, owner });
    }
    case 8: {
      const space = u64Json(r.u64());
      requireAccounts(accounts, 1);
      return instruction('allocate', { account: key(0), space });
    }
    default:
      throw notParsable;
  }
}

const AUTHORITY_TYPES: ReadonlyArray<{ name: string; owned: 'mint' | 'account' }> = [
  { name: 'mintTokens', owned: 'mint' },
  { name: 'freezeAccount', owned: 'mint' },
  { name: 'accountOwner', owned: 'account' },
  { name: 'closeAccount', owned: 'account' },
];

// Token-2022 extension type numbers the corpus shows the node naming.
const EXTENSION_TYPES: ReadonlyMap<number, string> = new Map([[7, 'immutableOwner']]);

function tokenAmount(amount: bigint, decimals: number) {
  let uiAmountString = amount.toString();
  if (decimals > 0) {
    const digits = uiAmountString.padStart(decimals + 1, '0');
    const point = digits.length - decimals;
    uiAmountString = `${digits.slice(0, point)}.${digits.slice(point)}`.replace(/0+$/, '').replace(/\.$/, '');
  }
  return {
    amount: amount.toString(),
    decimals,
    // 10^decimals must fit the node's 64-bit usize, else it reports no float at all.
    uiAmount: decimals <= 19 ? Number(amount) / Number(`1e${decimals}`) : null,
    uiAmountString,
  };
}

function parseToken(accounts: number[], data: Uint8Array, keys: readonly string[]) {
  requireResolvableAccounts(accounts, keys);
  const key = (position: number) => keys[accounts[position]];
  const withSigners = (info: Record<string, unknown>, last: number, ownerField: string, multisigField: string) => {
    if (accounts.length > last + 1) {
      info[multisigField] = key(last);
      info.signers = accounts.slice(last + 1).map((index) => keys[index]);
    } else {
      info[ownerField] = key(last);
    }
    return info;
  };
  const r = new DataReader(data);
  switch (r.u8()) {
    case 1:
      requireAccounts(accounts, 4);
      return instruction('initializeAccount', { account: key(0), mint: key(1), owner: key(2), rentSysvar: key(3) });
    case 3: {
      const amount = r.u64().toString();
      requireAccounts(accounts, 3);
      return instruction('transfer', withSigners({ source: key(0), destination: key(1), amount }, 2, 'authority', 'multisigAuthority'));
    }
    case 4: {
      const amount = r.u64().toString();
      requireAccounts(accounts, 3);
      return instruction('approve', withSigners({ source: key(0), delegate: key(1), amount }, 2, 'owner', 'multisigOwner'));
    }
    case 6: {
      const authorityType = AUTHORITY_TYPES[r.u8()];
      const newAuthority = r.optionalPubkey();
      if (!authorityType) throw notParsable;
      requireAccounts(accounts, 2);
      const info = { [authorityType.owned]: key(0), authorityType: authorityType.name, newAuthority };
      return instruction('setAuthority', withSigners(info, 1, 'authority', 'multisigAuthority'));
    }
    case 7: {
      const amount = r.u64().toString();
      requireAccounts(accounts, 3);
      return instruction('mintTo', withSigners({ mint: key(0), account: key(1), amount }, 2, 'mintAuthority', 'multisigMintAuthority'));
    }
    case 8: {
      const amount = r.u64().toString();
      requireAccounts(accounts, 3);
      return instruction('burn', withSigners({ account: key(0), mint: key(1), amount }, 2, 'authority', 'multisigAuthority'));
    }
    case 9:
      requireAccounts(accounts, 3);
      return instruction('closeAccount', withSigners({ account: key(0), destination: key(1) }, 2, 'owner', 'multisigOwner'));
    case 12: {
      const amount = r.u64();
      const decimals = r.u8();
      requireAccounts(accounts, 4);
      const info = { source: key(0), mint: key(1), destination: key(2), tokenAmount: tokenAmount(amount, decimals) };
      return instruction('transferChecked', withSigners(info, 3, 'authority', 'multisigAuthority'));
    }
    case 17:
      requireAccounts(accounts, 1);
      return instruction('syncNative', { account: key(0) });
    case 18: {
      const owner = r.pubkey();
      requireAccounts(accounts, 2);
      return instruction('initializeAccount3', { account: key(0), mint: key(1), owner });
    }
    case 20: {
      const decimals = r.u8();
      const mintAuthority = r.pubkey();
      const freezeAuthority = r.optionalPubkey();
      requireAccounts(accounts, 1);
      const info: Record<string, unknown> = { mint: key(0), decimals, mintAuthority };
      if (freezeAuthority !== null) info.freezeAuthority = freezeAuthority;
      return instruction('initializeMint2', info);
    }
    case 21: {
      const rest = r.rest;
      if (rest.length % 2 !== 0) throw notParsable;
      const extensionTypes: string[] = [];
      for (let i = 0; i < rest.length; i += 2) {
        const name = EXTENSION_TYPES.get(rest[i] | (rest[i + 1] << 8));
        if (name === undefined) throw notParsable;
        extensionTypes.push(name);
      }
      requireAccounts(accounts, 1);
      const info: Record<string, unknown> = { mint: key(0) };
      if (extensionTypes.length > 0) info.extensionTypes = extensionTypes;
      return instruction('getAccountDataSize', info);
    }
    case 22:
      requireAccounts(accounts, 1);
      return instruction('initializeImmutableOwner', { account: key(0) });
    default:
      throw notParsable;
  }
}

function parseAssociatedToken(accounts: number[], data: Uint8Array, keys: readonly string[]) {
  requireResolvableAccounts(accounts, keys);
  const key = (position: number) => keys[accounts[position]];
  // Empty data is the original Create; otherwise exactly one borsh enum tag byte.
  let type: string;
  if (data.length === 0 || (data.length === 1 && data[0] === 0)) type = 'create';
  else if (data.length === 1 && data[0] === 1) type = 'createIdempotent';
  else throw notParsable;
  requireAccounts(accounts, 6);
  return instruction(type, {
    source: key(0),
    account: key(1),
    wallet: key(2),
    mint: key(3),
    systemProgram: key(4),
    tokenProgram: key(5),
  });
}

function parseMemo(_accounts: number[], data: Uint8Array): string {
  try {
    return strictUtf8.decode(data);
  } catch {
    throw notParsable;
  }
}

const NATIVE_PARSERS: ReadonlyMap<string, { program: string; parse: NativeParser }> = new Map([
  [SYSTEM_PROGRAM, { program: 'system', parse: parseSystem }],
  [TOKEN_PROGRAM, { program: 'spl-token', parse: parseToken }],
  [TOKEN_2022_PROGRAM, { program: 'spl-token', parse: parseToken }],
  [ASSOCIATED_TOKEN_PROGRAM, { program: 'spl-associated-token-account', parse: parseAssociatedToken }],
  [MEMO_V1_PROGRAM, { program: 'spl-memo', parse: parseMemo }],
  [MEMO_V3_PROGRAM, { program: 'spl-memo', parse: parseMemo }],
]);

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
