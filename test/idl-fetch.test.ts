/**
 * On-chain IDLs: the account unpackers against accounts built here (hostile ones included), and
 * `enhanced-rpc idl fetch` end to end against a real gateway serving those accounts from a ledger,
 * since no network is reached from the tests.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import { web3 } from '@coral-xyz/anchor';
import { decodeIdlAccount, idlAddress } from '@coral-xyz/anchor/dist/cjs/idl.js';
import { projectRoot } from '../src/paths.js';
import { encodeBase58, decodeBase58 } from '../src/codec/base58.js';
import { openLedger } from '../src/ledger/ledger-store.js';
import { readIdl } from '../src/idl/read-idl.js';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import {
  ANCHOR_IDL_DISCRIMINATOR,
  MAX_IDL_BYTES,
  PROGRAM_METADATA_PROGRAM_ID,
  anchorIdlAddress,
  programMetadataAddress,
  unpackAnchorIdlAccount,
  unpackProgramMetadataAccount,
} from '../src/idl/onchain.js';
import { runCliAsync, tempDir } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

const idlDir = join(projectRoot, 'idls');
const rawIdl = (file: string): unknown => JSON.parse(readFileSync(join(idlDir, file), 'utf8'));

/** A legacy Anchor IDL (it carries metadata.address) and an Anchor 0.30 one, as bundled. */
const legacyProgram = 'LockrWmn6K5twhz3y9w1dQERbmgSaRkfnTeTKbpofwE';
const legacyIdl = rawIdl(`${legacyProgram}.json`);
const metadataProgram = 'pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ';
const metadataIdl = rawIdl(`${metadataProgram}.json`);
/** A legacy IDL without any address, so it can stand for programs made up here. */
const addresslessIdl = rawIdl('jupoNjAxXgZ4rjzxzPMP4oxduvQsQtZzyknqvzYNrNu.json');

const madeUpKey = (label: string) => encodeBase58(createHash('sha256').update(label).digest());
const externalProgram = madeUpKey('program with an External metadata source');
const urlProgram = madeUpKey('program whose IDL is at a URL');
const notIdlProgram = madeUpKey('program whose metadata is JSON but no IDL');
const bareProgram = madeUpKey('program with no IDL account');
const foreignProgram = madeUpKey('program whose IDL names another program');
const externalHolder = madeUpKey('account holding the external bytes');

function anchorAccount(compressed: Uint8Array, dataLen = compressed.length, padding = 64): Uint8Array {
  const data = new Uint8Array(44 + compressed.length + padding);
  data.set(ANCHOR_IDL_DISCRIMINATOR);
  data.set(decodeBase58(madeUpKey('authority'))!, 8);
  new DataView(data.buffer).setUint32(40, dataLen, true);
  data.set(compressed, 44);
  return data;
}

interface MetadataFields {
  program: string;
  encoding?: number;
  compression?: number;
  format?: number;
  source?: number;
  body: Uint8Array;
  dataLength?: number;
}

/** A canonical `idl` metadata account; defaults are what Anchor 1.0 writes (Utf8, Zlib, Json, Direct). */
function metadataAccount({
  program,
  encoding = 1,
  compression = 2,
  format = 1,
  source = 0,
  body,
  dataLength = body.length,
}: MetadataFields): Uint8Array {
  const data = new Uint8Array(96 + body.length);
  data[0] = 2;
  data.set(decodeBase58(program)!, 1);
  data[65] = 1;
  data[66] = 1;
  data.set(new TextEncoder().encode('idl'), 67);
  data.set([encoding, compression, format, source], 83);
  new DataView(data.buffer).setUint32(87, dataLength, true);
  data.set(body, 96);
  return data;
}

function externalPointer(address: string, offset: number, length: number): Uint8Array {
  const body = new Uint8Array(40);
  body.set(decodeBase58(address)!);
  new DataView(body.buffer).setUint32(32, offset, true);
  new DataView(body.buffer).setUint32(36, length, true);
  return body;
}

const zlibJson = (json: unknown) => deflateSync(JSON.stringify(json));

test('addresses agree with Anchor and web3.js derivations; the discriminator is sha256("internal:IdlAccount")', async () => {
  for (const program of [legacyProgram, metadataProgram, externalProgram]) {
    assert.equal(await anchorIdlAddress(program), (await idlAddress(new web3.PublicKey(program))).toBase58());
    const seed = Buffer.alloc(16);
    seed.write('idl');
    const [pda] = web3.PublicKey.findProgramAddressSync(
      [new web3.PublicKey(program).toBuffer(), seed],
      new web3.PublicKey(PROGRAM_METADATA_PROGRAM_ID),
    );
    assert.equal(await programMetadataAddress(program), pda.toBase58());
  }
  assert.deepEqual(ANCHOR_IDL_DISCRIMINATOR, new Uint8Array(createHash('sha256').update('internal:IdlAccount').digest().subarray(0, 8)));
  await assert.rejects(programMetadataAddress(legacyProgram, 'seventeen-bytes!!'), /longer than 16 bytes/);
});

test('legacy Anchor IDL accounts: unpacked up to data_len; truncated, overlong, foreign and bomb accounts refused', () => {
  const compressed = zlibJson(legacyIdl);
  // The layout built here is the one Anchor's client reads (after the discriminator: authority, then a u32-length vec).
  assert.deepEqual(decodeIdlAccount(Buffer.from(anchorAccount(compressed).subarray(8))).data, compressed);
  assert.deepEqual(unpackAnchorIdlAccount(anchorAccount(compressed)), legacyIdl);
  assert.throws(() => unpackAnchorIdlAccount(anchorAccount(compressed).subarray(0, 43)), /43 bytes, fewer than the 44-byte/);
  assert.throws(
    () => unpackAnchorIdlAccount(anchorAccount(compressed, compressed.length + 65)),
    /says \d+ bytes of IDL, but only \d+ follow/,
  );
  assert.throws(() => unpackAnchorIdlAccount(anchorAccount(compressed, 0)), /empty/);
  const foreign = anchorAccount(compressed);
  foreign[0] ^= 1;
  assert.throws(() => unpackAnchorIdlAccount(foreign), /wrong discriminator/);
  // Cut mid-stream: zlib must say so rather than hand back a prefix.
  assert.throws(() => unpackAnchorIdlAccount(anchorAccount(compressed, compressed.length - 10)), /does not inflate/);
  // 17 KiB of account that would inflate to more than the cap.
  const bomb = deflateSync(Buffer.alloc(MAX_IDL_BYTES + 1));
  assert.ok(bomb.length < 64 * 1024);
  assert.throws(() => unpackAnchorIdlAccount(anchorAccount(bomb)), /inflates to more than 16777216 bytes/);
  assert.throws(() => unpackAnchorIdlAccount(anchorAccount(deflateSync('not json'))), /not JSON/);
});

test('Program Metadata accounts: Direct in every compression; header, length, program and format checked', async () => {
  const text = JSON.stringify(metadataIdl);
  for (const [compression, body] of [
    [0, Buffer.from(text)],
    [1, gzipSync(text)],
    [2, deflateSync(text)],
  ] as const) {
    assert.deepEqual(
      await unpackProgramMetadataAccount(metadataAccount({ program: metadataProgram, compression, body }), metadataProgram),
      { idl: metadataIdl },
    );
  }
  const good = metadataAccount({ program: metadataProgram, body: deflateSync(text) });
  await assert.rejects(unpackProgramMetadataAccount(good.subarray(0, 95), metadataProgram), /95 bytes, fewer than the 96-byte/);
  await assert.rejects(unpackProgramMetadataAccount(good, legacyProgram), new RegExp(`describes program ${metadataProgram}`));
  const buffer = Uint8Array.from(good);
  buffer[0] = 1;
  await assert.rejects(unpackProgramMetadataAccount(buffer, metadataProgram), /discriminator 1, not 2/);
  const overlong = metadataAccount({ program: metadataProgram, body: deflateSync(text), dataLength: good.length });
  await assert.rejects(unpackProgramMetadataAccount(overlong, metadataProgram), /says \d+ bytes of data, but only \d+ follow/);
  await assert.rejects(
    unpackProgramMetadataAccount(metadataAccount({ program: metadataProgram, format: 2, body: deflateSync(text) }), metadataProgram),
    /format Yaml is not supported/,
  );
  await assert.rejects(
    unpackProgramMetadataAccount(metadataAccount({ program: metadataProgram, compression: 7, body: deflateSync(text) }), metadataProgram),
    /unknown compression 7/,
  );
  const bomb = gzipSync(Buffer.alloc(MAX_IDL_BYTES + 1));
  await assert.rejects(
    unpackProgramMetadataAccount(metadataAccount({ program: metadataProgram, compression: 1, body: bomb }), metadataProgram),
    /Gzip data inflates to more than/,
  );
  // Hex (encoding None) of JSON bytes is not JSON: the encoding is honoured, not guessed around.
  await assert.rejects(
    unpackProgramMetadataAccount(metadataAccount({ program: metadataProgram, encoding: 0, body: deflateSync(text) }), metadataProgram),
    /not JSON/,
  );
  await assert.rejects(
    unpackProgramMetadataAccount(
      metadataAccount({ program: metadataProgram, body: deflateSync(Buffer.from([0xff, 0xfe])) }),
      metadataProgram,
    ),
    /not valid UTF-8/,
  );
});

test('Program Metadata External source: the slice of the second account, checked against its length', async () => {
  const compressed = zlibJson(addresslessIdl);
  const holder = new Uint8Array(10 + compressed.length + 7);
  holder.set(compressed, 10);
  const accounts = new Map([[externalHolder, holder]]);
  const fetchAccount = async (address: string) => accounts.get(address) ?? null;
  const pointing = (address: string, offset: number, length: number) =>
    metadataAccount({ program: externalProgram, source: 2, body: externalPointer(address, offset, length) });

  assert.deepEqual(await unpackProgramMetadataAccount(pointing(externalHolder, 10, compressed.length), externalProgram, fetchAccount), {
    idl: addresslessIdl,
  });
  // Length 0 reads to the end: zlib stops at its stream's end, so the trailing bytes do no harm.
  assert.deepEqual(await unpackProgramMetadataAccount(pointing(externalHolder, 10, 0), externalProgram, fetchAccount), {
    idl: addresslessIdl,
  });
  await assert.rejects(
    unpackProgramMetadataAccount(pointing(externalHolder, 10, holder.length), externalProgram, fetchAccount),
    /bytes 10\.\.\d+ of account .* but it holds/,
  );
  await assert.rejects(
    unpackProgramMetadataAccount(pointing(externalHolder, holder.length + 1, 0), externalProgram, fetchAccount),
    /but it holds/,
  );
  await assert.rejects(unpackProgramMetadataAccount(pointing(bareProgram, 0, 0), externalProgram, fetchAccount), /does not exist/);
  await assert.rejects(unpackProgramMetadataAccount(pointing(externalHolder, 10, 0), externalProgram), /no way to read/);
  const short = metadataAccount({ program: externalProgram, source: 2, body: externalPointer(externalHolder, 10, 0).subarray(0, 39) });
  await assert.rejects(unpackProgramMetadataAccount(short, externalProgram, fetchAccount), /39 bytes, fewer than the 40/);
});

test('Program Metadata Url source: the URL is returned, never fetched', async () => {
  const url = 'https://example.com/idl/program.json';
  const account = metadataAccount({ program: urlProgram, source: 1, body: deflateSync(url) });
  assert.deepEqual(await unpackProgramMetadataAccount(account, urlProgram, () => assert.fail('nothing is fetched')), { url });
});

// End to end: a ledger holding the accounts, a gateway serving it, and the CLI reading through it.

const slot = 312_000_777;
let gw: InProcessGateway;
let out: string;

before(async () => {
  const ledger = join(tempDir(), 'idl.sqlite');
  const store = openLedger(ledger);
  const put = (address: string, owner: string, data: Uint8Array) =>
    store.putAccount({ address, slot, lamports: 1_000_000n, owner, executable: false, rentEpoch: '18446744073709551615', data });
  put(await anchorIdlAddress(legacyProgram), legacyProgram, anchorAccount(zlibJson(legacyIdl)));
  put(
    await programMetadataAddress(metadataProgram),
    PROGRAM_METADATA_PROGRAM_ID,
    metadataAccount({ program: metadataProgram, body: zlibJson(metadataIdl) }),
  );
  const compressed = zlibJson(addresslessIdl);
  put(externalHolder, madeUpKey('buffer owner'), Uint8Array.from([...new Uint8Array(5), ...compressed]));
  put(
    await programMetadataAddress(externalProgram),
    PROGRAM_METADATA_PROGRAM_ID,
    metadataAccount({ program: externalProgram, source: 2, body: externalPointer(externalHolder, 5, compressed.length) }),
  );
  put(
    await programMetadataAddress(urlProgram),
    PROGRAM_METADATA_PROGRAM_ID,
    metadataAccount({ program: urlProgram, source: 1, body: deflateSync('https://example.com/x.json?v=\x1b[31m') }),
  );
  put(
    await programMetadataAddress(notIdlProgram),
    PROGRAM_METADATA_PROGRAM_ID,
    metadataAccount({ program: notIdlProgram, body: zlibJson({ hello: 'world' }) }),
  );
  put(
    await programMetadataAddress(foreignProgram),
    PROGRAM_METADATA_PROGRAM_ID,
    metadataAccount({ program: foreignProgram, body: zlibJson(metadataIdl) }),
  );
  // Lamports sent to the bare program's legacy address make a system account there, which is no IDL.
  put(await anchorIdlAddress(bareProgram), '11111111111111111111111111111111', new Uint8Array(0));
  store.close();
  gw = await startInProcess({ ledgerFile: ledger });
  out = tempDir();
  copyFileSync(join(idlDir, 'MANIFEST.tsv'), join(out, 'MANIFEST.tsv'));
});
after(() => gw?.stop());

const fetchIdl = (program: string) => runCliAsync(['idl', 'fetch', program, '--from', `${gw.url}/${gw.key}`, '--out', out]);
const manifestLines = () => readFileSync(join(out, 'MANIFEST.tsv'), 'utf8').split('\n');
const bundledLines = readFileSync(join(idlDir, 'MANIFEST.tsv'), 'utf8').split('\n');

test('idl fetch: a legacy Anchor IDL account is saved as it was published and listed above the bundled versions', async () => {
  const run = await fetchIdl(legacyProgram);
  assert.equal(run.status, 0, run.stderr);
  const file = `${legacyProgram}@onchain-${slot}.json`;
  assert.match(run.stdout, new RegExp(`legacy-anchor IDL account \\w+ at slot ${slot}`));
  assert.match(run.stdout, new RegExp(`saved .*${file}; MANIFEST.tsv row added`));
  const saved = JSON.parse(readFileSync(join(out, file), 'utf8'));
  assert.deepEqual(saved, legacyIdl);
  assert.equal(readIdl(saved, { address: legacyProgram }).address, legacyProgram);

  const lines = manifestLines();
  const at = lines.findIndex((line) => line.startsWith(`${file}\t`));
  assert.equal(
    at,
    bundledLines.findIndex((line) => line.split('\t')[1] === legacyProgram),
    "the new row comes first among the program's rows",
  );
  assert.deepEqual(
    lines.filter((_, i) => i !== at),
    bundledLines,
  );
  const description = readIdl(legacyIdl);
  assert.deepEqual(lines[at].split('\t'), [
    file,
    legacyProgram,
    description.name,
    'anchor-legacy',
    description.version ?? '',
    String(description.instructions.length),
    String(description.accounts.length),
    String(description.events.length),
    `onchain:legacy-anchor@slot ${slot} via 127.0.0.1`,
    `IDL account ${await anchorIdlAddress(legacyProgram)}`,
    String(slot),
    '',
  ]);
  assert.ok(!lines[at].includes(gw.key), 'the URL path (the key) is not recorded');

  // Fetched again at the same slot: the row is replaced, nothing else moves.
  const again = await fetchIdl(legacyProgram);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /MANIFEST.tsv row updated/);
  assert.deepEqual(manifestLines(), lines);
});

test('idl fetch: a Program Metadata account (Direct, Utf8, Zlib, Json) with an Anchor 0.30 IDL', async () => {
  const before = manifestLines();
  const run = await fetchIdl(metadataProgram);
  assert.equal(run.status, 0, run.stderr);
  const file = `${metadataProgram}@onchain-${slot}.json`;
  const saved = JSON.parse(readFileSync(join(out, file), 'utf8'));
  assert.deepEqual(saved, metadataIdl);
  const description = readIdl(saved);
  const cells = manifestLines()
    .find((line) => line.startsWith(`${file}\t`))
    ?.split('\t');
  assert.deepEqual(cells, [
    file,
    metadataProgram,
    description.name,
    'anchor-0.30',
    description.version ?? '',
    String(description.instructions.length),
    String(description.accounts.length),
    String(description.events.length),
    `onchain:program-metadata@slot ${slot} via 127.0.0.1`,
    `IDL account ${await programMetadataAddress(metadataProgram)}`,
    String(slot),
    '',
  ]);
  assert.deepEqual(
    manifestLines().filter((line) => !line.startsWith(`${file}\t`)),
    before,
  );
});

test('idl fetch: an External source is read from the second account; a program new to the manifest is appended', async () => {
  const before = manifestLines();
  const run = await fetchIdl(externalProgram);
  assert.equal(run.status, 0, run.stderr);
  const file = `${externalProgram}@onchain-${slot}.json`;
  assert.deepEqual(JSON.parse(readFileSync(join(out, file), 'utf8')), addresslessIdl);
  const after = manifestLines();
  assert.deepEqual(after.slice(0, before.length - 1), before.slice(0, -1));
  assert.ok(after[after.length - 2].startsWith(`${file}\t${externalProgram}\t`));
  assert.equal(after[after.length - 1], '', 'the file still ends in a newline');
});

test('the registry reads what was fetched: the on-chain version is current from its slot on', () => {
  copyFileSync(join(idlDir, `${legacyProgram}.json`), join(out, `${legacyProgram}.json`));
  const registry = loadBundledRegistry(out);
  const [onchain, bundled] = registry.versions(legacyProgram);
  assert.equal(registry.versions(legacyProgram).length, 2);
  assert.equal(registry.get(legacyProgram), onchain);
  assert.equal(registry.versions(legacyProgram, slot)[0], onchain);
  assert.equal(registry.versions(legacyProgram, slot - 1)[0], bundled);
  for (const program of [metadataProgram, externalProgram]) assert.equal(registry.get(program)?.description.address, program);
});

test('idl fetch refuses: no IDL account, an IDL kept at a URL, JSON that is no IDL, an IDL of another program', async () => {
  const before = manifestLines();
  const bare = await fetchIdl(bareProgram);
  assert.equal(bare.status, 1);
  assert.match(
    bare.stderr,
    new RegExp(
      `no on-chain IDL for ${bareProgram} at slot ${slot}: metadata account \\w+ does not exist; Anchor IDL account \\w+ is owned by 1{32}, not the program`,
    ),
  );

  const url = await fetchIdl(urlProgram);
  assert.equal(url.status, 1);
  assert.match(url.stderr, /is hosted at https:\/\/example\.com\/x\.json\?v=\\u001b\[31m .*URLs are not fetched/);
  assert.ok(!url.stderr.includes('\x1b'), 'escape sequences from chain are not sent to the terminal');

  const notIdl = await fetchIdl(notIdlProgram);
  assert.equal(notIdl.status, 1);
  assert.match(notIdl.stderr, /the JSON in program-metadata account \w+ does not read as an IDL: not an IDL/);

  const foreign = await fetchIdl(foreignProgram);
  assert.equal(foreign.status, 1);
  assert.match(foreign.stderr, new RegExp(`the IDL declares program ${metadataProgram}, not ${foreignProgram}`));

  const badId = await fetchIdl('not-a-key');
  assert.equal(badId.status, 1);
  assert.match(badId.stderr, /not a base58 program id/);
  assert.deepEqual(manifestLines(), before);
});
