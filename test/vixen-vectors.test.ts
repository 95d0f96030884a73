/**
 * Yellowstone Vixen's (github.com/rpcpool/yellowstone-vixen, MIT) test vectors: its mainnet
 * fixtures, kept verbatim in test/fixtures/vixen/, decoded here and compared with the values Vixen's
 * own Rust tests assert on them. Those values are transcribed below as data, each with the Rust
 * source it comes from (at f3207ee3d215858b7262eabd171e31894cf1cc3e unless another commit is named:
 * the Orca Whirlpool and Raydium CLMM fixtures lost their tests when Vixen dropped those parsers). Vixen writes
 * snake_case fields and PascalCase variants; they are compared in camelCase.
 *
 * Where we differ from Vixen on purpose, the value asserted is ours and a comment says why.
 * Several of our IDLs came from Vixen (Jupiter DCA and Limit Order v2, SPL Governance, Raydium AMM
 * v4's Codama file; see idls/MANIFEST.tsv): there the vectors check our decoder, not the IDL.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeAccountData } from '../src/enhance/accounts.js';
import { decodeInstructionEntry } from '../src/enhance/instruction-entry.js';
import { encodeBase58 } from '../src/codec/base58.js';
import { projectRoot } from '../src/paths.js';

/** The last commits with the tests of crates/parser's Orca and Raydium CLMM fixtures. */
const VIXEN_ORCA = '843e9dfb669d58c8e066c675d977fe0ffac1fed8';
const VIXEN_RAYDIUM = 'e65688bfaa43ca0f67d27c42bf2d036f291f6dd7';

const registry = loadBundledRegistry();
const fixtureDir = join(projectRoot, 'test', 'fixtures', 'vixen');
const key = (bytes: number[]) => encodeBase58(Uint8Array.from(bytes));

interface VixenInstruction {
  program: number[];
  accounts: number[][];
  data: number[];
  inner?: VixenInstruction[];
  log_messages?: string[];
}

/** Vixen's transaction fixtures are `{instructions}` objects, its older ones bare arrays. */
function instructionsOf(signature: string): VixenInstruction[] {
  const fixture = JSON.parse(readFileSync(join(fixtureDir, `${signature}_tx.json`), 'utf8')) as
    VixenInstruction[] | { instructions: VixenInstruction[] };
  const flat = (ixs: VixenInstruction[]): VixenInstruction[] => ixs.flatMap((ix) => [ix, ...flat(ix.inner ?? [])]);
  return flat(Array.isArray(fixture) ? fixture : fixture.instructions);
}

function decodedOf(signature: string, programId: string) {
  return instructionsOf(signature)
    .filter((ix) => key(ix.program) === programId)
    .map((ix) => {
      const accounts = ix.accounts.map(key);
      return { ix, accounts, entry: decodeInstructionEntry(programId, key(ix.data), accounts, registry) };
    });
}

function accountOf(address: string) {
  const fixture = JSON.parse(readFileSync(join(fixtureDir, `${address}_account.json`), 'utf8')) as { owner: number[]; data: number[] };
  return decodeAccountData(key(fixture.owner), Uint8Array.from(fixture.data), registry);
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const lowerFirst = (name: string) => name[0].toLowerCase() + name.slice(1);
/** Vixen's integers are Rust numbers; ours are numbers up to 32 bits and decimal strings beyond. */
const norm = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : v)) ?? 'null');

/** Tally of what agreed, for the report at the end. */
const tally = new Map<string, { names: number; accounts: number; fields: number }>();
function count(program: string, what: 'names' | 'accounts' | 'fields', n = 1) {
  const t = tally.get(program) ?? { names: 0, accounts: 0, fields: 0 };
  t[what] += n;
  tally.set(program, t);
}

interface InstructionVector {
  /** Rust source of the expectation. */
  source: string;
  signature: string;
  programId: string;
  /** Vixen's variant. */
  variant: string;
  /** Our type where the names differ on purpose (the vector says why). */
  ourType?: string;
  /** Which decoded entry of the program, when the transaction has several of that variant. */
  nth?: number;
  /**
   * Vixen's account fields in its struct's order, which is the instruction's account order when
   * `positional`: the i-th is the i-th account given. null is Vixen's None.
   */
  accounts: [string, string | null | string[]][];
  positional: boolean;
  /** Our info paths (dotted) → Vixen's value. */
  args: Record<string, unknown>;
}

function checkInstruction(program: string, v: InstructionVector) {
  const decoded = decodedOf(v.signature, v.programId);
  const type = v.ourType ?? lowerFirst(v.variant);
  const hits = decoded.filter((d) => d.entry?.parsed.type === type);
  const hit = hits[v.nth ?? 0];
  assert.ok(hit?.entry, `${v.source}: no ${type} among ${decoded.map((d) => d.entry?.parsed.type).join(', ')}`);
  count(program, 'names');
  const info = hit.entry.parsed.info;
  v.accounts.forEach(([name, expected], position) => {
    const ours = info[camel(name)];
    if (name === 'remaining_accounts' && Array.isArray(expected)) {
      assert.deepEqual(ours ?? [], expected, `${v.source}: ${name}`);
    } else if (expected === null) {
      // Vixen's None: the account was not given, or the program id stood in its place.
      assert.equal(ours ?? null, null, `${v.source}: ${name}`);
    } else {
      assert.deepEqual(ours, expected, `${v.source}: ${name}`);
      if (v.positional && typeof expected === 'string')
        assert.equal(hit.accounts[position], expected, `${v.source}: ${name} at ${position}`);
    }
    count(program, 'accounts');
  });
  for (const [path, expected] of Object.entries(v.args)) {
    const ours = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], info);
    assert.deepEqual(norm(ours), norm(expected), `${v.source}: ${path}`);
    count(program, 'fields');
  }
}

function checkAccount(program: string, source: string, address: string, variant: string, fields: Record<string, unknown>) {
  const decoded = accountOf(address);
  assert.ok(decoded, `${source}: ${address} does not decode`);
  assert.equal(lowerFirst(decoded.type), lowerFirst(variant), source);
  count(program, 'names');
  const value = decoded.value;
  for (const [field, expected] of Object.entries(fields)) {
    assert.deepEqual(norm(value[field]), norm(expected), `${source}: ${field}`);
    count(program, 'fields');
  }
}

// ---------------------------------------------------------------------------------------------
// Orca Whirlpool and Raydium CLMM (crates/parser, before Vixen dropped those hand-written parsers)

const WHIRLPOOL = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';
const CLMM = 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK';

test('Vixen vectors: Orca Whirlpool swap and Whirlpool account', () => {
  checkInstruction('whirlpool', {
    source: `crates/parser/src/orca/instruction_parser.rs:142-147@${VIXEN_ORCA}`,
    signature: '3WC8LGHHs3wYzWef1YmLsRS96G1s5BV4XJYhzvypgWp1uGG16SxepFCd7FhHaTieW66Yn9JFR4tUPA1HYArgFZaA',
    programId: WHIRLPOOL,
    variant: 'Swap',
    accounts: [['whirlpool', 'ENYEHSyduTbFN1xoSEGaLu7c1F8AqKucdscMuV5Yypy2']],
    positional: false,
    args: { aToB: false },
  });
  checkAccount(
    'whirlpool',
    `crates/parser/src/orca/account_parser.rs:249-253@${VIXEN_ORCA}`,
    '56Ekyu6uBpTna3LR2qkjHjNbDNkCLWK2Lt3uWh7J2R8Z',
    'Whirlpool',
    {
      whirlpoolsConfig: '2LecshUwdy9xi7meFgHtFJQNSKk4KdTrcpvaB56dP2NQ',
    },
  );
});

test('Vixen vectors: Raydium CLMM swap and AmmConfig account', () => {
  checkInstruction('amm_v3', {
    source: `crates/parser/src/raydium/instruction_parser.rs:139-144@${VIXEN_RAYDIUM}`,
    signature: 'MKJhpfmz9ji2HbuP8Fk8s4XCQinWXBY7wcwgzn5PyibcV99RfmCPJt671jtqPFFEXDByYCzrdPh6AKjKgUA4HPY',
    programId: CLMM,
    variant: 'Swap',
    accounts: [['amm_config', '9iFER3bpjf1PTTCQCfTRu17EJgvsxo9pVyA9QWwEuX4x']],
    positional: false,
    args: { amount: 553_573_055 },
  });
  checkAccount(
    'amm_v3',
    `crates/parser/src/raydium/account_parser.rs:391-400@${VIXEN_RAYDIUM}`,
    'A1BBtTYJd4i3xU8D6Tc2FzU6ZN4oXZWXKZnCxwbHXr8x',
    'AmmConfig',
    {
      owner: 'projjosVCPQH49d5em7VYS7fJZzaqKixqKtus7yk416',
      fundOwner: 'FundHfY8oo8J9KYGyfXFFuQCHe7Z1VBNmsj84eMcdYs4',
      tickSpacing: 120,
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Jupiter Limit Order v1 and v2, DCA (tests/proc-macro-events)

const LIMIT_V1 = 'jupoNjAxXgZ4rjzxzPMP4oxduvQsQtZzyknqvzYNrNu';
const LIMIT_V2 = 'j1o2qRpjcyUwEvwtcfhEQefh773ZgjxcVRry7LDqg5X';
const DCA = 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M';
const SYSTEM = '11111111111111111111111111111111';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const WSOL = 'So11111111111111111111111111111111111111112';
const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';

test('Vixen vectors: Jupiter Limit Order v1 preFlashFillOrder, flashFillOrder and its logged TradeEvent', () => {
  const signature = '3jaLYNHZBxPxAcXUYdsMRhrDL19YpS7jDgkq5p4GDcsfUK82sLAuDv9gnRhw5KkAh8yWgomZnHn8Lbz3uvbqKpAC';
  checkInstruction('limit_order', {
    source: `tests/proc-macro-events/tests/limit_order_v1.rs:44-64`,
    signature,
    programId: LIMIT_V1,
    variant: 'PreFlashFillOrder',
    accounts: [
      ['order', 'HzKfs1qTtpvV9u9yh2imBh7aKtFBeuffAFbn3L1pA6Qw'],
      ['reserve', 'DzNK4xxbthzVRJVnPCHhBYAFki24n9B2McPmPUtiTLkc'],
      ['taker', '71WDyyCsZwyEYDV91Qrb212rdg6woCHYQhFnmZUBxiJ6'],
      ['taker_output_account', '71WDyyCsZwyEYDV91Qrb212rdg6woCHYQhFnmZUBxiJ6'],
      ['input_mint', WSOL],
      ['input_mint_token_program', TOKEN],
      ['instruction', 'Sysvar1nstructions1111111111111111111111111'],
      ['system_program', SYSTEM],
      ['remaining_accounts', []],
    ],
    positional: true,
    args: { makingAmount: 151_188_480 },
  });
  checkInstruction('limit_order', {
    source: `tests/proc-macro-events/tests/limit_order_v1.rs:66-90`,
    signature,
    programId: LIMIT_V1,
    variant: 'FlashFillOrder',
    accounts: [
      ['order', 'HzKfs1qTtpvV9u9yh2imBh7aKtFBeuffAFbn3L1pA6Qw'],
      ['reserve', 'DzNK4xxbthzVRJVnPCHhBYAFki24n9B2McPmPUtiTLkc'],
      ['maker', '7c49JgubU1Q8mdBUt1kgdSkP2ezgCSgenknV4KMyhSJQ'],
      ['taker', '71WDyyCsZwyEYDV91Qrb212rdg6woCHYQhFnmZUBxiJ6'],
      ['maker_output_account', '7x9pfoBP1syJPzN4YqBNWX1VbQQkaVPdRuxBrWab5GuC'],
      ['taker_input_account', 'CGhH4cVn7zdkwGEWojhFcqfyt7zPLi3AVDuhWeHA3WiQ'],
      ['fee_authority', 'H3vkQqNVWySTD4c1Y91wtoT5iwxKSVtVLfC2rD8SgwTN'],
      ['program_fee_account', 'GXYDRDTopqAuJVi9F24t3uVDjQ41wQvYa6qdDcNQSCvm'],
      ['referral', null],
      ['input_mint', WSOL],
      ['input_mint_token_program', TOKEN],
      ['output_mint', 'WENWENvqqNya429ubCdR81ZmD69brwQaaBYY6p3LCpk'],
      ['output_mint_token_program', TOKEN],
      ['system_program', SYSTEM],
      ['remaining_accounts', []],
    ],
    positional: true,
    args: { maxTakingAmount: 91_407_969_193 },
  });
  // v1 emits its TradeEvent as a "Program data:" log line (emit!), not a self-CPI: the gateway
  // leaves logs as the node gives them, so the IDL's event layout is checked on the line directly.
  const fill = instructionsOf(signature).filter((ix) => key(ix.program) === LIMIT_V1)[1];
  const lines = (fill.log_messages ?? []).filter((line) => line.startsWith('Program data: '));
  assert.equal(lines.length, 1);
  const bytes = Buffer.from(lines[0].slice('Program data: '.length), 'base64');
  const event = registry
    .versions(LIMIT_V1)
    .map((v) => v.decodeEvent(bytes))
    .find((e) => e?.exact);
  assert.ok(event);
  // tests/proc-macro-events/tests/limit_order_v1.rs:91-105
  assert.equal(event.event.name, 'TradeEvent');
  count('limit_order', 'names');
  const expected = {
    orderKey: 'HzKfs1qTtpvV9u9yh2imBh7aKtFBeuffAFbn3L1pA6Qw',
    taker: '71WDyyCsZwyEYDV91Qrb212rdg6woCHYQhFnmZUBxiJ6',
    remainingInAmount: 0,
    remainingOutAmount: 0,
    inAmount: 151_188_480,
    outAmount: 91_407_969_193,
  };
  assert.deepEqual(norm(event.value), norm(expected));
  count('limit_order', 'fields', Object.keys(expected).length);
});

test('Vixen vectors: Jupiter Limit Order v2 fillOrder and its TradeEvent self-CPI', () => {
  const signature = 'VLzYfuPuxFcAV841yKgyvuYeJK9VgBKf9YSH4jHGLAJhc84jJZzYbrh97XJRQh3tfsLEAEkws3CRcmhsGeDEdFk';
  const taker = 'j1oxqtEHFn7rUkdABJLmtVtz5fFmHFs4tCG3fWJnkHX';
  const pumpAmm = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA';
  const inputMint = 'J8PSdNP3QewKq2Z1JJJFDMaqF7KcaiJhR7gbr5KZpump';
  const takerIn = '6WMgSeD8qx2DDqVDXWjxtG5mTPQ2jmgwNqpVxvURHAus';
  const takerOut = '9ydcYkLagRQeA1QiXndauAwA3kDpr85beLesmfNcUcSw';
  checkInstruction('limit_order_2', {
    source: `tests/proc-macro-events/tests/limit_order_v2.rs:33-96`,
    signature,
    programId: LIMIT_V2,
    variant: 'FillOrder',
    accounts: [
      ['taker', taker],
      ['maker', '5Lm2xAx8Y4VfxVpa1JrrcxZ4UMqvYzzCr9iHLHz6CgMG'],
      ['order', 'Dme3Cn7UZ7gRt2LjkRXNPenXYrk65fxUs1eVqw6teUPw'],
      ['taker_input_mint_account', takerIn],
      ['taker_output_mint_account', takerOut],
      ['maker_output_mint_account', null],
      ['fee_account', 'BTMWnyZf9ypca3mckpoiQqZcGHbKwRbDhVXqGDhDTs4N'],
      ['order_input_mint_account', 'B1ESrH2j5i4TWVDYQojaqHUAMS7ZzQ9b94ZwDEynF3ik'],
      ['input_mint', inputMint],
      ['input_token_program', TOKEN_2022],
      ['output_mint', WSOL],
      ['output_token_program', TOKEN],
      ['jupiter_program', JUPITER],
      ['system_program', SYSTEM],
      ['event_authority', 'ArsDfE54RTkC3zhtzPdtvTtKw9XSV5w1PCTBFVGiLd52'],
      ['program', LIMIT_V2],
      [
        'remaining_accounts',
        [
          TOKEN,
          taker,
          takerIn,
          takerOut,
          JUPITER,
          WSOL,
          JUPITER,
          'D8cy77BBepLMngZx6ZukaTff5hCt1HrWyKk3Hnd9oitf',
          JUPITER,
          pumpAmm,
          '3KFCgJ5R3zshW8hTDbzjSrrKSRYmKvsMfhc4Vo4iddxD',
          taker,
          'ADyA8hdefvWN2dbGGWFotbzWxrAvLW83WG6QCVXvJKqw',
          inputMint,
          WSOL,
          takerIn,
          takerOut,
          'D3HR3UmnpbFcryUW1xAF1tectFc9zmypJxZAo4CvyG74',
          '2rDB8Srhx2DPCCAxgqkS13mu9FeamCuGWgua1KfwQLXX',
          'AVmoTthdrX6tKt4nDjco2D775W2YK3sDhxPcMmzUAmTY',
          'FGptqdxjahafaCzpZ1T6EDtCzYMv7Dyn5MgBLyB3VUFW',
          TOKEN_2022,
          TOKEN,
          SYSTEM,
          'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
          'GS4CU59F31iL7aR2Q8zVS8DRrcRnXX1yjQ66TqNVQnaR',
          pumpAmm,
          '7cvRLG2KdkE1P35ZXuTjCBLDJVakrN4fytQcrJq8iD45',
          'E1pXBuY8ubXN3AYrBbUErLPwZkvNYHG9TRU9TXXn7YNL',
          '5PHirr8joyTMp9JMm6nW7hNDVyEYdkzDqazxPD7RaTjx',
          'pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ',
          taker,
          'BHCi57CyXSsScqWavQaqUqoZfbdA8Afx6VPTuJ7fjuaT',
          '9xiBcrxAJaCE5xZYPiLHpnnizQjuYMsvdhsrod3iFFZQ',
          'B7WAWtxoY46s9TTEofCbt2UyX1dhiRZRe4ptkVJRgqCm',
          JUPITER,
        ],
      ],
    ],
    positional: true,
    // The IDL's one argument is `params: FillOrderParams`; Vixen's generated FillOrderArgs inlines its fields.
    args: {
      'params.inputAmount': 111_914_692_932,
      'params.swapData': [
        229, 23, 203, 151, 122, 227, 173, 42, 1, 0, 0, 0, 100, 100, 0, 1, 68, 177, 162, 14, 26, 0, 0, 0, 210, 167, 213, 175, 0, 0, 0, 0, 50,
        0, 0,
      ],
    },
  });
  // tests/proc-macro-events/tests/limit_order_v2.rs:99-113 (the event-CPI entry reads as its event)
  checkInstruction('limit_order_2', {
    source: `tests/proc-macro-events/tests/limit_order_v2.rs:99-113`,
    signature,
    programId: LIMIT_V2,
    variant: 'TradeEvent',
    // Events keep the IDL's spelling as `type` (README: Anchor event-CPI entries).
    ourType: 'TradeEvent',
    accounts: [],
    positional: false,
    args: {
      orderKey: 'Dme3Cn7UZ7gRt2LjkRXNPenXYrk65fxUs1eVqw6teUPw',
      taker,
      remainingMakingAmount: 0,
      remainingTakingAmount: 0,
      makingAmount: 111_914_692_932,
      takingAmount: 2_950_014_930,
    },
  });
});

test('Vixen vectors: Jupiter DCA, the withdraw transaction whose names collided in Vixen', () => {
  // tests/proc-macro-events/tests/dca.rs:79-85 asserts only that the first DCA entry parses.
  const decoded = decodedOf('XbXyUniNYySCWreUPhqtnXXDtyVXvFnCqAdQupwfzT332biDHq6oBgT1wfdrZ1KhjeEWM5W25YUMn815P76eVfZ', DCA);
  assert.ok(decoded[0]?.entry, 'the first DCA instruction decodes');
  count('dca', 'names');
});

// ---------------------------------------------------------------------------------------------
// tests/proc-macro: Squads v4, Raydium AMM v4, SPL Governance, pump.fun

test('Vixen vectors: Squads v4 vaultTransactionCreate', () => {
  const creator = 'cc3novbXuNSe292qKH2gGhxToaWjuBvJbA7zQf8NVxi';
  // tests/proc-macro/tests/squads_multisig_program.rs:75-89, one hex literal in the Rust source.
  const message =
    '01010109b849bd27f5a5600e89cfa703e6b186ba83a8713bf0684363ec7e3246d533fcf2' +
    'f0aab114c69d47cbd0b2e31c5cdc6cda7cecfb29321e3bb59e669b0ee1e3bb000b7065b1' +
    'e3d17c45389d527f6b04c3cd58b86c731aa0fdb549b6d1bc03f82946984c162de7c9c78e' +
    'c9c58f7081bf6728fc6eedfe2b2d7bc9fe9d95180b1900922a0f53b9460ffb695f2c39b1' +
    '5181b7b690749fa10e5b6e071737937569a6d80000000000000000000000000000000000' +
    '0000000000000000000000000000000006a7d517187bd16635dad40455fdc2c0c124c68f' +
    '215675a5dbbacb5f0800000008aff894c3fa67c0163a30f234a33d3467f03aa16417315e' +
    'b4b81427bd9ba6ed09862285e3710a90d51d9e4702de9a9dd5e9fdc8ac81d2d2acd1e1dd' +
    'c824fec401020b0002020301040005060708a700320000011f00000032303134202358592d' +
    '5020506974636827732050696b616368752d486f6c6f09000000434f4c4c4543544f523f' +
    '00000068747470733a2f2f617277656176652e6e65742f31665a484b473833367962394a' +
    '5166654f352d334f47646a78696e476e6f316b4543693859684171443055c80001010000' +
    '00b849bd27f5a5600e89cfa703e6b186ba83a8713bf0684363ec7e3246d533fcf2006400' +
    '00000000000000';
  checkInstruction('squads_multisig_program', {
    source: 'tests/proc-macro/tests/squads_multisig_program.rs:63-97',
    signature: '1JXEeNsaTdwwnTAsQBLvA63cMSh3uKHnCLB8cB23oHdcszMM82k3skn79RmFfi9iUvav1spsUCG3C5QXT6U9Du2',
    programId: 'SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf',
    variant: 'VaultTransactionCreate',
    accounts: [
      ['multisig', '2ZDFsDzcztw6fRgpvRECytSDTnWtJbUDiVqck7CJS1oi'],
      ['transaction', 'Hofo61V8nGVimkARLFfozd9SuXRKsmptnJZbYZFMc9sk'],
      ['creator', creator],
      ['rent_payer', creator],
      ['system_program', SYSTEM],
      ['remaining_accounts', []],
    ],
    positional: true,
    args: {
      'args.vaultIndex': 0,
      'args.ephemeralSigners': 0,
      'args.transactionMessage': [...Buffer.from(message, 'hex')],
      'args.memo': null,
    },
  });
});

const RAYDIUM_AMM = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';

test('Vixen vectors: Raydium AMM v4 17-account swapBaseIn', () => {
  const amm = '5WGYajM1xtLy3QrLHGSX4YPwsso3jrjEsbU1VivUErzk';
  checkInstruction('raydiumAmm', {
    source: 'tests/proc-macro/tests/raydium_amm_v4_with_swapv2.rs:74-99',
    signature: '3J7xWK1gZTyk6GQJUopbP34Z1GxRSN1dLEmq3PyUrbMVYjkjfvMSLNRDVDggVrneJJGt1cdXsgfRUGYnavP75XQR',
    programId: RAYDIUM_AMM,
    // Vixen's test IDL adds a second instruction for the same tag 9, swapBaseInCompact, for the
    // 17-account form. The program has one SwapBaseIn that takes 17 or 18 accounts
    // (raydium-io/raydium-amm program/src/processor.rs, process_swap_base_in); our IDL keeps that
    // one name and writes the missing target-orders account as null (idls/hints.json omittedAccounts).
    variant: 'SwapBaseInCompact',
    ourType: 'swapBaseIn',
    accounts: [
      ['token_program', TOKEN],
      ['amm', amm],
      ['amm_authority', '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1'],
      ['amm_open_orders', amm],
      ['pool_coin_token_account', 'AMtPGYQS873njs35mD9MAAMKoospEuzNHPy7LQuuKo4A'],
      ['pool_pc_token_account', 'BUvMbqP311JDU4ZGnf1rSZJLjutTU9VpNLEos393TYyW'],
      ['serum_program', amm],
      ['serum_market', amm],
      ['serum_bids', amm],
      ['serum_asks', amm],
      ['serum_event_queue', amm],
      ['serum_coin_vault_account', amm],
      ['serum_pc_vault_account', amm],
      ['serum_vault_signer', amm],
      ['user_source_token_account', '3xGDodLWEbjPde4JedHAuGSKbM2VbqgpzK76pHpinJhL'],
      ['user_destination_token_account', 'BZP7eTQqi4M7XXWci3rVcM3kJsTCHqdpBewLa6aCyZVu'],
      ['user_source_owner', 'CsVdJ8WH8Q9eHSTRpwtwN3TYApm24QnLKYUMNxJ3DaED'],
      ['remaining_accounts', []],
    ],
    positional: true,
    args: { amountIn: 820_106_078_370, minimumAmountOut: 0 },
  });
  const [swap] = decodedOf('3J7xWK1gZTyk6GQJUopbP34Z1GxRSN1dLEmq3PyUrbMVYjkjfvMSLNRDVDggVrneJJGt1cdXsgfRUGYnavP75XQR', RAYDIUM_AMM);
  assert.equal(swap.accounts.length, 17);
  assert.equal(swap.entry?.parsed.info.ammTargetOrdersDeprecated, null);
});

const GOVERNANCE = 'GovER5Lthms3bLBqWub97yVrMmEogzX7xNjdXpPPCVZw';

test('Vixen vectors: SPL Governance castVote, executeTransaction, setGovernanceConfig and a ProposalV2', () => {
  const voter = 'MiLSTQNcHDmZ1cHTo7fC5kvUYMFDBuEDk2HQ2hAGs3Y';
  const voterRecord = 'FnADdgaj1oBmKY9VgBJQSsr32kk8dNKnowcMCaqcGdKB';
  checkInstruction('splGovernance', {
    source: 'tests/proc-macro/tests/spl_governance.rs:37-63',
    signature: 'eVwmoRFFUwqqcak7vF18fi7jLw1puwkn7cEWFEy8MAKYAVayAH2U4Yb9BzvJkcNpprcqkzsGWMHtRTUHTxqyCJ1',
    programId: GOVERNANCE,
    variant: 'CastVote',
    accounts: [
      ['realm', '3YADdZuLqfZ8ZHnxDNMnMs77qbVdhioe6yi3b4i3hfNA'],
      ['governance', 'AZQNzTK3KHW27S3BAyRhx8fSiyH9s5TioaEwHGHa6DPk'],
      ['proposal', 'BnHj4jH3kiYtBvDHsyQu7fQoqumvmEQXGiUtG7B5Nb5V'],
      ['proposal_owner_record', 'FDF1VFkXsBzfSF9D119EWtVmWFCxvdPGaXGJTbmZdrEX'],
      ['voter_token_owner_record', voterRecord],
      ['governance_authority', voter],
      ['vote_record', '2ut1G4mjn4nRATPSECyXR3ZBa9qV9KyjMWBiSxdFxsGR'],
      ['vote_governing_token_mint', 'v3b7hZDtSvFiZuYPe71ZA13ZgijcfoksT6NZRrProoc'],
      ['payer', voter],
      ['system_program', SYSTEM],
      ['realm_config', 'ECbYUKF92QGzSBhyhyNSR1LjDhdwG94mXTAvbMEdDPtF'],
      ['voter_weight_record', voterRecord],
      ['max_voter_weight_record', null],
      ['remaining_accounts', []],
    ],
    positional: true,
    // Vote::Approve(vec![VoteChoice { rank: 0, weight_percentage: 100 }]) in our enum form.
    args: { vote: { approve: [{ rank: 0, weightPercentage: 100 }] } },
  });
  const executeTx = '3WUyNrFiDCV9g8yHgftMDYCN2j2CP2E6hkAGqKSnhK9QJUGFofhgUzvE712Ya3u92kioRJ1zsdkWAAC6CaJrcFKN';
  const governance = '5Nn7GMBt1YrPWuzZ7nwY8kBsLkaUhCunnQM9nYaD1MZm';
  checkInstruction('splGovernance', {
    source: 'tests/proc-macro/tests/spl_governance.rs:85-99',
    signature: executeTx,
    programId: GOVERNANCE,
    variant: 'ExecuteTransaction',
    accounts: [
      ['governance', governance],
      ['proposal', '2vb2Gu5reR1CNeoCSKibZSZvYFyRLRGu4xseB8HQPfvm'],
      ['proposal_transaction', 'Ho6j7WH8rqeWu3rsZE5dJhs2d1xAn7cJqsUyCjHjzgCz'],
      ['instruction_program', GOVERNANCE],
      // The IDL names its last slot remainingAccounts (the program's "3+ any extra accounts" of the
      // executed instruction); Vixen shows it as Some(one account). Ours is the list, as for every
      // program's accounts beyond the IDL's, so a longer instruction keeps all its accounts (see below).
      ['remaining_accounts', [governance]],
    ],
    positional: true,
    args: {},
  });
  checkInstruction('splGovernance', {
    source: 'tests/proc-macro/tests/spl_governance.rs:111-161',
    signature: executeTx,
    programId: GOVERNANCE,
    variant: 'SetGovernanceConfig',
    accounts: [
      ['governance', governance],
      ['remaining_accounts', []],
    ],
    positional: true,
    // VoteThreshold::YesVotePercentage(n) / Disabled and VoteTipping::Disabled / Early in our enum form.
    args: {
      config: {
        communityVoteThreshold: { yesVotePercentage: 20 },
        minCommunityWeightToCreateProposal: 10_000_000_000_000,
        transactionsHoldUpTime: 0,
        votingBaseTime: 259_200,
        communityVoteTipping: 'disabled',
        councilVoteThreshold: { yesVotePercentage: 70 },
        councilVetoVoteThreshold: { yesVotePercentage: 60 },
        minCouncilWeightToCreateProposal: 1,
        councilVoteTipping: 'early',
        communityVetoVoteThreshold: 'disabled',
        votingCoolOffTime: 86_400,
        depositExemptProposalCount: 10,
      },
    },
  });
  // Vixen's account_type ProposalV2 is the account's type here: the byte is its discriminator (idls/hints.json).
  checkAccount(
    'splGovernance',
    'tests/proc-macro/tests/spl_governance.rs:199-265',
    'BnHj4jH3kiYtBvDHsyQu7fQoqumvmEQXGiUtG7B5Nb5V',
    'ProposalV2',
    {
      governance: 'AZQNzTK3KHW27S3BAyRhx8fSiyH9s5TioaEwHGHa6DPk',
      governingTokenMint: 'v3b7hZDtSvFiZuYPe71ZA13ZgijcfoksT6NZRrProoc',
      state: 'succeeded',
      tokenOwnerRecord: 'FDF1VFkXsBzfSF9D119EWtVmWFCxvdPGaXGJTbmZdrEX',
      signatoriesCount: 1,
      signatoriesSignedOffCount: 1,
      voteType: 'singleChoice',
      options: [
        {
          label: 'Approve',
          voteWeight: 21_000_000,
          voteResult: 'succeeded',
          transactionsExecutedCount: 0,
          transactionsCount: 0,
          transactionsNextIndex: 0,
        },
      ],
      denyVoteWeight: 0,
      reserved1: 0,
      abstainVoteWeight: null,
      startVotingAt: null,
      draftAt: 1_750_086_370,
      signingOffAt: 1_750_086_372,
      votingAt: 1_750_086_372,
      votingAtSlot: 347_193_948,
      votingCompletedAt: 1_750_345_572,
      executingAt: null,
      closedAt: null,
      executionFlags: 'none',
      maxVoteWeight: 28_000_000,
      maxVotingTime: null,
      voteThreshold: { yesVotePercentage: 60 },
      reserved: Array<number>(64).fill(0),
      name: 'Quorum Check 6/16 - #1',
      descriptionLink:
        'This is Dean\n\nBeen awhile since we had a vote and there are also new members to nominate. ' +
        "I'd like to confirm we can meet quorum with a little room to spare \n\n" +
        'There will be 3 votes over the next 2 weeks, please vote on all 3',
      vetoVoteWeight: 0,
    },
  );
});

test('SPL Governance: executeTransaction keeps every account of the executed instruction', () => {
  // The regression the Vixen vector showed: the IDL's remainingAccounts slot and the accounts
  // beyond it were written under one key, and the extras overwrote the slot's account.
  const accounts = Array.from({ length: 8 }, (_, i) => encodeBase58(Uint8Array.from({ length: 32 }, () => i + 1)));
  const entry = decodeInstructionEntry(GOVERNANCE, encodeBase58(Uint8Array.of(16)), accounts, registry);
  assert.equal(entry?.parsed.type, 'executeTransaction');
  assert.equal(entry.parsed.info.instructionProgram, accounts[3]);
  assert.deepEqual(entry.parsed.info.remainingAccounts, accounts.slice(4));
  const bare = decodeInstructionEntry(GOVERNANCE, encodeBase58(Uint8Array.of(16)), accounts.slice(0, 4), registry);
  assert.ok(bare !== null && !('remainingAccounts' in bare.parsed.info));
});

const PUMP = '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P';

test('Vixen vectors: pump.fun sell and buy', () => {
  const common = {
    global: '4wTV1YmiEkRvAtNtsSGPtUrqRYQMe5SKy2uB4Jjaxnjf',
    feeRecipient: '62qc2CNXwrYqQScmEdiZFFAnJR262PxWEuNQtxfafNgV',
    eventAuthority: 'Ce6TQqeHC9p8KetsN6JsjHK7UTZk7nasjjnr7XxXp9F1',
    feeConfig: '8Wf5TiAheLUqBrKXeYg2JtAFFMWtKdG2BSFgqUcPVwTt',
    feeProgram: 'pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ',
  };
  checkInstruction('pump', {
    source: 'tests/proc-macro/tests/pump_fun.rs:32-54',
    signature: '4GtxzHLTW8ZqhhHLqXPK2DSqtqaMXBvknpkXqgtfGjxaPvBC6AdHnzvX6X8EgMo9V4Ua4osroEpk7Q3f3oernYTQ',
    programId: PUMP,
    variant: 'Sell',
    accounts: [
      ['global', common.global],
      ['fee_recipient', common.feeRecipient],
      ['mint', 'FXLjNRSQXuFM8fhKLEg2QeuUxs4Eu2hhc28tZhzrpump'],
      ['bonding_curve', '9srUo8cgvHKkAZYNdjwgiYm8vK8PNRhBbzjh8RuWZtp3'],
      ['associated_bonding_curve', 'Ccpc35bJPjubzYbfkUbg7kK7Arkp4Q8so7ne6rLpAGXv'],
      ['associated_user', '3K6Mgvd9jEvXRM7DTeNGjBZc2xi4QCqyg1mqVwaCWP76'],
      ['user', 'GEk94udrX63hAvNzNE1eC8zNvMDZ2cpV9xTgKuVP7kAw'],
      ['system_program', SYSTEM],
      ['creator_vault', '7YbeWL1XuV6FCgYZbFSk7pcqk4UdM2G9YWuZKYHWmpfJ'],
      ['token_program', TOKEN_2022],
      ['event_authority', common.eventAuthority],
      ['program', PUMP],
      ['fee_config', common.feeConfig],
      ['fee_program', common.feeProgram],
      ['remaining_accounts', []],
    ],
    positional: true,
    args: { amount: 3_878_351_170_692, minSolOutput: 522_403_143 },
  });
  checkInstruction('pump', {
    source: 'tests/proc-macro/tests/pump_fun.rs:77-102',
    signature: '3tkxRjNDfth6NxXpYbbLKmPkPYyAD4jjXfNnDCYtCKSPN2zSpJXT29reowKtFKz1puY1fHmBFVAskkK2A7o8cZgJ',
    programId: PUMP,
    variant: 'Buy',
    accounts: [
      ['global', common.global],
      ['fee_recipient', common.feeRecipient],
      ['mint', 'BaWrqmzh9nqUkZRKB9p9WNaM8xKRrmcW9ztgLJrWpump'],
      ['bonding_curve', '8DZu2LNtTKph9iShWpWdFjHPFAqGkrafpSUyaFZrd6ip'],
      ['associated_bonding_curve', 'FW755HTHAZweRrzoyZWe6iQdHwtvh82Z6HKcymWCUwCQ'],
      ['associated_user', 'GYNLNMVdaw8CtrgsiJhrwG5vmTXhei8Kc768FqBEEEsq'],
      ['user', 'DG6aWRd9ft47v9MZxeoHrxaJfVfLcXRTwC4RZ23DkokX'],
      ['system_program', SYSTEM],
      ['token_program', TOKEN_2022],
      ['creator_vault', 'BM11VKvie7n5CA6crAasQDeorhpvLJ3Ghu8BHkTpwRSq'],
      ['event_authority', common.eventAuthority],
      ['program', PUMP],
      ['global_volume_accumulator', 'Hq2wp8uJ9jCPsYgNHex8RtqdvMPfVGoYwjvF1ATiwn2Y'],
      ['user_volume_accumulator', 'Guka6uenDqtwCT8xmGpirKWeD5KU3r5L21qCSBVPHHPY'],
      ['fee_config', common.feeConfig],
      ['fee_program', common.feeProgram],
      ['remaining_accounts', []],
    ],
    positional: true,
    args: { amount: 693_868_985_905, maxSolCost: 55_000_000 },
  });
  // Vixen's track_volume is `OptionBool {}`: its generated struct drops the IDL's one unnamed bool
  // field, so it says nothing of the value. The instruction's last byte is that bool, 0: false.
  const [buy] = decodedOf('3tkxRjNDfth6NxXpYbbLKmPkPYyAD4jjXfNnDCYtCKSPN2zSpJXT29reowKtFKz1puY1fHmBFVAskkK2A7o8cZgJ', PUMP);
  assert.equal(buy.ix.data.length, 8 + 8 + 8 + 1);
  assert.equal(buy.entry?.parsed.info.trackVolume, buy.ix.data[24] === 1);
});

test('Vixen vectors: tally', () => {
  // Printed for the record of what was compared; every count is at least one vector.
  for (const [program, t] of tally) assert.ok(t.names > 0, program);
  console.log(JSON.stringify(Object.fromEntries(tally)));
});
