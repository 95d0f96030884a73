/**
 * Token-2022's extensions of a mint or token account (the TLV entries after the base state), as
 * the node lists them in `extensions`: each `{extension, state}`, or only `extension` for the
 * ones that hold nothing, or `unparseableExtension` where the node cannot read one.
 */
import { EXTENSION_TYPES } from '../native-instructions/token-extensions.js';
import { DataReader, jsonInteger, NotParsable, notParsable, utf8, base64, ACCOUNT_STATES } from '../native-instructions/reader.js';

/** spl-token-2022's AccountType byte, which the base state's TLV area begins with. */
export type BaseKind = 'mint' | 'account';

/** A TLV entry: its ExtensionType value and its bytes. */
interface Entry {
  type: number;
  value: Uint8Array;
}

// ExtensionType values the node renders from the account kind they belong to, and the ones that
// belong to token accounts (the others, bar Uninitialized, belong to mints).
const ACCOUNT_EXTENSIONS = new Set([2, 5, 7, 8, 11, 13, 15, 17, 27]);
/** Types the node knows from ConfidentialMintBurn (24) on, whose rendering is not reproduced here. */
const FIRST_UNRENDERED = 24;

const kindOf = (type: number): BaseKind | 'uninitialized' =>
  type === 0 ? 'uninitialized' : ACCOUNT_EXTENSIONS.has(type) ? 'account' : 'mint';

const u16 = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);

/**
 * The types in the TLV area, in order, as spl-token-2022 lists them; null where it fails to
 * (an unknown type, a header or a value running past the end), which the node renders as no list.
 */
function extensionTypes(tlv: Uint8Array): number[] | null {
  const types: number[] = [];
  let at = 0;
  // Fewer than two bytes left is room kept for a reallocation, not an entry.
  while (at + 2 <= tlv.length) {
    const type = u16(tlv, at);
    if (type >= EXTENSION_TYPES.length) return null;
    if (type === 0) break;
    if (at + 4 > tlv.length) return null;
    const end = at + 4 + u16(tlv, at + 2);
    if (end > tlv.length) return null;
    types.push(type);
    at = end;
  }
  return types;
}

/**
 * The bytes of the first entry of a type, found the way spl-token-2022's get_extension walks the
 * TLV: it gives up at an empty slot, at an unknown type and at an entry of the other account kind.
 */
function findEntry(tlv: Uint8Array, type: number, base: BaseKind): Entry | undefined {
  if (kindOf(type) !== base) return undefined;
  let at = 0;
  while (at < tlv.length) {
    if (at + 4 > tlv.length) return undefined;
    const found = u16(tlv, at);
    const valueStart = at + 4;
    const valueEnd = valueStart + u16(tlv, at + 2);
    if (found === type) return valueEnd > tlv.length ? undefined : { type, value: tlv.subarray(valueStart, valueEnd) };
    if (found === 0 || found >= EXTENSION_TYPES.length || kindOf(found) !== base) return undefined;
    at = valueEnd;
  }
  return undefined;
}

/** zk-sdk's pod ElGamal keys and ciphertexts print as base64. */
/** PodBool: any non-zero byte is true. */
const podBool = (r: DataReader) => r.u8() !== 0;
const u64 = (r: DataReader) => jsonInteger(r.u64());


const transferFee = (r: DataReader) => ({ epoch: u64(r), maximumFee: u64(r), transferFeeBasisPoints: r.u16() });

/** A fixed-size (bytemuck) extension: its state read from exactly `size` bytes. */
interface Fixed {
  size: number;
  read: (r: DataReader) => Record<string, unknown>;
}

const FIXED: Record<number, Fixed> = {
  1: {
    size: 108,
    read: (r) => ({
      transferFeeConfigAuthority: r.nonZeroKey(),
      withdrawWithheldAuthority: r.nonZeroKey(),
      withheldAmount: u64(r),
      olderTransferFee: transferFee(r),
      newerTransferFee: transferFee(r),
    }),
  },
  2: { size: 8, read: (r) => ({ withheldAmount: u64(r) }) },
  3: { size: 32, read: (r) => ({ closeAuthority: r.nonZeroKey() }) },
  4: {
    size: 65,
    read: (r) => ({ authority: r.nonZeroKey(), autoApproveNewAccounts: podBool(r), auditorElgamalPubkey: r.nonZeroKey(base64) }),
  },
  5: {
    size: 295,
    read: (r) => ({
      approved: podBool(r),
      elgamalPubkey: base64(r.take(32)),
      pendingBalanceLo: base64(r.take(64)),
      pendingBalanceHi: base64(r.take(64)),
      availableBalance: base64(r.take(64)),
      decryptableAvailableBalance: base64(r.take(36)),
      allowConfidentialCredits: podBool(r),
      allowNonConfidentialCredits: podBool(r),
      pendingBalanceCreditCounter: u64(r),
      maximumPendingBalanceCreditCounter: u64(r),
      expectedPendingBalanceCreditCounter: u64(r),
      actualPendingBalanceCreditCounter: u64(r),
    }),
  },
  // A state byte out of range reads as the default, Uninitialized.
  6: { size: 1, read: (r) => ({ accountState: ACCOUNT_STATES[r.u8()] ?? 'uninitialized' }) },
  8: { size: 1, read: (r) => ({ requireIncomingTransferMemos: podBool(r) }) },
  10: {
    size: 52,
    read: (r) => ({
      rateAuthority: r.nonZeroKey(),
      initializationTimestamp: jsonInteger(r.i64()),
      preUpdateAverageRate: r.i16(),
      lastUpdateTimestamp: jsonInteger(r.i64()),
      currentRate: r.i16(),
    }),
  },
  11: { size: 1, read: (r) => ({ lockCpi: podBool(r) }) },
  12: { size: 32, read: (r) => ({ delegate: r.nonZeroKey() }) },
  14: { size: 64, read: (r) => ({ authority: r.nonZeroKey(), programId: r.nonZeroKey() }) },
  15: { size: 1, read: (r) => ({ transferring: podBool(r) }) },
  16: {
    size: 129,
    read: (r) => ({
      authority: r.nonZeroKey(),
      // A plain ElGamal key here, not an optional one: the node's Option of it is always Some.
      withdrawWithheldAuthorityElgamalPubkey: base64(r.take(32)),
      harvestToMintEnabled: podBool(r),
      withheldAmount: base64(r.take(64)),
    }),
  },
  17: { size: 64, read: (r) => ({ withheldAmount: base64(r.take(64)) }) },
  18: { size: 64, read: (r) => ({ authority: r.nonZeroKey(), metadataAddress: r.nonZeroKey() }) },
  20: { size: 64, read: (r) => ({ authority: r.nonZeroKey(), groupAddress: r.nonZeroKey() }) },
  21: { size: 80, read: (r) => ({ updateAuthority: r.nonZeroKey(), mint: r.pubkey(), size: u64(r), maxSize: u64(r) }) },
  22: { size: 64, read: (r) => ({ authority: r.nonZeroKey(), memberAddress: r.nonZeroKey() }) },
  23: { size: 72, read: (r) => ({ mint: r.pubkey(), group: r.pubkey(), memberNumber: u64(r) }) },
};

/** Extensions that hold nothing: the node names them without reading their entry. */
const UNIT = new Set([7, 9, 13]);
const TOKEN_METADATA = 19;

/** borsh String with its u32 length; invalid UTF-8 fails. */
function borshString(r: DataReader): string {
  return utf8(r.take(r.u32()));
}

/** TokenMetadata is borsh, and every byte of the entry must be read. */
function tokenMetadata(value: Uint8Array): Record<string, unknown> {
  const r = new DataReader(value);
  const state = {
    updateAuthority: r.nonZeroKey(),
    mint: r.pubkey(),
    name: borshString(r),
    symbol: borshString(r),
    uri: borshString(r),
    additionalMetadata: Array.from({ length: r.u32() }, () => [borshString(r), borshString(r)]),
  };
  if (r.remaining !== 0) throw notParsable;
  return state;
}

function stateOf(tlv: Uint8Array, type: number, base: BaseKind): Record<string, unknown> | undefined {
  const entry = findEntry(tlv, type, base);
  if (entry === undefined) return undefined;
  try {
    if (type === TOKEN_METADATA) return tokenMetadata(entry.value);
    const fixed = FIXED[type];
    if (entry.value.length !== fixed.size) return undefined;
    return fixed.read(new DataReader(entry.value));
  } catch (e) {
    // A short or malformed entry is the node's UnparseableExtension, not a failed account.
    if (e instanceof NotParsable) return undefined;
    throw e;
  }
}

/**
 * The `extensions` list of a base state followed by `tlv` (the bytes after its AccountType byte).
 * Throws NotParsable for a type the node would render in a way not reproduced here.
 */
export function renderExtensions(tlv: Uint8Array, base: BaseKind): Array<Record<string, unknown>> {
  const types = extensionTypes(tlv);
  if (types === null) return [];
  return types.map((type) => {
    if (type >= FIRST_UNRENDERED) throw notParsable;
    const extension = EXTENSION_TYPES[type];
    if (UNIT.has(type)) return { extension };
    const state = stateOf(tlv, type, base);
    return state === undefined ? { extension: 'unparseableExtension' } : { extension, state };
  });
}

/** Whether a mint's uiAmount moves with time or a multiplier (interest-bearing, scaled UI amount). */
export function hasVariableUiAmount(tlv: Uint8Array): boolean {
  const interest = findEntry(tlv, 10, 'mint');
  const scaled = findEntry(tlv, 25, 'mint');
  // The node only applies them when the entry reads (56 bytes for ScaledUiAmountConfig).
  return interest?.value.length === FIXED[10].size || scaled?.value.length === 56;
}
