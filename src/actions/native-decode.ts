/**
 * In the json encoding the node parses no instruction, and explorerkit decodes only non-native
 * programs, so System, SPL Token, Associated Token Account, Memo, Stake and BPF Upgradeable Loader
 * entries arrive as bytes. The
 * few fixed layouts the summaries use are read here into the same `{type, info}` the node writes
 * in jsonParsed (its field names, amounts as decimal strings), so one set of templates serves both
 * encodings. Anything else stays undecoded and gets no sentence.
 */
import { decodeBase58, encodeBase58 } from '../codec/base58.js';
import { startsWith } from '../codec/bytes.js';

const SYSTEM = '11111111111111111111111111111111';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const ASSOCIATED_TOKEN = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const STAKE = 'Stake11111111111111111111111111111111111111';
const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
const MEMO = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);

export interface DecodedNative {
  program: string;
  type?: string;
  info: Record<string, unknown>;
  memo?: string;
}

/** A memo's bytes as the text it carries, or null where they are not UTF-8. */
export function memoText(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function decodeNativeCompiled(programId: string, data: string, accounts: string[]): DecodedNative | null {
  const known =
    programId === SYSTEM ||
    programId === TOKEN ||
    programId === TOKEN_2022 ||
    programId === ASSOCIATED_TOKEN ||
    programId === STAKE ||
    programId === UPGRADEABLE_LOADER ||
    MEMO.has(programId);
  if (!known) return null;
  const bytes = decodeBase58(data);
  if (bytes === null) return null;
  if (programId === ASSOCIATED_TOKEN) return associatedToken(bytes, accounts);
  if (programId === STAKE) return stake(bytes, accounts);
  if (programId === UPGRADEABLE_LOADER) return upgradeableLoader(bytes, accounts);
  if (MEMO.has(programId)) {
    const memo = memoText(bytes);
    // Not UTF-8: the node too would show no text.
    return memo === null ? null : { program: 'spl-memo', memo, info: {} };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u64 = (at: number) => (at + 8 <= bytes.length ? view.getBigUint64(at, true).toString() : undefined);
  if (programId === SYSTEM) return system(bytes, view, u64, accounts);
  return programId === TOKEN_2022 && startsWith(bytes, initializeTokenMetadataTag)
    ? tokenMetadata(bytes, view, accounts)
    : token(bytes, u64, accounts);
}

function system(bytes: Uint8Array, view: DataView, u64: (at: number) => string | undefined, accounts: string[]): DecodedNative | null {
  if (bytes.length < 4) return null;
  const tag = view.getUint32(0, true);
  if (tag === 2 && bytes.length === 12 && accounts.length >= 2) {
    return { program: 'system', type: 'transfer', info: { source: accounts[0], destination: accounts[1], lamports: Number(u64(4)) } };
  }
  if (tag === 4 && bytes.length === 4 && accounts.length >= 3) {
    return {
      program: 'system',
      type: 'advanceNonce',
      info: { nonceAccount: accounts[0], recentBlockhashesSysvar: accounts[1], nonceAuthority: accounts[2] },
    };
  }
  if (tag === 8 && bytes.length === 12 && accounts.length >= 1) {
    return { program: 'system', type: 'allocate', info: { account: accounts[0], space: Number(u64(4)) } };
  }
  if (tag === 1 && bytes.length === 36 && accounts.length >= 1) {
    return { program: 'system', type: 'assign', info: { account: accounts[0], owner: encodeBase58(bytes.subarray(4, 36)) } };
  }
  if (tag === 3 && bytes.length >= 44 && accounts.length >= 2) {
    // base (32), seed (u64 length + UTF-8), lamports, space, owner (32)
    const seedLength = Number(view.getBigUint64(36, true));
    const at = 44 + seedLength;
    if (bytes.length !== at + 48) return null;
    return {
      program: 'system',
      type: 'createAccountWithSeed',
      info: {
        source: accounts[0],
        newAccount: accounts[1],
        base: encodeBase58(bytes.subarray(4, 36)),
        seed: new TextDecoder().decode(bytes.subarray(44, at)),
        lamports: Number(u64(at)),
        space: Number(u64(at + 8)),
        owner: encodeBase58(bytes.subarray(at + 16, at + 48)),
      },
    };
  }
  if (tag === 0 && bytes.length === 52 && accounts.length >= 2) {
    return {
      program: 'system',
      type: 'createAccount',
      info: {
        source: accounts[0],
        newAccount: accounts[1],
        lamports: Number(u64(4)),
        space: Number(u64(12)),
        owner: encodeBase58(bytes.subarray(20, 52)),
      },
    };
  }
  return null;
}

/** SPL Token and Token-2022 share these tags and account orders. */
function token(bytes: Uint8Array, u64: (at: number) => string | undefined, accounts: string[]): DecodedNative | null {
  const amount = u64(1);
  const [a, b, c] = accounts;
  // Beyond the named accounts a multisig authority lists its signers; the node then says multisigAuthority.
  const signer = (named: number, key: string) => ({
    [accounts.length > named ? `multisig${key[0].toUpperCase()}${key.slice(1)}` : key]: accounts[named - 1],
  });
  switch (bytes[0]) {
    case 3:
      if (bytes.length !== 9 || accounts.length < 3) return null;
      return { program: 'spl-token', type: 'transfer', info: { source: a, destination: b, amount, ...signer(3, 'authority') } };
    case 12:
      if (bytes.length !== 10 || accounts.length < 4) return null;
      return {
        program: 'spl-token',
        type: 'transferChecked',
        info: { source: a, mint: b, destination: c, tokenAmount: { amount, decimals: bytes[9] }, ...signer(4, 'authority') },
      };
    case 7:
      if (bytes.length !== 9 || accounts.length < 3) return null;
      return { program: 'spl-token', type: 'mintTo', info: { mint: a, account: b, amount, ...signer(3, 'mintAuthority') } };
    case 14:
      if (bytes.length !== 10 || accounts.length < 3) return null;
      return {
        program: 'spl-token',
        type: 'mintToChecked',
        info: { mint: a, account: b, tokenAmount: { amount, decimals: bytes[9] }, ...signer(3, 'mintAuthority') },
      };
    case 8:
      if (bytes.length !== 9 || accounts.length < 3) return null;
      return { program: 'spl-token', type: 'burn', info: { account: a, mint: b, amount, ...signer(3, 'authority') } };
    case 15:
      if (bytes.length !== 10 || accounts.length < 3) return null;
      return {
        program: 'spl-token',
        type: 'burnChecked',
        info: { account: a, mint: b, tokenAmount: { amount, decimals: bytes[9] }, ...signer(3, 'authority') },
      };
    case 4:
      if (bytes.length !== 9 || accounts.length < 3) return null;
      return { program: 'spl-token', type: 'approve', info: { source: a, delegate: b, amount, ...signer(3, 'owner') } };
    // Account set-up gets no sentence, but says which mint and owner a new token account has.
    case 1:
      if (bytes.length !== 1 || accounts.length < 3) return null;
      return { program: 'spl-token', type: 'initializeAccount', info: { account: a, mint: b, owner: c } };
    case 16:
    case 18:
      if (bytes.length !== 33 || accounts.length < 2) return null;
      return {
        program: 'spl-token',
        type: bytes[0] === 16 ? 'initializeAccount2' : 'initializeAccount3',
        info: { account: a, mint: b, owner: encodeBase58(bytes.subarray(1, 33)) },
      };
    case 9:
      if (bytes.length !== 1 || accounts.length < 3) return null;
      return { program: 'spl-token', type: 'closeAccount', info: { account: a, destination: b, ...signer(3, 'owner') } };
    case 0:
    case 20: {
      // InitializeMint(2): decimals, mint authority, freeze authority as a COption; what says a new mint's decimals.
      const none = bytes.length === 35 && bytes[34] === 0;
      if (accounts.length < (bytes[0] === 0 ? 2 : 1) || !(none || (bytes.length === 67 && bytes[34] === 1))) return null;
      const info: Record<string, unknown> = { mint: a, decimals: bytes[1], mintAuthority: encodeBase58(bytes.subarray(2, 34)) };
      if (!none) info.freezeAuthority = encodeBase58(bytes.subarray(35, 67));
      if (bytes[0] === 0) info.rentSysvar = b;
      return { program: 'spl-token', type: bytes[0] === 0 ? 'initializeMint' : 'initializeMint2', info };
    }
    // Bookkeeping around an account's creation, in most swaps: no sentence, but read here rather
    // than by the node parsers (a third of their time).
    case 21: {
      // With no extension, or the one the associated token program asks about (ImmutableOwner, 7).
      const immutableOwner = bytes.length === 3 && bytes[1] === 7 && bytes[2] === 0;
      if ((bytes.length !== 1 && !immutableOwner) || accounts.length < 1) return null;
      return {
        program: 'spl-token',
        type: 'getAccountDataSize',
        info: immutableOwner ? { mint: a, extensionTypes: ['immutableOwner'] } : { mint: a },
      };
    }
    case 22:
    case 17:
      if (bytes.length !== 1 || accounts.length < 1) return null;
      return { program: 'spl-token', type: bytes[0] === 22 ? 'initializeImmutableOwner' : 'syncNative', info: { account: a } };
    case 6: {
      // SPL Token's four kinds (Token-2022's others are left undecoded); the new authority is a COption.
      const kind = authorityTypes[bytes[1]];
      const none = bytes.length === 3 && bytes[2] === 0;
      if (kind === undefined || accounts.length < 2 || !(none || (bytes.length === 35 && bytes[2] === 1))) return null;
      return {
        program: 'spl-token',
        type: 'setAuthority',
        info: {
          [kind === 'mintTokens' || kind === 'freezeAccount' ? 'mint' : 'account']: a,
          authorityType: kind,
          newAuthority: none ? null : encodeBase58(bytes.subarray(3, 35)),
          ...signer(2, 'authority'),
        },
      };
    }
    default:
      return null;
  }
}

/** The token metadata interface's Initialize: sha256("spl_token_metadata_interface:initialize_account")[0..8]. */
const initializeTokenMetadataTag = Uint8Array.of(0xd2, 0xe1, 0x1e, 0xa2, 0x58, 0xb8, 0x4d, 0x8d);

/**
 * Token-2022's own metadata, written when a mint is created (pump.fun's since 2025): name, symbol
 * and uri as Borsh strings; accounts metadata, update authority, mint, mint authority. Its symbol
 * is one a sentence quotes beside the mint (names.ts).
 */
function tokenMetadata(bytes: Uint8Array, view: DataView, accounts: string[]): DecodedNative | null {
  if (accounts.length < 4) return null;
  const texts: string[] = [];
  let at = initializeTokenMetadataTag.length;
  for (let k = 0; k < 3; k++) {
    if (at + 4 > bytes.length) return null;
    const length = view.getUint32(at, true);
    if (at + 4 + length > bytes.length) return null;
    const text = memoText(bytes.subarray(at + 4, at + 4 + length));
    if (text === null) return null;
    texts.push(text);
    at += 4 + length;
  }
  if (at !== bytes.length) return null;
  const [metadata, updateAuthority, mint, mintAuthority] = accounts;
  const [name, symbol, uri] = texts;
  return {
    program: 'spl-token',
    type: 'initializeTokenMetadata',
    info: { metadata, updateAuthority, mint, mintAuthority, name, symbol, uri },
  };
}

const authorityTypes: readonly string[] = ['mintTokens', 'freezeAccount', 'accountOwner', 'closeAccount'];

/** Delegate, Split and Withdraw: a u32 tag (bincode), then the lamports where there are any. */
function stake(bytes: Uint8Array, accounts: string[]): DecodedNative | null {
  if (bytes.length < 4) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = view.getUint32(0, true);
  const lamports = bytes.length === 12 ? Number(view.getBigUint64(4, true)) : undefined;
  const [a, b, c, d, e, f] = accounts;
  if (tag === 2 && bytes.length === 4 && accounts.length >= 6) {
    return {
      program: 'stake',
      type: 'delegate',
      info: { stakeAccount: a, voteAccount: b, clockSysvar: c, stakeHistorySysvar: d, stakeConfigAccount: e, stakeAuthority: f },
    };
  }
  if (tag === 3 && lamports !== undefined && accounts.length >= 3) {
    return { program: 'stake', type: 'split', info: { stakeAccount: a, newSplitAccount: b, stakeAuthority: c, lamports } };
  }
  if (tag === 4 && lamports !== undefined && accounts.length >= 5) {
    const info: Record<string, unknown> = {
      stakeAccount: a,
      destination: b,
      clockSysvar: c,
      stakeHistorySysvar: d,
      withdrawAuthority: e,
      lamports,
    };
    if (f !== undefined) info.custodian = f;
    return { program: 'stake', type: 'withdraw', info };
  }
  return null;
}

/** Upgrade (a u32 tag of 3): program data, program, buffer, spill, rent, clock, authority. */
function upgradeableLoader(bytes: Uint8Array, accounts: string[]): DecodedNative | null {
  if (bytes.length !== 4 || new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) !== 3 || accounts.length < 7) return null;
  const [programDataAccount, programAccount, bufferAccount, spillAccount, rentSysvar, clockSysvar, authority] = accounts;
  return {
    program: 'bpf-upgradeable-loader',
    type: 'upgrade',
    info: { programDataAccount, programAccount, bufferAccount, spillAccount, rentSysvar, clockSysvar, authority },
  };
}

/** Create (no data, or 0) and CreateIdempotent (1): payer, account, wallet, mint, system program, token program. */
function associatedToken(bytes: Uint8Array, accounts: string[]): DecodedNative | null {
  if (bytes.length > 1 || accounts.length < 6) return null;
  const type = bytes.length === 0 || bytes[0] === 0 ? 'create' : bytes[0] === 1 ? 'createIdempotent' : undefined;
  if (type === undefined) return null;
  const [source, account, wallet, mint, systemProgram, tokenProgram] = accounts;
  return { program: 'spl-associated-token-account', type, info: { source, account, wallet, mint, systemProgram, tokenProgram } };
}
