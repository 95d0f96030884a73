/**
 * The generated-source decoders (src/decode/codegen.ts) against the closure decoders
 * (src/decode/compile.ts): the same value, key order and null for every corpus instruction, event
 * and account of every bundled IDL (older versions included), for mutated copies of that data, and
 * for random bytes over a hand-built description that uses every kind of type node.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileProgram, type CompiledProgram } from '../src/decode/compile.js';
import { compileProgramGenerated } from '../src/decode/codegen.js';
import { readIdl, type IdlHints } from '../src/idl/read-idl.js';
import type { Field, ProgramDescription, TypeDef, TypeNode } from '../src/idl/description.js';
import { decodeBase58 } from '../src/codec/base58.js';
import { decodeWireTransaction } from '../src/ledger/wire-transaction.js';
import { bundledIdlDir } from '../src/decode/registry.js';
import { corpusAccountsDir, corpusTransactionsDir } from '../src/paths.js';

// Transaction documents are loosely typed JSON.
type Doc = any;

/** sha256("anchor:event")[..8], the tag of an event emitted through a self-CPI. */
const EVENT_CPI_TAG = Buffer.from('e445a52e51cb9a1d', 'hex');

interface Sample {
  programId: string;
  data: Uint8Array;
}

/** Non-native instruction data of the corpus (top-level and inner) and the events among it. */
function corpus(): { instructions: Sample[]; events: Sample[] } {
  const instructions: Sample[] = [];
  const events: Sample[] = [];
  for (const file of readdirSync(corpusTransactionsDir).sort()) {
    if (!/\.(json|jsonParsed|base64)\.json$/.test(file)) continue;
    const result = JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8'));
    const tx = Array.isArray(result.transaction)
      ? decodeWireTransaction(Buffer.from(result.transaction[0], 'base64')).transaction
      : result.transaction;
    const keys: string[] = tx.message.accountKeys.map((k: Doc) => (typeof k === 'string' ? k : k.pubkey));
    const loaded = result.meta?.loadedAddresses;
    if (loaded) keys.push(...loaded.writable, ...loaded.readonly);
    const all: Doc[] = [...tx.message.instructions, ...(result.meta?.innerInstructions ?? []).flatMap((inner: Doc) => inner.instructions)];
    for (const ix of all) {
      if (ix.parsed !== undefined) continue;
      const programId: string | undefined = ix.programId ?? keys[ix.programIdIndex];
      const data = decodeBase58(ix.data);
      if (programId === undefined || data === null) continue;
      instructions.push({ programId, data });
      if (data.length >= 8 && EVENT_CPI_TAG.equals(data.subarray(0, 8))) events.push({ programId, data: data.subarray(8) });
    }
  }
  return { instructions, events };
}

/** Every bundled IDL file, older versions included, by program id. */
function bundledPrograms(): Map<string, { file: string; description: ProgramDescription }[]> {
  const hints: Record<string, IdlHints> = JSON.parse(readFileSync(join(bundledIdlDir, 'hints.json'), 'utf8'));
  const byId = new Map<string, { file: string; description: ProgramDescription }[]>();
  for (const file of readdirSync(bundledIdlDir).sort()) {
    const m = /^([1-9A-HJ-NP-Za-km-z]{32,44})(@.*)?\.json$/.exec(file);
    if (m === null) continue;
    let description: ProgramDescription;
    try {
      description = readIdl(JSON.parse(readFileSync(join(bundledIdlDir, file), 'utf8')), { address: m[1], ...hints[file] });
    } catch {
      continue;
    }
    byId.set(m[1], [...(byId.get(m[1]) ?? []), { file, description }]);
  }
  return byId;
}

/** Text of a decoded value that, unlike deepStrictEqual, also tells key order and -0 apart. */
function shape(v: unknown): string {
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'number' && Object.is(v, -0)) return '-0';
    return typeof v === 'string' ? JSON.stringify(v) : `${typeof v}:${String(v)}`;
  }
  if (Array.isArray(v)) return `[${v.map(shape).join(',')}]`;
  return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${shape((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

type Kind = 'instruction' | 'account' | 'event';

function decoded(p: CompiledProgram, kind: Kind, data: Uint8Array): { name: string; value: unknown } | null {
  if (kind === 'instruction') {
    const r = p.decodeInstruction(data);
    return r && { name: r.instruction.name, value: r.args };
  }
  if (kind === 'account') {
    const r = p.decodeAccount(data);
    return r && { name: r.account.name, value: r.value };
  }
  const r = p.decodeEvent(data);
  return r && { name: r.event.name, value: r.value };
}

/** A pair of compiled programs over one description; `check` compares one decode and counts hits. */
class Pair {
  readonly closures: CompiledProgram;
  readonly generated: CompiledProgram;
  decodedCount = 0;
  checked = 0;

  constructor(
    readonly label: string,
    description: ProgramDescription,
  ) {
    this.closures = compileProgram(description);
    this.generated = compileProgramGenerated(description);
  }

  check(kind: Kind, data: Uint8Array, what: string): void {
    const expected = decoded(this.closures, kind, data);
    const got = decoded(this.generated, kind, data);
    this.checked++;
    const where = `${this.label} ${kind} ${what} ${Buffer.from(data).toString('hex').slice(0, 160)}`;
    if (expected === null || got === null) {
      assert.equal(got === null ? null : got.name, expected === null ? null : expected.name, where);
      return;
    }
    this.decodedCount++;
    assert.equal(got.name, expected.name, where);
    assert.deepStrictEqual(got.value, expected.value, where);
    assert.equal(shape(got.value), shape(expected.value), `${where}: key order`);
  }
}

/** Seeded so that a failure reproduces. */
function randomSource(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}

/** Truncated, extended and bit-flipped copies of real data, keeping its discriminator mostly intact. */
function mutations(data: Uint8Array, random: (n: number) => number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const step = data.length <= 96 ? 1 : Math.ceil(data.length / 48);
  for (let n = 0; n < data.length; n += step) out.push(data.subarray(0, n));
  for (let n = Math.max(0, data.length - 8); n < data.length; n++) out.push(data.subarray(0, n));
  for (const extra of [1, 3, 8, 33]) {
    const longer = new Uint8Array(data.length + extra);
    longer.set(data);
    for (let i = data.length; i < longer.length; i++) longer[i] = random(4) === 0 ? random(256) : random(3);
    out.push(longer);
  }
  for (let k = 0; k < 24; k++) {
    const flipped = Uint8Array.from(data);
    for (let flips = 1 + random(3); flips > 0 && flipped.length > 0; flips--) {
      const at = random(flipped.length);
      flipped[at] ^= 1 << random(8);
    }
    out.push(flipped);
  }
  return out;
}

test('corpus instructions, events and accounts decode the same with generated code as with closures', () => {
  const programs = bundledPrograms();
  const { instructions, events } = corpus();
  const accounts = readdirSync(corpusAccountsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(corpusAccountsDir, f), 'utf8')) as Doc);
  const random = randomSource(20240601);
  const pairs: Pair[] = [];
  let real = 0;
  let mutated = 0;
  for (const [programId, files] of programs) {
    const ixs = instructions.filter((s) => s.programId === programId);
    const evs = events.filter((s) => s.programId === programId);
    const accs = accounts.filter((a) => a.owner === programId).map((a) => Buffer.from(a.data[0], 'base64'));
    if (ixs.length + evs.length + accs.length === 0) continue;
    for (const { file, description } of files) {
      const pair = new Pair(file, description);
      pairs.push(pair);
      const all: [Kind, Uint8Array[]][] = [
        ['instruction', ixs.map((s) => s.data)],
        ['event', evs.map((s) => s.data)],
        ['account', accs],
      ];
      for (const [kind, samples] of all) {
        samples.forEach((data, i) => {
          pair.check(kind, data, `#${i}`);
          real++;
        });
        samples.forEach((data, i) => {
          for (const m of mutations(data, random)) {
            pair.check(kind, m, `#${i} mutated`);
            mutated++;
          }
        });
      }
    }
  }
  const decodedReal = pairs.reduce((n, p) => n + p.decodedCount, 0);
  console.log(`codegen parity: ${pairs.length} IDL files, ${real} real and ${mutated} mutated inputs, ${decodedReal} decoded by both`);
  assert.ok(real > 1000, 'the corpus exercises a good share of the decoders');
  assert.ok(decodedReal > 1000);
});

// ---- Every node kind, over random bytes ----

const u8: TypeNode = { kind: 'int', bytes: 1, signed: false };
const u16: TypeNode = { kind: 'int', bytes: 2, signed: false };
const u32: TypeNode = { kind: 'int', bytes: 4, signed: false };
const u64: TypeNode = { kind: 'int', bytes: 8, signed: false };
const i8: TypeNode = { kind: 'int', bytes: 1, signed: true };
const i64: TypeNode = { kind: 'int', bytes: 8, signed: true };
const pubkey: TypeNode = { kind: 'pubkey' };
const prefix4 = { kind: 'prefix', bytes: 4 } as const;
const defined = (name: string, args?: (TypeNode | number)[]): TypeNode => ({ kind: 'defined', name, args });
const fields = (...types: TypeNode[]): Field[] => types.map((type, i) => ({ name: `field_${i}`, type }));
const borsh = (name: string, type: TypeNode, generics?: TypeDef['generics']): TypeDef => ({ name, type, serialization: 'borsh', generics });

const allKinds: TypeNode[] = [
  { kind: 'int', bytes: 2, signed: true },
  { kind: 'int', bytes: 4, signed: true },
  i8,
  i64,
  { kind: 'int', bytes: 16, signed: false },
  { kind: 'int', bytes: 16, signed: true },
  { kind: 'int', bytes: 32, signed: false },
  { kind: 'int', bytes: 32, signed: true },
  { kind: 'shortU16' },
  { kind: 'float', bytes: 4 },
  { kind: 'float', bytes: 8 },
  { kind: 'bool' },
  { kind: 'bool', bytes: 3 },
  pubkey,
  { kind: 'string', size: { kind: 'prefix', bytes: 1 } },
  { kind: 'string', size: { kind: 'fixed', bytes: 5 }, encoding: 'utf8' },
  { kind: 'string', size: { kind: 'fixed', bytes: 4 }, encoding: 'base16' },
  { kind: 'string', size: { kind: 'prefix', bytes: 2 }, encoding: 'base58' },
  { kind: 'string', size: { kind: 'prefix', bytes: 8 }, encoding: 'base64' },
  { kind: 'bytes', size: { kind: 'prefix', bytes: 1 } },
  { kind: 'bytes', size: { kind: 'fixed', bytes: 3 } },
  { kind: 'option', item: u16, tag: 1, fixed: false },
  { kind: 'option', item: pubkey, tag: 4, fixed: true },
  { kind: 'option', item: { kind: 'tuple', items: [] }, tag: 1, fixed: false },
  { kind: 'option', item: { kind: 'vec', item: u8, size: prefix4 }, tag: 4, fixed: true },
  { kind: 'zeroableOption', item: u32 },
  { kind: 'zeroableOption', item: { kind: 'string', size: prefix4 } },
  { kind: 'vec', item: u16, size: { kind: 'prefix', bytes: 1 } },
  { kind: 'vec', item: u8, size: { kind: 'prefix', bytes: 2 } },
  { kind: 'vec', item: { kind: 'option', item: u8, tag: 1, fixed: false }, size: { kind: 'prefix', bytes: 1 } },
  { kind: 'vec', item: { kind: 'tuple', items: [] }, size: { kind: 'prefix', bytes: 1 } },
  { kind: 'vec', item: u16, size: { kind: 'fixed', bytes: 2 } },
  { kind: 'array', item: i8, length: 3 },
  { kind: 'array', item: u16, length: 12 },
  { kind: 'array', item: { kind: 'tuple', items: [] }, length: 4 },
  { kind: 'array', item: { kind: 'string', size: { kind: 'prefix', bytes: 1 } }, length: 2 },
  { kind: 'tuple', items: [u8, { kind: 'bool' }] },
  {
    kind: 'enum',
    tag: 1,
    variants: [
      { name: 'Unit', value: 0 },
      { name: 'Struct', value: 1, fields: fields(u8, { kind: 'vec', item: u8, size: { kind: 'prefix', bytes: 1 } }) },
      { name: 'One', value: 2, tuple: [u16] },
      { name: 'Many', value: 3, tuple: [u8, i8] },
      { name: '__proto__', value: 4, tuple: [u8] },
      { name: 'Duplicate', value: 1 },
      { name: 'Sparse', value: 200 },
      { name: 'Empty', value: 5, fields: [] },
    ],
  },
  { kind: 'enum', tag: 2, variants: [{ name: 'A', value: 0, tuple: [u16] }, { name: 'B', value: 1, tuple: [i8, i8] }] },
  { kind: 'enum', tag: 4, variants: [{ name: 'Big', value: 70000 }, { name: 'Zero', value: 0 }] },
  { kind: 'map', key: u8, value: u16, size: { kind: 'prefix', bytes: 1 } },
  { kind: 'map', key: { kind: 'string', size: { kind: 'prefix', bytes: 1 } }, value: u8, size: { kind: 'fixed', bytes: 2 } },
  { kind: 'map', key: { kind: 'tuple', items: [u8, u8] }, value: { kind: 'bool' }, size: { kind: 'prefix', bytes: 1 } },
  { kind: 'fixedSize', item: { kind: 'string', size: { kind: 'remainder' } }, bytes: 6 },
  { kind: 'fixedSize', item: u16, bytes: 4 },
  { kind: 'fixedSize', item: u64, bytes: 4 },
  { kind: 'hiddenPrefix', prefix: Uint8Array.of(1, 2), item: u8 },
  { kind: 'hiddenPrefix', prefix: Uint8Array.of(0), item: { kind: 'vec', item: u8, size: { kind: 'prefix', bytes: 1 } } },
  defined('Pair', [u8, 2]),
  defined('Pair', [{ kind: 'option', item: u16, tag: 1, fixed: false }, 1]),
  defined('List'),
  defined('Newtype'),
  defined('Padded'),
  defined('Packed'),
  defined('Aligned'),
  defined('ZeroCopyVariable'),
  defined('ZeroCopyEnum'),
  defined('Missing'),
];

const types: TypeDef[] = [
  borsh('Pair', { kind: 'struct', fields: [{ name: 'first', type: { kind: 'generic', name: 'T' } }, { name: 'rest', type: { kind: 'array', item: { kind: 'generic', name: 'T' }, length: { generic: 'N' } } }] }, [
    { name: 'T', kind: 'type' },
    { name: 'N', kind: 'const' },
  ]),
  borsh('List', { kind: 'struct', fields: [{ name: 'head', type: u8 }, { name: 'tail', type: { kind: 'option', item: defined('List'), tag: 1, fixed: false } }] }),
  borsh('Newtype', { kind: 'tuple', items: [u32] }),
  { name: 'Padded', type: { kind: 'struct', fields: fields(u8, u64, u16, { kind: 'array', item: u8, length: 3 }) }, serialization: 'bytemuck', repr: { kind: 'c' } },
  { name: 'Packed', type: { kind: 'struct', fields: fields(u8, u64) }, serialization: 'bytemuck', repr: { kind: 'c', packed: true } },
  { name: 'Aligned', type: { kind: 'struct', fields: fields(u8, defined('Packed'), u16) }, serialization: 'bytemuck', repr: { kind: 'c', align: 8 } },
  { name: 'ZeroCopyVariable', type: { kind: 'struct', fields: fields(u8, { kind: 'shortU16' }, u32, u8) }, serialization: 'bytemuck' },
  { name: 'ZeroCopyEnum', type: { kind: 'enum', tag: 1, variants: [{ name: 'A', value: 0, fields: fields(u8, u32) }, { name: 'B', value: 1, tuple: [u16, u8, u8, u8] }] }, serialization: 'bytemuck' },
];

function kindsProgram(): ProgramDescription {
  return {
    address: '11111111111111111111111111111111',
    name: 'kinds',
    dialect: 'hand-written',
    instructions: [
      ...allKinds.map((type, i) => ({ name: `one${i}`, discriminator: Uint8Array.of(i), accounts: [], args: fields(type, u8) })),
      { name: 'everything', discriminator: Uint8Array.of(250, 1), accounts: [], args: fields(...allKinds.filter((t) => t.kind !== 'defined' || t.name !== 'Missing')) },
      { name: 'remainders', discriminator: Uint8Array.of(251), accounts: [], args: fields(u8, { kind: 'remainderOption', item: u16 }) },
      { name: 'restVec', discriminator: Uint8Array.of(252), accounts: [], args: fields(u8, { kind: 'vec', item: { kind: 'option', item: u8, tag: 1, fixed: false }, size: { kind: 'remainder' } }) },
      { name: 'restZeroVec', discriminator: Uint8Array.of(253), accounts: [], args: fields({ kind: 'vec', item: { kind: 'tuple', items: [] }, size: { kind: 'remainder' } }) },
      { name: 'restMap', discriminator: Uint8Array.of(254), accounts: [], args: fields({ kind: 'map', key: u8, value: { kind: 'string', size: { kind: 'prefix', bytes: 1 } }, size: { kind: 'remainder' } }) },
      { name: 'restText', discriminator: Uint8Array.of(255), accounts: [], args: fields(u16, { kind: 'string', size: { kind: 'remainder' } }) },
      { name: 'unmarked', discriminator: new Uint8Array(0), accounts: [], args: fields(u16, u16) },
    ],
    accounts: [
      { name: 'Padded', discriminator: Uint8Array.of(9, 9), type: defined('Padded'), serialization: 'bytemuck', repr: { kind: 'c' } },
      { name: 'Inline', discriminator: Uint8Array.of(8), type: { kind: 'struct', fields: fields(u8, u32, defined('ZeroCopyEnum')) }, serialization: 'bytemuck', repr: { kind: 'c', align: 16 } },
      { name: 'BySize', discriminator: new Uint8Array(0), size: 6, type: { kind: 'struct', fields: fields(u16, u32) }, serialization: 'borsh' },
    ],
    events: [{ name: 'Event', discriminator: Uint8Array.of(7, 7, 7), type: defined('List') }],
    errors: [],
    types: new Map(types.map((t) => [t.name, t])),
  };
}

test('every node kind decodes the same over random bytes', () => {
  const pair = new Pair('kinds', kindsProgram());
  const random = randomSource(7);
  // Mostly small byte values, so that tags, counts and options take their decodable paths.
  let zeros = false;
  const byte = () => (zeros && random(4) !== 0 ? 0 : random(3) === 0 ? random(256) : random(3));
  const prefixes = [...allKinds.map((_, i) => [i]), [250, 1], [251], [252], [253], [254], [255], [9, 9], [8], [7, 7, 7], []];
  for (let round = 0; round < 400; round++) {
    zeros = round % 3 === 0;
    for (const prefix of prefixes) {
      const data = new Uint8Array(prefix.length + random(round < 200 ? 24 : 160));
      data.set(prefix);
      for (let i = prefix.length; i < data.length; i++) data[i] = byte();
      pair.check('instruction', data, `round ${round}`);
      pair.check('account', data, `round ${round}`);
      pair.check('event', data, `round ${round}`);
    }
  }
  // List { head: u8, tail: Option<List> } nested `depth` deep.
  const list = (depth: number) => Uint8Array.from([7, 7, 7, ...Array.from({ length: depth }, () => [0, 1]).flat(), 0, 0]);
  pair.check('event', list(100), 'recursion within the depth bound');
  pair.check('event', list(300), 'recursion beyond the depth bound');
  assert.notEqual(pair.generated.decodeEvent(list(100)), null);
  assert.equal(pair.generated.decodeEvent(list(300)), null);
  console.log(`codegen parity on every node kind: ${pair.checked} inputs, ${pair.decodedCount} decoded by both`);
  assert.ok(pair.decodedCount > 5000);
});

test('names from the IDL never become source: hostile names decode as data', () => {
  const hostile = ['"]; throw 1; //', "'+process.exit(1)+'", '${process.exit(1)}', '\\u0022', '__proto__', 'constructor', '*/ return 1 /*'];
  const description: ProgramDescription = {
    ...kindsProgram(),
    instructions: [
      {
        name: hostile[0],
        discriminator: Uint8Array.of(1),
        accounts: [],
        args: hostile.map((name, i) => ({
          name,
          type: i % 2 === 0 ? u8 : { kind: 'enum', tag: 1, variants: hostile.map((v, value) => ({ name: v, value, tuple: value % 2 === 0 ? [u8] : undefined })) },
        })),
      },
    ],
  };
  const pair = new Pair('hostile', description);
  const random = randomSource(3);
  for (let round = 0; round < 500; round++) {
    const data = Uint8Array.from({ length: 1 + random(20) }, (_, i) => (i === 0 ? 1 : random(8)));
    pair.check('instruction', data, `round ${round}`);
  }
  assert.ok(pair.decodedCount > 50);
});
