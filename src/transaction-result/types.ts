/**
 * A getTransaction `result` in the json and jsonParsed encodings, legacy and v0, as JSON.parse
 * gives it. Modelled on @solana/kit's `TransactionForFullJson` and `TransactionForFullJsonParsed`
 * rather than taken from them: kit types the values its transformers hand back (u64 as bigint,
 * entries as the node wrote them), while the gateway reads the node's JSON itself, and entries as
 * explorerkit leaves them (a json entry gains `parsed` and `program`). Each instruction shape names
 * the other shapes' members as absent, so an entry of either encoding reads without casts.
 * Addresses are plain strings where kit brands them `Address`: the wire codec and the ledger build
 * these results from strings, and every reader here takes them as strings.
 */
import type { TokenBalance, TransactionError, TransactionVersion } from '@solana/kit';
import type {
  AddressTableLookup,
  CompiledInstruction as NodeCompiledInstruction,
  JsonMessage as NodeJsonMessage,
  JsonTransaction,
} from '../codec/wire-transaction.js';

export type { AddressTableLookup, TokenBalance };

/** An instruction's arguments as the node's parsers (or explorerkit) give them; a memo's is its text. */
export type ParsedInstructionData = string | Readonly<{ type: string; info?: Record<string, unknown> }>;

/** json: the node's compiled instruction, and explorerkit's decoding on an entry it decoded. */
export interface CompiledInstruction extends NodeCompiledInstruction {
  readonly parsed?: ParsedInstructionData;
  readonly program?: string;
  readonly programId?: undefined;
}

/** jsonParsed: an entry no parser read (kit: PartiallyDecodedTransactionInstruction). */
export interface PartiallyDecodedInstruction {
  readonly programId: string;
  readonly accounts: string[];
  readonly data: string;
  readonly stackHeight?: number | null;
  readonly parsed?: undefined;
  readonly program?: undefined;
  readonly programIdIndex?: undefined;
}

/** jsonParsed: an entry the node or explorerkit parsed (kit: ParsedTransactionInstruction). */
export interface ParsedInstruction {
  readonly programId: string;
  readonly program: string;
  readonly parsed: ParsedInstructionData;
  readonly stackHeight?: number | null;
  readonly accounts?: undefined;
  readonly data?: undefined;
  readonly programIdIndex?: undefined;
}

export type InstructionEntry = CompiledInstruction | PartiallyDecodedInstruction | ParsedInstruction;

export type InnerInstructions<TEntry extends InstructionEntry> = Readonly<{
  /** The top-level instruction whose invocations these are. */
  index: number;
  instructions: TEntry[];
}>;

export type LoadedAddresses = Readonly<{ writable: readonly string[]; readonly: readonly string[] }>;

export type TransactionMeta<TEntry extends InstructionEntry> = Readonly<{
  err: TransactionError | null;
  fee: number;
  preBalances: readonly number[];
  postBalances: readonly number[];
  /** Absent where the node did not record token balances yet. */
  preTokenBalances?: readonly TokenBalance[];
  postTokenBalances?: readonly TokenBalance[];
  innerInstructions?: readonly InnerInstructions<TEntry>[] | null;
  logMessages?: readonly string[] | null;
  /** json only, and only where the node was asked for v0 (empty for a legacy transaction). */
  loadedAddresses?: LoadedAddresses;
}>;

/** jsonParsed's account key (kit: TransactionParsedAccountVersioned). */
export type ParsedAccountKey = Readonly<{
  pubkey: string;
  signer: boolean;
  writable: boolean;
  source?: 'transaction' | 'lookupTable';
}>;

type Result<TMessage, TEntry extends InstructionEntry> = Readonly<{
  slot: number;
  blockTime: number | null;
  /** Present where the request named maxSupportedTransactionVersion. */
  version?: TransactionVersion;
  meta: TransactionMeta<TEntry> | null;
  transaction: JsonTransaction<TMessage>;
}>;

export type JsonMessage = NodeJsonMessage<CompiledInstruction>;

export type JsonParsedMessage = Readonly<{
  accountKeys: readonly ParsedAccountKey[];
  instructions: (ParsedInstruction | PartiallyDecodedInstruction)[];
  recentBlockhash: string;
  addressTableLookups?: readonly AddressTableLookup[];
}>;

export type JsonTransactionResult = Result<JsonMessage, CompiledInstruction>;
export type JsonParsedTransactionResult = Result<JsonParsedMessage, ParsedInstruction | PartiallyDecodedInstruction>;
export type TransactionResult = JsonTransactionResult | JsonParsedTransactionResult;

/** base64 and base58: the wire transaction's bytes in place of the message, meta as json's. */
export type EncodedTransactionResult<TEncoding extends 'base64' | 'base58' = 'base64' | 'base58'> = Readonly<{
  slot: number;
  blockTime: number | null;
  version?: TransactionVersion;
  meta: TransactionMeta<CompiledInstruction> | null;
  transaction: readonly [string, TEncoding];
}>;
