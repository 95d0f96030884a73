/**
 * SPL Token and Token-2022 instructions, as the node renders them: one parser for both programs,
 * decoding with Token-2022's unpacking (a u8 tag, then hand-packed fields), so a Token-2022 tag
 * sent to the old program is rendered all the same.
 */
import { Accounts, DataReader, instruction, notParsable, recognized, resolvedAccounts, undecodable, utf8, withPresent, withSigners } from './reader.js';
import { AUTHORITY_TYPES, extensionTypeList, parseTokenExtension, tokenAmount } from './token-extensions.js';
import { parseTokenInterfaceInstruction } from './token-interfaces.js';

type Info = Record<string, unknown>;
type TokenParser = (r: DataReader, a: Accounts) => ReturnType<typeof instruction>;

const initializeMint =
  (type: 'initializeMint' | 'initializeMint2'): TokenParser =>
  (r, a) => {
    const decimals = r.u8();
    const mintAuthority = r.pubkey();
    const freezeAuthority = r.optionalPubkey() ?? undefined;
    const withRent = type === 'initializeMint';
    a.require(withRent ? 2 : 1);
    const info = { mint: a.key(0), decimals, mintAuthority, rentSysvar: withRent ? a.key(1) : undefined };
    return instruction(type, withPresent({}, { ...info, freezeAuthority }));
  };

const initializeAccount: TokenParser = (_r, a) => {
  a.require(4);
  return instruction('initializeAccount', { account: a.key(0), mint: a.key(1), owner: a.key(2), rentSysvar: a.key(3) });
};

const initializeAccount2: TokenParser = (r, a) => {
  const owner = r.pubkey();
  a.require(3);
  return instruction('initializeAccount2', { account: a.key(0), mint: a.key(1), owner, rentSysvar: a.key(2) });
};

const initializeAccount3: TokenParser = (r, a) => {
  const owner = r.pubkey();
  a.require(2);
  return instruction('initializeAccount3', { account: a.key(0), mint: a.key(1), owner });
};

const initializeMultisig: TokenParser = (r, a) => {
  const m = r.u8();
  a.require(3);
  return instruction('initializeMultisig', { multisig: a.key(0), rentSysvar: a.key(1), signers: a.from(2), m });
};

const initializeMultisig2: TokenParser = (r, a) => {
  const m = r.u8();
  a.require(2);
  return instruction('initializeMultisig2', { multisig: a.key(0), signers: a.from(1), m });
};

/** Instructions whose data is a raw u64 amount, written as a string. */
const withAmount =
  (type: string, fields: readonly string[], owner: string, multisig: string): TokenParser =>
  (r, a) => {
    const amount = r.u64().toString();
    a.require(3);
    const info: Info = { [fields[0]]: a.key(0), [fields[1]]: a.key(1), amount };
    return instruction(type, withSigners(a, info, 2, owner, multisig));
  };

/** The checked instructions: amount and decimals, written as a token amount. */
const withTokenAmount =
  (type: string, fields: readonly string[], owner: string, multisig: string): TokenParser =>
  (r, a) => {
    const amount = r.u64();
    const decimals = r.u8();
    a.require(fields.length + 1);
    const info: Info = { tokenAmount: tokenAmount(amount, decimals) };
    fields.forEach((field, i) => (info[field] = a.key(i)));
    return instruction(type, withSigners(a, info, fields.length, owner, multisig));
  };

/** Instructions with no data beyond the tag, naming two accounts and an authority. */
const twoAccounts =
  (type: string, fields: readonly string[], owner: string, multisig: string): TokenParser =>
  (_r, a) => {
    a.require(3);
    return instruction(type, withSigners(a, { [fields[0]]: a.key(0), [fields[1]]: a.key(1) }, 2, owner, multisig));
  };

const revoke: TokenParser = (_r, a) => {
  a.require(2);
  return instruction('revoke', withSigners(a, { source: a.key(0) }, 1, 'owner', 'multisigOwner'));
};

const setAuthority: TokenParser = (r, a) => {
  const authorityType = AUTHORITY_TYPES[r.u8()];
  if (authorityType === undefined) throw undecodable;
  const newAuthority = r.optionalPubkey();
  a.require(2);
  const info = { [authorityType.owned]: a.key(0), authorityType: authorityType.name, newAuthority };
  return instruction('setAuthority', withSigners(a, info, 1, 'authority', 'multisigAuthority'));
};

const oneAccount =
  (type: string, field: string): TokenParser =>
  (_r, a) => {
    a.require(1);
    return instruction(type, { [field]: a.key(0) });
  };

const getAccountDataSize: TokenParser = (r, a) => {
  const extensionTypes = extensionTypeList(r.rest);
  a.require(1);
  return instruction('getAccountDataSize', withPresent({ mint: a.key(0) }, { extensionTypes: extensionTypes.length > 0 ? extensionTypes : undefined }));
};

const amountToUiAmount: TokenParser = (r, a) => {
  const amount = r.u64().toString();
  a.require(1);
  return instruction('amountToUiAmount', { mint: a.key(0), amount });
};

const uiAmountToAmount: TokenParser = (r, a) => {
  const uiAmount = utf8(r.rest);
  a.require(1);
  return instruction('uiAmountToAmount', { mint: a.key(0), uiAmount });
};

const createNativeMint: TokenParser = (_r, a) => {
  a.require(3);
  return instruction('createNativeMint', { payer: a.key(0), nativeMint: a.key(1), systemProgram: a.key(2) });
};

/** COption<u64>: tag 0, or tag 1 and the amount. */
function optionalAmount(r: DataReader): string | undefined {
  const tag = r.u8();
  if (tag === 0) return undefined;
  if (tag === 1) return r.u64().toString();
  throw undecodable;
}

const unwrapLamports: TokenParser = (r, a) => {
  const amount = optionalAmount(r);
  a.require(3);
  const info = withPresent({ source: a.key(0), destination: a.key(1) }, { amount });
  return instruction('unwrapLamports', withSigners(a, info, 2, 'authority', 'multisigAuthority'));
};

const TOKEN_INSTRUCTIONS: ReadonlyMap<number, TokenParser> = new Map([
  [0, initializeMint('initializeMint')],
  [1, initializeAccount],
  [2, initializeMultisig],
  [3, withAmount('transfer', ['source', 'destination'], 'authority', 'multisigAuthority')],
  [4, withAmount('approve', ['source', 'delegate'], 'owner', 'multisigOwner')],
  [5, revoke],
  [6, setAuthority],
  [7, withAmount('mintTo', ['mint', 'account'], 'mintAuthority', 'multisigMintAuthority')],
  [8, withAmount('burn', ['account', 'mint'], 'authority', 'multisigAuthority')],
  [9, twoAccounts('closeAccount', ['account', 'destination'], 'owner', 'multisigOwner')],
  [10, twoAccounts('freezeAccount', ['account', 'mint'], 'freezeAuthority', 'multisigFreezeAuthority')],
  [11, twoAccounts('thawAccount', ['account', 'mint'], 'freezeAuthority', 'multisigFreezeAuthority')],
  [12, withTokenAmount('transferChecked', ['source', 'mint', 'destination'], 'authority', 'multisigAuthority')],
  [13, withTokenAmount('approveChecked', ['source', 'mint', 'delegate'], 'owner', 'multisigOwner')],
  [14, withTokenAmount('mintToChecked', ['mint', 'account'], 'mintAuthority', 'multisigMintAuthority')],
  [15, withTokenAmount('burnChecked', ['account', 'mint'], 'authority', 'multisigAuthority')],
  [16, initializeAccount2],
  [17, oneAccount('syncNative', 'account')],
  [18, initializeAccount3],
  [19, initializeMultisig2],
  [20, initializeMint('initializeMint2')],
  [21, getAccountDataSize],
  [22, oneAccount('initializeImmutableOwner', 'account')],
  [23, amountToUiAmount],
  [24, uiAmountToAmount],
  [31, createNativeMint],
  [32, oneAccount('initializeNonTransferableMint', 'mint')],
  [38, twoAccounts('withdrawExcessLamports', ['source', 'destination'], 'authority', 'multisigAuthority')],
  [45, unwrapLamports],
]);

const BATCH_TAG = 255;

/**
 * Batch: for each inner instruction a u8 account count, a u8 data length and the data; the outer
 * accounts are the inner ones concatenated. Each is parsed like a top-level one, and any failure
 * (a nested batch included) refuses the whole batch.
 */
function parseBatch(data: Uint8Array, indexes: number[], keys: readonly string[]) {
  const r = new DataReader(data);
  let accountCursor = 0;
  const instructions: unknown[] = [];
  while (r.remaining > 0) {
    const numAccounts = r.u8();
    const inner = r.take(r.u8());
    if (accountCursor + numAccounts > indexes.length) throw notParsable;
    const innerAccounts = indexes.slice(accountCursor, accountCursor + numAccounts);
    accountCursor += numAccounts;
    if (inner[0] === BATCH_TAG) throw notParsable;
    instructions.push(parseToken(innerAccounts, inner, keys));
  }
  return instruction('batch', { instructions });
}

export function parseToken(accounts: number[], data: Uint8Array, keys: readonly string[]): unknown {
  const a = resolvedAccounts(accounts, keys);
  try {
    return parseTokenInstruction(data, a, accounts, keys);
  } catch (e) {
    // Data that is no token instruction may still be one of the interfaces Token-2022 implements.
    if (e !== undecodable) throw e;
  }
  return parseTokenInterfaceInstruction(data, a);
}

function parseTokenInstruction(data: Uint8Array, a: Accounts, accounts: number[], keys: readonly string[]) {
  const r = new DataReader(data);
  const tag = r.u8();
  if (tag === BATCH_TAG) return recognized(() => parseBatch(r.rest, accounts, keys));
  const parse = TOKEN_INSTRUCTIONS.get(tag);
  if (parse !== undefined) return parse(r, a);
  return parseTokenExtension(tag, data, a);
}
