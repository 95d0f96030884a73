/**
 * A Codama `rootNode` as far as the reader reads its program, and the one check the document gets
 * before the reader sees it. A fault in the root, the program or its errors refuses the document;
 * each defined type, account, instruction and event is checked on its own (see `Checked`), as the
 * reader leaves out what it cannot describe. The nodes inside are typed in codama-type-input.ts.
 */
import {
  type CodamaNode,
  type CodamaTypeNode,
  type ConstantValueNode,
  type NumberTypeNode,
  type StructFieldTypeNode,
  checkConstant,
  checkFields,
  checkNumber,
  checkStruct,
  checkType,
  node,
  nodes,
  variantTag,
} from './codama-type-input.js';
import { declaredAddress } from './hints.js';
import { type Checked, type Json, checked, isJson, optionalText, text } from './json.js';

export interface CodamaError {
  code: number;
  name: string;
  message?: string;
}

export type CodamaDiscriminatorNode =
  | { kind: 'fieldDiscriminatorNode'; name: string; offset: number }
  | { kind: 'constantDiscriminatorNode'; constant: ConstantValueNode; offset: number }
  | { kind: 'sizeDiscriminatorNode'; size: number };

export interface CodamaDefinedType {
  name: string;
  type: CodamaTypeNode;
}

/** An account's or an event's data, told apart by its discriminators. */
export interface CodamaDataNode {
  name: string;
  data: CodamaTypeNode;
  discriminators: CodamaDiscriminatorNode[];
  /** An account's data length when every such account has the same one (Codama's accountNode `size`). */
  size?: number;
}

export interface CodamaInstructionAccount {
  name: string;
  isWritable: boolean;
  /** `either`: the account may sign or not. */
  isSigner: boolean | 'either';
  isOptional: boolean;
}

export interface CodamaInstruction {
  name: string;
  arguments: StructFieldTypeNode[];
  discriminators: CodamaDiscriminatorNode[];
  accounts: CodamaInstructionAccount[];
  /** How a client leaves an optional account out: `omitted` drops it from the list, else the program id stands in. */
  optionalAccountStrategy?: 'omitted' | 'programId';
}

/**
 * What writing one unit variant of an enum as a constant reads of the enum: each variant's name
 * (where it is a string) and tag, and the tag's width. It is checked apart from the enum's type, and
 * each tag on its own, because a discriminator may name a variant of an enum whose type, or whose
 * other variants, the reader cannot describe.
 */
export interface CodamaEnumTags {
  variants: { name?: string; tag: Checked<number> }[];
  size?: NumberTypeNode;
}

export interface CodamaProgram {
  name: string;
  /** Absent or empty: the caller's address stands in. */
  publicKey?: string;
  version?: string;
  definedTypes: Checked<CodamaDefinedType>[];
  /** The enums among the defined types, by name (the last of a name), whether or not their types were accepted. */
  enums: ReadonlyMap<string, Checked<CodamaEnumTags>>;
  accounts: Checked<CodamaDataNode>[];
  instructions: Checked<CodamaInstruction>[];
  events: Checked<CodamaDataNode>[];
  errors: CodamaError[];
}

export interface CodamaRoot {
  program: CodamaProgram;
}

function checkedNodes<T>(value: unknown, what: string, check: (n: CodamaNode) => T): Checked<T>[] {
  return nodes(value, what, (n) => checked(n, check));
}

function checkError(e: CodamaNode): CodamaError {
  if (typeof e.code !== 'number' || !Number.isSafeInteger(e.code))
    throw new Error(`error code ${JSON.stringify(e.code)} is not an integer`);
  const error: CodamaError = { code: e.code, name: text(e.name, 'error name') };
  if (typeof e.message === 'string') error.message = e.message;
  return error;
}

function checkDefinedType(d: CodamaNode): CodamaDefinedType {
  return { name: text(d.name, 'type name'), type: checkType(d.type) };
}

function checkDiscriminator(d: CodamaNode): CodamaDiscriminatorNode {
  if (d.kind === 'sizeDiscriminatorNode') {
    if (typeof d.size !== 'number' || !Number.isSafeInteger(d.size)) throw new Error('size discriminator is not a length');
    return { kind: d.kind, size: d.size };
  }
  // Worded as the reader words an offset that is not the next one, and a name that is not the next field's.
  if (typeof d.offset !== 'number') throw new Error(`${d.kind} at offset ${String(d.offset)} does not follow the bytes before it`);
  if (d.kind === 'fieldDiscriminatorNode') {
    if (typeof d.name !== 'string') throw new Error(`discriminator field ${String(d.name)} is not the next field`);
    return { kind: d.kind, name: d.name, offset: d.offset };
  }
  if (d.kind === 'constantDiscriminatorNode')
    return { kind: d.kind, constant: checkConstant(node(d.constant, 'constant')), offset: d.offset };
  throw new Error(`unknown discriminator ${d.kind}`);
}

function checkDiscriminators(value: unknown): CodamaDiscriminatorNode[] {
  return nodes(value, 'discriminators', checkDiscriminator);
}

function checkDataNode(kind: 'account' | 'event'): (n: CodamaNode) => CodamaDataNode {
  return (n) => {
    const name = text(n.name, `${kind} name`);
    const data = node(n.data, `${kind} ${name} data`);
    const discriminators = checkDiscriminators(n.discriminators);
    // Struct data's fields are refused under the name the reader has always read them by.
    const checkedNode: CodamaDataNode = {
      name,
      discriminators,
      data: data.kind === 'structTypeNode' ? checkStruct(data, 'fields') : checkType(data),
    };
    if (kind === 'account' && n.size !== undefined && n.size !== null) {
      if (typeof n.size !== 'number' || !Number.isSafeInteger(n.size) || n.size < 0)
        throw new Error(`account ${name} size is not a length`);
      checkedNode.size = n.size;
    }
    return checkedNode;
  };
}

function checkInstructionAccount(a: CodamaNode): CodamaInstructionAccount {
  return {
    name: text(a.name, 'account name'),
    isWritable: a.isWritable === true,
    isSigner: a.isSigner === 'either' ? 'either' : a.isSigner === true,
    isOptional: a.isOptional === true,
  };
}

function checkInstruction(ix: CodamaNode): CodamaInstruction {
  const instruction: CodamaInstruction = {
    name: text(ix.name, 'instruction name'),
    arguments: checkFields(ix.arguments, 'arguments', 'argument name'),
    discriminators: checkDiscriminators(ix.discriminators),
    accounts: nodes(ix.accounts, 'instruction accounts', checkInstructionAccount),
  };
  if (ix.optionalAccountStrategy === 'omitted' || ix.optionalAccountStrategy === 'programId') {
    instruction.optionalAccountStrategy = ix.optionalAccountStrategy;
  }
  return instruction;
}

function checkEnumTags(type: Json): CodamaEnumTags {
  const variants = nodes(type.variants, 'enum variants', (v, index) => ({
    ...(typeof v.name === 'string' && { name: v.name }),
    tag: checked(v, () => variantTag(v).discriminator ?? index),
  }));
  return { variants, ...(type.size !== undefined && { size: checkNumber(type.size, 'enum size') }) };
}

function enumsOf(definedTypes: CodamaNode[]): Map<string, Checked<CodamaEnumTags>> {
  const enums = new Map<string, Checked<CodamaEnumTags>>();
  for (const d of definedTypes) {
    if (typeof d.name === 'string' && isJson(d.type) && d.type.kind === 'enumTypeNode') enums.set(d.name, checked(d.type, checkEnumTags));
  }
  return enums;
}

export function checkCodamaRoot(value: unknown): CodamaRoot {
  const root = node(value, 'IDL');
  const program = node(root.program, 'IDL program');
  const name = text(program.name, 'program name');
  const publicKey = declaredAddress(program.publicKey);
  const version = optionalText(program.version);
  const definedTypes = nodes(program.definedTypes, 'defined types', (d) => d);
  return {
    program: {
      name,
      publicKey,
      version,
      definedTypes: definedTypes.map((d) => checked(d, checkDefinedType)),
      enums: enumsOf(definedTypes),
      accounts: checkedNodes(program.accounts, 'accounts', checkDataNode('account')),
      instructions: checkedNodes(program.instructions, 'instructions', checkInstruction),
      events: checkedNodes(program.events, 'events', checkDataNode('event')),
      errors: nodes(program.errors, 'errors', checkError),
    },
  };
}
