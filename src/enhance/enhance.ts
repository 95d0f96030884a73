/**
 * The one enhancement step every getTransaction and getMultipleAccounts answer passes through when
 * explorerkit is on (request → validate → authorize → fetch → enhance → respond). Bytes in, text
 * out, so the work can run inline or in a worker thread behind the same interface.
 */
import type { ProgramRegistry } from '../decode/registry.js';
import { enhanceTransaction } from './transaction.js';
import { enhanceAccounts } from './accounts.js';
import { takeUndecoded } from './undecoded-tally.js';
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
}

export interface Enhancer {
  enhance(task: EnhanceTask): Promise<Enhanced>;
  /** The worker pool's state for /metrics; null when enhancing on the main thread. */
  stats(): PoolStats | null;
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
  const text = task.response.toString();
  try {
    const body = task.method === 'getTransaction' ? enhanceTransaction(text, registry, task.actions) : enhanceAccounts(text, registry);
    return { body, undecoded: takeUndecoded() };
  } catch (error) {
    takeUndecoded();
    log.error({ err: error, method: task.method }, 'enhancement failed; answering the standard output');
    return { body: task.response, standard: 'error' };
  }
}

/** Hands an outcome's side facts to the observer and returns the answer. */
export function report(outcome: EnhanceOutcome, method: EnhancedMethod, observer: EnhanceObserver | undefined): Enhanced {
  if (observer) {
    if (outcome.undecoded) observer.undecodedBy(outcome.undecoded);
    if (outcome.standard) observer.enhanceFailed(method, outcome.standard);
  }
  return outcome.standard === undefined ? { body: outcome.body } : { body: outcome.body, standard: outcome.standard };
}

/** Enhancement on the calling thread. */
export function inlineEnhancer(registry: ProgramRegistry, observer?: EnhanceObserver): Enhancer {
  return {
    enhance: async (task) => report(enhanceNow(task, registry), task.method, observer),
    stats: () => null,
    close: async () => {},
  };
}
