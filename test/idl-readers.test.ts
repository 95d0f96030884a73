/**
 * The IDL readers against the bundled mainnet IDLs (idls/): every file reads, with MANIFEST's
 * program id and counts; Anchor's name-derived discriminators equal the ones the same programs
 * publish in their 0.30 IDLs; every `defined` reference resolves; spot checks per dialect against
 * values read from the raw files.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/paths.js';
import { readIdl } from '../src/idl/read-idl.js';
import type { IdlHints } from '../src/idl/hints.js';
import { sighash, snakeCase } from '../src/idl/discriminators.js';
import type { Dialect, ProgramDescription, TypeNode, TypeVisitor } from '../src/idl/description.js';
import { rebuildingVisitor, visitType } from '../src/idl/description.js';

const idlDir = join(projectRoot, 'idls');

interface ManifestRow {
  file: string;
  programId: string;
  format: string;
  instructions: number;
  accounts: number;
  events: number;
  notes: string;
}

const manifest: ManifestRow[] = readFileSync(join(idlDir, 'MANIFEST.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const c = line.split('\t');
    return { file: c[0], programId: c[1], format: c[3], instructions: +c[5], accounts: +c[6], events: +c[7], notes: c[9] };
  });

const hintsFile: Record<string, IdlHints & { source: string }> = JSON.parse(readFileSync(join(idlDir, 'hints.json'), 'utf8'));

// Raw IDL documents are untyped JSON, navigated as the files are written.
type Raw = any;
const raw = (file: string): Raw => JSON.parse(readFileSync(join(idlDir, file), 'utf8'));

function row(file: string): ManifestRow {
  const r = manifest.find((m) => m.file === file);
  assert.ok(r, `${file} in MANIFEST.tsv`);
  return r;
}

/** Reads a bundled file the way the registry does: the file's program id and its hints. */
function read(file: string, skipped: string[] = []): ProgramDescription {
  return readIdl(raw(file), {
    address: row(file).programId,
    ...hintsFile[file],
    onSkip: (item, reason) => skipped.push(`${item}: ${reason}`),
  });
}

/**
 * Files that cannot be read correctly. The Stake anchor-shaped IDL has no discriminators, and the
 * Stake program's tags are bincode u32s that `instructionTags` (u8 tags) cannot express; read
 * without hints it would get Anchor sighashes, which the native program does not use. The Shank
 * Stake IDL (the primary file) carries the u32 tags.
 */
const unreadable: Record<string, string> = {
  'Stake11111111111111111111111111111111111111@anchor-shaped-1.17.13.json':
    'no discriminators; u32 instruction tags are not expressible in instructionTags',
};

/** Items the readers leave out, and why: each needs a type the description cannot have. */
const expectedSkips: Record<string, string[]> = {
  'M2mx93ekt1fmXSVkTrUL9xVFHkmME8HTUi5Cyc5aF7K.json': ["type DestinationSpecifier: needs undefined type &'refsPubkey"],
  'CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d.json': [
    'type CreateGroupV1Args: needs undefined type crate',
    'instruction CreateGroupV1: needs undefined type CreateGroupV1Args',
  ],
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb.json': [
    "type extension: variant transferFeeConfig: sizePrefixTypeNode around the variant's fields is not supported",
    'type mint: needs undefined type extension',
    'type token: needs undefined type extension',
    'account mint: needs undefined type extension',
    'account token: needs undefined type extension',
  ],
  'PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY.json': ['type FIFOOrderId: needs undefined type Ticks'],
  '6LtLpnUFNByNXLyCoK9wA2MykKAmQNZKBdY8s47dehDc@0.1.0-kamino-sdk-5.2.4.json': [
    'type ScopeConversionChain: needs undefined type ScopePriceId',
  ],
};

/** Where a description's counts differ from MANIFEST's, and why. */
const countDifferences: Record<string, { instructions?: number; accounts?: number; events?: number; why: string }> = {
  'CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d.json': { instructions: 41, why: 'CreateGroupV1 is left out (see expectedSkips)' },
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb.json': { accounts: 1, why: 'mint and token are left out (see expectedSkips)' },
  '1oopBoJG58DgkUVKkEzKgyG9dvRmpgeEm1AVjoHkF78@0.1.0-codama.json': {
    events: 6,
    why: 'MANIFEST counts no events for this Codama file; program.events holds 6 eventNodes',
  },
  '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma@0.1.0-17ix.json': {
    instructions: 20,
    why: 'hints.json adds the three *2 aliases of an earlier build',
  },
  '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P@pumpdotfun-sdk-1.3.2.json': {
    accounts: 3,
    why: 'hints.json lists the LastWithdraw type as the account it is on mainnet',
  },
};

const dialectOf: Record<string, Dialect> = {
  'anchor-legacy': 'anchor-legacy',
  'anchor-0.30': 'anchor',
  shank: 'shank',
  codama: 'codama',
  other: 'hand-written',
};

const readable = manifest.filter((m) => unreadable[m.file] === undefined);

test('MANIFEST lists every file in idls/ and the readable set is nearly all of it', () => {
  const files = readdirSync(idlDir)
    .filter((f) => /^[1-9A-HJ-NP-Za-km-z]{32,44}(@[^/]+)?\.json$/.test(f))
    .sort();
  assert.deepEqual(manifest.map((m) => m.file).sort(), files);
  assert.ok(manifest.length >= 191);
  assert.equal(readable.length, manifest.length - Object.keys(unreadable).length);
});

test('every bundled IDL reads: program id, dialect, counts and left-out items as expected', () => {
  for (const m of readable) {
    const skipped: string[] = [];
    const p = read(m.file, skipped);
    assert.equal(p.address, m.programId, m.file);
    assert.equal(p.dialect, dialectOf[m.format], m.file);
    const expected = { instructions: m.instructions, accounts: m.accounts, events: m.events, ...countDifferences[m.file] };
    assert.deepEqual(
      { instructions: p.instructions.length, accounts: p.accounts.length, events: p.events.length },
      { instructions: expected.instructions, accounts: expected.accounts, events: expected.events },
      m.file,
    );
    assert.deepEqual(skipped, expectedSkips[m.file] ?? [], m.file);
    assert.ok(p.name.length > 0, m.file);
  }
});

test('the Loopscale Codama file does hold the 6 events MANIFEST does not count', () => {
  const file = '1oopBoJG58DgkUVKkEzKgyG9dvRmpgeEm1AVjoHkF78@0.1.0-codama.json';
  assert.equal(raw(file).program.events.length, 6);
});

type Ref = { name: string; arity: number };
// Over every kind through the visitor, so a kind added to TypeNode is walked here too (or fails tsc).
const walk = rebuildingVisitor<Ref[]>((t, out) => visitType(t, refCollector, out));
const refCollector: TypeVisitor<TypeNode, Ref[]> = {
  ...walk,
  defined: (t, out) => {
    out.push({ name: t.name, arity: t.args?.length ?? 0 });
    return walk.defined(t, out);
  },
};
function definedRefs(type: TypeNode, out: Ref[]): void {
  visitType(type, refCollector, out);
}

test('every defined reference resolves to a type of the program, with its generic arity', () => {
  let checked = 0;
  for (const m of readable) {
    const p = read(m.file);
    const roots = [
      ...[...p.types.values()].map((t) => t.type),
      ...p.instructions.flatMap((ix) => ix.args.map((a) => a.type)),
      ...p.accounts.map((a) => a.type),
      ...p.events.map((e) => e.type),
    ];
    const refs: { name: string; arity: number }[] = [];
    roots.forEach((t) => definedRefs(t, refs));
    for (const ref of refs) {
      const def = p.types.get(ref.name);
      assert.ok(def, `${m.file}: ${ref.name}`);
      assert.equal(def.generics?.length ?? 0, ref.arity, `${m.file}: ${ref.name}`);
    }
    checked += refs.length;
  }
  assert.ok(checked > 6000, `${checked} references checked`);
});

const hex = (bytes: Uint8Array | number[]) => Buffer.from(bytes).toString('hex');
const normalized = (name: string) => name.replace(/_/g, '').toLowerCase();

test('Anchor legacy sighashes equal the discriminators the same programs publish in 0.30 IDLs', () => {
  let instructions = 0;
  let accounts = 0;
  let events = 0;
  for (const legacyRow of manifest.filter((m) => m.format === 'anchor-legacy')) {
    for (const newRow of manifest.filter((m) => m.format === 'anchor-0.30' && m.programId === legacyRow.programId)) {
      const legacy = read(legacyRow.file);
      const current = read(newRow.file);
      const pair = `${legacyRow.file} / ${newRow.file}`;
      for (const ix of legacy.instructions) {
        // Paired without snakeCase, so a wrong snake_case rule shows as a mismatch, not as a missing pair.
        const match = current.instructions.find((n) => normalized(n.name) === normalized(ix.name));
        if (match === undefined) continue;
        assert.equal(snakeCase(ix.name), match.name, pair);
        assert.equal(hex(ix.discriminator), hex(match.discriminator), `${pair}: ${ix.name}`);
        instructions++;
      }
      for (const a of legacy.accounts) {
        const match = current.accounts.find((n) => n.name === a.name);
        if (match === undefined) continue;
        assert.equal(hex(a.discriminator), hex(match.discriminator), `${pair}: account ${a.name}`);
        accounts++;
      }
      for (const e of legacy.events) {
        const match = current.events.find((n) => n.name === e.name);
        if (match === undefined) continue;
        assert.equal(hex(e.discriminator), hex(match.discriminator), `${pair}: event ${e.name}`);
        events++;
      }
    }
  }
  // At least the pairs of the 10 programs first bundled with both dialects; later versions add more.
  assert.ok(instructions >= 232, `${instructions} instruction pairs`);
  assert.ok(accounts >= 36, `${accounts} account pairs`);
  assert.ok(events >= 71, `${events} event pairs`);
});

test('snake_case follows Anchor: words start at capitals, never at digits', () => {
  assert.equal(snakeCase('swapV2'), 'swap_v2');
  assert.equal(snakeCase('initialize2'), 'initialize2');
  assert.equal(snakeCase('sharedAccountsExactOutRoute'), 'shared_accounts_exact_out_route');
  assert.equal(snakeCase('getHTTPResponse'), 'get_http_response');
  assert.equal(snakeCase('already_snake'), 'already_snake');
  // Rust names published in 0.30 IDLs, and the camelCase a legacy IDL would write for them.
  const camm = raw('CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK.json').instructions.map((ix: Raw) => ix.name);
  assert.ok(camm.includes('open_position_with_token22_nft'));
  assert.equal(snakeCase('openPositionWithToken22Nft'), 'open_position_with_token22_nft');
  const stake = raw('STAKEvGqQTtzJZH6BWDcbpzXXn2BBerPAgQ3EGLN2GH.json').instructions.map((ix: Raw) => ix.name);
  assert.ok(stake.includes('set_token_metadata_t22'));
  assert.equal(snakeCase('setTokenMetadataT22'), 'set_token_metadata_t22');
  // Meteora names its Rust function `swap2`: the sighash of `swap2` is its published discriminator.
  const dlmm = raw('LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo.json').instructions.find((ix: Raw) => ix.name === 'swap2');
  assert.equal(hex(sighash('global', snakeCase('swap2'))), hex(dlmm.discriminator));
});

test('hints.json: tag entries cite their MANIFEST note and read as hand-written; data fixes say what they were checked against', () => {
  const tagged = Object.entries(hintsFile).filter(([, hint]) => 'instructionTags' in hint);
  assert.deepEqual(
    tagged.map(([file]) => file).sort(),
    manifest
      .filter((m) => m.format === 'other' && !unreadable[m.file])
      .map((m) => m.file)
      .sort(),
  );
  for (const [file, hint] of tagged) {
    const quoted = hint.source.replace(/^MANIFEST\.tsv notes: /, '');
    assert.ok(row(file).notes.includes(quoted), file);
    assert.equal(read(file).dialect, 'hand-written');
  }
  for (const [file, hint] of Object.entries(hintsFile).filter(([, hint]) => !('instructionTags' in hint))) {
    assert.match(
      hint.source,
      /ledger\/accounts|ledger\/txs|test\/fixtures\//,
      `${file}: a data fix names the real data it was checked against`,
    );
  }
});

test('hand-written: Raydium AMM position tags equal the Codama IDL and the Shank IDL tags', () => {
  const handWritten = read('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8@raydium-idl.json');
  const codama = read('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8.json');
  const shank = read('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8@shank.json');
  assert.equal(handWritten.instructions.length, 16);
  for (const ix of handWritten.instructions) {
    assert.equal(hex(ix.discriminator), hex(codama.instructions.find((c) => c.name === ix.name)!.discriminator), ix.name);
    assert.equal(hex(ix.discriminator), hex(shank.instructions.find((s) => s.name === ix.name)!.discriminator), ix.name);
  }
  assert.deepEqual([...handWritten.accounts.map((a) => a.discriminator.length)], [0, 0, 0]);
});

test('hand-written: Wormhole token bridge tags skip the two completes missing from the IDL', () => {
  const p = read('wormDTUJ6AWPNvk59vGQbDvGJmqbDTdgWgAqcLBCgUb.json');
  const tags = Object.fromEntries(p.instructions.map((ix) => [ix.name, hex(ix.discriminator)]));
  assert.equal(tags.upgradeContract, '08');
  assert.equal(tags.transferWrappedWithPayload, '0b');
  assert.equal(tags.transferNativeWithPayload, '0c');
  const core = read('worm2ZoG2kUd4vFXhvjh93UUH596ayRfgQ2MgjNMTth.json');
  assert.deepEqual(
    core.instructions.map((ix) => hex(ix.discriminator)),
    ['00', '01', '02', '03', '04', '05', '06', '07', '08'],
  );
});

test('hand-written: wrong instructionTags are refused', () => {
  const doc = raw('wormDTUJ6AWPNvk59vGQbDvGJmqbDTdgWgAqcLBCgUb.json');
  const address = 'wormDTUJ6AWPNvk59vGQbDvGJmqbDTdgWgAqcLBCgUb';
  assert.throws(() => readIdl(doc, { address, instructionTags: { initialize: 0 } }), /no tag for: attestToken/);
  const tags = {
    ...(hintsFile['wormDTUJ6AWPNvk59vGQbDvGJmqbDTdgWgAqcLBCgUb.json'].instructionTags as Record<string, number>),
    completeNativeWithPayload: 9,
  };
  assert.throws(() => readIdl(doc, { address, instructionTags: tags }), /does not have: completeNativeWithPayload/);
  assert.throws(
    () => readIdl(raw('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4.json'), { instructionTags: 'u8-position' }),
    /Anchor 0\.30 IDL has its own/,
  );
});

test('Codama: discriminator arguments become bytes and leave the arguments', () => {
  const raydium = read('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8.json');
  const rawIx = (name: string) =>
    raw('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8.json').program.instructions.find((ix: Raw) => ix.name === name);
  // The raw file writes tag 10 as the single hex digit "a", and the v2 swaps as "10" and "11".
  assert.equal(rawIx('preInitialize').arguments[0].defaultValue.data, 'a');
  const ix = (name: string) => raydium.instructions.find((i) => i.name === name)!;
  assert.equal(hex(ix('preInitialize').discriminator), '0a');
  assert.equal(rawIx('swapBaseInV2').arguments[0].defaultValue.data, '10');
  assert.equal(hex(ix('swapBaseInV2').discriminator), '10');
  assert.deepEqual(
    ix('swapBaseIn').args.map((a) => a.name),
    ['amountIn', 'minimumAmountOut'],
  );

  const system = read('11111111111111111111111111111111.json');
  assert.equal(hex(system.instructions.find((i) => i.name === 'transferSol')!.discriminator), '02000000');

  // Token-2022 extension instructions: the instruction tag, then the extension's own tag.
  const token2022 = raw('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb.json').program.instructions.find(
    (i: Raw) => i.name === 'setTransferFee',
  );
  const tags = token2022.arguments.slice(0, 2).map((a: Raw) => a.defaultValue.number);
  const setTransferFee = read('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb.json').instructions.find((i) => i.name === 'setTransferFee')!;
  assert.equal(hex(setTransferFee.discriminator), hex(tags));
  assert.deepEqual(
    setTransferFee.args.map((a) => a.name),
    ['transferFeeBasisPoints', 'maximumFee'],
  );
});

test('Codama: SPL Token tags equal those of the Anchor 0.30 SPL Token IDL', () => {
  const codama = read('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA.json');
  const anchor = read('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA@anchor-0.30.json');
  assert.equal(codama.instructions.length, 25);
  for (const ix of codama.instructions) {
    assert.equal(hex(ix.discriminator), hex(anchor.instructions.find((a) => a.name === ix.name)!.discriminator), ix.name);
  }
  const mint = codama.accounts.find((a) => a.name === 'mint')!;
  assert.equal(mint.size, 82);
  assert.equal(mint.discriminator.length, 0);
  assert.deepEqual((mint.type as Raw).fields[0].type, { kind: 'option', item: { kind: 'pubkey' }, tag: 4, fixed: true });
});

test('Codama: Token Metadata tags equal the Shank IDL; account keys are enum variants', () => {
  const codama = read('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s@codama-1.14.0.json');
  const shank = read('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s.json');
  let compared = 0;
  for (const ix of codama.instructions) {
    const match = shank.instructions.find((s) => s.name[0].toLowerCase() + s.name.slice(1) === ix.name);
    if (match === undefined) continue;
    assert.equal(hex(ix.discriminator), hex(match.discriminator), ix.name);
    compared++;
  }
  assert.ok(compared >= 45, `${compared} compared`);
  const keyEnum = raw('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s@codama-1.14.0.json').program.definedTypes.find(
    (t: Raw) => t.name === 'key',
  );
  const metadataV1 = keyEnum.type.variants.findIndex((v: Raw) => v.name === 'metadataV1');
  const metadata = codama.accounts.find((a) => a.name === 'metadata')!;
  assert.equal(hex(metadata.discriminator), hex([metadataV1]));
  assert.notEqual((metadata.type as Raw).fields[0].name, 'key');
});

test('Codama: constant discriminators, and Anchor events behind a hidden prefix', () => {
  const governance = read('GovER5Lthms3bLBqWub97yVrMmEogzX7xNjdXpPPCVZw.json');
  const rawRealm = raw('GovER5Lthms3bLBqWub97yVrMmEogzX7xNjdXpPPCVZw.json').program.accounts.find((a: Raw) => a.name === 'realmV2');
  const realm = governance.accounts.find((a) => a.name === 'realmV2')!;
  assert.equal(hex(realm.discriminator), hex([rawRealm.discriminators[0].constant.value.number]));
  // The leading discriminator field, and `accountType`, which is the same byte (hints.json).
  assert.equal((realm.type as Raw).fields.length, rawRealm.data.fields.length - 2);
  assert.equal(
    (realm.type as Raw).fields.some((f: Raw) => f.name === 'accountType'),
    false,
  );

  const loopscale = read('1oopBoJG58DgkUVKkEzKgyG9dvRmpgeEm1AVjoHkF78@0.1.0-codama.json');
  const rawEvent = raw('1oopBoJG58DgkUVKkEzKgyG9dvRmpgeEm1AVjoHkF78@0.1.0-codama.json').program.events[0];
  const event = loopscale.events.find((e) => e.name === rawEvent.name)!;
  assert.equal(hex(event.discriminator), rawEvent.data.prefix[0].value.data);
  assert.equal(event.type.kind, 'struct');
  assert.equal((event.type as Raw).fields.length, rawEvent.data.type.fields.length);
});

test('Codama: a fault in a node costs its item only, and only where the reader reads that node', () => {
  const file = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s@codama-1.14.0.json';
  const readBroken = (breakIt: (program: Raw) => void): { description: ProgramDescription; skipped: string[] } => {
    const doc = raw(file);
    breakIt(doc.program);
    const skipped: string[] = [];
    const description = readIdl(doc, { address: row(file).programId, onSkip: (item, reason) => skipped.push(`${item}: ${reason}`) });
    return { description, skipped };
  };
  const intact = read(file);
  const find = (program: Raw, list: string, name: string): Raw => program[list].find((n: Raw) => n.name === name);

  // A default value is read only where its argument is a discriminator.
  const loose = readBroken((p) => (find(p, 'instructions', 'transfer').arguments[1].defaultValue = 'x'));
  assert.deepEqual(loose.skipped, []);
  const strict = readBroken((p) => (find(p, 'instructions', 'transfer').arguments[0].defaultValue = 'x'));
  assert.deepEqual(strict.skipped, ['instruction transfer: value is not an object']);
  assert.equal(strict.description.instructions.length, intact.instructions.length - 1);

  // An enum whose type cannot be read still gives the tags of its readable variants.
  const key = readBroken((p) => (find(p, 'definedTypes', 'key').type.variants[0].discriminator = -1));
  assert.equal(key.skipped[0], 'type key: variant uninitialized discriminator is not a tag');
  assert.equal(key.description.types.has('key'), false);
  assert.ok(key.description.accounts.some((a) => a.name === 'metadata'));
  const metadata = (d: ProgramDescription) => hex(d.accounts.find((a) => a.name === 'metadata')!.discriminator);
  assert.equal(metadata(key.description), metadata(intact));

  // A node that is not a node at all, in the program's own lists, refuses the document as before.
  assert.throws(() => readBroken((p) => (p.instructions[3] = 'x')), /instructions is not an object/);
});

test('Shank: discriminants in their own width; explorer-kit sizes and COption prefixes', () => {
  const stake = read('Stake11111111111111111111111111111111111111.json');
  const rawStake = raw('Stake11111111111111111111111111111111111111.json').instructions.find(
    (ix: Raw) => ix.name === 'DeactivateDelinquent',
  );
  assert.deepEqual(rawStake.discriminant, { type: 'u32', value: 14 });
  assert.equal(hex(stake.instructions.find((ix) => ix.name === 'DeactivateDelinquent')!.discriminator), '0e000000');
  assert.deepEqual(
    stake.accounts.map((a) => a.discriminator.length),
    [0, 0, 0, 0],
  );

  const metadata = read('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s.json');
  assert.equal(hex(metadata.instructions.find((ix) => ix.name === 'CreateMetadataAccountV3')!.discriminator), hex([33]));

  const vote = read('Vote111111111111111111111111111111111111111.json');
  const voteState = vote.accounts.find((a) => a.name === 'VoteState')!.type as Raw;
  const voters = voteState.fields.find((f: Raw) => f.name === 'authorized_voters');
  assert.deepEqual(voters.type, {
    kind: 'map',
    key: { kind: 'int', bytes: 8, signed: false },
    value: { kind: 'pubkey' },
    size: { kind: 'prefix', bytes: 8 },
  });

  const token2022 = read('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb@shank-1.0.0.json');
  const freeze = token2022.instructions.find((ix) => ix.name === 'initializeMint')!.args.find((a) => a.name === 'freezeAuthority')!;
  assert.deepEqual(freeze.type, { kind: 'option', item: { kind: 'pubkey' }, tag: 1, fixed: false });
  const mint = token2022.accounts.find((a) => a.name === 'MintAccount')!.type as Raw;
  assert.deepEqual(mint.fields[0].type, { kind: 'option', item: { kind: 'pubkey' }, tag: 4, fixed: true });
  const alt = read('AddressLookupTab1e1111111111111111111111111.json');
  const addresses = alt.types.get('LookupTableAddresses')!.type as Raw;
  assert.deepEqual(addresses.fields[0].type, { kind: 'vec', item: { kind: 'pubkey' }, size: { kind: 'remainder' } });
});

test('Anchor 0.30: zero-copy layout, tuple structs, and an address from the hints', () => {
  const clmm = read('CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK.json');
  const pool = clmm.accounts.find((a) => a.name === 'PoolState')!;
  assert.equal(pool.serialization, 'bytemuckunsafe');
  assert.deepEqual(pool.repr, { kind: 'c', packed: true });
  assert.equal(
    hex(pool.discriminator),
    hex(raw('CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK.json').accounts.find((a: Raw) => a.name === 'PoolState').discriminator),
  );

  const pump = read('6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P.json');
  assert.deepEqual(pump.types.get('OptionBool')!.type, { kind: 'tuple', items: [{ kind: 'bool' }] });

  // marginfi's SDK shipped 0.1.7 with `"address": ""`: the caller's address is used.
  assert.equal(raw('MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA@0.1.7.json').address, '');
  assert.throws(() => readIdl(raw('MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA@0.1.7.json')), /carries no program address/);
});

test('Anchor 0.30: generic types and const-generic arrays', () => {
  // Trimmed from Anchor's own generics test program IDL (coral-xyz/anchor tests/idl/idls/generics.json);
  // no bundled IDL declares generics.
  const idl = {
    address: 'Generics111111111111111111111111111111111111',
    metadata: { name: 'generics', version: '0.1.0', spec: '0.1.0' },
    instructions: [
      {
        name: 'generic',
        discriminator: [63, 235, 150, 148, 7, 255, 185, 159],
        accounts: [{ name: 'generic_acc' }, { name: 'payer', writable: true, signer: true }],
        args: [
          {
            name: 'generic_field',
            type: {
              defined: {
                name: 'GenericType',
                generics: [
                  { kind: 'type', type: 'u32' },
                  { kind: 'type', type: 'u64' },
                  { kind: 'const', value: '10' },
                ],
              },
            },
          },
        ],
      },
    ],
    types: [
      {
        name: 'GenericType',
        generics: [
          { kind: 'type', name: 'T' },
          { kind: 'type', name: 'U' },
          { kind: 'const', name: 'N', type: 'usize' },
        ],
        type: {
          kind: 'struct',
          fields: [
            { name: 'gen1', type: { generic: 'T' } },
            { name: 'gen2', type: { generic: 'U' } },
            { name: 'arr', type: { array: ['u8', { generic: 'N' }] } },
            { name: 'warr', type: { defined: { name: 'WrappedU8Array', generics: [{ kind: 'type', type: { generic: 'N' } }] } } },
          ],
        },
      },
      { name: 'WrappedU8Array', generics: [{ kind: 'const', name: 'N', type: 'usize' }], type: { kind: 'struct', fields: ['u8'] } },
    ],
  };
  const p = readIdl(idl);
  assert.equal(hex(p.instructions[0].discriminator), hex(sighash('global', 'generic')));
  assert.deepEqual(p.instructions[0].args[0].type, {
    kind: 'defined',
    name: 'GenericType',
    args: [{ kind: 'int', bytes: 4, signed: false }, { kind: 'int', bytes: 8, signed: false }, 10],
  });
  const generic = p.types.get('GenericType')!;
  assert.deepEqual(generic.generics, [
    { name: 'T', kind: 'type' },
    { name: 'U', kind: 'type' },
    { name: 'N', kind: 'const' },
  ]);
  const fields = (generic.type as Raw).fields;
  assert.deepEqual(fields[2].type, { kind: 'array', item: { kind: 'int', bytes: 1, signed: false }, length: { generic: 'N' } });
  assert.deepEqual(fields[3].type, { kind: 'defined', name: 'WrappedU8Array', args: [{ kind: 'generic', name: 'N' }] });
});

test('Anchor legacy: nested account groups flatten, aliases resolve, events get sighashes', () => {
  const jup4 = read('JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB.json');
  const serumSwap = jup4.instructions.find((ix) => ix.name === 'serumSwap')!;
  const rawSerumSwap = raw('JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB.json').instructions.find((ix: Raw) => ix.name === 'serumSwap');
  const market = rawSerumSwap.accounts[0];
  assert.deepEqual(
    serumSwap.accounts.slice(0, market.accounts.length + 1).map((a) => a.name),
    [...market.accounts.map((a: Raw) => a.name), rawSerumSwap.accounts[1].name],
  );
  assert.deepEqual(serumSwap.accounts[market.accounts.length], { name: 'authority', writable: false, signer: true, optional: false });

  // Solana's UnixTimestamp is an i64 the Auctioneer IDL leaves undefined.
  const auctioneer = read('neer8g6yJq2mQM6KbnViEDAD4gr3gRZyMMf4F2p3MEh.json');
  const sell = auctioneer.instructions.find((ix) => ix.name === 'sell')!;
  assert.deepEqual(sell.args.find((a) => a.name === 'startTime')!.type, { kind: 'int', bytes: 8, signed: true });

  const clmm = read('CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK@anchor-legacy.json');
  assert.deepEqual(clmm.types.get('TickArryBitmap')!.type, { kind: 'array', item: { kind: 'int', bytes: 8, signed: false }, length: 8 });
  const poolState = clmm.accounts.find((a) => a.name === 'PoolState')!;
  assert.equal(hex(poolState.discriminator), hex(sighash('account', 'PoolState')));
  assert.ok(clmm.types.has('PoolState'), 'a legacy account is also a type');
  assert.equal(hex(clmm.events[0].discriminator), hex(sighash('event', clmm.events[0].name)));
});

test('documents that are not IDLs are refused with a reason', () => {
  assert.throws(() => readIdl(null), /not a JSON object/);
  assert.throws(() => readIdl([]), /not a JSON object/);
  assert.throws(() => readIdl({ name: 'x' }), /not an IDL/);
  const legacy = raw('JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB.json');
  assert.throws(() => readIdl(legacy), /carries no program address/);
  assert.throws(() => readIdl(legacy, { address: 'not-base58!' }), /not a base58 public key/);
  assert.throws(() => readIdl({ kind: 'rootNode', program: { kind: 'programNode' } }), /program name/);
});

test('big-endian integers: a hand-written {bigEndian} and Codama endian "be" values; never a prefix or a float', () => {
  const handWritten = (type: unknown) => ({
    address: 'cjg3oHmg9uuPsP8D6g29NWvhySJkdYdAo9D25PRbKXJ',
    metadata: { name: 't', version: '0.0.0', spec: '0.1.0', origin: 'hand-written' },
    instructions: [{ name: 'report', discriminator: [], accounts: [], args: [{ name: 'median', type }] }],
    accounts: [],
    types: [],
  });
  const argType = (d: ProgramDescription) => d.instructions[0]?.args[0]?.type;
  assert.deepEqual(argType(readIdl(handWritten({ bigEndian: 'i128' }))), { kind: 'int', bytes: 16, signed: true, endian: 'be' });
  assert.deepEqual(argType(readIdl(handWritten({ array: [{ bigEndian: 'u32' }, 2] }))), {
    kind: 'array',
    item: { kind: 'int', bytes: 4, signed: false, endian: 'be' },
    length: 2,
  });
  for (const wrong of ['f64', 'pubkey', 'u7', { vec: 'u8' }]) {
    const skipped: string[] = [];
    const d = readIdl(handWritten({ bigEndian: wrong }), { onSkip: (item, reason) => skipped.push(`${item}: ${reason}`) });
    assert.equal(d.instructions.length, 0, JSON.stringify(wrong));
    assert.match(skipped[0] ?? '', /is not an integer type/);
  }

  const file = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s@codama-1.14.0.json';
  const codama = (change: (program: Raw) => void): { description: ProgramDescription; skipped: string[] } => {
    const doc = raw(file);
    change(doc.program);
    const skipped: string[] = [];
    const description = readIdl(doc, { address: row(file).programId, onSkip: (item, reason) => skipped.push(`${item}: ${reason}`) });
    return { description, skipped };
  };
  const utilize = (p: Raw): Raw => p.instructions.find((n: Raw) => n.name === 'utilize');
  const be = codama((p) => (utilize(p).arguments[1].type.endian = 'be'));
  assert.deepEqual(be.skipped, []);
  const numberOfUses = be.description.instructions.find((i) => i.name === 'utilize')?.args.find((a) => a.name === 'numberOfUses');
  assert.deepEqual(numberOfUses?.type, { kind: 'int', bytes: 8, signed: false, endian: 'be' });
  const float = codama((p) => (utilize(p).arguments[1].type = { kind: 'numberTypeNode', format: 'f64', endian: 'be' }));
  assert.deepEqual(float.skipped, ['instruction utilize: big-endian f64 is only read as an integer value']);
  // Length prefixes are read little-endian, so a big-endian one refuses its type.
  const prefixed = codama((p) => {
    const json = JSON.stringify(p.definedTypes.find((t: Raw) => t.name === 'data'));
    const changed = json.replace(/"prefixedCountNode","prefix":\{"kind":"numberTypeNode","format":"u32","endian":"le"\}/, (m) =>
      m.replace('"le"', '"be"'),
    );
    assert.notEqual(changed, json);
    p.definedTypes[p.definedTypes.findIndex((t: Raw) => t.name === 'data')] = JSON.parse(changed);
  });
  assert.ok(
    prefixed.skipped.some((s) => /^type data: big-endian u32 is only read as an integer value$/.test(s)),
    prefixed.skipped.join('\n'),
  );
});
