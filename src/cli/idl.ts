/**
 * `enhanced-rpc idl fetch PROGRAM_ID --from URL [--out DIR]`: saves the IDL a program publishes on
 * chain next to the bundled ones and lists it in MANIFEST.tsv, valid from the slot it was read at.
 * The gateway reads on-chain IDLs on its own while serving (src/idl/live-idls.ts); this command makes
 * one a bundled version, reviewed and kept with the project.
 */
import { parseArgs } from 'node:util';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UpstreamPool } from '../upstream/upstream-pool.js';
import { bundledIdlDir } from '../idl/bundled.js';
import type { ProgramDescription } from '../idl/description.js';
import { decodeBase58 } from '../codec/base58.js';
import { findOnchainIdl, printable, type IdlSource } from '../live/onchain-fetch.js';
import { readOnchainIdl } from '../live/live-registry.js';

/** The columns of idls/MANIFEST.tsv, for an output folder that has no manifest yet. */
const manifestColumns = [
  'file',
  'program_id',
  'name',
  'format',
  'version',
  'instructions',
  'accounts',
  'events',
  'source',
  'notes',
  'valid_from_slot',
  'valid_to_slot',
];

const formatOf: Record<ProgramDescription['dialect'], string> = {
  'anchor-legacy': 'anchor-legacy',
  anchor: 'anchor-0.30',
  shank: 'shank',
  codama: 'codama',
  'hand-written': 'hand-written',
};

/** Longest URL shown when a program keeps its IDL off chain; the rest of a hostile one is noise. */
const MAX_SHOWN_URL = 2000;

export async function runIdl(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'fetch') throw new Error('idl: expected fetch PROGRAM_ID --from URL [--out DIR]');
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      out: { type: 'string', default: bundledIdlDir },
    },
  });
  if (positionals.length !== 1) throw new Error('idl fetch needs exactly one PROGRAM_ID');
  const [programId] = positionals;
  if (decodeBase58(programId)?.length !== 32) throw new Error(`${JSON.stringify(programId)} is not a base58 program id`);
  if (!values.from) throw new Error('idl fetch needs --from URL');
  // Recorded in the manifest: the host says which node vouched for the bytes; a path or query may hold a key.
  const host = new URL(values.from).hostname;

  const pool = new UpstreamPool({ urls: [values.from] });
  try {
    const fetched = await fetchOnchainIdl(pool, programId);
    const description = readFetched(fetched, programId);

    mkdirSync(values.out, { recursive: true });
    const file = `${programId}@onchain-${fetched.slot}.json`;
    writeFileSync(join(values.out, file), JSON.stringify(fetched.idl, null, 2) + '\n');
    const change = updateManifest(join(values.out, 'MANIFEST.tsv'), {
      file,
      program_id: programId,
      name: description.name,
      format: formatOf[description.dialect],
      version: description.version ?? '',
      instructions: String(description.instructions.length),
      accounts: String(description.accounts.length),
      events: String(description.events.length),
      source: `onchain:${fetched.kind}@slot ${fetched.slot} via ${host}`,
      notes: `IDL account ${fetched.account}`,
      valid_from_slot: String(fetched.slot),
      valid_to_slot: '',
    });
    console.log(
      `${programId}: ${fetched.kind} IDL account ${fetched.account} at slot ${fetched.slot}: ` +
        `${printable([description.name, description.version].filter(Boolean).join(' '))} (${formatOf[description.dialect]}), ` +
        `${description.instructions.length} instructions, ${description.accounts.length} accounts, ${description.events.length} events`,
    );
    console.log(`saved ${join(values.out, file)}; MANIFEST.tsv row ${change}`);
  } finally {
    await pool.close();
  }
}

/** The fetched JSON as the gateway reads a live IDL: refused unless it is an IDL of this very program. */
function readFetched(fetched: FetchedIdl, programId: string): ProgramDescription {
  try {
    return readOnchainIdl(programId, fetched.idl, (item, reason) =>
      console.log(`note: ${printable(item)} will not be decoded: ${printable(reason)}`),
    );
  } catch (error) {
    throw new Error(
      `the JSON in ${fetched.kind} account ${fetched.account} does not read as an IDL: ${printable((error as Error).message)}`,
      { cause: error },
    );
  }
}

interface FetchedIdl {
  idl: unknown;
  slot: number;
  kind: IdlSource;
  account: string;
}

/** The IDL found on chain, or an error that says why there is none the command can save. */
async function fetchOnchainIdl(pool: UpstreamPool, programId: string): Promise<FetchedIdl> {
  const found = await findOnchainIdl(pool, programId);
  if (found.kind === 'idl') return { idl: found.idl, slot: found.slot, kind: found.source, account: found.account };
  if (found.kind === 'url') {
    const shown = found.url.length > MAX_SHOWN_URL ? `${found.url.slice(0, MAX_SHOWN_URL)}…` : found.url;
    throw new Error(
      `the IDL of ${programId} is hosted at ${printable(shown)} (named by metadata account ${found.account}); URLs are not fetched`,
    );
  }
  throw new Error(`no on-chain IDL for ${programId} at slot ${found.slot}: ${found.reasons.join('; ')}`);
}

/**
 * Adds the row, or replaces the one for the same file; every other line stays byte for byte. A new
 * version goes above the program's existing rows, since the manifest lists versions newest first
 * and the registry takes the first as the program's current one.
 */
function updateManifest(path: string, row: Record<string, string>): 'added' | 'updated' {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : manifestColumns.join('\t') + '\n';
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  const columns = lines[0].split('\t');
  const fileColumn = columns.indexOf('file');
  const programColumn = columns.indexOf('program_id');
  if (fileColumn < 0 || programColumn < 0) throw new Error(`${path} has no file and program_id columns`);
  const line = columns.map((column) => cell(row[column] ?? '')).join('\t');

  const columnOf = (i: number, column: number) => lines[i].split('\t')[column];
  const rows = lines.map((_, i) => i).slice(1);
  const same = rows.find((i) => columnOf(i, fileColumn) === row.file);
  if (same !== undefined) lines[same] = line;
  else lines.splice(rows.find((i) => columnOf(i, programColumn) === row.program_id) ?? lines.length, 0, line);
  // Written aside and renamed, so a gateway starting meanwhile never reads half a manifest.
  const fresh = `${path}.${process.pid}.tmp`;
  writeFileSync(fresh, lines.join('\n') + '\n');
  renameSync(fresh, path);
  return same === undefined ? 'added' : 'updated';
}

/** IDL text (names, versions) is the publisher's: tabs and line breaks would break the manifest's rows. */
const cell = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
