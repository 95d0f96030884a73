/**
 * pinax-network/substreams-solana-idls's decoding tests (test/fixtures/substreams-solana-idls,
 * the byte strings verbatim; Apache-2.0 by its LICENSE, MIT by its Cargo.toml): each test there
 * unpacks instruction data or an event, mostly from a mainnet transaction it links on Solscan, with
 * that crate's own hand-written Rust layouts, and asserts the variant and field values it reads.
 * Each is decoded here with the bundled descriptions and compared with those assertions,
 * transcribed below from the test whose literal `source` names (tests/<dir>/<file>.rs at the commit
 * in the fixtures' README).
 *
 * Instruction data and events emitted by self-CPI (the e445a52e51cb9a1d tag first) go through
 * decodeInstructionEntry as an inner instruction's data would. The events Anchor's `emit!` writes to
 * the log ("Program data:") carry the same bytes without the tag, which the gateway does not read;
 * their layout is the IDL's all the same, so they are checked behind the tag (`log`).
 *
 * The crate names fields in snake_case, ours camelCase (segment by segment); where it names a
 * variant or a path otherwise, the vector says so and why.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeInstructionEntry } from '../src/enhance/instruction-entry.js';
import { encodeBase58 } from '../src/codec/base58.js';
import { camelCase } from '../src/decode/names.js';
import { projectRoot } from '../src/paths.js';
import { asText, at, type Check } from './support/vectors.js';

const fixtures = join(projectRoot, 'test', 'fixtures', 'substreams-solana-idls');
const registry = loadBundledRegistry();
const eventCpiTag = Buffer.from('e445a52e51cb9a1d', 'hex');

interface Literal {
  /** tests/<dir>/<file>.rs:<line> of the literal. */
  source: string;
  test: string;
  /** The transaction the test links, where it links one. */
  transaction: string | null;
  /** The PROGRAM_ID of the crate's module the test unpacks with. */
  program: string;
  encoding: 'hex' | 'base64';
  data: string;
}

interface Vector {
  fixture: string;
  source: string;
  /** The crate's Rust variant. */
  variant: string;
  /** Ours: the instruction's or event's name in the bundled IDL. */
  name: string;
  /** An event Anchor's `emit!` logs, without the self-CPI tag. */
  log?: true;
  /** What the test asserts, by the crate's dotted path; numbers as text, as we render u64 and wider. */
  values: Record<string, unknown>;
  /** The crate's path → ours, where ours is not its camelCase. */
  paths?: Record<string, string>;
  /** Paths whose enum variant names the crate spells in PascalCase and the IDL in camelCase. */
  pascalVariants?: string[];
}

// prettier-ignore
const vectors: Vector[] = [
  { fixture: 'bonkswap_bonkswap.json', source: 'tests/bonkswap/bonkswap.rs:8', variant: 'Swap', name: 'swap', values: { 'delta_in.v': '155544178', 'price_limit.v': '340282366920938463463374607431768211455', x_to_y: false } },
  { fixture: 'byreal_byreal_clmm.json', source: 'tests/byreal/byreal_clmm.rs:10', variant: 'SwapV2', name: 'swapV2', values: { amount: '199600000', other_amount_threshold: '179986490', sqrt_price_limit_x64: '0', is_base_input: true } },
  // DFlow's swap holds a list of actions; pinax's test reads the fields of its one MeteoraDlmmSwap action
  { fixture: 'dflow_dflow_v4.json', source: 'tests/dflow/dflow_v4.rs:7', variant: 'Swap', name: 'swap', paths: { amount: 'params.actions.0.MeteoraDlmmSwap.amount', num_bin_arrays: 'params.actions.0.MeteoraDlmmSwap.numBinArrays', 'orchestrator_flags.flags': 'params.actions.0.MeteoraDlmmSwap.orchestratorFlags.flags' }, values: { amount: '30000000', num_bin_arrays: '1', 'orchestrator_flags.flags': '0', 'params.quoted_out_amount': '55027535', 'params.slippage_bps': '50', 'params.platform_fee_bps': '0' } },
  // pinax names the Rust variant of the enum of this program's events Swap; the IDL's event is SwapEvent
  { fixture: 'dflow_dflow_v4.json', source: 'tests/dflow/dflow_v4.rs:29', variant: 'Swap', name: 'SwapEvent', values: { amm: 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo', input_mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', input_amount: '30000000', output_mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', output_amount: '54981138' } },
  { fixture: 'drift_drift_v2.json', source: 'tests/drift/drift_v2.rs:8', variant: 'BeginSwap', name: 'beginSwap', values: { in_market_index: '33', out_market_index: '34', amount_in: '203476682' } },
  { fixture: 'drift_drift_v2.json', source: 'tests/drift/drift_v2.rs:18', variant: 'SpotInterestRecord', name: 'SpotInterestRecord', log: true, values: { ts: '1757867955', market_index: '34', deposit_balance: '67166964201430164', cumulative_deposit_interest: '10455305690', borrow_balance: '55895260718241580', cumulative_borrow_interest: '10717138180', optimal_utilization: '800000', optimal_borrow_rate: '52500', max_borrow_rate: '900000' } },
  { fixture: 'drift_drift_v2.json', source: 'tests/drift/drift_v2.rs:38', variant: 'EndSwap', name: 'endSwap', values: { in_market_index: '33', out_market_index: '34' } },
  { fixture: 'drift_drift_v2.json', source: 'tests/drift/drift_v2.rs:49', variant: 'SwapRecord', name: 'SwapRecord', log: true, values: { ts: '1757867955', user: 'EyRrHJuMqqiE2yMQSecHJ4hK1Y9MM7QUB39coLpc2RLq', amount_out: '1200000000', amount_in: '203273409', out_market_index: '34', in_market_index: '33', out_oracle_price: '999897', in_oracle_price: '5900599', fee: '0' } },
  // Heaven's sell takes one struct argument, params; pinax flattens its fields
  { fixture: 'heaven_heaven.json', source: 'tests/heaven/heaven.rs:9', variant: 'Sell', name: 'sell', paths: { amount_in: 'params.amountIn', minimum_amount_out: 'params.minimumAmountOut', encoded_user_defined_event_data: 'params.encodedUserDefinedEventData' }, values: { amount_in: '5895449118100', minimum_amount_out: '0', encoded_user_defined_event_data: '' } },
  { fixture: 'jupiter_jupiter_v4.json', source: 'tests/jupiter/jupiter_v4.rs:8', variant: 'Swap', name: 'Swap', log: true, values: { amm: '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP', input_mint: 'So11111111111111111111111111111111111111112', input_amount: '2615043', output_mint: 'StepAscQoEioFxxWGnh2sLBDFp9d8rvKz2Yp39iDpyT', output_amount: '5258459749' } },
  // pinax names the Rust variant of the enum of this program's events Swap; the IDL's event is SwapEvent
  { fixture: 'jupiter_jupiter_v6.json', source: 'tests/jupiter/jupiter_v6.rs:8', variant: 'Swap', name: 'SwapEvent', values: { amm: 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA', input_mint: 'J3rYdme789g1zAysfbH9oP4zjagvfVM2PX7KJgFDpump', input_amount: '29725215272', output_mint: 'So11111111111111111111111111111111111111112', output_amount: '55762075' } },
  // likewise FeeEvent in the IDL
  { fixture: 'jupiter_jupiter_v6.json', source: 'tests/jupiter/jupiter_v6.rs:30', variant: 'Fee', name: 'FeeEvent', values: { account: '8ctcHN52LY21FEipCjr1MVWtoZa1irJQTPyAaTj72h7S', mint: 'So11111111111111111111111111111111111111112', amount: '46344' } },
  { fixture: 'meteora_meteora_daam.json', source: 'tests/meteora/meteora_daam.rs:10', variant: 'EvtSwap', name: 'EvtSwap', values: { pool: '7bEa1teiLKdRbEopnCWjDdcvAAAnaHuiRiPErUKhLybS', trade_direction: '1', 'params.amount_in': '200000000', 'params.minimum_amount_out': '140240255828172', 'swap_result.output_amount': '155508363191534', 'swap_result.next_sqrt_price': '20809798131728104', 'swap_result.lp_fee': '1919828', 'swap_result.protocol_fee': '479956', 'swap_result.partner_fee': '0', 'swap_result.referral_fee': '0', actual_amount_in: '200000000', current_timestamp: '1757147731', has_referral: false } },
  { fixture: 'meteora_meteora_dlmm.json', source: 'tests/meteora/meteora_dlmm.rs:9', variant: 'Swap', name: 'Swap', values: { lb_pair: '8dsKNwMDMh1Vfr4YevzRY9oDS7N29fRHpPXcoDmUVSBd', from: 'HeLbvj7KM5fkduCdiufTa5SmVtuuVjySPps7dnp2pDZG', start_bin_id: '-511', end_bin_id: '-511', amount_in: '681503', amount_out: '11376', fee: '14176', protocol_fee: '708', fee_bps: '20800000', host_fee: '0', swap_for_y: true } },
  // The Rust crate spells the Dex variants in PascalCase (Dex::RaydiumStableSwap); OKX's IDL, ours, in camelCase
  { fixture: 'okx_okx_v2.json', source: 'tests/okx/okx_v2.rs:7', variant: 'SwapV3', name: 'swapV3', pascalVariants: ['args.routes'], values: { 'args.amount_in': '644475000', 'args.expect_amount_out': '523999958701', 'args.min_return': '494079561059', 'args.amounts': ['644475000'], 'args.routes': [[{ dexes: ['RaydiumStableSwap'], weights: ['100'] }, { dexes: ['ObricV2', 'ObricV2'], weights: ['80', '20'] }, { dexes: ['PumpfunammBuy3'], weights: ['100'] }]], commission_info: '2155983648', platform_fee_rate: '10000', order_id: '0' } },
  { fixture: 'pancakeswap_pancakeswap.json', source: 'tests/pancakeswap/pancakeswap.rs:8', variant: 'Swap', name: 'swap', values: { amount: '12000000', other_amount_threshold: '18446744073709551615', sqrt_price_limit_x64: '0', is_base_input: false } },
  { fixture: 'pumpfun_amm.json', source: 'tests/pumpfun/amm.rs:20', variant: 'BuyExactQuoteIn', name: 'buyExactQuoteIn', values: { spendable_quote_in: '11904075', min_base_amount_out: '1' } },
  // pinax keeps one Rust type per layout of pump.fun's TradeEvent (V0–V3, fields appended by upgrades); the program's IDL names
  // every one TradeEvent
  { fixture: 'pumpfun_pumpfun.json', source: 'tests/pumpfun/pumpfun.rs:8', variant: 'TradeV0', name: 'TradeEvent', values: { mint: 'BRg3aMvmWjQKHetK9FQL62PnKBe9hPPSr6Z5yY7zkTVd', sol_amount: '2807820424', token_amount: '91328321657237', is_buy: false, user: '3L5qPdUadqvwydY95Bf8mH75FTfuao8yLeBNAyLnac9U', timestamp: '1716575563', virtual_sol_reserves: '30086219287', virtual_token_reserves: '1069925061124360' } },
  { fixture: 'pumpfun_pumpfun.json', source: 'tests/pumpfun/pumpfun.rs:33', variant: 'TradeV1', name: 'TradeEvent', values: { mint: 'F8Tdm1Qo1HXiHAnCm6e3XpjDa2MejBxWn2RWK7nvpump', sol_amount: '1570441060', token_amount: '51095238000000', is_buy: false, user: 'HpUwfjtNscqm8zFpkmhtGoPuA2MxSRy5mDWHaaHndwkQ', timestamp: '1733433827', virtual_sol_reserves: '30678956579', virtual_token_reserves: '1049253416454044', real_sol_reserves: '678956579', real_token_reserves: '769353416454044' } },
  { fixture: 'pumpfun_pumpfun.json', source: 'tests/pumpfun/pumpfun.rs:60', variant: 'TradeV2', name: 'TradeEvent', values: { mint: '2R5A2hvHqKUQE2sDpBQhPpCS5psiFFurPWfKazAnE8oX', sol_amount: '385134918', token_amount: '5060809487872', is_buy: true, user: '56S29mZ3wqvw8hATuUUFqKhGcSGYFASRRFNT38W8q7G3', timestamp: '1749463590', virtual_sol_reserves: '49687442151', virtual_token_reserves: '647849813676445', real_sol_reserves: '19687442151', real_token_reserves: '367949813676445', fee_recipient: 'CebN5WGQ4jvEPvsVU4EoHEpgzq1VV7AbicfhtW4xC9iM', fee_basis_points: '95', fee: '3658782', creator: 'G1DUMJ8japRCHHxWkyVwsrzRJC4DSHCFD7NefPi6kZg6', creator_fee_basis_points: '5', creator_fee: '192568' } },
  { fixture: 'pumpfun_pumpfun.json', source: 'tests/pumpfun/pumpfun.rs:93', variant: 'Buy', name: 'buy', values: { amount: '5060809487872', max_sol_cost: '389025174' } },
  { fixture: 'pumpfun_pumpfun.json', source: 'tests/pumpfun/pumpfun.rs:112', variant: 'Create', name: 'create', values: { name: 'GOBO', symbol: 'GOBO', uri: 'https://ipfs.io/ipfs/bafkreidp5sbto4mvutr6tcdkq5tv2b5zp3orzpbddmvz2bxbyttc3kii2m', creator: '94LYWfthmeLjQ4ypgi9qjQNxeZdrZiL36i9RfDBLCFCX' } },
  { fixture: 'pumpfun_pumpfun.json', source: 'tests/pumpfun/pumpfun.rs:133', variant: 'Create', name: 'CreateEvent', values: { name: 'GOBO', symbol: 'GOBO', uri: 'https://ipfs.io/ipfs/bafkreidp5sbto4mvutr6tcdkq5tv2b5zp3orzpbddmvz2bxbyttc3kii2m', mint: '7GNa61YKtEgVJDE2QaraxMHkvoh8fzXu2byDbwDpump', bonding_curve: '39fJZGpycgtMHeBbp75swHXfhqiFwbLse6T9mb4zrWvY', user: '94LYWfthmeLjQ4ypgi9qjQNxeZdrZiL36i9RfDBLCFCX', creator: '94LYWfthmeLjQ4ypgi9qjQNxeZdrZiL36i9RfDBLCFCX', timestamp: '1750711654', virtual_token_reserves: '1073000000000000', virtual_sol_reserves: '30000000000', real_token_reserves: '793100000000000', token_total_supply: '1000000000000000' } },
  { fixture: 'pumpfun_pumpfun.json', source: 'tests/pumpfun/pumpfun.rs:162', variant: 'TradeV3', name: 'TradeEvent', values: { mint: 'AwaTATtp7mJygLjDhcrV9VK8dg9pSzPjqdYJBNF7pump', sol_amount: '29333330', token_amount: '553766944755', is_buy: false, user: 'GSmuCd95ZCe9MVMiUBYasW46ZVrRyHzNBKtSiJwAwvmA', timestamp: '1757807107', virtual_sol_reserves: '41278452840', virtual_token_reserves: '779825739600977', real_sol_reserves: '11278452840', real_token_reserves: '499925739600977', fee_recipient: 'AVmoTthdrX6tKt4nDjco2D775W2YK3sDhxPcMmzUAmTY', fee_basis_points: '95', fee: '278667', creator: 'JAkHiNh5z2VsfywdTTViDS28nyBoX9gne9vbW3tZcpBT', creator_fee_basis_points: '30', creator_fee: '88000', track_volume: false, total_unclaimed_tokens: '0', total_claimed_tokens: '0', current_sol_volume: '0', last_update_timestamp: '0' } },
  { fixture: 'pumpfun_pumpfun.json', source: 'tests/pumpfun/pumpfun.rs:200', variant: 'TradeV3', name: 'TradeEvent', values: { mint: '2CcncueD7oeSKijgvSF9VGLQNjChNGSktdqwUNRepump', sol_amount: '1176000000', token_amount: '24736397962285', is_buy: true, user: '6Ru8fGXkZCVY1bFoc7dg1Mtt6qyCdESeb9BkRUetqUS7', timestamp: '1757807258', virtual_sol_reserves: '39712155185', virtual_token_reserves: '810583053224945', real_sol_reserves: '9712155185', real_token_reserves: '530683053224945', fee_recipient: 'CebN5WGQ4jvEPvsVU4EoHEpgzq1VV7AbicfhtW4xC9iM', fee_basis_points: '95', fee: '11172000', creator: '3FeUwYhnciCkHGp5DBmSKU5BmVPFypneCQDuxKHo9BMy', creator_fee_basis_points: '30', creator_fee: '3528000', track_volume: false, total_unclaimed_tokens: '0', total_claimed_tokens: '0', current_sol_volume: '0', last_update_timestamp: '0' } },
  { fixture: 'pumpfun_pumpfun.json', source: 'tests/pumpfun/pumpfun.rs:238', variant: 'Buy', name: 'buy', values: { amount: '24736397962285', max_sol_cost: '1200000000' } },
  // pinax's second layout of PumpSwap's SellEvent (coin-creator fee fields added); the IDL keeps SellEvent
  { fixture: 'pumpfun_pumpfun_amm.json', source: 'tests/pumpfun/pumpfun_amm.rs:8', variant: 'SellEventV2', name: 'SellEvent', values: { timestamp: '1751467333', base_amount_in: '82847919', min_quote_amount_out: '88833132348', user_base_token_reserves: '82847919', user_quote_token_reserves: '20594922442', pool_base_token_reserves: '549652925359', pool_quote_token_reserves: '602070276710126', quote_amount_out: '90734989319', lp_fee_basis_points: '20', lp_fee: '181469979', protocol_fee_basis_points: '5', protocol_fee: '45367495', quote_amount_out_without_lp_fee: '90553519340', user_quote_amount_out: '90508151845', pool: 'ECCYiudtxv9UaqGT2bDijsxDSMbmpYBx3vZ4SYqrYfXA', user: 'DjFi5c3ZtY8kRzU4sXDese83tU48nab2qqzCeeVtaJN2', user_base_token_account: '9yW1hQrgE8qy4pZtJnEK5GCGeRpuGX5Gcz7QCM39EhMb', user_quote_token_account: '27D7jN48BA1hkqimrcqUEeQfRajm9QsoKoskUSkcB58a', protocol_fee_recipient: '7VtfL8fvgNfhz17qKRMjzQEXgbdpnHHHQRh54R9jP2RJ', protocol_fee_recipient_token_account: 'CciVLGsXnAAPhP1BH7HKvHMoAC2Lu75embEe2D3CdsNK', coin_creator: '11111111111111111111111111111111', coin_creator_fee_basis_points: '5', coin_creator_fee: '0' } },
  // as SellEventV2: the IDL keeps BuyEvent
  { fixture: 'pumpfun_pumpfun_amm.json', source: 'tests/pumpfun/pumpfun_amm.rs:59', variant: 'BuyEventV2', name: 'BuyEvent', values: { timestamp: '1751467333', base_amount_out: '39496040', max_quote_amount_in: '45010660347', user_base_token_reserves: '0', user_quote_token_reserves: '112110257643', pool_base_token_reserves: '549735773278', pool_quote_token_reserves: '601979723190786', quote_amount_in: '43252640069', lp_fee_basis_points: '20', lp_fee: '86505281', protocol_fee_basis_points: '5', protocol_fee: '21626321', quote_amount_in_with_lp_fee: '43339145350', user_quote_amount_in: '43360771671', pool: 'ECCYiudtxv9UaqGT2bDijsxDSMbmpYBx3vZ4SYqrYfXA', user: 'HevFMPmoWJE6WCDDpyC2ZWtyvFbkrLkEGPofYNbw3xjx', user_base_token_account: 'CuyHWxRHHhDehLoCJD53CA9QKp68rHTG2VyyNdLfcrCX', user_quote_token_account: '8s9ny33tQZjpyvwtvEdBmG8z5pED8TKRniNRKwmVTf9v', protocol_fee_recipient: '7VtfL8fvgNfhz17qKRMjzQEXgbdpnHHHQRh54R9jP2RJ', protocol_fee_recipient_token_account: 'CciVLGsXnAAPhP1BH7HKvHMoAC2Lu75embEe2D3CdsNK', coin_creator_fee_basis_points: '5', coin_creator_fee: '0' } },
  { fixture: 'pumpfun_pumpfun_amm.json', source: 'tests/pumpfun/pumpfun_amm.rs:110', variant: 'Buy', name: 'buy', values: { base_amount_out: '39496040', max_quote_amount_in: '45010660347' } },
  { fixture: 'pumpfun_pumpfun_amm.json', source: 'tests/pumpfun/pumpfun_amm.rs:124', variant: 'Sell', name: 'sell', values: { base_amount_in: '82847919', min_quote_amount_out: '88833132348' } },
  // pinax's second layout of PumpSwap's create_pool (coin_creator added); the program's IDL keeps the name create_pool
  { fixture: 'pumpfun_pumpfun_amm.json', source: 'tests/pumpfun/pumpfun_amm.rs:138', variant: 'CreatePoolV2', name: 'createPool', values: { index: '0', base_amount_in: '170000000000', quote_amount_in: '1000000000000000', coin_creator: '11111111111111111111111111111111' } },
  // as SellEventV2: the IDL keeps CreatePoolEvent
  { fixture: 'pumpfun_pumpfun_amm.json', source: 'tests/pumpfun/pumpfun_amm.rs:154', variant: 'CreatePoolEventV2', name: 'CreatePoolEvent', values: { index: '0', creator: 'B9YHJjB71MuL8aPjFtWc9kpaKH4KJD4CFgovEh5xaAVg', base_mint: 'So11111111111111111111111111111111111111112', quote_mint: 'AnUPaVnGeVbAPfBqHDmP7uZ6rQu1BdJtBveftnHEpump', base_mint_decimals: '9', quote_mint_decimals: '6', base_amount_in: '170000000000', quote_amount_in: '1000000000000000', pool_base_amount: '170000000000', pool_quote_amount: '1000000000000000', minimum_liquidity: '100', initial_liquidity: '13038404810405', lp_token_amount_out: '13038404810305', pool_bump: '254', pool: 'ECqSdAvSDuwBHDsfChLqkyHEbah6TH3weL5JZ4F7zGMb', lp_mint: '7d6eyGMqwHp6wUnTQsihqUKhynbRsrrmKXkviyDL9U67', user_base_token_account: '52JvxjCzUe3JGKr7ZcLShCLQerhCrsjmQvikmEsn3uFd', user_quote_token_account: 'd2H9zsYnvBBJnqSYcCTuwYx6EJarNRb1F3bK6b7sjt1', coin_creator: '11111111111111111111111111111111' } },
  { fixture: 'raydium_raydium_amm_v4.json', source: 'tests/raydium/raydium_amm_v4.rs:58', variant: 'SwapBaseIn', name: 'swapBaseIn', values: { amount_in: '3992870', minimum_amount_out: '4536262' } },
  { fixture: 'raydium_raydium_amm_v4.json', source: 'tests/raydium/raydium_amm_v4.rs:70', variant: 'SwapBaseIn', name: 'swapBaseIn', values: { amount_in: '130818', minimum_amount_out: '0' } },
  { fixture: 'raydium_raydium_amm_v4.json', source: 'tests/raydium/raydium_amm_v4.rs:82', variant: 'SwapBaseIn', name: 'swapBaseIn', values: { amount_in: '311607854', minimum_amount_out: '0' } },
  { fixture: 'raydium_raydium_amm_v4.json', source: 'tests/raydium/raydium_amm_v4.rs:93', variant: 'SwapBaseOut', name: 'swapBaseOut', values: { max_amount_in: '18446744073709551615', amount_out: '1153837592331' } },
  { fixture: 'raydium_raydium_clmm.json', source: 'tests/raydium/raydium_clmm.rs:9', variant: 'Swap', name: 'swap', values: { amount: '500000000', other_amount_threshold: '0', sqrt_price_limit_x64: '79226673521066979257578248090', is_base_input: true } },
  { fixture: 'raydium_raydium_clmm.json', source: 'tests/raydium/raydium_clmm.rs:30', variant: 'SwapV2', name: 'swapV2', values: { amount: '590000000', other_amount_threshold: '7839503011207', sqrt_price_limit_x64: '4295048017', is_base_input: true } },
  // pinax's layouts of Raydium CP-swap's SwapEvent before and after mints and fees were appended; the IDL keeps SwapEvent
  { fixture: 'raydium_raydium_cpmm.json', source: 'tests/raydium/raydium_cpmm.rs:9', variant: 'SwapEventV1', name: 'SwapEvent', log: true, values: { base_input: true, input_amount: '1287000000' } },
  { fixture: 'raydium_raydium_cpmm.json', source: 'tests/raydium/raydium_cpmm.rs:27', variant: 'SwapEventV2', name: 'SwapEvent', log: true, values: { base_input: true, input_amount: '784025641', output_amount: '58561432', trade_fee: '1960065', creator_fee: '0', input_mint: '76rTxzztXjJe7AUaBi7jQ5J61MFgpQgB4Cc934sWbonk', output_mint: 'So11111111111111111111111111111111111111112', creator_fee_on_input: true } },
  // pinax's layouts of LaunchLab's TradeEvent before and after creator_fee was added; the IDL keeps TradeEvent
  { fixture: 'raydium_raydium_launchpad.json', source: 'tests/raydium/raydium_launchpad.rs:8', variant: 'TradeEventV1', name: 'TradeEvent', values: { pool_state: 'HYqjiMv2jVE41qMoBDXAE5SEeNcyaEQMaEuVHCuisB4A', total_base_sell: '793100000000000', virtual_base: '1073025605596382', virtual_quote: '30000852951', real_base_before: '739636820289371', real_quote_before: '66558134124', real_base_after: '739641825262423', real_quote_after: '66559583730', amount_in: '1468700', amount_out: '5004973052', protocol_fee: '3673', platform_fee: '14687', creator_fee: '734', share_fee: '0', exact_in: true, trade_direction: 'Buy', pool_status: 'Fund' } },
  { fixture: 'raydium_raydium_launchpad.json', source: 'tests/raydium/raydium_launchpad.rs:38', variant: 'TradeEventV2', name: 'TradeEvent', values: { pool_state: 'BJ859ZCoKvCrq6Fv9aJGChHy9UnG7o2ZhLVpsYw8wyPp', total_base_sell: '793100000000000', virtual_base: '1073025605596382', virtual_quote: '30000852951', real_base_before: '770302990883261', real_quote_before: '76339677590', real_base_after: '770302993692981', real_quote_after: '76339678577', amount_in: '1000', amount_out: '2809720', protocol_fee: '3', platform_fee: '10', share_fee: '0', trade_direction: 'Buy', pool_status: 'Fund' } },
  { fixture: 'raydium_raydium_launchpad.json', source: 'tests/raydium/raydium_launchpad.rs:67', variant: 'SellExactIn', name: 'sellExactIn', values: { amount_in: '30857713934833', minimum_amount_out: '533937196', share_fee_rate: '0' } },
  { fixture: 'saros_saros.json', source: 'tests/saros/saros.rs:8', variant: 'Swap', name: 'swap', values: { amount_in: '443834486', minimum_amount_out: '0' } },
];

function literal(vector: Vector): Literal {
  const all = JSON.parse(readFileSync(join(fixtures, vector.fixture), 'utf8')) as Literal[];
  const found = all.find((l) => l.source === vector.source);
  assert.ok(found, `${vector.fixture} holds ${vector.source}`);
  return found;
}

const lowerFirst = (name: string) => name[0].toLowerCase() + name.slice(1);

/** Every string at any depth with its first letter lowered: a PascalCase variant as the IDL spells it. */
function camelVariants(value: unknown): unknown {
  if (typeof value === 'string') return lowerFirst(value);
  if (Array.isArray(value)) return value.map(camelVariants);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'dexes' ? camelVariants(v) : v]));
  return value;
}

function compare(vector: Vector): Check[] {
  const source = literal(vector);
  const bytes = Buffer.from(source.data, source.encoding);
  const data = vector.log ? Buffer.concat([eventCpiTag, bytes]) : bytes;
  const decoded = decodeInstructionEntry(source.program, encodeBase58(data), [], registry);
  const checks: Check[] = [];
  const ourName = decoded?.parsed.type;
  checks.push({ what: 'name', theirs: vector.variant, ours: ourName, raw: ourName === vector.variant, ok: ourName === vector.name });
  for (const [path, theirs] of Object.entries(vector.values)) {
    const ourPath = vector.paths?.[path] ?? path.split('.').map(camelCase).join('.');
    const ours = at(decoded?.parsed.info, ourPath);
    const same = (want: unknown) => JSON.stringify(asText(want)) === JSON.stringify(asText(ours));
    const mapped = vector.pascalVariants?.includes(path) ? camelVariants(theirs) : theirs;
    checks.push({ what: path, theirs, ours, raw: same(theirs), ok: same(mapped) });
  }
  return checks;
}

for (const vector of vectors) {
  test(`substreams-solana-idls ${vector.source}: ${vector.variant}`, () => {
    const wrong = compare(vector).filter((c) => !c.ok);
    assert.deepEqual(wrong, [], JSON.stringify(wrong));
  });
}

test('substreams-solana-idls: every literal of a bundled program is compared, each with what its test asserts', () => {
  const checks = vectors.flatMap(compare);
  assert.equal(vectors.length, 44);
  assert.equal(checks.length, 44 + 326);
  assert.ok(checks.every((c) => c.ok));
});
