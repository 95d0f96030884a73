/**
 * Independent check of the IDL reader + decoder compiler against @coral-xyz/anchor's BorshCoder on
 * real mainnet data: every instruction, event and account of the corpus that belongs to a program
 * with an Anchor IDL is decoded by both, and Anchor's values are converted to the gateway's output
 * conventions by a type-directed converter written here (not by the code under test).
 *
 * Anchor 0.32 only reads the 0.30+ IDL format. Legacy IDLs are converted here the way Anchor's own
 * pre-0.30 client derived what the new format writes out: discriminators from sha256 of
 * `global:<snake_case name>`, `account:<Name>`, `event:<Name>`; `publicKey` → `pubkey`; `defined`
 * names wrapped; accounts and events moved into `types`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BorshCoder, BorshInstructionCoder, type Idl } from '@coral-xyz/anchor';
import { convertIdlToCamelCase } from '@coral-xyz/anchor/dist/cjs/idl.js';
import { readIdl } from '../src/idl/read-idl.js';
import { compileProgram, type CompiledProgram } from '../src/decode/compile.js';
import { corpusAccountsDir, projectRoot } from '../src/paths.js';
import { fromLegacy } from './support/anchor-coders.js';
import { corpusInstructionsAndEvents } from './support/corpus.js';

// Anchor IDL documents are loosely typed JSON; `any` keeps the converter readable.
type Doc = any;

const idlDir = join(projectRoot, 'idls');

// ---- Anchor's decoded values → the gateway's output conventions ----

/**
 * Walks the camelCased IDL (whose names Anchor's values carry) next to the IDL as written (whose
 * variant names the gateway keeps), converting BN → decimal string, PublicKey → base58,
 * Buffer → number[], non-finite floats → null, `{variant: {…}}` enums and `{"0": …}` tuples.
 */
class Converter {
  private readonly types = new Map<string, Doc>();
  private readonly written = new Map<string, Doc>();

  constructor(camel: Doc, asWritten: Doc) {
    (camel.types ?? []).forEach((t: Doc, i: number) => {
      this.types.set(t.name, t);
      this.written.set(t.name, asWritten.types[i]);
    });
  }

  typeNamed(name: string): Doc {
    return this.types.get(name);
  }

  value(type: Doc, v: any, env: Map<string, Doc>): unknown {
    if (typeof type === 'string') {
      switch (type) {
        case 'u64':
        case 'i64':
        case 'u128':
        case 'i128':
        case 'u256':
        case 'i256':
          return v.toString(10);
        case 'f32':
        case 'f64':
          return Number.isFinite(v) ? v : null;
        case 'pubkey':
          return v.toBase58();
        case 'bytes':
          return Array.from(v as Buffer);
        default:
          return v;
      }
    }
    if ('option' in type) return v === null ? null : this.value(type.option, v, env);
    if ('vec' in type) return (v as unknown[]).map((item) => this.value(type.vec, item, env));
    if ('array' in type) return (v as unknown[]).map((item) => this.value(type.array[0], item, env));
    if ('generic' in type) {
      const bound = env.get(type.generic);
      return this.value(bound.type, v, bound.env);
    }
    if ('defined' in type) {
      const def = this.types.get(type.defined.name);
      const inner = new Map<string, Doc>();
      (def.generics ?? []).forEach((g: Doc, i: number) => {
        const arg = type.defined.generics?.[i];
        if (g.kind === 'type') inner.set(g.name, { type: arg.type, env });
      });
      return this.defined(def, v, inner);
    }
    throw new Error(`unhandled IDL type ${JSON.stringify(type)}`);
  }

  defined(def: Doc, v: any, env: Map<string, Doc>): unknown {
    const body = def.type;
    switch (body.kind) {
      case 'type':
        return this.value(body.alias, v, env);
      case 'struct':
        return this.fields(body.fields, v, env);
      case 'enum': {
        const [key] = Object.keys(v);
        const index = body.variants.findIndex((variant: Doc) => variant.name === key);
        const variant = body.variants[index];
        const writtenName: string = this.written.get(def.name).type.variants[index].name;
        if (!variant.fields?.length) return writtenName;
        return { [writtenName]: this.fields(variant.fields, v[key], env) };
      }
    }
    throw new Error(`unhandled type kind ${body.kind}`);
  }

  /** Named fields → object; one unnamed field → its value (newtype); several → array. */
  private fields(fields: Doc[] | undefined, v: any, env: Map<string, Doc>): unknown {
    if (!fields?.length) return {};
    if (typeof fields[0] === 'object' && 'name' in fields[0] && 'type' in fields[0]) {
      return Object.fromEntries(fields.map((f: Doc) => [f.name, this.value(f.type, v[f.name], env)]));
    }
    const items = fields.map((t: Doc, i: number) => this.value(t, v[String(i)], env));
    return items.length === 1 ? items[0] : items;
  }
}

// ---- The comparison ----

interface Program {
  file: string;
  programId: string;
  primary: boolean;
  written: Doc;
  camel: Doc;
  convert: Converter;
  ours: CompiledProgram;
  /** Anchor's instruction decoder, and its encoder (to measure what a decoded value occupies). */
  decodeInstruction: (data: Buffer) => { name: string; data: any } | null;
  encodeInstruction: (name: string, value: any) => Buffer;
  /** Events left out because a type has their name (legacy IDLs only). */
  excludedEvents: Set<string>;
  coder: BorshCoder | undefined;
  coderError: string | undefined;
}

function loadPrograms(programIds: Set<string>, collisions: string[]): { programs: Program[]; skipped: string[] } {
  const manifest = readFileSync(join(idlDir, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
  const programs: Program[] = [];
  const skipped: string[] = [];
  for (const [file, programId, , format] of manifest) {
    if (!programIds.has(programId) || !format.startsWith('anchor')) continue;
    const raw = JSON.parse(readFileSync(join(idlDir, file), 'utf8'));
    let written: Doc;
    let ours: CompiledProgram;
    try {
      written = format === 'anchor-legacy' ? fromLegacy(raw, programId, (what) => collisions.push(what)) : raw;
      ours = compileProgram(readIdl(raw, { address: programId }));
    } catch (error) {
      skipped.push(`${file}: ${(error as Error).message}`);
      continue;
    }
    const camel = convertIdlToCamelCase(written as Idl);
    let coder: BorshCoder | undefined;
    let coderError: string | undefined;
    try {
      coder = new BorshCoder(camel);
    } catch (error) {
      coderError = (error as Error).message;
    }
    // When BorshCoder refuses the IDL as a whole (one unsupported type anywhere), each instruction
    // still gets its own coder, so only the instructions using that type are lost.
    const single = new Map<string, BorshInstructionCoder | null>();
    const singleCoder = (ix: Doc): BorshInstructionCoder => {
      if (!single.has(ix.name)) {
        try {
          single.set(ix.name, new BorshInstructionCoder({ ...camel, instructions: [ix] }));
        } catch {
          single.set(ix.name, null);
        }
      }
      const one = single.get(ix.name);
      if (!one) throw new Error(`BorshInstructionCoder refuses ${ix.name}`);
      return one;
    };
    const decodeInstruction = coder
      ? (data: Buffer) => coder.instruction.decode(data)
      : (data: Buffer) => {
          const ix = camel.instructions.find((i: Doc) => Buffer.from(i.discriminator).equals(data.subarray(0, i.discriminator.length)));
          return ix === undefined ? null : singleCoder(ix).decode(data);
        };
    const encodeInstruction = (name: string, value: any): Buffer =>
      coder ? coder.instruction.encode(name, value) : singleCoder(camel.instructions.find((i: Doc) => i.name === name)).encode(name, value);
    const excludedEvents = new Set<string>(
      (raw.events ?? []).map((e: Doc) => e.name).filter((n: string) => !written.events.some((e: Doc) => e.name === n)),
    );
    programs.push({
      file,
      programId,
      primary: !file.includes('@'),
      written,
      camel,
      convert: new Converter(camel, written),
      ours,
      decodeInstruction,
      encodeInstruction,
      excludedEvents,
      coder,
      coderError,
    });
  }
  return { programs, skipped };
}

interface Tally {
  compared: number;
  matched: number;
  /** Neither side knows the discriminator (another IDL version, event self-CPIs). */
  neither: number;
  /** Anchor throws and ours returns null, by Anchor's message (digits dropped). */
  bothRefuse: Map<string, number>;
  /**
   * Anchor returns a value whose re-encoding is longer than the data: it read past the end
   * (buffer-layout blobs, which pubkeys and 64-bit-and-wider integers are, decode from whatever
   * bytes remain, none included), where ours refuses. Listed, not counted as mismatches.
   */
  anchorOverreads: string[];
  /** Anchor throws where ours decodes: each needs an explanation. */
  anchorFailed: string[];
  mismatches: string[];
}

const newTally = (): Tally => ({
  compared: 0,
  matched: 0,
  neither: 0,
  bothRefuse: new Map(),
  anchorOverreads: [],
  anchorFailed: [],
  mismatches: [],
});

interface Decoded {
  name: string;
  value: unknown;
}

function compare(
  tally: Tally,
  perFile: { compared: number; matched: number },
  label: string,
  length: number,
  anchor: () => (Decoded & { encodedLength: () => number }) | null,
  ours: () => Decoded | null,
): void {
  let expected: (Decoded & { encodedLength: () => number }) | null;
  try {
    expected = anchor();
  } catch (error) {
    const got = ours();
    if (got === null) {
      const reason = (error as Error).message.replace(/\d+/g, 'N');
      tally.bothRefuse.set(reason, (tally.bothRefuse.get(reason) ?? 0) + 1);
    } else if (/out of range|beyond buffer|outside buffer/i.test((error as Error).message)) {
      // The data stops between trailing fields: Anchor runs off the end, ours leaves those fields out.
      tally.anchorOverreads.push(`${label}: Anchor reads past the end of ${length} bytes; ours decodes the leading fields of ${got.name}`);
    } else tally.anchorFailed.push(`${label}: Anchor throws "${(error as Error).message}"; ours decodes ${got.name}`);
    return;
  }
  const got = ours();
  if (expected === null && got === null) {
    tally.neither++;
    return;
  }
  if (expected !== null) {
    const needs = expected.encodedLength();
    if (needs > length && got === null) {
      tally.anchorOverreads.push(`${label}: Anchor decodes ${expected.name} from ${length} bytes, its value takes ${needs}`);
      return;
    }
    // Data that stops between trailing fields: ours leaves those fields out, Anchor fills them
    // from bytes that are not there. The fields both have must agree, in order.
    if (needs > length && got !== null) {
      const ourKeys = Object.keys(got.value as object);
      const theirs = expected.value as Record<string, unknown>;
      assert.deepEqual(ourKeys, Object.keys(theirs).slice(0, ourKeys.length), `${label}: ours is a leading part of Anchor's fields`);
      for (const key of ourKeys) assert.deepStrictEqual((got.value as Record<string, unknown>)[key], theirs[key], `${label}: ${key}`);
      tally.anchorOverreads.push(
        `${label}: ${length} bytes hold the leading ${ourKeys.length} of ${expected.name}'s fields; ours leaves out the rest, Anchor reads past the end`,
      );
      return;
    }
  }
  tally.compared++;
  perFile.compared++;
  if (expected === null || got === null) {
    tally.mismatches.push(
      `${label}: Anchor ${expected ? `decodes ${expected.name}` : 'null'}, ours ${got ? `decodes ${got.name}` : 'null'}`,
    );
    return;
  }
  try {
    assert.equal(got.name, expected.name);
    assert.deepStrictEqual(got.value, expected.value);
    tally.matched++;
    perFile.matched++;
  } catch (error) {
    tally.mismatches.push(`${label} ${expected.name}: ${(error as Error).message.split('\n').slice(0, 12).join(' | ')}`);
  }
}

const writtenName = (list: Doc[], camelList: Doc[], camelName: string): string =>
  list[camelList.findIndex((x: Doc) => x.name === camelName)].name;

test('instructions, events and accounts decode as @coral-xyz/anchor BorshCoder decodes them', (t) => {
  const { instructions, events } = corpusInstructionsAndEvents();
  const accountFiles = readdirSync(corpusAccountsDir).filter((f) => f.endsWith('.json') && f !== 'MANIFEST.tsv');
  const accounts = accountFiles.map((f) => ({ file: f, value: JSON.parse(readFileSync(join(corpusAccountsDir, f), 'utf8')) }));

  const programIds = new Set([...instructions.map((s) => s.programId), ...accounts.map((a) => a.value.owner as string)]);
  const collisions: string[] = [];
  const { programs, skipped } = loadPrograms(programIds, collisions);
  const byId = new Map<string, Program[]>();
  for (const p of programs) byId.set(p.programId, [...(byId.get(p.programId) ?? []), p]);

  const tallies = {
    primary: { ix: newTally(), ev: newTally(), acc: newTally() },
    older: { ix: newTally(), ev: newTally(), acc: newTally() },
  };
  const perFile = new Map<string, { compared: number; matched: number }>();
  for (const p of programs) {
    const tally = p.primary ? tallies.primary : tallies.older;
    const fileTally = { compared: 0, matched: 0 };
    perFile.set(p.file, fileTally);
    for (const s of instructions.filter((x) => x.programId === p.programId)) {
      const data = Buffer.from(s.data);
      compare(
        tally.ix,
        fileTally,
        `${p.file} ${s.where}`,
        data.length,
        () => {
          const r = p.decodeInstruction(data);
          if (r === null) return null;
          const ix = p.camel.instructions.find((i: Doc) => i.name === r.name);
          const value = Object.fromEntries(ix.args.map((a: Doc) => [a.name, p.convert.value(a.type, r.data[a.name], new Map())]));
          return {
            name: writtenName(p.written.instructions, p.camel.instructions, r.name),
            value,
            encodedLength: () => p.encodeInstruction(r.name, r.data).length,
          };
        },
        () => {
          const r = p.ours.decodeInstruction(s.data);
          return r && { name: r.instruction.name, value: r.args };
        },
      );
    }
    for (const s of events.filter((x) => x.programId === p.programId)) {
      const ours = p.ours.decodeEvent(s.data);
      if (ours !== null && p.excludedEvents.has(ours.event.name)) continue;
      compare(
        tally.ev,
        fileTally,
        `${p.file} ${s.where}`,
        s.data.length,
        () => {
          const coder = p.coder;
          if (coder === undefined) throw new Error(`BorshCoder refuses the IDL: ${p.coderError}`);
          const r = coder.events.decode(Buffer.from(s.data).toString('base64'));
          if (r === null) return null;
          const event = p.camel.events.find((e: Doc) => e.name === r.name);
          return {
            name: writtenName(p.written.events, p.camel.events, r.name),
            value: p.convert.defined(p.convert.typeNamed(r.name), r.data, new Map()),
            encodedLength: () => event.discriminator.length + coder.types.encode(r.name, r.data).length,
          };
        },
        () => ours && { name: ours.event.name, value: ours.value },
      );
    }
    for (const a of accounts.filter((x) => x.value.owner === p.programId)) {
      const data = Buffer.from(a.value.data[0], 'base64');
      compare(
        tally.acc,
        fileTally,
        `${p.file} account ${a.file}`,
        data.length,
        () => {
          const coder = p.coder;
          if (coder === undefined) throw new Error(`BorshCoder refuses the IDL: ${p.coderError}`);
          const account = (p.camel.accounts ?? []).find((x: Doc) =>
            Buffer.from(x.discriminator).equals(data.subarray(0, x.discriminator.length)),
          );
          if (account === undefined) return null;
          const value = coder.accounts.decode(account.name, data);
          return {
            name: writtenName(p.written.accounts, p.camel.accounts, account.name),
            value: p.convert.defined(p.convert.typeNamed(account.name), value, new Map()),
            encodedLength: () => account.discriminator.length + coder.types.encode(account.name, value).length,
          };
        },
        () => {
          const r = p.ours.decodeAccount(data);
          return r && { name: r.account.name, value: r.value };
        },
      );
    }
  }

  const report = (label: string, x: Tally) =>
    t.diagnostic(
      `${label}: compared ${x.compared}, matched ${x.matched}, mismatches ${x.mismatches.length}; neither knows the discriminator ${x.neither}, ` +
        `Anchor throws and ours is null ${[...x.bothRefuse.values()].reduce((a, b) => a + b, 0)}, Anchor over-reads ${x.anchorOverreads.length}, Anchor throws where ours decodes ${x.anchorFailed.length}`,
    );
  t.diagnostic(
    `programs with Anchor IDLs in the corpus: ${byId.size}; IDL files: ${programs.length} (${programs.filter((p) => p.primary).length} primary)`,
  );
  for (const p of programs) if (p.coderError) t.diagnostic(`BorshCoder refuses ${p.file} as a whole: ${p.coderError}`);
  t.diagnostic(
    `compared/matched per IDL file: ${[...perFile]
      .filter(([, v]) => v.compared > 0)
      .map(([f, v]) => `${f} ${v.matched}/${v.compared}`)
      .join(', ')}`,
  );
  for (const s of skipped) t.diagnostic(`skipped ${s}`);
  for (const c of collisions) t.diagnostic(`not compared: ${c}`);
  for (const [which, group] of Object.entries(tallies)) {
    report(`${which} IDLs, instructions`, group.ix);
    report(`${which} IDLs, events`, group.ev);
    report(`${which} IDLs, accounts`, group.acc);
    for (const x of [group.ix, group.ev, group.acc]) {
      for (const [reason, n] of x.bothRefuse) t.diagnostic(`Anchor throws, ours null (${n}×): ${reason}`);
      for (const line of x.anchorOverreads) t.diagnostic(`Anchor over-reads: ${line}`);
      for (const line of x.anchorFailed) t.diagnostic(`Anchor throws: ${line}`);
      for (const line of x.mismatches) t.diagnostic(`MISMATCH: ${line}`);
    }
  }

  assert.ok(tallies.primary.ix.matched >= 100, 'the corpus exercises a good share of instructions');
  assert.ok(tallies.primary.ev.matched >= 100, 'and of events');
  assert.ok(tallies.primary.acc.matched >= 1, 'and some accounts');
  for (const group of Object.values(tallies)) {
    for (const x of [group.ix, group.ev, group.acc]) {
      assert.deepEqual(x.mismatches, []);
      assert.deepEqual(x.anchorFailed, []);
    }
  }
});
