import { parseArgs } from 'node:util';
import { createGateway, defaultKeyDbFile, defaultLedgerFile, defaultWorkers } from '../gateway.js';

export async function runServe(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '8899' },
      upstream: { type: 'string', multiple: true, default: [] },
      ledger: { type: 'string', default: defaultLedgerFile },
      db: { type: 'string', default: defaultKeyDbFile },
      'upstream-timeout': { type: 'string', default: '10000' },
      workers: { type: 'string', default: String(defaultWorkers) },
      redis: { type: 'string' },
      postgres: { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got ${values.port}`);
  const workers = Number(values.workers);
  if (!Number.isInteger(workers) || workers < 0) throw new Error(`--workers must be a whole number ≥ 0, got ${values.workers}`);
  const gateway = await createGateway({
    host: values.host,
    port,
    upstreams: values.upstream,
    ledgerFile: values.ledger,
    keyDbFile: values.db,
    upstreamTimeoutMs: Number(values['upstream-timeout']),
    workers,
    redisUrl: values.redis,
    postgresUrl: values.postgres,
  });
  const base = `http://${values.host}:${gateway.port}`;
  const source = values.upstream!.length > 0 ? `${values.upstream!.length} upstream node(s), ledger as cache` : 'the embedded ledger';
  console.log(`enhanced-rpc listening on ${base} (answers from ${source})`);
  if ((await gateway.keys.countKeys()) === 0) {
    const { key } = await gateway.keys.createKey('developer', 'development key created by serve');
    console.log('No API keys yet: created a development key (plan developer). It is for local use only; create real keys with `enhanced-rpc keys create`.');
    console.log(`  curl -s ${base}/${key} -H 'content-type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"getSlot"}'`);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await gateway.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
