/**
 * Rendered finalized getTransaction results, looked up in this process's memory first and then in
 * Redis (when configured), so an answer rendered by one instance serves every instance.
 */
import type { LruCache } from './lru.js';
import type { RedisResponseStore } from './response-store.js';
import type { CallObserver } from '../observe/metrics.js';

export class FinalizedAnswers {
  constructor(
    private readonly memory: LruCache,
    private readonly shared: RedisResponseStore | null,
    private readonly observer?: Pick<CallObserver, 'cacheLookup'>,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const local = this.memory.get(key);
    this.observer?.cacheLookup('memory', local !== undefined);
    if (local !== undefined || this.shared === null) return local;
    const remote = await this.shared.get(key);
    this.observer?.cacheLookup('redis', remote !== null);
    if (remote === null) return undefined;
    this.memory.set(key, remote);
    return remote;
  }

  get keepsAnything(): boolean {
    return this.memory.keepsAnything || this.shared !== null;
  }

  set(key: string, value: string): void {
    this.memory.set(key, value);
    this.shared?.set(key, value);
  }
}
