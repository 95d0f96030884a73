import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { createGateway } from '../gateway.js';
import { readServeSettings, serveFlags } from './config.js';
import { runAcceptor, runAcceptors } from './acceptors.js';
import { announce, offerDevelopmentKey, stopOnSignals } from './serve-process.js';

export async function runServe(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: serveFlags });
  const { options, errors } = readServeSettings(values);
  if (errors.length > 0) throw new Error(`invalid settings, not starting:\n  ${errors.join('\n  ')}`);
  // An acceptor is started by runAcceptors with this process's own command line.
  if (cluster.isWorker) return runAcceptor(options);
  if (options.acceptors > 1) return runAcceptors(options);
  const gateway = await createGateway(options);
  announce(options, gateway.port, gateway.wsPort);
  await offerDevelopmentKey(gateway, `http://${options.host}:${gateway.port}`);
  stopOnSignals(gateway);
}
