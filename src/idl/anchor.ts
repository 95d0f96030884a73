/**
 * Anchor 0.30+ IDLs: discriminators are written out (any length), accounts and events name a type
 * of `types`, and type definitions may be generic and zero-copy (`serialization`, `repr`).
 *
 * Hand-written descriptions of non-Anchor programs (`idls/hand-written/`) use this format with
 * `metadata.origin: "hand-written"` and one extension: an account may give its exact data `size`
 * instead of a discriminator, since such programs (Serum markets, token-swap pools) tell their
 * accounts apart by length alone.
 */
import type { AccountDesc, EventDesc, InstructionDesc, ProgramDescription, TypeDef } from './description.js';
import { type IdlHints, programAddress, skip } from './hints.js';
import { isJson, json, list, text } from './json.js';
import { errorsOf, instructionAccounts, instructionArgs, readTypeDefs } from './anchor-legacy.js';

function discriminatorOf(value: unknown, what: string): Uint8Array {
  const bytes = list(value, `${what} discriminator`);
  if (!bytes.every((b) => Number.isInteger(b) && (b as number) >= 0 && (b as number) <= 255)) {
    throw new Error(`${what} discriminator is not a list of bytes`);
  }
  return Uint8Array.from(bytes as number[]);
}

function typeNamed(types: Map<string, TypeDef>, name: string): TypeDef {
  const def = types.get(name);
  if (def === undefined) throw new Error(`no type ${name} in types`);
  if (def.generics !== undefined && def.generics.length > 0) throw new Error(`type ${name} is generic`);
  return def;
}

function accountSize(value: unknown, what: string): number {
  if (!Number.isSafeInteger(value) || (value as number) <= 0)
    throw new Error(`${what} size ${JSON.stringify(value)} is not a positive integer`);
  return value as number;
}

export function readAnchor(value: unknown, hints: IdlHints = {}): ProgramDescription {
  const doc = json(value, 'IDL');
  const metadata = json(doc.metadata, 'IDL metadata');
  const name = text(metadata.name, 'IDL metadata.name');
  const address = programAddress(doc.address, hints, name);

  const types = readTypeDefs(doc, hints);

  const instructions: InstructionDesc[] = [];
  for (const i of list(doc.instructions, 'instructions')) {
    try {
      const ix = json(i, 'instruction');
      const ixName = text(ix.name, 'instruction name');
      instructions.push({
        name: ixName,
        discriminator: discriminatorOf(ix.discriminator, `instruction ${ixName}`),
        accounts: instructionAccounts(ix.accounts),
        args: instructionArgs(ix.args),
      });
    } catch (error) {
      skip(hints, `instruction ${String(isJson(i) ? i.name : '?')}`, error);
    }
  }

  const accounts: AccountDesc[] = [];
  for (const a of list(doc.accounts ?? [], 'accounts')) {
    try {
      const account = json(a, 'account');
      const accountName = text(account.name, 'account name');
      const def = typeNamed(types, accountName);
      // Either marker, not both: a discriminator that is also size-checked would be a third rule.
      if (account.size !== undefined && account.discriminator !== undefined)
        throw new Error(`account ${accountName} has both size and discriminator`);
      const sized = account.size !== undefined;
      const desc: AccountDesc = {
        name: accountName,
        discriminator: sized ? new Uint8Array(0) : discriminatorOf(account.discriminator, `account ${accountName}`),
        type: def.type,
        serialization: def.serialization,
      };
      if (sized) desc.size = accountSize(account.size, `account ${accountName}`);
      if (def.repr !== undefined) desc.repr = def.repr;
      accounts.push(desc);
    } catch (error) {
      skip(hints, `account ${String(isJson(a) ? a.name : '?')}`, error);
    }
  }

  const events: EventDesc[] = [];
  for (const e of list(doc.events ?? [], 'events')) {
    try {
      const event = json(e, 'event');
      const eventName = text(event.name, 'event name');
      events.push({
        name: eventName,
        discriminator: discriminatorOf(event.discriminator, `event ${eventName}`),
        type: typeNamed(types, eventName).type,
      });
    } catch (error) {
      skip(hints, `event ${String(isJson(e) ? e.name : '?')}`, error);
    }
  }

  return {
    address,
    name,
    ...(typeof metadata.version === 'string' ? { version: metadata.version } : {}),
    dialect: metadata.origin === 'hand-written' ? 'hand-written' : 'anchor',
    instructions,
    accounts,
    events,
    errors: errorsOf(doc.errors),
    types,
  };
}
