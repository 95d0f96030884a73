/**
 * Real mainnet accounts of bundled programs that had no account data in the tests before (issue
 * #13), taken from other projects' test fixtures; provenance in test/fixtures/accounts/README.md.
 * Each goes through the gateway's own account path (decodeAccountData, newest fitting version
 * first), must be read by the chosen version to its last byte with @coral-xyz/borsh agreeing, and
 * must carry values its source states or that can be derived apart from any decoder.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { address, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeAccountData } from '../src/enhance/accounts.js';
import { projectRoot } from '../src/paths.js';
import { borshRereadsAccount } from './support/borsh-layouts.js';

const accountsDir = join(projectRoot, 'test', 'fixtures', 'accounts');
const registry = loadBundledRegistry();

/** The folders of test/fixtures/accounts whose every file this test checks. */
const ownFolders = ['kliquidity-sdk', 'klend-sdk'];
const tested = new Set<string>();

/** A verbatim `solana account --output json` dump. */
interface Dump {
  pubkey: string;
  account: { data: [string, 'base64']; owner: string; lamports: number; space?: number };
}

function readDump(file: string): { dump: Dump; bytes: Buffer } {
  tested.add(file);
  const dump = JSON.parse(readFileSync(join(accountsDir, file), 'utf8')) as Dump;
  const bytes = Buffer.from(dump.account.data[0], 'base64');
  if (dump.account.space !== undefined) assert.equal(bytes.length, dump.account.space, `${file}: space`);
  return { dump, bytes };
}

/**
 * The gateway's decoding of the dump, after checking that the version it chose reads every byte
 * (a layout that stops short or runs over would leave fields unread or misplaced) and that borsh,
 * given the same layout, reads the same value.
 */
function decodeWhole(file: string, program: string, type: string): Record<string, unknown> {
  const { dump, bytes } = readDump(file);
  const decoded = decodeAccountData(dump.account.owner, bytes, registry);
  assert.ok(decoded, `${file}: not decoded`);
  assert.equal(decoded.program, program);
  assert.equal(decoded.type, type);
  const { hit, end } = borshRereadsAccount(registry, dump.account.owner, bytes, decoded.value, file);
  assert.ok(hit.exact, `${file}: the chosen version does not read it exactly`);
  assert.equal(end, bytes.length, `${file}: layout span`);
  return decoded.value;
}

// ---------------------------------------------------------------------------------------------
// Kamino Liquidity (yvaults, 6LtLpnUF…): its GlobalConfig GKnHiWh3…, which kliquidity-sdk's tests
// name GlobalConfigMainnet and load into their local validator, at two moments.

const yvaults = '6LtLpnUFNByNXLyCoK9wA2MykKAmQNZKBdY8s47dehDc';
const globalConfigs = ['kliquidity-sdk/global-config.json', 'klend-sdk/global-config.json'];

// What kliquidity-sdk's tests/kamino.test.ts (`fixtures`) pair with this global config.
const kaminoTestFixtures = {
  scopeProgram: 'HFn8GnPADiny6XqUoWE8uRPPxb29ikn4yTuPa9MF2fWJ',
  scopePrices: '3NJYftD5sjVfxSnUdZ1wVML8f3aC6mp1CXCL6L7TnU8C',
  tokenInfos: '3v6ootgJJZbSWEDfZMA1scfh7wcsVVfeocExRxPqCyWH',
};

// Collateral mints whose treasury fee vaults both snapshots already hold.
const collateralMints = {
  USDC: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  USDH: 'USDH1SM1ojwWUga67PGrgFWUHibbjqMvuMaDkRJTgkX',
  SOL: 'So11111111111111111111111111111111111111112',
  mSOL: 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So',
  stSOL: '7dHbWXmci3dT8UFYWYZweBLXgycu7Y3iL6trKn1Y7ARj',
  USDT: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
  BONK: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
};

for (const file of globalConfigs) {
  test(`${file} decodes as yvaults GlobalConfig, read to its last byte`, () => {
    const { dump } = readDump(file);
    assert.equal(dump.account.owner, yvaults);
    assert.equal(dump.pubkey, 'GKnHiWh3RRrE1zsNzWxRkomymHc374TvJPSTv2wPeYdB');
    const config = decodeWhole(file, 'yvaults', 'GlobalConfig');
    assert.equal(config.scopeProgramId, kaminoTestFixtures.scopeProgram);
    // The field the program read its scope prices from then; today's IDL calls it `deprecated`
    // and reads the feeds from `scopePriceIds`, which these snapshots, older, hold none of yet.
    assert.equal(config.deprecated, kaminoTestFixtures.scopePrices);
    assert.ok((config.scopePriceIds as string[]).every((id) => id === '11111111111111111111111111111111'));
    assert.equal(config.tokenInfos, kaminoTestFixtures.tokenInfos);
  });

  // The vaults sit after a 2 KiB array: a layout off by anything but whole pubkeys reads none of them.
  test(`${file}: its treasury fee vaults are the program addresses of their mints`, async () => {
    const config = decodeWhole(file, 'yvaults', 'GlobalConfig');
    const vaults = config.treasuryFeeVaults as string[];
    assert.equal(vaults.length, 256);
    const encoder = getAddressEncoder();
    for (const [name, mint] of Object.entries(collateralMints)) {
      // kliquidity-sdk's getTreasuryFeeVaultPDAs: ["treasury_fee_vault", mint].
      const [vault] = await getProgramDerivedAddress({
        programAddress: address(yvaults),
        seeds: ['treasury_fee_vault', encoder.encode(address(mint))],
      });
      assert.ok(vaults.includes(vault), `${file}: no treasury fee vault for ${name}`);
    }
  });
}

test('the two GlobalConfig snapshots differ, yet agree on the settings neither changed', () => {
  const [later, earlier] = globalConfigs.map((file) => readDump(file).bytes);
  assert.notDeepEqual(later, earlier);
  const [a, b] = globalConfigs.map((file) => decodeWhole(file, 'yvaults', 'GlobalConfig'));
  for (const key of ['adminAuthority', 'actionsAuthority', 'scopeProgramId', 'deprecated', 'tokenInfos']) {
    assert.equal(a[key], b[key], key);
  }
  // Vaults are only ever added: every one the earlier snapshot holds is still there later.
  const laterVaults = new Set(a.treasuryFeeVaults as string[]);
  const earlierVaults = (b.treasuryFeeVaults as string[]).filter((v) => v !== '11111111111111111111111111111111');
  assert.ok(earlierVaults.length > 0);
  for (const v of earlierVaults) assert.ok(laterVaults.has(v), v);
});

test('every file in the fixture folders this test owns is checked above', () => {
  const present = ownFolders.flatMap((folder) =>
    readdirSync(join(accountsDir, folder))
      .filter((f) => f.endsWith('.json'))
      .map((f) => `${folder}/${f}`),
  );
  assert.deepEqual(present.sort(), [...tested].sort());
});
