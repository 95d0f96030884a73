/**
 * Anchor 0.30+ IDLs: discriminators are written out (any length), accounts and events name a type
 * of `types`, and type definitions may be generic and zero-copy (`serialization`, `repr`).
 *
 * Hand-written descriptions of non-Anchor programs (`idls/hand-written/`) use this format with
 * `metadata.origin: "hand-written"` and two extensions: an account may give its exact data `size`
 * instead of a discriminator, since such programs (Serum markets, token-swap pools) tell their
 * accounts apart by length alone; and `{ "bigEndian": "u32" }` (any integer name) is an integer
 * stored most significant byte first, as Chainlink's OCR2 reports are.
 */
import type { AccountDesc, EventDesc, InstructionDesc, ProgramDescription, TypeDef, TypeNode } from './description.js';
import { type IdlHints, programAddress, skip } from './hints.js';
import { accepted, itemName } from './json.js';
import type { AnchorIdl } from './anchor-input.js';
import { errorsOf, instructionAccounts, instructionArgs, readTypeDefs } from './anchor-legacy.js';

function typeNamed(types: Map<string, TypeDef>, name: string): TypeDef {
  const def = types.get(name);
  if (def === undefined) throw new Error(`no type ${name} in types`);
  if (def.generics !== undefined && def.generics.length > 0) throw new Error(`type ${name} is generic`);
  return def;
}

/**
 * Phoenix's IDLs give each account its discriminator and then open its type with a `discriminant`
 * u64 that is those same eight bytes; read as a further field it would shift every field after it
 * by eight. The account's layout (not the type, which other items may use) leaves it out.
 */
function withoutDiscriminatorField(type: TypeNode, discriminator: Uint8Array, hints: IdlHints): TypeNode {
  const name = hints.accountFieldIsDiscriminator;
  if (name === undefined || type.kind !== 'struct' || discriminator.length === 0) return type;
  const [first, ...rest] = type.fields;
  if (first?.name !== name) return type;
  if (first.type.kind !== 'int' || first.type.bytes !== discriminator.length) {
    throw new Error(`field ${name} is not an integer as wide as the discriminator`);
  }
  return { kind: 'struct', fields: rest };
}

export function readAnchor(doc: AnchorIdl, hints: IdlHints = {}): ProgramDescription {
  const { metadata } = doc;
  const name = metadata.name;
  const address = programAddress(doc.address, hints, name);

  const types = readTypeDefs(doc.types, hints);

  const instructions: InstructionDesc[] = [];
  for (const i of doc.instructions) {
    try {
      const ix = accepted(i);
      instructions.push({
        name: ix.name,
        discriminator: Uint8Array.from(ix.discriminator),
        accounts: instructionAccounts(ix.accounts),
        args: instructionArgs(ix.args),
      });
    } catch (error) {
      skip(hints, `instruction ${itemName(i, '?')}`, error);
    }
  }

  const accounts: AccountDesc[] = [];
  for (const a of doc.accounts) {
    try {
      const account = accepted(a);
      const def = typeNamed(types, account.name);
      const discriminator = Uint8Array.from(account.discriminator ?? []);
      const desc: AccountDesc = {
        name: account.name,
        discriminator,
        type: withoutDiscriminatorField(def.type, discriminator, hints),
        serialization: def.serialization,
      };
      if (account.size !== undefined) desc.size = account.size;
      if (def.repr !== undefined) desc.repr = def.repr;
      accounts.push(desc);
    } catch (error) {
      skip(hints, `account ${itemName(a, '?')}`, error);
    }
  }

  const events: EventDesc[] = [];
  for (const e of doc.events) {
    try {
      const event = accepted(e);
      events.push({
        name: event.name,
        discriminator: Uint8Array.from(event.discriminator),
        type: typeNamed(types, event.name).type,
      });
    } catch (error) {
      skip(hints, `event ${itemName(e, '?')}`, error);
    }
  }

  return {
    address,
    name,
    ...(metadata.version !== undefined ? { version: metadata.version } : {}),
    dialect: metadata.origin === 'hand-written' ? 'hand-written' : 'anchor',
    instructions,
    accounts,
    events,
    errors: errorsOf(doc.errors),
    types,
  };
}
