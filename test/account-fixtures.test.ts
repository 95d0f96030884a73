/**
 * Real mainnet accounts from sevenlabs-hq/carbon's decoder tests (test/fixtures/carbon/, verbatim,
 * MIT; provenance in its README.md). Carbon records no address for them, so they stay test data
 * rather than ledger accounts. Each must decode with the bundled descriptions as the account type
 * Carbon reads it as, and the fields Carbon's own tests (or the fixture's `data_decoded`) expect
 * must come out the same.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledRegistry } from '../src/decode/registry.js';
import { decodeAccountData } from '../src/enhance/accounts.js';
import { projectRoot } from '../src/paths.js';

const carbonDir = join(projectRoot, 'test', 'fixtures', 'carbon');
const registry = loadBundledRegistry();

interface Expected {
  program: string;
  type: string;
  /** Dotted paths into the decoded value; numbers past 2^53 are compared as the decoder's strings. */
  fields?: Record<string, unknown>;
  /**
   * Compare every field of the fixture's `data_decoded` too. Only where Carbon's tests state no
   * values of their own: the observation fixture's `data_decoded` says observationIndex 45 where
   * its bytes and Carbon's test both say 46, so that record can be stale.
   */
  dataDecoded?: true;
}

const expected: Record<string, Expected> = {
  'fluxbeam-decoder/swap_account.json': {
    program: 'fluxbeam',
    type: 'SwapPool',
    fields: {
      'swapPool.isInitialized': true,
      'swapPool.bumpSeed': 254,
      'swapPool.poolTokenProgramId': 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
      'swapPool.tokenAccountA': 'jM5cFHP9iPj9en1fJFJLfRpLt68Y81UdWfXHv9an3HK',
      'swapPool.tokenAccountB': '8a4WD4hbfuPyiistrVU8qcpwMcJmf3RBuw1s1tvVYJ1Q',
      'swapPool.tokenPool': '7XeJQykinTiK1EveXb9y4zodFtdtu1YwkygBmWbz1pC3',
    },
  },
  'jupiter-dca-decoder/dca_account.json': {
    program: 'dca',
    type: 'Dca',
    fields: { idx: '1705434692', inDeposited: '100000000000' },
  },
  'lifinity-amm-v2-decoder/amm_account.json': {
    program: 'lifinity_amm_v2',
    type: 'Amm',
    fields: {
      freezeDeposit: 1,
      baseDecimals: 11,
      tokenAMint: '7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr',
      tokenBMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      oraclePcAccount: 'FVAouryrBKKtgSf4jBqU5UwuwwrT6TUniSwQC7TJXDTK',
      'fees.ownerTradeFeeNumerator': '200',
      'config.lastPrice': '177071193',
      'config.volumeX': '45609928585195809',
      'config.feePlatform': '9134557312188',
      'config.oracleMainSlotBuffer': '0',
    },
  },
  'meteora-dlmm-decoder/lb_pair_account.json': {
    program: 'lb_clmm',
    type: 'LbPair',
    fields: { activeId: -1054, binStep: 80, 'parameters.baseFactor': 62500 },
  },
  'meteora-dlmm-decoder/oracle_account.json': { program: 'lb_clmm', type: 'Oracle' },
  'meteora-dlmm-decoder/position_account.json': {
    program: 'lb_clmm',
    type: 'Position',
    fields: { lbPair: 'FoSDw2L5DmTuQTFe55gWPDXf88euaxAEKFre74CnvQbX' },
  },
  'meteora-dlmm-decoder/preset_parameter_account.json': { program: 'lb_clmm', type: 'PresetParameter' },
  'moonshot-decoder/config_account.json': { program: 'token_launchpad', type: 'ConfigAccount' },
  'moonshot-decoder/curve_account.json': {
    program: 'token_launchpad',
    type: 'CurveAccount',
    fields: { totalSupply: '1000000000000000000', curveAmount: '979053197346106125' },
  },
  'orca-whirlpool-decoder/dynamic_tick_array_account0.json': { program: 'whirlpool', type: 'DynamicTickArray' },
  'orca-whirlpool-decoder/fee_tier_account.json': { program: 'whirlpool', type: 'FeeTier' },
  'orca-whirlpool-decoder/position_account.json': { program: 'whirlpool', type: 'Position', dataDecoded: true },
  'orca-whirlpool-decoder/position_bundle_account.json': { program: 'whirlpool', type: 'PositionBundle' },
  'orca-whirlpool-decoder/tick_array_account.json': { program: 'whirlpool', type: 'TickArray', dataDecoded: true },
  'orca-whirlpool-decoder/token_badge_account.json': { program: 'whirlpool', type: 'TokenBadge' },
  // Its data_decoded spells feeTierIndexSeed as the older IDLs did (tickSpacingSeed), so the values are compared by hand.
  'orca-whirlpool-decoder/whirlpool_account.json': {
    program: 'whirlpool',
    type: 'Whirlpool',
    fields: {
      whirlpoolsConfig: '2LecshUwdy9xi7meFgHtFJQNSKk4KdTrcpvaB56dP2NQ',
      tickSpacing: 32896,
      feeTierIndexSeed: [128, 128],
      feeRate: 10000,
    },
  },
  'orca-whirlpool-decoder/whirlpools_config_account.json': { program: 'whirlpool', type: 'WhirlpoolsConfig' },
  'orca-whirlpool-decoder/whirlpools_config_extension_account.json': { program: 'whirlpool', type: 'WhirlpoolsConfigExtension' },
  'pumpfun-decoder/bonding_curve_account.json': { program: 'pump', type: 'BondingCurve' },
  'pumpfun-decoder/global_account.json': { program: 'pump', type: 'Global' },
  'pumpfun-decoder/last_withdraw_account.json': {
    program: 'pump',
    type: 'LastWithdraw',
    fields: { lastWithdrawTimestamp: '1741550682' },
  },
  'raydium-clmm-decoder/amm_config_account.json': {
    program: 'amm_v3',
    type: 'AmmConfig',
    fields: {
      owner: 'projjosVCPQH49d5em7VYS7fJZzaqKixqKtus7yk416',
      protocolFeeRate: 120000,
      tradeFeeRate: 100,
      tickSpacing: 1,
      fundFeeRate: 40000,
      fundOwner: 'FundHfY8oo8J9KYGyfXFFuQCHe7Z1VBNmsj84eMcdYs4',
    },
  },
  'raydium-clmm-decoder/observation_state_account.json': {
    program: 'amm_v3',
    type: 'ObservationState',
    fields: { observationIndex: 46, poolId: '6U4TBh3aJgiJ5EqCDEua4rP75HsqcfHapMKhhyuTqGuo' },
  },
  'raydium-clmm-decoder/pool_state_account.json': { program: 'amm_v3', type: 'PoolState', fields: { liquidity: '3464101788356' } },
  'raydium-clmm-decoder/protocol_position_state_account.json': { program: 'amm_v3', type: 'ProtocolPositionState' },
  'raydium-clmm-decoder/tick_array_state_account.json': { program: 'amm_v3', type: 'TickArrayState' },
};

interface CarbonAccount {
  data: string;
  owner: string;
  space?: number;
  /** Some of Carbon's fixtures carry the decoded fields too: `{field: {type, data}}`. */
  data_decoded?: Record<string, { data: unknown }>;
}

/** Carbon writes every integer of `data_decoded` as text, however small. */
function asText(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(asText);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v)]));
  return value;
}

function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);
}

function fixtureFiles(): string[] {
  return readdirSync(carbonDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(carbonDir, d.name))
        .filter((f) => f.endsWith('.json'))
        .map((f) => `${d.name}/${f}`),
    )
    .sort();
}

test('every Carbon account fixture is listed here with the type it must decode as', () => {
  assert.deepEqual(fixtureFiles(), Object.keys(expected).sort());
});

for (const [file, want] of Object.entries(expected)) {
  test(`Carbon fixture ${file} decodes as ${want.program} ${want.type}`, () => {
    const account = JSON.parse(readFileSync(join(carbonDir, file), 'utf8')) as CarbonAccount;
    const bytes = Buffer.from(account.data, 'base64');
    if (account.space !== undefined) assert.equal(bytes.length, account.space);
    const decoded = decodeAccountData(account.owner, bytes, registry);
    assert.ok(decoded, `${file}: not decoded`);
    assert.equal(decoded.program, want.program);
    assert.equal(decoded.type, want.type);
    for (const [path, value] of Object.entries(want.fields ?? {})) assert.deepEqual(at(decoded.value, path), value, `${file}: ${path}`);
    if (want.dataDecoded) {
      assert.ok(account.data_decoded, `${file}: no data_decoded`);
      for (const [field, { data }] of Object.entries(account.data_decoded)) {
        assert.deepEqual(asText(at(decoded.value, field)), asText(data), `${file}: ${field}`);
      }
    }
  });
}
