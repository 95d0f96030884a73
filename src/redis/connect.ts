/**
 * One way of connecting to Redis for everything the gateway keeps there (rate limits, the response
 * cache): fail at startup when Redis cannot be reached, then reconnect with capped backoff, and
 * fail calls at once during an outage instead of queueing them behind the reconnect.
 */
import { createClient, ErrorReply } from 'redis';
import { log } from '../observe/log.js';

export type RedisClient = ReturnType<typeof createClient>;

export async function connectRedis(url: string, purpose: string): Promise<RedisClient> {
  let connected = false;
  let warned = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      reconnectStrategy: (retries) => (connected ? Math.min(2 ** retries * 50, 2000) : false),
    },
  });
  // Calls made during an outage reject on their own; this only says, once per outage, why.
  client.on('ready', () => {
    warned = false;
  });
  client.on('error', (err: unknown) => {
    if (!connected || warned) return;
    warned = true;
    log.warn({ err, purpose }, 'Redis connection lost; reconnecting');
  });
  await client.connect();
  connected = true;
  return client;
}

/**
 * node-redis times a command out only while it waits to be written, not once Redis has it, so a
 * stalled server needs a timer of our own. The late reply is still read and dropped by the client,
 * keeping later replies in order.
 */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no reply within ${ms} ms`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** A Lua script and the hash Redis knows it by once loaded (SCRIPT LOAD). */
export interface LoadedScript {
  text: string;
  sha: string;
}

export async function loadScript(client: RedisClient, text: string): Promise<LoadedScript> {
  return { text, sha: await client.scriptLoad(text) };
}

/** Runs a loaded script; Redis forgets scripts on a restart, failover or SCRIPT FLUSH, and EVAL caches it again. */
export async function runScript(client: RedisClient, script: LoadedScript, keys: string[], args: string[]): Promise<unknown> {
  try {
    return await client.evalSha(script.sha, { keys, arguments: args });
  } catch (err) {
    if (!(err instanceof ErrorReply && err.message.startsWith('NOSCRIPT'))) throw err;
    return await client.eval(script.text, { keys, arguments: args });
  }
}
