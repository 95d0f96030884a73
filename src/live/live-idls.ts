/**
 * Live IDLs: the on-chain IDL of a program the bundled descriptions do not decode, read through the
 * gateway's own upstream node and kept in memory and in a cache file. Everything here is bounded
 * before it is done — programs held, bytes held, bytes one IDL may inflate to, fetches in flight,
 * programs asked for per answer, time an answer waits — and nothing that goes wrong here reaches
 * a client: an answer that cannot use a live IDL is the standard one.
 */
import { createHash } from 'node:crypto';
import type { UpstreamPool } from '../upstream/upstream-pool.js';
import type { CompiledProgram } from '../decode/compile.js';
import { decodeBase58 } from '../codec/base58.js';
import { compileLiveIdl, type LiveLookup } from './live-registry.js';
import { log } from '../observe/log.js';
import { findOnchainIdl, NodeUnavailable } from './onchain-fetch.js';
import { IdlCacheFile, type CachedIdl } from './idl-cache-file.js';

export interface LiveIdlSettings {
  /** How long a fetched IDL is used before the node is asked again (it is still used meanwhile). */
  ttlMs: number;
  /** How long "this program has no usable IDL on chain" is believed. */
  absentTtlMs: number;
  /** How long an answer waits for the first fetch of a program it needs; 0 never waits. */
  waitMs: number;
  /** Programs remembered, with or without an IDL. */
  maxPrograms: number;
  /** IDL text held in all. */
  maxBytes: number;
  /** The cache file; null keeps everything in memory. */
  cacheFile: string | null;
}

/** What became of one program an answer needed (see README: metrics). */
export type LiveIdlResult = 'hit' | 'fetched' | 'unchanged' | 'absent' | 'invalid' | 'error' | 'deferred';

export interface LiveIdlObserver {
  liveIdl(result: LiveIdlResult): void;
}

/** A change to the set of live IDLs: `text` null means the program's live IDL was dropped. */
export interface LiveIdlChange {
  generation: number;
  programId: string;
  sha256: string | null;
  text: string | null;
}

export interface LiveIdlHeld {
  programId: string;
  sha256: string;
  text: string;
}

/** The largest real IDLs are well under 1 MiB; a program's description is not worth more than this of memory. */
export const MAX_LIVE_IDL_BYTES = 4 * 1024 * 1024;
/** Fetches in flight at once: each is a getMultipleAccounts (two when an External source points elsewhere). */
const MAX_IN_FLIGHT = 4;
/** Programs of one answer considered; a transaction names a few dozen programs at most. */
const MAX_PER_ANSWER = 16;
/** After the node could not be asked, the program is not asked for again before this (or its TTL, if shorter). */
const ERROR_BACKOFF_MS = 30_000;

type Entry =
  | { kind: 'idl'; sha256: string; text: string; program: CompiledProgram; retryAt: number; generation: number }
  /** `unavailable`: the node could not be asked, so whether the program has an IDL is not known yet. */
  | { kind: 'none'; retryAt: number; unavailable: boolean };

export class LiveIdls {
  /** Bumped on every change to the set of IDLs; workers hold the set as of a generation. */
  generation = 0;
  /** Told of every change, in order (the worker pool passes them on). */
  onChange: ((change: LiveIdlChange) => void) | null = null;
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly file: IdlCacheFile | null;
  private readonly maxIdlBytes: number;
  private heldBytes = 0;
  private closed = false;

  constructor(
    private readonly node: Pick<UpstreamPool, 'send'>,
    private readonly settings: LiveIdlSettings,
    private readonly observer?: LiveIdlObserver,
    private readonly now: () => number = Date.now,
  ) {
    this.maxIdlBytes = Math.min(MAX_LIVE_IDL_BYTES, settings.maxBytes);
    this.file = settings.cacheFile === null ? null : new IdlCacheFile(settings.cacheFile);
    if (this.file) this.restore(this.file.load(settings.maxPrograms));
  }

  /** The compiled live description of a program, for the registry on this thread. */
  readonly lookup: LiveLookup = (programId) => {
    const entry = this.entries.get(programId);
    return entry?.kind === 'idl' ? entry.program : undefined;
  };

  /** Every IDL held, for a worker that has to catch up. */
  held(): LiveIdlHeld[] {
    const held: LiveIdlHeld[] = [];
    for (const [programId, entry] of this.entries)
      if (entry.kind === 'idl') held.push({ programId, sha256: entry.sha256, text: entry.text });
    return held;
  }

  stats(): { programs: number; bytes: number } {
    return { programs: this.entries.size, bytes: this.heldBytes };
  }

  /**
   * Programs an answer left undecoded: each one not known, or known for longer than its TTL, is
   * fetched (once, however many answers ask meanwhile). Waits at most the wait budget, and only
   * for programs never asked about before. `changed`: one of them gained an IDL meanwhile, so the
   * answer is worth enhancing again; `settled`: what each program has on chain is known, so the
   * answer will not change on its own (until a TTL runs out) and may be cached.
   */
  async request(programIds: string[]): Promise<{ changed: boolean; settled: boolean }> {
    if (this.closed) return { changed: false, settled: true };
    const now = this.now();
    const before = this.generation;
    const first: Promise<void>[] = [];
    // Entries only ever hold valid ids, so only the others need their base58 checked.
    const considered = programIds
      .slice(0, MAX_PER_ANSWER)
      .filter((programId) => this.entries.has(programId) || decodeBase58(programId)?.length === 32);
    for (const programId of considered) {
      const entry = this.entries.get(programId);
      if (entry !== undefined) {
        // Touched, so eviction takes the programs answers have not needed for longest.
        this.entries.delete(programId);
        this.entries.set(programId, entry);
        if (now < entry.retryAt) {
          this.observer?.liveIdl('hit');
          continue;
        }
      }
      const fetching = this.fetch(programId);
      if (fetching !== undefined && entry === undefined) first.push(fetching);
    }
    if (first.length > 0 && this.settings.waitMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(first), new Promise((resolve) => (timer = setTimeout(resolve, this.settings.waitMs)))]);
      clearTimeout(timer);
    }
    return {
      changed: considered.some((programId) => {
        const entry = this.entries.get(programId);
        return entry?.kind === 'idl' && entry.generation > before;
      }),
      settled: considered.every((programId) => {
        const entry = this.entries.get(programId);
        return entry !== undefined && !this.inFlight.has(programId) && !(entry.kind === 'none' && entry.unavailable);
      }),
    };
  }

  /** Fetches still running finish into nothing: the file is closed and nothing more is kept. */
  close(): void {
    this.closed = true;
    this.file?.close();
  }

  private fetch(programId: string): Promise<void> | undefined {
    const running = this.inFlight.get(programId);
    if (running !== undefined) return running;
    if (this.inFlight.size >= MAX_IN_FLIGHT) {
      this.observer?.liveIdl('deferred');
      return undefined;
    }
    const fetching = this.load(programId).finally(() => this.inFlight.delete(programId));
    this.inFlight.set(programId, fetching);
    return fetching;
  }

  private async load(programId: string): Promise<void> {
    let result: LiveIdlResult;
    try {
      const found = await findOnchainIdl(this.node, programId, this.maxIdlBytes);
      if (this.closed) return;
      if (found.kind === 'idl') {
        result = this.keep(programId, found.idl, { slot: found.slot, source: found.source, account: found.account });
      } else {
        this.forget(programId, true);
        result = 'absent';
      }
    } catch (error) {
      if (this.closed) return;
      if (error instanceof NodeUnavailable) {
        this.backOff(programId);
        result = 'error';
      } else {
        // Bytes that claim to be an IDL and are not one (a bomb, a foreign program's IDL, no IDL at all)
        // are remembered like a missing IDL, so they are not fetched and refused again for every answer.
        log.warn({ programId, reason: (error as Error).message }, 'on-chain IDL refused');
        this.forget(programId, true);
        result = 'invalid';
      }
    }
    this.observer?.liveIdl(result);
  }

  /** Checks and compiles a fetched IDL; an IDL already held under the same hash is only marked fresh. */
  private keep(programId: string, idl: unknown, where: { slot: number; source: string; account: string }): LiveIdlResult {
    const text = JSON.stringify(idl);
    const bytes = Buffer.byteLength(text);
    if (bytes > this.maxIdlBytes) throw new Error(`IDL of ${bytes} bytes is more than the ${this.maxIdlBytes} allowed`);
    const sha256 = createHash('sha256').update(text).digest('hex');
    const now = this.now();
    const held = this.entries.get(programId);
    if (held?.kind === 'idl' && held.sha256 === sha256) {
      held.retryAt = now + this.settings.ttlMs;
      this.file?.put({ programId, fetchedAt: now, idl: { text, sha256, ...where } });
      return 'unchanged';
    }
    const program = compileLiveIdl(programId, idl);
    this.file?.put({ programId, fetchedAt: now, idl: { text, sha256, ...where } });
    this.hold(programId, { kind: 'idl', sha256, text, program, retryAt: now + this.settings.ttlMs, generation: 0 });
    return 'fetched';
  }

  /** No usable IDL: remembered for the absent TTL (persisted) or, after an upstream failure, briefly. */
  private forget(programId: string, persisted: boolean, retryInMs = this.settings.absentTtlMs): void {
    const now = this.now();
    if (persisted) this.file?.put({ programId, fetchedAt: now, idl: null });
    this.hold(programId, { kind: 'none', retryAt: now + retryInMs, unavailable: !persisted });
  }

  /** The node could not be asked: an IDL already held is kept, and the program is asked for again later. */
  private backOff(programId: string): void {
    const retryIn = Math.min(ERROR_BACKOFF_MS, this.settings.ttlMs);
    const held = this.entries.get(programId);
    if (held !== undefined) held.retryAt = this.now() + retryIn;
    else this.forget(programId, false, retryIn);
  }

  private hold(programId: string, entry: Entry): void {
    this.drop(programId, entry.kind === 'idl');
    if (entry.kind === 'idl') {
      entry.generation = ++this.generation;
      this.heldBytes += Buffer.byteLength(entry.text);
      this.onChange?.({ generation: entry.generation, programId, sha256: entry.sha256, text: entry.text });
    }
    this.entries.set(programId, entry);
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.settings.maxPrograms && this.heldBytes <= this.settings.maxBytes) break;
      if (oldest === programId) break;
      this.drop(oldest, false);
      this.file?.remove(oldest);
    }
  }

  /** Removes a program's entry; a dropped IDL is a change the workers must see, unless a new one replaces it at once. */
  private drop(programId: string, replaced: boolean): void {
    const entry = this.entries.get(programId);
    if (entry === undefined) return;
    this.entries.delete(programId);
    if (entry.kind !== 'idl') return;
    this.heldBytes -= Buffer.byteLength(entry.text);
    if (!replaced) this.onChange?.({ generation: ++this.generation, programId, sha256: null, text: null });
  }

  /**
   * Rows from the cache file, newest first, checked as a fetched IDL is (a row that fails is
   * deleted); the newest are kept when the limits are lower than when the file was written.
   */
  private restore(rows: CachedIdl[]): void {
    const kept: [string, Entry][] = [];
    for (const row of rows) {
      try {
        if (row.idl === null) {
          kept.push([row.programId, { kind: 'none', retryAt: row.fetchedAt + this.settings.absentTtlMs, unavailable: false }]);
          continue;
        }
        const { text, sha256 } = row.idl;
        if (createHash('sha256').update(text).digest('hex') !== sha256) throw new Error('its text does not match its SHA-256');
        const bytes = Buffer.byteLength(text);
        if (bytes > this.maxIdlBytes || this.heldBytes + bytes > this.settings.maxBytes) throw new Error('over the size limits');
        const program = compileLiveIdl(row.programId, JSON.parse(text));
        this.heldBytes += bytes;
        const retryAt = row.fetchedAt + this.settings.ttlMs;
        kept.push([row.programId, { kind: 'idl', sha256, text, program, retryAt, generation: 0 }]);
      } catch (error) {
        log.warn({ programId: row.programId, reason: (error as Error).message }, 'dropping cached on-chain IDL');
        this.file?.remove(row.programId);
      }
    }
    // Oldest first, as eviction expects.
    for (const [programId, entry] of kept.reverse()) {
      if (entry.kind === 'idl') entry.generation = ++this.generation;
      this.entries.set(programId, entry);
    }
  }
}
