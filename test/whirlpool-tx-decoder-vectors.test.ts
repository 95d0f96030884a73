/**
 * yugure-orca/whirlpool-tx-decoder's recorded Orca Whirlpool transactions
 * (test/fixtures/whirlpool-tx-decoder, verbatim, MIT): each file is a getBlock answer holding the
 * transaction its jest test names by signature, and the test states what that independent decoder
 * (an Anchor BorshCoder over its own copy of the Whirlpool IDL) reads from it: how many Whirlpool
 * instructions the transaction runs (top level, then each one's inner ones, as its decoder walks
 * them), the name of the one it checks, and the argument values and account addresses of that one.
 * Each is decoded here through decodeInstructionEntry with the bundled descriptions and compared
 * with those statements, transcribed below with the line of tests/<file>.test.ts (at the commit in
 * the fixtures' README) they come from.
 *
 * The recordings are of three clusters (README): three are mainnet-beta; four are devnet, where
 * Orca runs the same program under the same address; the rest come from a local validator running
 * the program's release build. Only mainnet slots select among the bundled versions by slot, so the
 * others are decoded with every version in play.
 *
 * Where that decoder spells a value otherwise than ours, `theirs` below turns ours into its
 * spelling, and each such rule says why; no expected value comes from our own output.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeInstructionEntry } from '../src/enhance/instruction-entry.js';
import { projectRoot } from '../src/paths.js';
import { asText, type Check } from './support/vectors.js';

const WHIRLPOOL = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';
const fixtures = join(projectRoot, 'test', 'fixtures', 'whirlpool-tx-decoder');
const registry = loadBundledRegistry();

interface Vector {
  /** Under test/fixtures/whirlpool-tx-decoder. */
  file: string;
  signature: string;
  cluster: 'mainnet' | 'devnet' | 'local';
  /** How many Whirlpool instructions the transaction runs, top level and inner. */
  count: number;
  /** Which of them the test checks; `each`: all of them. */
  at: number | 'each';
  name: string;
  /** Their `data.<path>` assertions; numbers as text, since we render u64 and wider as text. */
  data?: Record<string, unknown>;
  /** Their `accounts.<name>` assertions. */
  accounts?: Record<string, string>;
  /** Their `remainingAccounts.length` and `remainingAccounts[i]` assertions. */
  remainingAccounts?: Record<string, string>;
}

// prettier-ignore
const vectors: Vector[] = [
  // tests/adminIncreaseLiquidity.test.ts:18, expects at lines 29–32 ("whETH/USDC")
  { file: 'adminIncreaseLiquidity/wheth-usdc-168118080.json', signature: '44wFosGvqDbgyMJMJyKHAA7kRXBHTUEz9vz1BSGDpoqrx7UGqAYUgudsUzfx1zjbrQf6hycaYQRyNSyfxp2MCQzA', cluster: 'mainnet', count: 1, at: 0, name: 'adminIncreaseLiquidity', data: { liquidity: '18126802844' }, accounts: { whirlpoolsConfig: '2LecshUwdy9xi7meFgHtFJQNSKk4KdTrcpvaB56dP2NQ', whirlpool: 'E5KuHFnU2VuuZFKeghbTLazgxeni4dhQ7URE4oBtJju2', authority: '3Pi4tc4SxZyKZivKxWnYfGNxeqFJJxPc8xRw1VnvXpbb' } },
  // tests/adminIncreaseLiquidity.test.ts:35, expects at lines 46–49 ("soBTC/USDC")
  { file: 'adminIncreaseLiquidity/sobtc-usdc-168118807.json', signature: '4vto7KJBeMoixSJKYoPxP7N1Y5cAp6WtUJKtuRucCT7U4FrjMGZ8LMFb1W8GbuhgUSJiwfi3HGjChA26zWURyJDL', cluster: 'mainnet', count: 1, at: 0, name: 'adminIncreaseLiquidity', data: { liquidity: '18504045' }, accounts: { whirlpoolsConfig: '2LecshUwdy9xi7meFgHtFJQNSKk4KdTrcpvaB56dP2NQ', whirlpool: '4nznvbZ1jPXJM7CJebwh1aWXGrzydPwWFNXoL81f3Rnn', authority: '3Pi4tc4SxZyKZivKxWnYfGNxeqFJJxPc8xRw1VnvXpbb' } },
  // tests/dynamicTickArray.test.ts:18, expects at lines 29–34 ("initializeDynamicTickArray (idempotent = false)")
  { file: 'dynamicTickArray/initializeDynamicTickArray.json', signature: '5qsohPWiHwYAeTkKgJUNDjPXy5pgKDEqsf7CZMMSat2LXhin7bibfyJYwJ9VEXzcMAWFbD4whxSS8sdGsm3qmVc6', cluster: 'mainnet', count: 6, at: 1, name: 'initializeDynamicTickArray', data: { startTickIndex: '67584', idempotent: false }, accounts: { whirlpool: 'CCeddKuXVdV8QPfhnxMjRYjQ9MyN4aNqJ2ELVsVj4piX', funder: '9ar6ByCBqCYyH7VWSNah7h5hR2FcHtig5Dnhcq5UTFR7', tickArray: 'EHtXA1XLXstmpfvUimpY82x8XLpJxat9hyBUvmu7EoVy', systemProgram: '11111111111111111111111111111111' } },
  // tests/dynamicTickArray.test.ts:37, expects at lines 48–53 ("initializeDynamicTickArray (idempotent = true)")
  { file: 'dynamicTickArray/initializeDynamicTickArrayIdempotent.json', signature: 'srwbAy7Jrs7Ueso9qYJ8mA1vi9LuWVxVNtttqLEyp7aqafoy9pYJVTE3QCrqfPuAxXrvy6jXNuQ7uHayrhnYsvN', cluster: 'local', count: 1, at: 0, name: 'initializeDynamicTickArray', data: { startTickIndex: '-157696', idempotent: true }, accounts: { whirlpool: 'HzyWBmNT6in1VxxwBziJtGNmCu8jAVh3jnS8a8r8HMfB', funder: 'r21Gamwd9DtyjHeGywsneoQYR39C1VDwrw7tWxHAwh6', tickArray: '2kc1Anp59JD9dbPmyVqZuXHkT8JBQn9kBkhTe6QLZjCh', systemProgram: '11111111111111111111111111111111' } },
  // tests/increaseLiquidityByTokenAmountsV2.test.ts:19, expects at lines 30–50 ("byTokenAmounts")
  { file: 'increaseLiquidityByTokenAmountsV2/increaseLiquidityByTokenAmountsV2-byTokenAmounts.json', signature: '44ZmSukwzNNZUaofbRKiyopc3exfk7zNBqFbkW3QVL33L2uxE1E6ymSKFhgUKfiPsQXRPZQ2VHYNzNdZLrdcxaZN', cluster: 'devnet', count: 1, at: 0, name: 'increaseLiquidityByTokenAmountsV2', data: { 'method.name': 'byTokenAmounts', 'method.tokenMaxA': '1000000000', 'method.tokenMaxB': '500000000', 'method.minSqrtPrice': '4295048016', 'method.maxSqrtPrice': '79226673515401279992447579055', 'remainingAccountsInfo.length': '0' }, accounts: { whirlpool: '966HQTB3CKAL6AzqueVo3mFkaEiePCFLoGWXetoxBTH2', tokenProgramA: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', tokenProgramB: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', memoProgram: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', positionAuthority: 'r21Gamwd9DtyjHeGywsneoQYR39C1VDwrw7tWxHAwh6', position: '9keZBHVEBWe2uWyCXWyzLRvyP7P3LpUGWof3CTV566WJ', positionTokenAccount: '7yJzthuoTo1gctZ8Qv6SjAdeabefVMFVRec2b6i8iVwx', tokenMintA: 'So11111111111111111111111111111111111111112', tokenMintB: 'BRjpCHtyQLNCo8gqRUr8jtdAj5AjPYQaoqbvcZiHok1k', tokenOwnerAccountA: '3sDLkZQoCiqGHquJtSL3Ti2M46PzNB73RiFVHfTc6iag', tokenOwnerAccountB: '3ZBThPKT5i5YiUL9QwhR6Qrxhmn5Sgz4RB4mMuZQCAv7', tokenVaultA: 'HCExg9kzWMsLTqF6MqYJtC2oxyLop2FffwAiraCenoXS', tokenVaultB: 'HnEmvKUYXznamehQfgAfXDng84Rpz3oVsmfP3PqiaSm1', tickArrayLower: 'D8yPeo4pfHJnKKhxs2AFnKb9QutJomJQAAJooJq6z6fv', tickArrayUpper: 'D8yPeo4pfHJnKKhxs2AFnKb9QutJomJQAAJooJq6z6fv' } },
  // tests/liquidityLocking.test.ts:19, expects at lines 30–39 ("lockPosition (lockType = Permanent)")
  { file: 'liquidityLocking/lockPositionPermanent.json', signature: 'LV5W79nWLSW52BdGC6nMzk56cdJSP2Ny6LAGWZ37fbfygryRcRAZgJVNd6ntnvdwbiyR4wNGvrCtcXV25stkHmi', cluster: 'local', count: 1, at: 0, name: 'lockPosition', data: { 'lockType.name': 'permanent' }, accounts: { funder: 'r21Gamwd9DtyjHeGywsneoQYR39C1VDwrw7tWxHAwh6', positionAuthority: 'r21Gamwd9DtyjHeGywsneoQYR39C1VDwrw7tWxHAwh6', position: 'AZDEtuUFoTw8sYVGtoQ7QTfECuEmqK12u7jySxjnWniW', positionMint: '5n7LyyXbrNb8DP1of5iqkttChGeiB5Gdmw6SMUnfJcCX', positionTokenAccount: '47iTg4SSsGkB7tBcW8vxUJmXdwSEHMtSZ8F6F1a5C4y9', lockConfig: '7eVtyakZCcuJCxRrR7e3VZfgkVJNtpaQPrxXFHdzeJx2', whirlpool: 'AjXKJft9La1KyMRqmMDDv5oSQ9Kv4CyBGLW3dZeC8xKw', token2022Program: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', systemProgram: '11111111111111111111111111111111' } },
  // tests/liquidityLocking.test.ts:48, expects at lines 59–66 ("transferLockedPosition")
  { file: 'liquidityLocking/transferLockedPosition.json', signature: '2uTxKXS3ftekg4wMw3ctngDEvNc9aNwzUR9LdZkyCoagVBi4mnDYcsescEXSvoPxydi2aGZkE1pjhdn7sVxJJFcE', cluster: 'local', count: 1, at: 0, name: 'transferLockedPosition', accounts: { positionAuthority: '3otH3AHWqkqgSVfKFkrxyDqd2vK6LcaqigHrFEmWcGuo', receiver: '74REJJfNQnKFEyYYqUZyR9tpr1dEkCEBXfd554aENLog', position: '9YThyZvyLg6gVyo3fdtbw4HKrvUAwBcwH9GARfMipW6s', positionMint: 'CZ7VqqLn3wz9BPxLisPQwYZ8LKfGmRKx2TmTcNfUCcfy', positionTokenAccount: '5Tkv5VLGmV3PpkuQYLkb5on84xQ4iTuUsaJ3wtXy65TA', destinationTokenAccount: 'EyZaaZyjaRe4EJhMciWPEwu9vNzMxFJsyB5Q8dgRN5mB', lockConfig: '8uGJVQikw9C8SbgkfUQBKdskfSKz2P556eE4Vu7BhpkW', token2022Program: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' } },
  // tests/migration.test.ts:18, expects at line 29 ("migrateRepurposeRewardAuthoritySpace")
  { file: 'migration/migrateRepurposeRewardAuthoritySpace.json', signature: 'kJymaS8Bb4hDzRZdh2EPBUL2ZS8XibpSx5Ups6mrRb8v5x1xHqVfytvahN2Z95Wx3xk6wmP7PeyzQmfFVcHk9wE', cluster: 'local', count: 1, at: 0, name: 'migrateRepurposeRewardAuthoritySpace', accounts: { whirlpool: '7vWRTPPBq3aNaJZsrfterTz1BSjht4YSHBXJwnbuV6SC' } },
  // tests/nonTransferablePosition.test.ts:19, expects at lines 30–33 ("setConfigFeatureFlag (TokenBadge = true)")
  { file: 'nonTransferablePosition/setConfigFeatureFlag-TokenBadge-true.json', signature: '67nWuhEZ8JKM6Wn94S4JFhd8fKkfuVm9eiCxUbnXaxErx7VeDmsRseDSvbDL4YEJykinrZqEoKFRcvHpeVPZbaSr', cluster: 'local', count: 1, at: 0, name: 'setConfigFeatureFlag', data: { 'featureFlag.name': 'tokenBadge', 'featureFlag.enabled': true }, accounts: { whirlpoolsConfig: '2whzE4Lrzjp1eLAHoWDBsA1m42A2kTM4QV8d1dAwsYEr', authority: 'tstYmkF9JHjZbSugJe1H3ygUTox1bqSxpn5QjxMwVrm' } },
  // tests/nonTransferablePosition.test.ts:39, expects at lines 50–53 ("setConfigFeatureFlag (TokenBadge = false)")
  { file: 'nonTransferablePosition/setConfigFeatureFlag-TokenBadge-false.json', signature: '2ofp39f9qJthLTdf9xo4Uc9TdHAA2ugjHPLxTK2MPJY9cjw5nNiKxEmqSDA9sNtWC2NtGXRmJ7XGZJssYBcPL5n7', cluster: 'local', count: 1, at: 0, name: 'setConfigFeatureFlag', data: { 'featureFlag.name': 'tokenBadge', 'featureFlag.enabled': false }, accounts: { whirlpoolsConfig: '2whzE4Lrzjp1eLAHoWDBsA1m42A2kTM4QV8d1dAwsYEr', authority: 'tstYmkF9JHjZbSugJe1H3ygUTox1bqSxpn5QjxMwVrm' } },
  // tests/nonTransferablePosition.test.ts:59, expects at lines 70–76 ("setTokenBadgeAttribute (RequireNonTransferablePosition = true)")
  { file: 'nonTransferablePosition/setTokenBadgeAttribute-nonTransferablePosition-true.json', signature: '4zRsYbkGHiqea73yCSpaZUf8p2zyNKVD2ojhzGVco2iSejugQpmnjVvMpu1Rbzw8V5g74pZzf4217GRF7K29AVJs', cluster: 'local', count: 1, at: 0, name: 'setTokenBadgeAttribute', data: { 'attribute.name': 'requireNonTransferablePosition', 'attribute.required': true }, accounts: { whirlpoolsConfig: 'D6PzbzyiXqyHQ5ux3ttj5tBYsMiMkfXqWKFymPcjJcYE', whirlpoolsConfigExtension: 'Bq1eGwMPXfmK6UuovmvaEZyCS1YgWucEGrk16SW92eHB', tokenBadgeAuthority: '8iVB7wuduy2ohvz7fgpAUeZHcvLhvsVMZpDaKFJsjFkL', tokenMint: '93E3X5fxnqB1iL7K1wT3nHHVFgRfF2F55HEQgDq8BdEu', tokenBadge: 'D8DBqtte4WobaPjEr1bNKiK5LuzrKWX65gs2KrQKDkBC' } },
  // tests/nonTransferablePosition.test.ts:82, expects at lines 93–99 ("setTokenBadgeAttribute (RequireNonTransferablePosition = false)")
  { file: 'nonTransferablePosition/setTokenBadgeAttribute-nonTransferablePosition-false.json', signature: 'YvSKHPuy16quS5XoowT2nt3sLyjnMenm4yrzy6bewkX27iRQd9PBGDChLGYHXTYTFJVNKKfsvRYC7ggEnMAZjBH', cluster: 'local', count: 1, at: 0, name: 'setTokenBadgeAttribute', data: { 'attribute.name': 'requireNonTransferablePosition', 'attribute.required': false }, accounts: { whirlpoolsConfig: 'D6PzbzyiXqyHQ5ux3ttj5tBYsMiMkfXqWKFymPcjJcYE', whirlpoolsConfigExtension: 'Bq1eGwMPXfmK6UuovmvaEZyCS1YgWucEGrk16SW92eHB', tokenBadgeAuthority: '8iVB7wuduy2ohvz7fgpAUeZHcvLhvsVMZpDaKFJsjFkL', tokenMint: '93E3X5fxnqB1iL7K1wT3nHHVFgRfF2F55HEQgDq8BdEu', tokenBadge: 'D8DBqtte4WobaPjEr1bNKiK5LuzrKWX65gs2KrQKDkBC' } },
  // tests/repositionLiquidityV2.test.ts:19, expects at lines 30–57 ("byLiquidity")
  { file: 'repositionLiquidityV2/repositionLiquidityV2-byLiquidity.json', signature: '5pTMgSeqxqwjmDNJLuNf6LuUQqSLzoHtnP4SGpMoEcPr9NdntoyXWnnsCK14FRV8f641Hqg6GzfSM7qaxvNdLKBe', cluster: 'devnet', count: 1, at: 0, name: 'repositionLiquidityV2', data: { newTickUpperIndex: '-35712', newTickLowerIndex: '-35776', 'method.name': 'byLiquidity', 'method.newLiquidityAmount': '93468635752', 'method.existingRangeTokenMinA': '0', 'method.existingRangeTokenMinB': '100', 'method.newRangeTokenMaxA': '1000000000', 'method.newRangeTokenMaxB': '300000000', 'remainingAccountsInfo.length': '0' }, accounts: { whirlpool: '966HQTB3CKAL6AzqueVo3mFkaEiePCFLoGWXetoxBTH2', tokenProgramA: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', tokenProgramB: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', memoProgram: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', positionAuthority: 'r21Gamwd9DtyjHeGywsneoQYR39C1VDwrw7tWxHAwh6', funder: 'r21Gamwd9DtyjHeGywsneoQYR39C1VDwrw7tWxHAwh6', position: '9keZBHVEBWe2uWyCXWyzLRvyP7P3LpUGWof3CTV566WJ', positionTokenAccount: '7yJzthuoTo1gctZ8Qv6SjAdeabefVMFVRec2b6i8iVwx', tokenMintA: 'So11111111111111111111111111111111111111112', tokenMintB: 'BRjpCHtyQLNCo8gqRUr8jtdAj5AjPYQaoqbvcZiHok1k', tokenOwnerAccountA: '3sDLkZQoCiqGHquJtSL3Ti2M46PzNB73RiFVHfTc6iag', tokenOwnerAccountB: '3ZBThPKT5i5YiUL9QwhR6Qrxhmn5Sgz4RB4mMuZQCAv7', tokenVaultA: 'HCExg9kzWMsLTqF6MqYJtC2oxyLop2FffwAiraCenoXS', tokenVaultB: 'HnEmvKUYXznamehQfgAfXDng84Rpz3oVsmfP3PqiaSm1', existingTickArrayLower: 'D8yPeo4pfHJnKKhxs2AFnKb9QutJomJQAAJooJq6z6fv', existingTickArrayUpper: 'D8yPeo4pfHJnKKhxs2AFnKb9QutJomJQAAJooJq6z6fv', newTickArrayLower: 'D8yPeo4pfHJnKKhxs2AFnKb9QutJomJQAAJooJq6z6fv', newTickArrayUpper: 'D8yPeo4pfHJnKKhxs2AFnKb9QutJomJQAAJooJq6z6fv', systemProgram: '11111111111111111111111111111111' } },
  // tests/resetPositionRange.test.ts:18, expects at lines 29–36 ("resetPositionRange")
  { file: 'resetPositionRange/resetPositionRange.json', signature: '4X19BHoDAxc1JhWi8h2mmEKyE6Q3gMXGCRSk16CZdd5mHtbNRbyTz8eWtSJSAhh2REo9owkyAejUuNLCgBGnGxWs', cluster: 'local', count: 1, at: 0, name: 'resetPositionRange', data: { newTickLowerIndex: '128', newTickUpperIndex: '32640' }, accounts: { funder: '2zdbefbkwnoiHxnoHYBv7LTZt8RD22PArkJZ2PrT1Lof', positionAuthority: '3otH3AHWqkqgSVfKFkrxyDqd2vK6LcaqigHrFEmWcGuo', whirlpool: 'CENFb8aiD2tekMqfkDUGpcCs12efvQfxq4NepeiJSqVo', position: 'Foa79xK6FC8RE55BH7DAs6NqmcKvtVvkjW8VqA8izPtx', positionTokenAccount: 'FAv2tqTyAQim3bBbmqbBmedrKvAYqiHVGeiTLqE4eVvj', systemProgram: '11111111111111111111111111111111' } },
  // tests/setAdaptiveFeeConstants.test.ts:18, expects at lines 29–39 ("full update")
  { file: 'setAdaptiveFeeConstants/setAdaptiveFeeConstants-full.json', signature: '2afdjGJ1eoxSeTa55Bn8v8Z3SAxMRrmQk6Akd9udQiRBbCbtMnK5n1hhme7rFecquXHsvGZZafTTFLwzBSCvtteF', cluster: 'devnet', count: 1, at: 0, name: 'setAdaptiveFeeConstants', data: { filterPeriod: '30', decayPeriod: '660', reductionFactor: '5000', adaptiveFeeControlFactor: '40000', maxVolatilityAccumulator: '100000', tickGroupSize: '64', majorSwapThresholdTicks: '64' }, accounts: { whirlpoolsConfig: 'FcrweFY1G9HJAHG5inkGB6pKg1HZ6x9UC2WioAfWrGkR', whirlpool: '966HQTB3CKAL6AzqueVo3mFkaEiePCFLoGWXetoxBTH2', feeAuthority: '3otH3AHWqkqgSVfKFkrxyDqd2vK6LcaqigHrFEmWcGuo', oracle: 'ETu2xvY2zVKKfeQamani671qrvBxx7YPnKemji8HjdUo' } },
  // tests/setAdaptiveFeeConstants.test.ts:42, expects at lines 53–63 ("partial update")
  { file: 'setAdaptiveFeeConstants/setAdaptiveFeeConstants-partial.json', signature: 'FVH6m5tFRSso91yM7HMLw3ZuBbEUpFQfzRPGP1TmW4vqVMsZZ7V3LgSssobqWiebbaq8neFb2pFvxJoMfX7hqVN', cluster: 'devnet', count: 1, at: 0, name: 'setAdaptiveFeeConstants', data: { filterPeriod: null, decayPeriod: '660', reductionFactor: null, adaptiveFeeControlFactor: '40000', maxVolatilityAccumulator: null, tickGroupSize: '64', majorSwapThresholdTicks: '128' }, accounts: { whirlpoolsConfig: 'FcrweFY1G9HJAHG5inkGB6pKg1HZ6x9UC2WioAfWrGkR', whirlpool: '966HQTB3CKAL6AzqueVo3mFkaEiePCFLoGWXetoxBTH2', feeAuthority: '3otH3AHWqkqgSVfKFkrxyDqd2vK6LcaqigHrFEmWcGuo', oracle: 'ETu2xvY2zVKKfeQamani671qrvBxx7YPnKemji8HjdUo' } },
  // tests/tokenExtensionsBasedPositionNft.test.ts:18, expects at lines 29–41 ("openPositionWithTokenExtensions")
  { file: 'tokenExtensionsBasedPositionNft/openPositionWithTokenExtensions.json', signature: '5YZyP7TAMfLSsk9LNnc2QScsdAuu2xgNVeXw4iiaJgUH89eMQfwPKMw917XLmYy1aDEe4YXtzQJK31itzFwyGkQi', cluster: 'local', count: 1, at: 0, name: 'openPositionWithTokenExtensions', data: { tickLowerIndex: '0', tickUpperIndex: '11392', withTokenMetadataExtension: true }, accounts: { funder: 'r21Gamwd9DtyjHeGywsneoQYR39C1VDwrw7tWxHAwh6', owner: 'r21Gamwd9DtyjHeGywsneoQYR39C1VDwrw7tWxHAwh6', position: '2z6CpCcTSFHsSoKLeCkCM7YnN9rKrcUy1oDCBqmRdbcC', positionMint: '8mftECF9q77paxx5sVeQvHmgEKBnTQnNr9qCZxq2T61q', positionTokenAccount: 'GAe19hxnBcc6tVrJPCxuyTGiNeFCn2YtaCfTuNLitAaA', whirlpool: '66qpjRGxdFWrAtCSdLokofU8Zu5hfHu4JRhDKZkgFxP6', token2022Program: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', systemProgram: '11111111111111111111111111111111', associatedTokenProgram: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', metadataUpdateAuth: '3axbTs2z5GBy6usVbNVoqEgZMng3vZvMnAoX29BFfwhr' } },
  // tests/tokenExtensionsBasedPositionNft.test.ts:44, expects at lines 55–60 ("closePositionWithTokenExtensions")
  { file: 'tokenExtensionsBasedPositionNft/closePositionWithTokenExtensions.json', signature: '3q7KvygmRDJuXo6pgvgiKAeiutPjNuXJDv3qTfHgvP96oD4J3zPMcAi7rqYDYnMd81jW69ezJqVk13fYTPt7co6p', cluster: 'local', count: 1, at: 0, name: 'closePositionWithTokenExtensions', accounts: { positionAuthority: '7f2VEeCiwgnaziV8VecCWVvhhDG9wKPWmyyyAEy9A8zy', receiver: '27gpx7yvD5UU7xDyTLaPodtyDa57xsDb47FouFYgYFD6', position: 'HYWTiuUHkCihK8RePabroWTMGmC1kZZEuypkHjEditdS', positionMint: 'AyZLfNVhUQi5v9aBBXHH8rTEVu211KtNqvtvtg9w4eoA', positionTokenAccount: '8DidsauoWMLnsxVGL4fU4TcaUdVdNvkxCx7e6vraANYJ', token2022Program: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' } },
  // tests/v2SparseSwap.test.ts:18, expects at lines 26–32 ("swapV2 + 3 Supplemental TickArrays")
  { file: 'sparseSwap/swapV2+Supplemental.json', signature: '4ShdYSjgmwZCLUw3aDwZUKeczazX8DPqgibkQenR3v46fNnooMao2ExmKyuKKHjrhpHQhJG8vJMxDRCMPTvF5YRS', cluster: 'local', count: 1, at: 0, name: 'swapV2', data: { 'remainingAccountsInfo.length': '1', 'remainingAccountsInfo[0].accountsType': '6', 'remainingAccountsInfo[0].length': '3' }, remainingAccounts: { length: '3', '[0]': '2WbZNQMXw4Bi4feRdTFi4x4NKY8E4aEHxJqmKC3GLuvU', '[1]': 'ARS6qVm99AVpus7FwmV7utEME1pjbyiRRgLaJMmDrQzb', '[2]': '9C3NPuBciQB2nCjySJJTyfQeCx7PXYQ1bbLMdj44sr3v' } },
  // tests/v2SparseSwap.test.ts:35, expects at lines 43–54 ("twoHopSwapV2 + 3 Supplemental TickArrays")
  { file: 'sparseSwap/twoHopSwapV2+Supplemental.json', signature: '5kHDKFQJ2xovfHqd2PisZ7NtRbzmDjw2fEmJHFdTt5uqJRxp9Ks9ujN9CxJkgmCZqkzfkf5ab7Vxy5JLfVx758WU', cluster: 'local', count: 1, at: 0, name: 'twoHopSwapV2', data: { 'remainingAccountsInfo.length': '2', 'remainingAccountsInfo[0].accountsType': '7', 'remainingAccountsInfo[0].length': '3', 'remainingAccountsInfo[1].accountsType': '8', 'remainingAccountsInfo[1].length': '3' }, remainingAccounts: { length: '6', '[0]': 'G2Vk263sXZWyFQAgkt2aj3JKHF7T8P7aQdNvFx9EEBvj', '[1]': 'GL8mtwJLzzBrFUx1rhqXeFThGEnsUYkieTQqNkdKjFdZ', '[2]': 'ExjzW7UuGGJXbooThEeDh26XUCdTW1SBuGxcHirpRRUS', '[3]': 'BZeJZF15dcwSEotVWf5JqEVd3AYN9irx9yxEhewAgXwe', '[4]': '7iRBWtg2Xi3SjKvtn64EKNc6sfpw5xp9u2rGge5W2gDj', '[5]': 'CX1QkZRqQfE9tgtZHxKtqqq3Bz3rD3gfy6DXvvr3n1Yu' } },
  // tests/v2TokenExtensions.test.ts:19, expects at lines 27–28 ("collectFeesV2 - Token/Token")
  { file: 'tokenExtensions/collectFeesV2+TokenToken.json', signature: '2BmpLsPTkZWUPd4izRXxzQgxnWGReP9KY6Yst11BGmXFK4oT66T4higUDicUrTaoYMcQJGhu8CphJxrcixNoshdj', cluster: 'local', count: 1, at: 0, name: 'collectFeesV2', data: { 'remainingAccountsInfo.length': '0' }, remainingAccounts: { length: '0' } },
  // tests/v2TokenExtensions.test.ts:36, expects at lines 44–45 ("collectFeesV2 + MemoTransfer")
  { file: 'tokenExtensions/collectFeesV2+MemoTransfer.json', signature: 'fLDXfjg6mCwpAjLN2ZSurcXM7FWyaj2aUXX12Dk6XTLrvvGo6zyeMwUhDwi8UNXW9xAA1zj9zefvEsR1s3dEm8x', cluster: 'local', count: 1, at: 0, name: 'collectFeesV2', data: { 'remainingAccountsInfo.length': '0' }, remainingAccounts: { length: '0' } },
  // tests/v2TokenExtensions.test.ts:53, expects at lines 61–66 ("collectFeesV2 + TransferHook")
  { file: 'tokenExtensions/collectFeesV2+TransferHook.json', signature: '2Mn89vBT5vcUeSkcxByg3Ys9T1jEqpM6A1d78RAKufzdWprMr7jVnu6P8ouNZ761TNzikAuVij9RneLGm5szChHy', cluster: 'local', count: 1, at: 0, name: 'collectFeesV2', data: { 'remainingAccountsInfo.length': '2', 'remainingAccountsInfo[0].accountsType': '0', 'remainingAccountsInfo[0].length': '3', 'remainingAccountsInfo[1].accountsType': '1', 'remainingAccountsInfo[1].length': '3' }, remainingAccounts: { length: '6' } },
  // tests/v2TokenExtensions.test.ts:74, expects at lines 82–83 ("collectFeesV2 + TransferFee")
  { file: 'tokenExtensions/collectFeesV2+TransferFee.json', signature: '3ZcS2FEVBxLKWXU4qAVFNZKy5CYge9vyHzFYC5W8No1Kgjum8DK37YiP7bfi3Ws7ezjSz5L6skyuwViV4VgUCckT', cluster: 'local', count: 1, at: 0, name: 'collectFeesV2', data: { 'remainingAccountsInfo.length': '0' }, remainingAccounts: { length: '0' } },
  // tests/v2TokenExtensions.test.ts:92, expects at lines 100–101 ("collectFeesV2 + TransferFee + MemoTransfer")
  { file: 'tokenExtensions/collectFeesV2+TransferFee+MemoTransfer.json', signature: 'T3iDZv72oU13vxHSwUR5eKftnUTZ1jG8jHsQLoeA5HJRUC79MCWi4mFfdmS89pJcMozAD8UnAsZh14Scwii58Ke', cluster: 'local', count: 1, at: 0, name: 'collectFeesV2', data: { 'remainingAccountsInfo.length': '0' }, remainingAccounts: { length: '0' } },
  // tests/v2TokenExtensions.test.ts:110, expects at line 119 ("collectFeesV2 + TransferHook (multiple instruction)")
  { file: 'tokenExtensions/collectFeesV2+TransferHook+multiple.json', signature: '4gPMYUsSKbCZ21Wcv6ht1JHUAp3smxa4BCNBSbJxTjJAUkrzJxj6SJoSPEdLuD3EuTQ9aTW5LJGm82GoXfmcDsNs', cluster: 'local', count: 5, at: 'each', name: 'collectFeesV2', remainingAccounts: { length: '6' } },
  // tests/v2TokenExtensions.test.ts:127, expects at lines 135–136 ("collectProtocolFeesV2 + TransferFee")
  { file: 'tokenExtensions/collectProtocolFeesV2+TransferFee.json', signature: '3epC7jG3bnYcudNgMdFG2sawY7oYBqHsDUs9y5uc1zKuZLo2NLZ64YpzGufURTYHHQgEqSUUbZvwHbNsJG9F5wHN', cluster: 'local', count: 1, at: 0, name: 'collectProtocolFeesV2', data: { 'remainingAccountsInfo.length': '0' }, remainingAccounts: { length: '0' } },
  // tests/v2TokenExtensions.test.ts:147, expects at lines 155–157 ("collectRewardV2 + TransferFee")
  { file: 'tokenExtensions/collectRewardV2+TransferFee.json', signature: '2k4z3NF5bNcNrNoLnEyv6sSVP1yNbmxVHXhmTwkhM6yaQE5UPKMo3oVnT5jeBTo9nMrqreGUQ6sLrGsesLCdFx22', cluster: 'local', count: 1, at: 0, name: 'collectRewardV2', data: { rewardIndex: '2', 'remainingAccountsInfo.length': '0' }, remainingAccounts: { length: '0' } },
  // tests/v2TokenExtensions.test.ts:164, expects at lines 172–176 ("collectRewardV2 + TransferHook")
  { file: 'tokenExtensions/collectRewardV2+TransferHook.json', signature: '5fpxz4dkdH4VvtRaWa9MgGEyv1DDJzDHbhkzXUEKJwtkqcgfCdfBQtKzUbrbRKE1deVtUsoVX7xaXvjhDCp1K9qU', cluster: 'local', count: 1, at: 0, name: 'collectRewardV2', data: { rewardIndex: '2', 'remainingAccountsInfo.length': '1', 'remainingAccountsInfo[0].accountsType': '2', 'remainingAccountsInfo[0].length': '3' }, remainingAccounts: { length: '3' } },
  // tests/v2TokenExtensions.test.ts:185, expects at lines 193–194 ("increaseLiquidityV2 + TransferFee")
  { file: 'tokenExtensions/increaseLiquidityV2+TransferFee.json', signature: '3wSj2iLsx2iL8zEjFohtAagKtyJENHt1e8rEnqgobG29PtNon8zNw48osidP2SUyYwNBjTKqp9gUGDHbA9D8Kb5V', cluster: 'local', count: 1, at: 0, name: 'increaseLiquidityV2', data: { 'remainingAccountsInfo.length': '0' }, remainingAccounts: { length: '0' } },
  // tests/v2TokenExtensions.test.ts:203, expects at lines 211–216 ("increaseLiquidityV2 + TransferHook")
  { file: 'tokenExtensions/increaseLiquidityV2+TransferHook.json', signature: '47KqoYPMmM1A3aC3K6ypZ6xureG92faBUvenGhytub9GncCLTMtZrVozXgsJYembE8mq82JdJPNtxa6VoMMu8TGa', cluster: 'local', count: 1, at: 0, name: 'increaseLiquidityV2', data: { 'remainingAccountsInfo.length': '2', 'remainingAccountsInfo[0].accountsType': '0', 'remainingAccountsInfo[0].length': '3', 'remainingAccountsInfo[1].accountsType': '1', 'remainingAccountsInfo[1].length': '3' }, remainingAccounts: { length: '6' } },
  // tests/v2TokenExtensions.test.ts:226, expects at lines 234–235 ("decreaseLiquidityV2 + TransferFee")
  { file: 'tokenExtensions/decreaseLiquidityV2+TransferFee.json', signature: '63xRFBPLXTtrryj54vHbFwS1Rc3fNfH3hX564PVtsQrVWmLkinSXLAeVqsCNeScU5KB7jG9w4NbRjkTKCsS1V9kn', cluster: 'local', count: 1, at: 0, name: 'decreaseLiquidityV2', data: { 'remainingAccountsInfo.length': '0' }, remainingAccounts: { length: '0' } },
  // tests/v2TokenExtensions.test.ts:246, expects at lines 254–255 ("swapV2 + TransferFee")
  { file: 'tokenExtensions/swapV2+TransferFee.json', signature: '3FwvrbW6Q5ZU9DK5Yy7EKfYX454YFFSWQMvYqVSMGQqpsQr6jfVMNXsP9vmnENFzn6SGkcNocyPVYYW89Jb8kwHi', cluster: 'local', count: 1, at: 0, name: 'swapV2', data: { 'remainingAccountsInfo.length': '0' }, remainingAccounts: { length: '0' } },
  // tests/v2TokenExtensions.test.ts:264, expects at lines 272–277 ("swapV2 + TransferHook")
  { file: 'tokenExtensions/swapV2+TransferHook.json', signature: '64LhMbGhPDdvdhqGUwYGr16Tehfbsrs7Q4fDWhywQAxS8fDVtkRWu23QAwcNpHnGvYZr4WXsAiFiYEBz2EAVyPmT', cluster: 'local', count: 1, at: 0, name: 'swapV2', data: { 'remainingAccountsInfo.length': '2', 'remainingAccountsInfo[0].accountsType': '0', 'remainingAccountsInfo[0].length': '3', 'remainingAccountsInfo[1].accountsType': '1', 'remainingAccountsInfo[1].length': '3' }, remainingAccounts: { length: '6' } },
  // tests/v2TokenExtensions.test.ts:287, expects at lines 295–296 ("twoHopSwapV2 + TransferFee")
  { file: 'tokenExtensions/twoHopSwapV2+TransferFee.json', signature: '36Z5EJhmaUDqz3UK7szYYAJPRjyouGBPqEGpTLdEqawiUTtNFZjmxQtNGzb7sYpY48kTheGk5MgzLXbHL9qoo3r', cluster: 'local', count: 1, at: 0, name: 'twoHopSwapV2', data: { 'remainingAccountsInfo.length': '0' }, remainingAccounts: { length: '0' } },
  // tests/v2TokenExtensions.test.ts:307, expects at lines 315–322 ("twoHopSwapV2 + TransferHook")
  { file: 'tokenExtensions/twoHopSwapV2+TransferHook.json', signature: 'HKe8XRZqDHnwaYihbZKcutJMzqjHpU3VPUg8joq3G9aFt9HG3DsUCVJdDKF36Nx4mymrX19xSr92nY3FkgWQSE4', cluster: 'local', count: 1, at: 0, name: 'twoHopSwapV2', data: { 'remainingAccountsInfo.length': '3', 'remainingAccountsInfo[0].accountsType': '3', 'remainingAccountsInfo[0].length': '3', 'remainingAccountsInfo[1].accountsType': '4', 'remainingAccountsInfo[1].length': '3', 'remainingAccountsInfo[2].accountsType': '5', 'remainingAccountsInfo[2].length': '3' }, remainingAccounts: { length: '9' } },
  // tests/v2TokenExtensions.test.ts:333 ("initializePoolV2")
  { file: 'tokenExtensions/initializePoolV2.json', signature: '3XK5aTGvFBS4dqa13WRuBaDuzWptUYNojiLjRSm6BCRoZdEZBV3WyPsuweKCPF4mP4TmVgMf18C8E7Z1f2rimHGP', cluster: 'local', count: 1, at: 0, name: 'initializePoolV2' },
  // tests/v2TokenExtensions.test.ts:348 ("initializeRewardV2")
  { file: 'tokenExtensions/initializeRewardV2.json', signature: '2FPoRBnMGYTqDN7YELpTBUmQ1JkRMQsoUxNNhmGG9smYE4QeCL6MRk5d5WBxE1cmsDk7r1pkFtbCySdD88KCX5Ca', cluster: 'local', count: 1, at: 0, name: 'initializeRewardV2' },
  // tests/v2TokenExtensions.test.ts:362 ("setRewardEmissionsV2")
  { file: 'tokenExtensions/setRewardEmissionsV2.json', signature: '2TvR68TBCJDihauPMgKBhQJsyWggF449jh9j4HroWW2CuWrKhRXvrXhbQEL44LANvhntp9Jzoz7rZdtDfre3Eerw', cluster: 'local', count: 1, at: 0, name: 'setRewardEmissionsV2' },
  // tests/v2TokenExtensions.test.ts:375 ("initializeConfigExtension")
  { file: 'tokenExtensions/initializeConfigExtension.json', signature: '59ivA5wN6NL7c5vSg5drj2ckmNc7b82Hw6MwELeApbSn316FVp7WpprtYd7w35NfGSJaghW6kPzLnighbptAtZQf', cluster: 'local', count: 1, at: 0, name: 'initializeConfigExtension' },
  // tests/v2TokenExtensions.test.ts:388 ("initializeTokenBadge")
  { file: 'tokenExtensions/initializeTokenBadge.json', signature: '5VV41GheSPG9NfcpZD6DoP8JFXABtATmYqjbT5wJ2P1pnpPSsyPYCigKQAuMDL3RZLRmAykjjkhJBfgy8KLh1RZD', cluster: 'local', count: 1, at: 0, name: 'initializeTokenBadge' },
  // tests/v2TokenExtensions.test.ts:401 ("deleteTokenBadge")
  { file: 'tokenExtensions/deleteTokenBadge.json', signature: '5CWDHLYAPSgdnWwwXvNPQrzEbZH1dt14yNriBPpmisqkVaQhT7pnyMTqsLYxRQo2VMjuLLNxvAU6nZCkvM7HCEPy', cluster: 'local', count: 1, at: 0, name: 'deleteTokenBadge' },
  // tests/v2TokenExtensions.test.ts:414 ("setConfigExtensionAuthority")
  { file: 'tokenExtensions/setConfigExtensionAuthority.json', signature: '5nWr7oBmpCFKzNVcyJLE5Ldmdv2C8ofKxbHnUR9hHGSu93ewJ5ARUP94MSLJZsT1MQcopnKnhwzSbMZXCRd8mTET', cluster: 'local', count: 1, at: 0, name: 'setConfigExtensionAuthority' },
  // tests/v2TokenExtensions.test.ts:427 ("setTokenBadgeAuthority")
  { file: 'tokenExtensions/setTokenBadgeAuthority.json', signature: '27ProUxonvzaq7S3GVtmhDgsDzGSkNSuuoGo1epfRQwWMEXFgV7HChc9tF6QgpD9CS6qVZLJmhhXyWRTyp8oC7eP', cluster: 'local', count: 1, at: 0, name: 'setTokenBadgeAuthority' },
];

/**
 * whirlpool-tx-decoder's RemainingAccountsType (src/types.ts:20), a TypeScript enum numbered in the
 * order of the IDL's AccountsType variants, whose names we render: its number n is our n-th name.
 */
const accountsTypes = [
  'TransferHookA',
  'TransferHookB',
  'TransferHookReward',
  'TransferHookInput',
  'TransferHookIntermediate',
  'TransferHookOutput',
  'SupplementalTickArrays',
  'SupplementalTickArraysOne',
  'SupplementalTickArraysTwo',
  'TransferHookDepositA',
  'TransferHookDepositB',
  'TransferHookWithdrawalA',
  'TransferHookWithdrawalB',
];

/** An Anchor enum value as we render it: a unit variant as its name, any other as `{ Name: payload }`. */
function variantOf(value: unknown): { name: string; payload: unknown } | null {
  if (typeof value === 'string' && /^[A-Z]/.test(value)) return { name: value, payload: undefined };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1 || !/^[A-Z]/.test(keys[0])) return null;
  return { name: keys[0], payload: (value as Record<string, unknown>)[keys[0]] };
}

/**
 * Our value at one of their `data` paths, in their spelling:
 * - `remainingAccountsInfo` is an Option of a struct holding `slices`; their decoder hands on the
 *   slices alone, [] for None (decodeRemainingAccountsInfo, src/decoder.ts:574), and each slice's
 *   accountsType as its RemainingAccountsType number;
 * - an enum value is `{ name, ...fields }` there, the variant's name in camelCase (`byTokenAmounts`,
 *   `permanent`); ours keeps the IDL's name (`ByTokenAmounts`). A variant the IDL declares as a
 *   one-element tuple (`TokenBadge(bool)`, `RequireNonTransferablePosition(bool)`) has no field
 *   name in the IDL; their types name the element (`enabled`, `required`), so any field name asked
 *   of such a variant is that element.
 */
function theirs(info: Record<string, unknown>, path: string): unknown {
  const slice = /^remainingAccountsInfo(?:\[(\d+)\])?\.(length|accountsType)$/.exec(path);
  if (slice !== null) {
    const slices = (info.remainingAccountsInfo as { slices?: { accountsType: string; length: number }[] } | null)?.slices ?? [];
    if (slice[1] === undefined) return slices.length;
    const one = slices[Number(slice[1])];
    if (one === undefined) return undefined;
    return slice[2] === 'length' ? one.length : accountsTypes.indexOf(one.accountsType);
  }
  let value: unknown = info;
  for (const key of path.split('.')) {
    const variant = variantOf(value);
    if (variant !== null) {
      if (key === 'name') value = variant.name[0].toLowerCase() + variant.name.slice(1);
      else if (typeof variant.payload === 'object' && variant.payload !== null) value = (variant.payload as Record<string, unknown>)[key];
      else value = variant.payload;
    } else {
      value = (value as Record<string, unknown> | undefined)?.[key];
    }
  }
  return value;
}

interface TransactionEntry {
  transaction: {
    signatures: string[];
    message: { accountKeys: string[]; instructions: CompiledInstruction[] };
  };
  meta: {
    loadedAddresses?: { writable: string[]; readonly: string[] };
    innerInstructions?: { index: number; instructions: CompiledInstruction[] }[];
  };
}

interface CompiledInstruction {
  programIdIndex: number;
  accounts: number[];
  data: string;
}

/** The Whirlpool instructions of the transaction the vector names, decoded, in the order theirs walks them. */
function decoded(vector: Vector) {
  const block = JSON.parse(readFileSync(join(fixtures, vector.file), 'utf8')) as {
    result: { parentSlot: number; transactions: TransactionEntry[] };
  };
  const found = block.result.transactions.filter((tx) => tx.transaction.signatures[0] === vector.signature);
  assert.equal(found.length, 1, `${vector.file} holds ${vector.signature}`);
  const { transaction, meta } = found[0];
  const keys = [...transaction.message.accountKeys, ...(meta.loadedAddresses?.writable ?? []), ...(meta.loadedAddresses?.readonly ?? [])];
  const walked = transaction.message.instructions.flatMap((ix, i) => [
    ix,
    ...(meta.innerInstructions?.find((group) => group.index === i)?.instructions ?? []),
  ]);
  // A block's slot is its parent's plus one unless slots were skipped between them; the three
  // mainnet files that name their slot bear that out.
  const slot = vector.cluster === 'mainnet' ? block.result.parentSlot + 1 : undefined;
  return walked
    .filter((ix) => keys[ix.programIdIndex] === WHIRLPOOL)
    .map((ix) =>
      decodeInstructionEntry(
        WHIRLPOOL,
        ix.data,
        ix.accounts.map((i) => keys[i]),
        registry,
        slot,
      ),
    );
}

function compare(vector: Vector): Check[] {
  const entries = decoded(vector);
  const checks: Check[] = [];
  const check = (what: string, want: unknown, got: unknown) => {
    const ok = JSON.stringify(asText(want)) === JSON.stringify(asText(got));
    checks.push({ what, theirs: want, ours: got, raw: ok, ok });
  };
  check('Whirlpool instructions', vector.count, entries.length);
  const checked = vector.at === 'each' ? entries : [entries[vector.at]];
  checked.forEach((entry, i) => {
    const where = vector.at === 'each' ? `#${i} ` : '';
    const info = entry?.parsed.info ?? {};
    check(`${where}name`, vector.name, entry?.parsed.type);
    for (const [path, want] of Object.entries(vector.data ?? {})) check(`${where}data.${path}`, want, theirs(info, path));
    for (const [name, want] of Object.entries(vector.accounts ?? {})) check(`${where}accounts.${name}`, want, info[name]);
    const remaining = (info.remainingAccounts as string[] | undefined) ?? [];
    for (const [path, want] of Object.entries(vector.remainingAccounts ?? {})) {
      const index = /^\[(\d+)\]$/.exec(path);
      check(`${where}remainingAccounts${index ? path : `.${path}`}`, want, index ? remaining[Number(index[1])] : remaining.length);
    }
  });
  return checks;
}

for (const vector of vectors) {
  test(`whirlpool-tx-decoder ${vector.cluster} ${vector.file}: ${vector.name}`, () => {
    const wrong = compare(vector).filter((c) => !c.ok);
    assert.deepEqual(wrong, [], `${vector.signature}: ${JSON.stringify(wrong)}`);
  });
}

test('whirlpool-tx-decoder: every statement of its tests about an instruction is compared', () => {
  const checks = vectors.flatMap(compare);
  // 44 transactions and the 319 statements their tests make about counts, names, arguments and
  // accounts (not transfers or decimals: those come from the token program's inner instructions
  // and the token balances). The one loop over five collectFeesV2 states its two checks of each,
  // so 8 more than written once.
  assert.equal(vectors.length, 44);
  assert.equal(checks.length, 319 + 4 * 2);
  assert.equal(vectors.filter((v) => v.cluster === 'mainnet').length, 3);
});
