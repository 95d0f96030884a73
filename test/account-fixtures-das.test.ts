/**
 * Token Metadata and MPL Core accounts that Metaplex's DAS API keeps for its integration tests
 * (issue #13; provenance in test/fixtures/accounts/README.md, section das), held against what DAS's
 * own insta snapshots answer about them. The snapshot values were copied into
 * test/fixtures/accounts/das/expected.json with the snapshot each came from; nothing there comes from
 * our decoder. Each account goes through the gateway's account path (decodeAccountData); the
 * addresses that are program addresses are derived again, and @coral-xyz/borsh must read the same
 * value with the chosen layout and stop where DAS says the account's plugins begin.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { address, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeAccountData } from '../src/enhance/accounts.js';
import { projectRoot } from '../src/paths.js';
import { BorshTranslator, borshDecode, borshRereadsAccount } from './support/borsh-layouts.js';
import { asText, at } from './support/vectors.js';

const dir = join(projectRoot, 'test', 'fixtures', 'accounts', 'das');
const registry = loadBundledRegistry();

const TOKEN_METADATA = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';
const MPL_CORE = 'CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d';

interface Fixture {
  source: string;
  network: 'mainnet-beta' | 'devnet';
  address: string;
  owner: string;
  slot: number;
  lamports: number;
  data: [string, 'base64'];
  sameDataIn?: { source: string; slot: number }[];
}

/** Values one DAS snapshot gives, keyed by their dotted path in the asset (or edition) object at `at`. */
interface Statement {
  snapshot: string;
  at: string;
  stated: Record<string, unknown>;
}

interface Expected {
  /** The mint whose Token Metadata program address this account is, and where DAS names that mint. */
  pda?: { kind: 'metadata' | 'edition'; mint: string; mintFrom: string };
  /** Where DAS's test seeds the account (or its mint), with the comment above that line. */
  seeded?: { at: string; names: string; comment?: string };
  statements: Statement[];
}

const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, Expected>;

function readFixture(addr: string): Fixture & { bytes: Buffer } {
  const doc = JSON.parse(readFileSync(join(dir, `${addr}.json`), 'utf8')) as Fixture;
  assert.equal(doc.data[1], 'base64');
  return { ...doc, bytes: Buffer.from(doc.data[0], 'base64') };
}

/** The account's own statements: those whose asset is this account, not one grouped under it. */
const own = (addr: string, e: Expected) => e.statements.filter((s) => s.stated.id === undefined || s.stated.id === addr);

/**
 * The program and account type DAS's answers imply. A Token Metadata account is whichever program
 * address of the mint it is; an edition account is the master edition when getNftEditions gives it
 * as `master_edition_address`. A Core account is an asset or a collection by DAS's `interface`; one
 * that DAS only names as the collection an asset is grouped under, or that the seeding test's
 * comment calls an mpl-core collection, is a collection.
 */
function expectedType(addr: string, e: Expected): { program: string; type: string } {
  if (e.pda?.kind === 'metadata') return { program: 'token_metadata', type: 'Metadata' };
  if (e.pda?.kind === 'edition') {
    const master = e.statements.some((s) => s.stated.master_edition_address === addr);
    return { program: 'token_metadata', type: master ? 'MasterEditionV2' : 'Edition' };
  }
  const iface = own(addr, e).find((s) => s.stated.interface !== undefined)?.stated.interface;
  if (iface === 'MplCoreAsset') return { program: 'mpl_core_program', type: 'AssetV1' };
  const grouped = e.statements.some((s) => s.stated.id !== addr);
  if (iface === 'MplCoreCollection' || grouped || /mpl-core collection/.test(e.seeded?.comment ?? '')) {
    return { program: 'mpl_core_program', type: 'CollectionV1' };
  }
  throw new Error(`${addr}: DAS states nothing that gives its type`);
}

/**
 * Token Metadata keeps name, symbol and uri padded with NUL bytes up to 32, 10 and 200 bytes
 * (puff_out_data_fields), and the gateway renders the string the account holds. DAS drops every NUL
 * from name and symbol (digital_asset_types/src/json/chain_data.rs, ChainDataV1::sanitize) and trims
 * the uri and drops its NULs (program_transformers/src/token_metadata/v1_asset.rs). Only trailing
 * NULs are taken off ours, so a NUL inside the text, or any other difference, still fails.
 */
const unpadded = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/\0+$/, '') : v);

interface Comparison {
  what: string;
  theirs: unknown;
  ours: unknown;
}

function collectionGroup(stated: Record<string, unknown>): string | null {
  const grouping = stated.grouping as { group_key: string; group_value: string }[] | undefined;
  return grouping?.find((g) => g.group_key === 'collection')?.group_value ?? null;
}

function authority(stated: Record<string, unknown>): string[] | undefined {
  return (stated.authorities as { address: string }[] | undefined)?.map((a) => a.address);
}

/** Every value `statement` gives about the account at `addr`, next to ours. */
function comparisons(addr: string, type: string, value: Record<string, unknown>, statement: Statement): Comparison[] {
  const x = statement.stated;
  const out: Comparison[] = [];
  const add = (what: string, theirs: unknown, ours: unknown) => {
    if (theirs !== undefined) out.push({ what, theirs, ours });
  };
  if (type === 'Metadata') {
    add('mint (the asset id)', x.id, value.mint);
    add('mint (getNftEditions mint_address)', x.mint_address, value.mint);
    add('name', x['content.metadata.name'], unpadded(at(value, 'data.name')));
    add('symbol', x['content.metadata.symbol'], unpadded(at(value, 'data.symbol')));
    add('uri', x['content.json_uri'], unpadded(at(value, 'data.uri')));
    // DAS leaves token_standard out of the content when the account has none (ChainDataV1 skips a None).
    const standard = x['content.metadata.name'] === undefined ? undefined : (x['content.metadata.token_standard'] ?? null);
    add('token standard', standard, value.tokenStandard);
    add('seller fee basis points', x['royalty.basis_points'], at(value, 'data.sellerFeeBasisPoints'));
    add('primary sale happened', x['royalty.primary_sale_happened'], value.primarySaleHappened);
    add('is mutable', x.mutable, value.isMutable);
    add('edition nonce', x['supply.edition_nonce'], value.editionNonce);
    // DAS writes the update authority as the asset's one authority with scope "full".
    add('update authority', authority(x), [value.updateAuthority]);
    if (x.creators !== undefined) {
      const ours = ((at(value, 'data.creators') ?? []) as Record<string, unknown>[]).map((c) => ({
        address: c.address,
        share: c.share,
        verified: c.verified,
      }));
      add('creators', x.creators, ours);
    }
    if (x.grouping !== undefined) {
      // getAsset lists a collection group only when the collection is verified, unless asked for
      // unverified ones (digital_asset_types/src/dao/scopes/asset.rs); none of these requests asks.
      const group = collectionGroup(x);
      const collection = value.collection as { key: string; verified: boolean } | null;
      if (group !== null)
        add('verified collection', { key: group, verified: true }, collection && { key: collection.key, verified: collection.verified });
      else add('no verified collection', true, collection === null || !collection.verified);
    }
  } else if (type === 'MasterEditionV2') {
    add('supply', x.supply, value.supply);
    add('max supply', x.max_supply, value.maxSupply);
  } else if (type === 'Edition') {
    add('parent (master_edition_address)', x['$.master_edition_address'], value.parent);
    add('edition number', x.edition_number, value.edition);
  } else if (x.id === addr) {
    add('name', x['content.metadata.name'], value.name);
    add('uri', x['content.json_uri'], value.uri);
    const ua = value.updateAuthority;
    if (type === 'AssetV1') {
      add('owner', x['ownership.owner'], value.owner);
      // An asset in a collection is grouped under it (its update authority is the collection);
      // otherwise DAS's one authority is the asset's own update authority address.
      const group = collectionGroup(x);
      if (group !== null) add('update authority (collection)', { Collection: group }, ua);
      else if (ua !== 'None')
        add(
          'update authority (address)',
          authority(x)?.map((a) => ({ Address: a })),
          [ua],
        );
      // DAS calls a Core asset immutable when its update authority is None.
      add('mutable', x.mutable, ua !== 'None');
    } else {
      add('update authority', authority(x), [ua]);
      // A collection's owner in DAS is its update authority (program_transformers/src/mpl_core_program/v1_asset.rs).
      add('update authority (ownership.owner)', x['ownership.owner'], ua);
      add('num minted', x['mpl_core_info.num_minted'], value.numMinted);
      add('current size', x['mpl_core_info.current_size'], value.currentSize);
    }
    out.push(...pluginComparisons(x, value));
  } else if (type === 'CollectionV1' && x.interface === 'MplCoreAsset') {
    // A Core asset in a collection gets the collection's update authority as its authority, once the
    // collection is indexed (program_transformers/src/mpl_core_program/v1_asset.rs; "" before).
    // A cNFT's authority is Bubblegum's business, not its collection's, so those are not read.
    const theirs = authority(x);
    if (theirs !== undefined && !theirs.includes('')) add("update authority (an asset's authority)", theirs, [value.updateAuthority]);
  }
  return out;
}

/**
 * The plugins DAS lists for a Core account against the ones read after its base fields, matched by
 * offset: DAS keys internal plugins by snake_case name and writes authorities as `{type, address}`,
 * lifecycle checks by event name with the results' names, and an app data section decoded by its
 * schema (JSON parsed, binary as base64). Ours keep the IDL's spelling: the same values once keys
 * are snake_cased and authorities, checks and data are written DAS's way here. Msgpack data is not
 * decoded here, so it is not compared.
 */
function pluginComparisons(x: Record<string, unknown>, value: Record<string, unknown>): Comparison[] {
  const out: Comparison[] = [];
  if (x.plugins === undefined && x.external_plugins === undefined) return out;
  const registry = value.pluginRegistry as { registry: Record<string, unknown>[]; externalRegistry: Record<string, unknown>[] } | undefined;
  const internal = Object.entries((x.plugins ?? {}) as Record<string, Record<string, unknown>>);
  const external = (x.external_plugins ?? []) as Record<string, unknown>[];
  out.push({
    what: 'plugin count',
    theirs: [internal.length, external.length],
    ours: [registry?.registry.length ?? 0, registry?.externalRegistry.length ?? 0],
  });
  if (registry === undefined) return out;
  // DAS's `index` is a plugin's place among all of them, internal and external, by offset.
  const byOffset = [...registry.registry, ...registry.externalRegistry].map((r) => Number(r.offset)).sort((a, b) => a - b);
  const place = (record: Record<string, unknown> | undefined) =>
    record === undefined ? undefined : byOffset.indexOf(Number(record.offset));
  for (const [name, theirs] of internal) {
    const i = registry.registry.findIndex((r) => Number(r.offset) === theirs.offset);
    const record = registry.registry[i];
    const variant = name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
    const plugin = (value.plugins as Record<string, unknown>[])[i];
    out.push({
      what: `plugin ${name} at ${String(theirs.offset)}`,
      theirs: { index: theirs.index, type: variant, authority: theirs.authority, data: theirs.data },
      ours: record && {
        index: place(record),
        type: record.pluginType,
        authority: dasAuthority(record.authority),
        data: snakeKeys(plugin?.[variant]),
      },
    });
  }
  for (const theirs of external) {
    const i = registry.externalRegistry.findIndex((r) => Number(r.offset) === theirs.offset);
    const record = registry.externalRegistry[i];
    const { adapter, data } = ((value.externalPlugins as Record<string, unknown>[])[i] ?? {}) as {
      adapter?: Record<string, unknown>;
      data?: [string, string] | null;
    };
    const config = adapter?.[String(theirs.type)] as Record<string, unknown> | undefined;
    const schema = (config as { schema?: string } | undefined)?.schema;
    const bytes = data ? Buffer.from(data[0], 'base64') : undefined;
    const ourData =
      bytes === undefined
        ? undefined
        : schema === 'Json'
          ? JSON.parse(bytes.toString('utf8'))
          : schema === 'Binary'
            ? bytes.toString('base64')
            : undefined;
    out.push({
      what: `external plugin ${String(theirs.type)} at ${String(theirs.offset)}`,
      theirs: {
        index: theirs.index,
        type: theirs.type,
        authority: theirs.authority,
        config: theirs.adapter_config,
        checks: theirs.lifecycle_checks,
        dataAt: [theirs.data_offset, theirs.data_len],
        data: schema === 'MsgPack' ? undefined : theirs.data,
      },
      ours: record && {
        index: place(record),
        type: record.pluginType,
        authority: dasAuthority(record.authority),
        config: dasConfig(config),
        checks: dasChecks(record.lifecycleChecks),
        dataAt: [record.dataOffset ?? undefined, record.dataLen ?? undefined].map((n) => (n === undefined ? undefined : Number(n))),
        data: ourData,
      },
    });
  }
  return out;
}

/** A Core account's own fields, without what was read after them (src/enhance/core-plugins.ts). */
function baseOf(value: Record<string, unknown>): Record<string, unknown> {
  const { pluginHeader: _h, pluginRegistry: _r, plugins: _p, externalPlugins: _e, ...base } = value;
  return base;
}

/** An mpl-core Authority as DAS writes it. */
function dasAuthority(authority: unknown): { type: string; address: string | null } {
  if (typeof authority === 'string') return { type: authority, address: null };
  const [[type, inner]] = Object.entries(authority as Record<string, { address: string }>);
  return { type, address: inner.address };
}

/** An adapter's configuration with DAS's keys, its authorities and parent key written DAS's way. */
function dasConfig(config: Record<string, unknown> | undefined): unknown {
  if (config === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(config).map(([key, v]) => {
      if (/Authority$/.test(key)) return [snakeKey(key), dasAuthority(v)];
      if (key === 'parentKey' && v !== null && typeof v === 'object') {
        const [[kind, authority]] = Object.entries(v);
        return ['parent_key', { [snakeKey(kind)]: dasAuthority(authority) }];
      }
      return [snakeKey(key), snakeKeys(v)];
    }),
  );
}

/** mpl-core's ExternalCheckResult flags: 1 listen, 2 approve, 4 reject (external_plugin_adapters/mod.rs). */
function dasChecks(checks: unknown): unknown {
  if (!Array.isArray(checks)) return undefined;
  const names: [number, string][] = [
    [1, 'CanListen'],
    [2, 'CanApprove'],
    [4, 'CanReject'],
  ];
  return Object.fromEntries(
    checks.map(([event, result]: [string, { flags: number }]) => [
      snakeKey(event),
      names.filter(([bit]) => (result.flags & bit) !== 0).map(([, n]) => n),
    ]),
  );
}

const snakeKey = (key: string) => key.replace(/^[A-Z]/, (c) => c.toLowerCase()).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const snakeKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(snakeKeys)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [snakeKey(k), snakeKeys(x)]))
      : v;

/**
 * Where DAS says the first plugin of a Core account begins, less the plugin header in front of it
 * (PluginHeaderV1: a one-byte key and an 8-byte registry offset, mpl-core's plugin_header.rs): the
 * end of the asset or collection itself. null where DAS gives no offsets for the account.
 */
function pluginSectionStart(addr: string, e: Expected): number | null {
  const offsets = own(addr, e)
    .flatMap((s) => Object.entries(s.stated))
    .filter(([key]) => /^(plugins\.[a-z0-9_]+|external_plugins\.\d+)\.offset$/.test(key))
    .map(([, v]) => Number(v));
  return offsets.length > 0 ? Math.min(...offsets) - 9 : null;
}

/** DAS answered for this account and listed neither plugins nor external plugins. */
function statedWithoutPlugins(addr: string, e: Expected): boolean {
  const mine = own(addr, e).filter((s) => s.stated.id === addr);
  return mine.length > 0 && pluginSectionStart(addr, e) === null;
}

const tally = { accounts: 0, decoded: 0, compared: 0, equal: 0, byProgram: new Map<string, { accounts: number; compared: number }>() };

test('every fixture in test/fixtures/accounts/das has its DAS statements, and the reverse', () => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'expected.json')
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
  assert.deepEqual(files, Object.keys(expected).sort());
});

for (const [addr, e] of Object.entries(expected)) {
  const want = expectedType(addr, e);

  test(`das/${addr}: decodes as ${want.program} ${want.type} with the values DAS's snapshots give`, () => {
    const fixture = readFixture(addr);
    assert.equal(fixture.address, addr);
    assert.ok(fixture.network === 'mainnet-beta' || fixture.network === 'devnet', `${addr}: network ${fixture.network}`);
    assert.ok(fixture.source.startsWith('integration_tests/tests/data/accounts/'), `${addr}: source ${fixture.source}`);
    tally.accounts++;
    const mine = tally.byProgram.get(fixture.owner) ?? { accounts: 0, compared: 0 };
    tally.byProgram.set(fixture.owner, mine);
    mine.accounts++;
    const decoded = decodeAccountData(fixture.owner, fixture.bytes, registry);
    assert.ok(decoded, `${addr}: not decoded`);
    tally.decoded++;
    assert.equal(decoded.program, want.program);
    assert.equal(decoded.type, want.type);
    for (const statement of e.statements) {
      for (const c of comparisons(addr, decoded.type, decoded.value, statement)) {
        tally.compared++;
        mine.compared++;
        assert.deepEqual(asText(c.ours), asText(c.theirs), `${addr}: ${c.what} (${statement.snapshot} ${statement.at})`);
        tally.equal++;
      }
    }
  });

  if (e.pda !== undefined) {
    const { kind, mint, mintFrom } = e.pda;
    test(`das/${addr}: is the Token Metadata ${kind} address of mint ${mint}`, async () => {
      // A mint taken from a snapshot must be one that snapshot names (the others are lines of DAS's tests).
      if (!/\.rs:\d+$/.test(mintFrom)) {
        const named = e.statements.find((s) => mintFrom === `${s.snapshot} ${s.at}`);
        assert.ok(named && (named.stated.id === mint || named.stated.mint_address === mint), `${addr}: ${mintFrom} does not name ${mint}`);
      }
      const encoder = getAddressEncoder();
      const program = encoder.encode(address(TOKEN_METADATA));
      const seeds = ['metadata', program, encoder.encode(address(mint)), ...(kind === 'edition' ? ['edition'] : [])];
      const [derived] = await getProgramDerivedAddress({ programAddress: address(TOKEN_METADATA), seeds });
      assert.equal(derived, addr);
      if (kind === 'metadata') {
        const fixture = readFixture(addr);
        assert.equal(decodeAccountData(fixture.owner, fixture.bytes, registry)?.value.mint, mint);
      }
    });
  }

  test(`das/${addr}: borsh reads the same value with the chosen layout${want.program === 'mpl_core_program' ? ', ending where DAS puts the plugins' : ''}`, () => {
    const { owner, bytes } = readFixture(addr);
    const decoded = decodeAccountData(owner, bytes, registry);
    assert.ok(decoded, `${addr}: not decoded`);
    const { end } = borshRereadsAccount(registry, owner, bytes, baseOf(decoded.value), addr);
    if (owner === TOKEN_METADATA) {
      // Metadata and edition accounts are allocated at their largest size; what the layout does not
      // read must be the zeros the program left.
      assert.ok(
        bytes.subarray(end).every((b) => b === 0),
        `${addr}: non-zero bytes after the layout ends at ${end}`,
      );
    } else if (owner === MPL_CORE) {
      const start = pluginSectionStart(addr, e);
      if (start !== null) assert.equal(end, start, `${addr}: the base ends at ${end}, DAS's first plugin implies ${start}`);
      else if (statedWithoutPlugins(addr, e)) assert.equal(end, bytes.length, `${addr}: no plugins, yet bytes follow the base`);
    } else {
      assert.fail(`${addr}: owner ${owner} is neither Token Metadata nor MPL Core`);
    }
  });
}

test('das: every account decoded and every DAS value compared was equal', (t) => {
  const accounts = Object.keys(expected).length;
  // The per-account tests run first, in file order; this one only sums what they compared.
  assert.equal(tally.accounts, accounts);
  assert.equal(tally.decoded, accounts);
  assert.equal(tally.equal, tally.compared);
  assert.ok(tally.compared > accounts, `only ${tally.compared} values compared`);
  const programs = [...tally.byProgram].map(([p, n]) => `${p.slice(0, 8)}…: ${n.accounts} accounts, ${n.compared} values`).join('; ');
  t.diagnostic(`${accounts} accounts, ${tally.decoded} decoded; ${tally.compared} DAS values compared, ${tally.equal} equal (${programs})`);
});

/**
 * The plugins are read only when every part reads, to the account's last byte; otherwise the
 * account goes out with its base fields, as it did before plugins were read, and nothing throws.
 */
test('das: a Core account whose plugins do not read goes out with its base fields', () => {
  const withPlugins = Object.keys(expected)
    .map(readFixture)
    .filter((f) => f.owner === MPL_CORE && decodeAccountData(f.owner, f.bytes, registry)?.value.plugins !== undefined);
  assert.ok(withPlugins.length >= 30, `${withPlugins.length} accounts with plugins`);
  const [program] = registry.versions(MPL_CORE);
  let random = 1;
  const next = () => (random = (random * 1103515245 + 12345) % 2 ** 31);
  for (const { address: addr, bytes } of withPlugins) {
    const base = program.decodeAccount(bytes)!;
    const damaged = [
      // The header points past the end.
      Buffer.concat([bytes.subarray(0, base.end + 1), Buffer.from([255, 255, 0, 0, 0, 0, 0, 0]), bytes.subarray(base.end + 9)]),
      // The registry lost its last byte.
      bytes.subarray(0, bytes.length - 1),
      // Noise after the base.
      Buffer.concat([bytes.subarray(0, base.end), Buffer.from(Array.from({ length: bytes.length - base.end }, () => next() & 255))]),
    ];
    for (const data of damaged) {
      const decoded = decodeAccountData(MPL_CORE, data, registry);
      assert.ok(decoded, `${addr}: the base still decodes`);
      assert.deepEqual(decoded.value, base.value, `${addr}: base fields only`);
    }
  }
});

/**
 * A second opinion on the plugin pieces (issue #13's borsh check, here for the types read at an
 * offset rather than as an account): @coral-xyz/borsh layouts built from the same description read
 * the header, the registry, each plugin and each external adapter at the offsets the gateway used,
 * and must give the same values, the registry ending at the account's last byte.
 */
test('das: borsh reads every Core plugin piece as the gateway does', (t) => {
  const [program] = registry.versions(MPL_CORE);
  const translator = new BorshTranslator(program.description);
  const named = (name: string) => translator.node({ kind: 'defined', name }, new Map(), false);
  const accountLayout = (name: string) => translator.account(program.description.accounts.find((a) => a.name === name)!);
  let pieces = 0;
  for (const addr of Object.keys(expected)) {
    const { owner, bytes } = readFixture(addr);
    if (owner !== MPL_CORE) continue;
    const value = decodeAccountData(owner, bytes, registry)?.value as Record<string, any> | undefined;
    if (value?.plugins === undefined) continue;
    const base = program.decodeAccount(bytes)!;
    const check = (layout: ReturnType<typeof named>, from: number, ours: unknown, what: string) => {
      const theirs = borshDecode(layout, bytes, from);
      assert.ok('value' in theirs, `${addr}: borsh refuses the ${what} (${'refused' in theirs ? theirs.refused : ''})`);
      assert.deepEqual(ours, theirs.value, `${addr}: the ${what}`);
      pieces++;
      return from + layout.getSpan(Buffer.from(bytes), from);
    };
    // Both header and registry open with their one-byte key, which the account layout reads past.
    check(accountLayout('PluginHeaderV1'), base.end + 1, value.pluginHeader, 'plugin header');
    const registryAt = Number(value.pluginHeader.pluginRegistryOffset);
    assert.equal(check(accountLayout('PluginRegistryV1'), registryAt + 1, value.pluginRegistry, 'plugin registry'), bytes.length);
    value.pluginRegistry.registry.forEach((record: Record<string, any>, i: number) =>
      check(named('Plugin'), Number(record.offset), value.plugins[i], `plugin ${record.pluginType}`),
    );
    value.pluginRegistry.externalRegistry.forEach((record: Record<string, any>, i: number) =>
      check(named('ExternalPluginAdapter'), Number(record.offset), value.externalPlugins[i].adapter, `adapter ${record.pluginType}`),
    );
  }
  assert.ok(pieces >= 100, `${pieces} pieces read both ways`);
  t.diagnostic(`${pieces} plugin pieces read both ways`);
});
