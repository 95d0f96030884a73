/**
 * `serve --acceptors N`: N processes share the HTTP and PubSub ports (SO_REUSEPORT: the kernel
 * spreads new connections over them), each a whole gateway with its share of the decode workers.
 * One main thread accepts, parses, authorizes and writes every answer of its process, and on a host
 * with many cores it, not decoding, becomes the limit (BENCHMARKS.md, "Scaling out"); processes
 * rather than threads keep each one's heap and collector apart and reuse the gateway unchanged.
 * This process only supervises: it checks the ports are free, starts the acceptors, combines their
 * metrics for whichever one a scrape reaches, restarts one that dies, and stops them all on SIGTERM.
 * Rate limits and quotas are counted once for all of them: in Redis when it is given, else here
 * (src/auth/supervised-rate-limiter.ts); so are each key's PubSub subscriptions (in Redis, or
 * here: src/auth/subscription-slots.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { AggregatorRegistry } from 'prom-client';
import { createGateway, openServingKeyStore } from '../gateway.js';
import { inProcessLimiter, type InProcessRateLimiter } from '../auth/rate-limiter.js';
import { decide, SupervisedRateLimiter, type LimitReply, type LimitRequest } from '../auth/supervised-rate-limiter.js';
import { SlotLedger, SupervisedSlots, type SlotReply, type SlotRequest } from '../auth/subscription-slots.js';
import { listenPort, uws } from '../http/uws.js';
import { log } from '../observe/log.js';
import type { ServeOptions } from './config.js';
import { announce, offerDevelopmentKey, stopOnSignals } from './serve-process.js';

interface Role {
  type: 'role';
  index: number;
  port: number;
  /** 0: no PubSub listener of its own. */
  wsPort: number;
  workers: number;
}

type FromAcceptor = { type: 'role?' } | { type: 'listening' } | { type: 'metrics?'; id: number } | LimitRequest | SlotRequest;
type ToAcceptor = Role | { type: 'metrics'; id: number; text: string | null } | LimitReply | SlotReply;

/** A scrape that waits longer than this for the other acceptors gets a 500, not a hung request. */
const metricsWaitMs = 5_000;
/** An acceptor that died is started again after this pause, so a crash loop does not spin a core. */
const restartPauseMs = 1_000;

/** The decode workers split as evenly as they go, the first acceptors taking what is left over. */
export function workerShares(workers: number, acceptors: number): number[] {
  return Array.from({ length: acceptors }, (_, i) => Math.floor(workers / acceptors) + (i < workers % acceptors ? 1 : 0));
}

/**
 * A port no process holds, taken and let go again: the acceptors bind it shared, which would
 * otherwise also share it with whatever else is listening there. Port 0 picks a free one.
 */
function freePort(host: string, port: number): Promise<number> {
  const app = uws.App();
  return new Promise((resolve, reject) => {
    listenPort(app, host, port, false, (socket) => {
      if (!socket) return reject(new Error(`enhanced-rpc: cannot listen on ${host}:${port}`));
      const taken = uws.us_socket_local_port(socket);
      uws.us_listen_socket_close(socket);
      resolve(taken);
    });
  });
}

/**
 * Without Redis, the one rate limiter every acceptor asks, with monthly usage in the SQLite key
 * store as a single gateway keeps it (with PostgreSQL, in memory, as there too).
 */
function sharedLimits(options: ServeOptions): { limiter: InProcessRateLimiter; close(): void } | null {
  if (options.redisUrl !== undefined) return null;
  const store = options.postgresUrl === undefined ? openServingKeyStore(options.keyDbFile) : null;
  const limiter = inProcessLimiter(store);
  return {
    limiter,
    close: () => {
      try {
        limiter.close();
      } finally {
        store?.close();
      }
    },
  };
}

export async function runAcceptors(options: ServeOptions): Promise<void> {
  const port = await freePort(options.host, options.port);
  const wsPort = options.wsPort === 0 ? 0 : await freePort(options.host, options.wsPort ?? (options.port === 0 ? 0 : options.port + 1));
  const shares = workerShares(options.workers, options.acceptors);
  // Constructed before any fork: it installs the listener that gathers the acceptors' replies.
  const metrics = new AggregatorRegistry();
  const limits = sharedLimits(options);
  // With Redis the acceptors count subscriptions there.
  const slots = options.redisUrl === undefined ? new SlotLedger() : null;
  const acceptors = new Set<Worker>();
  let stopping = false;

  const start = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork();
      acceptors.add(worker);
      let started = false;
      const send = (message: ToAcceptor) => worker.send(message);
      worker.on('message', (message: FromAcceptor) => {
        if (message.type === 'take') send(decide(limits!.limiter, message));
        else if (message.type === 'slots') send(slots!.handle(worker.id, message));
        else if (message.type === 'role?') send({ type: 'role', index, port, wsPort, workers: shares[index] });
        else if (message.type === 'listening') {
          started = true;
          resolve();
        } else if (message.type === 'metrics?') {
          metrics.clusterMetrics().then(
            (text) => send({ type: 'metrics', id: message.id, text }),
            (error: unknown) => {
              log.error({ err: error }, 'combining the acceptors’ metrics failed');
              send({ type: 'metrics', id: message.id, text: null });
            },
          );
        }
      });
      worker.on('exit', (code, signal) => {
        acceptors.delete(worker);
        // Its subscriptions ended with its connections.
        slots?.forget(worker.id);
        if (stopping) return;
        if (!started) return reject(new Error(`acceptor ${index} exited (${signal ?? code}) before listening`));
        log.error({ acceptor: index, code, signal }, 'acceptor exited; starting it again');
        void sleep(restartPauseMs).then(() => {
          if (stopping) return;
          start(index).catch((error: unknown) => {
            log.fatal({ err: error }, 'an acceptor cannot start again; stopping every acceptor');
            void stopAll().then(() => process.exit(1));
          });
        });
      });
    });

  /** SIGTERM to each acceptor (each finishes its answers), resolved once all have exited and the usage counted here is written. */
  const stopAll = async () => {
    stopping = true;
    const exits = [...acceptors].map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    for (const worker of acceptors) worker.process.kill('SIGTERM');
    await Promise.all(exits);
    limits?.close();
  };
  const onSignal = () => {
    if (!stopping) void stopAll().then(() => process.exit(0));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  try {
    await Promise.all(shares.map((_, index) => start(index)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  announce(options, port, wsPort === 0 ? null : wsPort);
}

/** One acceptor: asks the supervisor for its role, then runs a gateway on the shared ports. */
export async function runAcceptor(options: ServeOptions): Promise<void> {
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const limits = options.redisUrl === undefined ? new SupervisedRateLimiter(tell) : undefined;
  // With Redis, each acceptor counts its subscriptions there, as every gateway on it does.
  const slots = options.redisUrl === undefined ? new SupervisedSlots(tell) : undefined;
  const role = await new Promise<Role>((resolve) => {
    process.on('message', (message: ToAcceptor) => {
      if (message.type === 'decisions') limits!.answered(message);
      else if (message.type === 'slots-granted') slots!.answered(message);
      else if (message.type === 'role') resolve(message);
      else if (message.type === 'metrics') {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.text === null) waiting?.reject(new Error('the supervisor could not combine the acceptors’ metrics'));
        else waiting?.resolve(message.text);
      }
    });
    tell({ type: 'role?' });
  });
  const combinedMetrics = () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`the acceptors’ metrics did not come within ${metricsWaitMs} ms`));
      }, metricsWaitMs);
      pending.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      tell({ type: 'metrics?', id });
    });
  // Installs the reply to the supervisor's requests for this process's metrics.
  new AggregatorRegistry();
  const gateway = await createGateway({
    ...options,
    port: role.port,
    wsPort: role.wsPort,
    workers: role.workers,
    acceptor: { index: role.index, combinedMetrics, limits, slots },
  });
  AggregatorRegistry.setRegistries([gateway.metricsRegistry]);
  stopOnSignals(gateway);
  if (role.index === 0) await offerDevelopmentKey(gateway, `http://${options.host}:${gateway.port}`);
  tell({ type: 'listening' });
}

function tell(message: FromAcceptor): void {
  process.send!(message);
}
