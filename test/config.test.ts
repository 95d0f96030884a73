/**
 * `serve` settings from flags, ENHANCED_RPC_* variables and a JSON config file: the resolution
 * rules on their own, then the real CLI started from a file and variables and checked over HTTP,
 * then the files in deploy/ checked against the same resolver and a real gateway.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import { projectRoot } from '../src/paths.js';
import { defaultKeyDbFile, defaultLedgerFile, defaultWorkers } from '../src/gateway.js';
import { configFilePath, envName, resolveServeOptions, serveFlags, settings, type Env, type Flags } from '../src/cli/config.js';
import { cli, createKey, post, rpc, spawnServe, stopProcess, tempDir } from './support/gateway.js';
import { workerShares } from '../src/cli/acceptors.js';

const file = (value: object | string, path = '/etc/enhanced-rpc/config.json') => ({
  path,
  text: typeof value === 'string' ? value : JSON.stringify(value),
});
const flags = (args: string[]): Flags => parseArgs({ args, options: serveFlags }).values;

test('with nothing given, every setting is the documented default', () => {
  const { options, errors } = resolveServeOptions({}, {});
  assert.deepEqual(errors, []);
  assert.deepEqual(options, {
    host: '127.0.0.1',
    port: 8899,
    upstreams: [],
    upstreamTimeoutMs: 10_000,
    upstreamConnections: 128,
    ledgerFile: defaultLedgerFile,
    ledgerCache: false,
    keyDbFile: defaultKeyDbFile,
    workers: defaultWorkers,
    acceptors: 1,
    responseCacheMiB: 64,
    logLevel: 'info',
    onchainIdlTtlMs: 300_000,
    onchainIdlAbsentTtlMs: 1_800_000,
    onchainIdlWaitMs: 150,
    onchainIdlCacheFile: join(projectRoot, 'var', 'onchain-idls.sqlite'),
    onchainIdlMaxPrograms: 256,
    onchainIdlMaxMiB: 64,
    upstreamWs: [],
    wsMaxConnections: 10_000,
    wsMaxBufferedMiB: 8,
    wsUpstreamGraceMs: 10_000,
  });
});

test('PubSub: upstream-ws needs an upstream; the buffer limit is at least 1 MiB; ws-port has no fixed default', () => {
  assert.match(resolveServeOptions(flags(['--upstream-ws', 'ws://node.example/']), {}).errors.join('\n'), /no upstream is set/);
  assert.match(resolveServeOptions(flags(['--ws-max-buffered-mib', '0']), {}).errors.join('\n'), /at least 1/);
  assert.match(
    resolveServeOptions(flags(['--upstream-connections', '0']), {}).errors.join('\n'),
    /upstream-connections must be at least 1/,
  );
  assert.equal(resolveServeOptions(flags(['--port', '9000']), {}).options.wsPort, undefined);
  assert.equal(resolveServeOptions(flags(['--ws-port', '0']), {}).options.wsPort, 0);
});

test('acceptors: at least 1, with or without redis', () => {
  assert.match(resolveServeOptions(flags(['--acceptors', '0']), {}).errors.join('\n'), /at least 1/);
  assert.deepEqual(resolveServeOptions(flags(['--acceptors', '2']), {}).errors, []);
  assert.deepEqual(resolveServeOptions(flags(['--acceptors', '2', '--redis', 'redis://cache.example/']), {}).errors, []);
  // Unset, workers take the cores the acceptors leave; set, they are as given.
  const cores = availableParallelism();
  assert.equal(
    resolveServeOptions(flags(['--acceptors', '2', '--redis', 'redis://cache.example/']), {}).options.workers,
    Math.max(0, cores - 2),
  );
  assert.equal(resolveServeOptions(flags(['--acceptors', String(cores + 1), '--redis', 'redis://cache.example/']), {}).options.workers, 0);
  assert.equal(resolveServeOptions(flags(['--acceptors', '2', '--workers', '3', '--redis', 'redis://x/']), {}).options.workers, 3);
  assert.equal(resolveServeOptions(flags([]), {}).options.workers, defaultWorkers);
  assert.deepEqual(workerShares(5, 2), [3, 2]);
  assert.deepEqual(workerShares(1, 3), [1, 0, 0]);
});

test('onchain-idl: on needs an upstream; the wait is bounded; the cache limits are at least 1', () => {
  assert.match(resolveServeOptions(flags(['--onchain-idl', 'on']), {}).errors.join('\n'), /no upstream is set/);
  assert.deepEqual(resolveServeOptions(flags(['--onchain-idl', 'off']), {}).errors, []);
  assert.equal(resolveServeOptions({}, {}).options.onchainIdl, undefined, 'left to the gateway: on exactly when there are upstreams');
  assert.match(resolveServeOptions(flags(['--onchain-idl-wait-ms', '10001']), {}).errors.join('\n'), /at most 10000/);
  assert.deepEqual(resolveServeOptions(flags(['--onchain-idl-wait-ms', '0']), {}).errors, []);
  assert.match(resolveServeOptions({}, { ENHANCED_RPC_ONCHAIN_IDL_MAX_PROGRAMS: '0' }).errors.join('\n'), /at least 1/);
});

test('flag beats environment beats config file beats default, setting by setting', () => {
  const configFile = file({ port: 1111, upstream: ['http://file.example/'], 'log-level': 'warn', workers: 2 });
  const env = { ENHANCED_RPC_PORT: '2222', ENHANCED_RPC_UPSTREAM: 'http://env.example/', ENHANCED_RPC_WORKERS: '3' };
  const all = resolveServeOptions(flags(['--port', '3333', '--upstream', 'http://flag.example/']), env, configFile);
  assert.deepEqual(all.errors, []);
  assert.equal(all.options.port, 3333);
  assert.deepEqual(all.options.upstreams, ['http://flag.example/']);
  assert.equal(all.options.workers, 3, 'no flag: the variable');
  assert.equal(all.options.logLevel, 'warn', 'neither flag nor variable: the file');
  assert.equal(all.options.host, '127.0.0.1', 'nowhere: the default');

  const noFlags = resolveServeOptions({}, env, configFile);
  assert.equal(noFlags.options.port, 2222);
  assert.deepEqual(noFlags.options.upstreams, ['http://env.example/']);

  const fileOnly = resolveServeOptions({}, {}, configFile);
  assert.equal(fileOnly.options.port, 1111);
  assert.deepEqual(fileOnly.options.upstreams, ['http://file.example/']);
  assert.equal(fileOnly.options.workers, 2);
});

test('every setting has a flag, a variable and a config key that each reach the same option', () => {
  // A value distinct from the default for each kind of setting.
  const sample = (name: string) =>
    ({
      port: '4321',
      workers: '5',
      acceptors: '3',
      'response-cache': '16',
      'upstream-timeout': '2500',
      'upstream-connections': '9',
      'log-level': 'debug',
      'onchain-idl-ttl': '60000',
      'onchain-idl-absent-ttl': '120000',
      'onchain-idl-wait-ms': '40',
      'onchain-idl-max-programs': '12',
      'onchain-idl-max-mib': '3',
      'ws-port': '4322',
      'ws-max-connections': '7',
      'ws-max-buffered-mib': '2',
      'ws-upstream-grace': '2500',
    })[name] ?? `/some/${name}`;
  for (const setting of settings) {
    const text = setting.kind === 'switch' ? 'on' : sample(setting.name);
    const expected = setting.kind === 'switch' ? true : /^\d+$/.test(text) ? Number(text) : setting.kind === 'list' ? [text] : text;
    // On-chain IDLs and PubSub are read through an upstream: turning them on or naming its URL needs one.
    // Several acceptors count limits in Redis: they need it too.
    const upstream =
      setting.name === 'onchain-idl' || setting.name === 'upstream-ws'
        ? ['--upstream', 'http://node.example/']
        : setting.name === 'acceptors'
          ? ['--redis', 'redis://cache.example/']
          : [];
    const fromFlag = resolveServeOptions(flags([`--${setting.name}`, text, ...upstream]), {});
    const fromEnv = resolveServeOptions(flags(upstream), { [envName(setting.name)]: text });
    const fromFile = resolveServeOptions(flags(upstream), {}, file({ [setting.name]: setting.kind === 'list' ? [text] : expected }));
    for (const [source, result] of [
      ['flag', fromFlag],
      ['environment', fromEnv],
      ['file', fromFile],
    ] as const) {
      assert.deepEqual(result.errors, [], `${setting.name} from ${source}`);
      assert.deepEqual(result.options[setting.option], expected, `${setting.name} from ${source}`);
    }
  }
});

test('ENHANCED_RPC_UPSTREAM is comma-separated; an empty variable counts as unset', () => {
  const { options, errors } = resolveServeOptions(
    {},
    { ENHANCED_RPC_UPSTREAM: ' http://a.example/ ,http://b.example/,', ENHANCED_RPC_HOST: '' },
    file({ host: '0.0.0.0' }),
  );
  assert.deepEqual(errors, []);
  assert.deepEqual(options.upstreams, ['http://a.example/', 'http://b.example/']);
  assert.equal(options.host, '0.0.0.0');
});

test('--config names the file before ENHANCED_RPC_CONFIG does', () => {
  assert.equal(configFilePath(flags(['--config', '/a.json']), { ENHANCED_RPC_CONFIG: '/b.json' }), '/a.json');
  assert.equal(configFilePath({}, { ENHANCED_RPC_CONFIG: '/b.json' }), '/b.json');
  assert.equal(configFilePath({}, {}), undefined);
});

test('config file: unknown keys, wrong types and bad values are errors naming the file and the key', () => {
  const path = '/srv/gw.json';
  const { errors } = resolveServeOptions(
    {},
    {},
    file(
      {
        prot: 8899,
        port: '8899',
        upstream: 'http://one.example/',
        workers: -1,
        'upstream-timeout': 1.5,
        'log-level': 'verbose',
        redis: 6379,
      },
      path,
    ),
  );
  const expect = [
    /unknown key "prot"/,
    /"port" must be a port number.*got a string/,
    /"upstream" must be an array of URL strings, got a string/,
    /"workers" must be a whole number ≥ 0, got -1/,
    /"upstream-timeout" must be a whole number of milliseconds.*got 1\.5/,
    /"log-level" must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"/,
    /"redis" must be a string, got a number/,
  ];
  assert.equal(errors.length, expect.length, errors.join('\n'));
  for (const pattern of expect) {
    const error = errors.find((e) => pattern.test(e));
    assert.ok(error, `no error matching ${pattern} in:\n${errors.join('\n')}`);
    assert.ok(error.includes(path), `${error} names the file`);
  }
});

test('config file that is not JSON, or not an object, is an error naming the file', () => {
  const broken = resolveServeOptions({}, {}, file('{"port": 8899,', '/tmp/broken.json'));
  assert.equal(broken.errors.length, 1);
  assert.match(broken.errors[0], /^config file \/tmp\/broken\.json is not valid JSON: /);
  const list = resolveServeOptions({}, {}, file([{ port: 1 }], '/tmp/list.json'));
  assert.deepEqual(list.errors, ['config file /tmp/list.json must hold one JSON object of settings, got an array']);
});

test('variables and flags with bad values, and unknown ENHANCED_RPC_ variables, are errors naming them', () => {
  const { errors } = resolveServeOptions(flags(['--port', '70000', '--upstream-timeout', '0']), {
    ENHANCED_RPC_WORKERS: 'four',
    ENHANCED_RPC_PROT: '8899',
    ENHANCED_RPC_LOG_LEVEL: 'loud',
    ENHANCED_RPC_UPSTREAM: ',',
  });
  assert.equal(errors.length, 6, errors.join('\n'));
  for (const pattern of [
    /^--port must be a port number 0\.\.65535, got "70000"$/,
    /^--upstream-timeout must be a whole number of milliseconds .*got "0"$/,
    /^ENHANCED_RPC_WORKERS must be a whole number ≥ 0, got "four"$/,
    /^environment variable ENHANCED_RPC_PROT is not a setting; known: ENHANCED_RPC_CONFIG, ENHANCED_RPC_HOST/,
    /^ENHANCED_RPC_LOG_LEVEL must be one of .*got "loud"$/,
    /^ENHANCED_RPC_UPSTREAM must name at least one URL$/,
  ])
    assert.ok(
      errors.some((e) => pattern.test(e)),
      `no error matching ${pattern} in:\n${errors.join('\n')}`,
    );
});

test('errors never repeat a URL, which may hold a provider key or a password', () => {
  const secret = 'k3y-do-not-log';
  const { errors } = resolveServeOptions({}, {}, file({ upstream: [`https://node.example/${secret}`, 7], postgres: '' }));
  assert.equal(errors.length, 2, errors.join('\n'));
  for (const error of errors) assert.ok(!error.includes(secret), error);
});

/** An upstream node that answers every call with `result` and counts the calls. */
async function fakeNode(result: number): Promise<{ url: string; calls: () => number; server: Server }> {
  let calls = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', result, id: 1 }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, calls: () => calls, server };
}

/** A port nothing listens on right now, for a config file to name. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

/** The message of a `serve` that must refuse to start. */
async function refusal(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const outcome = await spawnServe(args, env).then(
    async ({ process }) => {
      await stopProcess(process);
      return null;
    },
    (error: Error) => error.message,
  );
  assert.ok(outcome !== null, 'serve started although its settings are bad');
  return outcome;
}

test('the real CLI takes its port and upstream from the config file and its key database from the environment', async () => {
  const node = await fakeNode(4242);
  const db = join(tempDir(), 'keys.sqlite');
  const key = createKey(db);
  const config = join(tempDir(), 'config.json');
  const port = await freePort();
  writeFileSync(config, JSON.stringify({ port, upstream: [node.url], 'upstream-timeout': 3000, workers: 0, 'log-level': 'warn' }));
  const gw = await spawnServe(['--config', config], { ...process.env, ENHANCED_RPC_DB: db });
  try {
    assert.equal(gw.port, port);
    const answer = await post(`http://127.0.0.1:${port}/${key}`, rpc('getSlot'));
    assert.equal(answer.status, 200, answer.text);
    assert.equal(JSON.parse(answer.text).result, 4242);
    assert.equal(node.calls(), 1, 'the call went to the upstream the file names');
    assert.doesNotMatch(gw.output(), /gateway started/, 'log-level warn from the file holds back info lines');
  } finally {
    await stopProcess(gw.process);
    node.server.close();
  }
});

test('the real CLI: ENHANCED_RPC_CONFIG names the file, a variable overrides its port, a flag its upstream', async () => {
  const [fromFile, fromFlag] = [await fakeNode(1), await fakeNode(2)];
  const db = join(tempDir(), 'keys.sqlite');
  const key = createKey(db);
  const config = join(tempDir(), 'config.json');
  const [filePort, envPort] = [await freePort(), await freePort()];
  writeFileSync(config, JSON.stringify({ port: filePort, upstream: [fromFile.url], db, workers: 0 }));
  const gw = await spawnServe(['--upstream', fromFlag.url], {
    ...process.env,
    ENHANCED_RPC_CONFIG: config,
    ENHANCED_RPC_PORT: String(envPort),
  });
  try {
    assert.equal(gw.port, envPort);
    const answer = await post(`http://127.0.0.1:${envPort}/${key}`, rpc('getSlot'));
    assert.equal(JSON.parse(answer.text).result, 2);
    assert.deepEqual([fromFile.calls(), fromFlag.calls()], [0, 1]);
    assert.match(gw.output(), /"msg":"gateway started"/, 'the default log level, info');
  } finally {
    await stopProcess(gw.process);
    fromFile.server.close();
    fromFlag.server.close();
  }
});

test('the real CLI exits non-zero, saying why, on a bad config file, a missing one or a bad variable', async () => {
  const dir = tempDir();
  const typo = join(dir, 'typo.json');
  writeFileSync(typo, JSON.stringify({ prot: 8899 }));
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, '{"port": 8899');
  const missing = join(dir, 'missing.json');
  const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
    [['--config', typo], process.env, new RegExp(`config file ${typo}: unknown key "prot"`)],
    [['--config', broken], process.env, new RegExp(`config file ${broken} is not valid JSON`)],
    [['--config', missing], process.env, new RegExp(`cannot read config file ${missing}: ENOENT`)],
    [[], { ...process.env, ENHANCED_RPC_PORT: 'eighty' }, /ENHANCED_RPC_PORT must be a port number 0\.\.65535, got "eighty"/],
    [['--prot', '1'], process.env, /Unknown option '--prot'/],
  ];
  for (const [args, env, pattern] of cases) {
    const message = await refusal(['--db', join(dir, 'keys.sqlite'), ...args], env);
    assert.match(message, /exited with 1 before listening/);
    assert.match(message, pattern);
  }
});

const deployFile = (name: string) => readFileSync(join(projectRoot, 'deploy', name), 'utf8');

/** KEY=value lines as systemd's EnvironmentFile= reads them (no quoting used in the example). */
function environmentFile(text: string): Env {
  const env: Env = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2];
  }
  return env;
}

/** ExecStart's command line split into words; the unit uses no quoting. */
function execStart(unit: string): string[] {
  const line = unit.split('\n').find((l) => l.startsWith('ExecStart='));
  assert.ok(line, 'the unit has an ExecStart');
  return line.slice('ExecStart='.length).trim().split(/\s+/);
}

test('deploy/: the example config and environment files are accepted, and what they set is used', () => {
  const configText = deployFile('config.example.json');
  const env = environmentFile(deployFile('env.example'));
  assert.ok(Object.keys(env).length > 0, 'the example sets at least one variable');
  const { options, errors } = resolveServeOptions({}, env, file(configText, 'deploy/config.example.json'));
  assert.deepEqual(errors, []);
  const config = JSON.parse(configText) as Record<string, unknown>;
  for (const setting of settings) {
    if (env[envName(setting.name)] === undefined && setting.name in config)
      assert.deepEqual(options[setting.option], config[setting.name], setting.name);
  }
  assert.deepEqual(options.upstreams, env.ENHANCED_RPC_UPSTREAM!.split(','));
});

test('deploy/: the systemd unit starts `serve` with flags that exist, on the files the examples are for', () => {
  const unit = deployFile('enhanced-rpc.service');
  const words = execStart(unit);
  const serve = words.indexOf('serve');
  assert.ok(serve > 0 && words[serve - 1].endsWith('/dist/src/cli.js'), words.join(' '));
  const { values } = parseArgs({ args: words.slice(serve + 1), options: serveFlags });
  assert.equal(values.config, '/etc/enhanced-rpc/config.json');
  assert.match(unit, /^EnvironmentFile=\/etc\/enhanced-rpc\/env$/m);
  const stopSeconds = Number(/^TimeoutStopSec=(\d+)s$/m.exec(unit)?.[1]);
  assert.ok(stopSeconds > 10, 'systemd waits longer than the 10 s drain of the gateway before SIGKILL');
  // The state directory systemd creates is where the example keeps everything the gateway writes.
  const state = `/var/lib/${/^StateDirectory=(\S+)$/m.exec(unit)?.[1]}/`;
  const config = JSON.parse(deployFile('config.example.json')) as Record<string, string>;
  for (const name of ['ledger', 'db']) assert.ok(config[name].startsWith(state), `${name} is under ${state}`);
});

test('deploy/nginx.conf: the same body limit as the gateway, refused with the same JSON-RPC error', async () => {
  const conf = deployFile('nginx.conf');
  const [, amount, unit] = /^\s*client_max_body_size (\d+)([km]?);$/m.exec(conf)!;
  const limit = Number(amount) * ({ '': 1, k: 1024, m: 1024 * 1024 } as Record<string, number>)[unit];
  const nginxAnswer = JSON.parse(/return 413 '(.*)\\n';/.exec(conf)![1]);
  const db = join(tempDir(), 'keys.sqlite');
  const key = createKey(db);
  const gw = await spawnServe(['--port', '0', '--db', db, '--workers', '0']);
  try {
    const padded = (size: number) => JSON.stringify(rpc('getSlot')).padEnd(size, ' ');
    const fits = await post(`http://127.0.0.1:${gw.port}/${key}`, padded(limit));
    assert.equal(fits.status, 200, fits.text);
    const over = await post(`http://127.0.0.1:${gw.port}/${key}`, padded(limit + 1));
    assert.equal(over.status, 413);
    assert.deepEqual(nginxAnswer, JSON.parse(over.text));
  } finally {
    await stopProcess(gw.process);
  }
});

test('switches take on/off (or true/false) from flags and variables and booleans from the file', () => {
  assert.equal(resolveServeOptions(flags(['--ledger-cache', 'off']), {}).options.ledgerCache, false);
  assert.equal(resolveServeOptions({}, { ENHANCED_RPC_LEDGER_CACHE: 'true' }).options.ledgerCache, true);
  assert.equal(resolveServeOptions({}, {}, file({ 'ledger-cache': false })).options.ledgerCache, false);
  for (const word of ['yes', 'constructor', '1']) {
    assert.deepEqual(resolveServeOptions(flags(['--ledger-cache', word]), {}).errors, [
      `--ledger-cache must be on or off, got ${JSON.stringify(word)}`,
    ]);
  }
  assert.deepEqual(resolveServeOptions({}, {}, file({ 'ledger-cache': 1 })).errors, [
    'config file /etc/enhanced-rpc/config.json: "ledger-cache" must be on or off, got "a number"',
  ]);
});

test('keys and plans reach the key store serve would use: flag, then ENHANCED_RPC_*, then the config file', () => {
  const dir = tempDir();
  const fileDb = join(dir, 'file.sqlite');
  const envDb = join(dir, 'env.sqlite');
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ db: fileDb }));
  const run = (args: string[], env: Record<string, string> = {}) =>
    execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8', stdio: 'pipe', env: { ...process.env, ...env } });
  const plan = ['plans', 'set', 'p', '--rps', '1', '--burst', '1', '--quota', 'unlimited', '--enhanced', 'false'];

  run([...plan, '--config', config]);
  run(['keys', 'create', '--plan', 'p', '--label', 'from-file', '--config', config]);
  assert.match(run(['keys', 'list', '--db', fileDb]), /from-file/);

  run(plan, { ENHANCED_RPC_DB: envDb });
  run(['keys', 'create', '--plan', 'p', '--label', 'from-env'], { ENHANCED_RPC_DB: envDb, ENHANCED_RPC_CONFIG: config });
  assert.match(run(['keys', 'list', '--db', envDb]), /from-env/);
  assert.doesNotMatch(run(['keys', 'list', '--config', config]), /from-env/);

  assert.throws(() => run(['keys', 'list'], { ENHANCED_RPC_PORT: 'eighty' }), /ENHANCED_RPC_PORT must be a port number/);
});
