/** Keys and plans as a client meets them over HTTP: 401, 403, 429, header/path precedence, revocation. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { once } from 'node:events';
import { cli, post, rpc, runCli, tempDir } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';

let gw: InProcessGateway;
before(async () => {
  gw = await startInProcess();
});
after(() => gw.stop());

const errorOf = (text: string) => JSON.parse(text).error as { code: number; message: string };

test('a missing key is 401 with the id echoed and a hint where to put it', async () => {
  const answer = await post(`${gw.url}/`, rpc('getHealth', [], 42));
  assert.equal(answer.status, 401);
  assert.equal(JSON.parse(answer.text).id, 42);
  assert.match(errorOf(answer.text).message, /x-api-key/);
});

test('an unknown key is 401, in the path and in the header', async () => {
  const bogus = 'erpc_' + 'A'.repeat(43);
  for (const answer of [
    await post(`${gw.url}/${bogus}`, rpc('getHealth')),
    await post(`${gw.url}/`, rpc('getHealth'), { 'x-api-key': bogus }),
  ]) {
    assert.equal(answer.status, 401);
    assert.equal(errorOf(answer.text).code, -32401);
  }
});

test('the header key wins over the path segment', async () => {
  const viaHeader = await post(`${gw.url}/not-a-key`, rpc('getHealth'), { 'x-api-key': gw.key });
  assert.equal(viaHeader.status, 200);
  assert.equal(JSON.parse(viaHeader.text).result, 'ok');
  const badHeader = await post(`${gw.url}/${gw.key}`, rpc('getHealth'), { 'x-api-key': 'erpc_nope' });
  assert.equal(badHeader.status, 401);
});

test('a revoked key stops working (the CLI revokes in another process)', async () => {
  const key = await gw.createKey('developer');
  assert.equal((await post(`${gw.url}/${key}`, rpc('getHealth'))).status, 200);
  runCli(['keys', 'revoke', key, '--db', gw.db]);
  const deadline = Date.now() + 5_000;
  let status = 200;
  while (status === 200 && Date.now() < deadline) {
    status = (await post(`${gw.url}/${key}`, rpc('getHealth'))).status;
    if (status === 200) await new Promise((r) => setTimeout(r, 200));
  }
  assert.equal(status, 401);
  const list = runCli(['keys', 'list', '--db', gw.db]);
  assert.match(list, /revoked/);
  assert.doesNotMatch(list, new RegExp(key));
});

test('a plan without enhanced parsing gets 403 for explorerkit and actionskit, 200 without', async () => {
  const free = await gw.createKey('free');
  assert.equal((await post(`${gw.url}/${free}`, rpc('getHealth'))).status, 200);
  for (const flag of ['explorerkit=true', 'actionskit=1']) {
    const answer = await post(`${gw.url}/${free}?${flag}`, rpc('getHealth', [], 'x'));
    assert.equal(answer.status, 403);
    assert.equal(JSON.parse(answer.text).id, 'x');
    assert.match(errorOf(answer.text).message, /does not include enhanced parsing/);
  }
  assert.equal((await post(`${gw.url}/${free}?explorerkit=false`, rpc('getHealth'))).status, 200);
});

test('over the plan rate is 429 with Retry-After; a batch larger than the burst is refused whole', async () => {
  const free = await gw.createKey('free'); // 10 rps, burst 20
  const big = Array.from({ length: 21 }, (_, i) => rpc('getHealth', [], i));
  const refused = await post(`${gw.url}/${free}`, big);
  assert.equal(refused.status, 429);
  assert.match(errorOf(refused.text).message, /burst 20/);
  const statuses: number[] = [];
  let retryAfter: string | null = null;
  for (let i = 0; i < 25; i++) {
    const answer = await post(`${gw.url}/${free}`, rpc('getHealth'));
    statuses.push(answer.status);
    if (answer.status === 429) retryAfter = answer.headers.get('retry-after');
  }
  assert.ok(statuses.includes(429), `expected some 429 among ${statuses}`);
  assert.ok(Number(retryAfter) >= 1);
});

test('plans list shows the three default plans', () => {
  const out = runCli(['plans', 'list', '--db', gw.db]);
  for (const name of ['free', 'developer', 'business']) assert.match(out, new RegExp(`^${name}\\t`, 'm'));
});

/** serve on an empty key store, its stdout a terminal (through script(1)'s pseudo-terminal) or a pipe. */
function serveEmpty(db: string, terminal: boolean) {
  const command = [process.execPath, cli, 'serve', '--port', '0', '--db', db];
  return terminal
    ? spawn('script', ['-qfec', command.map((a) => `'${a}'`).join(' '), '/dev/null'], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
}

function waitForLine(child: ReturnType<typeof spawn>, pattern: RegExp): Promise<{ line: string; output: string }> {
  let output = '';
  return new Promise((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split(/\r?\n/).find((l) => pattern.test(l));
      if (line) resolve({ line: line.trim(), output });
    });
  });
}

test('serve at a terminal with an empty key store creates a development key and prints a working curl line', async () => {
  const child = serveEmpty(join(tempDir(), 'empty.sqlite'), true);
  try {
    const { line: curl, output } = await waitForLine(child, /^\s*curl /);
    assert.match(output, /for local use only/);
    const [, url] = /curl -s (\S+)/.exec(curl)!;
    const answer = await post(url, rpc('getHealth'));
    assert.equal(answer.status, 200);
    assert.equal(JSON.parse(answer.text).result, 'ok');
  } finally {
    child.kill('SIGTERM');
  }
});

test('serve as a service (stdout not a terminal) creates no key, so none reaches a journal', async () => {
  const db = join(tempDir(), 'empty.sqlite');
  const child = serveEmpty(db, false);
  try {
    const { output } = await waitForLine(child, /every request will be refused until one is created/);
    assert.doesNotMatch(output, /curl|erpc_/);
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  assert.equal(runCli(['keys', 'list', '--db', db]).trim(), '');
});
