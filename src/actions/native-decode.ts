/**
 * In the json encoding the node parses no instruction, and explorerkit decodes only non-native
 * programs, so System, SPL Token, Associated Token Account and Memo entries arrive as bytes. The
 * few fixed layouts the summaries use are read here into the same `{type, info}` the node writes
 * in jsonParsed (its field names, amounts as decimal strings), so one set of templates serves both
 * encodings. Anything else stays undecoded and gets no sentence.
 */
import { decodeBase58, encodeBase58 } from '../codec/base58.js';

const SYSTEM = '11111111111111111111111111111111';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const ASSOCIATED_TOKEN = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
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
  if (programId !== SYSTEM && programId !== TOKEN && programId !== TOKEN_2022 && programId !== ASSOCIATED_TOKEN && !MEMO.has(programId))
    return null;
  const bytes = decodeBase58(data);
  if (bytes === null) return null;
  if (programId === ASSOCIATED_TOKEN) return associatedToken(bytes, accounts);
  if (MEMO.has(programId)) {
    const memo = memoText(bytes);
    // Not UTF-8: the node too would show no text.
    return memo === null ? null : { program: 'spl-memo', memo, info: {} };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u64 = (at: number) => (at + 8 <= bytes.length ? view.getBigUint64(at, true).toString() : undefined);
  return programId === SYSTEM ? system(bytes, view, u64, accounts) : token(bytes, u64, accounts);
}

function system(bytes: Uint8Array, view: DataView, u64: (at: number) => string | undefined, accounts: string[]): DecodedNative | null {
  if (bytes.length < 4) return null;
  const tag = view.getUint32(0, true);
  if (tag === 2 && bytes.length === 12 && accounts.length >= 2) {
    return { program: 'system', type: 'transfer', info: { source: accounts[0], destination: accounts[1], lamports: Number(u64(4)) } };
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
    default:
      return null;
  }
}

/** Create (no data, or 0) and CreateIdempotent (1): payer, account, wallet, mint, system program, token program. */
function associatedToken(bytes: Uint8Array, accounts: string[]): DecodedNative | null {
  if (bytes.length > 1 || accounts.length < 6) return null;
  const type = bytes.length === 0 || bytes[0] === 0 ? 'create' : bytes[0] === 1 ? 'createIdempotent' : undefined;
  if (type === undefined) return null;
  const [source, account, wallet, mint, systemProgram, tokenProgram] = accounts;
  return { program: 'spl-associated-token-account', type, info: { source, account, wallet, mint, systemProgram, tokenProgram } };
}
