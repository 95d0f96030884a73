/**
 * The programs' own word on what each instruction was: Anchor programs (and SPL's) log
 * `Program log: Instruction: <Name>` as they start one. Every corpus transaction's logs are walked
 * alongside its instruction entries (each `invoke` line is the next entry, top-level then its
 * inner group in order), and where an entry we decoded has such a line, the decoded `type` must
 * be that name. An independent source for every program that logs it, on every corpus answer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhancedResult } from './support/enhanced.js';
import { corpusTransactionsDir, projectRoot } from '../src/paths.js';
import { camelCase } from '../src/decode/names.js';
import { nodeParsedInstructionPrograms } from '../src/transaction-result/node-parsed.js';
import { defaultLedgerFile } from '../src/gateway.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { openLedger } from '../src/ledger/ledger-store.js';
import { anchoresAnswers, asJsonParsed, jowencyAnswer, solanaStreamerAnswer, solanaStreamerSignatures } from './support/recorded-answer.js';

const registry = loadBundledRegistry();
// Every corpus transaction as the node answers jsonParsed, whichever encoding the corpus kept it in.
const ledger = new LedgerRpc(openLedger(defaultLedgerFile, { readonly: true }));

/** Precompiles run without an `invoke` line, so they take no place in the log's order. */
const precompiles = new Set([
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
]);

interface Entry {
  programId: string;
  program?: string;
  parsed?: { type?: string };
}

/**
 * For each invocation in log order, the program invoked and the name its first `Instruction:` line
 * gives (null when it logs none before its next invocation or its end), or null for the whole
 * transaction when the logs were cut short.
 */
function loggedInstructions(logs: readonly string[]): { programId: string; name: string | null }[] | null {
  const out: { programId: string; name: string | null }[] = [];
  // The invocation each depth is running, so a line is told to the program that wrote it.
  const running: number[] = [];
  for (const line of logs) {
    if (line === 'Log truncated') return null;
    const invoke = /^Program (\w+) invoke \[(\d+)\]$/.exec(line);
    if (invoke) {
      running.length = Number(invoke[2]) - 1;
      running.push(out.length);
      out.push({ programId: invoke[1], name: null });
      continue;
    }
    if (/^Program \w+ (success|failed)/.test(line)) {
      running.pop();
      continue;
    }
    const named = /^Program log: Instruction: (\w+)$/.exec(line);
    const current = running[running.length - 1];
    if (named && current !== undefined && out[current].name === null) out[current].name = named[1];
  }
  return out;
}

const signatures = [
  ...new Set(
    readdirSync(corpusTransactionsDir)
      .map((f) => /^(\w+)\.(json|jsonParsed|base64)\.json$/.exec(f)?.[1])
      .filter((s): s is string => s !== undefined),
  ),
].sort();

interface Compared {
  compared: number;
  programs: Set<string>;
  differ: string[];
  /** Entries of programs the registry describes that came back undecoded. */
  undecoded: string[];
}

/** Walks one answer's logs beside its enhanced entries, unless the logs were cut short. */
function compare(label: string, result: any, into: Compared): void {
  const logs = loggedInstructions(result.meta?.logMessages ?? []);
  if (logs === null) return;
  const answer = enhancedResult(result, registry);
  const groups = new Map<number, Entry[]>(
    (answer.meta?.innerInstructions ?? []).map((g: { index: number; instructions: Entry[] }) => [g.index, g.instructions]),
  );
  const ordered: Entry[] = (answer.transaction.message.instructions as Entry[]).flatMap((ix, i) => [ix, ...(groups.get(i) ?? [])]);
  const invoked = ordered.filter((ix) => !precompiles.has(ix.programId));
  // A failed transaction's logs stop at the failing instruction: compare what ran.
  if (invoked.length < logs.length) return;
  for (let k = 0; k < logs.length; k++) {
    const entry = invoked[k];
    assert.equal(logs[k].programId, entry.programId, `${label}: invocation ${k} is ${logs[k].programId}`);
    if (entry.program === undefined && registry.versions(entry.programId).length > 0)
      into.undecoded.push(`${label} #${k} ${entry.programId}`);
    const { name } = logs[k];
    // Ours only: the node's parsed natives name instructions its own way (e.g. `transfer`).
    if (
      name === null ||
      entry.parsed?.type === undefined ||
      entry.program === undefined ||
      nodeParsedInstructionPrograms.has(entry.programId)
    )
      continue;
    into.compared++;
    into.programs.add(entry.programId);
    if (camelCase(name) !== entry.parsed.type) into.differ.push(`${label} #${k} ${entry.program}: log ${name}, ours ${entry.parsed.type}`);
  }
}

const tally = (): Compared => ({ compared: 0, programs: new Set(), differ: [], undecoded: [] });

test('every decoded entry a program names in its own log has that name, on every corpus transaction', () => {
  const seen = tally();
  for (const signature of signatures) {
    const answer = ledger.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
    compare(`${signature.slice(0, 12)}…`, JSON.parse(answer), seen);
  }
  assert.deepEqual(seen.differ, []);
  assert.ok(
    seen.compared >= 150 && seen.programs.size >= 35,
    `${seen.compared} decoded entries compared with their program's log, ${seen.programs.size} programs`,
  );
});

test('recent mainnet transactions (January 2026, recorded by sol-trade-sdk): every described program decodes, under the name it logs', () => {
  const dir = join(projectRoot, 'test', 'fixtures', 'sol-trade-sdk');
  const seen = tally();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    compare(file, JSON.parse(readFileSync(join(dir, file), 'utf8')).response, seen);
  }
  assert.deepEqual(seen.undecoded, []);
  assert.deepEqual(seen.differ, []);
  // Raydium CPMM and CLMM, PumpSwap and its fee program (Raydium AMM v4 logs no instruction name,
  // so for it only the decoding above is checked).
  assert.ok(seen.programs.size >= 4 && seen.compared >= 4, `${seen.compared} entries of ${seen.programs.size} programs compared`);
});

/**
 * Natives the node parses itself are left out of the undecoded entries: this ledger's own jsonParsed
 * conversion lacks a few. (Raydium's route instructions other than the two-pool swap, and OKX's
 * router 2 token-ledger swaps, were undecoded here until they were described; a transaction refused
 * before it ran logs nothing, so it is not walked.)
 */
const notNodeParsed = (u: string) => !nodeParsedInstructionPrograms.has(u.slice(u.lastIndexOf(' ') + 1));
const TITAN = 'T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT';

test('mainnet transactions of April 2026 (recorded by jowency-me/solana-tx-parser): every decoded entry carries the name its program logs', () => {
  const dir = join(projectRoot, 'test', 'fixtures', 'jowency-solana-tx-parser');
  const seen = tally();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    compare(file, asJsonParsed(fixture.signature, 'base64', JSON.stringify(fixture.raw)), seen);
  }
  assert.deepEqual(seen.differ, []);
  // Titan's published IDL decodes one of its four entries here: two routes pass venues numbered 55
  // and 57, past the end of its Venue enum (51), and one is an instruction it does not describe.
  assert.deepEqual(seen.undecoded.filter(notNodeParsed), [
    `multi_swap_titan_alphaq_1.json #4 ${TITAN}`,
    `swap_sanctum_1.json #4 ${TITAN}`,
    `swap_titan_2.json #2 ${TITAN}`,
  ]);
  assert.ok(seen.compared >= 232 && seen.programs.size >= 43, `${seen.compared} entries of ${seen.programs.size} programs compared`);
});

test('mainnet transactions of 2024-2025 (recorded by 0xjeffro/tx-parser): every described program decodes, under the name it logs', () => {
  const dir = join(projectRoot, 'test', 'fixtures', '0xjeffro-tx-parser');
  const seen = tally();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const [result] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    compare(file, asJsonParsed(result.transaction.signatures[0], 'json', JSON.stringify(result)), seen);
  }
  assert.deepEqual(seen.undecoded.filter(notNodeParsed), []);
  assert.deepEqual(seen.differ, []);
  assert.ok(seen.compared >= 11, `${seen.compared} entries of ${seen.programs.size} programs compared`);
});

test('mainnet transactions of July 2025 (recorded by solana-streamer): every described program decodes, under the name it logs', () => {
  const seen = tally();
  for (const file of Object.keys(solanaStreamerSignatures).sort()) compare(file, solanaStreamerAnswer(file), seen);
  // Raydium LaunchLab's TradeEvent self-CPIs were left undecoded until its May 2025 layout (no
  // creator fee) was bundled, and PumpSwap's two coin-creator accounts unnamed until its July one.
  assert.deepEqual(seen.undecoded.filter(notNodeParsed), []);
  assert.deepEqual(seen.differ, []);
  // pump.fun, PumpSwap, Raydium LaunchLab and CPMM, Orca Whirlpool, Meteora DLMM, DFlow.
  assert.ok(seen.compared >= 12 && seen.programs.size >= 7, `${seen.compared} entries of ${seen.programs.size} programs compared`);
});

test('mainnet transactions of June 2024 (recorded by ryoid/anchores): every described program decodes, under the name it logs', () => {
  const seen = tally();
  for (const { file, result } of anchoresAnswers()) compare(file, result, seen);
  assert.deepEqual(seen.undecoded.filter(notNodeParsed), []);
  assert.deepEqual(seen.differ, []);
  // Jupiter v6, Meteora DLMM, Dynamic AMM and Vault, Orca Whirlpool, Lifinity v2 (Phoenix and
  // Raydium AMM v4 log no instruction name, so for them only the decoding above is checked).
  assert.ok(seen.compared >= 37 && seen.programs.size >= 6, `${seen.compared} entries of ${seen.programs.size} programs compared`);
});

test("Raydium's route program: each instruction decodes under the name it logs (process_<name>), with the arguments it logs", () => {
  const RAYDIUM_ROUTE = 'routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS';
  const result = jowencyAnswer('swap_raydium_route_1.json');
  const answer = enhancedResult(result, registry);
  // The program's first log line after each top-level invocation of it, in order.
  const logs: string[] = result.meta.logMessages;
  const said = logs.flatMap((line, i) => (line === `Program ${RAYDIUM_ROUTE} invoke [1]` ? [logs[i + 1]] : []));
  const entries = (answer.transaction.message.instructions as any[])
    .map((ix, index) => ({ ix, index }))
    .filter(({ ix }) => ix.programId === RAYDIUM_ROUTE);
  assert.equal(entries.length, 3);
  assert.equal(said.length, entries.length);
  entries.forEach(({ ix, index }, k) => {
    const logged = /^Program log: process_(\w+?)(?::(.*))?$/.exec(said[k]);
    assert.ok(logged, said[k]);
    const [, name, args] = logged;
    assert.equal(ix.parsed?.type, camelCase(name), said[k]);
    const info = ix.parsed.info;
    if (name === 'swap_base_in_with_user_account') {
      const [, amountIn, minimumAmountOut] = /^RouteSwapBaseInArgs \{ amount_in: (\d+), minimum_amount_out: (\d+) \}$/.exec(args)!;
      assert.deepEqual([info.amountIn, info.minimumAmountOut], [amountIn, minimumAmountOut]);
    } else if (name === 'create_sync_native') {
      assert.equal(info.amount, args);
      // What it wraps is what its inner System transfer moves into the new token account.
      const inner = answer.meta.innerInstructions.find((g: any) => g.index === index).instructions;
      const moved = inner
        .filter((i: any) => i.program === 'system' && i.parsed?.type === 'transfer')
        .map((i: any) => String(i.parsed.info.lamports));
      assert.deepEqual(moved, [args]);
    } else {
      assert.equal(name, 'close_token_account');
      assert.equal(args, undefined);
      assert.deepEqual(Object.keys(info), ['remainingAccounts']);
    }
  });
});
