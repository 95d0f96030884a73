/**
 * Reads an IDL of any supported dialect into the one program description. The dialect is told by
 * the document's shape, not by a declared version: the same program's IDL circulates in several.
 */
import type { ProgramDescription, TypeDef, TypeNode, TypeNodeOf, TypeVisitor } from './description.js';
import { rebuildingVisitor, visitType } from './description.js';
import { readAnchorLegacy } from './anchor-legacy.js';
import { type Json, isJson } from './json.js';
import type { IdlHints } from './hints.js';
import { readAnchor } from './anchor.js';
import { readShank } from './shank.js';
import { readCodama } from './codama.js';
import { checkCodamaRoot } from './codama-input.js';
import { checkAnchorIdl, checkLegacyIdl, checkShankIdl } from './anchor-input.js';
import { decodeBase58 } from '../codec/base58.js';
import { accountDiscriminator, instructionDiscriminator } from './discriminators.js';

function instructionsOf(doc: Json): unknown[] {
  return Array.isArray(doc.instructions) ? doc.instructions : [];
}

function isAnchor030(doc: Json): boolean {
  if (isJson(doc.metadata) && doc.metadata.spec !== undefined) return true;
  // marginfi's SDK ships 0.30 bodies without `address` or `metadata.spec`.
  return instructionsOf(doc).some((ix) => isJson(ix) && Array.isArray(ix.discriminator));
}

function isShank(doc: Json): boolean {
  if (isJson(doc.metadata) && doc.metadata.origin === 'shank') return true;
  return instructionsOf(doc).some((ix) => isJson(ix) && ix.discriminant !== undefined);
}

type Reader = (doc: Json, hints: IdlHints) => ProgramDescription;

/** The dialect's reader, behind the one check of its document that lets it read typed input. */
function readerFor(doc: Json): { dialect: string; read: Reader } {
  if (doc.kind === 'rootNode') return { dialect: 'Codama', read: (d, hints) => readCodama(checkCodamaRoot(d), hints) };
  if (!Array.isArray(doc.instructions)) throw new Error('not an IDL: neither a Codama rootNode nor an instructions list');
  if (isAnchor030(doc)) return { dialect: 'Anchor 0.30', read: (d, hints) => readAnchor(checkAnchorIdl(d), hints) };
  if (isShank(doc)) return { dialect: 'Shank', read: (d, hints) => readShank(checkShankIdl(d), hints) };
  return { dialect: 'Anchor legacy', read: (d, hints) => readAnchorLegacy(checkLegacyIdl(d), hints) };
}

export function readIdl(json: unknown, hints: IdlHints = {}): ProgramDescription {
  if (!isJson(json)) throw new Error('IDL is not a JSON object');
  const { dialect, read } = readerFor(json);
  if (hints.instructionTags !== undefined && dialect !== 'Anchor legacy') {
    throw new Error(`instructionTags are for IDLs without discriminators; this ${dialect} IDL has its own`);
  }
  const hinted = withAccountHints(withOmittedAccounts(withAliases(read(json, hints), hints), hints), hints);
  const program = withSoleAccount(settle(hinted, hints));
  return hints.name === undefined ? program : { ...program, name: hints.name };
}

/** The field that holds what follows a sole account's own fields. */
const trailingField = 'data';

/**
 * A program with one account kind that nothing marks (SPL Name Service: a 96-byte header, then
 * whatever the record's class says, of any length) stores every account as that kind, so the
 * kind is read from any data no other rule claims, and the bytes after its fields are kept as
 * `data` instead of being dropped. A program that lists more kinds, or marks its one kind, is
 * left alone: there an unmarked account may be a kind the IDL does not describe.
 */
function withSoleAccount(program: ProgramDescription): ProgramDescription {
  const [account, ...others] = program.accounts;
  if (account === undefined || others.length > 0) return program;
  if (account.discriminator.length > 0 || account.size !== undefined || account.type.kind !== 'struct') return program;
  if (account.type.fields.some((f) => f.name === trailingField)) return program;
  const fields = [...account.type.fields, { name: trailingField, type: { kind: 'bytes', size: { kind: 'remainder' } } } as const];
  return { ...program, accounts: [{ ...account, type: { kind: 'struct', fields }, fallback: true }] };
}

function withOmittedAccounts(program: ProgramDescription, hints: IdlHints): ProgramDescription {
  const omitted = hints.omittedAccounts;
  if (omitted === undefined) return program;
  const instructions = program.instructions.map((ix) => {
    const names = omitted[ix.name];
    if (names === undefined) return ix;
    const missing = names.filter((name) => !ix.accounts.some((a) => a.name === name));
    // A hint naming what the IDL lacks describes another layout: refuse it rather than guess.
    if (missing.length > 0) throw new Error(`omitted accounts of ${ix.name}: the IDL has no account ${missing.join(', ')}`);
    const accounts = ix.accounts.map((a) => (names.includes(a.name) ? { ...a, optional: true } : a));
    return { ...ix, accounts, optionalAccounts: 'omitted' as const };
  });
  const unknown = Object.keys(omitted).filter((name) => !program.instructions.some((ix) => ix.name === name));
  if (unknown.length > 0) throw new Error(`omitted accounts: the IDL has no instruction ${unknown.join(', ')}`);
  return { ...program, instructions };
}

function withAccountHints(program: ProgramDescription, hints: IdlHints): ProgramDescription {
  const sizes = Object.entries(hints.accountSizes ?? {});
  const prefixes = Object.entries(hints.accountPrefixes ?? {});
  const promoted = hints.typesAsAccounts ?? [];
  const given = Object.entries(hints.accountDiscriminators ?? {});
  if (sizes.length === 0 && prefixes.length === 0 && promoted.length === 0 && given.length === 0) return program;
  const accounts = program.accounts.map((account) => {
    const size = hints.accountSizes?.[account.name];
    const prefix = hints.accountPrefixes?.[account.name];
    const bytes = hints.accountDiscriminators?.[account.name];
    if (bytes !== undefined) {
      if (size !== undefined || prefix !== undefined)
        throw new Error(`account ${account.name} is given a discriminator and a size or prefix`);
      if (!Array.isArray(bytes) || bytes.length === 0 || !bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) {
        throw new Error(`account discriminator for ${account.name} is not a list of bytes`);
      }
      return { ...account, discriminator: Uint8Array.from(bytes) };
    }
    if (size === undefined && prefix === undefined) return account;
    if (account.discriminator.length > 0) throw new Error(`account hint for ${account.name}: it has a discriminator already`);
    if (size !== undefined && prefix !== undefined) throw new Error(`account ${account.name} is given both a size and a prefix`);
    if (prefix !== undefined) {
      if (typeof prefix !== 'string' || prefix === '') throw new Error(`account prefix for ${account.name} is not text`);
      return { ...account, discriminator: new TextEncoder().encode(prefix) };
    }
    if (!Number.isSafeInteger(size) || size! <= 0) throw new Error(`account size for ${account.name} is not a positive integer`);
    return { ...account, size };
  });
  for (const [name] of [...sizes, ...prefixes, ...given]) {
    if (!program.accounts.some((a) => a.name === name)) throw new Error(`account hint for ${name}: the IDL has no account ${name}`);
  }
  for (const name of promoted) {
    const def = program.types.get(name);
    if (def === undefined) throw new Error(`type as account ${name}: the IDL defines no type ${name}`);
    if (accounts.some((a) => a.name === name)) throw new Error(`type as account ${name}: the IDL lists that account already`);
    accounts.push({ name, discriminator: accountDiscriminator(name), type: def.type, serialization: def.serialization });
  }
  return { ...program, accounts };
}

function withAliases(program: ProgramDescription, hints: IdlHints): ProgramDescription {
  if (hints.instructionAliases === undefined) return program;
  const aliases = Object.entries(hints.instructionAliases).map(([name, of]) => {
    const original = program.instructions.find((ix) => ix.name === of);
    if (original === undefined) throw new Error(`instruction alias ${name}: the IDL has no instruction ${of}`);
    return { ...original, name, discriminator: instructionDiscriminator(name) };
  });
  return { ...program, instructions: [...program.instructions, ...aliases] };
}

/**
 * Names older Anchor IDLs leave as `defined` although no program defines them: Rust and Solana
 * aliases of integers. Borsh writes usize/isize as 64 bits, as do zero-copy layouts on the SBF target.
 */
const wellKnown: Record<string, TypeNode> = {
  usize: { kind: 'int', bytes: 8, signed: false },
  isize: { kind: 'int', bytes: 8, signed: true },
  UnixTimestamp: { kind: 'int', bytes: 8, signed: true },
};

type DefinedNode = TypeNodeOf<'defined'>;
type DefinedMap = (t: DefinedNode) => TypeNode;

const rebuild = rebuildingVisitor<DefinedMap>((t, f) => visitType(t, definedMapper, f));
/** Replaces each `defined` node by `f` of it, after its own arguments. */
const definedMapper: TypeVisitor<TypeNode, DefinedMap> = { ...rebuild, defined: (t, f) => f(rebuild.defined(t, f)) };

function mapDefined(type: TypeNode, f: DefinedMap): TypeNode {
  return visitType(type, definedMapper, f);
}

/** Each `defined` reference in `type` that does not name a type of `types` with matching arity. */
function unresolved(type: TypeNode, types: ReadonlyMap<string, TypeDef>): string[] {
  const missing: string[] = [];
  mapDefined(type, (t) => {
    const def = types.get(t.name);
    if (def === undefined || (def.generics?.length ?? 0) !== (t.args?.length ?? 0)) missing.push(t.name);
    return t;
  });
  return missing;
}

/**
 * Makes every `defined` reference resolve: well-known aliases become their integer, and a type,
 * instruction, account or event that needs a type the IDL lacks (or that could not be read) is left
 * out, since it could not be decoded; a program is not refused for one such item.
 */
function settle(program: ProgramDescription, hints: IdlHints): ProgramDescription {
  const address = decodeBase58(program.address);
  if (address === null || address.length !== 32) throw new Error(`program address ${program.address} is not a base58 public key`);

  const alias = (t: DefinedNode): TypeNode => (program.types.has(t.name) ? t : (wellKnown[t.name] ?? t));
  const types = new Map<string, TypeDef>();
  for (const [name, def] of program.types) types.set(name, { ...def, type: mapDefined(def.type, alias) });

  for (let changed = true; changed;) {
    changed = false;
    for (const [name, def] of types) {
      const missing = unresolved(def.type, types);
      if (missing.length > 0) {
        types.delete(name);
        hints.onSkip?.(`type ${name}`, `needs undefined type ${missing[0]}`);
        changed = true;
      }
    }
  }

  const keep = <T extends { name: string }>(what: string, items: T[], typesOf: (item: T) => TypeNode[]): T[] =>
    items.filter((item) => {
      const missing = typesOf(item).flatMap((t) => unresolved(t, types));
      if (missing.length > 0) hints.onSkip?.(`${what} ${item.name}`, `needs undefined type ${missing[0]}`);
      return missing.length === 0;
    });

  const instructions = program.instructions.map((ix) => ({ ...ix, args: ix.args.map((a) => ({ ...a, type: mapDefined(a.type, alias) })) }));
  const accounts = program.accounts.map((a) => ({ ...a, type: mapDefined(a.type, alias) }));
  const events = program.events.map((e) => ({ ...e, type: mapDefined(e.type, alias) }));
  return {
    ...program,
    instructions: keep('instruction', instructions, (ix) => ix.args.map((a) => a.type)),
    accounts: keep('account', accounts, (a) => [a.type]),
    events: keep('event', events, (e) => [e.type]),
    types,
  };
}
