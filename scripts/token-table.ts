/**
 * Regenerates src/actions/token-table.ts, the symbols and decimals actionskit prints for common
 * mints, from the Solana Labs token list (npm @solana/spl-token-registry, Apache-2.0):
 *
 *   npm pack @solana/spl-token-registry@0.2.4574 && tar xzf solana-spl-token-registry-0.2.4574.tgz
 *   node dist/scripts/token-table.js package/dist/main/tokens/solana.tokenlist.json
 *
 * The list is open to anyone's submissions, so a symbol is only kept where it names one mint:
 * mainnet entries that CoinGecko tracks (the list's `coingeckoId`), minus every symbol two such
 * entries share and every symbol of the few mints listed after the registry was archived (2022),
 * which are added by hand below.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';

interface Listed {
  chainId: number;
  address: string;
  symbol: string;
  decimals: number;
  extensions?: { coingeckoId?: string };
}

/**
 * Mints issued after the registry was archived (and bSOL, listed without a CoinGecko id), by their
 * issuers' published addresses, or where no issuer page was found, two independent lists naming mint
 * and symbol together (a guessed symbol would misname a token, so others are left by address);
 * decimals as the mints hold them (the corpus's token balances agree where it has the mint).
 */
const later: [string, string, number][] = [
  ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 'BONK', 5],
  ['JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 'JUP', 6],
  ['J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn', 'JitoSOL', 9],
  ['jtojtomepa8beP8AuQc6eXt5FriJwfFMwQx2v2f9mCL', 'JTO', 9],
  ['HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3', 'PYTH', 6],
  ['WENWENvqqNya429ubCdR81ZmD69brwQaaBYY6p3LCpk', 'WEN', 5],
  ['DriFtupJYLTosbwoN8koMbEYSx54aFAVLddWsbksjwg7', 'DRIFT', 6],
  ['2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo', 'PYUSD', 6],
  ['LSTxxxnJzKDFSLr4dUkPcmCf5VyryEqzPLz5j4bpxFp', 'LST', 9],
  ['85VBFQZC9TZkfaptBWjvUw7YbZjy52A6mjtPGjstQAmQ', 'W', 6],
  ['rndrizKT3MK1iimdxRdWabcF7Zg7AR5T4nud4EkHBof', 'RENDER', 8],
  ['hntyVP6YFm1Hg25TN9WGLqM12b8TQmcknKrdu1oxWux', 'HNT', 8],
  ['EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm', 'WIF', 6],
  ['bSo13r4TkiE4KumL71LsHTPpL2euBYLFx6h9HP3piy1', 'bSOL', 9],
  // Added for the April-2026 recordings, where these were the most frequent mints written by address.
  // World Liberty's own metadata (github.com/worldliberty/usd1-metadata, metadata.json) names the
  // symbol; the mint with it in Chainlink's CCIP directory (docs.chain.link/ccip/directory/mainnet/
  // token/USD1, registered by the token's admin) and Drift (drift-labs/protocol-v2,
  // sdk/src/constants/spotMarkets.ts).
  ['USD1ttGY1N17NEEHLmELoaybftRBUSErhqYiQzvEmuB', 'USD1', 6],
  // Jupiter's JupUSD page, "Key addresses" (jup-ag/docs, jupusd/index.mdx).
  ['JuprjznTrTSp2UFa3ZBUFgwdAmtZCq4MQCwysN55USD', 'JupUSD', 6],
  // Jupiter's validated list (jup-ag/token-list, validated-tokens.csv), JupSOL also Sanctum's below.
  ['27G8MtK7VtTcCHkpASjSDdkWWYfoqT6ggEuKidVJidD4', 'JLP', 6],
  ['jupSoLaHXQiZZTSfEWMTRRgpnyFm8f6sZdosWBjx93v', 'JupSOL', 9],
  // Solana Mobile's SKR page, "Token details" (docs.solanamobile.com/solana-mobile-stack/skr).
  ['SKRbvo6Gf7GondiT3BbTfuRDPqLWei4j2Qy2NPGZhW3', 'SKR', 6],
  // Sky's Solana governance payloads by Keel, its Solana Star (keel-fi/crosschain-gov-solana-spell-
  // payloads, src/constants.ts: USDS_TOKEN_MINT), and Drift's spot markets (as for USD1).
  ['USDSwr9ApdHk5bvJKMjzff41FfuX8bSxdKcR81vTwcA', 'USDS', 6],
  // Meteora's MET tokenomics page, "MET SPL Address" (docs.meteora.ag/met/tokenomics).
  ['METvsvVRapdj9cFLzq4Tr43xK4tAjQfwX76z3n6mWQL', 'MET', 6],
  // Sanctum's list of the stake pools it runs or routes (igneous-labs/sanctum-lst-list,
  // sanctum-lst-list.toml); each also in Jupiter's validated list. INF's mint is Socean's former
  // stake pool, which the registry still calls scnSOL: the issuer's current symbol replaces it.
  ['5oVNBeEEQvYi1cX3ir8Dx5n1P7pdxydbGF2X4TxVusJm', 'INF', 9],
  ['he1iusmfkpAdwvxLNGV8Y1iSbj4rUy6yMhEA3fotn9A', 'hSOL', 9],
  ['Dso1bDeDjCQxTrWHqUUi63oBvV7Mdm6WaobLbQ7gnPQ', 'dSOL', 9],
  ['vSoLxydx6akxyMD9XEcPvGYNGq6Nn66oqVb3UkGkei7', 'vSOL', 9],
  // The liquid staking tokens of #14's example route and of the recorded Sanctum withdrawals.
  // Sanctum's list again (rkSOL's name there "Starke Staked SOL"), and DefiLlama's Sanctum price
  // adapter (DefiLlama/defillama-server, coins/src/adapters/liquidStaking/sanctum.ts), which lists
  // both with the same symbols and decimals.
  ['EPCz5LK372vmvCkZH3HgSuGNKACJJwwxsofW6fypCPZL', 'rkSOL', 9],
  ['picobAEvs6w7QEknPce34wAE4gknZA9v5tTonnmHYdX', 'picoSOL', 9],
  // No issuer page found here: two independent lists name mint and symbol together, Jupiter's
  // validated list and Drift's spot markets (paths as above).
  ['HzwqbKZw8HxMN6bF2yFZNrht3c2iXXzpKcFu7uBEDKtr', 'EURC', 6],
  ['7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr', 'POPCAT', 9],
  // Backed's xStocks, no issuer list found here: SolDapper/xtrader (src/js/list/xstocks.js, linking
  // each to Backed's factsheet) and Bendza/letsstonk (XSTOCK_ADDRESSES.md).
  ['XsDoVfqeBukxuZHWhdvWHBhgEHjGNst4MLodqsJHzoB', 'TSLAx', 8],
  ['Xsc9qvGR1efVDFGLrVsmkzv3qi45LTBjeUKSPmx9qEh', 'NVDAx', 8],
];

const source = process.argv[2];
if (source === undefined) throw new Error('usage: node dist/scripts/token-table.js <solana.tokenlist.json>');
const list = JSON.parse(readFileSync(source, 'utf8')) as { tokens: Listed[] };
const tracked = list.tokens.filter((t) => t.chainId === 101 && t.extensions?.coingeckoId !== undefined && /^\S+$/.test(t.symbol));
const mintsPerSymbol = new Map<string, Set<string>>();
for (const t of tracked) mintsPerSymbol.set(t.symbol, (mintsPerSymbol.get(t.symbol) ?? new Set()).add(t.address));
const handAdded = new Set(later.map(([, symbol]) => symbol));
const rows: [string, string, number][] = [
  ...tracked
    .filter((t) => mintsPerSymbol.get(t.symbol)!.size === 1 && !handAdded.has(t.symbol))
    .map((t): [string, string, number] => [t.address, t.symbol, t.decimals]),
  ...later,
];
const unique = [...new Map(rows.map((r) => [r[0], r])).values()].sort((a, b) => (a[0] < b[0] ? -1 : 1));

const out = join(projectRoot, 'src', 'actions', 'token-table.ts');
writeFileSync(
  out,
  `/**
 * Generated by scripts/token-table.ts: do not edit. Symbols and decimals of common mints, from the
 * Solana Labs token list (npm @solana/spl-token-registry@0.2.4574, Apache-2.0: entries CoinGecko
 * tracks whose symbol names a single mint) and ${later.length} mints issued after it was archived, as
 * their issuers publish them (or two independent lists agree; sources in the script).
 */
export const tokenTable: readonly (readonly [mint: string, symbol: string, decimals: number])[] = [
${unique.map((r) => `  ${JSON.stringify(r)},`).join('\n')}
];
`,
);
console.log(`${unique.length} mints -> ${out}`);
