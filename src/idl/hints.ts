/**
 * What idls/hints.json (and the live IDL path) tell the readers about an IDL that the document
 * itself does not say, and the two reads every dialect makes of them.
 */
import { text } from './json.js';

export interface IdlHints {
  /** For IDLs that carry no address (legacy IDLs often keep it in metadata.address or not at all). */
  address?: string;
  /**
   * For hand-written IDLs without discriminators: the u8 tag is the instruction's position in the
   * list, or is given per instruction name.
   */
  instructionTags?: 'u8-position' | Record<string, number>;
  /**
   * For IDLs whose accounts declare a discriminator and then, again, open with the field the
   * discriminator really is (SPL Governance's Codama `accountType`, Phoenix's Anchor `discriminant`):
   * that field is dropped from the account's layout, as its bytes are the discriminator.
   */
  accountFieldIsDiscriminator?: string;
  /**
   * Anchor instructions that an earlier build of the program also had under another name with the
   * same accounts and arguments (OKX's `swap2` is today's `swap`): new name → existing name. The
   * alias gets the Anchor discriminator of its own name.
   */
  instructionAliases?: Record<string, string>;
  /** The `program` name shown in answers, where the IDL spells it otherwise than earlier versions did. */
  name?: string;
  /**
   * Accounts a program lets a client leave out of the list, which the IDL does not mark: instruction
   * name → account names (Raydium AMM v4 swaps take 17 or 18 accounts, the 18th being target orders).
   */
  omittedAccounts?: Record<string, string[]>;
  /**
   * Accounts the IDL lists with no marker in their data, told apart by their exact length instead
   * (Raydium AMM v4's 752-byte AmmInfo): account name → data length.
   */
  accountSizes?: Record<string, number>;
  /**
   * Accounts the IDL lists without a discriminator although the program writes constant bytes
   * before their fields, told apart by those bytes (Wormhole's core bridge writes `msg` before a
   * posted message and `vaa` before a posted VAA): account name → the bytes, as text.
   */
  accountPrefixes?: Record<string, string>;
  /**
   * The discriminator the program writes before an account's fields, where the IDL gives none (a
   * Shank IDL of a program with a one-byte tag) or a wrong one: account name → the bytes.
   */
  accountDiscriminators?: Record<string, number[]>;
  /**
   * Types the IDL defines but does not list as accounts although the program stores them as Anchor
   * accounts (pump.fun's LastWithdraw): each becomes an account with the Anchor discriminator of its name.
   */
  typesAsAccounts?: string[];
  /**
   * Told of each instruction, account, event or type left out because it cannot be described (an
   * unsupported construct, or a type it needs that the IDL does not define); the rest is still read.
   */
  onSkip?: (item: string, reason: string) => void;
}

/** A declared program address: absent or empty lets the caller's hint stand in (marginfi's SDK writes `""`). */
export function declaredAddress(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  return text(value, 'program address');
}

/** The IDL's own address (as its check leaves it: absent when empty), else the one the caller gives. */
export function programAddress(declared: string | undefined, hints: IdlHints, name: string): string {
  const address = declared ?? hints.address;
  if (address === undefined) throw new Error(`IDL ${name} carries no program address and none was given`);
  return text(address, 'program address');
}

/** Reports an item left out, so one bad instruction or type does not cost the whole program. */
export function skip(hints: IdlHints, what: string, error: unknown): void {
  hints.onSkip?.(what, error instanceof Error ? error.message : String(error));
}
