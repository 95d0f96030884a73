/**
 * Real mainnet accounts of two vault programs that had none in the tests (issue #13), provenance in
 * test/fixtures/accounts/README.md:
 *
 * - Voltr's vault and protocol accounts, as voltrxyz/aggregator-integration loads them beside the
 *   deployed program in its tests. Its own reader (amm/src/state.rs) takes each field of a vault
 *   at a fixed offset; the decoded fields must be the values at those offsets. The vault is
 *   zero-copy with a u128 at an offset of 8 modulo 16: it reads only where a 128-bit integer
 *   aligns to 8, as on the SBF target.
 * - unstake.it's fee accounts (checked field by field in account-fixtures.test.ts): their addresses
 *   are the program's addresses for the pool beside them, derived with @solana/kit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { address, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeAccountData } from '../src/enhance/accounts.js';
import { encodeBase58 } from '../src/codec/base58.js';
import { projectRoot } from '../src/paths.js';
import { at } from './support/vectors.js';

const registry = loadBundledRegistry();
const dir = join(projectRoot, 'test', 'fixtures', 'accounts');

const VOLTR = 'vVoLTRjQmtFpiYoegx285Ze4gsLJ8ZxgFKVcuvmG1a8';
const UNSTAKE = 'unpXTU2Ndrc7WWNyEhQWe4udTzSibLPi25SXv2xbCHQ';

/** A verbatim `solana account --output json` dump. */
function dump(file: string): { pubkey: string; owner: string; bytes: Buffer } {
  const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return { pubkey: doc.pubkey, owner: doc.account.owner, bytes: Buffer.from(doc.account.data[0], 'base64') };
}

/**
 * Where Voltr's reader takes a vault's fields: offsets after the 8-byte discriminator, each read
 * as a key (32 bytes) or a little-endian integer of the given width.
 */
const voltrOffsets: [path: string, offset: number, read: 'key' | 1 | 2 | 8 | 16][] = [
  ['asset.mint', 96, 'key'],
  ['asset.idleAta', 128, 'key'],
  ['asset.totalValue', 160, 8],
  ['asset.idleAtaAuthBump', 168, 1],
  ['lp.mint', 264, 'key'],
  ['lp.mintBump', 296, 1],
  ['lp.mintAuthBump', 297, 1],
  ['vaultConfiguration.maxCap', 424, 8],
  ['vaultConfiguration.startAtTs', 432, 8],
  ['vaultConfiguration.lockedProfitDegradationDuration', 440, 8],
  ['vaultConfiguration.withdrawalWaitingPeriod', 448, 8],
  ['vaultConfiguration.disabledOperations', 456, 2],
  ['feeConfiguration.managerPerformanceFee', 504, 2],
  ['feeConfiguration.adminPerformanceFee', 506, 2],
  ['feeConfiguration.managerManagementFee', 508, 2],
  ['feeConfiguration.adminManagementFee', 510, 2],
  ['feeConfiguration.redemptionFee', 512, 2],
  ['feeConfiguration.issuanceFee', 514, 2],
  ['feeConfiguration.protocolPerformanceFee', 516, 2],
  ['feeConfiguration.protocolManagementFee', 518, 2],
  ['feeUpdate.lastPerformanceFeeUpdateTs', 552, 8],
  ['feeUpdate.lastManagementFeeUpdateTs', 560, 8],
  ['feeState.accumulatedLpManagerFees', 568, 8],
  ['feeState.accumulatedLpAdminFees', 576, 8],
  ['feeState.accumulatedLpProtocolFees', 584, 8],
  ['deadWeight', 608, 8],
  ['highWaterMark.highestAssetPerLpDecimalBits', 616, 16],
  ['highWaterMark.lastUpdatedTs', 632, 8],
  ['lastUpdatedTs', 648, 8],
  ['lockedProfitState.lastUpdatedLockedProfit', 664, 8],
  ['lockedProfitState.lastReport', 672, 8],
];

function readAt(bytes: Buffer, offset: number, read: 'key' | 1 | 2 | 8 | 16): unknown {
  const from = 8 + offset;
  if (read === 'key') return encodeBase58(bytes.subarray(from, from + 32));
  if (read === 1) return bytes[from];
  if (read === 2) return bytes.readUInt16LE(from);
  const low = bytes.readBigUInt64LE(from);
  return String(read === 8 ? low : low + (bytes.readBigUInt64LE(from + 8) << 64n));
}

test("Voltr vault: every field where Voltr's own reader takes it, read to the last of its 928 bytes", () => {
  const vault = dump('voltrxyz-aggregator-integration/vault_GqoypwVG.json');
  assert.equal(vault.owner, VOLTR);
  assert.equal(vault.bytes.length, 928);
  const decoded = decodeAccountData(vault.owner, vault.bytes, registry);
  assert.ok(decoded, 'not decoded');
  assert.equal(decoded.program, 'voltr_vault');
  assert.equal(decoded.type, 'Vault');
  for (const [path, offset, read] of voltrOffsets) {
    assert.deepEqual(at(decoded.value, path), readAt(vault.bytes, offset, read), `${path} at ${offset}`);
  }
  // The high-water mark is a fixed-point share price that only grows from its start, and the mark
  // was set before the vault's last update: nonsense in either would mean a shifted read.
  assert.ok(BigInt(at(decoded.value, 'highWaterMark.highestAssetPerLpDecimalBits') as string) > 0n);
  assert.ok(Number(at(decoded.value, 'highWaterMark.lastUpdatedTs')) <= Number(at(decoded.value, 'lastUpdatedTs')));
  assert.equal(at(decoded.value, 'asset.mint'), 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
});

test('Voltr protocol: read to its last byte, its admin the vault’s', () => {
  const protocol = dump('voltrxyz-aggregator-integration/protocol_4sycXz9X.json');
  const vault = dump('voltrxyz-aggregator-integration/vault_GqoypwVG.json');
  const decoded = decodeAccountData(protocol.owner, protocol.bytes, registry);
  assert.ok(decoded);
  assert.equal(decoded.type, 'Protocol');
  assert.equal(decoded.value.admin, decodeAccountData(vault.owner, vault.bytes, registry)?.value.admin);
  const [compiled] = registry.versions(VOLTR);
  assert.equal(compiled.decodeAccount(protocol.bytes)?.exact, true);
});

test('unstake.it: the fee accounts are the program’s addresses for the pool', async () => {
  const pool = dump('sanctum-router-sdk/unstake_pool_FypPtwbY.json');
  const fee = dump('sanctum-router-sdk/unstake_fee_5Pcu8WeQ.json');
  const protocolFee = dump('sanctum-router-sdk/unstake_protocol_fee_2hN9UhvR.json');
  for (const account of [pool, fee, protocolFee]) assert.equal(account.owner, UNSTAKE);
  const derive = async (seeds: Parameters<typeof getProgramDerivedAddress>[0]['seeds']) =>
    (await getProgramDerivedAddress({ programAddress: address(UNSTAKE), seeds }))[0];
  const poolKey = getAddressEncoder().encode(address(pool.pubkey));
  assert.equal(await derive([poolKey, 'fee']), fee.pubkey);
  assert.equal(await derive(['protocol-fee']), protocolFee.pubkey);
});
