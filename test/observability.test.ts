/**
 * What an operator sees of a running gateway: /metrics in Prometheus text format, /health and its
 * JSON detail, and the structured log, which must never carry an API key (ours or an upstream's).
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundledRegistry } from '../src/idl/bundled.js';
import { instructionEntriesOf, readableResult } from '../src/transaction-result/read.js';
import { decodeBase58, encodeBase58 } from '../src/codec/base58.js';
import { corpusTransactionsDir } from '../src/paths.js';
import type { GatewayOptions } from '../src/gateway.js';
import { post, rpc, startGateway, tempDir, type RunningGateway, type TestGateway } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

const registry = loadBundledRegistry();
const swapSignature = '33LHUzKfhBvU68kYib22oFx2XdQKQZ2sfvTmmdCFEr6YidyP8S3WwAurjz6Suewvr2WUByV79K3stNCZDe7wq3De';
const okxRouter = '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma';
/** A corpus transaction through the OKX router, whose entries the bundled descriptions decode. */
const okxSignature = '122amq2zVwHWNJ4vZE5EDhF6YzKUCewWUuF8oNsmU4CGs29LfwoMHmrPed45tEoEXBrTV9NHN1S5x1X23vDG1thc';

/**
 * The OKX transaction as a node would answer it if the router had shipped an instruction no
 * bundled version knows: each router entry's data gets a discriminator no description has.
 */
function withUnknownRouterInstructions(): string {
  let text = readFileSync(join(corpusTransactionsDir, `${okxSignature}.jsonParsed.json`), 'utf8');
  const result = readableResult(JSON.parse(text));
  const routed = instructionEntriesOf(result).filter((e) => e.programId === okxRouter);
  assert.ok(routed.length > 0);
  for (const entry of routed) {
    const bytes = decodeBase58(entry.data as string)!;
    bytes.fill(0xee, 0, 8);
    // The stored answer is pretty-printed; a base58 string is unique enough to replace as it stands.
    text = text.replaceAll(`"${entry.data}"`, `"${encodeBase58(bytes)}"`);
  }
  return text;
}

const running: TestGateway[] = [];
after(() => Promise.all(running.map((g) => g.stop())));

function kept<T extends TestGateway>(gw: T): T {
  running.push(gw);
  return gw;
}

async function gateway(options: GatewayOptions = {}): Promise<InProcessGateway> {
  return kept(await startInProcess(options));
}

/** A process of its own, for a test that reads the log: there is one per process, and this one is the gateway's alone. */
async function loggingGateway(args: string[]): Promise<RunningGateway> {
  return kept(await startGateway(args));
}

type Samples = Map<string, number>;

/** `name{a="x",b="y"} value` lines keyed by name and labels sorted by name, as written. */
async function scrape(gw: TestGateway): Promise<Samples> {
  const response = await fetch(`${gw.url}/metrics`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const samples: Samples = new Map();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    assert.ok(m, `not a sample line: ${line}`);
    const labels = m[2]
      ? m[2]
          .split(/,(?=[a-z_]+=")/)
          .sort()
          .join(',')
      : '';
    samples.set(labels ? `${m[1]}{${labels}}` : m[1], Number(m[3]));
  }
  return samples;
}

const sample = (s: Samples, name: string, labels: Record<string, string> = {}) => {
  const text = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  return s.get(text ? `${name}{${text}}` : name) ?? 0;
};

/** Entries of described programs that came back without a decoded form, per program, read off the answer itself. */
function undecodedIn(answerText: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of instructionEntriesOf(readableResult(JSON.parse(answerText).result))) {
    const programId = entry.programId;
    if (programId === undefined || 'parsed' in entry || registry.versions(programId).length === 0) continue;
    counts[programId] = (counts[programId] ?? 0) + 1;
  }
  return counts;
}

for (const workers of [0, 1]) {
  test(`/metrics counts calls per method and flag set, refusals and the pool (workers ${workers})`, async () => {
    const gw = await gateway({ workers });
    const rpcUrl = `${gw.url}/${gw.key}`;
    const before = await scrape(gw);
    assert.equal(sample(before, 'enhanced_rpc_calls_total', { method: 'getSlot', flags: 'none', outcome: 'ok' }), 0);

    await post(rpcUrl, rpc('getSlot'));
    await post(rpcUrl, [rpc('getSlot', [], 1), rpc('getBalance', ['not base58!'], 2)]);
    const enhanced = await post(
      `${rpcUrl}?explorerkit=true`,
      rpc('getTransaction', [okxSignature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]),
    );
    assert.equal(enhanced.status, 200);
    await post(
      `${rpcUrl}?actionskit=true`,
      rpc('getTransaction', [swapSignature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]),
    );
    await post(`${gw.url}/not-a-key`, rpc('getSlot'));
    await post(rpcUrl, rpc('someMethodNobodyHas'));

    const after = await scrape(gw);
    assert.equal(sample(after, 'enhanced_rpc_calls_total', { method: 'getSlot', flags: 'none', outcome: 'ok' }), 2);
    assert.equal(sample(after, 'enhanced_rpc_calls_total', { method: 'getTransaction', flags: 'explorerkit', outcome: 'ok' }), 1);
    assert.equal(sample(after, 'enhanced_rpc_calls_total', { method: 'getTransaction', flags: 'actionskit', outcome: 'ok' }), 1);
    assert.equal(sample(after, 'enhanced_rpc_call_duration_seconds_count', { method: 'getTransaction', flags: 'actionskit' }), 1);
    // Unknown method names share one label value, so clients cannot mint new series.
    assert.ok(
      sample(after, 'enhanced_rpc_calls_total', { method: 'other', flags: 'none', outcome: 'ok' }) +
        sample(after, 'enhanced_rpc_calls_total', { method: 'other', flags: 'none', outcome: 'error' }) >=
        1,
    );
    assert.ok(![...after.keys()].some((k) => k.includes('someMethodNobodyHas')));
    assert.equal(sample(after, 'enhanced_rpc_http_responses_total', { status: '401' }), 1);
    assert.deepEqual(undecodedIn(enhanced.text), {}, 'the corpus transaction decodes whole');
    assert.ok(![...after.keys()].some((k) => k.startsWith('enhanced_rpc_decode_failures_total{')), 'so no failure is counted');
    assert.equal(sample(after, 'enhanced_rpc_pool_threads'), workers);
    assert.ok(sample(after, 'enhanced_rpc_process_resident_memory_bytes') > 0);
    assert.ok(sample(after, 'enhanced_rpc_response_cache_bytes') > 0, 'finalized answers were kept');
  });

  test(`/metrics counts data of described programs that no version decodes, per program (workers ${workers})`, async (t) => {
    const answer = withUnknownRouterInstructions();
    const node = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const id = JSON.stringify(JSON.parse(body).id);
        res.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","result":${answer},"id":${id}}`);
      });
    });
    node.listen(0, '127.0.0.1');
    await once(node, 'listening');
    t.after(() => node.close());
    const upstream = `http://127.0.0.1:${(node.address() as { port: number }).port}`;
    const gw = await gateway({ workers, upstreams: [upstream], ledgerFile: join(tempDir(), 'cache.sqlite') });
    const enhanced = await post(
      `${gw.url}/${gw.key}?explorerkit=true`,
      rpc('getTransaction', [okxSignature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]),
    );
    assert.equal(enhanced.status, 200);
    const expected = undecodedIn(enhanced.text);
    assert.ok((expected[okxRouter] ?? 0) > 0, 'the altered router entries stay as the node gave them');
    const after = await scrape(gw);
    for (const [program, n] of Object.entries(expected)) {
      assert.equal(sample(after, 'enhanced_rpc_decode_failures_total', { program }), n, program);
    }
  });
}

test("/health stays the node's plain text; /health/detail reports each upstream without its path", async () => {
  const node = await gateway();
  const upstreamSecret = node.key;
  const dead = `http://127.0.0.1:1/${'s3cret'.repeat(4)}`;
  const gw = await loggingGateway([
    '--upstream',
    `${node.url}/${upstreamSecret}`,
    '--upstream',
    dead,
    '--ledger',
    join(tempDir(), 'cache.sqlite'),
  ]);
  const health = await fetch(`${gw.url}/health`);
  assert.equal(health.status, 200);
  assert.equal(await health.text(), 'ok');

  // One call through the dead upstream's turn marks it failed; the healthy one answers.
  for (let i = 0; i < 4; i++) await post(`${gw.url}/${gw.key}`, rpc('getSlot', [], i));
  const detail = await fetch(`${gw.url}/health/detail`);
  assert.equal(detail.status, 200);
  const body = (await detail.json()) as {
    status: string;
    backend: Record<string, { up: boolean; consecutiveFailures: number }>;
    inFlight: number;
  };
  assert.equal(body.status, 'ok');
  assert.deepEqual(Object.keys(body.backend).sort(), [new URL(node.url).origin, 'http://127.0.0.1:1'].sort());
  assert.equal(body.backend[new URL(node.url).origin].up, true);
  const text = JSON.stringify(body);
  assert.ok(!text.includes(upstreamSecret) && !text.includes('s3cret'), 'no upstream path in the detail');

  const log = gw.output();
  assert.ok(!log.includes(upstreamSecret) && !log.includes('s3cret'), 'no upstream path in the log');
  assert.ok(!log.includes(gw.key), 'no API key in the log');
});

test('the log is one JSON object per line, and keys never appear in it', async () => {
  const gw = await loggingGateway([]);
  await post(`${gw.url}/${gw.key}`, rpc('getSlot'));
  await post(`${gw.url}/wrong-key-${gw.key.slice(0, 8)}`, rpc('getSlot'));
  await post(`${gw.url}/`, rpc('getSlot'), { 'x-api-key': gw.key });
  const lines = gw
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'));
  const started = lines.map((l) => JSON.parse(l) as { level: number; msg: string; port?: number }).find((r) => r.msg === 'gateway started');
  assert.ok(started, 'a structured start record');
  assert.equal(started.level, 30);
  assert.equal(started.port, gw.port);
  assert.ok(!gw.output().includes(gw.key));
});
