/**
 * Seeded fuzzing of every compiled decoder: random bytes behind each real discriminator, and
 * truncated, extended and bit-flipped corpus data. Nothing may throw, no single decode may take
 * 50 ms, and memory must stay bounded. `make test` runs a bounded pass; `make fuzz` sets
 * FUZZ_ROUNDS high for a long one. FUZZ_SEED replays a run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusTransactionsDir, projectRoot } from '../src/paths.js';
import { decodeAccountData } from '../src/enhance/accounts.js';
import { MPL_CORE } from '../src/enhance/core-plugins.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeBase58 } from '../src/codec/base58.js';
import { accountKeysOf, instructionEntriesOf, readableResult } from '../src/transaction-result/read.js';
import { byteMutator } from './support/mutate.js';

const rounds = Number(process.env.FUZZ_ROUNDS ?? 5);
const seed = Number(process.env.FUZZ_SEED ?? 20261122);

let state = seed >>> 0;
const random = (n: number) => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return state % n;
};
const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => random(256));

const mutate = byteMutator(random);

/** Corpus instruction data by program id, as seeds for mutation. */
function corpusData(): Map<string, Uint8Array[]> {
  const byProgram = new Map<string, Uint8Array[]>();
  for (const file of readdirSync(corpusTransactionsDir).filter((f) => /\.(json|jsonParsed|base64)\.json$/.test(f))) {
    const result = readableResult(JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')));
    const keys = accountKeysOf(result);
    for (const ix of instructionEntriesOf(result)) {
      if (typeof ix.data !== 'string') continue;
      const data = decodeBase58(ix.data);
      const programId = ix.programId ?? keys[ix.programIdIndex];
      if (data) byProgram.set(programId, [...(byProgram.get(programId) ?? []), data]);
    }
  }
  return byProgram;
}

test(`every compiled decoder survives random and mutated bytes (seed ${seed}, ${rounds} rounds)`, () => {
  const registry = loadBundledRegistry();
  const seeds = corpusData();
  const heapBefore = process.memoryUsage().heapUsed;
  let decodes = 0;
  let slowest = 0;
  // CPU time of this process, not wall time: a busy machine that deschedules the test does not
  // make a decode slow.
  const timed = (run: () => unknown, what: string) => {
    const started = process.cpuUsage();
    assert.doesNotThrow(run, what);
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    slowest = Math.max(slowest, ms);
    assert.ok(ms < 50, `${what}: one decode took ${ms.toFixed(1)} ms`);
    decodes++;
  };
  for (let round = 0; round < rounds; round++) {
    for (const programId of registry.programIds) {
      for (const program of registry.versions(programId)) {
        const { instructions, accounts, events } = program.description;
        for (const ix of instructions) {
          const data = Uint8Array.from([...ix.discriminator, ...randomBytes(random(300))]);
          timed(() => program.decodeInstruction(data), `${program.description.name}.${ix.name}`);
        }
        for (const account of accounts) {
          const data = Uint8Array.from([...account.discriminator, ...randomBytes(account.size ?? random(2000))]);
          timed(() => program.decodeAccount(data), `${program.description.name} account ${account.name}`);
        }
        for (const event of events) {
          const data = Uint8Array.from([...event.discriminator, ...randomBytes(random(300))]);
          timed(() => program.decodeEvent(data), `${program.description.name} event ${event.name}`);
        }
        for (const data of seeds.get(programId) ?? []) {
          const mutated = mutate(data);
          timed(() => program.decodeInstruction(mutated), `${program.description.name} mutated instruction`);
          timed(() => program.decodeEvent(mutated.subarray(8)), `${program.description.name} mutated event`);
        }
      }
    }
  }
  global.gc?.();
  const grownMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  assert.ok(grownMb < 512, `heap grew by ${grownMb.toFixed(0)} MiB`);
  console.log(`fuzz: ${decodes} decodes, slowest ${slowest.toFixed(2)} ms, heap +${grownMb.toFixed(0)} MiB`);
});

/**
 * Metaplex Core accounts point into themselves (src/enhance/core-plugins.ts): real ones with
 * plugins, mutated (offsets and lengths among the bytes hit), go through the gateway's account
 * path. Each must decode or not without throwing, and quickly.
 */
test(`Core accounts with plugins survive mutated bytes on the account path (seed ${seed}, ${rounds} rounds)`, () => {
  const registry = loadBundledRegistry();
  const dir = join(projectRoot, 'test', 'fixtures', 'accounts', 'das');
  const accounts = readdirSync(dir)
    .filter((f) => f !== 'expected.json')
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { owner: string; data: [string, string] })
    .filter((a) => a.owner === MPL_CORE)
    .map((a) => Buffer.from(a.data[0], 'base64'));
  const withPlugins = accounts.filter((bytes) => decodeAccountData(MPL_CORE, bytes, registry)?.value.plugins !== undefined);
  assert.ok(withPlugins.length >= 30, `${withPlugins.length} Core accounts with plugins`);
  let decoded = 0;
  for (let round = 0; round < rounds * 10; round++) {
    for (const bytes of withPlugins) {
      const mutated = mutate(bytes);
      const started = process.cpuUsage();
      const result = decodeAccountData(MPL_CORE, mutated, registry);
      const used = process.cpuUsage(started);
      assert.ok((used.user + used.system) / 1000 < 50, 'one decode took over 50 ms');
      if (result !== null) decoded++;
    }
  }
  assert.ok(decoded > 0);
});
