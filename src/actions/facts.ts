/**
 * What a getTransaction `result` says happened, in one shape for both encodings the summaries read
 * (jsonParsed and json, each enhanced by explorerkit): the instruction entries in answer order, the
 * signers, each token account's mint, owner and balances before and after, the transfers, and
 * which entries a given entry invoked. Templates read only these facts, so a value they print is
 * always one the answer holds.
 */
import { accountKeysOf, accountsOf, innerInstructionsOf, isTransactionResult, programIdOf, signersOf } from '../transaction-result/read.js';
import type { InstructionEntry, TokenBalance, TransactionResult } from '../transaction-result/types.js';
import { nodeParsedAsRead } from '../ledger/native-instructions/index.js';
import { decodeNativeCompiled } from './native-decode.js';

/** One instruction entry, top-level or inner, normalized across encodings. */
export interface Instruction {
  programId: string;
  /** The `program` label: the node's (`system`, `spl-token`…) or the IDL name explorerkit gave. */
  program?: string;
  /** `parsed.type`; undefined for an entry nobody decoded. */
  type?: string;
  /** `parsed.info`; empty when there is none. */
  info: Record<string, unknown>;
  /** The text of a memo, which the node renders as a bare string in `parsed`. */
  memo?: string;
  /** Account addresses, where the entry still lists them (undecoded and json-encoded entries). */
  accounts: string[];
  stackHeight?: number | null;
}

export interface Entry {
  ix: Instruction;
  /** The top-level instruction this entry is or runs under. */
  top: number;
  /** Index inside its inner group; undefined for a top-level entry. */
  inner?: number;
}

/** A sentence template: one instruction entry and its transaction's facts in, a sentence or null out. */
export type Template = (entry: Entry, facts: TxFacts) => string | null;

export interface TokenAccount {
  mint?: string;
  owner?: string;
  decimals?: number;
  /** Base units before and after; undefined where the answer has no balance (created or closed in between). */
  pre?: bigint;
  post?: bigint;
}

/** A movement of value that an entry performed by itself (not by what it invoked). */
export interface Movement {
  /** `lamports` for a System Program transfer; else the token mint where it is known. */
  asset: 'lamports' | 'token';
  mint?: string;
  source?: string;
  destination?: string;
  authority?: string;
  amount: bigint;
  entry: Entry;
}

/** Any result may be summarized; one without a readable message (a binary encoding's) reads as this: no keys, no entries. */
const unreadable: TransactionResult = {
  slot: 0,
  blockTime: null,
  meta: null,
  transaction: {
    signatures: [],
    message: {
      accountKeys: [],
      header: { numRequiredSignatures: 0, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 0 },
      instructions: [],
      recentBlockhash: '',
    },
  },
};

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

export class TxFacts {
  private readonly keys: string[];
  private readonly keySet: ReadonlySet<string>;
  readonly signers: ReadonlySet<string>;
  readonly feePayer: string | undefined;
  readonly failed: boolean;
  readonly entries: Entry[];
  private readonly tokenAccounts = new Map<string, TokenAccount>();
  private readonly groups = new Map<number, Entry[]>();

  constructor(result: unknown) {
    const tx = isTransactionResult(result) ? result : unreadable;
    this.keys = accountKeysOf(tx);
    this.signers = new Set(signersOf(tx, this.keys));
    this.keySet = new Set(this.keys);
    this.feePayer = this.keys[0];
    const meta = tx.meta;
    this.failed = meta !== null && meta.err !== null && meta.err !== undefined;

    const normalize = (raw: InstructionEntry) => normalizeInstruction(raw, this.keys);
    // Output order: the top-level instructions, then each inner group's entries in turn.
    this.entries = tx.transaction.message.instructions.map((raw: InstructionEntry, i) => ({ ix: normalize(raw), top: i }));
    for (const group of innerInstructionsOf(tx)) {
      const members: Entry[] = group.instructions.map((raw, j) => ({ ix: normalize(raw), top: group.index, inner: j }));
      this.entries.push(...members);
      this.groups.set(group.index, members);
    }

    this.readTokenBalances(meta?.preTokenBalances, 'pre');
    this.readTokenBalances(meta?.postTokenBalances, 'post');
    // Accounts created in this transaction and closed before it ended have no balance entry, and
    // old answers' balances name no owner; the instructions that set an account up, or that only
    // its owner may sign (approve, close), still say whose it is.
    for (const { ix } of this.entries) {
      if (!isTokenProgram(ix.programId) && ix.program !== 'spl-associated-token-account') continue;
      const setUp = /^(initializeAccount\d?|create|createIdempotent)$/.test(ix.type ?? '');
      const ownerSigned = /^(approve|approveChecked|revoke|closeAccount)$/.test(ix.type ?? '');
      const account = str(ix.info.account) ?? (ownerSigned ? str(ix.info.source) : undefined);
      if (account === undefined || !(setUp || ownerSigned)) continue;
      const known = this.tokenAccounts.get(account) ?? {};
      if (setUp) known.mint ??= str(ix.info.mint);
      known.owner ??= str(ix.info.owner) ?? str(ix.info.wallet);
      this.tokenAccounts.set(account, known);
    }
  }

  /** One of the transaction's account keys (static or loaded). */
  isAccount(address: string): boolean {
    return this.keySet.has(address);
  }

  /**
   * The entry that invoked `entry` directly: its top-level instruction, or the nearest entry
   * before it in its group one level up the call stack; undefined for a top-level entry or where
   * the answer has no call depths.
   */
  caller(entry: Entry): Entry | undefined {
    if (entry.inner === undefined) return undefined;
    const height = entry.ix.stackHeight;
    if (height === 2) return this.entries[entry.top];
    if (typeof height !== 'number') return undefined;
    const group = this.groups.get(entry.top) ?? [];
    for (let j = entry.inner - 1; j >= 0; j--) if (group[j].ix.stackHeight === height - 1) return group[j];
    return undefined;
  }

  isSigner(address: string | undefined): boolean {
    return address !== undefined && this.signers.has(address);
  }

  tokenAccount(address: string | undefined): TokenAccount | undefined {
    return address === undefined ? undefined : this.tokenAccounts.get(address);
  }

  tokenAccountList(): Iterable<TokenAccount> {
    return this.tokenAccounts.values();
  }

  /** Token accounts the answer's balances or set-up instructions attribute to `owner`. */
  tokenAccountsOf(owner: string): string[] {
    return [...this.tokenAccounts].filter(([, t]) => t.owner === owner).map(([a]) => a);
  }

  /**
   * The entries `entry` invoked, directly or further down; undefined where the answer cannot tell.
   * A top-level instruction owns its whole inner group. Inside a group, an entry's callees are the
   * entries after it that sit deeper in the call stack, up to the next one at its own depth or
   * above; without `stackHeight` (answers before v1.14) nesting is unknown.
   */
  descendants(entry: Entry): Entry[] | undefined {
    const group = this.groups.get(entry.top) ?? [];
    if (entry.inner === undefined) return group;
    const height = entry.ix.stackHeight;
    if (typeof height !== 'number') return undefined;
    const out: Entry[] = [];
    for (let j = entry.inner + 1; j < group.length; j++) {
      const h = group[j].ix.stackHeight;
      if (typeof h !== 'number' || h <= height) break;
      out.push(group[j]);
    }
    return out;
  }

  /** Lamports System transfers under `entry` sent into `account`; undefined where none did. */
  lamportsSentInto(entry: Entry, account: string | undefined): bigint | undefined {
    const sent = this.transfers(this.descendants(entry) ?? []).filter((m) => m.asset === 'lamports' && m.destination === account);
    return sent.length === 0 ? undefined : sent.reduce((sum, m) => sum + m.amount, 0n);
  }

  /** The transfers (lamports and tokens) among `entries`. */
  transfers(entries: Entry[]): Movement[] {
    const out: Movement[] = [];
    for (const entry of entries) {
      const { ix } = entry;
      const info = ix.info;
      if (ix.programId === SYSTEM_PROGRAM && (ix.type === 'transfer' || ix.type === 'transferWithSeed')) {
        const amount = big(info.lamports);
        if (amount !== undefined)
          out.push({
            asset: 'lamports',
            source: str(info.source),
            destination: str(info.destination),
            authority: str(info.source),
            amount,
            entry,
          });
      } else if (isTokenProgram(ix.programId) && /^transfer(Checked(WithFee)?)?$/.test(ix.type ?? '')) {
        const amount = tokenAmountOf(info);
        const source = str(info.source);
        const destination = str(info.destination);
        if (amount === undefined) continue;
        const mint = str(info.mint) ?? this.tokenAccount(source)?.mint ?? this.tokenAccount(destination)?.mint;
        out.push({
          asset: 'token',
          mint,
          source,
          destination,
          authority: str(info.authority) ?? str(info.multisigAuthority),
          amount,
          entry,
        });
      }
    }
    return out;
  }

  /**
   * Token amounts `entry` moved through what it invoked out of (`source`) or into (`destination`)
   * any of `accounts`, summed by mint; empty where nothing moved or the answer cannot tell (a failed
   * transaction moved nothing; an answer without call depths names no callees).
   */
  tokensMoved(entry: Entry, side: 'source' | 'destination', accounts: readonly unknown[]): Map<string | undefined, bigint> {
    const under = this.failed ? undefined : this.descendants(entry);
    const sums = new Map<string | undefined, bigint>();
    if (under === undefined) return sums;
    const wanted = new Set(accounts.filter((a): a is string => typeof a === 'string'));
    for (const m of this.transfers(under)) {
      const account = m[side];
      if (m.asset !== 'token' || m.amount === 0n || account === undefined || !wanted.has(account)) continue;
      sums.set(m.mint, (sums.get(m.mint) ?? 0n) + m.amount);
    }
    return sums;
  }

  private readTokenBalances(list: readonly TokenBalance[] | undefined, when: 'pre' | 'post'): void {
    for (const b of list ?? []) {
      const address = this.keys[b.accountIndex];
      if (address === undefined) continue;
      const t = this.tokenAccounts.get(address) ?? {};
      t.mint ??= str(b.mint);
      t.owner ??= str(b.owner);
      const decimals = b.uiTokenAmount.decimals;
      if (typeof decimals === 'number') t.decimals ??= decimals;
      t[when] = big(b.uiTokenAmount.amount);
      this.tokenAccounts.set(address, t);
    }
  }
}

function normalizeInstruction(raw: InstructionEntry, keys: string[]): Instruction {
  // An index past the keys names no program; the entry still counts, under none.
  const programId = programIdOf(raw, keys) ?? '';
  const accounts = accountsOf(raw, keys);
  const stackHeight = raw.stackHeight;
  const parsed = raw.parsed;
  // Object literals rather than spreads of a shared base: this runs for every entry of every
  // actionskit answer, and the spreads stood out in its profile.
  if (typeof parsed === 'string') return { programId, accounts, stackHeight, program: raw.program, memo: parsed, info: {} };
  if (parsed !== undefined) return { programId, accounts, stackHeight, program: raw.program, type: parsed.type, info: parsed.info ?? {} };
  // A json-encoded native entry: parsed here as the node parses it in jsonParsed (which then lists
  // no accounts). The instructions the sentences read most are read by native-decode.ts, which
  // gives the same values in a third of the time; the node's own parsers take the rest.
  if (raw.programIdIndex !== undefined && Array.isArray(raw.accounts) && typeof raw.data === 'string') {
    const common = decodeNativeCompiled(programId, raw.data, accounts);
    if (common !== null) return { programId, accounts: [], stackHeight, ...common };
    const native = nodeParsedAsRead(programId, raw.accounts, raw.data, keys);
    if (native !== undefined) {
      const { program, parsed: node } = native;
      if (typeof node === 'string') return { programId, accounts: [], stackHeight, program, memo: node, info: {} };
      const { type, info } = (node ?? {}) as { type?: string; info?: Record<string, unknown> };
      return { programId, accounts: [], stackHeight, program, type, info: info ?? {} };
    }
  }
  return { programId, accounts, stackHeight, info: {} };
}

export function isTokenProgram(programId: string): boolean {
  return programId === TOKEN_PROGRAM || programId === TOKEN_2022_PROGRAM;
}

/** A string member, or undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An integer given as a JSON number or a decimal string (wider than 32 bits), as bigint. */
export function big(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  return undefined;
}

/** `amount` (transfer, mintTo, burn…) or `tokenAmount.amount` (their Checked forms). */
export function tokenAmountOf(info: Record<string, unknown>): bigint | undefined {
  const checked = info.tokenAmount as { amount?: unknown } | undefined;
  return big(info.amount) ?? big(checked?.amount);
}

export function decimalsOf(info: Record<string, unknown>): number | undefined {
  const checked = info.tokenAmount as { decimals?: unknown } | undefined;
  return typeof checked?.decimals === 'number' ? checked.decimals : typeof info.decimals === 'number' ? info.decimals : undefined;
}
