/** Amounts people can read: exact decimal writing, decimals and symbols from the transaction or the bundled table. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inUnits } from '../src/actions/names.js';
import { asset } from '../src/actions/phrases.js';
import { summarizeTransaction } from '../src/actions/summarize.js';
import { tokenTable } from '../src/actions/token-table.js';

test("base units are written in the mint's units exactly, trailing zeros trimmed", () => {
  assert.equal(inUnits(17000000n, 9), '0.017');
  assert.equal(inUnits(20000000000n, 6), '20000');
  assert.equal(inUnits(2994093354n, 6), '2994.093354');
  assert.equal(inUnits(1n, 9), '0.000000001');
  assert.equal(inUnits(0n, 6), '0');
  assert.equal(inUnits(18446744073709551615n, 9), '18446744073.709551615');
  assert.equal(inUnits(42n, 0), '42');
});

test('the bundled table names each symbol once and holds the common mints', () => {
  const symbols = tokenTable.map(([, symbol]) => symbol);
  assert.equal(new Set(symbols).size, symbols.length);
  const byMint = new Map(tokenTable.map(([mint, symbol, decimals]) => [mint, `${symbol}/${decimals}`]));
  assert.equal(byMint.get('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'), 'USDC/6');
  assert.equal(byMint.get('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'), 'USDT/6');
  assert.equal(byMint.get('DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'), 'BONK/5');
  assert.equal(byMint.get('J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn'), 'JitoSOL/9');
  // Mints issued after the registry, the recorded 2026 transactions' most frequent ones among them.
  assert.equal(byMint.get('USD1ttGY1N17NEEHLmELoaybftRBUSErhqYiQzvEmuB'), 'USD1/6');
  assert.equal(byMint.get('JuprjznTrTSp2UFa3ZBUFgwdAmtZCq4MQCwysN55USD'), 'JupUSD/6');
  assert.equal(byMint.get('METvsvVRapdj9cFLzq4Tr43xK4tAjQfwX76z3n6mWQL'), 'MET/6');
  assert.equal(byMint.get('SKRbvo6Gf7GondiT3BbTfuRDPqLWei4j2Qy2NPGZhW3'), 'SKR/6');
  // The registry's scnSOL mint is Sanctum's INF now.
  assert.equal(byMint.get('5oVNBeEEQvYi1cX3ir8Dx5n1P7pdxydbGF2X4TxVusJm'), 'INF/9');
});

const owner = '2vr538qDgHCPYmr2mjt5LSjQ3kBYjtw3SDSveUKBVkef';
const source = '9nj8QEp6mQDsr2G6oGtq8DJakPuKLeUqnWMf4JzgcSCd';
const destination = 'DxMF77MqYYYr4NshXWrUdiGzfzwpNhKG7H73B94ETX8S';
const keys = [owner, source, destination].map((pubkey, i) => ({ pubkey, signer: i === 0, writable: true, source: 'transaction' }));
const transfer = (amount: string) => ({
  program: 'spl-token',
  programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  parsed: { type: 'transfer', info: { source, destination, authority: owner, amount } },
  stackHeight: null,
});
const answer = (mint: string, balances: boolean, extra: object[] = []) => ({
  slot: 1,
  transaction: { message: { accountKeys: keys, instructions: [...extra, transfer('20000000000')] } },
  meta: {
    err: null,
    innerInstructions: [],
    preTokenBalances: balances ? [{ accountIndex: 1, mint, owner, uiTokenAmount: { amount: '20000000000', decimals: 6 } }] : [],
    postTokenBalances: [],
  },
});

test('a table mint is written by its symbol; decimals from the balances', () => {
  const [text] = summarizeTransaction(answer('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', true));
  assert.equal(text, `${owner} transferred 20000 USDC (20000000000) from ${source} to ${destination} on SPL Token`);
});

test('another mint keeps its address; a symbol its metadata got in this transaction is quoted beside it', () => {
  const mint = 'HfJVjBdkhAD2ynVM8PdTSii4ECZdsxNTCx5wpEqUpump';
  assert.match(summarizeTransaction(answer(mint, true))[0]!, new RegExp(` 20000 of ${mint} \\(20000000000\\) from`));
  const metadata = {
    program: 'token_metadata',
    programId: 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s',
    parsed: { type: 'createMetadataAccountV3', info: { mint, createMetadataAccountArgsV3: { data: { name: 'Pepe', symbol: 'PEPE' } } } },
    stackHeight: null,
  };
  assert.match(summarizeTransaction(answer(mint, true, [metadata]))[1]!, new RegExp(` 20000 "PEPE" of ${mint} \\(20000000000\\) from`));
});

test("an amount not known (a failed swap's other side): the symbol of a table mint, else the mint", () => {
  assert.equal(asset(undefined, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'), 'USDC');
  assert.equal(asset(undefined, 'So11111111111111111111111111111111111111112'), 'SOL');
  const mint = 'HfJVjBdkhAD2ynVM8PdTSii4ECZdsxNTCx5wpEqUpump';
  assert.equal(asset(undefined, mint), `tokens of ${mint}`);
});

test('decimals unknown: base units alone, as the seed has them', () => {
  const mint = 'HfJVjBdkhAD2ynVM8PdTSii4ECZdsxNTCx5wpEqUpump';
  const checked = { ...transfer('20000000000'), parsed: { type: 'transfer', info: { ...transfer('20000000000').parsed.info, mint } } };
  const unknown = { ...answer(mint, false), transaction: { message: { accountKeys: keys, instructions: [checked] } } };
  assert.match(summarizeTransaction(unknown)[0]!, new RegExp(` 20000000000 of ${mint} from`));
});

test('an instruction no template covers: its signer, instruction, amount-like arguments and key accounts by name; its events none', () => {
  const drift = 'dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH';
  const placeOrder = {
    program: 'drift',
    programId: drift,
    parsed: {
      type: 'placePerpOrder',
      info: { state: source, user: destination, authority: owner, params: { baseAssetAmount: '22030', price: 907900 } },
    },
    stackHeight: null,
  };
  const event = { program: 'drift', programId: drift, parsed: { type: 'OrderRecord', info: { user: destination } }, stackHeight: 2 };
  const result = {
    slot: 1,
    transaction: { message: { accountKeys: keys, instructions: [placeOrder] } },
    meta: { err: null, innerInstructions: [{ index: 0, instructions: [event] }], preTokenBalances: [], postTokenBalances: [] },
  };
  assert.deepEqual(summarizeTransaction(result), [
    `${owner} called placePerpOrder with baseAssetAmount 22030, price 907900 (user ${destination}) on Drift`,
    null,
  ]);
});
