/**
 * Which layout and which account names an instruction gets: the program version that reads the
 * data exactly and fits the account count wins over one that merely decodes; accounts a program
 * lets a client leave out shift the names after them; a list of any length in the middle puts the
 * named accounts after it at the end.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { registryOf } from '../src/decode/registry.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { readIdl } from '../src/idl/read-idl.js';
import { enhanceTransaction } from '../src/enhance/transaction.js';
import { decodeInstructionEntry } from '../src/enhance/instruction-entry.js';
import { decodeBase58, encodeBase58 } from '../src/codec/base58.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { openLedger } from '../src/ledger/ledger-store.js';

const registry = loadBundledRegistry();
const txDir = join(projectRoot, 'ledger', 'txs');
const RAYDIUM_AMM_V4 = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';
const PUMP = '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P';
const SERUM_V3 = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

interface ParsedEntry {
  programId: string;
  stackHeight?: number;
  program?: string;
  accounts?: string[];
  data?: string;
  parsed?: { type: string; info: Record<string, unknown> };
}

/** Every jsonParsed corpus answer, enhanced, as [file, top-level entries with their inner entries]. */
function enhancedCorpus(): [string, { top: ParsedEntry; inner: ParsedEntry[] }[]][] {
  return readdirSync(txDir)
    .filter((f) => f.endsWith('.jsonParsed.json'))
    .map((file) => {
      const body = `{"jsonrpc":"2.0","result":${readFileSync(join(txDir, file), 'utf8')},"id":1}`;
      const result = JSON.parse(enhanceTransaction(body, registry)).result;
      const inner = new Map<number, ParsedEntry[]>(
        (result.meta.innerInstructions ?? []).map((g: { index: number; instructions: ParsedEntry[] }) => [g.index, g.instructions]),
      );
      const tops: ParsedEntry[] = result.transaction.message.instructions;
      return [file, tops.map((top, i) => ({ top, inner: inner.get(i) ?? [] }))];
    });
}

test('Raydium AMM v4 swaps with 17 and 18 accounts name the pool vaults the token transfers use', () => {
  const seen = new Map<number, number>();
  for (const [file, groups] of enhancedCorpus()) {
    for (const { top, inner } of groups) {
      const entries = [top, ...inner];
      entries.forEach((entry, at) => {
        if (entry.programId !== RAYDIUM_AMM_V4 || !entry.parsed?.type.startsWith('swapBase')) return;
        const info = entry.parsed.info;
        // The node's raw entry had the account list; the decoded one carries the same count in its names.
        const given = Object.keys(info).filter((k) => typeof info[k] === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(info[k])).length;
        const height = entry.stackHeight ?? 1;
        // The program's own transfers follow it one level deeper: user → pool vault, pool vault → user.
        const transfers = entries
          .slice(at + 1)
          .filter((e) => (e.stackHeight ?? 2) === height + 1)
          .slice(0, 2)
          .map((e) => e.parsed?.info as { source: string; destination: string; authority: string });
        assert.equal(transfers.length, 2, `${file}: two transfers after the swap`);
        const vaults = new Set([transfers[0].destination, transfers[1].source]);
        assert.deepEqual(new Set([info.poolCoinTokenAccount, info.poolPcTokenAccount]), vaults, `${file}: pool vaults`);
        assert.equal(info.userSourceOwner, transfers[0].authority, `${file}: the user signs the first transfer`);
        assert.equal(transfers[1].authority, info.ammAuthority, `${file}: the pool authority signs the second`);
        assert.ok(!('remainingAccounts' in info), file);
        const targetOrders = info.ammTargetOrders ?? info.ammTargetOrdersDeprecated;
        seen.set(targetOrders === null ? 17 : 18, (seen.get(targetOrders === null ? 17 : 18) ?? 0) + 1);
        assert.ok(given >= 16, `${file}: ${given} named accounts`);
      });
    }
  }
  assert.ok((seen.get(17) ?? 0) >= 3 && (seen.get(18) ?? 0) >= 3, `both forms on real transactions: ${JSON.stringify([...seen])}`);
});

/** A real pump.fun buy of the mid-2025 layout (12 accounts, amount and max cost only). */
function realOldPumpBuy(): { data: string; accounts: string[]; file: string } {
  for (const file of readdirSync(txDir).filter((f) => f.endsWith('.jsonParsed.json'))) {
    const result = JSON.parse(readFileSync(join(txDir, file), 'utf8'));
    const entries: ParsedEntry[] = [
      ...result.transaction.message.instructions,
      ...(result.meta.innerInstructions ?? []).flatMap((g: { instructions: ParsedEntry[] }) => g.instructions),
    ];
    for (const e of entries) {
      if (e.programId !== PUMP || e.data === undefined || e.accounts?.length !== 12) continue;
      const bytes = decodeBase58(e.data);
      // sha256("global:buy")[..8], then two u64.
      if (bytes?.length === 24 && bytes[0] === 0x66 && bytes[1] === 0x06) return { data: e.data, accounts: e.accounts, file };
    }
  }
  throw new Error('no 12-account pump.fun buy in the corpus');
}

test('of two bundled pump.fun layouts, each buy gets the one that reads its bytes exactly, in either order', () => {
  const idl = (file: string) => readIdl(JSON.parse(readFileSync(join(projectRoot, 'idls', file), 'utf8')));
  const current = { description: idl(`${PUMP}.json`) };
  const older = { description: idl(`${PUMP}@pump-sdk-1.5.0.json`) };
  const old = realOldPumpBuy();
  // The same buy in today's layout: track_volume appended, and the four accounts that came with it
  // (the last is the fee program, whose address the layout fixes).
  const extra = ['global_volume_accumulator', 'user_volume_accumulator', 'fee_config'].map((_, i) =>
    encodeBase58(Uint8Array.from({ length: 32 }, (_, j) => (i * 32 + j + 1) % 256)),
  );
  extra.push('pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ');
  const newer = { data: encodeBase58(Uint8Array.of(...(decodeBase58(old.data) as Uint8Array), 1)), accounts: [...old.accounts, ...extra] };
  for (const versions of [
    [current, older],
    [older, current],
  ]) {
    const order = versions[0] === current ? 'newest first' : 'oldest first';
    const reg = registryOf(versions);
    const a = decodeInstructionEntry(PUMP, old.data, old.accounts, reg);
    assert.equal(a?.parsed.type, 'buy', order);
    assert.ok(!('trackVolume' in (a?.parsed.info ?? {})) && !('remainingAccounts' in (a?.parsed.info ?? {})), `${old.file} ${order}`);
    assert.equal(a?.parsed.info.eventAuthority, old.accounts[10], order);
    const b = decodeInstructionEntry(PUMP, newer.data, newer.accounts, reg);
    assert.equal(b?.parsed.type, 'buy', order);
    assert.ok('trackVolume' in (b?.parsed.info ?? {}), `the new field is kept (${order})`);
    assert.equal(b?.parsed.info.feeProgram, extra[3], `the new accounts are named (${order})`);
    assert.ok(!('remainingAccounts' in (b?.parsed.info ?? {})), order);
  }
});

test('Serum consumeEvents names market, event queue and fee accounts from the end of any open-orders list', () => {
  const keys = Array.from({ length: 9 }, (_, i) => encodeBase58(Uint8Array.from({ length: 32 }, (_, j) => (i * 7 + j + 3) % 256)));
  // Instruction data: version 0, u32 tag 3, u16 limit.
  const data = encodeBase58(Uint8Array.of(0, 3, 0, 0, 0, 10, 0));
  for (const openOrders of [1, 3, 5]) {
    const accounts = keys.slice(0, openOrders + 4);
    const info = decodeInstructionEntry(SERUM_V3, data, accounts, registry)?.parsed.info;
    assert.deepEqual(info, {
      limit: 10,
      openOrders: accounts.slice(0, openOrders),
      market: accounts[openOrders],
      eventQueue: accounts[openOrders + 1],
      coinFeeReceivableAccount: accounts[openOrders + 2],
      pcFeeReceivableAccount: accounts[openOrders + 3],
    });
  }
  const permissioned = encodeBase58(Uint8Array.of(0, 17, 0, 0, 0, 10, 0));
  const info = decodeInstructionEntry(SERUM_V3, permissioned, keys.slice(0, 5), registry)?.parsed.info;
  assert.deepEqual(info, { limit: 10, openOrders: keys.slice(0, 2), market: keys[2], eventQueue: keys[3], crankAuthority: keys[4] });
  // Too few accounts for the layout: named in order as far as they go, never an error.
  const short = decodeInstructionEntry(SERUM_V3, data, keys.slice(0, 2), registry)?.parsed.info;
  assert.deepEqual(Object.keys(short ?? {}), ['limit', 'openOrders', 'market']);
});

test('pump.fun trades of early 2025 name the rent sysvar and the associated token program their layout fixes, not the creator vault of a later one', () => {
  const SYSVAR_RENT = 'SysvarRent111111111111111111111111111111111';
  const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
  const seen = { rent: 0, associatedTokenProgram: 0 };
  for (const [file, groups] of enhancedCorpus()) {
    for (const entry of groups.flatMap(({ top, inner }) => [top, ...inner])) {
      const info = entry.parsed?.info;
      if (entry.programId !== PUMP || info === undefined || !['buy', 'sell'].includes(entry.parsed!.type)) continue;
      for (const [key, address] of [
        ['rent', SYSVAR_RENT],
        ['associatedTokenProgram', ATA_PROGRAM],
      ] as const) {
        const named: string[] = Object.keys(info).filter((name) => info[name] === address);
        if (named.length === 0) continue;
        assert.deepEqual(named, [key], `${file}: ${address} is named by the place the layout fixes for it`);
        seen[key]++;
      }
    }
  }
  assert.ok(seen.rent > 0 && seen.associatedTokenProgram > 0, JSON.stringify(seen));

  // The same buy with a creator vault where the rent sysvar was: the early layout would refuse
  // it, so today's 12-account layout names it.
  const old = realOldPumpBuy();
  const rentAt = old.accounts.indexOf(SYSVAR_RENT);
  assert.ok(rentAt >= 0, `${old.file}: the early buy passes the rent sysvar`);
  const vault = encodeBase58(Uint8Array.from({ length: 32 }, (_, i) => (i * 11 + 5) % 256));
  const later = old.accounts.map((a, i) => (i === rentAt ? vault : a));
  const decoded = decodeInstructionEntry(PUMP, old.data, later, registry);
  assert.equal(decoded?.parsed.info.creatorVault, vault);
  assert.ok(!('rent' in (decoded?.parsed.info ?? {})));
  assert.equal(decodeInstructionEntry(PUMP, old.data, old.accounts, registry)?.parsed.info.rent, SYSVAR_RENT);
});

test('a PumpSwap trade that leaves off its optional last argument keeps the newest layout, which names every account it was given', () => {
  const PUMP_SWAP = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA';
  const PUMP_FEES = 'pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ';
  // Every corpus transaction as the node answers jsonParsed, whichever encoding the corpus kept it in.
  const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));
  const signatures = new Set(readdirSync(txDir).flatMap((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f)?.[1] ?? []));
  let seen = 0;
  for (const signature of signatures) {
    const body = `{"jsonrpc":"2.0","result":${ledger.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })},"id":1}`;
    const result = JSON.parse(enhanceTransaction(body, registry)).result;
    const entries: ParsedEntry[] = [
      ...result.transaction.message.instructions,
      ...(result.meta.innerInstructions ?? []).flatMap((g: { instructions: ParsedEntry[] }) => g.instructions),
    ];
    for (const entry of entries) {
      const info = entry.parsed?.info;
      if (entry.programId !== PUMP_SWAP || info === undefined || !/^(buy|sell)/.test(entry.parsed!.type)) continue;
      const remaining = (info.remainingAccounts ?? []) as string[];
      assert.ok(!remaining.includes(PUMP_FEES), `${signature}: the fee program is named, not left among remaining accounts`);
      if (info.feeProgram === PUMP_FEES) seen++;
    }
  }
  assert.ok(seen > 0, 'a corpus PumpSwap trade passes the fee program');
});
