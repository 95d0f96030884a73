/**
 * The account owners whose data the node parses in jsonParsed, each with the program name it
 * writes, and the node's answer for one: `{parsed, program, space}`, or undefined where it falls
 * back to base64 (an owner it does not parse, data its parser refuses, a token account whose
 * mint's decimals are not known exactly here).
 */
import { sortedDeep, NotParsable } from '../native-instructions/reader.js';
import { parseUpgradeableLoaderAccount } from './loader.js';
import { parseLookupTableAccount } from './lookup-table.js';
import { parseNonceAccount } from './nonce.js';
import { parseSysvarAccount } from './sysvar.js';
import { mintDecimals, parseTokenAccount, type DecimalsOf } from './token.js';

/** Where a token account's mint decimals come from: the node reads them from the mint account. */
export interface MintSources {
  /** The data of the mint account, when the ledger holds it. */
  mintData(mint: string): Uint8Array | undefined;
  /** The decimals stored transactions' token balances give the mint (they never change). */
  balanceDecimals(mint: string): number | undefined;
}

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

function decimalsFrom(owner: string, sources: MintSources | undefined): DecimalsOf {
  return (mint) => {
    const data = sources?.mintData(mint);
    if (data !== undefined) return mintDecimals(data);
    // A Token-2022 mint not held may be interest-bearing or scaled, which balances do not show.
    return owner === TOKEN ? sources?.balanceDecimals(mint) : undefined;
  };
}

type AccountParser = (data: Uint8Array, address: string, decimalsOf: DecimalsOf) => unknown;

const PARSERS: ReadonlyMap<string, { program: string; parse: AccountParser }> = new Map([
  [TOKEN, { program: 'spl-token', parse: (data, _address, decimalsOf) => parseTokenAccount(data, decimalsOf) }],
  [TOKEN_2022, { program: 'spl-token-2022', parse: (data, _address, decimalsOf) => parseTokenAccount(data, decimalsOf) }],
  ['BPFLoaderUpgradeab1e11111111111111111111111', { program: 'bpf-upgradeable-loader', parse: parseUpgradeableLoaderAccount }],
  ['11111111111111111111111111111111', { program: 'nonce', parse: parseNonceAccount }],
  ['AddressLookupTab1e1111111111111111111111111', { program: 'address-lookup-table', parse: parseLookupTableAccount }],
  ['Sysvar1111111111111111111111111111111111111', { program: 'sysvar', parse: parseSysvarAccount }],
]);

export interface ParsedAccount {
  parsed: unknown;
  program: string;
  space: number;
}

export function parseNativeAccount(
  { address, owner, data }: { address: string; owner: string; data: Uint8Array },
  sources?: MintSources,
): ParsedAccount | undefined {
  const parser = PARSERS.get(owner);
  if (parser === undefined) return undefined;
  try {
    const parsed = parser.parse(data, address, decimalsFrom(owner, sources));
    return { parsed: sortedDeep(parsed), program: parser.program, space: data.length };
  } catch (e) {
    if (e instanceof NotParsable) return undefined;
    throw e;
  }
}
