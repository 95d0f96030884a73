/**
 * Token-2022's extension instructions, as the node renders them, and the names and amounts the
 * token instructions share with them.
 */
import { Accounts, DataReader, instruction, notParsable, recognized, undecodable, withSigners } from './reader.js';

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
const EXTENSION_TYPES: readonly string[] = [
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

type ExtensionParser = (r: DataReader, a: Accounts, data: Uint8Array) => ReturnType<typeof instruction>;

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

const TOKEN_EXTENSIONS: ReadonlyMap<number, ExtensionParser> = new Map([
  [25, initializeMintCloseAuthority],
  [29, reallocate],
  [35, initializePermanentDelegate],
]);

/** Token-2022 tags past the base instructions; `a` holds the resolved accounts. */
export function parseTokenExtension(tag: number, data: Uint8Array, a: Accounts) {
  const parse = TOKEN_EXTENSIONS.get(tag);
  if (parse === undefined) throw tag > 46 ? undecodable : notParsable;
  return parse(new DataReader(data.subarray(1)), a, data);
}

/** Token-group and token-metadata interface instructions (8-byte discriminators); none parsed yet. */
export function parseTokenInterfaceInstruction(_data: Uint8Array, _a: Accounts): never {
  throw notParsable;
}
