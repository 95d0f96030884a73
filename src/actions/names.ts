/**
 * What a person needs to read an amount: the mint's decimals and a symbol people know. Decimals
 * come from the transaction itself (its token balances, an initializeMint or a *Checked
 * instruction in it: what the Token program checked) and else from the bundled table; symbols from
 * the bundled table, else from a Token Metadata or Token-2022 metadata instruction of the same
 * transaction that created the mint's metadata. A creator chooses that symbol freely, so it is
 * printed quoted and next to the mint, never in place of it.
 */
import { isTokenProgram, str, type TxFacts } from './facts.js';
import { tokenTable } from './token-table.js';

const bundled = new Map<string, { symbol: string; decimals: number }>(
  tokenTable.map(([mint, symbol, decimals]) => [mint, { symbol, decimals }]),
);

const TOKEN_METADATA = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';

/** The bundled table's symbol for a mint, which stands for the mint itself in a sentence. */
export function knownSymbol(mint: string): string | undefined {
  return bundled.get(mint)?.symbol;
}

export class AssetNames {
  private readonly decimals = new Map<string, number>();
  private readonly symbols = new Map<string, string>();

  constructor(facts: TxFacts) {
    for (const account of facts.tokenAccountList()) {
      if (account.mint !== undefined && account.decimals !== undefined) this.decimals.set(account.mint, account.decimals);
    }
    for (const { ix } of facts.entries) {
      const info = ix.info;
      const mint = str(info.mint);
      if (mint === undefined) continue;
      if (isTokenProgram(ix.programId)) {
        const checked = (info.tokenAmount as { decimals?: unknown } | undefined)?.decimals ?? info.decimals;
        if (typeof checked === 'number' && !this.decimals.has(mint)) this.decimals.set(mint, checked);
        if (ix.type === 'initializeTokenMetadata') this.noteSymbol(mint, info.symbol);
      } else if (ix.programId === TOKEN_METADATA && /^create/.test(ix.type ?? '')) {
        this.noteSymbol(mint, metadataSymbol(info));
      }
    }
  }

  decimalsOf(mint: string): number | undefined {
    return this.decimals.get(mint) ?? bundled.get(mint)?.decimals;
  }

  /** The symbol the transaction's own metadata instruction gave the mint. */
  createdSymbol(mint: string): string | undefined {
    return this.symbols.get(mint);
  }

  private noteSymbol(mint: string, symbol: unknown): void {
    const text = typeof symbol === 'string' ? symbol.trim() : '';
    if (text !== '' && !this.symbols.has(mint)) this.symbols.set(mint, text);
  }
}

/** `data.symbol` of createMetadataAccount(V2/V3) or `asset.symbol` of createV1, wherever the arguments nest it. */
function metadataSymbol(info: Record<string, unknown>): unknown {
  const seen: unknown[] = [info];
  for (let depth = 0; depth < 4 && seen.length > 0; depth++) {
    const next: unknown[] = [];
    for (const value of seen) {
      if (value === null || typeof value !== 'object') continue;
      const record = value as Record<string, unknown>;
      if (typeof record.symbol === 'string') return record.symbol;
      next.push(...Object.values(record));
    }
    seen.splice(0, seen.length, ...next);
  }
  return undefined;
}

/** `amount` base units written in units of a mint with `decimals`: exact, trailing zeros trimmed. */
export function inUnits(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}
