/**
 * sevenlabs-hq/carbon's instruction vectors (test/fixtures/carbon/<decoder>/*_ix.json, verbatim, MIT):
 * real mainnet instructions, each decoded here through decodeInstructionEntry with the bundled
 * descriptions and compared with what Carbon, an independent decoder, says about it:
 *
 * - the instruction's name: Carbon's enum variant against our `parsed.type`, both in camelCase;
 * - the name of the account at every position: the fixture's `label` (or, where the fixture has
 *   none, the field of the arranged-accounts struct Carbon's test builds) against the key of ours
 *   that holds that position's address;
 * - the argument values Carbon's test asserts, transcribed below with the Rust source line they
 *   come from (`decoders/<decoder>/src/instructions/mod.rs` at the commit in
 *   test/fixtures/carbon/README.md, the Orca ones from the commit before Carbon dropped them).
 *
 * Where the two disagree the program's own source or IDL decided who is right. A Carbon name that
 * only follows another convention is mapped in `differs` with the reason; a value Carbon gets wrong
 * would be replaced there by the program's, never by our output.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeInstructionEntry } from '../src/enhance/instruction-entry.js';
import { nodeParsedInstructionPrograms } from '../src/transaction-result/node-parsed.js';
import { parsedInstruction, type ParsedInstruction } from '../src/enhance/instruction-info.js';
import { encodeBase58 } from '../src/codec/base58.js';
import { camelCase } from '../src/decode/names.js';
import { projectRoot } from '../src/paths.js';
import { asText, at, type Check } from './support/vectors.js';

const carbonDir = join(projectRoot, 'test', 'fixtures', 'carbon');
const registry = loadBundledRegistry();

interface CarbonInstruction {
  accounts: { pubkey: string; is_signer: boolean; is_writable: boolean; label?: string }[];
  /** Hex. */
  data: string;
  program_id: string;
}

interface Vector {
  /** Carbon's instruction enum variant. */
  variant: string;
  /**
   * The arguments Carbon's test asserts, by dotted path in camelCase. Integers past 2^53 are
   * written as text; every number is compared as text, since we render u64 and wider as strings.
   * Carbon's `Default::default()` stands as its type's default (0, false, None as null), its
   * `Some(x)` as x, an enum variant as its name.
   */
  args?: Record<string, unknown>;
  /** Where the fixture has no labels: the fields of Carbon's arranged-accounts struct, in order. */
  accounts?: string[];
  /** Where we knowingly part from Carbon; every entry's comment says why. */
  differs?: {
    type?: string;
    /** Carbon's argument path → ours, or → the fields of ours that the same bytes make up. */
    args?: Record<string, string | ((carbon: unknown) => Record<string, unknown>)>;
    /** Carbon's account name (camelCase) → ours. */
    accounts?: Record<string, string>;
    /** Carbon's fields that our description leaves unread at the end of the data: path → byte count. */
    trailing?: Record<string, number>;
  };
}

/**
 * DLMM's IDL 0.12.0 (@meteora-ag/dlmm 1.9.14) names the first two of the 62 padding bytes that 0.9.0
 * (Carbon's) leaves in CustomizableParams: concrete_function_type and collect_fee_mode, then 60 of
 * padding. The same bytes, so Carbon's padding gives ours.
 */
const poolFlagsFromPadding = (padding: unknown) => {
  const bytes = padding as number[];
  return { 'params.concreteFunctionType': bytes[0], 'params.collectFeeMode': bytes[1], 'params.padding': bytes.slice(2) };
};

// prettier-ignore
const vectors: Record<string, Vector> = {
  // decoders/fluxbeam-decoder/src/instructions/mod.rs:68; accounts: the arranged-accounts struct at line 134
  'fluxbeam-decoder/initialize_ix.json': { variant: 'Initialize', args: { 'fees.tradeFeeNumerator': 2, 'fees.tradeFeeDenominator': 1000, 'fees.ownerTradeFeeNumerator': 90, 'fees.ownerTradeFeeDenominator': 100, 'fees.ownerWithdrawFeeNumerator': 98, 'fees.ownerWithdrawFeeDenominator': 100, 'fees.hostFeeNumerator': 0, 'fees.hostFeeDenominator': 10000, 'swapCurve.curveType': 'ConstantProduct', 'swapCurve.calculator': Array(32).fill(0) }, accounts: ['swap', 'authority', 'token_a', 'token_b', 'pool', 'fee', 'destination', 'token_program'] },
  // decoders/fluxbeam-decoder/src/instructions/mod.rs:182; accounts: the arranged-accounts struct at line 278
  // Carbon calls position 14 swap_program; SPL token-swap 3.x, whose order FluxBeam keeps, reads it as the
  // optional host fee token account (instruction.rs, Swap: `14. [optional, writable] Host fee account`), and
  // the address there is a token account (the pool's fee account, position 8), not a program.
  'fluxbeam-decoder/swap_ix.json': { variant: 'Swap', args: { 'amountIn': 800000000, 'minimumAmountOut': 0 }, accounts: ['swap', 'authority', 'user_transfer_authority', 'source', 'swap_source', 'swap_destination', 'destination', 'pool_mint', 'pool_fee', 'source_mint', 'destination_mint', 'source_token_program', 'destination_token_program', 'pool_token_program', 'swap_program'], differs: { accounts: { swapProgram: 'hostFee' } } },
  // decoders/fluxbeam-decoder/src/instructions/mod.rs:346; accounts: the arranged-accounts struct at line 445
  'fluxbeam-decoder/withdraw_all_token_types_ix.json': { variant: 'WithdrawAllTokenTypes', args: { 'poolTokenAmount': 1149106633, 'minimumTokenAAmount': 0, 'minimumTokenBAmount': 0 }, accounts: ['swap', 'authority', 'user_transfer_authority', 'pool_mint', 'source', 'swap_token_a', 'swap_token_b', 'destination_token_a', 'destination_token_b', 'fee_account', 'token_a_mint', 'token_b_mint', 'pool_token_program', 'token_a_program', 'token_b_program'] },
  // decoders/jupiter-dca-decoder/src/instructions/mod.rs:382; accounts: the arranged-accounts struct at line 461
  'jupiter-dca-decoder/close_dca_ix.json': { variant: 'CloseDca', accounts: ['user', 'dca', 'input_mint', 'output_mint', 'in_ata', 'out_ata', 'user_in_ata', 'user_out_ata', 'system_program', 'token_program', 'associated_token_program', 'event_authority', 'program'] },
  // decoders/jupiter-dca-decoder/src/instructions/mod.rs:892; accounts: the arranged-accounts struct at line 983
  'jupiter-dca-decoder/end_and_close_ix.json': { variant: 'EndAndClose', accounts: ['keeper', 'dca', 'input_mint', 'output_mint', 'in_ata', 'out_ata', 'user', 'user_out_ata', 'init_user_out_ata', 'intermediate_account', 'system_program', 'token_program', 'associated_token_program', 'event_authority', 'program'] },
  // decoders/jupiter-dca-decoder/src/instructions/mod.rs:731; accounts: the arranged-accounts struct at line 825
  'jupiter-dca-decoder/fulfill_flash_fill_ix.json': { variant: 'FulfillFlashFill', args: { 'repayAmount': 459532541 }, accounts: ['keeper', 'dca', 'input_mint', 'output_mint', 'keeper_in_ata', 'in_ata', 'out_ata', 'fee_authority', 'fee_ata', 'instructions_sysvar', 'system_program', 'token_program', 'associated_token_program', 'event_authority', 'program'] },
  // decoders/jupiter-dca-decoder/src/instructions/mod.rs:616; accounts: the arranged-accounts struct at line 678
  'jupiter-dca-decoder/initiate_flash_fill_ix.json': { variant: 'InitiateFlashFill', accounts: ['keeper', 'dca', 'input_mint', 'keeper_in_ata', 'in_ata', 'out_ata', 'instructions_sysvar', 'system_program', 'token_program', 'associated_token_program'] },
  // decoders/jupiter-dca-decoder/src/instructions/mod.rs:97; accounts: the arranged-accounts struct at line 179
  'jupiter-dca-decoder/open_dca_ix.json': { variant: 'OpenDca', args: { 'applicationIdx': 1739688565, 'inAmount': 5000000, 'inAmountPerCycle': 100000, 'cycleFrequency': 60, 'minOutAmount': 0, 'maxOutAmount': 0, 'startAt': 0, 'closeWsolInAta': false }, accounts: ['dca', 'user', 'input_mint', 'output_mint', 'user_ata', 'in_ata', 'out_ata', 'system_program', 'token_program', 'associated_token_program', 'event_authority', 'program'] },
  // decoders/jupiter-dca-decoder/src/instructions/mod.rs:235; accounts: the arranged-accounts struct at line 322
  'jupiter-dca-decoder/open_dca_v2_ix.json': { variant: 'OpenDcaV2', args: { 'applicationIdx': 1741074974, 'inAmount': 2500000021, 'inAmountPerCycle': 100000000, 'cycleFrequency': 86400, 'minOutAmount': 108695, 'maxOutAmount': 131578, 'startAt': 0 }, accounts: ['dca', 'user', 'payer', 'input_mint', 'output_mint', 'user_ata', 'in_ata', 'out_ata', 'system_program', 'token_program', 'associated_token_program', 'event_authority', 'program'] },
  // decoders/jupiter-dca-decoder/src/instructions/mod.rs:520; accounts: the arranged-accounts struct at line 570
  'jupiter-dca-decoder/withdraw_fees_ix.json': { variant: 'WithdrawFees', args: { 'amount': 1193884104 }, accounts: ['admin', 'mint', 'fee_authority', 'program_fee_ata', 'admin_fee_ata', 'system_program', 'token_program', 'associated_token_program'] },
  // decoders/lifinity-amm-v2-decoder/src/instructions/mod.rs:195; accounts: the arranged-accounts struct at line 264
  'lifinity-amm-v2-decoder/deposit_all_token_types_ix.json': { variant: 'DepositAllTokenTypes', args: { 'poolTokenAmount': 2457402, 'maximumTokenAAmount': 1000000, 'maximumTokenBAmount': 64575 }, accounts: ['amm', 'authority', 'user_transfer_authority_info', 'source_a_info', 'source_b_info', 'token_a', 'token_b', 'pool_mint', 'destination', 'token_program'] },
  // decoders/lifinity-amm-v2-decoder/src/instructions/mod.rs:52; accounts: the arranged-accounts struct at line 136
  'lifinity-amm-v2-decoder/swap_ix.json': { variant: 'Swap', args: { 'amountIn': 99140, 'minimumAmountOut': 0 }, accounts: ['authority', 'amm', 'user_transfer_authority', 'source_info', 'destination_info', 'swap_source', 'swap_destination', 'pool_mint', 'fee_account', 'token_program', 'oracle_main_account', 'oracle_sub_account', 'oracle_pc_account'] },
  // decoders/lifinity-amm-v2-decoder/src/instructions/mod.rs:317; accounts: the arranged-accounts struct at line 386
  'lifinity-amm-v2-decoder/withdraw_all_token_types_ix.json': { variant: 'WithdrawAllTokenTypes', args: { 'poolTokenAmount': 2000655039581, 'minimumTokenAAmount': 1076172871830, 'minimumTokenBAmount': 752578501683 }, accounts: ['amm', 'authority', 'user_transfer_authority_info', 'source_info', 'token_a', 'token_b', 'pool_mint', 'dest_token_a_info', 'dest_token_b_info', 'token_program'] },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:522
  'meteora-dlmm-decoder/add_liquidity_by_strategy_ix.json': { variant: 'AddLiquidityByStrategy', args: { 'liquidityParameter.activeId': -729, 'liquidityParameter.amountX': 0, 'liquidityParameter.amountY': 21523400000, 'liquidityParameter.maxActiveBinSlippage': 10000, 'liquidityParameter.strategyParameters.maxBinId': -730, 'liquidityParameter.strategyParameters.minBinId': -730, 'liquidityParameter.strategyParameters.parameteres': Array(64).fill(0), 'liquidityParameter.strategyParameters.strategyType': 'SpotBalanced' } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:644
  'meteora-dlmm-decoder/add_liquidity_by_strategy_one_side_ix.json': { variant: 'AddLiquidityByStrategyOneSide', args: { 'liquidityParameter.activeId': -2059, 'liquidityParameter.amount': 9700000000, 'liquidityParameter.maxActiveBinSlippage': 3, 'liquidityParameter.strategyParameters.maxBinId': -2060, 'liquidityParameter.strategyParameters.minBinId': -2100, 'liquidityParameter.strategyParameters.parameteres': Array(64).fill(0), 'liquidityParameter.strategyParameters.strategyType': 'SpotOneSide' } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:747
  'meteora-dlmm-decoder/add_liquidity_by_weight_ix.json': { variant: 'AddLiquidityByWeight', args: { 'liquidityParameter.activeId': 1698, 'liquidityParameter.amountX': 191094066, 'liquidityParameter.amountY': 227162680, 'liquidityParameter.binLiquidityDist': [{ binId: 1687, weight: 1 }, { binId: 1688, weight: 1 }, { binId: 1689, weight: 1 }, { binId: 1690, weight: 1 }, { binId: 1691, weight: 1 }, { binId: 1692, weight: 1 }, { binId: 1693, weight: 1 }, { binId: 1694, weight: 1 }, { binId: 1695, weight: 1 }, { binId: 1696, weight: 1 }, { binId: 1697, weight: 1 }, { binId: 1698, weight: 1 }, { binId: 1699, weight: 1 }, { binId: 1700, weight: 1 }, { binId: 1701, weight: 1 }, { binId: 1702, weight: 1 }, { binId: 1703, weight: 1 }, { binId: 1704, weight: 1 }, { binId: 1705, weight: 1 }, { binId: 1706, weight: 1 }, { binId: 1707, weight: 1 }, { binId: 1708, weight: 1 }, { binId: 1709, weight: 1 }], 'liquidityParameter.maxActiveBinSlippage': 2147483647 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:404
  'meteora-dlmm-decoder/add_liquidity_ix.json': { variant: 'AddLiquidity', args: { 'liquidityParameter.amountX': '300000000000000000', 'liquidityParameter.amountY': 0, 'liquidityParameter.binLiquidityDist': [{ binId: -2022, distributionX: 10000, distributionY: 0 }] } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1078
  'meteora-dlmm-decoder/add_liquidity_one_side_ix.json': { variant: 'AddLiquidityOneSide', args: { 'liquidityParameter.activeId': -428, 'liquidityParameter.amount': 25650410760, 'liquidityParameter.binLiquidityDist': [{ binId: -428, weight: 2252 }, { binId: -427, weight: 4568 }, { binId: -426, weight: 5738 }, { binId: -425, weight: 6918 }, { binId: -424, weight: 8088 }, { binId: -423, weight: 9266 }, { binId: -422, weight: 10439 }, { binId: -421, weight: 8092 }, { binId: -420, weight: 5739 }, { binId: -419, weight: 3388 }, { binId: -418, weight: 1041 }], 'liquidityParameter.maxActiveBinSlippage': 4 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:957
  'meteora-dlmm-decoder/add_liquidity_one_side_precise_ix.json': { variant: 'AddLiquidityOneSidePrecise', args: { 'parameter.bins': [{ amount: 92867, binId: -800 }, { amount: 206898, binId: -799 }, { amount: 299326, binId: -798 }, { amount: 384861, binId: -797 }, { amount: 467370, binId: -796 }, { amount: 548676, binId: -795 }], 'parameter.decompressMultiplier': 1000000000 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:4082
  'meteora-dlmm-decoder/claim_fee2_ix.json': { variant: 'ClaimFee2', args: { 'maxBinId': -3601, 'minBinId': -3669, 'remainingAccountsInfo.slices': [{ accountsType: 'TransferHookX', length: 0 }, { accountsType: 'TransferHookY', length: 0 }] } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1218
  'meteora-dlmm-decoder/claim_fee_ix.json': { variant: 'ClaimFee' },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:4193
  'meteora-dlmm-decoder/claim_reward2_ix.json': { variant: 'ClaimReward2', args: { 'maxBinId': 4, 'minBinId': 4, 'remainingAccountsInfo.slices': [{ accountsType: 'TransferHookReward', length: 0 }], 'rewardIndex': 0 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1314
  'meteora-dlmm-decoder/claim_reward_ix.json': { variant: 'ClaimReward', args: { 'rewardIndex': 0 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3166
  'meteora-dlmm-decoder/close_position2_ix.json': { variant: 'ClosePosition2' },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3113
  'meteora-dlmm-decoder/close_position_if_empty_ix.json': { variant: 'ClosePositionIfEmpty' },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1396
  'meteora-dlmm-decoder/close_position_ix.json': { variant: 'ClosePosition' },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1457
  'meteora-dlmm-decoder/close_preset_parameter_ix.json': { variant: 'ClosePresetParameter' },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1500
  'meteora-dlmm-decoder/go_to_a_bin_ix.json': { variant: 'GoToABin', args: { 'binId': -11653 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1556
  'meteora-dlmm-decoder/initialize_bin_array_bitmap_extension_ix.json': { variant: 'InitializeBinArrayBitmapExtension' },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1609
  'meteora-dlmm-decoder/initialize_bin_array_ix.json': { variant: 'InitializeBinArray', args: { 'index': 6 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1765
  // Carbon reads CustomizableParams as DLMM IDL 0.9.0 did (62 bytes of padding); see poolFlagsFromPadding.
  'meteora-dlmm-decoder/initialize_customizable_permissionless_lb_pair2_ix.json': { variant: 'InitializeCustomizablePermissionlessLbPair2', args: { 'params.activeId': -1157, 'params.binStep': 100, 'params.baseFactor': 10000, 'params.activationType': 1, 'params.hasAlphaVault': true, 'params.activationPoint': 1748602200, 'params.creatorPoolOnOffControl': false, 'params.baseFeePowerFactor': 0, 'params.padding': Array(62).fill(0) }, differs: { args: { 'params.padding': poolFlagsFromPadding } } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1654
  // Carbon reads CustomizableParams as DLMM IDL 0.9.0 did (62 bytes of padding); see poolFlagsFromPadding.
  'meteora-dlmm-decoder/initialize_customizable_permissionless_lb_pair_ix.json': { variant: 'InitializeCustomizablePermissionlessLbPair', args: { 'params.activationPoint': null, 'params.activationType': 0, 'params.activeId': 1, 'params.baseFactor': 5000, 'params.binStep': 2, 'params.hasAlphaVault': false, 'params.creatorPoolOnOffControl': false, 'params.baseFeePowerFactor': 0, 'params.padding': Array(62).fill(0) }, differs: { args: { 'params.padding': poolFlagsFromPadding } } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:4280
  'meteora-dlmm-decoder/initialize_lb_pair2_ix.json': { variant: 'InitializeLbPair2', args: { 'params.activeId': -341, 'params.padding': Array(96).fill(0) } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1891
  'meteora-dlmm-decoder/initialize_lb_pair_ix.json': { variant: 'InitializeLbPair', args: { 'activeId': 91, 'binStep': 250 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:1988
  'meteora-dlmm-decoder/initialize_permission_lb_pair_ix.json': { variant: 'InitializePermissionLbPair', args: { 'ixData.activeId': -48930, 'ixData.binStep': 1, 'ixData.baseFactor': 10000, 'ixData.baseFeePowerFactor': 0, 'ixData.activationType': 1, 'ixData.protocolShare': 500 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:2109
  'meteora-dlmm-decoder/initialize_position_by_operator_ix.json': { variant: 'InitializePositionByOperator', args: { 'feeOwner': '2yRC3SXXh8dUpHfKYXyWwn1b1QJPrJwuJ7UKtLU4Usmu', 'lockReleasePoint': 0, 'lowerBinId': -2022, 'width': 1 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:2196
  'meteora-dlmm-decoder/initialize_position_ix.json': { variant: 'InitializePosition', args: { 'lowerBinId': -730, 'width': 1 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:2263
  'meteora-dlmm-decoder/initialize_position_pda_ix.json': { variant: 'InitializePositionPda', args: { 'lowerBinId': -2070, 'width': 70 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3218
  'meteora-dlmm-decoder/migrate_bin_array_ix.json': { variant: 'MigrateBinArray' },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:2336
  'meteora-dlmm-decoder/migrate_position_ix.json': { variant: 'MigratePosition' },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:2410
  'meteora-dlmm-decoder/remove_all_liquidity_ix.json': { variant: 'RemoveAllLiquidity' },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3369
  'meteora-dlmm-decoder/remove_liquidity2_ix.json': { variant: 'RemoveLiquidity2', args: { 'binLiquidityRemoval': [{ binId: -560, bpsToRemove: 10000 }], 'remainingAccountsInfo.slices': [{ accountsType: 'TransferHookX', length: 0 }, { accountsType: 'TransferHookY', length: 0 }] } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3248
  'meteora-dlmm-decoder/remove_liquidity_by_range2_ix.json': { variant: 'RemoveLiquidityByRange2', args: { 'bpsToRemove': 10000, 'fromBinId': -3567, 'remainingAccountsInfo.slices': [{ accountsType: 'TransferHookX', length: 0 }, { accountsType: 'TransferHookY', length: 0 }], 'toBinId': -3499 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:2517
  'meteora-dlmm-decoder/remove_liquidity_by_range_ix.json': { variant: 'RemoveLiquidityByRange', args: { 'bpsToRemove': 10000, 'fromBinId': -239, 'toBinId': -171 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:2629
  'meteora-dlmm-decoder/remove_liquidity_ix.json': { variant: 'RemoveLiquidity', args: { 'binLiquidityRemoval': [{ binId: 1687, bpsToRemove: 1 }, { binId: 1688, bpsToRemove: 1 }, { binId: 1689, bpsToRemove: 1 }, { binId: 1690, bpsToRemove: 1 }, { binId: 1691, bpsToRemove: 1 }, { binId: 1692, bpsToRemove: 1 }, { binId: 1693, bpsToRemove: 1 }, { binId: 1694, bpsToRemove: 1 }, { binId: 1695, bpsToRemove: 1 }, { binId: 1696, bpsToRemove: 1 }, { binId: 1697, bpsToRemove: 1 }, { binId: 1698, bpsToRemove: 1 }, { binId: 1699, bpsToRemove: 1 }, { binId: 1700, bpsToRemove: 1 }, { binId: 1701, bpsToRemove: 1 }, { binId: 1702, bpsToRemove: 1 }, { binId: 1703, bpsToRemove: 1 }, { binId: 1704, bpsToRemove: 1 }, { binId: 1705, bpsToRemove: 1 }, { binId: 1706, bpsToRemove: 1 }, { binId: 1707, bpsToRemove: 1 }, { binId: 1708, bpsToRemove: 1 }, { binId: 1709, bpsToRemove: 1 }] } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3488
  // The same account, renamed by Meteora: its IDL 0.9.0 (Carbon's) says admin, 0.12.0 (@meteora-ag/dlmm 1.9.14, ours) signer.
  'meteora-dlmm-decoder/set_activation_point_ix.json': { variant: 'SetActivationPoint', args: { 'activationPoint': 1748178300 }, differs: { accounts: { admin: 'signer' } } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3527
  'meteora-dlmm-decoder/set_pair_status_ix.json': { variant: 'SetPairStatus', args: { 'status': 1 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3564
  // The same account, renamed by Meteora: its IDL 0.9.0 (Carbon's) says creator, 0.12.0 (@meteora-ag/dlmm 1.9.14, ours) signer.
  'meteora-dlmm-decoder/set_pair_status_permissionless_ix.json': { variant: 'SetPairStatusPermissionless', args: { 'status': 0 }, differs: { accounts: { creator: 'signer' } } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3606
  // The same account, renamed by Meteora: its IDL 0.9.0 (Carbon's) says creator, 0.12.0 (@meteora-ag/dlmm 1.9.14, ours) signer.
  'meteora-dlmm-decoder/set_pre_activation_duration_ix.json': { variant: 'SetPreActivationDuration', args: { 'preActivationDuration': 3600 }, differs: { accounts: { creator: 'signer' } } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3648
  // The same account, renamed by Meteora: its IDL 0.9.0 (Carbon's) says creator, 0.12.0 (@meteora-ag/dlmm 1.9.14, ours) signer.
  'meteora-dlmm-decoder/set_pre_activation_swap_address_ix.json': { variant: 'SetPreActivationSwapAddress', args: { 'preActivationSwapAddress': '8gCqHrCcP5PxUf2fPR1nre5B9t2HjWQu6StujDCor4oW' }, differs: { accounts: { creator: 'signer' } } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3916
  'meteora-dlmm-decoder/swap2_ix.json': { variant: 'Swap2', args: { 'amountIn': 217206901, 'minAmountOut': 0, 'remainingAccountsInfo.slices': [] } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3692
  'meteora-dlmm-decoder/swap_exact_out2_ix.json': { variant: 'SwapExactOut2', args: { 'maxInAmount': 3826290145, 'outAmount': 4891000000000, 'remainingAccountsInfo.slices': [] } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:2831
  'meteora-dlmm-decoder/swap_exact_out_ix.json': { variant: 'SwapExactOut', args: { 'maxInAmount': '18446744073709551615', 'outAmount': 5950000 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:2944
  'meteora-dlmm-decoder/swap_ix.json': { variant: 'Swap', args: { 'amountIn': 60165522, 'minAmountOut': 0 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3803
  'meteora-dlmm-decoder/swap_with_price_impact2_ix.json': { variant: 'SwapWithPriceImpact2', args: { 'activeId': -533, 'amountIn': 58823, 'maxPriceImpactBps': 1000, 'remainingAccountsInfo.slices': [] } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:4026
  'meteora-dlmm-decoder/update_base_fee_parameters_ix.json': { variant: 'UpdateBaseFeeParameters', args: { 'feeParameter.baseFactor': 3125, 'feeParameter.baseFeePowerFactor': 0, 'feeParameter.protocolShare': 2000 } },
  // decoders/meteora-dlmm-decoder/src/instructions/mod.rs:3060
  'meteora-dlmm-decoder/update_fees_and_rewards_ix.json': { variant: 'UpdateFeesAndRewards' },
  // decoders/moonshot-decoder/src/instructions/mod.rs:206; accounts: the arranged-accounts struct at line 280
  'moonshot-decoder/buy_ix.json': { variant: 'Buy', args: { 'data.tokenAmount': 5430576418647, 'data.collateralAmount': 1640000, 'data.fixedSide': 1, 'data.slippageBps': 9999 }, accounts: ['sender', 'sender_token_account', 'curve_account', 'curve_token_account', 'dex_fee', 'helio_fee', 'mint', 'config_account', 'token_program', 'associated_token_program', 'system_program'] },
  // decoders/moonshot-decoder/src/instructions/mod.rs:466; accounts: the arranged-accounts struct at line 539
  'moonshot-decoder/migrate_funds_ix.json': { variant: 'MigrateFunds', accounts: ['backend_authority', 'migration_authority', 'curve_account', 'curve_token_account', 'migration_authority_token_account', 'mint', 'dex_fee_account', 'helio_fee_account', 'config_account', 'system_program', 'token_program', 'associated_token_program'] },
  // decoders/moonshot-decoder/src/instructions/mod.rs:336; accounts: the arranged-accounts struct at line 410
  'moonshot-decoder/sell_ix.json': { variant: 'Sell', args: { 'data.tokenAmount': 157227000000000, 'data.collateralAmount': 20990579, 'data.fixedSide': 0, 'data.slippageBps': 100 }, accounts: ['sender', 'sender_token_account', 'curve_account', 'curve_token_account', 'dex_fee', 'helio_fee', 'mint', 'config_account', 'token_program', 'associated_token_program', 'system_program'] },
  // decoders/moonshot-decoder/src/instructions/mod.rs:67; accounts: the arranged-accounts struct at line 149
  // Carbon's `..TokenMintParams::default()` asserts a 10-byte `_padding` (zeros) after migration_target, which
  // Carbon added after seeing mainnet mints carry 10 more bytes. Moonshot publishes no layout naming them; ours
  // (Vixen's IDL) stops before them, so they stay unread: checked as the data's last 10 bytes.
  'moonshot-decoder/token_mint_ix.json': { variant: 'TokenMint', args: { 'mintParams.name': 'Gamestop', 'mintParams.symbol': '$GME', 'mintParams.uri': 'https://cdn.dexscreener.com/cms/tokens/metadata/UgnNvayhAu8K97aoT3B8', 'mintParams.decimals': 9, 'mintParams.collateralCurrency': 0, 'mintParams.amount': '1000000000000000000', 'mintParams.curveType': 1, 'mintParams.migrationTarget': 0, 'mintParams.padding': Array(10).fill(0) }, accounts: ['sender', 'backend_authority', 'curve_account', 'mint', 'mint_metadata', 'curve_token_account', 'config_account', 'token_program', 'associated_token_program', 'mpl_token_metadata', 'system_program'], differs: { trailing: { 'mintParams.padding': 10 } } },
  // decoders/mpl-token-metadata-decoder/src/instructions/mod.rs:228; accounts: the arranged-accounts struct at line 276
  'mpl-token-metadata-decoder/create_metadata_v3_ix.json': { variant: 'CreateMetadataAccountV3', args: { 'createMetadataAccountArgsV3.data.name': 'スキズー', 'createMetadataAccountArgsV3.data.symbol': 'SKZOO', 'createMetadataAccountArgsV3.data.uri': 'https://ipfs.io/ipfs/bafkreigwusbaqy7cgbh3mvij5gu4c2m4msaceoutpw5fyisypych7glzjm', 'createMetadataAccountArgsV3.data.sellerFeeBasisPoints': 0, 'createMetadataAccountArgsV3.data.creators': [{ address: 'WLHv2UAZm6z4KyaaELi5pjdbJh6RESMva1Rnn8pJVVh', verified: true, share: 100 }], 'createMetadataAccountArgsV3.data.collection': null, 'createMetadataAccountArgsV3.data.uses': null, 'createMetadataAccountArgsV3.isMutable': false, 'createMetadataAccountArgsV3.collectionDetails': null }, accounts: ['metadata', 'mint', 'mint_authority', 'payer', 'update_authority', 'system_program'] },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:252 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/close_bundled_position_ix.json': { variant: 'CloseBundledPosition', args: { 'bundleIndex': 0 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:307 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/close_position_ix.json': { variant: 'ClosePosition' },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:361 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/collect_fees_ix.json': { variant: 'CollectFees' },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:433 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/collect_fees_v2_ix.json': { variant: 'CollectFeesV2', args: { 'remainingAccountsInfo': null } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:527 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/collect_protocol_fees_ix.json': { variant: 'CollectProtocolFees' },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:596 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/collect_protocol_fees_v2_ix.json': { variant: 'CollectProtocolFeesV2', args: { 'remainingAccountsInfo': null } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:688 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/collect_reward_ix.json': { variant: 'CollectReward', args: { 'rewardIndex': 0 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:751 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/collect_reward_v2_ix.json': { variant: 'CollectRewardV2', args: { 'remainingAccountsInfo': null, 'rewardIndex': 0 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:826 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/decrease_liquidity_ix.json': { variant: 'DecreaseLiquidity', args: { 'liquidityAmount': 6728487368, 'tokenMinA': 859639789, 'tokenMinB': 742325562 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:912 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/decrease_liquidity_v2_ix.json': { variant: 'DecreaseLiquidityV2', args: { 'liquidityAmount': 33429762919, 'remainingAccountsInfo': null, 'tokenMinA': 0, 'tokenMinB': 341312282 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1019 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/delete_position_bundle_ix.json': { variant: 'DeletePositionBundle' },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1077 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/increase_liquidity_ix.json': { variant: 'IncreaseLiquidity', args: { 'liquidityAmount': 22561146, 'tokenMaxA': 7709, 'tokenMaxB': 16093721672 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1163 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/increase_liquidity_v2_ix.json': { variant: 'IncreaseLiquidityV2', args: { 'liquidityAmount': 119303511311, 'remainingAccountsInfo': null, 'tokenMaxA': '18446744073709551615', 'tokenMaxB': '18446744073709551615' } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1270 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/initialize_config_extension_ix.json': { variant: 'InitializeConfigExtension' },
  // No Carbon test reads it: the name is the fixture's, the accounts its labels.
  'orca-whirlpool-decoder/initialize_config_ix.json': { variant: 'InitializeConfig' },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1322 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/initialize_fee_tier_ix.json': { variant: 'InitializeFeeTier', args: { 'defaultFeeRate': 0, 'tickSpacing': 256 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1374 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/initialize_pool_ix.json': { variant: 'InitializePool', args: { 'bumps.whirlpoolBump': 246, 'initialSqrtPrice': '1304381782533278221200000', 'tickSpacing': 32896 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1459 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/initialize_pool_v2_ix.json': { variant: 'InitializePoolV2', args: { 'initialSqrtPrice': '313696632313979986050', 'tickSpacing': 32896 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1553 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/initialize_position_bundle_ix.json': { variant: 'InitializePositionBundle' },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1625 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/initialize_position_bundle_with_metadata_ix.json': { variant: 'InitializePositionBundleWithMetadata' },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1710 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/initialize_reward_v2_ix.json': { variant: 'InitializeRewardV2', args: { 'rewardIndex': 1 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1780 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/initialize_tick_array_ix.json': { variant: 'InitializeTickArray', args: { 'startTickIndex': 0 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1823 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/initialize_token_badge_ix.json': { variant: 'InitializeTokenBadge' },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1877 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/open_bundled_position_ix.json': { variant: 'OpenBundledPosition', args: { 'bundleIndex': 0, 'tickLowerIndex': 78272, 'tickUpperIndex': 79872 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:1945 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/open_position_ix.json': { variant: 'OpenPosition', args: { 'bumps.positionBump': 253, 'tickLowerIndex': -21264, 'tickUpperIndex': -19424 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:2023 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/open_position_with_metadata_ix.json': { variant: 'OpenPositionWithMetadata', args: { 'bumps.metadataBump': 255, 'bumps.positionBump': 254, 'tickLowerIndex': -18776, 'tickUpperIndex': -18576 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:2122 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/set_collect_protocol_fees_authority_ix.json': { variant: 'SetCollectProtocolFeesAuthority' },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:2172 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/set_reward_emissions_v2_ix.json': { variant: 'SetRewardEmissionsV2', args: { 'emissionsPerSecondX64': '610011378098860833862433862', 'rewardIndex': 0 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:2218 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/swap_ix.json': { variant: 'Swap', args: { 'aToB': false, 'amount': 85373619, 'amountSpecifiedIsInput': true, 'otherAmountThreshold': 0, 'sqrtPriceLimit': '79226673515401279992447579055' } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:2306 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/swap_v2_ix.json': { variant: 'SwapV2', args: { 'aToB': true, 'amount': 367897999, 'amountSpecifiedIsInput': true, 'otherAmountThreshold': 1, 'remainingAccountsInfo': null, 'sqrtPriceLimit': 4295048016 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:2415 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/two_hop_swap_ix.json': { variant: 'TwoHopSwap', args: { 'aToBOne': true, 'aToBTwo': false, 'amount': 110000, 'amountSpecifiedIsInput': true, 'otherAmountThreshold': 194634640, 'sqrtPriceLimitOne': 4295048016, 'sqrtPriceLimitTwo': '79226673515401279992447579055' } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:2551 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/two_hop_swap_v2_ix.json': { variant: 'TwoHopSwapV2', args: { 'aToBOne': false, 'aToBTwo': true, 'amount': 40139172, 'amountSpecifiedIsInput': true, 'otherAmountThreshold': 0, 'remainingAccountsInfo': null, 'sqrtPriceLimitOne': '79226673515401279992447579055', 'sqrtPriceLimitTwo': 4295048016 } },
  // decoders/orca-whirlpool-decoder/src/instructions/mod.rs:2708 (at 9ab78bdd^, before Carbon dropped these tests)
  'orca-whirlpool-decoder/update_fees_and_rewards_ix.json': { variant: 'UpdateFeesAndRewards' },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:1228
  'raydium-clmm-decoder/close_position_ix.json': { variant: 'ClosePosition' },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:731
  'raydium-clmm-decoder/collect_fund_fee_ix.json': { variant: 'CollectFundFee', args: { 'amount0Requested': '18446744073709551615', 'amount1Requested': '18446744073709551615' } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:649
  'raydium-clmm-decoder/collect_protocol_fee_ix.json': { variant: 'CollectProtocolFee', args: { 'amount0Requested': '18446744073709551615', 'amount1Requested': '18446744073709551615' } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:477
  'raydium-clmm-decoder/collect_remaining_rewards_ix.json': { variant: 'CollectRemainingRewards', args: { 'rewardIndex': 0 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:182
  'raydium-clmm-decoder/create_amm_config_ix.json': { variant: 'CreateAmmConfig', args: { 'fundFeeRate': 40000, 'index': 18, 'protocolFeeRate': 120000, 'tickSpacing': 120, 'tradeFeeRate': 30000 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:269
  'raydium-clmm-decoder/create_pool_ix.json': { variant: 'CreatePool', args: { 'openTime': 0, 'sqrtPriceX64': '3742598438193254786' } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:1481
  'raydium-clmm-decoder/decrease_liquidity_ix.json': { variant: 'DecreaseLiquidity', args: { 'amount0Min': 0, 'amount1Min': 0, 'liquidity': 0 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:1580
  'raydium-clmm-decoder/decrease_liquidity_v2_ix.json': { variant: 'DecreaseLiquidityV2', args: { 'amount0Min': 0, 'amount1Min': 0, 'liquidity': 0 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:1279
  'raydium-clmm-decoder/increase_liquidity_ix.json': { variant: 'IncreaseLiquidity', args: { 'amount0Max': 2282862, 'amount1Max': 1913742, 'liquidity': 401645319 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:1374
  'raydium-clmm-decoder/increase_liquidity_v2_ix.json': { variant: 'IncreaseLiquidityV2', args: { 'amount0Max': 224270885, 'amount1Max': 58753747, 'baseFlag': null, 'liquidity': 2956211666 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:397
  'raydium-clmm-decoder/initialize_reward_ix.json': { variant: 'InitializeReward', args: { 'param.emissionsPerSecondX64': '18446744073709551616', 'param.endTime': 1753877100, 'param.openTime': 1748693100 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:816
  'raydium-clmm-decoder/open_position_ix.json': { variant: 'OpenPosition', args: { 'amount0Max': 26479886, 'amount1Max': 3564247, 'liquidity': 0, 'tickArrayLowerStartIndex': -20820, 'tickArrayUpperStartIndex': -20820, 'tickLowerIndex': -20809, 'tickUpperIndex': -20775 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:943
  'raydium-clmm-decoder/open_position_v2_ix.json': { variant: 'OpenPositionV2', args: { 'amount0Max': 200000000000, 'amount1Max': 50000000000000, 'baseFlag': false, 'liquidity': 0, 'tickArrayLowerStartIndex': -443640, 'tickArrayUpperStartIndex': 443580, 'tickLowerIndex': -443630, 'tickUpperIndex': 443630, 'withMetadata': true } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:1091
  'raydium-clmm-decoder/open_position_with_token22_nft_ix.json': { variant: 'OpenPositionWithToken22Nft', args: { 'amount0Max': 0, 'amount1Max': 970000000000000, 'baseFlag': false, 'liquidity': 0, 'tickArrayLowerStartIndex': 39600, 'tickArrayUpperStartIndex': 39600, 'tickLowerIndex': 42300, 'tickUpperIndex': 42360, 'withMetadata': true } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:578
  'raydium-clmm-decoder/set_reward_params_ix.json': { variant: 'SetRewardParams', args: { 'emissionsPerSecondX64': '15250284452471520847000', 'endTime': 1750090500, 'openTime': 1747066500, 'rewardIndex': 0 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:1703
  'raydium-clmm-decoder/swap_ix.json': { variant: 'Swap', args: { 'amount': 1863648, 'isBaseInput': true, 'otherAmountThreshold': 0, 'sqrtPriceLimitX64': 0 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:1914
  'raydium-clmm-decoder/swap_router_base_in_ix.json': { variant: 'SwapRouterBaseIn', args: { 'amountIn': 200000000, 'amountOutMinimum': 0 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:1792
  'raydium-clmm-decoder/swap_v2_ix.json': { variant: 'SwapV2', args: { 'amount': 4345224260, 'isBaseInput': false, 'otherAmountThreshold': 500000000000000, 'sqrtPriceLimitX64': '79226673521066979257578248090' } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:227
  'raydium-clmm-decoder/update_amm_config_ix.json': { variant: 'UpdateAmmConfig', args: { 'param': 3, 'value': 0 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:360
  'raydium-clmm-decoder/update_pool_status_ix.json': { variant: 'UpdatePoolStatus', args: { 'status': 17 } },
  // decoders/raydium-clmm-decoder/src/instructions/mod.rs:548
  'raydium-clmm-decoder/update_reward_infos_ix.json': { variant: 'UpdateRewardInfos' },
  // decoders/system-program-decoder/src/instructions/mod.rs:88; accounts: the arranged-accounts struct at line 115
  'system-program-decoder/create_with_seed_ix.json': { variant: 'CreateAccountWithSeed', args: { 'base': '6bBmDxYqXeFbXN8SmtjTpiA3SrEDKsxK8RG6yhPGpa9G', 'seed': 'CF9nRGJcFhH57xgcPxaamBs5pHxHexP9', 'space': 165, 'amount': 1283531083, 'programAddress': 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' }, accounts: ['payer', 'new_account', 'base_account'] },
};

function readFixture(file: string): CarbonInstruction {
  return JSON.parse(readFileSync(join(carbonDir, file), 'utf8')) as CarbonInstruction;
}

/**
 * The node parses the System program itself, so the gateway leaves its entries alone
 * (decodeInstructionEntry answers null); its bundled description is still checked here, read the
 * way decodeInstructionEntry reads any other program.
 */
function decode(fixture: CarbonInstruction): ParsedInstruction | null {
  const data = encodeBase58(Buffer.from(fixture.data, 'hex'));
  const accounts = fixture.accounts.map((a) => a.pubkey);
  if (!nodeParsedInstructionPrograms.has(fixture.program_id)) {
    return decodeInstructionEntry(fixture.program_id, data, accounts, registry)?.parsed ?? null;
  }
  assert.equal(decodeInstructionEntry(fixture.program_id, data, accounts, registry), null);
  const [program] = registry.versions(fixture.program_id);
  const decoded = program?.decodeInstruction(Buffer.from(fixture.data, 'hex'));
  return decoded ? parsedInstruction(decoded, accounts, fixture.program_id) : null;
}

/** Whether our key holds the address at that position (an optional account left out is null). */
function holds(info: Record<string, unknown>, key: string, address: string, programId: string): boolean {
  const value = info[key];
  if (Array.isArray(value)) return value.includes(address);
  return value === address || (value === null && address === programId);
}

function compare(file: string, want: Vector): { type: string | null; checks: Check[] } {
  const fixture = readFixture(file);
  const parsed = decode(fixture);
  const checks: Check[] = [];
  const carbonType = camelCase(want.variant);
  checks.push({
    what: 'name',
    theirs: carbonType,
    ours: parsed?.type,
    raw: parsed?.type === carbonType,
    ok: parsed?.type === (want.differs?.type ?? carbonType),
  });
  const info = parsed?.info ?? {};
  fixture.accounts.forEach((account, i) => {
    const carbonName = account.label ?? want.accounts?.[i];
    if (carbonName === undefined) return;
    const name = camelCase(carbonName);
    const ours = Object.keys(info).filter((k) => k !== 'remainingAccounts' && holds(info, k, account.pubkey, fixture.program_id));
    const mapped = want.differs?.accounts?.[name] ?? name;
    checks.push({
      what: `account ${i}`,
      theirs: name,
      ours,
      raw: holds(info, name, account.pubkey, fixture.program_id),
      ok: holds(info, mapped, account.pubkey, fixture.program_id),
    });
  });
  const data = Buffer.from(fixture.data, 'hex');
  for (const [path, value] of Object.entries(want.args ?? {})) {
    const equal = (p: string, v: unknown) => isDeepStrictEqual(asText(at(info, p)), asText(v));
    const raw = equal(path, value);
    const mapping = want.differs?.args?.[path];
    const trailing = want.differs?.trailing?.[path];
    if (trailing !== undefined) {
      // Not ours to compare: Carbon's value must be those last bytes, and we must not claim to read them.
      const ok = at(info, path) === undefined && isDeepStrictEqual([...data.subarray(data.length - trailing)], value);
      checks.push({ what: `arg ${path}`, theirs: value, ours: 'unread', raw, ok });
    } else if (typeof mapping === 'function') {
      const parts = Object.entries(mapping(value));
      const ok = parts.every(([p, v]) => equal(p, v));
      checks.push({ what: `arg ${path}`, theirs: value, ours: Object.fromEntries(parts.map(([p]) => [p, at(info, p)])), raw, ok });
    } else {
      const mapped = mapping ?? path;
      checks.push({ what: `arg ${path}`, theirs: value, ours: at(info, mapped), raw, ok: equal(mapped, value) });
    }
  }
  return { type: parsed?.type ?? null, checks };
}

function fixtureFiles(): string[] {
  return readdirSync(carbonDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(carbonDir, d.name))
        .filter((f) => f.endsWith('_ix.json'))
        .map((f) => `${d.name}/${f}`),
    )
    .sort();
}

test('every Carbon instruction fixture has its vector here', () => {
  assert.deepEqual(fixtureFiles(), Object.keys(vectors).sort());
});

for (const [file, want] of Object.entries(vectors)) {
  test(`Carbon vector ${file} decodes as ${want.variant}`, () => {
    const { type, checks } = compare(file, want);
    assert.notEqual(type, null, `${file}: not decoded`);
    const wrong = checks.filter((c) => !c.ok);
    assert.deepEqual(wrong, [], `${file}: disagrees with Carbon`);
  });
}

test('agreement with Carbon over all vectors', (t) => {
  const all = Object.entries(vectors).flatMap(([file, want]) => compare(file, want).checks.map((c) => ({ file, ...c })));
  const kinds = {
    names: (c: Check) => c.what === 'name',
    accounts: (c: Check) => c.what.startsWith('account'),
    fields: (c: Check) => c.what.startsWith('arg'),
  };
  for (const [kind, is] of Object.entries(kinds)) {
    const of = all.filter(is);
    const raw = of.filter((c) => c.raw).length;
    const ok = of.filter((c) => c.ok).length;
    t.diagnostic(`${kind}: ${raw}/${of.length} equal as Carbon states them, ${ok}/${of.length} with the documented mappings`);
  }
  for (const c of all.filter((c) => !c.raw))
    t.diagnostic(`${c.file} ${c.what}: Carbon ${JSON.stringify(c.theirs)}, ours ${JSON.stringify(c.ours)}${c.ok ? ' (mapped)' : ''}`);
  assert.equal(all.filter((c) => !c.ok).length, 0);
});
