/**
 * The one enhancement step every getTransaction and getMultipleAccounts answer passes through when
 * explorerkit is on (request → validate → authorize → fetch → enhance → respond). Bytes in, text
 * out, so the work can run inline or in a worker thread behind the same interface.
 */
import { isAscii } from 'node:buffer';
import type { ProgramRegistry } from '../decode/registry.js';
import { transactionEdits } from './transaction.js';
import { accountsEdits } from './accounts.js';
import { spliceAnswer } from '../json/splice.js';
import { takeUndecoded, takeUndescribed } from '../observe/undecoded-tally.js';
import type { LiveIdls } from '../live/live-idls.js';
import { log } from '../observe/log.js';
import type { PoolStats } from '../observe/metrics.js';

export type EnhancedMethod = 'getTransaction' | 'getMultipleAccounts';

export interface EnhanceTask {
  method: EnhancedMethod;
  /** The node's answer, exactly as received. */
  response: Buffer | string;
  /** getTransaction with actionskit: add a one-sentence summary to each entry that has one. */
  actions?: boolean;
}

/** Why an answer went out as the node gave it although enhancement was asked for. */
export type StandardReason = 'error' | 'too-large' | 'overload' | 'deadline' | 'worker';

export interface Enhanced {
  body: Buffer | string;
  /** Set when the node's answer went out unchanged: a cache must not keep it as the enhanced one. */
  standard?: StandardReason;
  /** A live IDL this answer could use is still being fetched: the answer may yet improve, so it is not cached. */
  provisional?: boolean;
}

export interface Enhancer {
  enhance(task: EnhanceTask): Promise<Enhanced>;
  /** The worker pool's state for /metrics; null when enhancing on the main thread. */
  stats(): PoolStats | null;
  /** Resolves once every worker thread has started (at once without any). */
  started(): Promise<void>;
  close(): Promise<void>;
}

/** What enhancement tells the metrics besides the answer. */
export interface EnhanceObserver {
  undecodedBy(counts: Record<string, number>): void;
  enhanceFailed(method: EnhancedMethod, reason: StandardReason): void;
}

export interface EnhanceOutcome {
  body: Buffer | string;
  /** Entries of described programs that no version decoded, per program id. */
  undecoded?: Record<string, number>;
  /** Programs met with no description at all (tallied only with live IDLs on). */
  undescribed?: string[];
  standard?: StandardReason;
}

/**
 * Answers larger than this are passed on undecoded: a getMultipleAccounts of large accounts can be
 * hundreds of MiB, and parsing it would hold the thread (and memory) far longer than the node took.
 */
export const maxEnhancedBytes = 16 * 1024 * 1024;

/** A decoder bug must cost the client the decoded view, never the answer: it gets the node's answer unchanged. */
export function enhanceNow(task: EnhanceTask, registry: ProgramRegistry): EnhanceOutcome {
  if (task.response.length > maxEnhancedBytes) return { body: task.response, standard: 'too-large' };
  // The usual all-ASCII answer is read as Latin-1, the same text at two thirds of UTF-8's cost, and
  // its bytes, one per character, can stand for the text where a scan wants bytes.
  const bytes = typeof task.response !== 'string' && isAscii(task.response) ? task.response : undefined;
  const text = bytes === undefined ? task.response.toString() : bytes.toString('latin1');
  try {
    const edits =
      task.method === 'getTransaction' ? transactionEdits(text, registry, task.actions, bytes) : accountsEdits(text, registry, bytes);
    return { body: spliceAnswer(task.response, text, edits), undecoded: takeUndecoded(), undescribed: takeUndescribed() };
  } catch (error) {
    takeUndecoded();
    takeUndescribed();
    log.error({ err: error, method: task.method }, 'enhancement failed; answering the standard output');
    return { body: task.response, standard: 'error' };
  }
}

/** Hands an outcome's side facts to the observer and returns the answer. */
export function report(
  outcome: EnhanceOutcome,
  method: EnhancedMethod,
  observer: EnhanceObserver | undefined,
  provisional = false,
): Enhanced {
  if (observer) {
    if (outcome.undecoded) observer.undecodedBy(outcome.undecoded);
    if (outcome.standard) observer.enhanceFailed(method, outcome.standard);
  }
  const enhanced: Enhanced = { body: outcome.body };
  if (outcome.standard !== undefined) enhanced.standard = outcome.standard;
  if (provisional) enhanced.provisional = true;
  return enhanced;
}

/**
 * With live IDLs: the programs an answer left undecoded are asked for, and when one of them gains
 * an IDL within the wait budget the answer is enhanced again from the node's bytes.
 */
export async function withLiveIdls(
  live: LiveIdls | null,
  first: EnhanceOutcome,
  again: () => Promise<EnhanceOutcome>,
): Promise<{ outcome: EnhanceOutcome; provisional: boolean }> {
  if (live === null || first.standard !== undefined) return { outcome: first, provisional: false };
  const wanted = [...Object.keys(first.undecoded ?? {}), ...(first.undescribed ?? [])];
  if (wanted.length === 0) return { outcome: first, provisional: false };
  const { changed, settled } = await live.request(wanted);
  return { outcome: changed ? await again() : first, provisional: !settled };
}

/** Enhancement on the calling thread; `registry` holds the live IDLs too when `live` is given. */
export function inlineEnhancer(registry: ProgramRegistry, observer?: EnhanceObserver, live: LiveIdls | null = null): Enhancer {
  const now = batched((task: EnhanceTask) => enhanceNow(task, registry));
  return {
    async enhance(task) {
      const { outcome, provisional } = await withLiveIdls(live, await now(task), () => now(task));
      return report(outcome, task.method, observer, provisional);
    },
    stats: () => null,
    started: async () => {},
    close: async () => {},
  };
}

/**
 * Runs `step` on the tasks queued during one turn of the event loop together, after that turn's I/O
 * callbacks: under load the answers that arrived together are enhanced back to back, with the
 * decoders' code and data still in the caches, instead of each between HTTP and upstream work.
 */
export function batched<T, R>(step: (task: T) => R): (task: T) => Promise<R> {
  let queue: { task: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  const drain = () => {
    const tasks = queue;
    queue = [];
    for (const { task, resolve, reject } of tasks) {
      try {
        resolve(step(task));
      } catch (error) {
        reject(error);
      }
    }
  };
  return (task) =>
    new Promise<R>((resolve, reject) => {
      if (queue.push({ task, resolve, reject }) === 1) setImmediate(drain);
    });
}
