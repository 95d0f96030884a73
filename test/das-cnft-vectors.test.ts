/**
 * Bubblegum (compressed NFT) transactions from Metaplex's Digital Asset Standard API
 * (github.com/metaplex-foundation/digital-asset-rpc-infrastructure, AGPL-3.0): the recordings its
 * integration tests index, converted to getTransaction answers in test/fixtures/das-cnft/ (see its
 * README), and the getAsset / searchAssets answers its insta snapshots state after indexing them.
 *
 * Each transaction goes through our enhancement with actionskit. Every Bubblegum instruction and every
 * SPL Noop / MPL Noop entry must decode; a Bubblegum instruction's name must be the handler its
 * discriminator names in mpl-bubblegum's source, and the one DAS's test says the transaction does.
 * Then what we decode is held against the snapshot of the asset: the mint's metadata arguments (as
 * later instructions change them) against its content, creators, royalty and grouping; the LeafSchema
 * and ChangeLog events against its ownership and compression fields. DAS writes hashes and keys in
 * base58; ours are byte arrays, encoded here with @solana/kit's base58 codec rather than ours.
 *
 * The recordings hold no message header: the fee payer (the first key) is the one signer we know, so
 * the test gives the answers a header with that one signer (actionskit reads signers from it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { address, getAddressEncoder, getBase58Decoder, getProgramDerivedAddress } from '@solana/kit';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeBase58 } from '../src/codec/base58.js';
import { projectRoot } from '../src/paths.js';
import { enhancedResult } from './support/enhanced.js';
import { assertGrounded, entriesOf } from './support/sentence-grounds.js';
import { summarizeTransaction } from '../src/actions/summarize.js';

const registry = loadBundledRegistry();
const dir = join(projectRoot, 'test', 'fixtures', 'das-cnft');
const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const manifest = read('MANIFEST.json').tests as Record<string, DasTest>;
const snapshots = read('snapshots.json').snapshots as Record<string, any>;

const BUBBLEGUM = 'BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY';
const SPL_NOOP = 'noopb9bkMVfRPU8AsbpTUg8AQkHtKwMYZiFUjNRtMmV';
const MPL_NOOP = 'mnoopTCrg4p8ry25e4bcWA9XZjbNjMTfgYVGGEdRsf3';
const ZERO_KEY = '11111111111111111111111111111111';

interface DasTest {
  test: string;
  network: 'mainnet-beta' | 'devnet';
  asset: string | null;
  seeds: { transaction?: string; account?: string; nft?: string; description?: string }[];
  snapshots: { path: string; ownerAddress?: string }[];
}

/**
 * mpl-bubblegum's instruction handlers, `pub fn` in `mod bubblegum` of
 * programs/bubblegum/program/src/lib.rs at 575f7292e64cdc2e6402bf5c5a52d4e05775494b. Anchor's
 * discriminator is the first 8 bytes of sha256("global:<handler>"), so the handler an instruction's
 * bytes name is known without our IDL.
 */
const HANDLERS = (
  'burn burn_v2 cancel_redeem close_tree_v2 collect_v2 compress create_tree create_tree_v2 decompress_v1 delegate ' +
  'delegate_and_freeze_v2 delegate_v2 freeze_v2 mint_to_collection_v1 mint_v1 mint_v2 redeem set_and_verify_collection ' +
  'set_collection_v2 set_decompressable_state set_decompressible_state set_non_transferable_v2 set_tree_delegate ' +
  'thaw_and_revoke_v2 thaw_v2 transfer transfer_v2 unverify_collection unverify_creator unverify_creator_v2 ' +
  'update_asset_data_v2 update_metadata update_metadata_v2 verify_collection verify_creator verify_creator_v2'
).split(' ');
const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const handlerOf = new Map(HANDLERS.map((h) => [hex(createHash('sha256').update(`global:${h}`).digest().subarray(0, 8)), camel(h)]));

const MINT_V1 = ['mintV1', 'mintToCollectionV1'];
/** What the comment on a seed in DAS's test says it does, as mpl-bubblegum instructions (several: each once). */
const commented: Record<string, string[][]> = {
  'mint cNFT': [MINT_V1],
  redeem: [['redeem']],
  decompress: [['decompressV1']],
  'update metadata': [['updateMetadata']],
  'update metadata (no creators)': [['updateMetadata']],
  create_tree_v2: [['createTreeV2']],
  mint_v2: [['mintV2']],
  'mint_v2 to collection': [['mintV2']],
  transfer_v2: [['transferV2']],
  burn_v2: [['burnV2']],
  delegate_v2: [['delegateV2']],
  delegate_and_freeze_v2: [['delegateAndFreezeV2']],
  freeze_v2: [['freezeV2']],
  thaw_and_revoke_v2: [['thawAndRevokeV2']],
  set_collection_v2: [['setCollectionV2']],
  set_non_transferable_v2: [['setNonTransferableV2']],
  verify_creator_v2: [['verifyCreatorV2']],
  'Two verify_creator_v2': [['verifyCreatorV2'], ['verifyCreatorV2']],
  unverify_creator_v2: [['unverifyCreatorV2']],
  update_metadata_v2: [['updateMetadataV2']],
};
/**
 * Tests whose seeds carry no comment say what happens in their names; those steps must be found in
 * this order among the Bubblegum instructions of the test's transactions. The collection the name
 * `mint_verify_collection` verifies is verified by setAndVerifyCollection, which DAS indexes as
 * verifyCollection (blockbuster/src/programs/bubblegum/mod.rs).
 */
const named: Record<string, string[][]> = {
  mint_no_json_uri: [MINT_V1],
  mint_delegate_transfer: [MINT_V1, ['delegate'], ['transfer']],
  mint_redeem_cancel_redeem: [MINT_V1, ['redeem'], ['cancelRedeem']],
  mint_redeem: [MINT_V1, ['redeem']],
  mint_transfer_burn: [MINT_V1, ['transfer'], ['burn']],
  mint_transfer_noop: [MINT_V1, ['transfer']],
  mint_transfer_transfer: [MINT_V1, ['transfer'], ['transfer']],
  mint_verify_creator: [MINT_V1, ['verifyCreator']],
  mint_verify_collection: [MINT_V1, ['verifyCollection', 'setAndVerifyCollection']],
  mint_transfer_mpl_programs: [MINT_V1, ['transfer']],
};

// ------------------------------------------------------------------------------------------------
// Decoding the recordings

interface Entry {
  signature: string;
  programId: string;
  data: string;
  type?: string;
  info?: any;
  actions?: string;
}

interface Tx {
  signature: string;
  keys: string[];
  /** Top-level entries, each followed by the entries it ran, as they executed. */
  entries: Entry[];
}

/** A recording as the node's answer, with the one signer we know in its header. */
function recorded(file: string): any {
  const { source: _source, network: _network, ...result } = read(file);
  result.transaction.message.header = { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 0 };
  return result;
}

const decodedTxs = new Map<string, Tx>();
function decoded(file: string): Tx {
  const cached = decodedTxs.get(file);
  if (cached) return cached;
  const answer = enhancedResult(recorded(file), registry, true);
  const keys: string[] = answer.transaction.message.accountKeys;
  const signature: string = answer.transaction.signatures[0];
  const entry = (e: any): Entry => ({
    signature,
    programId: keys[e.programIdIndex],
    data: e.data,
    type: e.parsed?.type,
    info: e.parsed?.info,
    actions: e.actions,
  });
  const inner = new Map<number, any[]>(answer.meta.innerInstructions.map((g: any) => [g.index, g.instructions]));
  const entries = (answer.transaction.message.instructions as any[]).flatMap((top, i) => [entry(top), ...(inner.get(i) ?? []).map(entry)]);
  const tx = { signature, keys, entries };
  decodedTxs.set(file, tx);
  return tx;
}

const transactionsOf = (t: DasTest) => t.seeds.flatMap((s) => (s.transaction ? [s.transaction] : []));

/** Every recording once, with its decoding: several DAS tests replay the same transaction. */
function everyTransaction(): { file: string; tx: Tx }[] {
  const bySignature = new Map<string, { file: string; tx: Tx }>();
  for (const file of Object.values(manifest).flatMap(transactionsOf)) {
    const tx = decoded(file);
    if (!bySignature.has(tx.signature)) bySignature.set(tx.signature, { file, tx });
  }
  return [...bySignature.values()];
}
const b58 = getBase58Decoder();
const base58 = (bytes: number[]) => b58.decode(Uint8Array.from(bytes));

/** A LeafSchema event, with the tree and seq of the ChangeLog that follows it for its leaf. */
interface LeafEvent {
  schema: any;
  version: 'V1' | 'V2';
  leafHash: string;
  seq?: number;
  tree?: string;
}
/** A ChangeLog event, with the Bubblegum instruction that ran before it. */
interface ChangeEvent {
  tree: string;
  index: number;
  seq: number;
  leaf: string;
  parent?: Entry;
}

/** The Bubblegum instructions and events of the test's transactions, in the order they ran. */
function eventsOf(files: string[]) {
  const leaves: LeafEvent[] = [];
  const changes: ChangeEvent[] = [];
  const bubblegum: Entry[] = [];
  for (const file of files) {
    let parent: Entry | undefined;
    const pending: LeafEvent[] = [];
    for (const e of decoded(file).entries) {
      if (e.programId === BUBBLEGUM) {
        parent = e;
        bubblegum.push(e);
        continue;
      }
      const event = e.info?.event;
      if (event?.ChangeLog) {
        const c = event.ChangeLog.V1;
        const change = { tree: c.id, index: c.index, seq: Number(c.seq), leaf: base58(c.path[0].node), parent };
        changes.push(change);
        for (const leaf of pending.filter((l) => Number(l.schema.nonce) === c.index && l.seq === undefined)) {
          leaf.seq = change.seq;
          leaf.tree = change.tree;
        }
      }
      const leaf = event?.ApplicationData?.V1?.leafSchemaEvent;
      if (leaf) {
        const version = Object.keys(leaf.schema)[0] as 'V1' | 'V2';
        const l: LeafEvent = { schema: leaf.schema[version], version, leafHash: base58(leaf.leafHash) };
        pending.push(l);
        leaves.push(l);
      }
    }
  }
  return { leaves, changes, bubblegum };
}

// ------------------------------------------------------------------------------------------------
// Tallies for the report

const tally = {
  transactions: { 'mainnet-beta': 0, devnet: 0 },
  bubblegum: { total: 0, decoded: 0, named: 0 },
  noop: { total: 0, decoded: 0, changeLog: 0, leafSchema: 0, other: 0 },
  fields: { compared: 0, equal: 0 },
  described: 0,
  sentences: {} as Record<string, { specific: number; generic: number; none: number; examples: string[] }>,
};

/** One compared field: the snapshot's value is `expected`, ours is `actual`. */
function field(label: string, actual: unknown, expected: unknown) {
  tally.fields.compared++;
  assert.deepEqual(actual, expected, label);
  tally.fields.equal++;
}

// ------------------------------------------------------------------------------------------------

test('DAS cNFT vectors: every Bubblegum instruction and noop event decodes, under the handler its discriminator names', () => {
  const transactions = everyTransaction();
  for (const { file, tx } of transactions) {
    tally.transactions[read(file).network as 'mainnet-beta' | 'devnet']++;
    for (const e of tx.entries) {
      if (e.programId === BUBBLEGUM) {
        tally.bubblegum.total++;
        assert.ok(e.type, `${tx.signature}: a Bubblegum entry does not decode`);
        tally.bubblegum.decoded++;
        const handler = handlerOf.get(hex(decodeBase58(e.data)!.subarray(0, 8)));
        assert.equal(e.type, handler, `${tx.signature}: decoded as ${e.type}, the discriminator names ${handler}`);
        tally.bubblegum.named++;
      } else if (e.programId === SPL_NOOP || e.programId === MPL_NOOP) {
        tally.noop.total++;
        assert.ok(e.type, `${tx.signature}: a noop entry does not decode`);
        tally.noop.decoded++;
        const event = e.info?.event;
        if (event?.ChangeLog) tally.noop.changeLog++;
        else if (event?.ApplicationData?.V1?.leafSchemaEvent) tally.noop.leafSchema++;
        else tally.noop.other++;
        // Bubblegum's application data is only ever a LeafSchema event: one that decodes otherwise was misread.
        if (event?.ApplicationData)
          assert.ok(event.ApplicationData.V1?.leafSchemaEvent, `${tx.signature}: application data not read as a LeafSchema event`);
      }
    }
  }
  assert.equal(tally.transactions['mainnet-beta'] + tally.transactions.devnet, transactions.length);
});

test("DAS cNFT vectors: each transaction does what DAS's test says it does", () => {
  const has = (types: string[], wanted: string[][]) => {
    // `wanted` in order, each step matched by a later instruction than the one before.
    let at = 0;
    for (const step of wanted) {
      while (at < types.length && !step.includes(types[at])) at++;
      if (at === types.length) return false;
      at++;
    }
    return true;
  };
  for (const [name, t] of Object.entries(manifest)) {
    const typesOf = (file: string) => decoded(file).entries.flatMap((e) => (e.programId === BUBBLEGUM ? [e.type!] : []));
    for (const seed of t.seeds) {
      if (!seed.transaction || !seed.description) continue;
      const wanted = commented[seed.description];
      assert.ok(wanted, `${name}: no reading of the comment "${seed.description}"`);
      assert.ok(
        has(typesOf(seed.transaction), wanted),
        `${name}: "${seed.description}" is not among ${typesOf(seed.transaction).join(', ')}`,
      );
      tally.described++;
    }
    if (named[name]) {
      const all = transactionsOf(t).flatMap(typesOf);
      assert.ok(has(all, named[name]), `${name}: ${JSON.stringify(named[name])} not in order among ${all.join(', ')}`);
      tally.described++;
    }
  }
});

/** The asset's metadata as the test's instructions leave it, from the mint's arguments on. */
function metadataOf(bubblegum: Entry[], assetTree: string | undefined) {
  const mints = bubblegum.filter((e) => ['mintV1', 'mintToCollectionV1', 'mintV2'].includes(e.type!));
  assert.equal(mints.length, 1, 'one mint');
  const mint = mints[0];
  if (assetTree) assert.equal(mint.info.merkleTree, assetTree, 'the mint is of the asset');
  const args = structuredClone(mint.info.message ?? mint.info.metadataArgs);
  // mpl-bubblegum's mint_to_collection_v1 verifies the collection it mints to (processor/mint_to_collection.rs:111).
  if (mint.type === 'mintToCollectionV1') args.collection.verified = true;
  const v2 = mint.type === 'mintV2';
  for (const e of bubblegum.slice(bubblegum.indexOf(mint) + 1)) {
    const i = e.info;
    switch (e.type) {
      case 'updateMetadata':
      case 'updateMetadataV2':
        for (const [k, v] of Object.entries(i.updateArgs)) if (v !== null) args[k] = v;
        break;
      case 'verifyCreator':
      case 'verifyCreatorV2':
      case 'unverifyCreator':
      case 'unverifyCreatorV2':
        for (const c of args.creators) if (c.address === i.creator) c.verified = e.type.startsWith('verify');
        break;
      case 'verifyCollection':
      case 'setAndVerifyCollection':
        args.collection = { verified: true, key: i.collectionMint };
        break;
      case 'setCollectionV2':
        args.collection = i.newCoreCollection ?? null;
        break;
      case 'decompressV1':
        Object.assign(args, i.metadata);
        break;
    }
  }
  const grouping = v2 ? (args.collection ? [args.collection] : []) : args.collection?.verified ? [args.collection.key] : [];
  return { mint, args, grouping };
}

async function compareAsset(label: string, files: string[], asset: any, what: 'all' | 'metadata') {
  const { leaves, changes, bubblegum } = eventsOf(files);
  const mine = leaves.filter((l) => l.schema.id === asset.id && l.seq !== undefined);
  const latest = mine.reduce<LeafEvent | undefined>((a, l) => (a === undefined || l.seq! > a.seq! ? l : a), undefined);
  const tree = latest?.tree;

  const { mint, args, grouping } = metadataOf(bubblegum, what === 'all' ? tree : undefined);
  const m = asset.content.metadata;
  field(`${label}: name`, args.name, m.name);
  field(`${label}: symbol`, args.symbol, m.symbol);
  field(`${label}: uri`, args.uri, asset.content.json_uri);
  field(`${label}: sellerFeeBasisPoints`, args.sellerFeeBasisPoints, asset.royalty.basis_points);
  assert.equal(args.creators.length, asset.creators.length, `${label}: creators`);
  args.creators.forEach((c: any, k: number) => {
    field(`${label}: creators[${k}].address`, c.address, asset.creators[k].address);
    field(`${label}: creators[${k}].share`, c.share, asset.creators[k].share);
    field(`${label}: creators[${k}].verified`, c.verified, asset.creators[k].verified);
  });
  field(
    `${label}: collection`,
    grouping,
    asset.grouping.filter((g: any) => g.group_key === 'collection').map((g: any) => g.group_value),
  );
  // The decompressed asset's other fields are its token-metadata accounts', not the arguments'.
  if (what === 'metadata') return;
  field(`${label}: primarySaleHappened`, args.primarySaleHappened, asset.royalty.primary_sale_happened);
  field(`${label}: isMutable`, args.isMutable, asset.mutable);
  if ('editionNonce' in args) field(`${label}: editionNonce`, args.editionNonce, asset.supply.edition_nonce);
  field(`${label}: treeAuthority`, mint.info.treeAuthority, asset.authorities[0].address);

  assert.ok(latest, `${label}: no LeafSchema event of ${asset.id}`);
  const c = asset.compression;
  const s = latest.schema;
  field(`${label}: tree`, tree, c.tree);
  field(`${label}: leaf_id (LeafSchema nonce)`, Number(s.nonce), c.leaf_id);
  const [pda] = await getProgramDerivedAddress({
    programAddress: address(BUBBLEGUM),
    seeds: ['asset', getAddressEncoder().encode(address(tree!)), bigLe(BigInt(s.nonce))],
  });
  field(`${label}: id (asset PDA of our tree and nonce)`, pda, asset.id);
  const leafChanges = changes.filter((ch) => ch.tree === tree && ch.index === Number(s.nonce));
  const last = leafChanges.reduce((a, ch) => (ch.seq > a.seq ? ch : a));
  field(`${label}: seq (last ChangeLog)`, last.seq, c.seq);
  for (const e of bubblegum) {
    if (e.info?.merkleTree === undefined) continue;
    field(`${label}: ${e.type} merkleTree`, e.info.merkleTree, c.tree);
  }
  if (last.parent?.type === 'redeem') {
    // A redeemed leaf is an empty node; DAS zeroes the hashes it has no event for (program_transformers/src/bubblegum/redeem.rs).
    field(`${label}: asset_hash (redeem's ChangeLog leaf)`, last.leaf, c.asset_hash);
  } else {
    field(`${label}: asset_hash (leaf hash)`, latest.leafHash, c.asset_hash);
    field(`${label}: data_hash`, base58(s.dataHash), c.data_hash);
    field(`${label}: creator_hash`, base58(s.creatorHash), c.creator_hash);
  }
  if (latest.version === 'V2') {
    field(`${label}: collection_hash`, base58(s.collectionHash), c.collection_hash);
    field(`${label}: asset_data_hash`, base58(s.assetDataHash), c.asset_data_hash);
    field(`${label}: flags`, s.flags, c.flags);
    // mpl-bubblegum's Flags bitfield (utils.rs): asset_lvl_frozen, permanent_lvl_frozen, non_transferable from bit 0.
    field(`${label}: frozen`, (s.flags & 0b011) !== 0, asset.ownership.frozen);
    field(`${label}: non_transferable`, (s.flags & 0b100) !== 0, asset.ownership.non_transferable);
  }
  const o = asset.ownership;
  field(`${label}: owner`, s.owner, o.owner);
  // DAS shows no delegate where the leaf's delegate is its owner or the zero key (program_transformers/src/bubblegum/mint.rs).
  const delegate = s.delegate === s.owner || s.delegate === ZERO_KEY ? null : s.delegate;
  field(`${label}: delegate`, delegate, o.delegate);
  field(`${label}: delegated`, delegate !== null, o.delegated);
  const burnt = bubblegum.some((e) => e.type === 'burn' || e.type === 'burnV2');
  field(`${label}: burnt`, burnt, asset.burnt);
}

const bigLe = (n: bigint) => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n, true);
  return out;
};

for (const [name, t] of Object.entries(manifest)) {
  test(`DAS cNFT vectors: ${name} (${t.network}) matches its snapshot`, async () => {
    const files = transactionsOf(t);
    for (const snap of t.snapshots) {
      const body = snapshots[snap.path];
      assert.ok(body, snap.path);
      const label = `${name} ${snap.path.split('__').pop()}`;
      if (Array.isArray(body.items)) {
        // searchAssets by owner: the assets whose last LeafSchema event names that owner are the items.
        const { leaves } = eventsOf(files);
        const last = new Map<string, LeafEvent>();
        for (const l of leaves) if (l.seq !== undefined && (last.get(l.schema.id)?.seq ?? -1) < l.seq) last.set(l.schema.id, l);
        const owned = [...last.values()].filter((l) => l.schema.owner === snap.ownerAddress).map((l) => l.schema.id);
        field(`${label}: assets of ${snap.ownerAddress}`, owned.sort(), body.items.map((a: any) => a.id).sort());
        for (const asset of body.items) await compareAsset(label, files, asset, 'all');
      } else {
        assert.equal(body.id, t.asset, label);
        await compareAsset(label, files, body, body.compression.compressed ? 'all' : 'metadata');
      }
    }
  });
}

test('DAS cNFT vectors: every Bubblegum instruction gets a sentence of its own, naming only accounts of the transaction', () => {
  for (const { tx } of everyTransaction()) {
    const keys = new Set(tx.keys);
    const logged = new Set(
      tx.entries.flatMap((x) => {
        const schema = x.info?.event?.ApplicationData?.V1?.leafSchemaEvent?.schema;
        const id = (schema?.V1 ?? schema?.V2)?.id;
        return typeof id === 'string' ? [id] : [];
      }),
    );
    for (const e of tx.entries.filter((x) => x.programId === BUBBLEGUM)) {
      const s = (tally.sentences[e.type!] ??= { specific: 0, generic: 0, none: 0, examples: [] });
      if (e.actions === undefined) {
        s.none++;
        continue;
      }
      // Or the asset id a mint's LeafSchema event logged: the name DAS and wallets give a compressed NFT.
      for (const named of e.actions.match(/[1-9A-HJ-NP-Za-km-z]{32,44}/g) ?? [])
        assert.ok(
          keys.has(named) || logged.has(named),
          `${tx.signature} ${e.type}: "${e.actions}" names ${named}, not an account of the transaction`,
        );
      const generic = new RegExp(`\\bcalled ${e.type}\\b`).test(e.actions);
      s[generic ? 'generic' : 'specific']++;
      if (s.examples.length === 0) s.examples.push(e.actions);
    }
  }
  // Each kind met here has a template of its own: what the instruction did, not its arguments.
  for (const [type, s] of Object.entries(tally.sentences)) assert.equal(s.generic + s.none, 0, `${type}: ${s.examples[0]}`);
});

/** The corpus's truth check (test/support/sentence-grounds.ts) on every Bubblegum sentence. */
test('DAS cNFT vectors: every Bubblegum sentence is grounded in its transaction, a mint naming the asset its leaf is', async () => {
  const files = new Set(Object.values(manifest).flatMap(transactionsOf));
  let told = 0;
  const mints: { id: string; nonce: bigint; tree: string }[] = [];
  for (const file of files) {
    const answer = enhancedResult(recorded(file), registry);
    const entries = entriesOf(answer);
    summarizeTransaction(answer).forEach((sentence, k) => {
      if (sentence === null || entries[k].programId !== BUBBLEGUM) return;
      told++;
      assertGrounded(answer, answer, k, sentence, `${file} #${k}: ${sentence}`);
      const minted = / minted compressed NFT (\S+) \(#(\d+) of tree (\S+)\)/.exec(sentence);
      if (minted) mints.push({ id: minted[1], nonce: BigInt(minted[2]), tree: minted[3] });
    });
  }
  assert.ok(told >= 97, `${told} sentences`);
  // Bubblegum's asset id is the program address of ("asset", tree, nonce): derived here, not read.
  for (const { id, nonce, tree } of mints) {
    const [pda] = await getProgramDerivedAddress({
      programAddress: address(BUBBLEGUM),
      seeds: ['asset', getAddressEncoder().encode(address(tree)), bigLe(nonce)],
    });
    assert.equal(id, pda, `asset #${nonce} of ${tree}`);
  }
  assert.ok(mints.length >= 20, `${mints.length} mints named by asset`);
});

test('DAS cNFT vectors: tally', () => {
  assert.ok(tally.bubblegum.total > 0 && tally.fields.compared > 0);
  const { sentences, ...counts } = tally;
  console.log(JSON.stringify(counts));
  for (const [type, s] of Object.entries(sentences))
    console.log(`${type}: ${s.specific} specific, ${s.generic} generic, ${s.none} none; e.g. ${s.examples[0] ?? '-'}`);
});
