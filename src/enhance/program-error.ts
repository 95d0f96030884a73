/**
 * Names a failed transaction's custom program error. `meta.err` only says
 * `{"InstructionError":[i, {"Custom": code}]}`; the logs say which program raised it (often a
 * program called by instruction i, not its own program), and that program's IDL — or Anchor's
 * framework table for codes below 6000 — names it. `meta.err` itself is left as the node wrote it;
 * the name goes on top-level instruction i as `error: {code, name, message, programId}`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TransactionError } from '@solana/kit';
import type { ProgramRegistry } from '../decode/registry.js';
import { bundledIdlDir } from '../idl/bundled.js';
import type { InstructionEntry, TransactionMeta } from '../transaction-result/types.js';

export interface ProgramError {
  instruction: number;
  code: number;
  name: string;
  message?: string;
  programId: string;
}

const anchorFrameworkErrors: Map<number, { name: string; message?: string }> = new Map(
  (
    JSON.parse(readFileSync(join(bundledIdlDir, 'anchor-framework-errors.json'), 'utf8')) as {
      errors: { code: number; name: string; message?: string }[];
    }
  ).errors.map((e) => [e.code, { name: e.name, message: e.message }]),
);

const failedLine = /^Program (\w{32,44}) failed: custom program error: 0x([0-9a-fA-F]+)$/;

/** What naming the error reads of a result: the anchors path parses no more of meta than these. */
export type FailedResult = Readonly<{ meta: Pick<TransactionMeta<InstructionEntry>, 'err' | 'logMessages'> | null }>;

/**
 * `[i, code]` of `{"InstructionError":[i, {"Custom": code}]}`, else null. The node's JSON is not
 * checked before here, so each level is, whatever the types say.
 */
export function customErrorOf(err: TransactionError | null | undefined): readonly [instruction: number, code: number] | null {
  const failure = typeof err === 'object' && err !== null && 'InstructionError' in err ? err.InstructionError : undefined;
  if (!Array.isArray(failure)) return null;
  const [instruction, detail] = failure;
  if (typeof detail !== 'object' || detail === null || !('Custom' in detail) || typeof detail.Custom !== 'number') return null;
  return [instruction, detail.Custom];
}

export function programErrorOf(result: FailedResult, topLevelProgramIds: string[], registry: ProgramRegistry): ProgramError | null {
  const meta = result.meta;
  const custom = customErrorOf(meta?.err);
  if (meta === null || custom === null) return null;
  const [instruction, code] = custom;
  const logs: readonly unknown[] = Array.isArray(meta.logMessages) ? meta.logMessages : [];
  let programId = topLevelProgramIds[instruction];
  for (let i = logs.length - 1; i >= 0; i--) {
    const m = typeof logs[i] === 'string' ? failedLine.exec(logs[i] as string) : null;
    if (m && parseInt(m[2], 16) === code) {
      programId = m[1];
      break;
    }
  }
  const description = programId === undefined ? undefined : registry.get(programId)?.description;
  if (!description) return null;
  const own = description.errors.find((e) => e.code === code);
  const known = own ?? (description.dialect.startsWith('anchor') ? anchorFrameworkErrors.get(code) : undefined);
  if (!known) return null;
  return { instruction, code, name: known.name, message: known.message, programId };
}

/** The member added to the failing instruction's entry. */
export const programErrorMember = (e: ProgramError) =>
  `"error":${JSON.stringify({ code: e.code, name: e.name, message: e.message, programId: e.programId })}`;
