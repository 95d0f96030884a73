/**
 * The hand-written descriptions (idls/hand-written/) of programs that publish no IDL. Each file
 * reads and compiles; every corpus instruction of a described program decodes, and the decoded
 * values are checked against what the transaction itself shows: the token transfers and mints the
 * instruction caused (amounts, and which named account they move between), the event a program
 * logged, and the accounts a CPI hands on to the next program. Account layouts, which the corpus
 * holds no example of, are checked on data built here at the offsets the programs' sources give.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readIdl } from '../src/idl/read-idl.js';
import { instructionDiscriminator } from '../src/idl/discriminators.js';
import { compileProgram, type CompiledProgram, type DecodedInstruction } from '../src/decode/compile.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { camelCase } from '../src/decode/names.js';
import { decodeBase58, encodeBase58 } from '../src/codec/base58.js';
import { corpusTransactionsDir, projectRoot } from '../src/paths.js';
import { accountKeysOf, readableResult } from '../src/transaction-result/read.js';
import { accountPlan } from '../src/enhance/account-plan.js';
import type { IdlHints } from '../src/idl/hints.js';
import { getAddressEncoder, getProgramDerivedAddress, type Address, type ReadonlyUint8Array } from '@solana/kit';

// Transactions are untyped JSON, navigated as the RPC writes them.
type Doc = any;

const handWrittenDir = join(projectRoot, 'idls', 'hand-written');
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);

interface Program {
  file: string;
  raw: Doc;
  compiled: CompiledProgram;
}

function loadPrograms(): Map<string, Program> {
  const programs = new Map<string, Program>();
  // As the registry reads them: a hint may say which accounts a program lets a client leave out.
  const hints = JSON.parse(readFileSync(join(projectRoot, 'idls', 'hints.json'), 'utf8')) as Record<string, IdlHints>;
  for (const file of readdirSync(handWrittenDir).sort()) {
    const raw = JSON.parse(readFileSync(join(handWrittenDir, file), 'utf8'));
    const skipped: string[] = [];
    const description = readIdl(raw, { ...hints[file], onSkip: (item, reason) => skipped.push(`${item}: ${reason}`) });
    assert.deepEqual(skipped, [], `${file}: every item reads`);
    programs.set(description.address, { file, raw, compiled: compileProgram(description) });
  }
  return programs;
}

// ---- The corpus: instructions of described programs, with what their transaction shows ----

interface Movement {
  kind: 'transfer' | 'mintTo';
  /** Token account debited (transfer) or the mint (mintTo). */
  source: string;
  destination: string;
  authority: string;
  amount: bigint;
}

interface Sample {
  programId: string;
  data: Uint8Array;
  accounts: string[];
  where: string;
  /** Top-level instruction index: the instruction and the CPIs it made share it. */
  group: number;
  /** Position in the group: the top-level instruction is -1, inner ones count from 0. */
  position: number;
  tx: Tx;
}

interface Tx {
  samples: Sample[];
  /** Token movements by group, in execution order. */
  movements: Map<number, (Movement & { position: number })[]>;
  /** `Program log: <base64>` lines of a program (old Anchor emit!), by program id. */
  logPayloads: Map<string, Uint8Array[]>;
  /** `Program data: <base64>` payloads (sol_log_data, Anchor emit! since 0.2x), by the program that logged them. */
  dataPayloads: Map<string, Uint8Array[]>;
  /** The text of each `Program log:` line, by the program that wrote it. */
  logLines: Map<string, string[]>;
  blockTime: number;
  slot: number;
  /** `meta.err`: null when the transaction succeeded. */
  err: Doc;
  /** Every instruction, top-level and inner, with its raw data where the RPC gave it unparsed. */
  instructions: { programId: string; accounts: string[]; data: Uint8Array | null; group: number; position: number }[];
}

const u64At = (data: Uint8Array, offset: number): bigint => Buffer.from(data).readBigUInt64LE(offset);

/** A token transfer or mint from a raw (json/base64) or parsed (jsonParsed) Token program instruction. */
function movementOf(ix: Doc, accounts: string[]): Movement | null {
  if (ix.parsed !== undefined) {
    const { type, info } = ix.parsed;
    const amount = BigInt(info.amount ?? info.tokenAmount?.amount ?? -1);
    const authority = info.authority ?? info.multisigAuthority ?? info.mintAuthority;
    if (type === 'transfer' || type === 'transferChecked')
      return { kind: 'transfer', source: info.source, destination: info.destination, authority, amount };
    if (type === 'mintTo' || type === 'mintToChecked')
      return { kind: 'mintTo', source: info.mint, destination: info.account, authority, amount };
    return null;
  }
  const data = decodeBase58(ix.data);
  if (data === null || data.length < 9) return null;
  switch (data[0]) {
    case 3:
      return { kind: 'transfer', source: accounts[0], destination: accounts[1], authority: accounts[2], amount: u64At(data, 1) };
    case 12:
      return { kind: 'transfer', source: accounts[0], destination: accounts[2], authority: accounts[3], amount: u64At(data, 1) };
    case 7:
    case 14:
      return { kind: 'mintTo', source: accounts[0], destination: accounts[1], authority: accounts[2], amount: u64At(data, 1) };
  }
  return null;
}

function corpus(programIds: Set<string>): Sample[] {
  const samples: Sample[] = [];
  for (const file of readdirSync(corpusTransactionsDir).sort()) {
    if (!/\.(json|jsonParsed|base64)\.json$/.test(file)) continue;
    const result = readableResult(JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')));
    const transaction = result.transaction;
    const keys = accountKeysOf(result);

    const tx: Tx = {
      samples: [],
      movements: new Map(),
      logPayloads: new Map(),
      dataPayloads: new Map(),
      logLines: new Map(),
      blockTime: result.blockTime,
      slot: result.slot,
      err: result.meta?.err ?? null,
      instructions: [],
    };
    const visit = (ix: Doc, group: number, position: number, where: string) => {
      const programId: string = ix.programId ?? keys[ix.programIdIndex];
      const accounts: string[] = (ix.accounts ?? []).map((a: number | string) => (typeof a === 'number' ? keys[a] : a));
      tx.instructions.push({ programId, accounts, data: ix.data === undefined ? null : decodeBase58(ix.data), group, position });
      if (TOKEN_PROGRAMS.has(programId)) {
        const movement = movementOf(ix, accounts);
        if (movement !== null) {
          if (!tx.movements.has(group)) tx.movements.set(group, []);
          tx.movements.get(group)?.push({ ...movement, position });
        }
      }
      if (!programIds.has(programId) || ix.parsed !== undefined) return;
      const data = decodeBase58(ix.data);
      assert.ok(data !== null, `${where}: instruction data is base58`);
      tx.samples.push({ programId, data, accounts, where, group, position, tx });
    };
    const name = file.slice(0, 12);
    transaction.message.instructions.forEach((ix: Doc, i: number) => visit(ix, i, -1, `${name}… ix ${i}`));
    for (const inner of result.meta?.innerInstructions ?? []) {
      inner.instructions.forEach((ix: Doc, j: number) => visit(ix, inner.index, j, `${name}… inner ${inner.index}.${j}`));
    }
    const stack: string[] = [];
    const add = <T>(map: Map<string, T[]>, value: T) => {
      const top = stack[stack.length - 1];
      if (top === undefined) return;
      if (!map.has(top)) map.set(top, []);
      map.get(top)?.push(value);
    };
    for (const line of (result.meta?.logMessages ?? []) as string[]) {
      const invoke = /^Program (\w+) invoke \[\d+\]$/.exec(line);
      if (invoke) stack.push(invoke[1]);
      else if (/^Program \w+ (success|failed)/.test(line)) stack.pop();
      else if (line.startsWith('Program data: ')) add(tx.dataPayloads, Buffer.from(line.slice('Program data: '.length), 'base64'));
      else if (line.startsWith('Program log: ')) {
        const text = line.slice('Program log: '.length);
        add(tx.logLines, text);
        if (/^[A-Za-z0-9+/]{40,}={0,2}$/.test(text)) add(tx.logPayloads, Buffer.from(text, 'base64'));
      }
    }
    samples.push(...tx.samples);
  }
  return samples;
}

// ---- Checks of decoded values against the transaction ----

interface Decoded {
  sample: Sample;
  decoded: DecodedInstruction;
  args: Record<string, any>;
  /** Named accounts by camelCase name; the rest in `remaining`. */
  account: Record<string, string>;
  /** Described accounts the caller left out (where the program allows it). */
  absent: string[];
  remaining: string[];
}

function decodedOf(program: Program, sample: Sample): Decoded {
  const decoded = program.compiled.decodeInstruction(sample.data);
  assert.ok(decoded !== null, `${sample.where}: ${program.file} decodes ${Buffer.from(sample.data).toString('hex')}`);
  const named = decoded.instruction.accounts;
  const required = named.filter((a) => !a.optional).length;
  assert.ok(
    sample.accounts.length >= required,
    `${sample.where} ${decoded.instruction.name}: ${sample.accounts.length} accounts, ${required} named as required`,
  );
  // Named as the gateway names them: an account left out shifts the later ones.
  const plan = accountPlan(decoded.instruction, sample.accounts.length);
  const account: Record<string, string> = {};
  const absent: string[] = [];
  for (const planned of plan.accounts) {
    const name = camelCase(named[planned.desc].name);
    if ('index' in planned) account[name] = sample.accounts[planned.index];
    else if ('absent' in planned) absent.push(name);
  }
  return { sample, decoded, args: decoded.args, account, absent, remaining: sample.accounts.slice(plan.remainingFrom) };
}

/** Movements of the instruction's group that happen after it (its own CPIs and what follows). */
function movementsAfter(sample: Sample, match: Partial<Movement>): Movement[] {
  return (sample.tx.movements.get(sample.group) ?? []).filter(
    (m) => m.position > sample.position && Object.entries(match).every(([k, v]) => m[k as keyof Movement] === v),
  );
}

function oneMovement(d: Decoded, match: Partial<Movement>, what: string): Movement {
  const found = movementsAfter(d.sample, match);
  assert.ok(
    found.length > 0,
    `${d.sample.where} ${d.decoded.instruction.name}: ${what} (${JSON.stringify(match, (_, v) => (typeof v === 'bigint' ? String(v) : v))})`,
  );
  return found[0];
}

/**
 * A swap: the amount in leaves the user's source (for the pool's side, where that is a named
 * account) and what comes out meets the minimum. Returns the transfer in.
 *
 * Token-swap transfers the curve's `source_amount_swapped`, which the constant-product curve
 * rounds so the output is whole; it can be a little under `amount_in` (Saros in the corpus: 3182
 * of 21466338267 units less), hence `exact: false`. The stable swaps take the full amount.
 */
function checkSwap(
  d: Decoded,
  io: { source: string; poolIn?: string; poolOut?: string; destination: string; amountIn: string; minimumOut: string; exact: boolean },
): Movement {
  const amountIn = BigInt(io.amountIn);
  assert.ok(amountIn > 0n, `${d.sample.where}: amount in is positive`);
  const match = { kind: 'transfer' as const, source: io.source, ...(io.poolIn ? { destination: io.poolIn } : {}) };
  const paidIn = oneMovement(d, io.exact ? { ...match, amount: amountIn } : match, 'the amount in leaves the source');
  assert.ok(paidIn.amount > 0n && paidIn.amount <= amountIn, `${d.sample.where}: paid in ${paidIn.amount} of ${amountIn}`);
  // A failing transaction may stop before the pool pays out; when it did pay, the minimum held.
  for (const out of movementsAfter(d.sample, {
    kind: 'transfer',
    destination: io.destination,
    ...(io.poolOut ? { source: io.poolOut } : {}),
  })) {
    assert.ok(out.amount >= BigInt(io.minimumOut), `${d.sample.where}: paid ${out.amount} ≥ minimum ${io.minimumOut}`);
  }
  return paidIn;
}

const tokenSwapChecks: Record<string, (d: Decoded) => void> = {
  swap: (d) =>
    checkSwap(d, {
      source: d.account.source,
      poolIn: d.account.swapSource,
      poolOut: d.account.swapDestination,
      destination: d.account.destination,
      amountIn: d.args.amountIn,
      minimumOut: d.args.minimumAmountOut,
      exact: false,
    }),
  deposit_all_token_types: (d) => {
    oneMovement(
      d,
      { kind: 'mintTo', source: d.account.poolMint, destination: d.account.destination, amount: BigInt(d.args.poolTokenAmount) },
      'the pool tokens asked for are minted',
    );
    const a = oneMovement(d, { kind: 'transfer', source: d.account.sourceA, destination: d.account.tokenA }, 'token A is deposited');
    const b = oneMovement(d, { kind: 'transfer', source: d.account.sourceB, destination: d.account.tokenB }, 'token B is deposited');
    assert.ok(
      a.amount <= BigInt(d.args.maximumTokenAAmount) && b.amount <= BigInt(d.args.maximumTokenBAmount),
      `${d.sample.where}: deposits within the maxima`,
    );
  },
};

/** Every NewOrderV3 the described programs send: enum values valid, price positive, and the payer pays the vault of its side. */
function checkNewOrderV3(d: Decoded): void {
  const { side, limitPrice, orderType, selfTradeBehavior, limit } = d.args;
  assert.ok(['Bid', 'Ask'].includes(side), `${d.sample.where}: side ${side}`);
  assert.ok(['Limit', 'ImmediateOrCancel', 'PostOnly'].includes(orderType), `${d.sample.where}: order type ${orderType}`);
  assert.ok(
    ['DecrementTake', 'CancelProvide', 'AbortTransaction'].includes(selfTradeBehavior),
    `${d.sample.where}: self-trade behavior ${selfTradeBehavior}`,
  );
  assert.ok(BigInt(limitPrice) > 0n && limit > 0, `${d.sample.where}: positive limit price and match limit`);
  const vault = side === 'Bid' ? d.account.pcVault : d.account.coinVault;
  const paid = oneMovement(
    d,
    { kind: 'transfer', source: d.account.orderPayerTokenAccount, destination: vault, authority: d.account.openOrdersOwner },
    'the payer funds the order',
  );
  if (side === 'Bid')
    assert.ok(paid.amount <= BigInt(d.args.maxNativePcQtyIncludingFees), `${d.sample.where}: a bid pays at most its pc maximum`);
}

/** SettleFunds: the vault signer pays from each vault only into the wallet of that currency. */
function checkSettleFunds(d: Decoded): void {
  const paid = [
    ...movementsAfter(d.sample, { kind: 'transfer', source: d.account.coinVault }),
    ...movementsAfter(d.sample, { kind: 'transfer', source: d.account.pcVault }),
  ].filter((m) => m.authority === d.account.vaultSigner);
  assert.ok(paid.length > 0, `${d.sample.where}: the vault signer settles`);
  for (const m of paid) {
    const wallets = m.source === d.account.coinVault ? [d.account.coinWallet] : [d.account.pcWallet, d.account.referrerPcWallet];
    assert.ok(wallets.includes(m.destination), `${d.sample.where}: ${m.source} pays ${m.destination}`);
  }
}

const listsRemainingAccounts = new Set([
  'mercurial_stable_swap.exchange',
  'hyperlane_sealevel_token_collateral.transfer_remote',
  'raydium_route.route_swap_base_in',
]);

const NOOP = 'noopb9bkMVfRPU8AsbpTUg8AQkHtKwMYZiFUjNRtMmV';
const COMPRESSION = 'cmtDvXumGCrqC1Age74AVPhSRVXJMd8PJS91L8KbNCK';
const MAILBOX = 'E588QtVUvresuXq2KoNEwAmoifCzYGpRBdHByN9KQMbi';

/** `Program log:` lines the program wrote in the transaction that match, as regex matches. */
function logged(sample: Sample, pattern: RegExp, programId = sample.programId): RegExpExecArray[] {
  return (sample.tx.logLines.get(programId) ?? []).map((line) => pattern.exec(line)).filter((m): m is RegExpExecArray => m !== null);
}

/** Anchor programs log `Instruction: <Name>` when they dispatch: the instruction the discriminator named ran. */
function checkAnchorLog(d: Decoded): void {
  const pascal = camelCase(d.decoded.instruction.name).replace(/^./, (c) => c.toUpperCase());
  assert.ok(
    logged(d.sample, /^Instruction: (\w+)$/).some((m) => m[1] === pascal),
    `${d.sample.where}: the program logged Instruction: ${pascal}`,
  );
}

const hex = (bytes: ArrayLike<number>) => Buffer.from(Uint8Array.from(bytes)).toString('hex');

/** The top-level instruction of the sample's group: the program that started what the sample is part of. */
function topOf(sample: Sample) {
  return sample.tx.instructions.find((ix) => ix.group === sample.group && ix.position === -1);
}

/** i128 little-endian at `offset`. */
function i128At(data: Uint8Array, offset: number): bigint {
  const b = Buffer.from(data);
  return (b.readBigInt64LE(offset + 8) << 64n) + b.readBigUInt64LE(offset);
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** An address derived as the Hxro SDK derives its accounts (`findProgramAddress` over these seeds). */
async function hxroAddress(programId: string, seeds: (string | ReadonlyUint8Array)[]): Promise<string> {
  const [found] = await getProgramDerivedAddress({ programAddress: programId as Address, seeds });
  return found;
}

const u64Le = (value: string): Uint8Array => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(value));
  return b;
};

/**
 * Hxro initialize_parimutuel, in the 9-account form mainnet receives (the SDK's list without the two
 * oracles): every byte is read, the accounts named parimutuel and honeypot are the ones the SDK derives
 * from the market and the decoded times, and the program's own CPIs create them: the parimutuel as a
 * 357-byte account of the program (a Parimutuel by size), the honeypot as a token account of the named
 * mint owned by the parimutuel, both paid for by the signing wallet.
 */
async function checkHxroParimutuel(d: Decoded, program: Program): Promise<void> {
  const { sample } = d;
  const where = sample.where;
  assert.equal(d.decoded.instruction.name, 'initialize_parimutuel');
  assert.ok(d.decoded.exact, `${where}: every byte of the data is read`);
  assert.ok(
    logged(sample, /^Instruction 3: (\w+)$/).some((m) => m[1] === 'InitializeParimutuel'),
    `${where}: the program logged Instruction 3: InitializeParimutuel`,
  );
  assert.deepEqual(d.absent, ['protocolProductOracle', 'protocolPriceOracle'], `${where}: the oracles were left out`);
  assert.deepEqual(d.remaining, [], `${where}: no accounts beyond the list`);
  const { marketOpen, marketClose, timeWindowStart } = d.args as Record<string, string>;
  // Two pools of Hxro's BTC-USD 1-minute market, opening at once and closing a minute apart.
  const expected: Record<string, string[]> = {
    '448KnQ2csXzs… ix 1': ['9bqu5kYo3RUBY1kxSQjwpKPYrFzsFxEK7tHrxwLs3XWH', '0', '1710441840000', '1710441840000'],
    '448KnQ2csXzs… ix 2': ['9bqu5kYo3RUBY1kxSQjwpKPYrFzsFxEK7tHrxwLs3XWH', '0', '1710441900000', '1710441900000'],
  };
  assert.deepEqual([d.account.market, marketOpen, marketClose, timeWindowStart], expected[where], where);
  // Milliseconds, at most minutes after the block: the next 1-minute pools of the market.
  const close = Number(BigInt(marketClose) / 1000n);
  assert.ok(close > sample.tx.blockTime && close - sample.tx.blockTime < 600, `${where}: closes ${close}, block ${sample.tx.blockTime}`);

  const parimutuel = await hxroAddress(sample.programId, [
    'parimutuel',
    getAddressEncoder().encode(d.account.market as Address),
    u64Le(marketOpen),
    u64Le(marketClose),
    u64Le(timeWindowStart),
  ]);
  assert.equal(d.account.parimutuel, parimutuel, `${where}: the parimutuel is the market's pool for these times`);
  const honeypot = await hxroAddress(sample.programId, ['honeypot', getAddressEncoder().encode(parimutuel as Address)]);
  assert.equal(d.account.honeypot, honeypot, `${where}: the honeypot is the parimutuel's`);

  const inner = sample.tx.instructions.filter((ix) => ix.group === sample.group && ix.position > sample.position);
  const system = (tag: number, target: string) =>
    inner.find((ix) => ix.programId === SYSTEM_PROGRAM && ix.data?.[0] === tag && ix.accounts.at(-1) === target);
  for (const [target, space, owner] of [
    [d.account.parimutuel, 357, sample.programId],
    [d.account.honeypot, 165, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
  ] as const) {
    assert.equal(system(2, target)?.accounts[0], d.account.userWallet, `${where}: the wallet funds ${target}`);
    const allocate = system(8, target)?.data;
    assert.ok(allocate, `${where}: ${target} is allocated`);
    assert.equal(u64At(allocate, 4), BigInt(space), `${where}: ${target} gets ${space} bytes`);
    assert.equal(
      encodeBase58((system(1, target)?.data ?? new Uint8Array()).subarray(4, 36)),
      owner,
      `${where}: ${target} is assigned to ${owner}`,
    );
  }
  assert.equal(program.compiled.decodeAccount(new Uint8Array(357))?.account.name, 'Parimutuel');
  const initAccount = inner.find((ix) => TOKEN_PROGRAMS.has(ix.programId) && ix.data?.length === 1 && ix.data[0] === 1);
  assert.deepEqual(
    initAccount?.accounts.slice(0, 3),
    [d.account.honeypot, d.account.settlementMint, d.account.parimutuel],
    `${where}: the honeypot holds the settlement mint for the parimutuel`,
  );
}

// ---- Tests ----

test('every hand-written description reads as hand-written Anchor 0.30 and compiles', () => {
  const programs = loadPrograms();
  assert.ok(programs.size > 0);
  for (const [address, p] of programs) {
    assert.equal(p.file, `${address}.json`, 'the file is named by the program id');
    const d = p.compiled.description;
    assert.equal(d.dialect, 'hand-written');
    assert.equal(p.raw.metadata.origin, 'hand-written');
    assert.ok(
      typeof p.raw.metadata.source === 'string' && p.raw.metadata.source.length > 0,
      `${p.file}: metadata.source says where the layout comes from`,
    );
    // Each instruction is reached by its own discriminator and its arguments compile: zeros are a
    // valid value of every type used here (enum variant 0, empty vecs, false). A list that takes the
    // rest of the data needs whole items, which one of 65 lengths in a row gives (OCR2's 65-byte signatures).
    for (const ix of d.instructions) {
      const names = Array.from({ length: 65 }, (_, extra) => {
        const data = new Uint8Array(ix.discriminator.length + 640 + extra);
        data.set(ix.discriminator);
        return p.compiled.decodeInstruction(data)?.instruction.name;
      });
      assert.ok(names.includes(ix.name), `${p.file}: ${ix.name} decodes from its discriminator`);
    }
    for (const e of d.events) {
      const data = new Uint8Array(e.discriminator.length + 640);
      data.set(e.discriminator);
      assert.equal(p.compiled.decodeEvent(data)?.event.name, e.name, `${p.file}: event ${e.name}`);
    }
    for (const a of d.accounts) {
      assert.equal(a.discriminator.length, 0, `${p.file}: ${a.name} is recognised by size`);
      assert.equal(
        p.compiled.decodeAccount(new Uint8Array(a.size ?? 0))?.account.name,
        a.name,
        `${p.file}: ${a.name} decodes at ${a.size} bytes`,
      );
    }
  }
});

test('the hand-written files cover the expected programs and instruction sets', () => {
  const programs = loadPrograms();
  const summary = Object.fromEntries(
    [...programs].map(([id, p]) => [id, `${p.compiled.description.name} ${p.compiled.description.instructions.length}`]),
  );
  assert.deepEqual(summary, {
    '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin': 'serum_dex_v3 21',
    srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX: 'openbook_v1 21',
    SwaPpA9LAaLfeLi3a68M4DjnLqgtticKg6CnyNwgAC8: 'spl_token_swap 6',
    DjVE6JNiYqPL2QXyCUUh8rNjHrbz9hXHNYt99MQ59qw1: 'orca_token_swap_v1 6',
    '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP': 'orca_token_swap_v2 6',
    SSwapUtytfBdBn1b9NUGG6foMVPtcWgpRU32HToDUZr: 'saros_amm 6',
    SSwpkEEcbUqx4vtoEByFjSkhKdCT862DNVb52nZg1UZ: 'stable_swap 5',
    MERLuDFBMmsHnsBPZw2sDQZHvXFMwp8EdjudcU2HKky: 'mercurial_stable_swap 1',
    '22Y43yTVxuUkoRKdm9thyRhQ3SdgQS7c7kB6UNCiaczD': 'serum_swap 4',
    GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp: 'sequence_enforcer 3',
    HQ2UUt18uJqKaQFJhgV9zaTdQxUZjNrsKFgoEDquBkcx: 'bloxroute_trader_api_memo 1',
    noopb9bkMVfRPU8AsbpTUg8AQkHtKwMYZiFUjNRtMmV: 'spl_noop 1',
    '3EpVCPUgyjq2MfGeCttyey6bs5zya5wjYZ2BE6yDg6bm': 'hyperlane_sealevel_token_collateral 1',
    E588QtVUvresuXq2KoNEwAmoifCzYGpRBdHByN9KQMbi: 'hyperlane_mailbox 1',
    BhNcatUDC2D5JTyeaqrdSukiVFsEHK7e3hVmKMztwefv: 'hyperlane_igp 1',
    HEvSKofvBgfaexv23kMabbYqxasxU3mQ4ibBMEmJWHny: 'chainlink_store 2',
    BSwp6bEBihVLdqJRKGgzjcGLHkcTuzmSo1TQkHepzH8p: 'bonkswap 1',
    obriQD1zbpyLz95G5n7nJe6a4DPjpFwa5XYPoNm113y: 'obric_v2 2',
    SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe: 'solfi 1',
    GFXsSL5sSaDfNFQUYsHekbWBW1TsFdjDYzACh62tEHxn: 'gfx_ssl_v2 1',
    routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS: 'raydium_route 4',
    sbattyXrzedoNATfc4L31wC9Mhxsi1BmFhTiN8gDshx: 'switchboard_attestation 1',
    GUhB2ohrfqWspztgCrQpAmeVFBWmnWYhPcZuwY52WWRe: 'hxro_parimutuel 18',
    FLUXubRmkEi2q6K3Y9kBPg9248ggaZVsoSFhtJHSrm1X: 'fluxbeam 6',
    cjg3oHmg9uuPsP8D6g29NWvhySJkdYdAo9D25PRbKXJ: 'ocr_2 1',
    '3i5JeuZuUxeKtVysUnwQNGerJP2bSMX9fTFfS4Nxe3Br': 'lifi_solana_program_1 1',
    H8W3ctz92svYg6mkn1UtGfu2aQr2fnUFHM1RhScEtQDt: 'cropper_whirlpool 1',
    HEAVENoP2qxoeuF8Dj2oT1GHEnu49U5mJYkdeC8BAX2o: 'heaven 2',
    '5quBtoiQqxF9Jv6KYKctB59NT3gtJD2Y65kdnB1Uev3h': 'raydium_stable_swap 2',
  });
  // Serum's tags are the MarketInstruction variant index: version byte 0, then u32 LE 0 to 20.
  const serum = programs.get('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')?.compiled.description;
  assert.deepEqual(
    serum?.instructions.map((ix) => [...ix.discriminator]),
    Array.from({ length: 21 }, (_, tag) => [0, tag, 0, 0, 0]),
  );
  const side = serum?.types.get('Side')?.type;
  assert.ok(side?.kind === 'enum' && side.tag === 4, 'Serum enums are u32 on the wire');
  // Serum and OpenBook are the same program: the two files differ only in address and metadata.
  const openbook = programs.get('srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX')?.raw;
  const serumRaw = programs.get('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')?.raw;
  assert.deepEqual(
    { ...openbook, address: undefined, metadata: undefined, docs: undefined },
    { ...serumRaw, address: undefined, metadata: undefined, docs: undefined },
  );
});

test('every corpus instruction of a described program decodes, with values the transaction confirms', async (t) => {
  const programs = loadPrograms();
  const registry = loadBundledRegistry();
  const samples = corpus(new Set(programs.keys()));
  const counts = new Map<string, number>();
  const serumIds = new Set(['9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', 'srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX']);
  const decodedBySample = new Map<Sample, Decoded>();
  for (const sample of samples) {
    const program = programs.get(sample.programId) as Program;
    decodedBySample.set(sample, decodedOf(program, sample));
  }

  for (const [sample, d] of decodedBySample) {
    const program = programs.get(sample.programId) as Program;
    const name = d.decoded.instruction.name;
    const label = `${program.compiled.description.name}.${name}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
    // Mercurial's pool token accounts, a warp route's IGP and plugin accounts and the route's per-pool
    // lists vary in number, so those descriptions leave them unnamed; every other instruction names all.
    if (!listsRemainingAccounts.has(label)) assert.deepEqual(d.remaining, [], `${sample.where}: ${label} names every account`);
    switch (program.compiled.description.name) {
      case 'spl_token_swap':
      case 'orca_token_swap_v1':
      case 'orca_token_swap_v2':
      case 'saros_amm':
      case 'fluxbeam': {
        const check = tokenSwapChecks[name];
        assert.ok(check, `${sample.where}: a check for ${label}`);
        check(d);
        break;
      }
      case 'stable_swap':
        assert.equal(name, 'swap', `${sample.where}: the corpus holds Saber swaps`);
        checkSwap(d, {
          source: d.account.source,
          poolIn: d.account.swapSource,
          poolOut: d.account.swapDestination,
          destination: d.account.destination,
          amountIn: d.args.amountIn,
          minimumOut: d.args.minimumAmountOut,
          exact: true,
        });
        break;
      case 'mercurial_stable_swap': {
        // Pool token accounts, then the user's source and destination (see the description's docs).
        const [source, destination] = d.remaining.slice(-2);
        const pool = d.remaining.slice(0, -2);
        assert.ok(pool.length >= 2 && pool.length <= 4, `${sample.where}: ${pool.length} pool token accounts`);
        const paidIn = checkSwap(d, { source, destination, amountIn: d.args.inAmount, minimumOut: d.args.minimumOutAmount, exact: true });
        assert.ok(
          pool.includes(paidIn.destination) && paidIn.authority === d.account.userTransferAuthority,
          `${sample.where}: paid into the pool by the user`,
        );
        break;
      }
      case 'serum_dex_v3':
      case 'openbook_v1':
        if (name === 'new_order_v3') checkNewOrderV3(d);
        else if (name === 'settle_funds') checkSettleFunds(d);
        else assert.fail(`${sample.where}: no check for ${label}`);
        break;
      case 'serum_swap': {
        // The swap's DidSwap event (logged as base64) agrees with the arguments and the transfers.
        const events = (sample.tx.logPayloads.get(sample.programId) ?? [])
          .map((data) => program.compiled.decodeEvent(data))
          .filter((e): e is NonNullable<typeof e> => e !== null);
        const event = events.find((e) => e.value.givenAmount === d.args.amount);
        assert.ok(event?.event.name === 'DidSwap', `${sample.where}: a DidSwap event for the amount`);
        assert.deepEqual(event.value.minExchangeRate, d.args.minExchangeRate);
        const transitive = name === 'swap_transitive';
        const from = transitive ? 'from' : 'market';
        oneMovement(
          d,
          { kind: 'transfer', source: d.account[`${from}OrderPayerTokenAccount`], amount: BigInt(d.args.amount) },
          'the amount leaves the payer',
        );
        const receiver = transitive ? d.account.toCoinWallet : d.args.side === 'Ask' ? d.account.pcWallet : d.account.marketCoinWallet;
        oneMovement(
          d,
          { kind: 'transfer', destination: receiver, amount: BigInt(event.value.toAmount as string) },
          'the proceeds reach the wallet',
        );
        // The orders it sends to the DEX name the same market accounts, in the DEX's order.
        const orders = sample.tx.samples
          .filter((s) => s.group === sample.group && serumIds.has(s.programId))
          .map((s) => decodedBySample.get(s) as Decoded)
          .filter((o) => o.decoded.instruction.name === 'new_order_v3');
        const markets = transitive ? ['from', 'to'] : ['market'];
        assert.equal(orders.length, markets.length, `${sample.where}: one order per market`);
        markets.forEach((prefix, i) => {
          for (const [dex, swap] of Object.entries({
            market: 'Market',
            openOrders: 'OpenOrders',
            requestQueue: 'RequestQueue',
            eventQueue: 'EventQueue',
            bids: 'Bids',
            asks: 'Asks',
            orderPayerTokenAccount: 'OrderPayerTokenAccount',
            coinVault: 'CoinVault',
            pcVault: 'PcVault',
          })) {
            assert.equal(orders[i].account[dex], d.account[`${prefix}${swap}`], `${sample.where}: ${prefix} ${dex}`);
          }
          assert.equal(orders[i].account.openOrdersOwner, d.account.authority);
        });
        break;
      }
      case 'sequence_enforcer': {
        assert.equal(name, 'check_and_set_sequence_number', `${sample.where}: the corpus holds sequence checks`);
        const [m] = logged(sample, /^Sequence (in order|out of order) \| sequence_num=(\d+) \| last_known=(\d+)$/);
        assert.ok(m, `${sample.where}: the program logged the check`);
        assert.equal(m[2], d.args.sequenceNum, `${sample.where}: the logged number is the argument`);
        const inOrder = BigInt(m[2]) > BigInt(m[3]);
        assert.equal(m[1] === 'in order', inOrder);
        if (inOrder) assert.equal(sample.tx.err, null, `${sample.where}: an in-order check succeeds`);
        else {
          const [index, failure] = sample.tx.err.InstructionError;
          assert.equal(index, sample.group);
          assert.equal(
            program.compiled.description.errors.find((e) => e.code === failure.Custom)?.name,
            'SequenceOutOfOrder',
            `${sample.where}: error ${failure.Custom}`,
          );
        }
        break;
      }
      case 'bloxroute_trader_api_memo': {
        assert.equal(d.args.memo.length, sample.data.length, `${sample.where}: all of the data is the memo`);
        const text = Buffer.from(Uint8Array.from(d.args.memo)).toString('utf8');
        assert.ok(
          logged(sample, /^(.*)$/).some((m) => m[1] === text),
          `${sample.where}: the program logged the memo "${text}"`,
        );
        break;
      }
      case 'spl_noop': {
        // The payload is the caller's spl-account-compression event (events/mod.rs: AccountCompressionEvent,
        // a u8 tag, then a versioned Borsh body); its own fields agree with the rest of the transaction.
        const payload = Uint8Array.from(d.args.data);
        assert.deepEqual(payload, sample.data, `${sample.where}: the whole data is the payload, no length prefix`);
        const body = Buffer.from(payload);
        assert.equal(body[1], 0, `${sample.where}: event version V1`);
        if (body[0] === 1) {
          assert.equal(body.readUInt32LE(2), body.length - 6, `${sample.where}: ApplicationData's own length prefix spans the rest`);
        } else {
          assert.equal(body[0], 0, `${sample.where}: a ChangeLog event`);
          const append = sample.tx.instructions
            .filter((ix) => ix.group === sample.group && ix.position < sample.position && ix.programId === COMPRESSION)
            .pop();
          assert.ok(append?.data, `${sample.where}: the compression instruction that logged it`);
          assert.equal(
            encodeBase58(body.subarray(2, 34)),
            append.accounts[0],
            `${sample.where}: the change log names the tree appended to`,
          );
          assert.equal(
            hex(body.subarray(38, 70)),
            hex(append.data.subarray(8, 40)),
            `${sample.where}: the path starts at the appended leaf`,
          );
        }
        break;
      }
      case 'hyperlane_sealevel_token_collateral': {
        const [m] = logged(
          sample,
          /^Warp route transfer completed to destination: (\d+), recipient: 0x([0-9a-f]+)…([0-9a-f]+), remote_amount: (\d+)$/,
        );
        assert.ok(m, `${sample.where}: the route logged the transfer`);
        assert.equal(m[1], String(d.args.destinationDomain));
        const recipient = hex(d.args.recipient);
        assert.ok(recipient.startsWith(m[2]) && recipient.endsWith(m[3]), `${sample.where}: recipient 0x${recipient}`);
        assert.equal(m[4], d.args.amountOrId, `${sample.where}: the amount sent (local and remote decimals agree on this route)`);
        assert.equal(d.account.mailboxProgram, MAILBOX);
        assert.equal(d.account.splNoop, NOOP);
        oneMovement(
          d,
          { kind: 'transfer', authority: d.account.sender, amount: BigInt(d.args.amountOrId) },
          'the sender pays the amount into the route',
        );
        break;
      }
      case 'hyperlane_mailbox': {
        const [m] = logged(sample, /^Dispatched message to (\d+), ID 0x([0-9a-f]{64})$/);
        assert.ok(m, `${sample.where}: the mailbox logged the dispatch`);
        assert.equal(m[1], String(d.args.destinationDomain));
        assert.equal(d.args.sender, topOf(sample)?.programId, `${sample.where}: the sender is the program that dispatched`);
        // A warp route's message body (hyperlane-warp-route TokenMessage): recipient, then the amount as a big-endian U256.
        const xfer = [...decodedBySample.values()].find(
          (o) => o.sample.tx === sample.tx && o.sample.group === sample.group && o.decoded.instruction.name === 'transfer_remote',
        );
        assert.ok(xfer, `${sample.where}: the warp route transfer that dispatched`);
        const body = Uint8Array.from(d.args.messageBody);
        assert.equal(hex(body.subarray(0, 32)), hex(xfer.args.recipient));
        assert.equal(BigInt(`0x${hex(body.subarray(32, 64))}`), BigInt(xfer.args.amountOrId));
        break;
      }
      case 'hyperlane_igp': {
        const [m] = logged(sample, /^Paid IGP (\w+) for (\d+) gas for message 0x([0-9a-f]+)…([0-9a-f]+) to (\d+)$/);
        assert.ok(m, `${sample.where}: the IGP logged the payment`);
        assert.equal(m[1], d.account.igp);
        assert.equal(m[5], String(d.args.destinationDomain));
        assert.ok(
          BigInt(m[2]) >= BigInt(d.args.gasAmount),
          `${sample.where}: ${m[2]} gas quoted for ${d.args.gasAmount} asked (plus the overhead)`,
        );
        const [dispatched] = logged(sample, /^Dispatched message to \d+, ID 0x([0-9a-f]{64})$/, MAILBOX);
        assert.equal(hex(d.args.messageId), dispatched?.[1], `${sample.where}: gas paid for the message just dispatched`);
        break;
      }
      case 'chainlink_store': {
        checkAnchorLog(d);
        // The OCR2 aggregator's NewTransmission event (chainlink-solana ocr_2/src/event.rs: discriminator,
        // round_id u32, config_digest [u8; 32], answer i128, transmitter u8, observations_timestamp u32, …).
        const aggregator = topOf(sample)?.programId as string;
        const event = (sample.tx.dataPayloads.get(aggregator) ?? []).find((e) => e.length >= 65);
        assert.ok(event, `${sample.where}: the aggregator's transmission event`);
        assert.equal(String(i128At(event, 44)), d.args.round.answer, `${sample.where}: the stored answer is the transmitted one`);
        assert.equal(
          String(Buffer.from(event).readUInt32LE(61)),
          d.args.round.timestamp,
          `${sample.where}: stored with the observations' timestamp`,
        );
        break;
      }
      case 'ocr_2': {
        // transmit is Anchor's fallback and logs no `Instruction:` line. What the program made of the
        // report shows in its NewTransmission event (decoded with Chainlink's IDL, idls/cjg3….json) and
        // in the round it hands to the store.
        const { reportContext, report, signatures } = d.args as Doc;
        const event = (sample.tx.dataPayloads.get(sample.programId) ?? [])
          .map((payload) => registry.get(sample.programId)?.decodeEvent(payload))
          .find((e) => e?.event.name === 'NewTransmission');
        assert.ok(event, `${sample.where}: the aggregator's NewTransmission event`);
        assert.deepEqual(
          {
            configDigest: event.value.configDigest,
            answer: event.value.answer,
            observationsTimestamp: event.value.observationsTimestamp,
            observerCount: event.value.observerCount,
            observers: event.value.observers,
            juelsPerLamport: event.value.juelsPerLamport,
          },
          {
            configDigest: reportContext.configDigest,
            answer: report.median,
            observationsTimestamp: report.observationsTimestamp,
            observerCount: report.observerCount,
            // The program keeps the first MAX_ORACLES (19) of the report's 32 observer indexes.
            observers: report.observers.slice(0, 19),
            juelsPerLamport: report.juelsPerLamport,
          },
          `${sample.where}: the event carries the report the big-endian fields were read from`,
        );
        // The program accepts f + 1 signatures with f below the observer count; OCR2 config digests
        // of Solana start with the 0x0003 prefix.
        assert.ok(signatures.length > 0 && signatures.length <= report.observerCount, `${sample.where}: ${signatures.length} signatures`);
        assert.deepEqual(reportContext.configDigest.slice(0, 2), [0, 3]);
        const age = sample.tx.blockTime - report.observationsTimestamp;
        assert.ok(age >= 0 && age < 600, `${sample.where}: observed ${age} s before the block`);
        // store_nonce is the bump of the store authority, which signs the store's submit with the feed.
        const [authority, bump] = await getProgramDerivedAddress({
          programAddress: sample.programId as Address,
          seeds: ['store', getAddressEncoder().encode(d.account.state as Address)],
        });
        assert.deepEqual([authority, bump], [d.account.storeAuthority, d.args.storeNonce]);
        const submit = sample.tx.instructions.find(
          (ix) => ix.group === sample.group && ix.position >= 0 && ix.programId === d.account.storeProgram,
        );
        assert.deepEqual(submit?.accounts, [d.account.feed, d.account.storeAuthority], `${sample.where}: the store's submit`);
        break;
      }
      case 'lifi_solana_program_1': {
        // The program logs the id it was given, in upper-case hex, and checks the tracking account is the
        // PDA of the current or previous epoch (mainnet epochs are 432,000 slots).
        const [m] = logged(sample, /^LI\.FI TX: 0x([0-9A-F]{16})$/);
        assert.equal(m?.[1], hex(d.args.transactionId as number[]).toUpperCase(), `${sample.where}: the logged id`);
        assert.equal(d.account.sysvarClock, 'SysvarC1ock11111111111111111111111111111111');
        const epoch = BigInt(Math.floor(sample.tx.slot / 432_000));
        const epochPdas = await Promise.all(
          [epoch, epoch - 1n].map(async (e) => {
            const seed = Buffer.alloc(8);
            seed.writeBigUInt64LE(e);
            const [pda] = await getProgramDerivedAddress({ programAddress: sample.programId as Address, seeds: [seed] });
            return pda;
          }),
        );
        assert.ok(epochPdas.includes(d.account.instructionTrackAccount as Address), `${sample.where}: the epoch's tracking account`);
        break;
      }
      case 'cropper_whirlpool': {
        checkAnchorLog(d);
        const aToB = d.args.aToB === true;
        const [ownerIn, vaultIn, vaultOut, ownerOut] = aToB
          ? [d.account.tokenOwnerAccountA, d.account.tokenVaultA, d.account.tokenVaultB, d.account.tokenOwnerAccountB]
          : [d.account.tokenOwnerAccountB, d.account.tokenVaultB, d.account.tokenVaultA, d.account.tokenOwnerAccountA];
        assert.equal(d.args.amountSpecifiedIsInput, true, `${sample.where}: the corpus swap gives its input`);
        checkSwap(d, {
          source: ownerIn,
          poolIn: vaultIn,
          poolOut: vaultOut,
          destination: ownerOut,
          amountIn: d.args.amount,
          minimumOut: d.args.otherAmountThreshold,
          exact: true,
        });
        oneMovement(d, { kind: 'transfer', source: vaultOut, destination: ownerOut, authority: d.account.whirlpool }, 'the pool pays out');
        // Jupiter's route, decoded with Jupiter's own IDL, sent this leg as a Whirlpool swap in the same direction.
        const top = topOf(sample);
        const route = top?.data ? registry.get(top.programId)?.decodeInstruction(top.data) : null;
        const legs = ((route?.args.routePlan ?? []) as Doc[]).filter((step) => step.swap?.Whirlpool !== undefined);
        assert.deepEqual(
          legs.map((step) => step.swap.Whirlpool.aToB),
          [aToB],
          `${sample.where}: the route's Whirlpool leg`,
        );
        break;
      }
      case 'switchboard_attestation': {
        checkAnchorLog(d);
        const { observedTime, nextAllowedTimestamp } = d.args.params;
        const observed = Number(observedTime);
        assert.ok(
          observed <= sample.tx.blockTime && sample.tx.blockTime - observed <= 20,
          `${sample.where}: observed at ${observed}, block at ${sample.tx.blockTime}`,
        );
        assert.ok(Number(nextAllowedTimestamp) >= observed, `${sample.where}: the next run is not before this one`);
        break;
      }
      case 'bonkswap': {
        checkAnchorLog(d);
        const xToY = d.args.xToY === true;
        checkSwap(d, {
          source: xToY ? d.account.swapperXAccount : d.account.swapperYAccount,
          poolIn: xToY ? d.account.poolXAccount : d.account.poolYAccount,
          poolOut: xToY ? d.account.poolYAccount : d.account.poolXAccount,
          destination: xToY ? d.account.swapperYAccount : d.account.swapperXAccount,
          amountIn: d.args.deltaIn.v,
          minimumOut: '0',
          exact: true,
        });
        break;
      }
      case 'obric_v2': {
        checkAnchorLog(d);
        const xToY = d.args.isXToY === true;
        checkSwap(d, {
          source: xToY ? d.account.userTokenAccountX : d.account.userTokenAccountY,
          poolIn: xToY ? d.account.reserveX : d.account.reserveY,
          poolOut: xToY ? d.account.reserveY : d.account.reserveX,
          destination: xToY ? d.account.userTokenAccountY : d.account.userTokenAccountX,
          amountIn: d.args.inputAmt,
          minimumOut: d.args.minOutputAmt,
          exact: true,
        });
        oneMovement(
          d,
          { kind: 'transfer', source: xToY ? d.account.reserveY : d.account.reserveX, authority: d.account.tradingPair },
          'the trading pair pays out',
        );
        break;
      }
      case 'solfi': {
        const quoteToBase = d.args.isQuoteToBase === true;
        checkSwap(d, {
          source: quoteToBase ? d.account.userQuoteAta : d.account.userBaseAta,
          poolIn: quoteToBase ? d.account.quoteVault : d.account.baseVault,
          poolOut: quoteToBase ? d.account.baseVault : d.account.quoteVault,
          destination: quoteToBase ? d.account.userBaseAta : d.account.userQuoteAta,
          amountIn: d.args.inAmount,
          minimumOut: d.args.minimumAmountOut,
          exact: true,
        });
        break;
      }
      case 'gfx_ssl_v2': {
        checkAnchorLog(d);
        const paid = checkSwap(d, {
          source: d.account.userAtaIn,
          poolIn: d.account.sslInMainVault,
          destination: d.account.userAtaOut,
          amountIn: d.args.amountIn,
          minimumOut: d.args.minOut,
          exact: true,
        });
        assert.equal(paid.authority, d.account.userWallet);
        oneMovement(
          d,
          { kind: 'transfer', destination: d.account.userAtaOut, authority: d.account.sslPoolInSigner },
          'the SSL pool pays the user',
        );
        break;
      }
      case 'raydium_route': {
        const [m] = logged(sample, /^process_route_swap_base_in:RouteSwapBaseInArgs \{ amount_in: (\d+), minimum_amount_out: (\d+) \}$/);
        assert.ok(m, `${sample.where}: the route logged its arguments`);
        assert.deepEqual([m[1], m[2]], [d.args.amountIn, d.args.minimumAmountOut]);
        oneMovement(
          d,
          { kind: 'transfer', source: d.account.userSourceToken, authority: d.account.wallet, amount: BigInt(d.args.amountIn) },
          "the wallet's amount in enters the first pool",
        );
        oneMovement(
          d,
          { kind: 'transfer', source: d.account.userRouteToken, authority: d.account.wallet },
          'the first pool paid the route account, which pays the second',
        );
        break;
      }
      case 'hxro_parimutuel':
        await checkHxroParimutuel(d, program);
        break;
      default:
        assert.fail(`no checks for ${program.file}`);
    }
  }
  // The corpus holds these; a change in what decodes (or in the corpus) shows here.
  assert.deepEqual(Object.fromEntries([...counts].sort()), {
    'bloxroute_trader_api_memo.memo': 3,
    'bonkswap.swap': 1,
    'chainlink_store.submit': 1,
    'cropper_whirlpool.swap': 1,
    'fluxbeam.swap': 1,
    'gfx_ssl_v2.swap': 1,
    'hxro_parimutuel.initialize_parimutuel': 2,
    'hyperlane_igp.pay_for_gas': 2,
    'hyperlane_mailbox.outbox_dispatch': 2,
    'hyperlane_sealevel_token_collateral.transfer_remote': 2,
    'lifi_solana_program_1.track_v1': 1,
    'mercurial_stable_swap.exchange': 5,
    'obric_v2.swap': 1,
    'ocr_2.transmit': 1,
    'openbook_v1.new_order_v3': 4,
    'openbook_v1.settle_funds': 4,
    'orca_token_swap_v1.deposit_all_token_types': 1,
    'orca_token_swap_v2.swap': 2,
    'raydium_route.route_swap_base_in': 1,
    'saros_amm.swap': 1,
    'sequence_enforcer.check_and_set_sequence_number': 3,
    'serum_dex_v3.new_order_v3': 3,
    'serum_dex_v3.settle_funds': 3,
    'serum_swap.swap': 1,
    'serum_swap.swap_transitive': 1,
    'solfi.swap': 1,
    'spl_noop.noop_instruction': 2,
    'spl_token_swap.swap': 1,
    'stable_swap.swap': 2,
    'switchboard_attestation.function_verify': 1,
  });
  t.diagnostic(`decoded and checked: ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')}`);
});

test('reader: an account may give its size instead of a discriminator; origin hand-written sets the dialect', () => {
  const read = (accounts: Doc[], origin?: string) => {
    const skipped: string[] = [];
    const description = readIdl(
      {
        address: '11111111111111111111111111111111',
        metadata: { name: 't', version: '0.0.0', spec: '0.1.0', ...(origin ? { origin } : {}) },
        instructions: [],
        accounts,
        types: [{ name: 'A', type: { kind: 'struct', fields: [{ name: 'x', type: 'u8' }] } }],
      },
      { onSkip: (item, reason) => skipped.push(`${item}: ${reason}`) },
    );
    return { description, skipped };
  };
  const sized = read([{ name: 'A', size: 1 }], 'hand-written');
  assert.equal(sized.description.dialect, 'hand-written');
  assert.deepEqual(sized.skipped, []);
  assert.equal(sized.description.accounts[0].size, 1);
  assert.equal(sized.description.accounts[0].discriminator.length, 0);
  assert.equal(compileProgram(sized.description).decodeAccount(Uint8Array.of(7))?.value.x, 7);

  assert.equal(read([{ name: 'A', discriminator: [1] }]).description.dialect, 'anchor');
  assert.match(read([{ name: 'A', size: 1, discriminator: [1] }]).skipped.join(), /both size and discriminator/);
  for (const size of [0, -1, 1.5, '1'])
    assert.match(read([{ name: 'A', size }]).skipped.join(), /not a positive integer/, JSON.stringify(size));
});

// ---- Accounts by size, on data laid out here from the programs' sources ----

const key = (seed: number): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => (seed * 31 + i) & 255);
const putU64 = (buf: Buffer, offset: number, value: bigint) => buf.writeBigUInt64LE(value, offset);

test('Serum MarketState and OpenOrders decode by their exact sizes', () => {
  const serum = loadPrograms().get('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin') as Program;
  // state.rs numbers MarketState's u64 words; the account wraps them in "serum" … "padding".
  const word = (n: number) => 5 + 8 * n;
  const market = Buffer.alloc(388);
  market.write('serum', 0, 'latin1');
  market.write('padding', 381, 'latin1');
  putU64(market, word(0), 3n); // Initialized | Market
  market.set(key(1), word(1));
  putU64(market, word(5), 1n);
  market.set(key(6), word(6));
  market.set(key(10), word(10));
  putU64(market, word(18), 123_456n);
  market.set(key(27), word(27));
  market.set(key(39), word(39));
  putU64(market, word(43), 100n);
  putU64(market, word(44), 10n);
  putU64(market, word(46), 7n);
  const decoded = serum.compiled.decodeAccount(market);
  assert.equal(decoded?.account.name, 'MarketState');
  const v = decoded.value;
  assert.deepEqual(v.headPadding, [...Buffer.from('serum')]);
  assert.deepEqual(v.tailPadding, [...Buffer.from('padding')]);
  assert.equal(v.accountFlags, '3');
  assert.equal(v.ownAddress, encodeBase58(key(1)));
  assert.equal(v.vaultSignerNonce, '1');
  assert.equal(v.coinMint, encodeBase58(key(6)));
  assert.equal(v.pcMint, encodeBase58(key(10)));
  assert.equal(v.coinDepositsTotal, '123456');
  assert.equal(v.reqQ, encodeBase58(key(27)));
  assert.equal(v.asks, encodeBase58(key(39)));
  assert.equal(v.coinLotSize, '100');
  assert.equal(v.pcLotSize, '10');
  assert.equal(v.referrerRebatesAccrued, '7');

  const openOrders = Buffer.alloc(3228);
  openOrders.write('serum', 0, 'latin1');
  openOrders.write('padding', 3221, 'latin1');
  putU64(openOrders, 5, 5n); // Initialized | OpenOrders
  openOrders.set(key(2), 13);
  openOrders.set(key(3), 45);
  putU64(openOrders, 77, 42n); // native_coin_free
  openOrders.writeBigUInt64LE(0xfffffffffffffffen, 109); // free_slot_bits: slot 0 taken
  openOrders.writeBigUInt64LE(0xffffffffffffffffn, 117);
  putU64(openOrders, 141, 1n); // orders[0], after is_bid_bits
  putU64(openOrders, 141 + 16 * 128, 99n); // client_order_ids[0]
  const oo = serum.compiled.decodeAccount(openOrders);
  assert.equal(oo?.account.name, 'OpenOrders');
  const o = oo.value as Record<string, any>;
  assert.equal(o.market, encodeBase58(key(2)));
  assert.equal(o.owner, encodeBase58(key(3)));
  assert.equal(o.nativeCoinFree, '42');
  assert.equal(o.freeSlotBits, String((1n << 128n) - 2n));
  assert.equal(o.orders[0], '1');
  assert.equal(o.clientOrderIds[0], '99');
  assert.deepEqual(o.tailPadding, [...Buffer.from('padding')]);

  for (const size of [387, 389, 3227, 3229, 324])
    assert.equal(serum.compiled.decodeAccount(Buffer.alloc(size)), null, `${size} bytes is no Serum account`);
});

test('token-swap pools (SwapVersion 1) decode by their exact size in every fork', () => {
  const programs = loadPrograms();
  const pool = Buffer.alloc(324);
  pool[0] = 1; // SwapVersion::SwapV1
  pool[1] = 1; // is_initialized
  pool[2] = 254; // nonce
  for (let i = 0; i < 7; i++) pool.set(key(100 + i), 3 + 32 * i);
  const fees = [25n, 10000n, 5n, 10000n, 0n, 0n, 20n, 100n];
  fees.forEach((f, i) => putU64(pool, 227 + 8 * i, f));
  pool[291] = 2; // CurveType::Stable
  putU64(pool, 292, 100n); // the stable curve's amp
  for (const id of [
    'SwaPpA9LAaLfeLi3a68M4DjnLqgtticKg6CnyNwgAC8',
    'DjVE6JNiYqPL2QXyCUUh8rNjHrbz9hXHNYt99MQ59qw1',
    '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP',
    'SSwapUtytfBdBn1b9NUGG6foMVPtcWgpRU32HToDUZr',
  ]) {
    const p = programs.get(id) as Program;
    const decoded = p.compiled.decodeAccount(pool);
    assert.equal(decoded?.account.name, 'SwapV1', id);
    const v = decoded.value as Record<string, any>;
    assert.equal(v.version, 1);
    assert.equal(v.isInitialized, true);
    assert.equal(v.nonce, 254);
    assert.deepEqual(
      ['tokenProgramId', 'tokenA', 'tokenB', 'poolMint', 'tokenAMint', 'tokenBMint', 'poolFeeAccount'].map((f) => v[f]),
      Array.from({ length: 7 }, (_, i) => encodeBase58(key(100 + i))),
    );
    assert.deepEqual(Object.values(v.fees), fees.map(String));
    assert.equal(v.swapCurve.curveType, 'Stable');
    assert.deepEqual(v.swapCurve.curveParameters.slice(0, 2), [100, 0]);
    assert.equal(p.compiled.decodeAccount(pool.subarray(0, 323)), null);
    assert.equal(p.compiled.decodeAccount(Buffer.concat([pool, Buffer.alloc(1)])), null);
  }
});

test('the registry serves idls/hand-written, and a published IDL in idls/ wins', () => {
  const registry = loadBundledRegistry();
  for (const [id, p] of loadPrograms()) assert.equal(registry.get(id)?.description.name, p.compiled.description.name, id);

  const dir = mkdtempSync(join(tmpdir(), 'hand-written-'));
  try {
    const id = 'SSwpkEEcbUqx4vtoEByFjSkhKdCT862DNVb52nZg1UZ';
    mkdirSync(join(dir, 'hand-written'));
    const ours = JSON.parse(readFileSync(join(handWrittenDir, `${id}.json`), 'utf8'));
    writeFileSync(join(dir, 'hand-written', `${id}.json`), JSON.stringify(ours));
    writeFileSync(
      join(dir, `${id}.json`),
      JSON.stringify({ ...ours, metadata: { ...ours.metadata, name: 'published', origin: undefined } }),
    );
    const description = loadBundledRegistry(dir).get(id)?.description;
    assert.equal(description?.name, 'published');
    assert.equal(description?.dialect, 'anchor');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('OKX router: the *2 instructions of an earlier build decode with the aliased layouts (hints.json), to their last field', () => {
  const okx = '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma';
  const aliases = new Map(
    ['swap2', 'commission_spl_swap2', 'commission_sol_swap2'].map((name) => [
      Buffer.from(instructionDiscriminator(name)).toString('hex'),
      name,
    ]),
  );
  // The *2 aliases belong to the earlier build's layout, which is no longer the newest version.
  const compiled = loadBundledRegistry()
    .versions(okx)
    .find((v) => v.description.instructions.some((ix) => ix.name === 'swap2'));
  assert.ok(compiled, 'a version carries the *2 aliases');
  const program: Program = { file: `${okx}@0.1.0-17ix.json with its hints`, raw: null, compiled };
  const samples = corpus(new Set([okx])).filter((s) => aliases.has(Buffer.from(s.data.subarray(0, 8)).toString('hex')));
  assert.ok(samples.length >= 6, `corpus entries calling the *2 instructions: ${samples.length}`);
  for (const sample of samples) {
    const d = decodedOf(program, sample);
    assert.equal(d.decoded.instruction.name, aliases.get(Buffer.from(sample.data.subarray(0, 8)).toString('hex')));
    assert.match(String(d.args.orderId), /^\d+$/, `${sample.where}: order_id, the last field, is read`);
    const { amountIn, expectAmountOut, minReturn, amounts, routes } = d.args.data;
    assert.equal(
      amounts.reduce((a: bigint, b: string) => a + BigInt(b), 0n),
      BigInt(amountIn),
      `${sample.where}: the split amounts add up to the amount in`,
    );
    assert.ok(BigInt(minReturn) <= BigInt(expectAmountOut), `${sample.where}: minimum return within the expected amount`);
    assert.equal(routes.length, amounts.length, `${sample.where}: one route per split`);
    for (const hop of routes.flat())
      assert.equal(
        hop.weights.reduce((a: number, b: number) => a + b, 0),
        100,
        `${sample.where}: hop weights are percentages`,
      );
  }
});
