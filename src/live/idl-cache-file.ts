/**
 * The live IDLs' cache file (SQLite): one row per program, holding either the IDL the program
 * published (its JSON text and SHA-256) or the fact that it has none, with when that was read. A
 * restart reads it back instead of asking the node again; the rows are re-checked on the way in,
 * since the file is only as trustworthy as the disk it sits on.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { openingError, openingWaitMs, useWal } from '../sqlite/wal.js';

export interface CachedIdl {
  programId: string;
  /** Milliseconds since the epoch at which the node was asked. */
  fetchedAt: number;
  /** null: the program keeps no IDL on chain (or none that could be used). */
  idl: { text: string; sha256: string; slot: number; source: string; account: string } | null;
}

const SCHEMA_VERSION = 1;

interface Row {
  program_id: string;
  fetched_at: number;
  idl: string | null;
  sha256: string | null;
  slot: number | null;
  source: string | null;
  account: string | null;
}

export class IdlCacheFile {
  private readonly db: Database.Database;
  private readonly statements: {
    put: Database.Statement;
    remove: Database.Statement;
    newest: Database.Statement;
  };

  constructor(file: string) {
    mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file, { timeout: openingWaitMs });
    try {
      useWal(this.db);
      const version = this.db.pragma('user_version', { simple: true }) as number;
      if (version > SCHEMA_VERSION) throw new Error(`written by a newer enhanced-rpc (schema ${version})`);
      this.db.exec(`CREATE TABLE IF NOT EXISTS onchain_idls (
        program_id TEXT PRIMARY KEY,
        fetched_at INTEGER NOT NULL,
        idl TEXT,
        sha256 TEXT,
        slot INTEGER,
        source TEXT,
        account TEXT
      )`);
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    } catch (error) {
      this.db.close();
      throw openingError(file, error);
    }
    this.statements = {
      put: this.db.prepare(
        `INSERT OR REPLACE INTO onchain_idls (program_id, fetched_at, idl, sha256, slot, source, account)
         VALUES (@program_id, @fetched_at, @idl, @sha256, @slot, @source, @account)`,
      ),
      remove: this.db.prepare('DELETE FROM onchain_idls WHERE program_id = ?'),
      newest: this.db.prepare('SELECT * FROM onchain_idls ORDER BY fetched_at DESC LIMIT ?'),
    };
  }

  /** The `limit` most recently fetched rows, newest first; older rows are deleted, so the file stays as bounded as the memory. */
  load(limit: number): CachedIdl[] {
    const rows = this.statements.newest.all(limit) as Row[];
    if (rows.length === limit) {
      this.db.prepare('DELETE FROM onchain_idls WHERE fetched_at < ?').run(rows[rows.length - 1].fetched_at);
    }
    return rows.map((row) => ({
      programId: row.program_id,
      fetchedAt: row.fetched_at,
      idl:
        row.idl === null
          ? null
          : { text: row.idl, sha256: row.sha256 ?? '', slot: row.slot ?? 0, source: row.source ?? '', account: row.account ?? '' },
    }));
  }

  put(entry: CachedIdl): void {
    this.statements.put.run({
      program_id: entry.programId,
      fetched_at: entry.fetchedAt,
      idl: entry.idl?.text ?? null,
      sha256: entry.idl?.sha256 ?? null,
      slot: entry.idl?.slot ?? null,
      source: entry.idl?.source ?? null,
      account: entry.idl?.account ?? null,
    });
  }

  remove(programId: string): void {
    this.statements.remove.run(programId);
  }

  close(): void {
    this.db.close();
  }
}
