/**
 * Anchor coders for the decoding benchmark, built from the bundled IDL files.
 *
 * @coral-xyz/anchor 0.32 reads only the 0.30+ IDL format, so a legacy (pre-0.30) IDL is converted
 * the way Anchor's pre-0.30 client derived what the new format writes out: instruction
 * discriminators are sha256(`global:<snake_case name>`)[..8] and account discriminators
 * sha256(`account:<Name>`)[..8]; `publicKey` becomes `pubkey`; `defined` names are wrapped; accounts
 * move into `types`. Events are not converted: the benchmark measures instructions and accounts.
 *
 * BorshCoder builds a layout for every type when it is constructed and refuses the whole IDL when
 * one of them uses a construct it does not support. Decoding instead goes through one
 * BorshInstructionCoder and one BorshAccountsCoder holding every instruction (account) whose own
 * layout Anchor can build, so an unsupported type only costs the items that use it.
 */
import { createHash } from 'node:crypto';
import { BorshAccountsCoder, BorshInstructionCoder, type Idl } from '@coral-xyz/anchor';

// IDL documents are loosely typed JSON; `any` keeps the converter readable.
type Doc = any;

/** 0.30+ IDLs say so in `metadata.spec`, or carry explicit discriminators (marginfi ships neither address nor spec). */
export function isAnchor030(idl: Doc): boolean {
  return (
    idl.metadata?.spec !== undefined ||
    (Array.isArray(idl.instructions) && idl.instructions.some((ix: Doc) => Array.isArray(ix.discriminator)))
  );
}

/** The `snake-case` package's rules, which Anchor's pre-0.30 client applied to instruction names. */
function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('_')
    .toLowerCase();
}

const sighash = (preimage: string): number[] => [...createHash('sha256').update(preimage).digest().subarray(0, 8)];

function typeOf(t: Doc): Doc {
  if (typeof t === 'string') return t === 'publicKey' ? 'pubkey' : t;
  if ('defined' in t) return { defined: { name: t.defined } };
  if ('option' in t) return { option: typeOf(t.option) };
  if ('coption' in t) return { coption: typeOf(t.coption) };
  if ('vec' in t) return { vec: typeOf(t.vec) };
  if ('array' in t) return { array: [typeOf(t.array[0]), t.array[1]] };
  throw new Error(`legacy IDL type ${JSON.stringify(t)}`);
}

/** Named fields keep their names; tuple-variant fields are bare types. */
const fieldsOf = (fields: Doc[] | undefined): Doc[] | undefined =>
  fields?.map((f) => (typeof f === 'object' && 'name' in f && 'type' in f ? { name: f.name, type: typeOf(f.type) } : typeOf(f)));

function bodyOf(t: Doc): Doc {
  switch (t.kind) {
    case 'struct':
      return { kind: 'struct', fields: fieldsOf(t.fields) };
    case 'enum':
      return {
        kind: 'enum',
        variants: t.variants.map((v: Doc) => (v.fields ? { name: v.name, fields: fieldsOf(v.fields) } : { name: v.name })),
      };
    case 'alias':
      return { kind: 'type', alias: typeOf(t.value) };
  }
  throw new Error(`legacy IDL type kind ${t.kind}`);
}

/**
 * A legacy IDL in the 0.30 format. Legacy IDLs keep accounts, events and types in separate
 * namespaces and the 0.30 format has one: an account or event named like a type is left out (its
 * `defined` references mean the type, as Jupiter v4's `Swap` enum and `Swap` event show), and
 * reported through `leftOut`.
 */
export function fromLegacy(idl: Doc, address: string, leftOut: (what: string) => void): Idl {
  const types: Doc[] = (idl.types ?? []).map((t: Doc) => ({ name: t.name, type: bodyOf(t.type) }));
  const free = (name: string, what: string): boolean => {
    const clash = types.some((t) => t.name === name);
    if (clash) leftOut(`${idl.name}: ${what} ${name} has the name of a type`);
    return !clash;
  };
  const accounts = (idl.accounts ?? []).filter((a: Doc) => free(a.name, 'account'));
  for (const a of accounts) types.push({ name: a.name, type: bodyOf(a.type) });
  const events = (idl.events ?? []).filter((e: Doc) => free(e.name, 'event'));
  for (const e of events)
    types.push({ name: e.name, type: { kind: 'struct', fields: e.fields.map((f: Doc) => ({ name: f.name, type: typeOf(f.type) })) } });
  return {
    address,
    metadata: { name: idl.name, version: idl.version, spec: '0.1.0' },
    instructions: idl.instructions.map((ix: Doc) => ({
      name: ix.name,
      discriminator: sighash(`global:${snakeCase(ix.name)}`),
      accounts: [],
      args: ix.args.map((a: Doc) => ({ name: a.name, type: typeOf(a.type) })),
    })),
    accounts: accounts.map((a: Doc) => ({ name: a.name, discriminator: sighash(`account:${a.name}`) })),
    events: events.map((e: Doc) => ({ name: e.name, discriminator: sighash(`event:${e.name}`) })),
    types,
  };
}

export interface AnchorDecoders {
  instruction: BorshInstructionCoder;
  accounts: BorshAccountsCoder;
  /** The account `accounts.decodeAny` decodes `data` as (it returns only the fields): the first whose discriminator starts the data. */
  accountNameOf(data: Buffer): string | null;
  /** Instructions and accounts whose layout Anchor cannot build, with its reason. */
  refused: string[];
}

/**
 * The instructions (accounts) of `idl` for which `build` succeeds on the IDL holding only that
 * one; `refused` is told of the others. Also used for explorer-kit, whose parsers wrap Anchor's
 * coders and refuse whole IDLs the same way.
 */
export function keepBuildable(
  idl: Doc,
  key: 'instructions' | 'accounts',
  build: (one: Doc) => unknown,
  refused: (what: string) => void,
): Doc[] {
  return ((idl[key] ?? []) as Doc[]).filter((item) => {
    try {
      build({ ...idl, [key]: [item] });
      return true;
    } catch (error) {
      refused(`${key.slice(0, -1)} ${item.name}: ${(error as Error).message}`);
      return false;
    }
  });
}

/** Anchor's instruction and account decoders for a 0.30-format IDL. */
export function anchorDecoders(idl: Idl): AnchorDecoders {
  const refused: string[] = [];
  const note = (what: string) => refused.push(what);
  const instructions = keepBuildable(idl, 'instructions', (one) => new BorshInstructionCoder(one), note);
  const accounts = keepBuildable(idl, 'accounts', (one) => new BorshAccountsCoder(one), note);
  return {
    instruction: new BorshInstructionCoder({ ...idl, instructions }),
    accounts: new BorshAccountsCoder({ ...idl, accounts }),
    accountNameOf: (data) =>
      accounts.find((a) => data.subarray(0, a.discriminator.length).equals(Buffer.from(a.discriminator)))?.name ?? null,
    refused,
  };
}
