/**
 * The Redis tier of the response cache: rendered finalized getTransaction results shared by every
 * instance on the same Redis. It is a cache and nothing more: a Redis that is slow or gone costs a
 * miss (and one warning per outage), never a failed answer.
 */
import { connectRedis, withTimeout, type RedisClient } from '../redis/connect.js';
import { log } from '../observe/log.js';

export interface ResponseStoreOptions {
  /** Prepended to every key, with the rendering version, so an upgraded gateway never serves another build's rendering. */
  prefix: string;
  /** Finalized answers never change; the expiry only lets Redis forget what nobody asks for. */
  ttlSeconds: number;
  /** How long a lookup may wait before it counts as a miss. */
  timeoutMs: number;
}

export class RedisResponseStore {
  private failing = false;

  private constructor(
    private readonly client: RedisClient,
    private readonly options: ResponseStoreOptions,
  ) {}

  static async connect(url: string, options: ResponseStoreOptions): Promise<RedisResponseStore> {
    return new RedisResponseStore(await connectRedis(url, 'response cache'), options);
  }

  async get(key: string): Promise<string | null> {
    try {
      const value = await withTimeout(this.client.get(this.options.prefix + key), this.options.timeoutMs);
      this.failing = false;
      return value;
    } catch (err) {
      this.warn(err);
      return null;
    }
  }

  /** Not awaited by callers: the answer does not wait for the cache to be written. */
  set(key: string, value: string): void {
    withTimeout(
      this.client.set(this.options.prefix + key, value, { expiration: { type: 'EX', value: this.options.ttlSeconds } }),
      this.options.timeoutMs,
    )
      .then(() => {
        this.failing = false;
      })
      .catch((err: unknown) => this.warn(err));
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }

  private warn(err: unknown): void {
    if (this.failing) return;
    this.failing = true;
    log.warn({ err }, 'Redis response cache unavailable; answering without it');
  }
}
