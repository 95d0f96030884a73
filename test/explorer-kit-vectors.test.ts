/**
 * solana-fm/explorer-kit's instruction and event vectors (test/fixtures/explorer-kit/, data taken
 * out of its translator's tests; README.md there): the instruction data (base58), the accounts
 * and the "Program data:" event payloads (base64) its tests parse, decoded here with the bundled
 * descriptions and compared with what explorer-kit, an independent decoder, asserts about them:
 *
 * - the instruction or event name, both in camelCase (explorer-kit keeps its IDLs' spelling:
 *   `create_mint_account`, `swapBaseIn`, `SwapEvent`);
 * - the argument values it asserts. It writes 64-bit integers as text, as we do; every value is
 *   compared as text. With type mapping on, explorer-kit wraps each value as `{type, data}`, so its
 *   `args.data.name` is the field `args.name` (the fixture stores the field's path);
 * - the argument types it asserts (`u64`, `u8`, `publicKey`), against the type our description
 *   reads the field as;
 * - the accounts it names, and the accounts it says are left out.
 *
 * Where the two differ, the program's source or IDL decided. A name or value explorer-kit gives
 * under another convention is mapped in `differs` with the reason; one we had wrong was fixed
 * (idls/MANIFEST.tsv) and its vector stays here unmapped.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { decodeInstructionEntry } from '../src/enhance/instruction-entry.js';
import { nodeParsedInstructionPrograms } from '../src/transaction-result/node-parsed.js';
import { parsedInstruction, type ParsedInstruction } from '../src/enhance/instruction-info.js';
import { decodeBase58 } from '../src/codec/base58.js';
import { camelCase } from '../src/decode/names.js';
import type { TypeNode } from '../src/idl/description.js';
import { projectRoot } from '../src/paths.js';
import { asText, type Check } from './support/vectors.js';

const fixtureDir = join(projectRoot, 'test', 'fixtures', 'explorer-kit');
const registry = loadBundledRegistry();

interface Expected {
  name: string;
  /** Field path (dotted, explorer-kit's spelling) → value. */
  values?: Record<string, unknown>;
  /** Field → explorer-kit's type name. */
  types?: Record<string, string>;
  /** Account name → address. */
  accounts?: Record<string, string>;
  /** Fields explorer-kit says are absent. */
  undefined?: string[];
  /** explorer-kit decodes nothing of the data, only names it. */
  dataNull?: boolean;
}

interface Vector {
  source: string;
  programId: string;
  slot?: number;
  data?: string;
  dataBase64?: string;
  accounts?: string[];
  expected: Expected;
}

interface Fixture {
  commit: string;
  vectors: Vector[];
}

/** What we decode: the entry's `parsed`, and the description's types of its fields. */
interface Ours {
  type: string;
  info: Record<string, unknown>;
  fieldTypes: Map<string, TypeNode>;
  /** The instruction's discriminator (events aside). */
  discriminator?: Uint8Array;
  /** Whether the description read the data to its last byte. */
  exact: boolean;
  /** The entry carries an Anchor event (an event-CPI instruction, or a logged event). */
  event: boolean;
}

interface Differs {
  /** Our name, where explorer-kit's IDL names it otherwise, or a test our name must pass. */
  name?: string | ((ours: Ours) => boolean);
  /** explorer-kit's field → ours. */
  values?: Record<string, string>;
  types?: Record<string, string>;
  /** explorer-kit's account → ours; null where we do not render it (the comment says why). */
  accounts?: Record<string, string | null>;
  /** We decode the data explorer-kit leaves undecoded: the check is that ours decodes it exactly. */
  dataDecoded?: true;
  /** The data stops between two fields, as the program accepts (the comment says where). */
  endsEarly?: true;
}

/** An event-CPI entry must carry one of the program's IDL events, read exactly. */
const isIdlEvent = (programId: string) => (ours: Ours) =>
  ours.event && ours.exact && registry.versions(programId).some((v) => v.description.events.some((e) => e.name === ours.type));

const JUP6 = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';

// Keyed by the source line of explorer-kit's test (its `it(`).
const differs: Record<string, Differs> = {
  // The node parses the System program itself; its bundled description (the official Codama IDL,
  // solana-program/system) names the variant transferSol and its argument amount, where the Rust
  // enum (SystemInstruction::Transfer { lamports }) and explorer-kit say transfer and lamports.
  // Carbon's System decoder uses the Codama names too (test/instruction-vectors.test.ts).
  'instruction.test.ts:51': { name: 'transferSol' },
  'instruction.test.ts:213': { name: 'transferSol', types: { lamports: 'amount' } },
  // SystemInstruction::CreateAccountWithSeed { lamports }: Codama's amount, as above.
  'instruction.test.ts:69': { values: { lamports: 'amount' } },
  // SPL Memo has no instruction enum: the whole data is the memo. The official Codama IDL calls the
  // one instruction addMemo, explorer-kit's createMemo; the node renders memos itself.
  'instruction.test.ts:104': { name: 'addMemo' },
  // Raydium AMM v4 swaps take 17 or 18 accounts, the 18-account form with target orders 4th
  // (hints.json omittedAccounts); ours names that account ammTargetOrdersDeprecated (the Codama IDL),
  // left out here and rendered as null, where explorer-kit omits its ammTargetOrders.
  'instruction.test.ts:234': {},
  // Phoenix's instructions start with a u8 tag that explorer-kit shows as a `discriminator` field;
  // ours consumes it as the instruction's discriminator (one byte, checked below) and shows no field.
  // The order packet ends after use_only_deposited_funds, without the last_valid_slot and
  // last_valid_unix_timestamp_in_seconds options that later clients append: Phoenix's
  // decode_order_packet still takes that older packet, and ours leaves the two fields out.
  'instruction.test.ts:273': { types: { discriminator: '(discriminator)' }, endsEarly: true },
  // An Anchor event-CPI instruction: explorer-kit names it "Anchor Self-CPI Log" and decodes nothing;
  // we render the event it carries (README: type the event's name, info its fields), so the name
  // must be one of Jupiter's IDL events and the data must read exactly as it. The one account, the
  // event authority PDA, is not rendered: an event entry's info holds the event's fields only.
  'instruction.test.ts:307': { name: isIdlEvent(JUP6), dataDecoded: true },
  'instruction.test.ts:326': { name: isIdlEvent(JUP6), accounts: { logAuthority: null } },
};

/** Programs whose account the instruction names must hold it, whichever decoder names it. */
const wellKnown: Record<string, string[]> = {
  systemProgram: ['11111111111111111111111111111111'],
  rent: ['SysvarRent111111111111111111111111111111111'],
  associatedTokenProgram: ['ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'],
  tokenProgram: ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'],
};

/** explorer-kit's type names, as our descriptions spell those types. */
const ekTypes: Record<string, TypeNode> = {
  u8: { kind: 'int', bytes: 1, signed: false },
  u64: { kind: 'int', bytes: 8, signed: false },
  publicKey: { kind: 'pubkey' },
};

function readFixture(file: string): Fixture {
  return JSON.parse(readFileSync(join(fixtureDir, file), 'utf8')) as Fixture;
}

const key = (v: Vector) => v.source.slice(v.source.lastIndexOf('/') + 1);

function fieldsOf(type: TypeNode): Map<string, TypeNode> {
  return new Map(type.kind === 'struct' ? type.fields.map((f) => [camelCase(f.name), f.type]) : []);
}

const anchorEventTag = [0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d];

function decodeInstructionVector(v: Vector): Ours | null {
  const bytes = decodeBase58(v.data ?? '');
  assert.ok(bytes, `${v.source}: base58`);
  const accounts = v.accounts ?? [];
  const versions = registry.versions(v.programId, v.slot);
  if (anchorEventTag.every((b, i) => bytes[i] === b)) {
    const entry = decodeInstructionEntry(v.programId, v.data, accounts, registry, v.slot);
    if (!entry) return null;
    const event = versions.map((p) => p.decodeEvent(bytes.subarray(8))).find((e) => e?.event.name === entry.parsed.type);
    if (!event) return null;
    return { ...entry.parsed, fieldTypes: fieldsOf(event.event.type), exact: event.exact, event: true };
  }
  // The node parses System and Memo itself, so the gateway leaves their entries alone; their bundled
  // descriptions are read the way decodeInstructionEntry reads any other program's.
  let parsed: ParsedInstruction | null;
  if (nodeParsedInstructionPrograms.has(v.programId)) {
    assert.equal(decodeInstructionEntry(v.programId, v.data, accounts, registry, v.slot), null);
    const decoded = versions.map((p) => p.decodeInstruction(bytes)).find((d) => d !== null);
    parsed = decoded ? parsedInstruction(decoded, accounts, v.programId) : null;
  } else {
    parsed = decodeInstructionEntry(v.programId, v.data, accounts, registry, v.slot)?.parsed ?? null;
  }
  if (!parsed) return null;
  // The version the entry was rendered from: the one whose decode renders the same.
  const decoded = versions
    .map((p) => p.decodeInstruction(bytes))
    .find((d) => d !== null && isDeepStrictEqual(parsedInstruction(d, accounts, v.programId), parsed));
  assert.ok(decoded, `${v.source}: the version rendered`);
  const fieldTypes = new Map(decoded.instruction.args.map((a) => [camelCase(a.name), a.type]));
  return { ...parsed, fieldTypes, discriminator: decoded.instruction.discriminator, exact: decoded.exact, event: false };
}

function decodeEventVector(v: Vector): Ours | null {
  // A "Program data:" line: the gateway leaves logs as the node gives them, so the description's
  // event layout is checked on the bytes directly, as test/vixen-vectors.test.ts does.
  const bytes = Buffer.from(v.dataBase64 ?? '', 'base64');
  const event = registry
    .versions(v.programId, v.slot)
    .map((p) => p.decodeEvent(bytes))
    .find((e) => e?.exact);
  if (!event) return null;
  return { type: event.event.name, info: event.value, fieldTypes: fieldsOf(event.event.type), exact: true, event: true };
}

const at = (info: unknown, path: string) =>
  path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[camelCase(k)], info);

function compare(v: Vector, ours: Ours): Check[] {
  const want = v.expected;
  const d = differs[key(v)] ?? {};
  const checks: Check[] = [];
  const ekName = camelCase(want.name);
  const nameOk = typeof d.name === 'function' ? d.name(ours) : camelCase(ours.type) === camelCase(d.name ?? ekName);
  checks.push({ what: 'name', theirs: want.name, ours: ours.type, raw: camelCase(ours.type) === ekName, ok: nameOk });
  for (const [path, value] of Object.entries(want.values ?? {})) {
    const mapped = d.values?.[path] ?? path;
    const equal = (p: string) => isDeepStrictEqual(asText(at(ours.info, p)), asText(value));
    checks.push({ what: `value ${path}`, theirs: value, ours: at(ours.info, mapped), raw: equal(path), ok: equal(mapped) });
  }
  for (const [field, ekType] of Object.entries(want.types ?? {})) {
    const mapped = d.types?.[field] ?? field;
    const typeOf = (f: string) => ours.fieldTypes.get(camelCase(f));
    const ok =
      mapped === '(discriminator)'
        ? ekType === 'u8' && ours.discriminator?.length === 1 && decodeBase58(v.data ?? '')?.[0] === ours.discriminator[0]
        : isDeepStrictEqual(typeOf(mapped), ekTypes[ekType]);
    checks.push({
      what: `type ${field}`,
      theirs: ekType,
      ours: typeOf(mapped) ?? mapped,
      raw: isDeepStrictEqual(typeOf(field), ekTypes[ekType]),
      ok,
    });
  }
  for (const [name, address] of Object.entries(want.accounts ?? {})) {
    const mapped = d.accounts?.[name];
    const ok = mapped === null ? at(ours.info, name) === undefined : at(ours.info, mapped ?? name) === address;
    checks.push({
      what: `account ${name}`,
      theirs: address,
      ours: at(ours.info, mapped ?? name),
      raw: at(ours.info, name) === address,
      ok,
    });
  }
  for (const path of want.undefined ?? []) {
    const absent = at(ours.info, path) === undefined;
    checks.push({ what: `absent ${path}`, theirs: undefined, ours: at(ours.info, path), raw: absent, ok: absent });
  }
  if (want.dataNull) {
    // explorer-kit decodes nothing here; ours must at least read the data exactly as the event it is.
    const none = Object.keys(ours.info).length === 0;
    checks.push({ what: 'data null', theirs: null, ours: ours.info, raw: none, ok: d.dataDecoded ? ours.exact : none });
  }
  return checks;
}

/**
 * Not explorer-kit's assertion but the vectors' own: every account we name after a well-known
 * program holds that program, and the data reads to its last byte as explorer-kit's did (it decodes
 * each vector in full). Decoding WNS with its rent-less IDL put the rent sysvar under
 * associatedTokenProgram; decoding the 5-byte compute-unit request with the 9-byte layout left it short.
 */
function consistency(v: Vector, ours: Ours): Check[] {
  const ok = ours.exact || differs[key(v)]?.endsEarly === true;
  const checks: Check[] = [{ what: 'read exactly', theirs: true, ours: ours.exact, raw: ours.exact, ok }];
  if (v.accounts === undefined) return checks;
  for (const [name, addresses] of Object.entries(wellKnown)) {
    if (!(name in ours.info)) continue;
    const ok = addresses.includes(ours.info[name] as string);
    checks.push({ what: `program account ${name}`, theirs: addresses, ours: ours.info[name], raw: ok, ok });
  }
  return checks;
}

const sources = [
  { file: 'instruction.test.json', decode: decodeInstructionVector },
  { file: 'event.test.json', decode: decodeEventVector },
];

const results: { program: string; source: string; checks: Check[] }[] = [];
const unbundled: Vector[] = [];

for (const { file, decode } of sources) {
  for (const v of readFixture(file).vectors) {
    if (registry.versions(v.programId).length === 0) {
      unbundled.push(v);
      continue;
    }
    test(`explorer-kit vector ${key(v)} (${v.programId}) decodes as ${v.expected.name}`, () => {
      const ours = decode(v);
      assert.ok(ours, `${v.source}: not decoded`);
      const checks = [...compare(v, ours), ...consistency(v, ours)];
      results.push({ program: v.programId, source: key(v), checks });
      assert.deepEqual(
        checks.filter((c) => !c.ok),
        [],
        `${v.source}: disagrees with explorer-kit`,
      );
    });
  }
}

test('the 5-byte compute-unit request answers under the name the newest Compute Budget IDL gives the program', () => {
  // Its layout comes from explorer-kit's historical IDL, which spells the program ComputeBudget
  // (idls/hints.json).
  const v = readFixture('instruction.test.json').vectors.find((x) => key(x) === 'instruction.test.ts:172');
  assert.ok(v);
  const entry = decodeInstructionEntry(v.programId, v.data, [], registry, v.slot);
  assert.equal(entry?.name, registry.get(v.programId)?.description.name);
});

test('explorer-kit vectors of programs we do not bundle', (t) => {
  // The Config program (its `store`): no IDL bundled, so its entries stay as the node gives them.
  assert.deepEqual(
    unbundled.map((v) => v.programId),
    ['Config1111111111111111111111111111111111111'],
  );
  for (const v of unbundled) t.diagnostic(`${key(v)}: ${v.programId} not bundled, ${v.expected.name} not checked`);
});

test('agreement with explorer-kit over all vectors', (t) => {
  const kinds: Record<string, (c: Check) => boolean> = {
    names: (c) => c.what === 'name',
    values: (c) => c.what.startsWith('value') || c.what.startsWith('absent') || c.what === 'data null',
    types: (c) => c.what.startsWith('type'),
    accounts: (c) => c.what.startsWith('account'),
    consistency: (c) => c.what === 'read exactly' || c.what.startsWith('program account'),
  };
  const byProgram = new Map<string, Check[]>();
  for (const r of results) byProgram.set(r.program, [...(byProgram.get(r.program) ?? []), ...r.checks]);
  for (const [program, checks] of byProgram) {
    const parts = Object.entries(kinds)
      .map(([kind, is]) => {
        const of = checks.filter(is);
        return of.length === 0 ? null : `${kind} ${of.filter((c) => c.raw).length}/${of.length}`;
      })
      .filter((p) => p !== null);
    t.diagnostic(`${program}: ${parts.join(', ')} equal as explorer-kit states them`);
  }
  const all = results.flatMap((r) => r.checks.map((c) => ({ source: r.source, ...c })));
  for (const [kind, is] of Object.entries(kinds)) {
    const of = all.filter(is);
    t.diagnostic(
      `${kind}: ${of.filter((c) => c.raw).length}/${of.length} equal as stated, ${of.filter((c) => c.ok).length}/${of.length} with the documented mappings`,
    );
  }
  for (const c of all.filter((c) => !c.raw))
    t.diagnostic(
      `${c.source} ${c.what}: explorer-kit ${JSON.stringify(c.theirs)}, ours ${JSON.stringify(c.ours)}${c.ok ? ' (mapped)' : ''}`,
    );
  assert.equal(all.filter((c) => !c.ok).length, 0);
  assert.equal(results.length, 19);
});
