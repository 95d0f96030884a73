/**
 * Params of the methods the gateway answers itself: checked by the precompiled validators first
 * (the common, valid case costs one function call), explained in the standard node's words only
 * when they fail, then turned into typed requests.
 */
import * as validators from './validators.generated.js';
import { accountEncodings, transactionEncodings } from './schemas.js';
import { commitmentBelowConfirmed, invalidParams, RpcError } from './errors.js';
import { invalidParamsText, rustFloatText, typeMismatch } from './serde-text.js';
import { decodeBase58 } from '../codec/base58.js';
import { findPathSpans } from '../json/path-spans.js';

export type TransactionEncoding = (typeof transactionEncodings)[number];
export type AccountEncoding = (typeof accountEncodings)[number];

export interface TransactionRequest {
  signature: string;
  encoding: TransactionEncoding;
  maxSupportedTransactionVersion?: number;
  commitment?: string;
  /**
   * The request says nothing but these members, at finalized commitment: its answer is the same for
   * every client who sends them, so it may be cached under them. Any other member (`withContext`,
   * which newer nodes accept, or one a later node adds) may change the answer.
   */
  cacheable: boolean;
}

const transactionConfigMembers = new Set(['encoding', 'maxSupportedTransactionVersion', 'commitment']);
/** Agave reads `max` and `root` as finalized; `recent`, `single` and `singleGossip` are lower. */
const finalizedCommitments = new Set([undefined, 'finalized', 'max', 'root']);

export interface AccountConfig {
  encoding?: AccountEncoding;
  dataSlice?: { offset: number; length: number };
  minContextSlot?: number;
  commitment?: string;
}

export interface AccountsRequest extends AccountConfig {
  addresses: string[];
}

export interface AccountRequest extends AccountConfig {
  address: string;
}

export interface ContextConfig {
  minContextSlot?: number;
  commitment?: string;
}

/** The node's default for --rpc-max-multiple-accounts. */
export const maxMultipleAccounts = 100;

type Params = unknown[];

/** The node's refusal of a params array shorter than `min` or longer than `max`, or null. */
function arityError(params: Params, min: number, max: number): RpcError | null {
  if (params.length < min) return invalidParams(`\`params\` should have at least ${min} argument(s)`);
  if (params.length > max) {
    return max === 0
      ? invalidParams('Invalid parameters: No parameters were expected', JSON.stringify(params))
      : invalidParams(`Invalid parameters: Expected from ${min} to ${max} parameters.`, `"Got: ${params.length}"`);
  }
  return null;
}

/** Throws the node's refusal of a params array shorter than `min` or longer than `max`. */
export function checkArity(params: Params, min: number, max: number): void {
  const error = arityError(params, min, max);
  if (error !== null) throw error;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** serde reads an absent member and `null` alike as None. */
export const given = <T>(v: T | null | undefined): v is T => v !== undefined && v !== null;

/** serde's refusal of a `UiAccountEncoding` it cannot read, or null for an encoding it reads. */
export function accountEncodingProblem(encoding: unknown): string | null {
  if (typeof encoding !== 'string') return typeMismatch(encoding, 'enum UiAccountEncoding');
  if ((accountEncodings as readonly string[]).includes(encoding)) return null;
  return `unknown variant \`${encoding}\`, expected one of ${accountEncodings.map((e) => `\`${e}\``).join(', ')}`;
}

/** Agave's verify_signature / verify_pubkey: too long or wrong byte count is WrongSize, bad characters Invalid. */
function checkBase58Key(text: string, bytes: 32 | 64): void {
  if (text.length > (bytes === 32 ? 44 : 88)) throw invalidParams('Invalid param: WrongSize');
  const decoded = decodeBase58(text);
  if (decoded === null) throw invalidParams('Invalid param: Invalid');
  if (decoded.length !== bytes) throw invalidParams('Invalid param: WrongSize');
}

export const checkAddress = (text: string) => checkBase58Key(text, 32);
export const checkSignature = (text: string) => checkBase58Key(text, 64);

function explainU64(value: unknown, expected = 'u64'): string | null {
  if (!given(value)) return null;
  // The double of u64::MAX is 2^64: the number's text tells them apart (u64TextProblem).
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 2 ** 64) return null;
  return typeMismatch(value, expected);
}

const u64Max = 2n ** 64n - 1n;
const u64Members: readonly (readonly string[])[] = [
  ['params', '*', 'minContextSlot'],
  ['params', '*', 'dataSlice', 'offset'],
  ['params', '*', 'dataSlice', 'length'],
];
const u64Expected = ['u64', 'usize', 'usize'];

/**
 * serde reads a number's text, not its double: `1.0` is a float, which no u64 accepts, and a
 * literal past u64::MAX is read as a float too, while u64::MAX itself is an integer (its double is
 * 2^64). Checked on the call's own text, after the typed checks passed.
 */
function u64TextProblem(raw: string): string | null {
  const found = findPathSpans(raw, u64Members);
  for (let member = 0; member < found.length; member++) {
    for (const span of found[member]) {
      const text = raw.slice(span.start, span.end);
      if (!/^-?[0-9]/.test(text)) continue;
      const integer = /^-?(0|[1-9][0-9]*)$/.test(text);
      if (integer && (text.startsWith('-') || BigInt(text) <= u64Max)) continue;
      return `invalid type: floating point \`${rustFloatText(Number(text))}\`, expected ${u64Expected[member]}`;
    }
  }
  return null;
}

function checkU64Texts(raw: string | undefined): void {
  const problem = raw === undefined ? null : u64TextProblem(raw);
  if (problem !== null) throw invalidParams(invalidParamsText(problem));
}

function explainAccountConfig(config: unknown): string {
  if (!isObject(config)) return typeMismatch(config, 'struct RpcAccountInfoConfig');
  const { encoding, dataSlice, minContextSlot } = config;
  if (given(encoding)) {
    const problem = accountEncodingProblem(encoding);
    if (problem !== null) return problem;
  }
  if (given(dataSlice)) {
    if (!isObject(dataSlice)) return typeMismatch(dataSlice, 'struct UiDataSliceConfig');
    for (const field of ['offset', 'length'] as const) {
      if (!(field in dataSlice)) return `missing field \`${field}\``;
      const problem = explainU64(dataSlice[field], 'usize');
      if (problem) return problem;
    }
  }
  return explainU64(minContextSlot) ?? 'data did not match the expected config';
}

function explainContextConfig(config: unknown): string {
  if (!isObject(config)) return typeMismatch(config, 'struct RpcContextConfig');
  return explainU64(config.minContextSlot) ?? 'data did not match the expected config';
}

function accountConfigOf(config: unknown): AccountConfig {
  if (!isObject(config)) return {};
  const out: AccountConfig = {};
  if (given(config.encoding)) out.encoding = config.encoding as AccountEncoding;
  if (isObject(config.dataSlice)) out.dataSlice = config.dataSlice as AccountConfig['dataSlice'];
  if (given(config.minContextSlot)) out.minContextSlot = config.minContextSlot as number;
  if (typeof config.commitment === 'string') out.commitment = config.commitment;
  return out;
}

export function parseGetTransactionParams(params: Params): TransactionRequest {
  if (!validators.getTransactionParams(params)) {
    checkArity(params, 1, 2);
    if (typeof params[0] !== 'string') throw invalidParams(invalidParamsText(typeMismatch(params[0], 'a string')));
    throw invalidParams(invalidParamsText('data did not match any variant of untagged enum RpcEncodingConfigWrapper'));
  }
  const signature = params[0] as string;
  checkSignature(signature);
  const config = params[1];
  const request: TransactionRequest = { signature, encoding: 'json', cacheable: true };
  if (typeof config === 'string') {
    request.encoding = config as TransactionEncoding;
  } else if (isObject(config)) {
    if (given(config.encoding)) {
      request.encoding = config.encoding as TransactionEncoding;
    }
    if (given(config.maxSupportedTransactionVersion)) {
      request.maxSupportedTransactionVersion = config.maxSupportedTransactionVersion as number;
    }
    if (typeof config.commitment === 'string') request.commitment = config.commitment;
    request.cacheable =
      Object.keys(config).every((member) => transactionConfigMembers.has(member)) &&
      (config.commitment === null || finalizedCommitments.has(request.commitment));
  }
  if (request.commitment === 'processed') {
    throw commitmentBelowConfirmed();
  }
  return request;
}

/** `raw`: the call's text, whose number literals serde reads (u64TextProblem). */
export function parseGetMultipleAccountsParams(params: Params, raw?: string): AccountsRequest {
  if (!validators.getMultipleAccountsParams(params)) {
    checkArity(params, 1, 2);
    const addresses = params[0];
    if (!Array.isArray(addresses)) throw invalidParams(invalidParamsText(typeMismatch(addresses, 'a sequence')));
    const bad: unknown = addresses.find((a) => typeof a !== 'string');
    if (bad !== undefined) throw invalidParams(invalidParamsText(typeMismatch(bad, 'a string')));
    throw invalidParams(invalidParamsText(explainAccountConfig(params[1])));
  }
  checkU64Texts(raw);
  const addresses = params[0] as string[];
  // The node counts before it parses any key, so an oversize request is refused without decoding.
  if (addresses.length > maxMultipleAccounts) {
    throw invalidParams(`Too many inputs provided; max ${maxMultipleAccounts}`);
  }
  for (const address of addresses) checkAddress(address);
  return { addresses, ...accountConfigOf(params[1]) };
}

export function parseGetAccountInfoParams(params: Params, raw?: string): AccountRequest {
  if (!validators.getAccountInfoParams(params)) {
    checkArity(params, 1, 2);
    if (typeof params[0] !== 'string') throw invalidParams(invalidParamsText(typeMismatch(params[0], 'a string')));
    throw invalidParams(invalidParamsText(explainAccountConfig(params[1])));
  }
  checkU64Texts(raw);
  const address = params[0] as string;
  checkAddress(address);
  return { address, ...accountConfigOf(params[1]) };
}

export function parseContextParams(params: Params, raw?: string): ContextConfig {
  if (!validators.getSlotParams(params)) {
    checkArity(params, 0, 1);
    throw invalidParams(invalidParamsText(explainContextConfig(params[0])));
  }
  checkU64Texts(raw);
  const config = params[0];
  const out: ContextConfig = {};
  if (isObject(config)) {
    if (given(config.minContextSlot)) out.minContextSlot = config.minContextSlot as number;
    if (typeof config.commitment === 'string') out.commitment = config.commitment;
  }
  return out;
}

export function parseNoParams(params: Params): void {
  if (!validators.noParams(params)) throw arityError(params, 0, 0)!;
}
