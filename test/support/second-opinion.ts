/**
 * The compiled decoders against @coral-xyz/borsh layouts translated from the same description
 * (test/support/borsh-layouts.ts), item by item: every instruction, account and event of every
 * bundled program version, on the corpus's data for that program, on bytes generated to fit the
 * item's layout, on random bytes and on mutations of both. Each item is compiled alone, so the
 * comparison is of the two interpretations of its type, not of which item a program picks.
 */
import { isDeepStrictEqual } from 'node:util';
import { compileProgram, type CompiledProgram } from '../../src/decode/compile.js';
import type { ProgramRegistry } from '../../src/decode/registry.js';
import type { ProgramDescription, TypeNode } from '../../src/idl/description.js';
import { BorshTranslator, Unsupported, borshDecode, type BorshOutcome } from './borsh-layouts.js';
import { byteMutator } from './mutate.js';
import { mulberry32 } from './random.js';
import type { Sample } from './corpus.js';

export interface SecondOpinionOptions {
  rounds: number;
  seed: number;
  instructions: Sample[];
  events: Sample[];
  accounts: { owner: string; data: Uint8Array }[];
  /** Only these programs (default: all). */
  programIds?: readonly string[];
  /** The decoder compiler under test (default: src/decode's); the test of this harness swaps in a faulty one. */
  compile?: (description: ProgramDescription) => CompiledProgram;
}

export interface SecondOpinionReport {
  programs: number;
  versions: number;
  /** Items both sides decoded at least one input of, by kind. */
  items: { instruction: number; account: number; event: number };
  /** Items compared (translated), by kind. */
  translated: { instruction: number; account: number; event: number };
  /** Items not translated, by the node kind Borsh cannot express. */
  skipped: Map<string, number>;
  /** Accounts with neither discriminator nor size that are not their program's fallback: the compiled program never selects them. */
  unselectable: number;
  inputs: { corpus: number; generated: number; random: number; mutated: number };
  bothDecoded: number;
  bothRefused: number;
  /** One entry per disagreeing input (kept to the first few per item; `differenceCount` has them all). */
  differences: string[];
  differenceCount: number;
}

type Kind = 'instruction' | 'account' | 'event';

interface Item {
  kind: Kind;
  name: string;
  discriminator: Uint8Array;
  /** Exact data length that selects an account without a discriminator. */
  size?: number;
  type: TypeNode;
  ours: (data: Uint8Array) => unknown;
  layout: ReturnType<BorshTranslator['instruction']>;
}

const hex = (data: Uint8Array) => Buffer.from(data).toString('hex');

function startsWith(data: Uint8Array, prefix: Uint8Array): boolean {
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}

/** The first path at which two rendered values differ, for a readable report. */
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    const ka = Object.keys(a).join(',');
    const kb = Object.keys(b).join(',');
    for (const k of keys) {
      if (!isDeepStrictEqual((a as any)[k], (b as any)[k])) return firstDifference((a as any)[k], (b as any)[k], `${path}.${k}`);
    }
    if (ka !== kb) return `${path}: keys ${ka} vs ${kb}`;
  }
  return `${path || '.'}: ours ${JSON.stringify(a)?.slice(0, 120)} vs borsh ${JSON.stringify(b)?.slice(0, 120)}`;
}

/**
 * Bytes that fit a type: Borsh's encoding of a random value (option tags 0/1, known enum tags,
 * short collections and strings, random integers, floats and keys). Nested collections and options
 * shrink with depth, so recursive types end.
 */
class Generator {
  constructor(
    private readonly description: ProgramDescription,
    private readonly random: (n: number) => number,
  ) {}

  bytes(node: TypeNode): number[] {
    const out: number[] = [];
    this.write(node, new Map(), 0, out);
    return out;
  }

  private randomBytes(n: number, out: number[]): void {
    for (let i = 0; i < n; i++) out.push(this.random(256));
  }

  private int(value: number, bytes: number, out: number[]): void {
    for (let i = 0; i < bytes; i++) out.push(i < 4 ? (value >>> (8 * i)) & 0xff : 0);
  }

  private count(depth: number): number {
    return depth > 6 ? 0 : this.random(4);
  }

  private write(node: TypeNode, env: Map<string, TypeNode | number>, depth: number, out: number[]): void {
    const r = this.random;
    switch (node.kind) {
      case 'int': {
        // Extremes now and then: sign bits, the top of the range, values past 2^53.
        const style = r(4);
        for (let i = 0; i < node.bytes; i++) {
          const high = node.endian === 'be' ? i < node.bytes - 2 : i >= 2;
          out.push(style === 0 ? 0xff : style === 1 && high ? 0 : r(256));
        }
        return;
      }
      case 'float':
      case 'pubkey':
        return this.randomBytes(node.kind === 'pubkey' ? 32 : node.bytes, out);
      case 'bool':
        return this.int(r(2), node.bytes ?? 1, out);
      case 'string': {
        // Past 64 bytes, ASCII or not, and a leading BOM (Rust keeps it): the decoder reads these differently.
        const texts = ['', 'a', 'héllo', 'ümlaut✓', 'x'.repeat(1 + r(90)), 'é'.repeat(1 + r(50)), '\uFEFFbom'];
        const text = Buffer.from(texts[r(texts.length)], 'utf8');
        if (node.size.kind === 'fixed') {
          const bytes = [...text.subarray(0, node.size.bytes)];
          while (bytes.length < node.size.bytes) bytes.push(0);
          out.push(...bytes);
        } else {
          if (node.size.kind === 'prefix') this.int(text.length, node.size.bytes, out);
          out.push(...text);
        }
        return;
      }
      case 'bytes': {
        const n = node.size.kind === 'fixed' ? node.size.bytes : r(12);
        if (node.size.kind === 'prefix') this.int(n, node.size.bytes, out);
        return this.randomBytes(n, out);
      }
      case 'option': {
        const some = depth < 8 && r(2) === 1;
        this.int(some ? 1 : 0, node.tag, out);
        if (some) return this.write(node.item, env, depth + 1, out);
        if (node.fixed) {
          const item: number[] = [];
          this.write(node.item, env, depth + 1, item);
          out.push(...item.map(() => 0));
        }
        return;
      }
      case 'vec': {
        const n = node.size.kind === 'fixed' ? node.size.bytes : this.count(depth);
        if (node.size.kind === 'prefix') this.int(n, node.size.bytes, out);
        for (let i = 0; i < n; i++) this.write(node.item, env, depth + 1, out);
        return;
      }
      case 'array': {
        const n = typeof node.length === 'number' ? node.length : env.get(node.length.generic);
        for (let i = 0; i < (typeof n === 'number' ? n : 0); i++) this.write(node.item, env, depth + 1, out);
        return;
      }
      case 'tuple':
        for (const t of node.items) this.write(t, env, depth + 1, out);
        return;
      case 'struct':
        for (const f of node.fields) this.write(f.type, env, depth + 1, out);
        return;
      case 'enum': {
        const plain = node.variants.filter((v) => !v.fields?.length && !v.tuple?.length);
        const pool = depth > 8 && plain.length > 0 ? plain : node.variants;
        if (pool.length === 0) return;
        const v = pool[r(pool.length)];
        this.int(v.value, node.tag, out);
        for (const f of v.fields ?? []) this.write(f.type, env, depth + 1, out);
        for (const t of v.tuple ?? []) this.write(t, env, depth + 1, out);
        return;
      }
      case 'map': {
        const n = this.count(depth);
        if (node.size.kind === 'prefix') this.int(n, node.size.bytes, out);
        for (let i = 0; i < n; i++) {
          this.write(node.key, env, depth + 1, out);
          this.write(node.value, env, depth + 1, out);
        }
        return;
      }
      case 'defined': {
        const def = this.description.types.get(node.name);
        if (def === undefined || depth > 24) return;
        const inner = new Map<string, TypeNode | number>();
        (def.generics ?? []).forEach((g, i) => {
          const arg = node.args?.[i];
          if (arg === undefined) return;
          inner.set(g.name, typeof arg === 'object' && arg.kind === 'generic' ? (env.get(arg.name) ?? arg) : arg);
        });
        return this.write(def.type, inner, depth + 1, out);
      }
      case 'generic': {
        const bound = env.get(node.name);
        if (typeof bound === 'object') this.write(bound, env, depth + 1, out);
        return;
      }
      default:
        // Kinds Borsh cannot express: their items are not translated, so not generated for either.
        return;
    }
  }
}

export function secondOpinion(registry: ProgramRegistry, options: SecondOpinionOptions): SecondOpinionReport {
  const next = mulberry32(options.seed);
  const random = (n: number) => next() % n;
  const randomBytes = (n: number) => Array.from({ length: n }, () => random(256));
  const mutate = byteMutator(random);

  const report: SecondOpinionReport = {
    programs: 0,
    versions: 0,
    items: { instruction: 0, account: 0, event: 0 },
    translated: { instruction: 0, account: 0, event: 0 },
    skipped: new Map(),
    unselectable: 0,
    inputs: { corpus: 0, generated: 0, random: 0, mutated: 0 },
    bothDecoded: 0,
    bothRefused: 0,
    differences: [],
    differenceCount: 0,
  };

  const byProgram = <T extends { programId?: string; owner?: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const x of list) {
      const id = (x.programId ?? x.owner) as string;
      map.set(id, [...(map.get(id) ?? []), x]);
    }
    return map;
  };
  const corpusInstructions = byProgram(options.instructions);
  const corpusEvents = byProgram(options.events);
  const corpusAccounts = byProgram(options.accounts);

  const compile = options.compile ?? compileProgram;
  for (const programId of options.programIds ?? registry.programIds) {
    report.programs++;
    registry.versions(programId).forEach((program, index) => {
      report.versions++;
      const d = program.description;
      const label = `${d.name}${d.version ? `@${d.version}` : ''}#${index}`;
      const translator = new BorshTranslator(d);
      const generator = new Generator(d, random);
      const items: Item[] = [];
      const one = (parts: Partial<ProgramDescription>) => compile({ ...d, instructions: [], accounts: [], events: [], ...parts });
      const translate = <T>(kind: Kind, build: () => T): T | undefined => {
        try {
          const layout = build();
          report.translated[kind]++;
          return layout;
        } catch (error) {
          if (!(error instanceof Unsupported)) throw error;
          report.skipped.set(error.nodeKind, (report.skipped.get(error.nodeKind) ?? 0) + 1);
          return undefined;
        }
      };
      for (const ix of d.instructions) {
        const layout = translate('instruction', () => translator.instruction(ix));
        if (layout === undefined) continue;
        const compiled = one({ instructions: [ix] });
        items.push({
          kind: 'instruction',
          name: ix.name,
          discriminator: ix.discriminator,
          type: { kind: 'struct', fields: ix.args },
          ours: (data) => compiled.decodeInstruction(data)?.args ?? null,
          layout,
        });
      }
      for (const account of d.accounts) {
        if (account.discriminator.length === 0 && account.size === undefined && !account.fallback) {
          report.unselectable++;
          continue;
        }
        const layout = translate('account', () => translator.account(account));
        if (layout === undefined) continue;
        const compiled = one({ accounts: [account] });
        items.push({
          kind: 'account',
          name: account.name,
          discriminator: account.discriminator,
          size: account.discriminator.length === 0 ? account.size : undefined,
          type: account.type,
          ours: (data) => compiled.decodeAccount(data)?.value ?? null,
          layout,
        });
      }
      for (const event of d.events) {
        const layout = translate('event', () => translator.event(event));
        if (layout === undefined) continue;
        const compiled = one({ events: [event] });
        items.push({
          kind: 'event',
          name: event.name,
          discriminator: event.discriminator,
          type: event.type,
          ours: (data) => compiled.decodeEvent(data)?.value ?? null,
          layout,
        });
      }

      for (const item of items) {
        let differences = 0;
        let decodedAny = false;
        const selects = (data: Uint8Array) =>
          startsWith(data, item.discriminator) && (item.size === undefined || data.length === item.size);
        const check = (data: Uint8Array, origin: keyof SecondOpinionReport['inputs']) => {
          report.inputs[origin]++;
          const ours = item.ours(data);
          const theirs: BorshOutcome = selects(data)
            ? borshDecode(item.layout, data, item.discriminator.length)
            : { refused: 'not selected' };
          const where = () => `${label} ${item.kind} ${item.name} (${origin}, ${data.length} bytes ${hex(data.subarray(0, 600))})`;
          let problem: string | undefined;
          if (ours === null && 'refused' in theirs) report.bothRefused++;
          else if (ours === null && 'value' in theirs)
            problem = `ours refuses, borsh decodes ${JSON.stringify(theirs.value)?.slice(0, 200)}`;
          else if ('refused' in theirs) problem = `borsh refuses (${theirs.refused}), ours decodes ${JSON.stringify(ours)?.slice(0, 200)}`;
          else if (isDeepStrictEqual(ours, theirs.value)) {
            report.bothDecoded++;
            decodedAny = true;
          } else problem = `values differ at ${firstDifference(ours, theirs.value)}`;
          if (problem !== undefined) {
            report.differenceCount++;
            if (differences++ < 3) report.differences.push(`${where()}: ${problem}`);
          }
        };
        const programSamples =
          item.kind === 'instruction'
            ? corpusInstructions.get(programId)
            : item.kind === 'event'
              ? corpusEvents.get(programId)
              : corpusAccounts.get(programId);
        const seeds: Uint8Array[] = [];
        for (const s of programSamples ?? []) {
          if (!selects(s.data)) continue;
          seeds.push(s.data);
          check(s.data, 'corpus');
        }
        for (let round = 0; round < options.rounds; round++) {
          const generated = Uint8Array.from([...item.discriminator, ...generator.bytes(item.type)]);
          // Accounts are often over-allocated: trailing bytes must not matter.
          const padded = item.kind === 'account' && item.size === undefined && random(2) === 0;
          const input = padded ? Uint8Array.from([...generated, ...randomBytes(random(16))]) : generated;
          check(input, 'generated');
          const noise = Uint8Array.from([...item.discriminator, ...randomBytes(item.size ?? random(Math.max(64, input.length * 2)))]);
          check(noise, 'random');
          check(mutate(input), 'mutated');
          if (seeds.length > 0) check(mutate(seeds[random(seeds.length)]), 'mutated');
        }
        if (decodedAny) report.items[item.kind]++;
      }
    });
  }
  return report;
}
