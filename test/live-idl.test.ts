/**
 * Live IDLs end to end: real gateway processes in front of a stand-in node that serves a real
 * published IDL (GLAM's config program, which the project does not bundle; see
 * test/fixtures/onchain/PROVENANCE.md) in the two on-chain layouts, and a transaction of that
 * program built from its IDL with Anchor's own coder.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { BorshInstructionCoder, type Idl } from '@coral-xyz/anchor';
import { getProgramDerivedAddress, address } from '@solana/kit';
import { projectRoot } from '../src/paths.js';
import { decodeBase58, encodeBase58 } from '../src/codec/base58.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { ANCHOR_IDL_DISCRIMINATOR, PROGRAM_METADATA_PROGRAM_ID, anchorIdlAddress, programMetadataAddress } from '../src/idl/onchain.js';
import type { GatewayOptions } from '../src/gateway.js';
import { ChainStandIn } from './support/chain-stand-in.js';
import { answerText, rpc, startGateway, tempDir, type RunningGateway, type TestGateway } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

const glam = 'gConFzxKL9USmwTdJoeQJvfKmqhJ2CyUaXTyQ8v9TGX';
const glamIdl = JSON.parse(readFileSync(join(projectRoot, 'test', 'fixtures', 'onchain', `${glam}.json`), 'utf8')) as Idl;
const madeUpKey = (label: string) => encodeBase58(createHash('sha256').update(label).digest());
/** Programs with no bundled description, each with a different on-chain story. */
const bare = madeUpKey('a program with no IDL account');
const bomb = madeUpKey('a program whose IDL account inflates without end');
const impostor = madeUpKey("a program whose IDL account holds another program's IDL");
const feeAuthority = madeUpKey('fee authority');
const computeBudget = 'ComputeBudget111111111111111111111111111111';

function anchorIdlAccount(compressed: Uint8Array): Uint8Array {
  const data = new Uint8Array(44 + compressed.length);
  data.set(ANCHOR_IDL_DISCRIMINATOR);
  data.set(decodeBase58(madeUpKey('IDL authority'))!, 8);
  new DataView(data.buffer).setUint32(40, compressed.length, true);
  data.set(compressed, 44);
  return data;
}

/** The canonical `idl` metadata account as Anchor 1.0 writes it: Utf8, Zlib, Json, Direct. */
function metadataAccount(program: string, compressed: Uint8Array): Uint8Array {
  const data = new Uint8Array(96 + compressed.length);
  data[0] = 2;
  data.set(decodeBase58(program)!, 1);
  data.set(new TextEncoder().encode('idl'), 67);
  data.set([1, 2, 1, 0], 83);
  new DataView(data.buffer).setUint32(87, compressed.length, true);
  data.set(compressed, 96);
  return data;
}

interface Ix {
  programId: string;
  accounts: string[];
  data: Uint8Array;
}

/** A jsonParsed getTransaction result in the node's shape; the log lines make it big enough to go to a worker. */
function transaction(signature: string, slot: number, instructions: Ix[]): unknown {
  const keys = [feeAuthority, ...new Set(instructions.flatMap((ix) => [...ix.accounts, ix.programId]))].filter(
    (key, i, all) => all.indexOf(key) === i,
  );
  const logs = instructions.flatMap((ix) => [
    `Program ${ix.programId} invoke [1]`,
    ...Array.from({ length: 30 }, (_, i) => `Program log: step ${i} of an instruction long enough to make this answer several KiB`),
    `Program ${ix.programId} success`,
  ]);
  return {
    blockTime: 1_760_000_000,
    meta: {
      computeUnitsConsumed: 12_345,
      err: null,
      fee: 5000,
      innerInstructions: [],
      logMessages: logs,
      postBalances: keys.map(() => 1_000_000),
      postTokenBalances: [],
      preBalances: keys.map((_, i) => (i === 0 ? 1_005_000 : 1_000_000)),
      preTokenBalances: [],
      rewards: [],
      status: { Ok: null },
    },
    slot,
    transaction: {
      message: {
        accountKeys: keys.map((pubkey, i) => ({ pubkey, signer: i === 0, source: 'transaction', writable: i < 2 })),
        instructions: instructions.map((ix) => ({
          accounts: ix.accounts,
          data: encodeBase58(ix.data),
          programId: ix.programId,
          stackHeight: 1,
        })),
        recentBlockhash: madeUpKey('blockhash'),
      },
      signatures: [signature],
    },
    version: 0,
  };
}

const signature = encodeBase58(createHash('sha512').update('live idl transaction').digest());
let globalConfig: string;
let updateFees: Uint8Array;

before(async () => {
  [globalConfig] = await getProgramDerivedAddress({ programAddress: address(glam), seeds: ['global_config'] });
  // Encoded by Anchor's own coder from the published IDL, not by the code under test.
  updateFees = new BorshInstructionCoder(glamIdl).encode('update_protocol_fees', { base_fee_bps: 10, flow_fee_bps: 25 });
  assert.equal(loadBundledRegistry().versions(glam).length, 0, 'the program is not bundled');
});

/** A stand-in node holding the transaction; `layout` says where the IDL account is kept. */
async function node(layout: 'program-metadata' | 'legacy-anchor'): Promise<ChainStandIn> {
  const chain = await new ChainStandIn().start();
  const slot = chain.slot - 10;
  chain.transactions.set(
    signature,
    transaction(signature, slot, [
      { programId: computeBudget, accounts: [], data: Uint8Array.of(2, 0x40, 0x0d, 0x03, 0x00) },
      { programId: glam, accounts: [globalConfig, feeAuthority], data: updateFees },
      { programId: bare, accounts: [feeAuthority], data: Uint8Array.of(1, 2, 3) },
      { programId: bomb, accounts: [feeAuthority], data: Uint8Array.of(4, 5, 6) },
      { programId: impostor, accounts: [feeAuthority], data: updateFees },
    ]),
  );
  const compressed = deflateSync(JSON.stringify(glamIdl));
  if (layout === 'program-metadata') {
    chain.accounts.set(await programMetadataAddress(glam), { owner: PROGRAM_METADATA_PROGRAM_ID, data: metadataAccount(glam, compressed) });
  } else {
    chain.accounts.set(await anchorIdlAddress(glam), { owner: glam, data: anchorIdlAccount(compressed) });
  }
  // 16 MiB of zeros in 16 KiB of account.
  chain.accounts.set(await anchorIdlAddress(bomb), { owner: bomb, data: anchorIdlAccount(deflateSync(Buffer.alloc(16 * 1024 * 1024))) });
  chain.accounts.set(await anchorIdlAddress(impostor), { owner: impostor, data: anchorIdlAccount(compressed) });
  return chain;
}

const getTransaction = rpc('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]);

async function instructionsOf(gw: TestGateway): Promise<Record<string, unknown>[]> {
  const answer = JSON.parse(await answerText(gw, getTransaction, '?explorerkit=true')) as {
    result: { transaction: { message: { instructions: Record<string, unknown>[] } } };
  };
  return answer.result.transaction.message.instructions;
}

async function metric(gw: TestGateway, result: string): Promise<number> {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  return Number(new RegExp(`^enhanced_rpc_onchain_idl_total\\{result="${result}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
}

const expectedGlam = {
  parsed: { type: 'updateProtocolFees', info: { baseFeeBps: 10, flowFeeBps: 25, globalConfig: '', feeAuthority } },
  program: 'glam_config',
  programId: glam,
  stackHeight: 1,
};

const chains: ChainStandIn[] = [];
const gateways: TestGateway[] = [];
after(async () => {
  for (const gw of gateways) await gw.stop();
  for (const chain of chains) await chain.stop();
});

function kept<T extends TestGateway>(gw: T): T {
  gateways.push(gw);
  return gw;
}

/**
 * Tests that expect the first answer decoded wait this long for the IDL: the default 150 ms is
 * a latency choice, and a loaded CI host has missed it (the fetch is several node round trips).
 */
const patientWaitMs = 5000;

async function gateway(chain: ChainStandIn, options: GatewayOptions): Promise<InProcessGateway> {
  return kept(await startInProcess({ upstreams: [chain.url], onchainIdlWaitMs: patientWaitMs, ...options }));
}

/** A process of its own, for a test that reads the log: there is one per process, and this one is the gateway's alone. */
async function loggingGateway(chain: ChainStandIn, args: string[]): Promise<RunningGateway> {
  return kept(await startGateway(['--upstream', chain.url, '--onchain-idl-wait-ms', String(patientWaitMs), ...args]));
}

for (const workers of ['0', '1']) {
  test(`Program Metadata IDL, workers ${workers}: decoded on the first answer; no IDL, a bomb and a foreign IDL are asked once and refused`, async () => {
    const chain = await node('program-metadata');
    chains.push(chain);
    // No response cache: every round is enhanced again, so the later rounds show the IDL cache at work.
    const gw = await loggingGateway(chain, [
      '--workers',
      workers,
      '--response-cache',
      '0',
      '--onchain-idl-cache',
      join(tempDir(), 'idls.sqlite'),
    ]);
    expectedGlam.parsed.info.globalConfig = globalConfig;
    for (let round = 0; round < 3; round++) {
      const [budget, decoded, bareEntry, bombEntry, impostorEntry] = await instructionsOf(gw);
      assert.equal((budget.parsed as { type: string }).type, 'setComputeUnitLimit', 'bundled programs decode as before');
      assert.deepEqual(decoded, expectedGlam);
      for (const entry of [bareEntry, bombEntry, impostorEntry]) assert.equal(entry.parsed, undefined, 'left as the node gave it');
    }
    assert.equal(chain.timesAsked(await programMetadataAddress(glam)), 1);
    for (const program of [bare, bomb, impostor]) assert.equal(chain.timesAsked(await anchorIdlAddress(program)), 1, program);
    assert.equal(await metric(gw, 'fetched'), 1);
    assert.equal(await metric(gw, 'absent'), 1);
    assert.equal(await metric(gw, 'invalid'), 2, 'the bomb and the foreign IDL');
    assert.equal(await metric(gw, 'hit'), 6, 'rounds 2 and 3: the three programs without an IDL, known and fresh');
    assert.match(gw.output(), /inflates to more than 4194304 bytes/);
    assert.match(gw.output(), new RegExp(`the IDL declares program ${glam}, not ${impostor}`));
  });
}

test('legacy Anchor IDL account: decoded, kept in the cache file, and a restart asks the node nothing', async () => {
  const chain = await node('legacy-anchor');
  chains.push(chain);
  const cache = join(tempDir(), 'idls.sqlite');
  const first = await gateway(chain, { workers: 1, onchainIdlCacheFile: cache });
  assert.deepEqual((await instructionsOf(first))[1], expectedGlam);
  await first.stop();
  const asked = [...chain.asked.values()].reduce((a, b) => a + b, 0);
  assert.ok(asked >= 4);

  const second = await gateway(chain, { workers: 1, onchainIdlCacheFile: cache });
  assert.deepEqual((await instructionsOf(second))[1], expectedGlam);
  assert.equal(
    [...chain.asked.values()].reduce((a, b) => a + b, 0),
    asked,
    'IDLs and absences both came from the file',
  );
  assert.equal(await metric(second, 'fetched'), 0);
});

test('wait budget: a slow node leaves the first answer undecoded within the budget; a later answer is decoded', async () => {
  const chain = await node('program-metadata');
  chains.push(chain);
  chain.accountDelayMs = 1500;
  const gw = await gateway(chain, { workers: 0, onchainIdlWaitMs: 100, onchainIdlCacheFile: join(tempDir(), 'idls.sqlite') });
  const started = performance.now();
  const [, undecoded] = await instructionsOf(gw);
  assert.ok(performance.now() - started < 1000, 'the answer did not wait for the fetch');
  assert.equal(undecoded.parsed, undefined);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  assert.deepEqual((await instructionsOf(gw))[1], expectedGlam);
  assert.equal(chain.timesAsked(await programMetadataAddress(glam)), 1, 'the second answer did not start another fetch');
  // The undecoded first answer was not kept by the response cache, or the second would have been it.
});

test('--onchain-idl off: the node is asked for no account, and the answer is the standard one', async () => {
  const chain = await node('program-metadata');
  chains.push(chain);
  const gw = await gateway(chain, { workers: 0, onchainIdl: false });
  const [, entry] = await instructionsOf(gw);
  assert.equal(entry.parsed, undefined);
  assert.equal(chain.asked.size, 0);
  assert.equal(await metric(gw, 'fetched'), 0);
});
