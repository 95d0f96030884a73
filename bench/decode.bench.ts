/**
 * Decoding latency on the corpus, per program and overall: the gateway's compiled decoders
 * (src/decode, through the bundled registry) against @coral-xyz/anchor's Borsh coders and
 * @solanafm/explorer-kit, given the same IDL file and the same bytes.
 *
 * Comparison set: every non-native instruction of ledger/txs (top-level and inner, all three stored
 * encodings) and every account of ledger/accounts whose program has an Anchor IDL among the bundled
 * ones, decoded with the IDL version the gateway picks (the first version, newest first, that
 * decodes it) and given to Anchor and explorer-kit in that same version. An item counts only when
 * all three decode it to the same instruction (account) name; the rest is reported by reason.
 *
 * Each decoder gets its natural input: ours a Uint8Array, Anchor a Buffer, explorer-kit the string
 * form it requires (base58 for instructions, base64 for accounts). Turning the bytes into that
 * string is a cost explorer-kit forces, so it is inside explorer-kit's timing.
 *
 * What each returns differs. Ours returns the final values: every pubkey as base58 text, every
 * integer of 64 bits or more as decimal text. explorer-kit returns text too (it converts Anchor's
 * values after decoding). Anchor's coders return PublicKey and BN objects, which still have to be
 * turned into text before they can be sent. So the "Anchor" column measures less work than ours,
 * and a fourth measure, "Anchor + text", is Anchor's decode followed by exactly that conversion
 * (PublicKey → toBase58, BN → toString, in place, the cheapest way): the same output as ours. The
 * issue's targets are stated against the plain "Anchor" column, the harder comparison for us.
 *
 * Latency of one item under one decoder: tinybench's median over its samples, measured in three
 * rounds over the whole set, the median of the three. Per program: the median over the program's
 * items of those latencies. Overall: the median over all items of those latencies (each item
 * weighs the same, whatever its program); their sum (the time to decode the whole set once) is
 * given alongside.
 *
 * Writes bench/results.json; before that, compares our per-program medians with the committed
 * bench/results.json and prints a REGRESSION line for each that got more than 20% slower (the
 * process still exits 0: the numbers move with the machine's load, a person judges).
 * Run: node dist/bench/decode.bench.js (part of `make bench`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import {
  ParserType,
  SolanaFMParser,
  checkIfAccountParser,
  checkIfInstructionParser,
  type AccountParserInterface,
  type InstructionParserInterface,
  type Parser,
} from '@solanafm/explorer-kit';
import anchor, { type Idl } from '@coral-xyz/anchor';
import { anchorDecoders, fromLegacy, keepBuildable, type AnchorDecoders } from '../test/support/anchor-coders.js';
import { corpusAccounts, corpusInstructionsAndEvents } from '../test/support/corpus.js';
import { bundledIdlDir, filesInRegistryOrder, loadBundledRegistry } from '../src/idl/bundled.js';
import type { CompiledProgram } from '../src/decode/compile.js';
import { encodeBase58 } from '../src/codec/base58.js';
import { projectRoot } from '../src/paths.js';

// Transactions, accounts and IDLs are loosely typed JSON.
type Doc = any;

const resultsFile = join(projectRoot, 'bench', 'results.json');
const regressionThreshold = 0.2;
/** Per item and decoder, per round: ~400 tasks a round keep the whole run under a minute on 2 cores. */
const benchOptions = { time: 20, iterations: 64, warmupTime: 5, warmupIterations: 16 };
const rounds = 3;
/** The issue's targets for the overall median: how many times lower than each library's ours must be. */
const targets = { anchor: 3, explorerKit: 10 };
/** sha256("anchor:event")[..8]: an Anchor event emitted through a self-CPI, not an instruction. */
const EVENT_CPI_TAG = Buffer.from('e445a52e51cb9a1d', 'hex');

type Kind = 'instruction' | 'account';
const decoderNames = ['ours', 'anchor', 'explorerKit'] as const;
type DecoderName = (typeof decoderNames)[number];
/** The decoders, and Anchor's decode carried on to the text values the other two return. */
const measuredNames = [...decoderNames, 'anchorText'] as const;
type MeasuredName = (typeof measuredNames)[number];
const displayName: Record<DecoderName, string> = { ours: 'ours', anchor: 'Anchor', explorerKit: 'explorer-kit' };

interface Item {
  kind: Kind;
  programId: string;
  bytes: Uint8Array;
}

// ---- The corpus ----

const instructionsOfCorpus = (): Item[] =>
  corpusInstructionsAndEvents().instructions.map(({ programId, data }) => ({ kind: 'instruction', programId, bytes: data }));
const accountsOfCorpus = (): Item[] =>
  corpusAccounts().map(({ owner, data }) => ({ kind: 'account', programId: owner, bytes: new Uint8Array(data) }));

// ---- IDL versions and the three decoders built from each ----

interface Version {
  file: string;
  ours: CompiledProgram;
  /** Absent when the file is not an Anchor IDL (the other two decoders cannot take it). */
  anchorFormat?: 'anchor-0.30' | 'anchor-legacy';
}

interface Contestants {
  ours: CompiledProgram;
  anchor: AnchorDecoders;
  explorerKit: { instruction?: InstructionParserInterface; account?: AccountParserInterface };
  /** What Anchor or explorer-kit refuse to build from this IDL, and why. */
  refused: string[];
}

/**
 * The registry's versions of each program with the file each was read from. The registry keeps
 * the files' order (bundled folder, then hand-written) and drops a file it cannot read, so when its
 * count differs from the files' the pairing is unknown and the program is left out.
 */
function versionsByProgram(): { versions: Map<string, Version[]>; unpaired: string[] } {
  const registry = loadBundledRegistry();
  const files = [...filesInRegistryOrder(bundledIdlDir), ...filesInRegistryOrder(join(bundledIdlDir, 'hand-written'))];
  const hints: Record<string, Doc> = JSON.parse(readFileSync(join(bundledIdlDir, 'hints.json'), 'utf8'));
  const versions = new Map<string, Version[]>();
  const unpaired: string[] = [];
  for (const programId of registry.programIds) {
    const own = files.filter((f) => f.file === `${programId}.json` || f.file.startsWith(`${programId}@`));
    const compiled = registry.versions(programId);
    if (compiled.length !== own.length) {
      unpaired.push(programId);
      continue;
    }
    versions.set(
      programId,
      compiled.map((ours, i) => {
        const { file, format } = own[i];
        // An Anchor-shaped file whose discriminators come from hints is not what Anchor would derive.
        const anchorShaped =
          (ours.description.dialect === 'anchor' || ours.description.dialect === 'anchor-legacy') &&
          hints[file]?.instructionTags === undefined;
        const anchorFormat =
          !anchorShaped || (format !== undefined && !format.startsWith('anchor'))
            ? undefined
            : ours.description.dialect === 'anchor'
              ? 'anchor-0.30'
              : 'anchor-legacy';
        return { file, ours, anchorFormat };
      }),
    );
  }
  return { versions, unpaired };
}

function explorerKitParser<P extends Parser>(
  programId: string,
  idl: Doc,
  idlType: 'anchor' | 'anchorV1',
  type: ParserType,
  check: (p: Parser) => p is P,
): P | undefined {
  const parser = new SolanaFMParser({ programId, idl, idlType }, programId).createParser(type);
  return check(parser) ? parser : undefined;
}

function contestantsFor(programId: string, version: Version & { anchorFormat: NonNullable<Version['anchorFormat']> }): Contestants {
  const raw: Doc = JSON.parse(readFileSync(join(bundledIdlDir, version.file), 'utf8'));
  const refused: string[] = [];
  const note = (who: string) => (what: string) => refused.push(`${who}: ${what}`);
  const legacy = version.anchorFormat === 'anchor-legacy';
  const anchor = anchorDecoders(legacy ? fromLegacy(raw, programId, note('Anchor')) : ({ ...raw, address: programId } as Idl));
  anchor.refused.forEach(note('Anchor'));
  // explorer-kit reads legacy IDLs with Anchor 0.29 ("anchor") and 0.30 ones with Anchor 0.30
  // ("anchorV1"), both as written. Like Anchor's, its coders refuse a whole IDL for one type they
  // cannot lay out, so each parser gets the IDL with the items it can build.
  const idlType = legacy ? 'anchor' : 'anchorV1';
  const instructionIdl = {
    ...raw,
    instructions: keepBuildable(
      raw,
      'instructions',
      (one) => explorerKitParser(programId, one, idlType, ParserType.INSTRUCTION, checkIfInstructionParser),
      note('explorer-kit'),
    ),
  };
  const accountIdl = {
    ...raw,
    accounts: keepBuildable(
      raw,
      'accounts',
      (one) => explorerKitParser(programId, one, idlType, ParserType.ACCOUNT, checkIfAccountParser),
      note('explorer-kit'),
    ),
  };
  return {
    ours: version.ours,
    anchor,
    explorerKit: {
      instruction: explorerKitParser(programId, instructionIdl, idlType, ParserType.INSTRUCTION, checkIfInstructionParser),
      account: explorerKitParser(programId, accountIdl, idlType, ParserType.ACCOUNT, checkIfAccountParser),
    },
    refused,
  };
}

// ---- Selecting the comparison set ----

/** A decoder's timed call on one item, and the name it decoded to (null: not decoded). */
interface Entrant {
  run: () => unknown;
  name: (result: unknown) => string | null;
}

interface Entry {
  item: Item;
  program: string;
  entrants: Record<MeasuredName, Entrant>;
}

// A CommonJS module whose BN export Node's named-import detection does not see.
const { BN } = anchor;

/**
 * Anchor's decoded value with every PublicKey replaced by its base58 text and every BN by its
 * decimal text, in place: what ours returns (and explorer-kit, which does the same after Anchor).
 */
function asText(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (BN.isBN(value)) return value.toString();
  if (typeof (value as { toBase58?: unknown }).toBase58 === 'function') return (value as { toBase58(): string }).toBase58();
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = asText(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) record[key] = asText(record[key]);
  return record;
}

function entrantsFor(item: Item, c: Contestants): Record<MeasuredName, Entrant> {
  const { bytes } = item;
  const buffer = Buffer.from(bytes);
  const named = (r: unknown) => (r === null || r === undefined ? null : ((r as { name?: string }).name ?? null));
  if (item.kind === 'instruction') {
    const ek = c.explorerKit.instruction;
    return {
      ours: {
        run: () => c.ours.decodeInstruction(bytes),
        name: (r) => (r === null ? null : (r as { instruction: { name: string } }).instruction.name),
      },
      anchor: { run: () => c.anchor.instruction.decode(buffer), name: named },
      explorerKit: { run: ek ? () => ek.parseInstructions(encodeBase58(bytes)) : () => null, name: named },
      anchorText: { run: () => asText(c.anchor.instruction.decode(buffer)), name: named },
    };
  }
  const ek = c.explorerKit.account;
  const accountName = (r: unknown) => (r === null || r === undefined ? null : c.anchor.accountNameOf(buffer));
  return {
    ours: { run: () => c.ours.decodeAccount(bytes), name: (r) => (r === null ? null : (r as { account: { name: string } }).account.name) },
    anchor: { run: () => c.anchor.accounts.decodeAny(buffer), name: accountName },
    explorerKit: { run: ek ? () => ek.parseAccount(buffer.toString('base64')) : () => null, name: named },
    anchorText: { run: () => asText(c.anchor.accounts.decodeAny(buffer)), name: accountName },
  };
}

/** Instruction names as the three spell them (IDL spelling, camelCase, snake_case) compare equal. */
const sameName = (a: string, b: string) => a.replace(/_/g, '').toLowerCase() === b.replace(/_/g, '').toLowerCase();

class Tally {
  private readonly counts = new Map<string, number>();
  add(reason: string): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
  }
  total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }
  lines(): string[] {
    return [...this.counts].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${n} × ${reason}`);
  }
}

interface Selection {
  entries: Entry[];
  leftOut: Tally;
  /** Programs whose items were left out for want of any bundled IDL. */
  withoutIdl: Set<string>;
  skipped: Record<DecoderName | 'disagree', Tally>;
}

function select(
  items: Item[],
  versions: Map<string, Version[]>,
  unpaired: Set<string>,
  contestants: (programId: string, v: Version) => Contestants,
): Selection {
  const selection: Selection = {
    entries: [],
    leftOut: new Tally(),
    withoutIdl: new Set(),
    skipped: { ours: new Tally(), anchor: new Tally(), explorerKit: new Tally(), disagree: new Tally() },
  };
  for (const item of items) {
    if (item.kind === 'instruction' && EVENT_CPI_TAG.equals(item.bytes.subarray(0, 8))) {
      selection.leftOut.add('Anchor event through self-CPI (an event, not an instruction)');
      continue;
    }
    const all = versions.get(item.programId);
    if (all === undefined) {
      if (unpaired.has(item.programId)) selection.leftOut.add(`${item.programId}: registry and IDL files do not pair up`);
      else {
        selection.leftOut.add('no bundled IDL');
        selection.withoutIdl.add(item.programId);
      }
      continue;
    }
    const program = all[0].ours.description.name;
    const decode = (p: CompiledProgram) => (item.kind === 'instruction' ? p.decodeInstruction(item.bytes) : p.decodeAccount(item.bytes));
    const version = all.find((v) => decode(v.ours) !== null);
    if (version === undefined) {
      if (all.some((v) => v.anchorFormat)) selection.skipped.ours.add(`${program}: no bundled version decodes it`);
      else selection.leftOut.add(`${program}: not decoded, and its IDLs are not Anchor (${all[0].ours.description.dialect})`);
      continue;
    }
    if (version.anchorFormat === undefined) {
      selection.leftOut.add(`${program}: decoded with a ${version.ours.description.dialect} IDL, not Anchor`);
      continue;
    }
    const entrants = entrantsFor(item, contestants(item.programId, version));
    const names = {} as Record<DecoderName, string | null>;
    let decodedByAll = true;
    for (const who of decoderNames) {
      try {
        names[who] = entrants[who].name(entrants[who].run());
        if (names[who] === null) selection.skipped[who].add(`${program}: not decoded (null)`);
      } catch (error) {
        names[who] = null;
        const cause = (error as { cause?: { decoderError?: Error } }).cause?.decoderError ?? (error as Error);
        selection.skipped[who].add(`${program}: throws "${cause.message.replace(/\d+/g, 'N').slice(0, 80)}"`);
      }
      decodedByAll &&= names[who] !== null;
    }
    if (!decodedByAll) continue;
    if (!sameName(names.ours!, names.anchor!) || !sameName(names.ours!, names.explorerKit!)) {
      selection.skipped.disagree.add(`${program}: ours ${names.ours}, Anchor ${names.anchor}, explorer-kit ${names.explorerKit}`);
      continue;
    }
    selection.entries.push({ item, program, entrants });
  }
  return selection;
}

// ---- Measuring ----

const medianOf = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

type Medians = Record<MeasuredName, number>;

/**
 * Per-entry latency in µs for each decoder: the median over `rounds` rounds of tinybench's median.
 * The three tasks of an entry run back to back, so load drift hits them alike; the rounds measure
 * each entry at different moments, so a burst of load from elsewhere on the machine is outvoted.
 */
function measure(entries: Entry[]): Medians[] {
  const perRound: Medians[][] = [];
  for (let pass = 0; pass < rounds; pass++) {
    const bench = new Bench(benchOptions);
    entries.forEach((entry, i) => {
      for (const who of measuredNames) bench.add(`${i} ${who}`, entry.entrants[who].run);
    });
    bench.runSync();
    perRound.push(
      entries.map((_, i) => {
        const medians = {} as Medians;
        for (const who of measuredNames) {
          const result = bench.getTask(`${i} ${who}`)!.result!;
          if (result.error) throw result.error;
          medians[who] = result.latency.p50! * 1000;
        }
        return medians;
      }),
    );
  }
  return entries.map((_, i) => {
    const medians = {} as Medians;
    for (const who of measuredNames) medians[who] = medianOf(perRound.map((r) => r[i][who]));
    return medians;
  });
}

/** The timer's own cost in one sample (every sample includes it once). */
function timerFloorUs(): number {
  const bench = new Bench({ time: 200 });
  bench.add('empty', () => undefined);
  bench.runSync();
  return bench.tasks[0].result!.latency.p50! * 1000;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

interface ProgramResult {
  name: string;
  instructions?: number;
  accounts?: number;
  oursMedianUs: number;
  anchorMedianUs: number;
  explorerKitMedianUs: number;
  /** Anchor's decode and its values turned into the text ours returns. */
  anchorTextMedianUs: number;
  anchorOverOurs: number;
  explorerKitOverOurs: number;
  anchorTextOverOurs: number;
}

function summarize(name: string, count: Record<string, number>, medians: Medians[]): ProgramResult {
  const of = (who: MeasuredName) => medianOf(medians.map((m) => m[who]));
  const [ours, anchor, explorerKit, anchorText] = measuredNames.map(of);
  return {
    name,
    ...count,
    oursMedianUs: round(ours),
    anchorMedianUs: round(anchor),
    explorerKitMedianUs: round(explorerKit),
    anchorTextMedianUs: round(anchorText),
    anchorOverOurs: round(anchor / ours),
    explorerKitOverOurs: round(explorerKit / ours),
    anchorTextOverOurs: round(anchorText / ours),
  };
}

interface KindResult {
  perProgram: Record<string, ProgramResult>;
  overall: ProgramResult & { oursSumUs: number; anchorSumUs: number; explorerKitSumUs: number; anchorTextSumUs: number; programs: number };
}

function results(kind: Kind, entries: Entry[], medians: Medians[]): KindResult {
  const countKey = kind === 'instruction' ? 'instructions' : 'accounts';
  const byProgram = new Map<string, { name: string; medians: Medians[] }>();
  entries.forEach((e, i) => {
    const group = byProgram.get(e.item.programId) ?? { name: e.program, medians: [] };
    group.medians.push(medians[i]);
    byProgram.set(e.item.programId, group);
  });
  const perProgram: Record<string, ProgramResult> = {};
  for (const [id, g] of [...byProgram].sort((a, b) => b[1].medians.length - a[1].medians.length)) {
    perProgram[id] = summarize(g.name, { [countKey]: g.medians.length }, g.medians);
  }
  const sum = (who: MeasuredName) => round(medians.reduce((a, m) => a + m[who], 0));
  return {
    perProgram,
    overall: {
      ...summarize('all programs', { [countKey]: entries.length }, medians),
      programs: byProgram.size,
      oursSumUs: sum('ours'),
      anchorSumUs: sum('anchor'),
      explorerKitSumUs: sum('explorerKit'),
      anchorTextSumUs: sum('anchorText'),
    },
  };
}

// ---- Reporting ----

function table(kind: Kind, r: KindResult): string {
  const countKey = kind === 'instruction' ? 'instructions' : 'accounts';
  const row = (label: string, id: string, p: ProgramResult) =>
    `| ${label} | ${id} | ${p[countKey]} | ${p.oursMedianUs.toFixed(2)} | ${p.anchorMedianUs.toFixed(2)} | ${p.explorerKitMedianUs.toFixed(2)} | ${p.anchorOverOurs.toFixed(1)} | ${p.explorerKitOverOurs.toFixed(1)} | ${p.anchorTextMedianUs.toFixed(2)} | ${p.anchorTextOverOurs.toFixed(1)} |`;
  return [
    `| program | id | ${countKey} | ours µs | Anchor µs | explorer-kit µs | Anchor / ours | explorer-kit / ours | Anchor + text µs | (Anchor + text) / ours |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(r.perProgram).map(([id, p]) => row(p.name, `${id.slice(0, 6)}…`, p)),
    row(`**all programs (${r.overall.programs})**`, '', r.overall),
  ].join('\n');
}

/** The overall ratios against the targets, and the programs below them. */
function verdict(noun: string, r: KindResult): string {
  const o = r.overall;
  const below = (key: 'anchorOverOurs' | 'explorerKitOverOurs', target: number) =>
    Object.values(r.perProgram)
      .filter((p) => p[key] < target)
      .map((p) => `${p.name} ${p[key].toFixed(1)}×`);
  const line = (who: string, ratio: number, target: number, under: string[]) =>
    `  ${who} / ours: ${ratio.toFixed(1)}× (target ≥ ${target}×: ${ratio >= target ? 'met' : 'NOT met'})${under.length > 0 ? `; programs below it: ${under.join(', ')}` : ''}`;
  return [
    `Overall median per ${noun}:`,
    line('Anchor', o.anchorOverOurs, targets.anchor, below('anchorOverOurs', targets.anchor)),
    line('explorer-kit', o.explorerKitOverOurs, targets.explorerKit, below('explorerKitOverOurs', targets.explorerKit)),
    `  (Anchor + text) / ours: ${o.anchorTextOverOurs.toFixed(1)}× (the same output as ours: Anchor's PublicKey and BN values turned into text)`,
  ].join('\n');
}

function report(kind: Kind, selection: Selection, refused: Map<string, string[]>): void {
  const noun = kind === 'instruction' ? 'instructions' : 'accounts';
  const { entries, leftOut, skipped } = selection;
  const programs = new Set(entries.map((e) => e.item.programId)).size;
  console.log(`\n${noun}: ${entries.length} in the comparison set, from ${programs} programs with an Anchor IDL`);
  console.log(`  left out (${leftOut.total()}): no IDL all three decoders can take`);
  for (const line of leftOut.lines())
    console.log(`    ${line}${line.endsWith('no bundled IDL') ? ` (${selection.withoutIdl.size} programs)` : ''}`);
  for (const who of [...decoderNames, 'disagree'] as const) {
    if (skipped[who].total() === 0) continue;
    const label = who === 'disagree' ? 'decoders disagree on the name' : `not decoded by ${displayName[who]}`;
    console.log(`  skipped, ${label} (${skipped[who].total()}):`);
    for (const line of skipped[who].lines()) console.log(`    ${line}`);
  }
  for (const [file, reasons] of refused) {
    if (reasons.length > 0)
      console.log(
        `  ${file}: ${reasons.length} item(s) refused at build: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? '; …' : ''}`,
      );
  }
}

/**
 * The committed results: HEAD's bench/results.json in a git checkout (where a file from an earlier,
 * uncommitted run is not a baseline), the file on disk outside one (a release tarball).
 */
function baseline(): { results: Doc; from: string } | undefined {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  let inCheckout: boolean;
  try {
    inCheckout = git('rev-parse', '--is-inside-work-tree').trim() === 'true';
  } catch {
    inCheckout = false;
  }
  if (inCheckout) {
    try {
      return { results: JSON.parse(git('show', 'HEAD:bench/results.json')), from: 'HEAD:bench/results.json' };
    } catch {
      return undefined;
    }
  }
  return existsSync(resultsFile) ? { results: JSON.parse(readFileSync(resultsFile, 'utf8')), from: resultsFile } : undefined;
}

/**
 * Our medians more than 20% above the baseline's. Each line also gives Anchor's change on the same
 * items in the same runs: when it moved as much, the machine was busier, not our decoder slower.
 */
function regressions(old: Doc, now: Record<'instructions' | 'accounts', KindResult>): string[] {
  const lines: string[] = [];
  const change = (before: number | undefined, after: number) => (before !== undefined && before > 0 ? after / before - 1 : undefined);
  const percent = (x: number) => `${x >= 0 ? '+' : ''}${Math.round(x * 100)}%`;
  const check = (label: string, before: ProgramResult | undefined, after: ProgramResult) => {
    const ours = change(before?.oursMedianUs, after.oursMedianUs);
    if (ours === undefined || ours <= regressionThreshold) return;
    const anchor = change(before?.anchorMedianUs, after.anchorMedianUs);
    const context = anchor === undefined ? '' : `; Anchor on the same items ${percent(anchor)}`;
    lines.push(
      `REGRESSION: ${label} ${before!.oursMedianUs.toFixed(2)} → ${after.oursMedianUs.toFixed(2)} µs (${percent(ours)}${context})`,
    );
  };
  const sections = { instructions: old?.decode, accounts: old?.decode?.accounts };
  for (const key of ['instructions', 'accounts'] as const) {
    const was = sections[key];
    if (was === undefined) continue;
    for (const [id, p] of Object.entries(now[key].perProgram)) check(`${p.name} (${id}) ${key}`, was.perProgram?.[id], p);
    check(`all programs ${key}`, was.overall, now[key].overall);
  }
  return lines;
}

// ---- Run ----

const started = performance.now();
const { versions, unpaired } = versionsByProgram();
const built = new Map<string, Contestants>();
const contestants = (programId: string, v: Version): Contestants => {
  let c = built.get(v.file);
  if (c === undefined) {
    c = contestantsFor(programId, v as Version & { anchorFormat: NonNullable<Version['anchorFormat']> });
    built.set(v.file, c);
  }
  return c;
};
const instructionItems = instructionsOfCorpus();
const accountItems = accountsOfCorpus();
const unpairedIds = new Set(unpaired);
const instructionSet = select(instructionItems, versions, unpairedIds, contestants);
const accountSet = select(accountItems, versions, unpairedIds, contestants);
const refused = new Map([...built].map(([file, c]) => [file, c.refused]));

console.log(
  `corpus: ${instructionItems.length} non-native instructions (top-level and inner; json, jsonParsed and base64 answers), ${accountItems.length} accounts`,
);
report('instruction', instructionSet, refused);
report('account', accountSet, new Map());

const floor = timerFloorUs();
const measured = {
  instructions: results('instruction', instructionSet.entries, measure(instructionSet.entries)),
  accounts: results('account', accountSet.entries, measure(accountSet.entries)),
};

console.log(
  `\nDecoding: median latency per instruction (per instruction: tinybench's median, median of 3 rounds; per program and overall: the median over instructions). explorer-kit's figure includes base58-encoding the bytes, which it requires. Ours and explorer-kit return text values; Anchor returns PublicKey and BN objects, and "Anchor + text" is Anchor's decode plus turning those into the same text. Timer floor in every sample: ${floor.toFixed(3)} µs.\n`,
);
console.log(table('instruction', measured.instructions));
console.log(
  `\nTime to decode the whole set once (sum of per-instruction medians): ours ${measured.instructions.overall.oursSumUs.toFixed(0)} µs, Anchor ${measured.instructions.overall.anchorSumUs.toFixed(0)} µs, explorer-kit ${measured.instructions.overall.explorerKitSumUs.toFixed(0)} µs, Anchor + text ${measured.instructions.overall.anchorTextSumUs.toFixed(0)} µs.`,
);
console.log(`\n${verdict('instruction', measured.instructions)}`);
console.log(`\nAccounts: median latency per account (explorer-kit's figure includes base64-encoding the bytes).\n`);
console.log(table('account', measured.accounts));
console.log(`\n${verdict('account', measured.accounts)}`);

const previous = baseline();
const machine = { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version };
if (previous === undefined) {
  console.log('\nNo committed bench/results.json: nothing to compare with.');
} else {
  const lines = regressions(previous.results, measured);
  const was = previous.results.machine;
  const sameMachine = was?.cores === machine.cores && was?.node === machine.node && was?.cpu === machine.cpu;
  console.log(
    `\nAgainst ${previous.from} (${previous.results.date ?? 'undated'}${sameMachine ? '' : `, measured on ${JSON.stringify(was)}: another machine, compare with care`}):`,
  );
  console.log(lines.length > 0 ? lines.join('\n') : `no program's median got more than ${regressionThreshold * 100}% slower.`);
}

// Other benchmarks may keep their own sections in the file: those are carried over.
const onDisk: Doc = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
const decode = { ...measured.instructions, accounts: measured.accounts };
writeFileSync(resultsFile, JSON.stringify({ ...onDisk, machine, date: new Date().toISOString(), decode }, null, 2) + '\n');
console.log(`\nWrote ${resultsFile} (${((performance.now() - started) / 1000).toFixed(0)} s in all).`);
