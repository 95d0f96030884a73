/** What a serving process does around its gateway: the lines it prints, the key it offers, how it stops. */
import type { Gateway } from '../gateway.js';
import { nativeBuild } from '../http/uws.js';
import { log } from '../observe/log.js';
import type { ServeOptions } from './config.js';

/** The lines tests and scripts wait for; the listening line last, once both ports are known. */
export function announce(options: ServeOptions, port: number, wsPort: number | null): void {
  const source =
    options.upstreams.length > 0
      ? `${options.upstreams.length} upstream node(s)${options.ledgerCache ? ', ledger as cache' : ''}`
      : 'the embedded ledger';
  const wsBase = `ws://${options.host}`;
  console.log(
    `PubSub (WebSocket) on ${wsBase}:${port}/<key>` +
      (wsPort === null
        ? ' only (ws-port 0)'
        : ` and ${wsBase}:${wsPort}/<key>${wsPort === port + 1 ? ' (port + 1, where web3.js looks)' : ''}`),
  );
  const acceptors = options.acceptors > 1 ? `, ${options.acceptors} acceptor processes` : '';
  console.log(`enhanced-rpc listening on http://${options.host}:${port} (answers from ${source}${acceptors})`);
  console.log(`HTTP: ${nativeBuild.package}, native ${nativeBuild.binary}.node sha256 ${nativeBuild.sha256} (as pinned)`);
}

export async function offerDevelopmentKey(gateway: Gateway, base: string): Promise<void> {
  if ((await gateway.keys.countKeys()) > 0) return;
  // A key printed by a service would end up in its journal; only a person at a terminal gets one.
  if (process.stdout.isTTY) {
    const { key } = await gateway.keys.createKey('developer', 'development key created by serve');
    console.log(
      'No API keys yet: created a development key (plan developer). It is for local use only; create real keys with `enhanced-rpc keys create`.',
    );
    console.log(`  curl -s ${base}/${key} -H 'content-type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"getSlot"}'`);
  } else {
    console.log('No API keys yet: every request will be refused until one is created with `enhanced-rpc keys create --plan <plan>`.');
  }
}

export function stopOnSignals(gateway: Gateway): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await gateway.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  // A bug that escapes every handler ends the process, but not before the usage counted is written.
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception; writing usage and exiting');
    gateway.flushUsage().then(
      () => process.exit(1),
      () => process.exit(1),
    );
  });
}
