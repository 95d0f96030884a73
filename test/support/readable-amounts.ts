/**
 * actionskit writes each amount for people (`0.017 SOL (17000000 lamports)`, `20000 USDC
 * (20000000000)`, `1.5 of <mint> (1500000)`) with the seed's base units beside it. seedForm checks
 * that the two agree, with decimals read from the transaction itself or the bundled table, and
 * that a symbol is the table's or one the transaction's metadata gave the mint; then it gives the
 * sentence back with base units alone (`17000000 lamports`, `20000000000 of <mint>`), which the
 * tests written against the seed's elements read.
 */
import assert from 'node:assert/strict';
import { tokenTable } from '../../src/actions/token-table.js';

const mintOfSymbol = new Map(tokenTable.map(([mint, symbol]) => [symbol, mint]));
const tableDecimals = new Map(tokenTable.map(([mint, , decimals]) => [mint, decimals]));

/** The mint's decimals as this transaction states them (balances, checked amounts, initializeMint), else the table's. */
function decimalsIn(result: any, mint: string): number | undefined {
  for (const b of [...(result.meta?.preTokenBalances ?? []), ...(result.meta?.postTokenBalances ?? [])])
    if (b.mint === mint) return b.uiTokenAmount.decimals;
  const text = JSON.stringify(result);
  const stated = new RegExp(`"mint":"${mint}"[^{}]*?"decimals":(\\d+)|"decimals":(\\d+)[^{}]*?"mint":"${mint}"`).exec(text);
  if (stated !== null) return Number(stated[1] ?? stated[2]);
  return tableDecimals.get(mint);
}

/** `ui` is `base` written with `decimals` places: exact, no trailing zeros. */
function agrees(ui: string, base: string, decimals: number): boolean {
  const [whole, fraction = ''] = ui.split('.');
  if (fraction.length > decimals || fraction.endsWith('0')) return false;
  return BigInt(whole + fraction.padEnd(decimals, '0')) === BigInt(base);
}

const n = String.raw`(\d+(?:\.\d+)?)`;
const address = String.raw`([1-9A-HJ-NP-Za-km-z]{32,44})`;

export function seedForm(result: any, sentence: string): string {
  const at = `in: ${sentence}`;
  return sentence
    .replace(new RegExp(`${n} SOL \\((\\d+) lamports\\)`, 'g'), (_, ui: string, base: string) => {
      assert.ok(agrees(ui, base, 9), `SOL and lamports agree: ${ui} / ${base} ${at}`);
      return `${base} lamports`;
    })
    .replace(
      new RegExp(`${n} (?:("(?:[^"\\\\]|\\\\.)*") )?of ${address} \\((\\d+)\\)`, 'g'),
      (_, ui: string, symbol, mint: string, base) => {
        const decimals = decimalsIn(result, mint);
        assert.ok(decimals !== undefined && agrees(ui, base, decimals), `units of ${mint} agree with ${decimals} decimals ${at}`);
        if (symbol !== undefined)
          assert.ok(JSON.stringify(result).includes(`"symbol":${symbol}`), `the transaction gave ${mint} the symbol ${symbol} ${at}`);
        return `${base} of ${mint}`;
      },
    )
    .replace(new RegExp(`${n} (\\S+) \\((\\d+)\\)`, 'g'), (whole, ui: string, symbol: string, base: string) => {
      const mint = mintOfSymbol.get(symbol);
      if (mint === undefined) return whole;
      const decimals = decimalsIn(result, mint)!;
      assert.ok(agrees(ui, base, decimals), `units of ${symbol} agree with ${decimals} decimals ${at}`);
      return `${base} of ${mint}`;
    });
}
