/**
 * pump.fun's trades that keep their fees where they happened (bonding-curve buy_v3,
 * buy_exact_quote_in_v3, sell_v3; PumpSwap buy_v2, buy_exact_quote_in_v2, sell_v2, multi_hop_swap)
 * and the sweeps that pay those fees out. The newest IDLs on npm predate them, so the bundled IDLs
 * carry them as pump.fun's own integration docs describe them (idls/MANIFEST.tsv says which).
 * No recorded transaction holds one yet: each test re-issues a real recorded trade in the form the
 * docs give (the same accounts in the new order, the same arguments) and checks that it decodes to
 * the same values and reads as the same trade.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceTransaction } from '../src/enhance/transaction.js';
import { decodeBase58, encodeBase58 } from '../src/codec/base58.js';

// Transactions are untyped JSON, navigated as the RPC writes them.
type Doc = any;

const registry = loadBundledRegistry();
const PUMP = '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P';
const PUMP_SWAP = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA';
const WSOL = 'So11111111111111111111111111111111111111112';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SYSTEM = '11111111111111111111111111111111';
/** Pump Fees' fee_config PDAs for each program, as the docs give their addresses. */
const PUMP_FEE_CONFIG = '8Wf5TiAheLUqBrKXeYg2JtAFFMWtKdG2BSFgqUcPVwTt';
const PUMP_SWAP_FEE_CONFIG = '5PHirr8joyTMp9JMm6nW7hNDVyEYdkzDqazxPD7RaTjx';

const sighash = (name: string) => [...createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)];
const u64 = (value: string) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value), true);
  return [...bytes];
};

/** The result enhanced with actionskit, and its top-level entry `index`. */
function enhancedEntry(result: Doc, index: number): Doc {
  const body = `{"jsonrpc":"2.0","result":${JSON.stringify(result)},"id":1}`;
  return JSON.parse(enhanceTransaction(body, registry, true)).result.transaction.message.instructions[index];
}

/** `result` with top-level entry `index` given other accounts and data (a deep copy: the original stays as recorded). */
function reissued(result: Doc, index: number, accounts: string[], data: number[]): Doc {
  const copy = structuredClone(result);
  copy.transaction.message.instructions[index] = {
    ...copy.transaction.message.instructions[index],
    accounts,
    data: encodeBase58(Uint8Array.from(data)),
  };
  return copy;
}

test('the added instructions carry Anchor sighashes of their names and the account counts the docs give', () => {
  const expected: [string, string, number][] = [
    [PUMP, 'buy_v3', 17],
    [PUMP, 'buy_exact_quote_in_v3', 17],
    [PUMP, 'sell_v3', 17],
    [PUMP, 'sweep_protocol_fee', 13],
    [PUMP, 'sweep_creator_fee', 13],
    [PUMP_SWAP, 'buy_v2', 17],
    [PUMP_SWAP, 'buy_exact_quote_in_v2', 17],
    [PUMP_SWAP, 'sell_v2', 17],
    [PUMP_SWAP, 'multi_hop_swap', 16],
    [PUMP_SWAP, 'sweep_protocol_fee', 12],
    [PUMP_SWAP, 'sweep_creator_fee', 12],
  ];
  for (const [program, name, accounts] of expected) {
    const ix = registry.get(program)?.description.instructions.find((i) => i.name === name);
    assert.ok(ix, `${program} ${name}`);
    assert.deepEqual([...ix.discriminator], sighash(name), name);
    assert.equal(ix.accounts.length, accounts, name);
  }
});

/** A real pump.fun buy of the corpus (SOL-paired, its 12-account form), with its transaction. */
function realPumpBuy(): { result: Doc; index: number } {
  const dir = join(projectRoot, 'ledger', 'txs');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonParsed.json'))) {
    const result = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const index = result.transaction.message.instructions.findIndex((e: Doc) => {
      const bytes = e.programId === PUMP && e.data !== undefined ? decodeBase58(e.data) : null;
      return bytes !== null && bytes.length === 24 && sighash('buy').every((b, i) => bytes[i] === b) && e.accounts.length === 12;
    });
    if (index >= 0 && result.meta.err === null) return { result, index };
  }
  throw new Error('no successful 12-account pump.fun buy in the corpus');
}

test('pump.fun buy_v3: a real buy re-issued in the 17-account form decodes to its values and reads as the same purchase', () => {
  const { result, index } = realPumpBuy();
  const original = enhancedEntry(result, index);
  const was = original.parsed.info;
  assert.equal(original.parsed.type, 'buy');
  assert.ok(original.actions?.includes(' bought '), original.actions);
  // TRADE_V3.md's order. The SOL-paired curve's quote accounts are passed but not used; the fee
  // recipient the buy paid stands in for the buyback recipient.
  const accounts = [
    was.global,
    was.mint,
    WSOL,
    TOKEN,
    TOKEN,
    was.bondingCurve,
    was.associatedBondingCurve,
    was.feeRecipient,
    was.user,
    was.associatedUser,
    was.user,
    was.eventAuthority,
    PUMP_FEE_CONFIG,
    was.feeRecipient,
    SYSTEM,
    was.eventAuthority,
    PUMP,
  ];
  const args = [...u64(was.amount), ...u64(was.maxSolCost)];
  for (const partialFill of [[0], []]) {
    const entry = enhancedEntry(reissued(result, index, accounts, [...sighash('buy_v3'), ...args, ...partialFill]), index);
    const info = entry.parsed.info;
    const form = partialFill.length === 0 ? 'partial_fill left off' : 'with partial_fill';
    assert.equal(entry.parsed.type, 'buyV3', form);
    assert.equal(entry.program, original.program, form);
    assert.deepEqual(
      [info.amount, info.maxSolCost, info.user, info.baseMint, info.bondingCurve, info.associatedBaseUser, info.feeConfig, info.program],
      [was.amount, was.maxSolCost, was.user, was.mint, was.bondingCurve, was.associatedUser, PUMP_FEE_CONFIG, PUMP],
      form,
    );
    assert.equal('partialFill' in info, partialFill.length > 0, form);
    assert.ok(!('remainingAccounts' in info), form);
    assert.equal(entry.actions, original.actions, form);
  }
});

/** The PumpSwap buy sol-trade-sdk recorded from mainnet in January 2026 (23 accounts), with its transaction. */
function realPumpSwapBuy(): { result: Doc; index: number } {
  const dir = join(projectRoot, 'test', 'fixtures', 'sol-trade-sdk');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const result = JSON.parse(readFileSync(join(dir, file), 'utf8')).response;
    const index = result.transaction.message.instructions.findIndex((e: Doc) => e.programId === PUMP_SWAP && e.data !== undefined);
    if (index >= 0) return { result, index };
  }
  throw new Error('no PumpSwap trade among the sol-trade-sdk recordings');
}

test('PumpSwap buy_v2: a real buy re-issued in the 17-account form decodes to its values and reads as the same purchase', () => {
  const { result, index } = realPumpSwapBuy();
  const original = enhancedEntry(result, index);
  const was = original.parsed.info;
  assert.equal(original.parsed.type, 'buy');
  assert.ok(original.actions?.includes(' bought '), original.actions);
  // PUMP_SWAP_TRADE_V2.md's order; the protocol fee account the buy paid stands in for the buyback recipient.
  const accounts = [
    was.pool,
    was.user,
    was.globalConfig,
    was.baseMint,
    was.quoteMint,
    was.userBaseTokenAccount,
    was.userQuoteTokenAccount,
    was.poolBaseTokenAccount,
    was.poolQuoteTokenAccount,
    was.baseTokenProgram,
    was.quoteTokenProgram,
    was.systemProgram,
    was.userVolumeAccumulator,
    PUMP_SWAP_FEE_CONFIG,
    was.protocolFeeRecipientTokenAccount,
    was.eventAuthority,
    PUMP_SWAP,
  ];
  assert.ok(
    accounts.every((a) => typeof a === 'string'),
    'every account the new form takes is named in the recorded buy',
  );
  const data = [...sighash('buy_v2'), ...u64(was.baseAmountOut), ...u64(was.maxQuoteAmountIn)];
  const entry = enhancedEntry(reissued(result, index, accounts, data), index);
  const info = entry.parsed.info;
  assert.equal(entry.parsed.type, 'buyV2');
  assert.deepEqual(
    [info.baseAmountOut, info.maxQuoteAmountIn, info.user, info.pool, info.userBaseTokenAccount, info.buybackFeeRecipient],
    [was.baseAmountOut, was.maxQuoteAmountIn, was.user, was.pool, was.userBaseTokenAccount, was.protocolFeeRecipientTokenAccount],
  );
  assert.ok(!('remainingAccounts' in info));
  assert.equal(entry.actions, original.actions);
});
