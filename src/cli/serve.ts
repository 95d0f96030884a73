import { parseArgs } from 'node:util';
import { createGateway } from '../gateway.js';
import { nativeBuild } from '../http/uws.js';
import { log } from '../observe/log.js';
import { readServeSettings, serveFlags } from './config.js';

export async function runServe(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: serveFlags });
  const { options, errors } = readServeSettings(values);
  if (errors.length > 0) throw new Error(`invalid settings, not starting:\n  ${errors.join('\n  ')}`);
  const gateway = await createGateway(options);
  const base = `http://${options.host}:${gateway.port}`;
  const source =
    options.upstreams.length > 0
      ? `${options.upstreams.length} upstream node(s)${options.ledgerCache ? ', ledger as cache' : ''}`
      : 'the embedded ledger';
  // Before the listening line, which tests and scripts wait for: by then both ports are known.
  const wsBase = `ws://${options.host}`;
  console.log(
    `PubSub (WebSocket) on ${wsBase}:${gateway.port}/<key>` +
      (gateway.wsPort === null
        ? ' only (ws-port 0)'
        : ` and ${wsBase}:${gateway.wsPort}/<key>${gateway.wsPort === gateway.port + 1 ? ' (port + 1, where web3.js looks)' : ''}`),
  );
  console.log(`enhanced-rpc listening on ${base} (answers from ${source})`);
  console.log(`HTTP: ${nativeBuild.package}, native ${nativeBuild.binary}.node sha256 ${nativeBuild.sha256} (as pinned)`);
  if ((await gateway.keys.countKeys()) === 0) {
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
