/**
 * A Codama `rootNode` as far as the reader reads its program, and the one check the document gets
 * before the reader sees it. The nodes inside (type, value and discriminator nodes, which nest to
 * any depth and whose meaning depends on where they stand) keep their members unchecked here: the
 * reader checks each as it turns it into the description, and a fault there leaves out one item.
 */
import { declaredAddress } from './hints.js';
import { type Json, json, list, optionalText, text } from './json.js';

/** Any Codama node: an object with a `kind`. */
export type CodamaNode = Json & { kind: string };

export interface CodamaError {
  code: number;
  name: string;
  message?: string;
}

export interface CodamaProgram {
  name: string;
  /** Absent or empty: the caller's address stands in. */
  publicKey?: string;
  version?: string;
  definedTypes: CodamaNode[];
  accounts: CodamaNode[];
  instructions: CodamaNode[];
  events: CodamaNode[];
  errors: CodamaError[];
}

export interface CodamaRoot {
  program: CodamaProgram;
}

export function node(value: unknown, what: string): CodamaNode {
  const n = json(value, what);
  if (typeof n.kind !== 'string') throw new Error(`${what} has no kind`);
  return n as CodamaNode;
}

export function nodes(value: unknown, what: string): CodamaNode[] {
  return list(value ?? [], what).map((n) => node(n, what));
}

function checkError(e: CodamaNode): CodamaError {
  if (!Number.isSafeInteger(e.code)) throw new Error(`error code ${JSON.stringify(e.code)} is not an integer`);
  const error: CodamaError = { code: e.code as number, name: text(e.name, 'error name') };
  if (typeof e.message === 'string') error.message = e.message;
  return error;
}

export function checkCodamaRoot(value: unknown): CodamaRoot {
  const root = node(value, 'IDL');
  const program = node(root.program, 'IDL program');
  return {
    program: {
      name: text(program.name, 'program name'),
      publicKey: declaredAddress(program.publicKey),
      version: optionalText(program.version),
      definedTypes: nodes(program.definedTypes, 'defined types'),
      accounts: nodes(program.accounts, 'accounts'),
      instructions: nodes(program.instructions, 'instructions'),
      events: nodes(program.events, 'events'),
      errors: nodes(program.errors, 'errors').map(checkError),
    },
  };
}
