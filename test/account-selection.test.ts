/**
 * How accounts that carry no Anchor discriminator are selected (issue #13), on real accounts where
 * other projects keep them (test/fixtures/accounts/, provenance in its README.md) and on the
 * bundled descriptions where no real account was found:
 *
 * - a constant prefix the program writes (Wormhole's core bridge: `msg`, `vaa`), from idls/hints.json;
 * - Codama's account `size`, where no other unmarked account of the program has that length;
 * - a program's only account kind, read from any data, its trailing bytes kept (SPL Name Service);
 * - a Shank `key`/`accountType` enum reached through a header struct (the stake pool's
 *   ValidatorList), or named after the account without its `Account` suffix (`FrequencyAccount`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeAccountData } from '../src/enhance/accounts.js';
import { registryOfSources } from '../src/decode/registry.js';
import { TypeCompiler } from '../src/decode/type-compiler.js';
import { decodeBase58 } from '../src/codec/base58.js';
import { projectRoot } from '../src/paths.js';
import type { ProgramDescription } from '../src/idl/description.js';

const registry = loadBundledRegistry();
const accountsDir = join(projectRoot, 'test', 'fixtures', 'accounts');

const WORMHOLE = 'worm2ZoG2kUd4vFXhvjh93UUH596ayRfgQ2MgjNMTth';
const RAYDIUM_AMM = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';
const TOKEN_METADATA = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';
const NAME_SERVICE = 'namesLPneVptA9Z5rqUDD9tMTWEJwofgaYwp8cawRkX';
const STAKE_POOL = 'SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy';
const AUTH_RULES = 'auth9SigNpDKz4sJJ1DfCTuZrZNSAgh9sFD3rboVmgg';

interface Fixture {
  owner: string;
  address?: string;
  bytes: Buffer;
}

/** A fixture's account: `{source, owner, data}` or a `solana account --output json` dump. */
function fixture(file: string): Fixture {
  const doc = JSON.parse(readFileSync(join(accountsDir, file), 'utf8'));
  const account = doc.account ?? doc;
  return { owner: account.owner, address: doc.pubkey ?? doc.address, bytes: Buffer.from(account.data[0], 'base64') };
}

function versionsOf(programId: string): ProgramDescription[] {
  return registry.versions(programId).map((p) => p.description);
}

function accountOf(description: ProgramDescription, name: string) {
  const account = description.accounts.find((a) => a.name === name);
  assert.ok(account, `${description.name} ${description.version ?? ''} has no account ${name}`);
  return account;
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

test('Wormhole core bridge: posted messages and VAAs are told apart by the magic bytes the program writes', () => {
  const [core] = versionsOf(WORMHOLE);
  assert.equal(text(accountOf(core, 'PostedMessage').discriminator), 'msg');
  assert.equal(text(accountOf(core, 'PostedVAA').discriminator), 'vaa');

  const { owner, bytes } = fixture('wormhole/posted_message.json');
  const decoded = decodeAccountData(owner, bytes, registry);
  assert.equal(decoded?.type, 'PostedMessage');
  // The payload's u32 length prefix says where the account ends: nothing is left over.
  const payload = decoded.value.payload as number[];
  assert.equal(bytes.readUInt32LE(bytes.length - payload.length - 4), payload.length);
  assert.equal(text(bytes.subarray(0, 3)), 'msg');
});

test('Codama: an unmarked account is selected by its size where that size is its own', () => {
  const codama = versionsOf(RAYDIUM_AMM).find((d) => d.dialect === 'codama');
  assert.ok(codama);
  const compiler = new TypeCompiler(codama.types);
  for (const [name, size] of [
    ['targetOrders', 2208],
    ['fees', 64],
  ] as const) {
    const account = accountOf(codama, name);
    assert.equal(account.discriminator.length, 0, name);
    assert.equal(account.size, size, name);
    // The length selects only data the layout reads exactly.
    assert.equal(compiler.account(account).fixedSize, size, `${name}: layout length`);
  }

  // Token Metadata's Codama tree gives both delegate records 98 bytes and nothing else to tell
  // them apart: neither is guessed.
  const metadata = versionsOf(TOKEN_METADATA).find((d) => d.dialect === 'codama');
  assert.ok(metadata);
  for (const name of ['metadataDelegateRecord', 'holderDelegateRecord']) {
    const account = accountOf(metadata, name);
    assert.equal(account.discriminator.length, 0, name);
    assert.equal(account.size, undefined, name);
  }
});

test('SPL Name Service: the record header and the record data after it, every byte read', () => {
  const [names] = versionsOf(NAME_SERVICE);
  assert.equal(names.accounts.length, 1);
  assert.equal(accountOf(names, 'NameRecordHeader').fallback, true);

  const { owner, bytes } = fixture('solib/name_registry_reverse_lookup.json');
  const decoded = decodeAccountData(owner, bytes, registry);
  assert.equal(decoded?.type, 'NameRecordHeader');
  const { parentName, owner: recordOwner, class: recordClass, data } = decoded.value as Record<string, string> & { data: number[] };
  const header = Buffer.concat([parentName, recordOwner, recordClass].map((key) => Buffer.from(decodeBase58(key)!)));
  assert.deepEqual(Buffer.concat([header, Buffer.from(data)]), bytes);
  assert.equal(header.length, 96);
  // A reverse-lookup record's data is the name as Borsh text (a u32 length, then UTF-8): bonfida.
  const record = Buffer.from(data);
  assert.equal(record.subarray(4, 4 + record.readUInt32LE(0)).toString('utf8'), 'bonfida');
});

test('SPL stake pool: the validator list is told by the account type inside its header', () => {
  const [pool] = versionsOf(STAKE_POOL);
  assert.deepEqual([...accountOf(pool, 'ValidatorList').discriminator], [2]);
  assert.deepEqual([...accountOf(pool, 'StakePool').discriminator], [1]);

  const list = fixture('sanctum-router-sdk/bsol-validator-list.json');
  const stakePool = decodeAccountData(STAKE_POOL, fixture('sanctum-router-sdk/bsol-stake-pool.json').bytes, registry);
  assert.equal(stakePool?.value.validatorList, list.address);

  const decoded = decodeAccountData(list.owner, list.bytes, registry);
  assert.equal(decoded?.type, 'ValidatorList');
  const validators = decoded.value.validators as { voteAccountAddress: string; status: string }[];
  assert.equal(validators.length, list.bytes.readUInt32LE(5));
  // Each entry is 73 bytes, its vote account at byte 41 (state.rs, ValidatorStakeInfo::memcmp_pubkey).
  validators.forEach((v, i) => {
    const at = 9 + 73 * i + 41;
    assert.deepEqual(Buffer.from(decodeBase58(v.voteAccountAddress)!), list.bytes.subarray(at, at + 32), `validator ${i}`);
  });
  // sanctum-router-sdk's fixture notes: Lido's largest validator is in this list.
  assert.ok(validators.some((v) => v.voteAccountAddress === '8jxSHbS4qAnh5yueFp4D9ABXubKqMwXqF3HtdzQGuphp'));
  // One validator is being removed (status 3), which the IDL could not read until it had that variant.
  assert.deepEqual(
    validators.filter((v) => v.status !== 'Active').map((v) => v.status),
    ['DeactivatingValidator'],
  );
});

test('Token Auth Rules: FrequencyAccount is marked by the Key variant Frequency', () => {
  // No real frequency account was found (the program's frequency rule is not implemented); the
  // discriminator is Key::Frequency's position in the IDL's Key enum, as in the program's state.
  for (const rules of versionsOf(AUTH_RULES)) {
    const key = rules.types.get('Key')?.type;
    assert.ok(key?.kind === 'enum');
    const frequency = key.variants.find((v) => v.name === 'Frequency');
    assert.ok(frequency);
    const account = accountOf(rules, 'FrequencyAccount');
    assert.deepEqual([...account.discriminator], [frequency.value]);
    assert.ok(account.type.kind === 'struct');
    assert.deepEqual(
      account.type.fields.map((f) => f.name),
      ['lastUpdate', 'period'],
    );
  }
});

/**
 * Accounts allocated larger than their layout end in zeros. The newest version that reads up to
 * nothing but zeros is taken at once: an older version that happens to read those zeros as fields
 * of its own does not win for it (and is not tried).
 */
test('an over-allocated account: the newest version reading up to its zero padding wins', () => {
  const layout = (fields: string[]): ProgramDescription => ({
    address: 'Pad1111111111111111111111111111111111111111',
    name: 'padded',
    dialect: 'hand-written',
    instructions: [],
    accounts: [
      {
        name: 'Record',
        discriminator: Uint8Array.of(9),
        type: { kind: 'struct', fields: fields.map((name) => ({ name, type: { kind: 'int', bytes: 1, signed: false } })) },
        serialization: 'borsh',
      },
    ],
    events: [],
    errors: [],
    types: new Map(),
  });
  const padded = registryOfSources([
    { programId: 'Pad1111111111111111111111111111111111111111', read: () => layout(['a']) },
    { programId: 'Pad1111111111111111111111111111111111111111', read: () => layout(['a', 'b']) },
  ]);
  const decoded = decodeAccountData('Pad1111111111111111111111111111111111111111', Uint8Array.of(9, 5, 0), padded);
  assert.deepEqual(decoded?.value, { a: 5 });
  // Non-zero bytes after the newest layout: an older layout that reads them exactly is taken.
  assert.deepEqual(decodeAccountData('Pad1111111111111111111111111111111111111111', Uint8Array.of(9, 5, 7), padded)?.value, { a: 5, b: 7 });

  // Real Token Metadata accounts (Metaplex DAS's, allocated at their largest): the newest of the 13
  // bundled versions gives the value.
  const [newest] = registry.versions(TOKEN_METADATA);
  const metadata = fixture('das/2iMQVnGpJfSRfyPSyDgnnGMwiCa9ap5j29VZvHuoABpp.json');
  assert.deepEqual(decodeAccountData(TOKEN_METADATA, metadata.bytes, registry)?.value, newest.decodeAccount(metadata.bytes)?.value);
});
