/**
 * spl-token and Token-2022 accounts as the node parses them: tried as a token account, then as a
 * mint, then as a multisig, each base state read with Token-2022's rules (spl-token's accounts are
 * the same bytes without the extension area), so data that is none of them fails as it does there.
 */
import { encodeBase58 } from '../../codec/base58.js';
import { tokenAmount } from '../native-instructions/token-extensions.js';
import { DataReader, notParsable, withPresent, ACCOUNT_STATES } from '../native-instructions/reader.js';
import { serdeF64 } from './serde-f64.js';
import { hasVariableUiAmount, renderExtensions, type BaseKind } from './token-extensions.js';

/** A mint's decimals, where they are known exactly; undefined leaves its token accounts unparsed. */
export type DecimalsOf = (mint: string) => number | undefined;

const ACCOUNT_LEN = 165;
const MINT_LEN = 82;
const MULTISIG_LEN = 355;
const ACCOUNT_TYPE: Record<BaseKind, number> = { mint: 1, account: 2 };

/**
 * StateWithExtensions::unpack's checks around a base state: not multisig-sized, long enough, and
 * any bytes past it zero-padded to the AccountType byte, which must name this kind. Returns the
 * TLV area after that byte (empty without one), or null where the data is not of this kind.
 */
function tlvArea(data: Uint8Array, kind: BaseKind, baseLen: number): Uint8Array | null {
  if (data.length === MULTISIG_LEN || data.length < baseLen) return null;
  const rest = data.subarray(baseLen);
  if (rest.length === 0) return rest;
  const typeAt = ACCOUNT_LEN - baseLen;
  if (rest.length <= typeAt || rest.subarray(0, typeAt).some((b) => b !== 0)) return null;
  return rest[typeAt] === ACCOUNT_TYPE[kind] ? rest.subarray(typeAt + 1) : null;
}

/** spl-token's packed COption: a u32 tag of exactly 0 or 1, then the value's bytes either way. */
function coption<T>(r: DataReader, size: number, read: (bytes: Uint8Array) => T): T | undefined {
  const tag = r.u32();
  const bytes = r.take(size);
  if (tag > 1) throw notParsable;
  return tag === 1 ? read(bytes) : undefined;
}

const coptionKey = (r: DataReader) => coption(r, 32, encodeBase58);
const coptionU64 = (r: DataReader) => coption(r, 8, (bytes) => new DataReader(bytes).u64());

/** A packed bool: 0 or 1, anything else fails the unpacking. */
function packedBool(r: DataReader): boolean {
  const b = r.u8();
  if (b > 1) throw notParsable;
  return b === 1;
}

/** UiTokenAmount with its uiAmount as serde_json prints an f64. */
function uiTokenAmount(amount: bigint, decimals: number) {
  const { uiAmount, ...rest } = tokenAmount(amount, decimals);
  return { ...rest, uiAmount: uiAmount === null ? null : serdeF64(uiAmount) };
}

/** `extensions` is left out when empty. */
function withExtensions(info: Record<string, unknown>, tlv: Uint8Array, kind: BaseKind) {
  const extensions = renderExtensions(tlv, kind);
  return extensions.length > 0 ? { ...info, extensions } : info;
}

function tokenAccount(data: Uint8Array, decimalsOf: DecimalsOf) {
  const tlv = tlvArea(data, 'account', ACCOUNT_LEN);
  if (tlv === null) return undefined;
  const r = new DataReader(data);
  const mint = r.pubkey();
  const owner = r.pubkey();
  const amount = r.u64();
  const delegate = coptionKey(r);
  const state = ACCOUNT_STATES[r.u8()];
  const reserve = coptionU64(r);
  const delegatedAmount = r.u64();
  const closeAuthority = coptionKey(r);
  if (state === undefined || state === 'uninitialized') return undefined;

  // The node reads the decimals from the mint before parsing, and without them gives up.
  const decimals = decimalsOf(mint);
  if (decimals === undefined) throw notParsable;
  const info = withPresent(
    { mint, owner, tokenAmount: uiTokenAmount(amount, decimals), state, isNative: reserve !== undefined },
    {
      delegate,
      rentExemptReserve: reserve === undefined ? undefined : uiTokenAmount(reserve, decimals),
      delegatedAmount: delegate === undefined ? undefined : uiTokenAmount(delegatedAmount, decimals),
      closeAuthority,
    },
  );
  return { type: 'account', info: withExtensions(info, tlv, 'account') };
}

/** A mint's base state and TLV area, or undefined where the data is no initialized mint. */
function unpackMint(data: Uint8Array) {
  const tlv = tlvArea(data, 'mint', MINT_LEN);
  if (tlv === null) return undefined;
  const r = new DataReader(data);
  const mintAuthority = coptionKey(r) ?? null;
  const supply = r.u64().toString();
  const decimals = r.u8();
  const isInitialized = packedBool(r);
  const freezeAuthority = coptionKey(r) ?? null;
  return isInitialized ? { base: { mintAuthority, supply, decimals, isInitialized, freezeAuthority }, tlv } : undefined;
}

/** The decimals a mint gives its token accounts' amounts; undefined where they move with time. */
export function mintDecimals(data: Uint8Array): number | undefined {
  const mint = unpackMint(data);
  return mint === undefined || hasVariableUiAmount(mint.tlv) ? undefined : mint.base.decimals;
}

function multisig(data: Uint8Array) {
  if (data.length !== MULTISIG_LEN) throw notParsable;
  const r = new DataReader(data);
  const numRequiredSigners = r.u8();
  const numValidSigners = r.u8();
  if (!packedBool(r)) throw notParsable;
  const signers: string[] = [];
  for (let i = 0; i < 11; i++) {
    const key = r.take(32);
    if (key.some((b) => b !== 0)) signers.push(encodeBase58(key));
  }
  return { type: 'multisig', info: { numRequiredSigners, numValidSigners, isInitialized: true, signers } };
}

/** Throws NotParsable where the node falls back to base64. */
export function parseTokenAccount(data: Uint8Array, decimalsOf: DecimalsOf) {
  const account = tokenAccount(data, decimalsOf);
  if (account !== undefined) return account;
  const mint = unpackMint(data);
  if (mint !== undefined) return { type: 'mint', info: withExtensions(mint.base, mint.tlv, 'mint') };
  return multisig(data);
}
