/**
 * The documents of the Anchor-shaped dialects (Anchor legacy, Shank and hand-written IDLs share the
 * legacy layout; Anchor 0.30+ has its own), as far as the readers read them, and the one check each
 * document gets before a reader sees it. A fault in the document refuses it; a fault in one item of
 * a list refuses that item only (see `Checked`), as the readers leave out what they cannot describe.
 */
import { type AnchorField, type AnchorTypeBody, checkNamedFields, checkTypeBody } from './anchor-type-input.js';
import { declaredAddress } from './hints.js';
import { type Checked, checkedItems, isJson, json, list, optionalText, text } from './json.js';

export type { AnchorField, AnchorType, AnchorTypeBody, AnchorVariant, CollectionSize } from './anchor-type-input.js';

export interface AnchorRepr {
  kind: 'c' | 'transparent' | 'rust';
  packed?: true;
  align?: number;
}

export interface AnchorTypeDef {
  name: string;
  /** Borsh when absent; the bytemuck ones are zero-copy (0.30+). */
  serialization: 'borsh' | 'bytemuck' | 'bytemuckunsafe';
  repr?: AnchorRepr;
  generics?: { name: string; kind: 'type' | 'const' }[];
  type: AnchorTypeBody;
}

/** One account of an instruction, in either spelling: legacy `isMut`/`isSigner`, 0.30 `writable`/`signer`. */
export interface AnchorInstructionAccount {
  name: string;
  isMut?: true;
  isSigner?: true;
  isOptional?: true;
  writable?: true;
  signer?: true;
  optional?: true;
  /** Metaplex: any number of accounts may follow in this place. */
  variadic?: true;
  /** Anchor 0.30: the account must be this address. */
  address?: string;
}

/** A nested group of accounts (a composite `Accounts` struct), read flattened in order. */
export interface AnchorAccountGroup {
  accounts: AnchorAccountItem[];
}

export type AnchorAccountItem = AnchorInstructionAccount | AnchorAccountGroup;

export interface AnchorError {
  code: number;
  name: string;
  msg?: string;
}

export interface LegacyInstruction {
  name: string;
  accounts: AnchorAccountItem[];
  args: AnchorField[];
}

/** Shank's instruction tag, little-endian in its type's width; absent on the noop programs' one instruction. */
export interface ShankDiscriminant {
  type: 'u8' | 'u16' | 'u32' | 'u64';
  value: number;
}

export interface ShankInstruction extends LegacyInstruction {
  discriminant?: ShankDiscriminant;
}

export interface LegacyEvent {
  name: string;
  fields: AnchorField[];
}

/** An Anchor IDL before 0.30, and the layout Shank and hand-written IDLs share with it. */
export interface LegacyIdl<Instruction extends LegacyInstruction = LegacyInstruction> {
  name: string;
  version?: string;
  /** The address, where the IDL carries one. */
  metadata?: { address?: string };
  types: Checked<AnchorTypeDef>[];
  /** Legacy accounts are type definitions of their own. */
  accounts: Checked<AnchorTypeDef>[];
  instructions: Checked<Instruction>[];
  events: Checked<LegacyEvent>[];
  errors: AnchorError[];
}

export type ShankIdl = LegacyIdl<ShankInstruction>;

export interface AnchorInstruction extends LegacyInstruction {
  discriminator: number[];
}

/** An account names the type of `types` it holds; hand-written IDLs may give its exact `size` instead of a discriminator. */
export interface AnchorAccount {
  name: string;
  discriminator?: number[];
  size?: number;
}

export interface AnchorEvent {
  name: string;
  discriminator: number[];
}

/** An Anchor IDL from 0.30 on (`origin: "hand-written"`: this project's descriptions of non-Anchor programs). */
export interface AnchorIdl {
  address?: string;
  metadata: { name: string; version?: string; origin?: string };
  types: Checked<AnchorTypeDef>[];
  instructions: Checked<AnchorInstruction>[];
  accounts: Checked<AnchorAccount>[];
  events: Checked<AnchorEvent>[];
  errors: AnchorError[];
}

const serializations: readonly unknown[] = ['borsh', 'bytemuck', 'bytemuckunsafe'];
const reprKinds: readonly unknown[] = ['c', 'transparent', 'rust'];

function reprOf(value: unknown): AnchorRepr {
  const r = json(value, 'repr');
  if (!reprKinds.includes(r.kind)) throw new Error(`unknown repr ${JSON.stringify(r.kind)}`);
  return {
    kind: r.kind as AnchorRepr['kind'],
    ...(r.packed === true && { packed: true }),
    ...(typeof r.align === 'number' && { align: r.align }),
  };
}

export function checkTypeDef(value: unknown): AnchorTypeDef {
  const def = json(value, 'type definition');
  const name = text(def.name, 'type name');
  const serialization = def.serialization ?? 'borsh';
  if (!serializations.includes(serialization)) throw new Error(`unknown serialization ${JSON.stringify(serialization)}`);
  const typeDef: AnchorTypeDef = {
    name,
    serialization: serialization as AnchorTypeDef['serialization'],
    type: checkTypeBody(json(def.type, `type ${name}`)),
  };
  if (def.repr !== undefined) typeDef.repr = reprOf(def.repr);
  if (def.generics !== undefined) {
    typeDef.generics = list(def.generics, 'generics').map((g) => {
      const generic = json(g, 'generic parameter');
      if (generic.kind !== 'type' && generic.kind !== 'const') throw new Error(`unknown generic kind ${JSON.stringify(generic.kind)}`);
      return { name: text(generic.name, 'generic name'), kind: generic.kind };
    });
  }
  return typeDef;
}

function flag(value: unknown): true | undefined {
  return value === true ? true : undefined;
}

function checkAccountItems(value: unknown): AnchorAccountItem[] {
  return list(value ?? [], 'instruction accounts').map((a): AnchorAccountItem => {
    const account = json(a, 'instruction account');
    if (account.accounts !== undefined) return { accounts: checkAccountItems(account.accounts) };
    // One shape for every account, which keeps reading them fast.
    return {
      name: text(account.name, 'account name'),
      isMut: flag(account.isMut),
      isSigner: flag(account.isSigner),
      isOptional: flag(account.isOptional),
      writable: flag(account.writable),
      signer: flag(account.signer),
      optional: flag(account.optional),
      variadic: flag(account.variadic),
      address: typeof account.address === 'string' ? account.address : undefined,
    };
  });
}

function checkArgs(value: unknown): AnchorField[] {
  return checkNamedFields(list(value ?? [], 'instruction args'));
}

function checkErrors(value: unknown): AnchorError[] {
  return list(value ?? [], 'errors').map((e) => {
    const error = json(e, 'error');
    if (!Number.isSafeInteger(error.code)) throw new Error(`error code ${JSON.stringify(error.code)} is not an integer`);
    const checked: AnchorError = { code: error.code as number, name: text(error.name, 'error name') };
    if (typeof error.msg === 'string') checked.msg = error.msg;
    return checked;
  });
}

const tagWidths: readonly unknown[] = ['u8', 'u16', 'u32', 'u64'];

function checkDiscriminant(value: unknown): ShankDiscriminant {
  const d = json(value, 'discriminant');
  if (!tagWidths.includes(d.type)) throw new Error(`unknown discriminant type ${JSON.stringify(d.type)}`);
  if (typeof d.value !== 'number' || !Number.isSafeInteger(d.value) || d.value < 0) {
    throw new Error(`discriminant value ${JSON.stringify(d.value)} is not a non-negative integer`);
  }
  return { type: d.type as ShankDiscriminant['type'], value: d.value };
}

function checkLegacyEvent(value: unknown): LegacyEvent {
  const event = json(value, 'event');
  return { name: text(event.name, 'event name'), fields: checkNamedFields(list(event.fields ?? [], 'event fields')) };
}

function legacyShaped(value: unknown, shank: boolean): ShankIdl {
  const doc = json(value, 'IDL');
  const name = text(doc.name, 'IDL name');
  const metadata = isJson(doc.metadata) ? { address: declaredAddress(doc.metadata.address) } : undefined;
  return {
    name,
    metadata,
    types: checkedItems(doc.types ?? [], 'types', checkTypeDef),
    accounts: checkedItems(doc.accounts ?? [], 'accounts', checkTypeDef),
    instructions: checkedItems(doc.instructions, 'instructions', (i) => {
      const ix = json(i, 'instruction');
      return {
        name: text(ix.name, 'instruction name'),
        // Only Shank reads it; the other legacy-shaped dialects take their tags from names or hints.
        discriminant: shank && ix.discriminant !== undefined ? checkDiscriminant(ix.discriminant) : undefined,
        accounts: checkAccountItems(ix.accounts),
        args: checkArgs(ix.args),
      };
    }),
    events: checkedItems(doc.events ?? [], 'events', checkLegacyEvent),
    errors: checkErrors(doc.errors),
    version: optionalText(doc.version),
  };
}

export function checkLegacyIdl(value: unknown): LegacyIdl {
  return legacyShaped(value, false);
}

export function checkShankIdl(value: unknown): ShankIdl {
  return legacyShaped(value, true);
}

function checkDiscriminator(value: unknown, what: string): number[] {
  const bytes = list(value, `${what} discriminator`);
  if (!bytes.every((b) => Number.isInteger(b) && (b as number) >= 0 && (b as number) <= 255)) {
    throw new Error(`${what} discriminator is not a list of bytes`);
  }
  return bytes as number[];
}

function checkAccount(value: unknown): AnchorAccount {
  const account = json(value, 'account');
  const name = text(account.name, 'account name');
  // Either marker, not both: a discriminator that is also size-checked would be a third rule.
  if (account.size !== undefined && account.discriminator !== undefined) throw new Error(`account ${name} has both size and discriminator`);
  if (account.size === undefined) return { name, discriminator: checkDiscriminator(account.discriminator, `account ${name}`) };
  if (!Number.isSafeInteger(account.size) || (account.size as number) <= 0)
    throw new Error(`account ${name} size ${JSON.stringify(account.size)} is not a positive integer`);
  return { name, size: account.size as number };
}

export function checkAnchorIdl(value: unknown): AnchorIdl {
  const doc = json(value, 'IDL');
  const metadata = json(doc.metadata, 'IDL metadata');
  const name = text(metadata.name, 'IDL metadata.name');
  return {
    metadata: { name, version: optionalText(metadata.version), origin: optionalText(metadata.origin) },
    address: declaredAddress(doc.address),
    types: checkedItems(doc.types ?? [], 'types', checkTypeDef),
    instructions: checkedItems(doc.instructions, 'instructions', (i) => {
      const ix = json(i, 'instruction');
      const ixName = text(ix.name, 'instruction name');
      return {
        name: ixName,
        discriminator: checkDiscriminator(ix.discriminator, `instruction ${ixName}`),
        accounts: checkAccountItems(ix.accounts),
        args: checkArgs(ix.args),
      };
    }),
    accounts: checkedItems(doc.accounts ?? [], 'accounts', checkAccount),
    events: checkedItems(doc.events ?? [], 'events', (e) => {
      const event = json(e, 'event');
      const eventName = text(event.name, 'event name');
      return { name: eventName, discriminator: checkDiscriminator(event.discriminator, `event ${eventName}`) };
    }),
    errors: checkErrors(doc.errors),
  };
}
