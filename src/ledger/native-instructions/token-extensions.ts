/**
 * Token-2022's extension instructions, as the node renders them, and the names and amounts the
 * token instructions share with them.
 */
import { Accounts, DataReader, instruction, jsonInteger, notParsable, recognized, undecodable, withPresent, withSigners, type Info, ACCOUNT_STATES } from './reader.js';

/** AuthorityType by its u8 value: the node's name, and whether the mint or an account is set. */
export const AUTHORITY_TYPES: ReadonlyArray<{ name: string; owned: 'mint' | 'account' }> = [
  { name: 'mintTokens', owned: 'mint' },
  { name: 'freezeAccount', owned: 'mint' },
  { name: 'accountOwner', owned: 'account' },
  { name: 'closeAccount', owned: 'account' },
  { name: 'transferFeeConfig', owned: 'mint' },
  { name: 'withheldWithdraw', owned: 'mint' },
  { name: 'closeMint', owned: 'mint' },
  { name: 'interestRate', owned: 'mint' },
  { name: 'permanentDelegate', owned: 'mint' },
  { name: 'confidentialTransferMint', owned: 'mint' },
  { name: 'transferHookProgramId', owned: 'mint' },
  { name: 'confidentialTransferFeeConfig', owned: 'mint' },
  { name: 'metadataPointer', owned: 'mint' },
  { name: 'groupPointer', owned: 'mint' },
  { name: 'groupMemberPointer', owned: 'mint' },
  { name: 'scaledUiAmount', owned: 'mint' },
  { name: 'pause', owned: 'mint' },
  { name: 'permissionedBurn', owned: 'mint' },
];

/** ExtensionType by its u16 value, named as the node names it. */
export const EXTENSION_TYPES: readonly string[] = [
  'uninitialized',
  'transferFeeConfig',
  'transferFeeAmount',
  'mintCloseAuthority',
  'confidentialTransferMint',
  'confidentialTransferAccount',
  'defaultAccountState',
  'immutableOwner',
  'memoTransfer',
  'nonTransferable',
  'interestBearingConfig',
  'cpiGuard',
  'permanentDelegate',
  'nonTransferableAccount',
  'transferHook',
  'transferHookAccount',
  'confidentialTransferFeeConfig',
  'confidentialTransferFeeAmount',
  'metadataPointer',
  'tokenMetadata',
  'groupPointer',
  'tokenGroup',
  'groupMemberPointer',
  'tokenGroupMember',
  'confidentialMintBurn',
  'scaledUiAmount',
  'pausable',
  'pausableAccount',
  'permissionedBurn',
];

/** The rest of the data as u16 extension types; an odd byte or an unknown type fails the unpacking. */
export function extensionTypeList(rest: Uint8Array): string[] {
  if (rest.length % 2 !== 0) throw undecodable;
  const names: string[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const name = EXTENSION_TYPES[rest[i] | (rest[i + 1] << 8)];
    if (name === undefined) throw undecodable;
    names.push(name);
  }
  return names;
}

/** An amount with its decimals, the way the node writes a UiTokenAmount. */
export function tokenAmount(amount: bigint, decimals: number) {
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

type Parsed = ReturnType<typeof instruction>;
/** A parser of the data after the token tag; `data` is the whole instruction data. */
type ExtensionParser = (r: DataReader, a: Accounts, data: Uint8Array) => Parsed;

const initializeMintCloseAuthority: ExtensionParser = (r, a) => {
  const newAuthority = r.optionalPubkey();
  return recognized(() => {
    a.require(1);
    return instruction('initializeMintCloseAuthority', { mint: a.key(0), newAuthority });
  });
};

const reallocate: ExtensionParser = (r, a) => {
  const extensionTypes = extensionTypeList(r.rest);
  return recognized(() => {
    a.require(4);
    const info = { account: a.key(0), payer: a.key(1), systemProgram: a.key(2), extensionTypes };
    return instruction('reallocate', withSigners(a, info, 3, 'owner', 'multisigOwner'));
  });
};

const initializePermanentDelegate: ExtensionParser = (r, a) => {
  const delegate = r.pubkey();
  return recognized(() => {
    a.require(1);
    return instruction('initializePermanentDelegate', { mint: a.key(0), delegate });
  });
};

// ---------------------------------------------------------------------------------------------
// Extensions whose instructions carry their own sub-instruction byte. The token tag alone already
// made the instruction a token one, so from here on every failure is a plain refusal.

/** A sub-instruction's fixed-size data (bytemuck): exactly that many bytes after its tag. */
function fixedData(sub: Uint8Array, size: number): DataReader {
  if (sub.length !== size + 1) throw notParsable;
  return new DataReader(sub.subarray(1));
}

type SubParser = (sub: Uint8Array, a: Accounts) => Parsed;

/** TransferFeeInstruction: its own hand-packed layout, a u8 tag first; trailing bytes are ignored. */
const TRANSFER_FEE: ReadonlyArray<(r: DataReader, a: Accounts) => Parsed> = [
  (r, a) => {
    const transferFeeConfigAuthority = r.optionalPubkey() ?? undefined;
    const withdrawWithheldAuthority = r.optionalPubkey() ?? undefined;
    const transferFeeBasisPoints = r.u16();
    const maximumFee = jsonInteger(r.u64());
    a.require(1);
    const info = { mint: a.key(0), transferFeeBasisPoints, maximumFee };
    return instruction('initializeTransferFeeConfig', withPresent(info, { transferFeeConfigAuthority, withdrawWithheldAuthority }));
  },
  (r, a) => {
    const amount = r.u64();
    const decimals = r.u8();
    const fee = r.u64();
    a.require(4);
    const info = {
      source: a.key(0),
      mint: a.key(1),
      destination: a.key(2),
      tokenAmount: tokenAmount(amount, decimals),
      feeAmount: tokenAmount(fee, decimals),
    };
    return instruction('transferCheckedWithFee', withSigners(a, info, 3, 'authority', 'multisigAuthority'));
  },
  (_r, a) => {
    a.require(3);
    const info = { mint: a.key(0), feeRecipient: a.key(1) };
    return instruction('withdrawWithheldTokensFromMint', withSigners(a, info, 2, 'withdrawWithheldAuthority', 'multisigWithdrawWithheldAuthority'));
  },
  // The source accounts are the last `count`; the authority and its signers come before them.
  (r, a) => {
    const count = r.u8();
    a.require(3 + count);
    const first = a.length - count;
    const info = { mint: a.key(0), feeRecipient: a.key(1), sourceAccounts: a.from(first) };
    const signing = a.prefix(first);
    return instruction(
      'withdrawWithheldTokensFromAccounts',
      withSigners(signing, info, 2, 'withdrawWithheldAuthority', 'multisigWithdrawWithheldAuthority'),
    );
  },
  (_r, a) => {
    a.require(1);
    return instruction('harvestWithheldTokensToMint', { mint: a.key(0), sourceAccounts: a.from(1) });
  },
  (r, a) => {
    const transferFeeBasisPoints = r.u16();
    const maximumFee = jsonInteger(r.u64());
    a.require(2);
    const info = { mint: a.key(0), transferFeeBasisPoints, maximumFee };
    // The node's field name for a multisig here lacks the capital T; kept as written.
    return instruction('setTransferFee', withSigners(a, info, 1, 'transferFeeConfigAuthority', 'multisigtransferFeeConfigAuthority'));
  },
];

const transferFee: SubParser = (sub, a) => {
  const r = new DataReader(sub);
  const parse = TRANSFER_FEE[r.u8()];
  if (parse === undefined) throw notParsable;
  return parse(r, a);
};

/** Enable / disable toggles on a token account (memo transfers, CPI guard). */
const toggle =
  (suffix: string): SubParser =>
  (sub, a) => {
    a.require(2);
    const verb = ['enable', 'disable'][sub[0]];
    if (verb === undefined) throw notParsable;
    return instruction(`${verb}${suffix}`, withSigners(a, { account: a.key(0) }, 1, 'owner', 'multisigOwner'));
  };


const defaultAccountState: SubParser = (sub, a) => {
  const [variant, state] = sub.length === 2 ? [sub[0], ACCOUNT_STATES[sub[1]]] : [undefined, undefined];
  if ((variant !== 0 && variant !== 1) || state === undefined) throw notParsable;
  if (variant === 0) {
    a.require(1);
    return instruction('initializeDefaultAccountState', { mint: a.key(0), accountState: state });
  }
  a.require(2);
  const info = { mint: a.key(0), accountState: state };
  return instruction('updateDefaultAccountState', withSigners(a, info, 1, 'freezeAuthority', 'multisigFreezeAuthority'));
};

/**
 * Metadata, group and group-member pointers and the transfer hook share one layout: initialize
 * with an optional authority and an optional address, update with the address and the authority
 * signing.
 */
const pointer =
  (name: string, addressField: string): SubParser =>
  (sub, a) => {
    if (sub[0] === 0) {
      a.require(1);
      const r = fixedData(sub, 64);
      const optional = { authority: r.nonZeroKey() ?? undefined, [addressField]: r.nonZeroKey() ?? undefined };
      return instruction(`initialize${name}`, withPresent({ mint: a.key(0) }, optional));
    }
    if (sub[0] !== 1) throw notParsable;
    a.require(2);
    const info = withPresent({ mint: a.key(0) }, { [addressField]: fixedData(sub, 32).nonZeroKey() ?? undefined });
    return instruction(`update${name}`, withSigners(a, info, 1, 'authority', 'multisigAuthority'));
  };

/** BasisPoints: a little-endian i16. */

const interestBearingMint: SubParser = (sub, a) => {
  if (sub[0] === 0) {
    a.require(1);
    const r = fixedData(sub, 34);
    const rateAuthority = r.nonZeroKey();
    return instruction('initializeInterestBearingConfig', { mint: a.key(0), rateAuthority, rate: r.i16() });
  }
  if (sub[0] !== 1) throw notParsable;
  a.require(2);
  const info = { mint: a.key(0), newRate: fixedData(sub, 2).i16() };
  return instruction('updateInterestBearingConfigRate', withSigners(a, info, 1, 'rateAuthority', 'multisigRateAuthority'));
};


/** Rust's `f64` Display: the shortest round-trip digits, never in exponent form. */
export function rustF64(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (Object.is(value, -0)) return '-0';
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, sign, head, tail = '', exponentText] = match;
  const digits = head + tail;
  const point = 1 + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  return sign + (point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`);
}


const scaledUiAmount: SubParser = (sub, a) => {
  if (sub[0] === 0) {
    a.require(1);
    const r = fixedData(sub, 40);
    const authority = r.nonZeroKey();
    return instruction('initializeScaledUiAmountConfig', { mint: a.key(0), authority, multiplier: rustF64(r.f64()) });
  }
  if (sub[0] !== 1) throw notParsable;
  a.require(2);
  const r = fixedData(sub, 16);
  const info = { mint: a.key(0), newMultiplier: rustF64(r.f64()), newMultiplierTimestamp: jsonInteger(r.i64()) };
  return instruction('updateMultiplier', withSigners(a, info, 1, 'authority', 'multisigAuthority'));
};

const pausable: SubParser = (sub, a) => {
  if (sub[0] === 0) {
    a.require(1);
    return instruction('initializePausableConfig', { mint: a.key(0), authority: fixedData(sub, 32).pubkey() });
  }
  const type = ['pause', 'resume'][sub[0] - 1];
  if (type === undefined) throw notParsable;
  a.require(2);
  return instruction(type, withSigners(a, { mint: a.key(0) }, 1, 'authority', 'multisigAuthority'));
};

/** Burns that need the mint's permissioned-burn authority too; the confidential one is not parsed here. */
const permissionedBurn: SubParser = (sub, a) => {
  if (sub[0] === 0) {
    a.require(1);
    return instruction('initializePermissionedBurnConfig', { mint: a.key(0), authority: fixedData(sub, 32).pubkey() });
  }
  if (sub[0] !== 1 && sub[0] !== 2) throw notParsable;
  a.require(4);
  const info: Info = { account: a.key(0), mint: a.key(1), permissionedBurnAuthority: a.key(2) };
  if (sub[0] === 1) info.amount = fixedData(sub, 8).u64().toString();
  else {
    const r = fixedData(sub, 9);
    info.tokenAmount = tokenAmount(r.u64(), r.u8());
  }
  return instruction(sub[0] === 1 ? 'permissionedBurn' : 'permissionedBurnChecked', withSigners(a, info, 3, 'authority', 'multisigAuthority'));
};

/** Sub-instruction data must hold at least its tag; DefaultAccountState needs its state byte too. */
const withSubInstruction =
  (parse: SubParser, minimumLength = 1): ExtensionParser =>
  (_r, a, data) =>
    recognized(() => {
      const sub = data.subarray(1);
      if (sub.length < minimumLength) throw notParsable;
      return parse(sub, a);
    });

const TOKEN_EXTENSIONS: ReadonlyMap<number, ExtensionParser> = new Map([
  [25, initializeMintCloseAuthority],
  [26, withSubInstruction(transferFee)],
  [28, withSubInstruction(defaultAccountState, 2)],
  [29, reallocate],
  [30, withSubInstruction(toggle('RequiredMemoTransfers'))],
  [33, withSubInstruction(interestBearingMint)],
  [34, withSubInstruction(toggle('CpiGuard'))],
  [35, initializePermanentDelegate],
  [36, withSubInstruction(pointer('TransferHook', 'programId'))],
  [39, withSubInstruction(pointer('MetadataPointer', 'metadataAddress'))],
  [40, withSubInstruction(pointer('GroupPointer', 'groupAddress'))],
  [41, withSubInstruction(pointer('GroupMemberPointer', 'memberAddress'))],
  [43, withSubInstruction(scaledUiAmount)],
  [44, withSubInstruction(pausable)],
  [46, withSubInstruction(permissionedBurn)],
]);

/**
 * Token-2022 tags past the base instructions. Tags of extensions not parsed here (the confidential
 * ones, and permissioned burn's confidential burn) are refused, which is where we differ from the node.
 */
export function parseTokenExtension(tag: number, data: Uint8Array, a: Accounts) {
  const parse = TOKEN_EXTENSIONS.get(tag);
  if (parse === undefined) throw tag > 46 ? undecodable : notParsable;
  return parse(new DataReader(data.subarray(1)), a, data);
}
