/**
 * Gateways started in the test's own process with createGateway, with the options `serve` would
 * pass for startGateway's flags: a free port, a key database and on-chain IDL cache of their own, a
 * key of the test's plan. They start without spawning Node and loading the project again, and a
 * debugger or a stack trace reaches the gateway's code. Tests of the CLI, of signals, exit codes or
 * what `serve` prints, and of the log (one per process, src/observe/log.ts, so no gateway here has
 * a log of its own to read back) start processes with ./gateway.ts instead.
 */
import { join } from 'node:path';
import { createGateway, type GatewayOptions } from '../../src/gateway.js';
import type { Plan } from '../../src/auth/plans.js';
import { tempDir, unlimited, type TestGateway } from './gateway.js';

export interface InProcessGateway extends TestGateway {
  /** Creates a key of `plan` through the gateway's own key store. */
  createKey(plan: string): Promise<string>;
}

/**
 * `plan` names one the key store has, or is one to save first. `shared` starts another instance
 * on the key database (and key) of one already running. The log is silent unless `options` says
 * otherwise: a process's log is kept from the test's output too.
 */
export async function startInProcess(
  options: GatewayOptions = {},
  plan: string | Plan = unlimited,
  shared?: Pick<TestGateway, 'db' | 'key'>,
): Promise<InProcessGateway> {
  const db = shared?.db ?? join(tempDir(), 'keys.sqlite');
  const gateway = await createGateway({
    port: 0,
    keyDbFile: db,
    onchainIdlCacheFile: join(tempDir(), 'onchain-idls.sqlite'),
    logLevel: 'silent',
    ...options,
  });
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= gateway.close());
  const createKey = async (keyPlan: string) => (await gateway.keys.createKey(keyPlan)).key;
  try {
    if (!shared && typeof plan !== 'string') await gateway.keys.savePlan(plan);
    const key = shared?.key ?? (await createKey(typeof plan === 'string' ? plan : plan.name));
    return { url: `http://127.0.0.1:${gateway.port}`, port: gateway.port, key, db, createKey, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
