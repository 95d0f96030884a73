/**
 * Wire (bincode) transactions <-> the `json` encoding of `getTransaction`.
 *
 * Objects are built with their keys in alphabetical order because the node serializes its
 * responses through a BTreeMap; a client comparing raw text sees the same bytes either way.
 */
import { decodeBase58 as base58Bytes, encodeBase58 } from './base58.js';

/*
 * The json encoding's message and transaction. src/transaction-result/types.ts builds whole results
 * on them; they are declared here because the codec sits below it and needs them too.
 */

export type MessageHeader = Readonly<{
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}>;

/**
 * An instruction's program and accounts as indexes into the account keys (kit: TransactionInstruction).
 * Its arrays, and a message's list of them, are not readonly so that the enhancer's own entry type accepts them.
 */
export interface CompiledInstruction {
  readonly programIdIndex: number;
  readonly accounts: number[];
  readonly data: string;
  /** Null or absent in answers from before the node recorded call depths. */
  readonly stackHeight?: number | null;
}

export type AddressTableLookup = Readonly<{
  accountKey: string;
  writableIndexes: readonly number[];
  readonlyIndexes: readonly number[];
}>;

export type JsonMessage<TInstruction extends CompiledInstruction = CompiledInstruction> = Readonly<{
  accountKeys: readonly string[];
  header: MessageHeader;
  instructions: TInstruction[];
  recentBlockhash: string;
  /** Present, maybe empty, exactly when the message is v0. */
  addressTableLookups?: readonly AddressTableLookup[];
}>;

/** A result's `transaction` member; the jsonParsed encoding's has its own message. */
export type JsonTransaction<TMessage = JsonMessage> = Readonly<{ signatures: readonly string[]; message: TMessage }>;

export type TransactionVersion = 'legacy' | 0;

const SIGNATURE_BYTES = 64;
const ADDRESS_BYTES = 32;
const VERSION_PREFIX = 0x80;
const SHORTVEC_MAX = 0xffff;

class ByteReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  get position(): number {
    return this.offset;
  }

  u8(what: string): number {
    if (this.remaining < 1) throw truncated(what, this.offset);
    return this.bytes[this.offset++];
  }

  take(length: number, what: string): Uint8Array {
    if (length > this.remaining) throw truncated(what, this.offset);
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }

  /**
   * compact-u16. Only the canonical (shortest) form is accepted, as the node's decoder does;
   * that is also what makes re-encoding byte-exact.
   */
  shortVec(what: string): number {
    const start = this.offset;
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.u8(what);
      if (i === 2 && byte > 0x03) throw new Error(`invalid wire transaction: ${what} length at byte ${start} overflows u16`);
      if (i > 0 && byte === 0) throw new Error(`invalid wire transaction: ${what} length at byte ${start} is not canonically encoded`);
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error(`invalid wire transaction: ${what} length at byte ${start} is longer than 3 bytes`);
  }

  /** A length-prefixed run of fixed-size items, checked against what is left before anything is built. */
  count(what: string, itemBytes: number): number {
    const at = this.offset;
    const n = this.shortVec(what);
    if (n * itemBytes > this.remaining) {
      throw new Error(`invalid wire transaction: ${what} count ${n} at byte ${at} exceeds the ${this.remaining} bytes left`);
    }
    return n;
  }
}

function truncated(what: string, at: number): Error {
  return new Error(`invalid wire transaction: truncated while reading ${what} at byte ${at}`);
}

function readIndexes(reader: ByteReader, what: string): number[] {
  const n = reader.count(what, 1);
  return Array.from(reader.take(n, what));
}

export function decodeWireTransaction(bytes: Uint8Array): { transaction: JsonTransaction; version: TransactionVersion } {
  const reader = new ByteReader(bytes);

  const signatureCount = reader.count('signatures', SIGNATURE_BYTES);
  const signatures: string[] = [];
  for (let i = 0; i < signatureCount; i++) signatures.push(encodeBase58(reader.take(SIGNATURE_BYTES, 'signature')));

  let version: TransactionVersion = 'legacy';
  const first = reader.u8('message header');
  let numRequiredSignatures = first;
  if (first & VERSION_PREFIX) {
    const number = first & ~VERSION_PREFIX;
    if (number !== 0) throw new Error(`invalid wire transaction: unsupported message version ${number}`);
    version = 0;
    numRequiredSignatures = reader.u8('message header');
  }
  const header: MessageHeader = {
    numReadonlySignedAccounts: reader.u8('message header'),
    numReadonlyUnsignedAccounts: reader.u8('message header'),
    numRequiredSignatures,
  };

  const keyCount = reader.count('account keys', ADDRESS_BYTES);
  const accountKeys: string[] = [];
  for (let i = 0; i < keyCount; i++) accountKeys.push(encodeBase58(reader.take(ADDRESS_BYTES, 'account key')));

  const recentBlockhash = encodeBase58(reader.take(ADDRESS_BYTES, 'recent blockhash'));

  // Each instruction takes at least 3 bytes (program index and two empty lengths).
  const instructionCount = reader.count('instructions', 3);
  const instructions: CompiledInstruction[] = [];
  for (let i = 0; i < instructionCount; i++) {
    const programIdIndex = reader.u8('instruction program index');
    const accounts = readIndexes(reader, 'instruction accounts');
    const dataLength = reader.count('instruction data', 1);
    const data = encodeBase58(reader.take(dataLength, 'instruction data'));
    // The wire format has no stack height; the node shows null for top-level instructions then.
    instructions.push({ accounts, data, programIdIndex, stackHeight: null });
  }

  const message: JsonMessage =
    version === 0
      ? { accountKeys, addressTableLookups: readLookups(reader), header, instructions, recentBlockhash }
      : { accountKeys, header, instructions, recentBlockhash };

  if (reader.remaining !== 0) {
    throw new Error(`invalid wire transaction: ${reader.remaining} unexpected bytes after the message at byte ${reader.position}`);
  }
  return { transaction: { message, signatures }, version };
}

function readLookups(reader: ByteReader): AddressTableLookup[] {
  // A lookup takes at least 34 bytes: its table address and two empty index lists.
  const n = reader.count('address table lookups', ADDRESS_BYTES + 2);
  const lookups: AddressTableLookup[] = [];
  for (let i = 0; i < n; i++) {
    const accountKey = encodeBase58(reader.take(ADDRESS_BYTES, 'lookup table address'));
    const writableIndexes = readIndexes(reader, 'lookup writable indexes');
    const readonlyIndexes = readIndexes(reader, 'lookup readonly indexes');
    lookups.push({ accountKey, readonlyIndexes, writableIndexes });
  }
  return lookups;
}

export function transactionVersionOf(tx: JsonTransaction): TransactionVersion {
  return Array.isArray(tx.message.addressTableLookups) ? 0 : 'legacy';
}

class ByteWriter {
  private buffer = new Uint8Array(1232);
  private length = 0;

  private reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + extra));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  bytes(chunk: Uint8Array): void {
    this.reserve(chunk.length);
    this.buffer.set(chunk, this.length);
    this.length += chunk.length;
  }

  u8(value: unknown, what: string): void {
    if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 0xff) {
      throw new Error(`cannot encode transaction: ${what} must be an integer 0..255, got ${String(value)}`);
    }
    this.reserve(1);
    this.buffer[this.length++] = value as number;
  }

  shortVec(value: number, what: string): void {
    if (value > SHORTVEC_MAX) throw new Error(`cannot encode transaction: ${what} has ${value} entries, more than ${SHORTVEC_MAX}`);
    let rest = value;
    for (;;) {
      const low = rest & 0x7f;
      rest >>>= 7;
      if (rest === 0) {
        this.u8(low, what);
        return;
      }
      this.u8(low | 0x80, what);
    }
  }

  fixed(text: unknown, size: number, what: string): void {
    const decoded = decodeBase58(text, what);
    if (decoded.length !== size) {
      throw new Error(`cannot encode transaction: ${what} must decode to ${size} bytes, got ${decoded.length}`);
    }
    this.bytes(decoded);
  }

  indexes(values: unknown, what: string): void {
    if (!Array.isArray(values)) throw new Error(`cannot encode transaction: ${what} must be an array`);
    this.shortVec(values.length, what);
    for (const v of values) this.u8(v, what);
  }

  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

function decodeBase58(text: unknown, what: string): Uint8Array {
  if (typeof text !== 'string') throw new Error(`cannot encode transaction: ${what} must be a base58 string`);
  const bytes = base58Bytes(text);
  if (bytes === null) throw new Error(`cannot encode transaction: ${what} is not valid base58`);
  return bytes;
}

function list<T>(value: readonly T[] | undefined, what: string): readonly T[] {
  if (!Array.isArray(value)) throw new Error(`cannot encode transaction: ${what} must be an array`);
  // Array.isArray narrows a readonly array to any[]; the element type is the caller's.
  return value as readonly T[];
}

export function encodeWireTransaction(tx: JsonTransaction): Uint8Array {
  if (typeof tx?.message !== 'object' || tx.message === null) {
    throw new Error('cannot encode transaction: it has no message');
  }
  const w = new ByteWriter();
  const signatures = list(tx.signatures, 'signatures');
  w.shortVec(signatures.length, 'signatures');
  for (const s of signatures) w.fixed(s, SIGNATURE_BYTES, 'signature');

  const m = tx.message;
  if (transactionVersionOf(tx) === 0) w.u8(VERSION_PREFIX, 'version prefix');
  w.u8(m.header?.numRequiredSignatures, 'header.numRequiredSignatures');
  w.u8(m.header?.numReadonlySignedAccounts, 'header.numReadonlySignedAccounts');
  w.u8(m.header?.numReadonlyUnsignedAccounts, 'header.numReadonlyUnsignedAccounts');

  const keys = list(m.accountKeys, 'accountKeys');
  w.shortVec(keys.length, 'accountKeys');
  for (const k of keys) w.fixed(k, ADDRESS_BYTES, 'account key');
  w.fixed(m.recentBlockhash, ADDRESS_BYTES, 'recentBlockhash');

  const instructions = list(m.instructions, 'instructions');
  w.shortVec(instructions.length, 'instructions');
  for (const ix of instructions) {
    w.u8(ix.programIdIndex, 'instruction programIdIndex');
    w.indexes(ix.accounts, 'instruction accounts');
    const data = decodeBase58(ix.data, 'instruction data');
    w.shortVec(data.length, 'instruction data');
    w.bytes(data);
  }

  if (m.addressTableLookups) {
    w.shortVec(m.addressTableLookups.length, 'addressTableLookups');
    for (const lookup of m.addressTableLookups) {
      w.fixed(lookup.accountKey, ADDRESS_BYTES, 'lookup table address');
      w.indexes(lookup.writableIndexes, 'lookup writableIndexes');
      w.indexes(lookup.readonlyIndexes, 'lookup readonlyIndexes');
    }
  }
  return w.finish();
}
