/**
 * The ledger's jsonParsed accounts: (1) the vectors of Agave's own account-decoder unit tests,
 * rebuilt byte for byte and compared as the exact JSON text the node writes; (2) a token account
 * answer recorded from a real node; (3) serde_json's f64 text against every uiAmount in the
 * corpus's verbatim node answers; (4) the ledger's real accounts, checked against what the stored
 * transactions say about them, and never failing on damaged data.
 *
 * Sources (Apache-2.0):
 *   anza-xyz/agave account-decoder/src/parse_token.rs @ 4adeabf20f2818aa5557dd45ad9ae5376db11253
 *   anza-xyz/agave account-decoder/src/parse_bpf_loader.rs @ 8cc567f9fc54f224d577c7b57f69b569317e4b03
 *   anza-xyz/agave account-decoder/src/parse_nonce.rs @ 8cc567f9fc54f224d577c7b57f69b569317e4b03
 *   anza-xyz/agave account-decoder/src/parse_address_lookup_table.rs @ 4adeabf20f2818aa5557dd45ad9ae5376db11253
 *   anza-xyz/agave account-decoder/src/parse_sysvar.rs @ 4adeabf20f2818aa5557dd45ad9ae5376db11253
 *   kevinheavey/solders tests/test_rpc_responses.py @ b79abe771965e4e09cd207b9520fe619bcb5e57a
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { decodeBase58, encodeBase58 } from '../src/codec/base58.js';
import { parseJson } from '../src/json/lossless.js';
import { importCorpus } from '../src/ledger/import-corpus.js';
import { LedgerRpc } from '../src/ledger/ledger-rpc.js';
import { openLedger, type AccountRow, type LedgerStore } from '../src/ledger/ledger-store.js';
import { parseNativeAccount, type MintSources } from '../src/ledger/native-accounts/index.js';
import { serdeF64 } from '../src/ledger/native-accounts/serde-f64.js';
import { renderAccount } from '../src/ledger/render-account.js';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
const SYSTEM = '11111111111111111111111111111111';
const LOOKUP_TABLE = 'AddressLookupTab1e1111111111111111111111111';

// ---------------------------------------------------------------------------------------------
// Byte builders for the states Agave's tests pack.

const filled = (byte: number) => new Uint8Array(32).fill(byte);
const keyOf = (byte: number) => encodeBase58(filled(byte));
const le = (value: bigint | number, size: number) => {
  const out = new Uint8Array(size);
  let v = BigInt(value);
  for (let i = 0; i < size; i++, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
};
const cat = (...parts: Array<Uint8Array | number[]>) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));
/** spl-token's packed COption: a u32 tag, then the value or zeros. */
const coption = (value: Uint8Array | undefined, size: number) =>
  value === undefined ? cat(le(0, 4), new Uint8Array(size)) : cat(le(1, 4), value);

interface AccountFields {
  mint: Uint8Array;
  owner: Uint8Array;
  amount: bigint;
  delegate?: Uint8Array;
  state: number;
  reserve?: bigint;
  delegatedAmount?: bigint;
  closeAuthority?: Uint8Array;
}

function accountBytes(f: AccountFields): Uint8Array {
  return cat(
    f.mint,
    f.owner,
    le(f.amount, 8),
    coption(f.delegate, 32),
    [f.state],
    coption(f.reserve === undefined ? undefined : le(f.reserve, 8), 8),
    le(f.delegatedAmount ?? 0n, 8),
    coption(f.closeAuthority, 32),
  );
}

function mintBytes(authority: Uint8Array | undefined, supply: bigint, decimals: number, freeze: Uint8Array | undefined): Uint8Array {
  return cat(coption(authority, 32), le(supply, 8), [decimals, 1], coption(freeze, 32));
}

/** A base state padded to 165 bytes, its AccountType, then TLV entries. */
function withTlv(base: Uint8Array, accountType: number, entries: Array<[number, Uint8Array]>, spare = 0): Uint8Array {
  const tlv = entries.flatMap(([type, value]) => [...le(type, 2), ...le(value.length, 2), ...value]);
  return cat(base, new Uint8Array(165 - base.length), [accountType], tlv, new Uint8Array(spare));
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/**
 * The `data` JSON text the ledger answers for an account of this owner and data, the ledger
 * holding a plain mint account with the given decimals for each mint named.
 */
function dataText(owner: string, data: Uint8Array, decimals?: Record<string, number>, address = keyOf(9)): string {
  const held = (mint: string) => decimals?.[mint];
  const mints: MintSources = {
    mintData: (mint) => (held(mint) === undefined ? undefined : mintBytes(undefined, 0n, held(mint)!, undefined)),
    balanceDecimals: () => undefined,
  };
  const row: AccountRow = { address, slot: 1, lamports: '1', owner, executable: false, rentEpoch: '0', data };
  const text = renderAccount(row, { encoding: 'jsonParsed', mints });
  return text.slice('{"data":'.length, text.indexOf(',"executable":'));
}

const fallback = (data: Uint8Array) => `["${base64(data)}","base64"]`;
const parsedText = (parsed: string, program: string, space: number) => `{"parsed":${parsed},"program":"${program}","space":${space}}`;

// ---------------------------------------------------------------------------------------------
// (1) Agave's unit tests.

const MINT = filled(2);
const OWNER = filled(3);
const OWNER_KEY = keyOf(3);
const MINT_KEY = keyOf(2);

test('parse_token.rs test_parse_token: account, mint and multisig, and what fails', () => {
  const account = accountBytes({ mint: MINT, owner: OWNER, amount: 42n, state: 1, closeAuthority: OWNER });
  assert.equal(account.length, 165);
  // No decimals for its mint: the node's parser refuses, so it answers base64.
  assert.equal(dataText(TOKEN, account), fallback(account));
  assert.equal(
    dataText(TOKEN, account, { [MINT_KEY]: 2 }),
    parsedText(
      `{"info":{"closeAuthority":"${OWNER_KEY}","isNative":false,"mint":"${MINT_KEY}","owner":"${OWNER_KEY}","state":"initialized",` +
        `"tokenAmount":{"amount":"42","decimals":2,"uiAmount":0.42,"uiAmountString":"0.42"}},"type":"account"}`,
      'spl-token',
      165,
    ),
  );

  const mint = mintBytes(OWNER, 42n, 3, OWNER);
  assert.equal(mint.length, 82);
  assert.equal(
    dataText(TOKEN, mint),
    parsedText(
      `{"info":{"decimals":3,"freezeAuthority":"${OWNER_KEY}","isInitialized":true,"mintAuthority":"${OWNER_KEY}","supply":"42"},"type":"mint"}`,
      'spl-token',
      82,
    ),
  );

  const signers = [filled(1), filled(2), filled(3), ...Array.from({ length: 8 }, () => filled(0))];
  const multisig = cat([2, 3, 1], ...signers);
  assert.equal(multisig.length, 355);
  assert.equal(
    dataText(TOKEN_2022, multisig),
    parsedText(
      `{"info":{"isInitialized":true,"numRequiredSigners":2,"numValidSigners":3,"signers":["${keyOf(1)}","${keyOf(2)}","${keyOf(3)}"]},"type":"multisig"}`,
      'spl-token-2022',
      355,
    ),
  );

  const bad = new Uint8Array(4);
  assert.equal(dataText(TOKEN, bad), fallback(bad));
});

// test_ui_token_amount_real_string and test_ui_token_amount_real_string_zero: [amount, decimals,
// uiAmountString, uiAmount as serde_json writes the f64 the test states, or null for None].
const AMOUNT_VECTORS: Array<[bigint, number, string, string]> = [
  [1n, 0, '1', '1.0'],
  [10n, 0, '10', '10.0'],
  [1n, 9, '0.000000001', '1e-9'],
  [1_000_000_000n, 9, '1', '1.0'],
  [1_234_567_890n, 3, '1234567.89', '1234567.89'],
  [1_234_567_890n, 20, '0.0000000000123456789', 'null'],
  [0n, 0, '0', '0.0'],
  [0n, 9, '0', '0.0'],
  [0n, 20, '0', 'null'],
];

test('parse_token.rs test_ui_token_amount_real_string(_zero): uiAmountString and uiAmount of token accounts', () => {
  for (const [amount, decimals, uiAmountString, uiAmount] of AMOUNT_VECTORS) {
    const data = accountBytes({ mint: MINT, owner: OWNER, amount, state: 1 });
    const text = dataText(TOKEN, data, { [MINT_KEY]: decimals });
    const expected = `"tokenAmount":{"amount":"${amount}","decimals":${decimals},"uiAmount":${uiAmount},"uiAmountString":"${uiAmountString}"}`;
    assert.ok(text.includes(expected), `${amount} at ${decimals}: ${text}`);
  }
});

test('parse_token.rs test_parse_token_account_with_extensions: an empty TLV area, then immutableOwner and memoTransfer', () => {
  const base = accountBytes({ mint: MINT, owner: OWNER, amount: 42n, state: 1, closeAuthority: OWNER });
  const info = (extensions: string) =>
    parsedText(
      `{"info":{"closeAuthority":"${OWNER_KEY}",${extensions}"isNative":false,"mint":"${MINT_KEY}","owner":"${OWNER_KEY}","state":"initialized",` +
        `"tokenAmount":{"amount":"42","decimals":2,"uiAmount":0.42,"uiAmountString":"0.42"}},"type":"account"}`,
      'spl-token-2022',
      175,
    );
  // try_calculate_account_len for both extensions: 165 + 1 + (4 + 0) + (4 + 1).
  const bare = withTlv(base, 2, [], 9);
  assert.equal(bare.length, 175);
  assert.equal(dataText(TOKEN_2022, bare), fallback(bare));
  assert.equal(dataText(TOKEN_2022, bare, { [MINT_KEY]: 2 }), info(''));

  const extended = withTlv(base, 2, [
    [7, new Uint8Array(0)],
    [8, Uint8Array.of(1)],
  ]);
  assert.equal(extended.length, 175);
  assert.equal(
    dataText(TOKEN_2022, extended, { [MINT_KEY]: 2 }),
    info('"extensions":[{"extension":"immutableOwner"},{"extension":"memoTransfer","state":{"requireIncomingTransferMemos":true}}],'),
  );
});

test('parse_token.rs test_parse_token_mint_with_extensions: an empty TLV area, then mintCloseAuthority', () => {
  const base = mintBytes(OWNER, 42n, 3, OWNER);
  const info = (extensions: string) =>
    parsedText(
      `{"info":{"decimals":3,${extensions}"freezeAuthority":"${OWNER_KEY}","isInitialized":true,"mintAuthority":"${OWNER_KEY}","supply":"42"},"type":"mint"}`,
      'spl-token-2022',
      202,
    );
  const bare = withTlv(base, 1, [], 36);
  assert.equal(bare.length, 202);
  assert.equal(dataText(TOKEN_2022, bare), info(''));
  const closable = withTlv(base, 1, [[3, OWNER]]);
  assert.equal(
    dataText(TOKEN_2022, closable),
    info(`"extensions":[{"extension":"mintCloseAuthority","state":{"closeAuthority":"${OWNER_KEY}"}}],`),
  );
});

test('parse_bpf_loader.rs test_parse_bpf_upgradeable_loader_accounts: every state, the code in base64', () => {
  const program = new Uint8Array(64).fill(7);
  const authority = filled(4);
  const programData = filled(5);
  const loader = (parsed: string, space: number) => parsedText(parsed, 'bpf-upgradeable-loader', space);
  const cases: Array<[Uint8Array, string]> = [
    [le(0, 4), '{"type":"uninitialized"}'],
    [cat(le(1, 4), [1], authority, program), `{"info":{"authority":"${keyOf(4)}","data":["${base64(program)}","base64"]},"type":"buffer"}`],
    [cat(le(1, 4), [0], program), `{"info":{"authority":null,"data":["${base64(program)}","base64"]},"type":"buffer"}`],
    [cat(le(2, 4), programData), `{"info":{"programData":"${keyOf(5)}"},"type":"program"}`],
    [
      cat(le(3, 4), le(42, 8), [1], authority, program),
      `{"info":{"authority":"${keyOf(4)}","data":["${base64(program)}","base64"],"slot":42},"type":"programData"}`,
    ],
    [
      cat(le(3, 4), le(42, 8), [0], program),
      `{"info":{"authority":null,"data":["${base64(program)}","base64"],"slot":42},"type":"programData"}`,
    ],
  ];
  for (const [data, parsed] of cases) assert.equal(dataText(LOADER, data), loader(parsed, data.length));
  // An unknown variant, and a Program cut short, are the node's parse errors.
  for (const bad of [le(4, 4), cat(le(2, 4), new Uint8Array(31))]) assert.equal(dataText(LOADER, bad), fallback(bad));
});

test('parse_nonce.rs test_parse_nonce: an initialized default nonce; an uninitialized one is not parsed', () => {
  // Versions::Current(State::Initialized(Data::default())): all-zero authority and blockhash.
  const initialized = cat(le(1, 4), le(1, 4), new Uint8Array(72));
  assert.equal(
    dataText(SYSTEM, initialized),
    parsedText(
      `{"info":{"authority":"${SYSTEM}","blockhash":"${SYSTEM}","feeCalculator":{"lamportsPerSignature":"0"}},"type":"initialized"}`,
      'nonce',
      80,
    ),
  );
  for (const bad of [new Uint8Array(4), new Uint8Array(80), new Uint8Array(0)]) assert.equal(dataText(SYSTEM, bad), fallback(bad));
});

test('parse_address_lookup_table.rs test_parse_address_lookup_table: a table with 42 addresses, an uninitialized one, empty data', () => {
  const keys = Array.from({ length: 42 }, (_, i) => le(0x1000 + i, 32));
  // LookupTableMeta: deactivation slot 1, last extended slot 2, start index 3, the authority, u16
  // padding, then zeros to 56 bytes.
  const meta = (authority: Uint8Array | undefined) =>
    cat(le(1, 4), le(1, 8), le(2, 8), [3], authority === undefined ? [0] : cat([1], authority), le(0, 2));
  const table = (authority: Uint8Array | undefined) => {
    const head = meta(authority);
    return cat(head, new Uint8Array(56 - head.length), ...keys);
  };
  const addresses = JSON.stringify(keys.map((k) => encodeBase58(k)));
  const info = (authority: string) =>
    `{"info":{"addresses":${addresses},${authority}"deactivationSlot":"1","lastExtendedSlot":"2","lastExtendedSlotStartIndex":3},"type":"lookupTable"}`;
  const withAuthority = table(filled(4));
  assert.equal(dataText(LOOKUP_TABLE, withAuthority), parsedText(info(`"authority":"${keyOf(4)}",`), 'address-lookup-table', 56 + 42 * 32));
  // A table without authority (frozen) leaves the key out.
  assert.equal(dataText(LOOKUP_TABLE, table(undefined)), parsedText(info(''), 'address-lookup-table', 56 + 42 * 32));
  assert.equal(dataText(LOOKUP_TABLE, new Uint8Array(56)), parsedText('{"type":"uninitialized"}', 'address-lookup-table', 56));
  // Empty data, and addresses that are not whole keys, are parse errors.
  for (const bad of [new Uint8Array(0), withAuthority.subarray(0, withAuthority.length - 1)])
    assert.equal(dataText(LOOKUP_TABLE, bad), fallback(bad));
});

test('parse_sysvar.rs test_parse_sysvars: every sysvar but the slot history, by its address', () => {
  const SYSVAR = 'Sysvar1111111111111111111111111111111111111';
  const sysvar = (address: string, data: Uint8Array) => dataText(SYSVAR, data, undefined, address);
  const f64 = (value: number) => {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setFloat64(0, value, true);
    return bytes;
  };
  const hash = keyOf(1);
  // Accounts are allocated at the sysvar's full size (create_account_for_test): zeros follow.
  const cases: Array<[string, Uint8Array, string]> = [
    [
      'SysvarC1ock11111111111111111111111111111111',
      new Uint8Array(40),
      '{"info":{"epoch":0,"epochStartTimestamp":0,"leaderScheduleEpoch":0,"slot":0,"unixTimestamp":0},"type":"clock"}',
    ],
    [
      'SysvarEpochSchedu1e111111111111111111111111',
      cat(le(12, 8), le(0, 8), [0], le(1, 8), le(12, 8)),
      '{"info":{"firstNormalEpoch":1,"firstNormalSlot":12,"leaderScheduleSlotOffset":0,"slotsPerEpoch":12,"warmup":false},"type":"epochSchedule"}',
    ],
    [
      'SysvarFees111111111111111111111111111111111',
      new Uint8Array(8),
      '{"info":{"feeCalculator":{"lamportsPerSignature":"0"}},"type":"fees"}',
    ],
    [
      'SysvarRecentB1ockHashes11111111111111111111',
      cat(le(1, 8), filled(1), le(10, 8), new Uint8Array(6008 - 48)),
      `{"info":[{"blockhash":"${hash}","feeCalculator":{"lamportsPerSignature":"10"}}],"type":"recentBlockhashes"}`,
    ],
    [
      'SysvarRent111111111111111111111111111111111',
      cat(le(10, 8), f64(2), [5]),
      '{"info":{"burnPercent":5,"exemptionThreshold":2.0,"lamportsPerByteYear":"10"},"type":"rent"}',
    ],
    ['SysvarRewards111111111111111111111111111111', new Uint8Array(16), '{"info":{"validatorPointValue":0.0},"type":"rewards"}'],
    [
      'SysvarS1otHashes111111111111111111111111111',
      cat(le(1, 8), le(1, 8), filled(1), new Uint8Array(20488 - 48)),
      `{"info":[{"hash":"${hash}","slot":1}],"type":"slotHashes"}`,
    ],
    [
      'SysvarStakeHistory1111111111111111111111111',
      cat(le(1, 8), le(1, 8), le(10, 8), le(2, 8), le(3, 8), new Uint8Array(16392 - 40)),
      '{"info":[{"epoch":1,"stakeHistory":{"activating":2,"deactivating":3,"effective":10}}],"type":"stakeHistory"}',
    ],
    ['SysvarLastRestartS1ot1111111111111111111111', le(1282, 8), '{"info":{"lastRestartSlot":1282},"type":"lastRestartSlot"}'],
    [
      'SysvarEpochRewards1111111111111111111111111',
      cat(le(42, 8), le(0, 8), new Uint8Array(32), le(0, 16), le(100, 8), le(20, 8), [1]),
      `{"info":{"active":true,"distributedRewards":"20","distributionStartingBlockHeight":42,"numPartitions":0,"parentBlockhash":"${SYSTEM}","totalPoints":"0","totalRewards":"100"},"type":"epochRewards"}`,
    ],
  ];
  for (const [address, data, parsed] of cases) assert.equal(sysvar(address, data), parsedText(parsed, 'sysvar', data.length), address);
  // A threshold that is no finite number is written null, as serde_json writes it.
  const nanRent = cat(le(10, 8), f64(NaN), [5]);
  assert.equal(
    sysvar('SysvarRent111111111111111111111111111111111', nanRent),
    parsedText('{"info":{"burnPercent":5,"exemptionThreshold":null,"lamportsPerByteYear":"10"},"type":"rent"}', 'sysvar', 17),
  );
  // The stake history's data under another address, and four bytes of stake history, are not parsed.
  const stakeHistory = cases[7][1];
  assert.equal(sysvar(keyOf(9), stakeHistory), fallback(stakeHistory));
  assert.equal(sysvar('SysvarStakeHistory1111111111111111111111111', new Uint8Array(4)), fallback(new Uint8Array(4)));
});

// ---------------------------------------------------------------------------------------------
// (2) A real node's answer, recorded by solders' tests (apiVersion 1.10.25, slot 140702417).

test("a real node's jsonParsed token account (solders test_get_account_info_json_parsed), rebuilt from its fields", () => {
  const recorded =
    '{"parsed":{"info":{"isNative":false,"mint":"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v","owner":"vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg",' +
    '"state":"initialized","tokenAmount":{"amount":"36010000000","decimals":6,"uiAmount":36010.0,"uiAmountString":"36010"}},"type":"account"},' +
    '"program":"spl-token","space":165}';
  const data = accountBytes({
    mint: decodeBase58('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')!,
    owner: decodeBase58('vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg')!,
    amount: 36_010_000_000n,
    state: 1,
  });
  assert.equal(dataText(TOKEN, data, { EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 6 }), recorded);
});

// ---------------------------------------------------------------------------------------------
// (3) serde_json's f64 text.

test("serdeF64 writes every uiAmount of the corpus's verbatim node answers as the node wrote it", () => {
  const provenance = readFileSync(join(corpusTransactionsDir, 'PROVENANCE.tsv'), 'utf8').trim().split('\n').slice(1);
  const verbatim = provenance.filter((line) => /\t(verbatim|from_getBlock)/.test(line)).map((line) => line.split('\t')[0]);
  const seen = new Set<string>();
  for (const file of verbatim) {
    for (const m of readFileSync(join(corpusTransactionsDir, file), 'utf8').matchAll(/"uiAmount":(-?[0-9][0-9.eE+-]*)/g)) seen.add(m[1]);
  }
  assert.ok(seen.size > 100, `${seen.size} distinct uiAmounts`);
  assert.ok(
    [...seen].some((t) => t.endsWith('.0')) && [...seen].some((t) => t.includes('e-')),
    'whole numbers and exponents are among them',
  );
  for (const text of seen) assert.equal(serdeF64(Number(text))?.raw, text);
});

test("serdeF64 switches to ryu's exponent form at 1e16 and below 1e-5, where JavaScript does at 1e21 and 1e-7", () => {
  const cases: Array<[number, string]> = [
    [0, '0.0'],
    [1e15, '1000000000000000.0'],
    [1e16, '1e16'],
    [1.5e16, '1.5e16'],
    [123456789012345.6, '123456789012345.6'],
    [1.8446744073709552e19, '1.8446744073709552e19'],
    [1e-4, '0.0001'],
    [1.5e-5, '0.000015'],
    [1e-5, '0.00001'],
    [9.99e-6, '9.99e-6'],
    [1e-7, '1e-7'],
  ];
  for (const [value, text] of cases) assert.equal(serdeF64(value)?.raw, text, String(value));
  for (const value of [NaN, Infinity, -Infinity]) assert.equal(serdeF64(value), null);
});

// ---------------------------------------------------------------------------------------------
// (4) The ledger's own accounts.

let dir: string;
let store: LedgerStore;
let rpc: LedgerRpc;
const accountFiles = readdirSync(corpusAccountsDir).filter((f) => f.endsWith('.json'));
const addresses = accountFiles.map((f) => f.slice(0, -'.json'.length));

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-parsed-accounts-'));
  store = openLedger(join(dir, 'ledger.sqlite'));
  importCorpus(store);
  rpc = new LedgerRpc(store);
});

after(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const parsedValue = (address: string) => (parseJson(rpc.getAccountInfo(address, { encoding: 'jsonParsed' })) as any).value;

/** Every token balance entry of the stored transactions, by the account it is about. */
function balanceEntries(): Map<string, Array<{ mint: string; owner?: string; decimals: number }>> {
  const out = new Map<string, Array<{ mint: string; owner?: string; decimals: number }>>();
  for (const file of readdirSync(corpusTransactionsDir).filter((f) => f.endsWith('.json'))) {
    const body = JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8'));
    const message = body.transaction?.message;
    if (message === undefined || body.meta === null) continue;
    const keys: string[] = [
      ...message.accountKeys.map((k: any) => (typeof k === 'string' ? k : k.pubkey)),
      ...(body.meta.loadedAddresses?.writable ?? []),
      ...(body.meta.loadedAddresses?.readonly ?? []),
    ];
    for (const entry of [...(body.meta.preTokenBalances ?? []), ...(body.meta.postTokenBalances ?? [])]) {
      const address = keys[entry.accountIndex];
      out.set(address, [...(out.get(address) ?? []), { mint: entry.mint, owner: entry.owner, decimals: entry.uiTokenAmount.decimals }]);
    }
  }
  return out;
}

test("the ledger's token accounts: mint, owner and decimals agree with the transactions' token balances", () => {
  const balances = balanceEntries();
  let parsed = 0;
  let crossChecked = 0;
  for (const address of addresses) {
    const value = parsedValue(address);
    if (value.owner !== TOKEN && value.owner !== TOKEN_2022) continue;
    if (Array.isArray(value.data)) {
      // Left as base64 only where the ledger has no source for the mint's decimals.
      const mint = encodeBase58(Buffer.from(value.data[0], 'base64').subarray(0, 32));
      assert.equal(store.getAccount(mint), null, address);
      assert.equal(store.tokenBalanceDecimals(mint), null, address);
      continue;
    }
    parsed++;
    assert.equal(value.data.program, value.owner === TOKEN ? 'spl-token' : 'spl-token-2022');
    assert.equal(value.data.space, value.space);
    if (value.data.parsed.type !== 'account') continue;
    const info = value.data.parsed.info;
    assert.equal(info.tokenAmount.decimals, store.tokenBalanceDecimals(info.mint) ?? undefined, address);
    for (const entry of balances.get(address) ?? []) {
      assert.deepEqual(
        [info.mint, info.owner ?? entry.owner, info.tokenAmount.decimals],
        [entry.mint, entry.owner ?? info.owner, entry.decimals],
        address,
      );
      crossChecked++;
    }
  }
  assert.ok(parsed >= 26, `${parsed} token-program accounts parsed`);
  assert.ok(crossChecked > 0, 'some are checked against balances');
});

test('the ledger decodes its mints (USDC, BONK) and wrapped SOL accounts as the bytes say', () => {
  const usdc = parsedValue('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v').data.parsed;
  assert.equal(usdc.type, 'mint');
  assert.equal(usdc.info.decimals, 6);
  assert.equal(usdc.info.isInitialized, true);
  const bonk = parsedValue('DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263').data.parsed.info;
  assert.deepEqual([bonk.decimals, bonk.mintAuthority, bonk.freezeAuthority], [5, null, null]);
  // A u64 supply past 2^53 stays exact: it is a string.
  assert.equal(bonk.supply, '9300290873503887738');
  // Wrapped SOL accounts carry their rent-exempt reserve.
  const wsol = parsedValue('9Hst4fTfQJXp1fxyVx1Lk1TubjNegFwXCedZkMRPaYAK').data.parsed.info;
  assert.equal(wsol.isNative, true);
  assert.deepEqual(wsol.rentExemptReserve, { amount: '2039280', decimals: 9, uiAmount: 0.00203928, uiAmountString: '0.00203928' });
});

test('the ledger renders the PYUSD Token-2022 mint with all eight extensions, keys sorted', () => {
  const text = rpc.getAccountInfo('2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo', { encoding: 'jsonParsed' });
  const authority = '2apBGMsS6ti9RyF5TwQTDswXBWskiJP2LD4cUEDqYJjk';
  const metadataAuthority = '9nEfZqzTP3dfVWmzQy54TzsZqSQqDFVW4PhXdG9vYCVD';
  const fee = '{"epoch":605,"maximumFee":0,"transferFeeBasisPoints":0}';
  const expected =
    '{"parsed":{"info":{"decimals":6,"extensions":[' +
    `{"extension":"mintCloseAuthority","state":{"closeAuthority":"${authority}"}},` +
    `{"extension":"permanentDelegate","state":{"delegate":"${authority}"}},` +
    `{"extension":"transferFeeConfig","state":{"newerTransferFee":${fee},"olderTransferFee":${fee},"transferFeeConfigAuthority":"${authority}","withdrawWithheldAuthority":"${authority}","withheldAmount":0}},` +
    `{"extension":"confidentialTransferMint","state":{"auditorElgamalPubkey":null,"authority":"${authority}","autoApproveNewAccounts":false}},` +
    `{"extension":"confidentialTransferFeeConfig","state":{"authority":"${authority}","harvestToMintEnabled":true,"withdrawWithheldAuthorityElgamalPubkey":"HDfmQztzBN2Cc3rkDZuL88SfWw5sSajVMyiz5QaQHFc=","withheldAmount":"${base64(new Uint8Array(64))}"}},` +
    `{"extension":"transferHook","state":{"authority":"${authority}","programId":null}},` +
    `{"extension":"metadataPointer","state":{"authority":"${metadataAuthority}","metadataAddress":"2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo"}},` +
    `{"extension":"tokenMetadata","state":{"additionalMetadata":[],"mint":"2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo","name":"PayPal USD","symbol":"PYUSD","updateAuthority":"${metadataAuthority}","uri":"https://token-metadata.paxos.com/pyusd_metadata/prod/solana/pyusd_metadata.json"}}],` +
    `"freezeAuthority":"${authority}","isInitialized":true,"mintAuthority":"5gUuDFHswKi2QMA1qJHf6FEVhNCrHnyAdfWniMaUUPE4","supply":"547632786189672"},"type":"mint"},` +
    '"program":"spl-token-2022","space":866}';
  assert.ok(text.includes(`"data":${expected},"executable":false`), text);
});

test("the ledger's upgradeable-loader program account names its program data account", () => {
  const value = parsedValue('PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu');
  const bytes = store.getAccount('PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu')!.data;
  assert.deepEqual(value.data, {
    parsed: { info: { programData: encodeBase58(bytes.subarray(4, 36)) }, type: 'program' },
    program: 'bpf-upgradeable-loader',
    space: 36,
  });
});

test('getMultipleAccounts parses the same accounts as getAccountInfo', () => {
  const many = (parseJson(rpc.getMultipleAccounts(addresses, { encoding: 'jsonParsed' })) as any).value;
  assert.deepEqual(
    many.map((a: any) => a.data),
    addresses.map((a) => parsedValue(a).data),
  );
});

test("a token account's decimals: the held mint first, else token balances for spl-token only, else base64", () => {
  const account = accountBytes({ mint: MINT, owner: OWNER, amount: 5n, state: 1 });
  const answer = (owner: string, sources: MintSources) => parseNativeAccount({ address: keyOf(9), owner, data: account }, sources);
  const none: MintSources = { mintData: () => undefined, balanceDecimals: () => undefined };
  const fromBalances: MintSources = { ...none, balanceDecimals: () => 4 };
  const amountOf = (parsed: any) => parsed?.parsed.info.tokenAmount.uiAmountString;
  assert.equal(answer(TOKEN, none), undefined);
  assert.equal(amountOf(answer(TOKEN, fromBalances)), '0.0005');
  // A Token-2022 mint not held may be interest-bearing or scaled: its balances cannot say.
  assert.equal(answer(TOKEN_2022, fromBalances), undefined);
  const held: MintSources = { ...fromBalances, mintData: () => mintBytes(undefined, 0n, 1, undefined) };
  assert.equal(amountOf(answer(TOKEN, held)), '0.5');
  assert.equal(amountOf(answer(TOKEN_2022, held)), '0.5');
  // A held mint that is no mint gives no decimals, as the node's read of it fails.
  assert.equal(answer(TOKEN, { ...fromBalances, mintData: () => new Uint8Array(82) }), undefined);
  // Interest-bearing (52-byte entry) and scaled-UI-amount (56) mints keep their accounts in base64.
  for (const [type, size] of [
    [10, 52],
    [25, 56],
  ]) {
    const mint = withTlv(mintBytes(undefined, 0n, 1, undefined), 1, [[type, new Uint8Array(size)]]);
    assert.equal(answer(TOKEN_2022, { ...none, mintData: () => mint }), undefined, String(type));
  }
});

test("a token account left in base64 parses once a transaction giving its mint's decimals is imported", () => {
  const file = join(dir, 'import.sqlite');
  const fresh = openLedger(file);
  try {
    const address = '2KiAy13bDCMGfJ8MqbpTC7g3CunHjLQYMs3wK14XM5LZ';
    const row = store.getAccount(address)!;
    fresh.putAccount({ ...row, lamports: BigInt(row.lamports), rentEpoch: BigInt(row.rentEpoch) });
    const mint = encodeBase58(row.data.subarray(0, 32));
    const ledger = new LedgerRpc(fresh);
    const data = () => (parseJson(ledger.getAccountInfo(address, { encoding: 'jsonParsed' })) as any).value.data;
    assert.deepEqual(data(), [base64(row.data), 'base64']);
    const signature = encodeBase58(new Uint8Array(64).fill(1));
    const balance = { accountIndex: 0, mint, uiTokenAmount: { amount: '0', decimals: 7, uiAmount: null, uiAmountString: '0' } };
    const result = {
      blockTime: null,
      meta: { err: null, fee: 5000, postTokenBalances: [balance], preTokenBalances: [] },
      slot: 1,
      transaction: { message: { accountKeys: [address], instructions: [] }, signatures: [signature] },
    };
    assert.equal(ledger.importTransaction(signature, 'json', JSON.stringify(result)), true);
    assert.equal(data().parsed.info.tokenAmount.decimals, 7);
  } finally {
    fresh.close();
  }
});

test('damaged data never throws: each cut or flipped byte of a parsed account parses or falls back to base64 of the whole data', () => {
  const sources: MintSources = {
    mintData: (mint) => store.getAccount(mint)?.data,
    balanceDecimals: (mint) => store.tokenBalanceDecimals(mint) ?? undefined,
  };
  let fellBack = 0;
  for (const address of addresses) {
    const row = store.getAccount(address)!;
    if (parseNativeAccount(row, sources) === undefined) continue;
    const variants: Uint8Array[] = [];
    for (let cut = 0; cut < row.data.length; cut += Math.max(1, Math.floor(row.data.length / 64))) variants.push(row.data.subarray(0, cut));
    for (let at = 0; at < Math.min(row.data.length, 400); at++) {
      const flipped = Uint8Array.from(row.data);
      flipped[at] ^= 0xff;
      variants.push(flipped);
    }
    for (const data of variants) {
      const text = renderAccount({ ...row, data }, { encoding: 'jsonParsed', mints: sources });
      const value = parseJson(text) as any;
      if (Array.isArray(value.data)) {
        assert.deepEqual(value.data, [base64(data), 'base64']);
        fellBack++;
      } else {
        assert.equal(value.data.space, data.length);
      }
    }
  }
  assert.ok(fellBack > 0);
});

test('a delegated, frozen token account: delegate and delegatedAmount together, as parse_token_v3 sets them', () => {
  const delegated = accountBytes({ mint: MINT, owner: OWNER, amount: 9n, delegate: filled(4), state: 2, delegatedAmount: 7n });
  assert.equal(
    dataText(TOKEN, delegated, { [MINT_KEY]: 1 }),
    parsedText(
      `{"info":{"delegate":"${keyOf(4)}","delegatedAmount":{"amount":"7","decimals":1,"uiAmount":0.7,"uiAmountString":"0.7"},` +
        `"isNative":false,"mint":"${MINT_KEY}","owner":"${OWNER_KEY}","state":"frozen",` +
        `"tokenAmount":{"amount":"9","decimals":1,"uiAmount":0.9,"uiAmountString":"0.9"}},"type":"account"}`,
      'spl-token',
      165,
    ),
  );
  // A delegated amount left without a delegate is not shown.
  const undelegated = accountBytes({ mint: MINT, owner: OWNER, amount: 9n, state: 1, delegatedAmount: 7n });
  assert.ok(!dataText(TOKEN, undelegated, { [MINT_KEY]: 1 }).includes('delegatedAmount'));
});

test('random data under every parsed owner (and each sysvar address) never throws: parsed, or base64 of the whole data', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;
  const sysvarAddresses = [
    'SysvarC1ock11111111111111111111111111111111',
    'SysvarEpochSchedu1e111111111111111111111111',
    'SysvarFees111111111111111111111111111111111',
    'SysvarRecentB1ockHashes11111111111111111111',
    'SysvarRent111111111111111111111111111111111',
    'SysvarRewards111111111111111111111111111111',
    'SysvarS1otHashes111111111111111111111111111',
    'SysvarStakeHistory1111111111111111111111111',
    'SysvarLastRestartS1ot1111111111111111111111',
    'SysvarEpochRewards1111111111111111111111111',
  ];
  const targets: Array<[string, string]> = [
    [TOKEN, keyOf(9)],
    [TOKEN_2022, keyOf(9)],
    [LOADER, keyOf(9)],
    [SYSTEM, keyOf(9)],
    [LOOKUP_TABLE, keyOf(9)],
    ...sysvarAddresses.map((a): [string, string] => ['Sysvar1111111111111111111111111111111111111', a]),
  ];
  // Small first bytes make enum tags and lengths plausible, so parsers get past their first read.
  const lengths = [0, 1, 4, 8, 17, 36, 40, 45, 56, 82, 88, 165, 166, 170, 200, 355, 400];
  let parsed = 0;
  for (const [owner, address] of targets) {
    for (const length of lengths) {
      for (let round = 0; round < 20; round++) {
        const data = Uint8Array.from({ length }, (_, i) => (i < 8 && round % 2 === 0 ? random() % 4 : random()));
        const value = parseJson(dataText(owner, data, { [encodeBase58(data.subarray(0, 32))]: 3 }, address)) as any;
        if (Array.isArray(value)) assert.deepEqual(value, [base64(data), 'base64']);
        else {
          assert.equal(value.space, length);
          parsed++;
        }
      }
    }
  }
  assert.ok(parsed > 0);
});

test('a token account whose state byte is out of range, or whose COption tag is not 0 or 1, is not parsed', () => {
  const good = accountBytes({ mint: MINT, owner: OWNER, amount: 1n, state: 1 });
  const badState = Uint8Array.from(good);
  badState[108] = 3;
  const badTag = Uint8Array.from(good);
  badTag[72] = 2;
  const uninitialized = Uint8Array.from(good);
  uninitialized[108] = 0;
  for (const data of [badState, badTag, uninitialized]) assert.equal(dataText(TOKEN, data, { [MINT_KEY]: 0 }), fallback(data));
});
