/**
 * A mainnet getMultipleAccounts answer and the transaction it was fetched for (February 2026, from
 * api.mainnet-beta.solana.com), which LiteSVM keeps to reproduce a simulation (test/fixtures/litesvm/
 * README.md). The PumpSwap GlobalConfig in it is 643 bytes: the layout pump-swap-sdk 1.14.0
 * describes, not today's, and accounts keep the size they were written with until extended. So it
 * decodes only because the older layouts are bundled; the values are checked against each other
 * and against the other accounts of the same answer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAddressDecoder, getAddressEncoder, getProgramDerivedAddress, type Address } from '@solana/kit';
import { projectRoot } from '../src/paths.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { enhanceNow } from '../src/enhance/enhance.js';
import { enhanceTransaction } from '../src/enhance/transaction.js';
import { nodeParsedAccountOwners } from '../src/transaction-result/node-parsed.js';

// Answers are untyped JSON, navigated as the RPC writes them.
type Doc = any;

const registry = loadBundledRegistry();
const dir = join(projectRoot, 'test', 'fixtures', 'litesvm');
const PUMP_SWAP = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA';
const PUMP_FEES = 'pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

const answerText = readFileSync(join(dir, 'get_multiple_accounts.json'), 'utf8');
const addresses: string[] = JSON.parse(readFileSync(join(dir, 'get_multiple_accounts_req.json'), 'utf8')).params[0];
const enhanced: Doc[] = JSON.parse(enhanceNow({ method: 'getMultipleAccounts', response: answerText }, registry).body.toString()).result
  .value;
const raw: Doc[] = JSON.parse(answerText).result.value;
const bytesOf = (i: number) => Buffer.from(raw[i].data[0], 'base64');

/** Index of the account at `address` in the answer. */
const at = (address: string) => {
  const i = addresses.indexOf(address);
  assert.ok(i >= 0 && raw[i] !== null, `${address} is in the answer`);
  return i;
};

test('every account of a bundled program in the recorded answer is decoded', () => {
  // Token programs' accounts are the node's to parse (jsonParsed); these are base64, as asked.
  const described = raw.flatMap((a, i) =>
    a !== null && !nodeParsedAccountOwners.has(a.owner) && registry.versions(a.owner).length > 0 ? [i] : [],
  );
  assert.ok(described.filter((i) => raw[i].owner === PUMP_SWAP).length >= 4, 'the answer holds PumpSwap accounts');
  for (const i of described)
    assert.ok(!Array.isArray(enhanced[i].data), `${addresses[i]} (${raw[i].owner}, ${bytesOf(i).length} bytes) is decoded`);
});

test('the 643-byte PumpSwap GlobalConfig decodes with the layout it was written in, and agrees with the accounts beside it', async () => {
  const [configAddress] = await getProgramDerivedAddress({ programAddress: PUMP_SWAP as Address, seeds: ['global_config'] });
  const i = at(configAddress);
  assert.equal(bytesOf(i).length, 643);
  assert.equal(registry.get(PUMP_SWAP)?.decodeAccount(bytesOf(i)), null, "today's layout cannot read the account it was not written in");
  const config = enhanced[i].data.parsed;
  assert.equal(config.type, 'globalConfig');
  // The fee program's FeeConfig for PumpSwap names the same admin.
  const [feeConfigAddress] = await getProgramDerivedAddress({
    programAddress: PUMP_FEES as Address,
    seeds: ['fee_config', getAddressEncoder().encode(PUMP_SWAP as Address)],
  });
  const feeConfig = enhanced[at(feeConfigAddress)].data.parsed;
  assert.equal(feeConfig.type, 'feeConfig');
  assert.equal(config.info.admin, feeConfig.info.admin);
  assert.equal(config.info.protocolFeeRecipients.length, 8);
  assert.ok(config.info.protocolFeeRecipients.every((r: string) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(r)));
});

test("the pool's vault is one of the answer's token accounts, holding the pool's quote mint for the pool", () => {
  const poolIndex = enhanced.findIndex((a) => a?.owner === PUMP_SWAP && a.data?.parsed?.type === 'pool');
  assert.ok(poolIndex >= 0, 'a pool in the answer');
  const pool = enhanced[poolIndex].data.parsed.info;
  const vault = bytesOf(at(pool.poolQuoteTokenAccount));
  assert.equal(raw[at(pool.poolQuoteTokenAccount)].owner, TOKEN);
  // SPL token account: mint, then owner.
  assert.equal(addressAt(vault, 0), pool.quoteMint);
  assert.equal(addressAt(vault, 32), addresses[poolIndex]);
});

test('the PumpSwap trade of the transaction decodes under the names its logs give', () => {
  const text = readFileSync(join(dir, 'get_transaction_json.json'), 'utf8');
  const result = JSON.parse(enhanceTransaction(text, registry)).result;
  const keys = [
    ...result.transaction.message.accountKeys,
    ...result.meta.loadedAddresses.writable,
    ...result.meta.loadedAddresses.readonly,
  ];
  const entries = result.meta.innerInstructions.flatMap((g: Doc) => g.instructions);
  const names = entries.filter((e: Doc) => [PUMP_SWAP, PUMP_FEES].includes(keys[e.programIdIndex])).map((e: Doc) => e.parsed?.type);
  const logged = result.meta.logMessages.filter((l: string) => /Instruction: (BuyExactQuoteIn|GetFees)$/.test(l));
  assert.deepEqual(
    names.filter((n: string) => n !== 'BuyEvent'),
    logged.map((l: string) => l.replace(/^.*Instruction: (\w)/, (_, c: string) => c.toLowerCase())),
  );
  const trade = entries.find((e: Doc) => keys[e.programIdIndex] === PUMP_SWAP && e.parsed?.type === 'buyExactQuoteIn');
  assert.ok(!('remainingAccounts' in trade.parsed.info) || trade.parsed.info.remainingAccounts.length <= 1);
  assert.equal(trade.parsed.info.feeProgram, PUMP_FEES);
});

function addressAt(bytes: Buffer, offset: number): string {
  return getAddressDecoder().decode(Uint8Array.from(bytes.subarray(offset, offset + 32)));
}
