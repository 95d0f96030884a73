import type Database from 'better-sqlite3';

/** How long opening a shared file waits for the other processes opening or writing it (the acceptors of one `serve`). */
export const openingWaitMs = 5000;

const pause = new Int32Array(new SharedArrayBuffer(4));

const isBusy = (error: unknown): boolean =>
  typeof (error as { code?: unknown }).code === 'string' && (error as { code: string }).code.startsWith('SQLITE_BUSY');

/**
 * Puts `db` in WAL mode, waiting up to `waitMs` for other processes. SQLite refuses the switch at
 * once, without its busy handler, while another connection holds a write lock on a file still in
 * rollback mode: it is that connection's own switch, when several processes open a new file
 * together (the acceptors of one `serve` on a first start). The switch is a no-op once any of
 * them has made it, so a refusal is tried again a few milliseconds later.
 */
export function useWal(db: Database.Database, waitMs = openingWaitMs): void {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
    }
    // Synchronous like every other step of opening a database; jittered so racing openers part.
    Atomics.wait(pause, 0, 0, 2 + Math.random() * 8);
  }
}

/** An error from opening `file`, saying which file: a gateway opens several, and SQLite's messages name none. */
export function openingError(file: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return Object.assign(new Error(`${file}: ${message}`, { cause: error }), { code: (error as { code?: unknown }).code });
}
