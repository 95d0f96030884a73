/**
 * The corpus's non-native program data, as the decoder parity tests read it: instruction data
 * (top-level and inner, program ids resolved), events (Anchor self-CPI entries and `Program data:`
 * log lines of the program on top of the invoke stack) and account snapshots.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { decodeBase58 } from '../../src/codec/base58.js';
import { corpusAccountsDir, corpusTransactionsDir } from '../../src/paths.js';
import { accountKeysOf, instructionEntriesOf, readableResult } from '../../src/transaction-result/read.js';

/** sha256("anchor:event")[..8]: the first bytes of an event emitted through a self-CPI (emit_cpi!). */
export const EVENT_CPI_TAG = Buffer.from('e445a52e51cb9a1d', 'hex');

export interface Sample {
  programId: string;
  data: Uint8Array;
  where: string;
}

/** Non-native instruction data of the corpus (top-level and inner), with program ids resolved. */
export function corpusInstructionsAndEvents(): { instructions: Sample[]; events: Sample[] } {
  const instructions: Sample[] = [];
  const events: Sample[] = [];
  for (const file of readdirSync(corpusTransactionsDir).sort()) {
    if (!/\.(json|jsonParsed|base64)\.json$/.test(file)) continue;
    const result = readableResult(JSON.parse(readFileSync(join(corpusTransactionsDir, file), 'utf8')));
    const keys = accountKeysOf(result);
    const all: any[] = instructionEntriesOf(result);
    all.forEach((ix, i) => {
      if (ix.parsed !== undefined) return;
      const programId: string = ix.programId ?? keys[ix.programIdIndex];
      const data = decodeBase58(ix.data);
      if (programId === undefined || data === null) return;
      const where = `${file.slice(0, 12)}… ix ${i}`;
      instructions.push({ programId, data, where });
      if (data.length >= 16 && EVENT_CPI_TAG.equals(data.subarray(0, 8)))
        events.push({ programId, data: data.subarray(8), where: `${where} (self-CPI)` });
    });
    // emit!: "Program data: <base64>" logged by the program on top of the invoke stack.
    const stack: string[] = [];
    for (const line of (result.meta?.logMessages ?? []) as string[]) {
      const invoke = /^Program (\w+) invoke \[\d+\]$/.exec(line);
      if (invoke) stack.push(invoke[1]);
      else if (/^Program \w+ (success|failed)/.test(line)) stack.pop();
      else if (line.startsWith('Program data: ') && stack.length > 0) {
        const data = Buffer.from(line.slice('Program data: '.length).split(' ')[0], 'base64');
        events.push({ programId: stack[stack.length - 1], data, where: `${file.slice(0, 12)}… log` });
      }
    }
  }
  return { instructions, events };
}

/** Account snapshots of the corpus: owner and data. */
export function corpusAccounts(): { file: string; owner: string; data: Uint8Array }[] {
  return readdirSync(corpusAccountsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const value = JSON.parse(readFileSync(join(corpusAccountsDir, file), 'utf8'));
      return { file, owner: value.owner as string, data: Buffer.from(value.data[0] as string, 'base64') };
    });
}
