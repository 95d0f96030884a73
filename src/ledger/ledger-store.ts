/**
 * The embedded ledger's SQLite file: getTransaction results kept as the JSON text they arrived
 * in (one row per encoding held), and account snapshots kept as raw fields so any account
 * encoding can be rendered from them.
 */
import Database from 'better-sqlite3';
import { createPrivately } from '../paths.js';
import { openingError, useWal } from '../sqlite/wal.js';

/** Bump when the tables change; a file written under another version is refused, not migrated. */
export const LEDGER_SCHEMA_VERSION = 1;

export type TransactionVersion = 'legacy' | 0;
export type StoredTransactionEncoding = 'json' | 'jsonParsed' | 'base64';

export interface TransactionInput {
  signature: string;
  slot: number;
  blockTime: number | null;
  version: TransactionVersion;
  encoding: StoredTransactionEncoding;
  /** The getTransaction result JSON text, kept verbatim. */
  body: string;
}

export interface TransactionRow {
  signature: string;
  slot: number;
  blockTime: number | null;
  version: TransactionVersion;
  bodies: Partial<Record<StoredTransactionEncoding, string>>;
}

export interface AccountInput {
  address: string;
  slot: number;
  lamports: bigint | string;
  owner: string;
  executable: boolean;
  rentEpoch: bigint | string;
  data: Uint8Array;
}

export interface AccountRow {
  address: string;
  slot: number;
  /** Exact decimal text of the u64. */
  lamports: string;
  owner: string;
  executable: boolean;
  /** Exact decimal text of the u64. */
  rentEpoch: string;
  data: Uint8Array;
}

export interface LedgerStats {
  transactions: number;
  bodies: Record<string, number>;
  accounts: number;
  minSlot: number | null;
  maxSlot: number | null;
}

export interface LedgerStore {
  putTransaction(tx: TransactionInput): void;
  getTransaction(signature: string): TransactionRow | null;
  putAccount(account: AccountInput): void;
  getAccount(address: string): AccountRow | null;
  /** A mint's decimals as any stored transaction's pre/post token balances give them. */
  tokenBalanceDecimals(mint: string): number | null;
  /** Highest slot over transactions and accounts; 0 for an empty ledger. */
  headSlot(): number;
  stats(): LedgerStats;
  /** Runs fn in one SQLite transaction, so bulk imports commit once instead of per row. */
  batch<T>(fn: () => T): T;
  close(): void;
}

const SCHEMA = `
create table if not exists transactions (
  signature text primary key,
  slot integer not null,
  block_time integer,
  version text not null check (version in ('legacy', '0'))
);
create index if not exists transactions_slot on transactions(slot);
create table if not exists transaction_bodies (
  signature text not null,
  encoding text not null check (encoding in ('json', 'jsonParsed', 'base64')),
  body text not null,
  primary key (signature, encoding)
);
create table if not exists accounts (
  address text primary key,
  slot integer not null,
  lamports text not null,
  owner text not null,
  executable integer not null,
  rent_epoch text not null,
  data blob not null
);
create index if not exists accounts_slot on accounts(slot);
`;

const U64_MAX = (1n << 64n) - 1n;

/** Canonical decimal text of a u64; anything else would be served to clients as a bogus number. */
function u64Text(field: string, value: bigint | string): string {
  const n = typeof value === 'bigint' ? value : /^(?:0|[1-9][0-9]*)$/.test(value) ? BigInt(value) : -1n;
  if (n < 0n || n > U64_MAX) throw new RangeError(`${field} is not a u64: ${String(value)}`);
  return n.toString();
}

interface TransactionDbRow {
  slot: number;
  block_time: number | null;
  version: string;
}

interface AccountDbRow {
  slot: number;
  lamports: string;
  owner: string;
  executable: number;
  rent_epoch: string;
  data: Buffer;
}

export function openLedger(file: string, opts: { readonly?: boolean } = {}): LedgerStore {
  const readonly = opts.readonly === true;
  if (!readonly && file !== ':memory:') createPrivately(file);
  const db = new Database(file, { readonly, fileMustExist: readonly });
  try {
    const found = db.pragma('user_version', { simple: true }) as number;
    // 0 is a new, empty file, which only a writer can set up.
    if (found !== LEDGER_SCHEMA_VERSION && (readonly || found !== 0)) {
      throw new Error(`ledger schema version ${found}, expected ${LEDGER_SCHEMA_VERSION}`);
    }
    if (!readonly) {
      useWal(db);
      // With WAL, NORMAL only risks the last commits on power loss, never corruption.
      db.pragma('synchronous = NORMAL');
      db.exec(SCHEMA);
      db.pragma(`user_version = ${LEDGER_SCHEMA_VERSION}`);
    }
    return new SqliteLedgerStore(db);
  } catch (err) {
    db.close();
    throw openingError(file, err);
  }
}

class SqliteLedgerStore implements LedgerStore {
  private readonly upsertTx: Database.Statement;
  private readonly upsertBody: Database.Statement;
  private readonly selectTx: Database.Statement<[string], TransactionDbRow>;
  private readonly selectBodies: Database.Statement<[string], { encoding: StoredTransactionEncoding; body: string }>;
  private readonly upsertAccount: Database.Statement;
  private readonly selectAccount: Database.Statement<[string], AccountDbRow>;
  private readonly selectBalanceDecimals: Database.Statement<[string, string], { decimals: number }>;
  private readonly selectHead: Database.Statement<[], { head: number | null }>;
  private readonly countTx: Database.Statement<[], { n: number }>;
  private readonly countBodies: Database.Statement<[], { encoding: string; n: number }>;
  private readonly countAccounts: Database.Statement<[], { n: number }>;
  private readonly selectSlotRange: Database.Statement<[], { lo: number | null; hi: number | null }>;
  private readonly putTransactionTx: (tx: TransactionInput) => void;

  constructor(private readonly db: Database.Database) {
    this.upsertTx = db.prepare(
      `insert into transactions (signature, slot, block_time, version) values (?, ?, ?, ?)
       on conflict(signature) do update set slot = excluded.slot, block_time = excluded.block_time,
         version = excluded.version`,
    );
    this.upsertBody = db.prepare(
      `insert into transaction_bodies (signature, encoding, body) values (?, ?, ?)
       on conflict(signature, encoding) do update set body = excluded.body`,
    );
    this.selectTx = db.prepare('select slot, block_time, version from transactions where signature = ?');
    this.selectBodies = db.prepare('select encoding, body from transaction_bodies where signature = ?');
    this.upsertAccount = db.prepare(
      `insert into accounts (address, slot, lamports, owner, executable, rent_epoch, data)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict(address) do update set slot = excluded.slot, lamports = excluded.lamports,
         owner = excluded.owner, executable = excluded.executable, rent_epoch = excluded.rent_epoch,
         data = excluded.data`,
    );
    this.selectAccount = db.prepare(
      'select slot, lamports, owner, executable, rent_epoch, data from accounts where address = ?',
    );
    this.selectBalanceDecimals = db.prepare(
      `select json_extract(b.value, '$.uiTokenAmount.decimals') as decimals
       from transaction_bodies t, json_each(t.body, '$.meta.preTokenBalances') b
       where json_extract(b.value, '$.mint') = ?
       union all
       select json_extract(b.value, '$.uiTokenAmount.decimals')
       from transaction_bodies t, json_each(t.body, '$.meta.postTokenBalances') b
       where json_extract(b.value, '$.mint') = ?
       limit 1`,
    );
    this.selectHead = db.prepare(
      `select max(head) as head from (select max(slot) as head from transactions
       union all select max(slot) from accounts)`,
    );
    this.countTx = db.prepare('select count(*) as n from transactions');
    this.countBodies = db.prepare('select encoding, count(*) as n from transaction_bodies group by encoding');
    this.countAccounts = db.prepare('select count(*) as n from accounts');
    this.selectSlotRange = db.prepare(
      `select min(lo) as lo, max(hi) as hi from (
         select min(slot) as lo, max(slot) as hi from transactions
         union all select min(slot), max(slot) from accounts)`,
    );
    // The row and its body go in together so a reader never sees a transaction without a body.
    this.putTransactionTx = db.transaction((tx: TransactionInput) => {
      this.upsertTx.run(tx.signature, tx.slot, tx.blockTime, String(tx.version));
      this.upsertBody.run(tx.signature, tx.encoding, tx.body);
    });
  }

  putTransaction(tx: TransactionInput): void {
    if (!Number.isSafeInteger(tx.slot) || tx.slot < 0) throw new RangeError(`bad slot ${tx.slot}`);
    if (tx.version !== 'legacy' && tx.version !== 0) throw new RangeError(`bad version ${String(tx.version)}`);
    this.putTransactionTx(tx);
  }

  getTransaction(signature: string): TransactionRow | null {
    const row = this.selectTx.get(signature);
    if (row === undefined) return null;
    const bodies: TransactionRow['bodies'] = {};
    for (const { encoding, body } of this.selectBodies.all(signature)) bodies[encoding] = body;
    return {
      signature,
      slot: row.slot,
      blockTime: row.block_time,
      version: row.version === 'legacy' ? 'legacy' : 0,
      bodies,
    };
  }

  putAccount(account: AccountInput): void {
    if (!Number.isSafeInteger(account.slot) || account.slot < 0) throw new RangeError(`bad slot ${account.slot}`);
    this.upsertAccount.run(
      account.address,
      account.slot,
      u64Text('lamports', account.lamports),
      account.owner,
      account.executable ? 1 : 0,
      u64Text('rentEpoch', account.rentEpoch),
      Buffer.from(account.data.buffer, account.data.byteOffset, account.data.byteLength),
    );
  }

  getAccount(address: string): AccountRow | null {
    const row = this.selectAccount.get(address);
    if (row === undefined) return null;
    return {
      address,
      slot: row.slot,
      lamports: row.lamports,
      owner: row.owner,
      executable: row.executable !== 0,
      rentEpoch: row.rent_epoch,
      data: row.data,
    };
  }

  tokenBalanceDecimals(mint: string): number | null {
    const decimals = this.selectBalanceDecimals.get(mint, mint)?.decimals;
    return Number.isInteger(decimals) ? (decimals as number) : null;
  }

  headSlot(): number {
    return this.selectHead.get()?.head ?? 0;
  }

  stats(): LedgerStats {
    const bodies: Record<string, number> = {};
    for (const { encoding, n } of this.countBodies.all()) bodies[encoding] = n;
    const range = this.selectSlotRange.get();
    return {
      transactions: this.countTx.get()?.n ?? 0,
      bodies,
      accounts: this.countAccounts.get()?.n ?? 0,
      minSlot: range?.lo ?? null,
      maxSlot: range?.hi ?? null,
    };
  }

  batch<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  close(): void {
    this.db.close();
  }
}
