/**
 * The embedded ledger as a JSON-RPC backend: each method returns the `result` JSON text a
 * standard Agave node would send for the same request, or throws the node's RpcError. Params are
 * checked by the caller (src/rpc/params.ts: types, signature/pubkey parsing, the input count
 * limit); what is checked here are the rules that depend on the ledger or on combinations.
 */
import { commitmentBelowConfirmed, minContextSlotNotReached, slicedJsonParsed } from '../rpc/errors.js';
import { transactionInputFromResult } from './import-corpus.js';
import type { LedgerStore, StoredTransactionEncoding } from './ledger-store.js';
import type { MintSources } from './native-accounts/index.js';
import { renderAccount, type AccountEncoding, type DataSlice } from './render-account.js';
import { renderTransaction, type TransactionEncoding } from './render-transaction.js';

export interface GetTransactionConfig {
  encoding?: TransactionEncoding;
  maxSupportedTransactionVersion?: number;
  commitment?: string;
}

export interface GetAccountsConfig {
  encoding?: AccountEncoding;
  dataSlice?: DataSlice;
  commitment?: string;
  minContextSlot?: number;
}

export interface LedgerRpcOptions {
  /** Reported as solana-core by getVersion and as context.apiVersion. */
  apiVersion?: string;
}

export const DEFAULT_API_VERSION = '2.3.6';
/** Any fixed u32 serves: clients only compare it between nodes. */
export const LEDGER_FEATURE_SET = 3294202862;

export class LedgerRpc {
  private readonly apiVersion: string;
  /**
   * Finding a mint in the stored balances reads every transaction body (milliseconds), so each
   * mint's answer is kept until a transaction is imported.
   */
  private readonly balanceDecimals = new Map<string, number | null>();
  private readonly mints: MintSources = {
    mintData: (mint) => this.store.getAccount(mint)?.data,
    balanceDecimals: (mint) => {
      let decimals = this.balanceDecimals.get(mint);
      if (decimals === undefined) {
        decimals = this.store.tokenBalanceDecimals(mint);
        this.balanceDecimals.set(mint, decimals);
      }
      return decimals ?? undefined;
    },
  };

  constructor(
    private readonly store: LedgerStore,
    opts: LedgerRpcOptions = {},
  ) {
    this.apiVersion = opts.apiVersion ?? DEFAULT_API_VERSION;
  }

  /** `asTheNode`: for a cache in front of a node (TransactionRenderConfig.asTheNode). */
  getTransaction(signature: string, config: GetTransactionConfig = {}, asTheNode = false): string {
    if (config.commitment === 'processed') {
      throw commitmentBelowConfirmed();
    }
    const row = this.store.getTransaction(signature);
    if (row === null) return 'null';
    return renderTransaction(row, {
      encoding: config.encoding ?? 'json',
      maxSupportedTransactionVersion: config.maxSupportedTransactionVersion,
      asTheNode,
    });
  }

  getMultipleAccounts(addresses: string[], config: GetAccountsConfig = {}): string {
    const slot = this.contextSlot(config);
    const render = this.accountRenderer(config, 'base64');
    return this.withContext(slot, `[${addresses.map(render).join(',')}]`);
  }

  getAccountInfo(address: string, config: GetAccountsConfig = {}): string {
    const slot = this.contextSlot(config);
    return this.withContext(slot, this.accountRenderer(config, 'binary')(address));
  }

  getSlot(config: { minContextSlot?: number } = {}): string {
    return String(this.contextSlot(config));
  }

  getVersion(): string {
    return `{"feature-set":${LEDGER_FEATURE_SET},"solana-core":${JSON.stringify(this.apiVersion)}}`;
  }

  getHealth(): string {
    return '"ok"';
  }

  /**
   * Read-through cache insert of an upstream getTransaction result; slot, blockTime and version
   * come from the text. Returns false for a null result, which has nothing to keep.
   */
  importTransaction(signature: string, encoding: StoredTransactionEncoding, resultText: string): boolean {
    if (resultText.trim() === 'null') return false;
    this.store.putTransaction(transactionInputFromResult(signature, encoding, resultText));
    this.balanceDecimals.clear();
    return true;
  }

  /** The ledger's head is the only bank it has, so every read is answered at that slot. */
  private contextSlot(config: { minContextSlot?: number }): number {
    const head = this.store.headSlot();
    if (config.minContextSlot !== undefined && config.minContextSlot > head) throw minContextSlotNotReached(head);
    return head;
  }

  private accountRenderer(config: GetAccountsConfig, defaultEncoding: AccountEncoding): (address: string) => string {
    const encoding = config.encoding ?? defaultEncoding;
    if (encoding === 'jsonParsed' && config.dataSlice !== undefined) {
      throw slicedJsonParsed();
    }
    return (address) => {
      const row = this.store.getAccount(address);
      return row === null ? 'null' : renderAccount(row, { encoding, dataSlice: config.dataSlice, mints: this.mints });
    };
  }

  private withContext(slot: number, value: string): string {
    return `{"context":{"apiVersion":${JSON.stringify(this.apiVersion)},"slot":${slot}},"value":${value}}`;
  }
}
