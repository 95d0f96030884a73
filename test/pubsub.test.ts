/**
 * PubSub over WebSocket against a real gateway in front of a stand-in node that speaks
 * PubSub: web3.js's Connection (which derives ws://host:port+1 from the HTTP URL) and kit's
 * createSolanaRpcSubscriptions, unchanged; refusals before the upgrade; shared upstream
 * subscriptions; reconnects; a client that does not read; the embedded ledger's two streams.
 */
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { Connection, PublicKey } from '@solana/web3.js';
import { address, createSolanaRpcSubscriptions } from '@solana/kit';
import { corpusAccountsDir } from '../src/paths.js';
import { post, rpc, runCli, startGateway, type RunningGateway } from './support/gateway.js';
import { startInProcess, type InProcessGateway } from './support/in-process-gateway.js';
import { pubsubUrlOf } from '../src/pubsub/upstream-link.js';
import { freePortPair, PubSubStandIn } from './support/pubsub-stand-in.js';

/** A Whirlpool (Orca) pool account from the corpus: non-native, decoded by the bundled IDL. */
const poolAddress = '56Ekyu6uBpTna3LR2qkjHjNbDNkCLWK2Lt3uWh7J2R8Z';
const poolAccountText = readFileSync(join(corpusAccountsDir, `${poolAddress}.json`), 'utf8').trim();
const poolAccount = JSON.parse(poolAccountText) as { data: [string, string]; owner: string };
const tokenAccount = '6A5NHCj1yF6urc9wZNe6Bcjj4LVszQNj5DwAWG97yzMu';
const signature = '33LHUzKfhBvU68kYib22oFx2XdQKQZ2sfvTmmdCFEr6YidyP8S3WwAurjz6Suewvr2WUByV79K3stNCZDe7wq3De';

const until = async (check: () => boolean, what: string, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const within = <T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms).unref()),
  ]);

/** A raw client: every message kept, in order, with a way to wait for the next ones. */
class Client {
  readonly messages: any[] = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.messages.push(JSON.parse(data.toString())));
    socket.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
  }
  static async open(url: string, headers: Record<string, string> = {}): Promise<Client> {
    const socket = new WebSocket(url, { headers });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Client(socket);
  }
  private nextCallId = 1;
  /** Sends a call and waits for the answer with its id. */
  async call(method: string, params: unknown[] = []): Promise<any> {
    const id = this.nextCallId++;
    this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    await until(() => this.messages.some((m) => m.id === id), `answer to ${method}`);
    return this.messages.find((m) => m.id === id);
  }
  notifications(subscription: number): any[] {
    return this.messages.filter((m) => m.params?.subscription === subscription);
  }
  close() {
    this.socket.close();
  }
}

/** The HTTP status a refused upgrade gets. */
function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (c: Buffer) => (body += c.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.on('error', (error) => {
      if (!String(error).includes('Unexpected server response')) reject(error);
    });
  });
}

describe('PubSub in front of a node', () => {
  let node: PubSubStandIn;
  let gw: InProcessGateway;
  let ws: string;
  before(async () => {
    node = await new PubSubStandIn().start();
    node.accounts.set(poolAddress, poolAccountText);
    const port = await freePortPair();
    gw = await startInProcess({ port, upstreams: [node.rpcUrl], wsUpstreamGraceMs: 1500, workers: 0 });
    ws = `ws://127.0.0.1:${port + 1}/${gw.key}`;
  });
  after(async () => {
    await gw.stop();
    node.stop();
  });

  test('refusals come before the upgrade, as HTTP statuses', async () => {
    assert.equal((await upgradeStatus(`ws://127.0.0.1:${gw.port + 1}/`)).status, 401);
    const bad = await upgradeStatus(`ws://127.0.0.1:${gw.port + 1}/not-a-key`);
    assert.equal(bad.status, 401);
    assert.match(JSON.parse(bad.body).error.message, /Invalid API key/);
    assert.equal((await upgradeStatus(`ws://127.0.0.1:${gw.port}/${gw.key}?explorerkit=maybe`)).status, 400);
    // The key by header, on the gateway's own port.
    assert.equal((await upgradeStatus(`ws://127.0.0.1:${gw.port}/`, { 'x-api-key': gw.key })).status, 101);
    const free = await gw.createKey('free');
    const forbidden = await upgradeStatus(`ws://127.0.0.1:${gw.port}/${free}?explorerkit=true`);
    assert.equal(forbidden.status, 403);
    assert.equal((await upgradeStatus(`ws://127.0.0.1:${gw.port}/${free}`)).status, 101);
    // Plain HTTP still answers on the same port.
    const answer = await post(`${gw.url}/${gw.key}`, rpc('getSlot'));
    assert.equal(JSON.parse(answer.text).result, node.slot);
  });

  test('web3.js Connection, unchanged: onSlotChange, onAccountChange, onLogs, confirmTransaction', async () => {
    const connection = new Connection(`${gw.url}/${gw.key}`, { commitment: 'confirmed', disableRetryOnRateLimit: true });
    const slots: number[] = [];
    const slotId = connection.onSlotChange((info) => slots.push(info.slot));
    await until(() => node.held('slotSubscribe').length === 1, 'slotSubscribe upstream');
    node.publish('slotSubscribe', { parent: 9, root: 8, slot: 10 });
    await until(() => slots.length === 1, 'slot notification');
    assert.deepEqual(slots, [10]);

    const accounts: { lamports: number; data: Buffer; owner: string }[] = [];
    const accountId = connection.onAccountChange(new PublicKey(poolAddress), (info) =>
      accounts.push({ lamports: info.lamports, data: info.data, owner: info.owner.toBase58() }),
    );
    await until(() => node.held('accountSubscribe').length === 1, 'accountSubscribe upstream');
    assert.deepEqual(node.held('accountSubscribe')[0].params, [poolAddress, { commitment: 'confirmed', encoding: 'base64' }]);
    node.publish('accountSubscribe', `{"context":{"slot":${node.slot}},"value":${poolAccountText}}`);
    await until(() => accounts.length === 1, 'account notification');
    assert.deepEqual(accounts[0].data, Buffer.from(poolAccount.data[0], 'base64'));
    assert.equal(accounts[0].owner, poolAccount.owner);

    const logs: string[][] = [];
    const logsId = connection.onLogs(new PublicKey(poolAccount.owner), (entry) => logs.push(entry.logs));
    await until(() => node.held('logsSubscribe').length === 1, 'logsSubscribe upstream');
    node.publish('logsSubscribe', {
      context: { slot: node.slot },
      value: { signature, err: null, logs: ['Program whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc invoke [1]'] },
    });
    await until(() => logs.length === 1, 'logs notification');

    node.landed.add(signature);
    const confirmed = await connection.confirmTransaction(signature, 'confirmed');
    assert.equal(confirmed.value.err, null);

    await connection.removeSlotChangeListener(slotId);
    await connection.removeAccountChangeListener(accountId);
    await connection.removeOnLogsListener(logsId);
    await until(() => node.subscriptions.size === 0, 'upstream unsubscribes');
  });

  test('kit createSolanaRpcSubscriptions, explorerkit: a non-native account arrives decoded as getMultipleAccounts decodes it', async () => {
    const subscriptions = createSolanaRpcSubscriptions(`${ws}?explorerkit=true`);
    const abort = new AbortController();
    const stream = await subscriptions
      .accountNotifications(address(poolAddress), { encoding: 'jsonParsed', commitment: 'confirmed' })
      .subscribe({ abortSignal: abort.signal });
    const slots = await subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal });
    await until(() => node.held('accountSubscribe').length === 1 && node.held('slotSubscribe').length === 1, 'kit subscriptions upstream');
    // kit's iterators yield only what arrives after their first next(): both are asked before publishing.
    const nextAccount = stream[Symbol.asyncIterator]().next();
    const nextSlot = slots[Symbol.asyncIterator]().next();
    node.publish('accountSubscribe', `{"context":{"slot":${node.slot}},"value":${poolAccountText}}`);
    node.publish('slotSubscribe', { parent: 11, root: 10, slot: 12 });
    const [{ value: notification }, { value: slot }] = await within(Promise.all([nextAccount, nextSlot]), 'kit notifications');
    assert.equal(slot.slot, 12n);
    const http = await post(
      `${gw.url}/${gw.key}?explorerkit=true`,
      rpc('getMultipleAccounts', [[poolAddress], { encoding: 'jsonParsed' }]),
    );
    const expected = JSON.parse(http.text).result.value[0].data;
    assert.equal(expected.program, 'whirlpool');
    assert.deepEqual(JSON.parse(JSON.stringify(notification.value.data, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))), expected);
    abort.abort();
    await until(() => node.subscriptions.size === 0, 'upstream unsubscribes');
  });

  test('programSubscribe, jsonParsed, explorerkit: non-native accounts decoded, natives and the rest of the node’s bytes unchanged', async () => {
    const decoding = await Client.open(`${ws}?explorerkit=true`);
    const plain = await Client.open(ws);
    const config = { encoding: 'jsonParsed', commitment: 'confirmed' };
    const idDecoding = (await decoding.call('programSubscribe', [poolAccount.owner, config])).result;
    const idPlain = (await plain.call('programSubscribe', [poolAccount.owner, config])).result;
    assert.equal(node.held('programSubscribe').length, 1, 'one upstream subscription for both');
    const tokenText = readFileSync(join(corpusAccountsDir, `${tokenAccount}.json`), 'utf8').trim();
    node.publish('programSubscribe', `{"context":{"slot":${node.slot}},"value":{"account":${poolAccountText},"pubkey":"${poolAddress}"}}`);
    node.publish('programSubscribe', `{"context":{"slot":${node.slot}},"value":{"account":${tokenText},"pubkey":"${tokenAccount}"}}`);
    await until(
      () => decoding.notifications(idDecoding).length === 2 && plain.notifications(idPlain).length === 2,
      'program notifications',
    );
    const [pool, token] = decoding.notifications(idDecoding);
    assert.equal(pool.method, 'programNotification');
    assert.equal(pool.params.result.value.pubkey, poolAddress);
    assert.equal(pool.params.result.value.account.data.program, 'whirlpool');
    assert.equal(pool.params.result.value.account.data.parsed.type, 'whirlpool');
    assert.deepEqual(token.params.result.value.account.data, JSON.parse(tokenText).data);
    assert.deepEqual(plain.notifications(idPlain)[0].params.result.value.account.data, poolAccount.data);
    decoding.close();
    plain.close();
    await until(() => node.subscriptions.size === 0, 'upstream unsubscribes');
  });

  test('two clients asking the same share one upstream subscription, dropped with the last', async () => {
    const a = await Client.open(ws);
    const b = await Client.open(`ws://127.0.0.1:${gw.port}/${gw.key}`);
    const before = node.subscribes.length;
    const idA = (await a.call('accountSubscribe', [tokenAccount, { encoding: 'base64' }])).result;
    const idB = (await b.call('accountSubscribe', [tokenAccount, { encoding: 'base64' }])).result;
    assert.notEqual(idA, idB);
    assert.equal(node.subscribes.length, before + 1);
    assert.equal(node.held('accountSubscribe').length, 1);
    node.publish('accountSubscribe', { context: { slot: 1 }, value: null });
    await until(() => a.notifications(idA).length === 1 && b.notifications(idB).length === 1, 'both notified');
    assert.deepEqual(a.notifications(idA)[0], {
      jsonrpc: '2.0',
      method: 'accountNotification',
      params: { result: { context: { slot: 1 }, value: null }, subscription: idA },
    });
    assert.deepEqual((await a.call('accountUnsubscribe', [idA])).result, true);
    assert.equal(node.held('accountSubscribe').length, 1);
    assert.deepEqual((await a.call('accountUnsubscribe', [idA])).error, { code: -32602, message: 'Invalid subscription id.' });
    b.close();
    await until(() => node.held('accountSubscribe').length === 0, 'upstream unsubscribe after the last client');
    a.close();
  });

  test('bad requests get the node’s errors', async () => {
    const c = await Client.open(ws);
    assert.deepEqual((await c.call('accountSubscribe', ['nope'])).error, {
      code: -32602,
      message: 'Invalid Request: Invalid pubkey provided',
    });
    assert.deepEqual((await c.call('signatureSubscribe', ['1111'])).error, {
      code: -32602,
      message: 'Invalid Request: Invalid signature provided',
    });
    assert.equal((await c.call('accountSubscribe', [tokenAccount, { encoding: 'hex' }])).error.code, -32602);
    assert.equal(
      (await c.call('logsSubscribe', [{ mentions: [tokenAccount, tokenAccount] }])).error.message,
      'Invalid Request: Only 1 address supported',
    );
    assert.equal((await c.call('getTransaction', [signature])).error.code, -32601);
    assert.equal((await c.call('slotUnsubscribe', ['x'])).error.code, -32602);
    c.socket.send('{not json');
    await until(() => c.messages.some((m) => m.error?.code === -32700), 'parse error');
    assert.equal(c.closed, null);
    c.close();
  });

  test('upstream drop: the gateway resubscribes and clients keep their ids', async () => {
    const c = await Client.open(ws);
    const id = (await c.call('slotSubscribe')).result;
    const upstreamBefore = node.held('slotSubscribe')[0].id;
    node.dropConnections();
    await until(() => node.held('slotSubscribe').length === 1 && node.held('slotSubscribe')[0].id !== upstreamBefore, 'resubscribe');
    node.publish('slotSubscribe', { parent: 1, root: 1, slot: 2 });
    await until(() => c.notifications(id).length === 1, 'notification after reconnect');
    assert.equal(c.closed, null);
    c.close();
    await until(() => node.subscriptions.size === 0, 'upstream unsubscribes');
  });

  test('a client that does not read is closed; the others keep receiving', async () => {
    const slow = await Client.open(ws);
    const fast = await Client.open(ws);
    const slowId = (await slow.call('slotSubscribe')).result;
    const fastId = (await fast.call('slotSubscribe')).result;
    slow.socket.pause();
    const big = { parent: 1, root: 1, slot: 3, pad: 'x'.repeat(256 * 1024) };
    for (let i = 0; i < 100 && slow.closed === null; i++) {
      node.publish('slotSubscribe', big);
      await until(() => fast.notifications(fastId).length === i + 1, 'fast client keeps up');
    }
    slow.socket.resume();
    await until(() => slow.closed !== null, 'slow client closed');
    assert.equal(slow.closed!.code, 1008);
    assert.match(slow.closed!.reason, /too slow/);
    assert.ok(slow.notifications(slowId).length < 100);
    const metrics = await (await fetch(`${gw.url}/metrics`)).text();
    assert.match(metrics, /enhanced_rpc_pubsub_clients_dropped_total\{reason="backpressure"\} 1/);
    assert.equal(fast.closed, null);
    fast.close();
  });

  test('an upstream that stays down: clients are closed with a code and reason', async () => {
    const c = await Client.open(ws);
    await c.call('rootSubscribe');
    node.stop();
    await until(() => c.closed !== null, 'close after the grace period', 8000);
    assert.equal(c.closed!.code, 1013);
    assert.match(c.closed!.reason, /upstream PubSub unreachable/);
    await node.start(node.port);
  });
});

// A process of its own: what `serve` prints and how it exits are among what is checked.
describe('PubSub from the embedded ledger', () => {
  let gw: RunningGateway;
  before(async () => {
    gw = await startGateway(['--ws-port', '0']);
  });
  after(() => gw.stop());

  test('slotSubscribe and signatureSubscribe answer from the ledger; the rest need an upstream', async () => {
    const c = await Client.open(`ws://127.0.0.1:${gw.port}/${gw.key}`);
    const slotId = (await c.call('slotSubscribe')).result;
    await until(() => c.notifications(slotId).length === 1, 'ledger slot');
    assert.equal(typeof c.notifications(slotId)[0].params.result.slot, 'number');
    const sigId = (await c.call('signatureSubscribe', [signature, { commitment: 'finalized' }])).result;
    await until(() => c.notifications(sigId).length === 1, 'ledger signature');
    assert.deepEqual(c.notifications(sigId)[0].params.result.value, { err: null });
    assert.deepEqual((await c.call('signatureUnsubscribe', [sigId])).error, { code: -32602, message: 'Invalid subscription id.' });
    const refused = (await c.call('logsSubscribe', ['all'])).error;
    assert.equal(refused.code, -32601);
    assert.match(refused.message, /needs an upstream/);
    c.close();
  });

  test('config: --ws-port 0 leaves only the gateway port', async () => {
    assert.match(gw.output(), /PubSub \(WebSocket\) on ws:\/\/127\.0\.0\.1:\d+\/<key> only/);
  });

  test('stopping the gateway closes PubSub clients with 1001 and exits', async () => {
    const c = await Client.open(`ws://127.0.0.1:${gw.port}/${gw.key}`);
    await c.call('slotSubscribe');
    await gw.stop();
    await until(() => c.closed !== null, 'close at shutdown');
    assert.deepEqual(c.closed, { code: 1001, reason: 'gateway shutting down' });
    assert.equal(gw.process.exitCode, 0);
  });
});

describe('PubSub bounds', () => {
  let gw: InProcessGateway;
  let url: (key: string) => string;
  before(async () => {
    gw = await startInProcess({ wsPort: 0, wsMaxConnections: 3 });
    runCli([
      'plans',
      'set',
      'capped',
      '--rps',
      '1000',
      '--burst',
      '1000',
      '--quota',
      'unlimited',
      '--enhanced',
      'false',
      '--max-subscriptions',
      '2',
      '--db',
      gw.db,
    ]);
    runCli(['plans', 'set', 'trickle', '--rps', '0.01', '--burst', '2', '--quota', 'unlimited', '--enhanced', 'false', '--db', gw.db]);
    url = (key) => `ws://127.0.0.1:${gw.port}/${key}`;
  });
  after(() => gw.stop());

  test('plans list shows each plan’s subscription limit', () => {
    const out = runCli(['plans', 'list', '--db', gw.db]);
    assert.match(out, /\tmax subscriptions$/m);
    assert.match(out, /^capped\t.*\t2$/m);
    assert.match(out, /^free\t.*\tdefault \(1000\)$/m);
  });

  test('revocation on an open socket, per-key subscriptions, the rate per message, the connection cap and the message size', async () => {
    // A key revoked while its socket is open: the next call is refused and the socket closed.
    const doomed = await gw.createKey('capped');
    const d = await Client.open(url(doomed));
    runCli(['keys', 'revoke', doomed, '--db', gw.db]);
    await new Promise((r) => setTimeout(r, 2100)); // the key lookup cache
    const revoked = (await d.call('slotSubscribe')).error;
    assert.equal(revoked.code, -32401);
    await until(() => d.closed !== null, 'close after revocation');
    assert.equal(d.closed!.code, 1008);
    assert.match(d.closed!.reason, /revoked/);

    const trickle = await gw.createKey('trickle');
    const t = await Client.open(url(trickle));
    assert.equal(typeof (await t.call('slotSubscribe')).result, 'number');
    const limited = (await t.call('slotSubscribe')).error;
    assert.equal(limited.code, -32429);
    assert.match(limited.message, /Rate limit exceeded/);
    const again = await upgradeStatus(url(trickle));
    assert.equal(again.status, 429);

    const capped = await gw.createKey('capped');
    const a = await Client.open(url(capped));
    const b = await Client.open(url(capped));
    const first = (await a.call('slotSubscribe')).result;
    assert.equal(typeof (await b.call('slotSubscribe')).result, 'number');
    const refused = (await a.call('slotSubscribe')).error;
    assert.equal(refused.code, -32429);
    assert.match(refused.message, /Subscription limit reached: plan "capped" allows 2/);
    assert.equal((await a.call('slotUnsubscribe', [first])).result, true);
    assert.equal(typeof (await a.call('slotSubscribe')).result, 'number');

    const full = await upgradeStatus(url(capped));
    assert.equal(full.status, 503);
    assert.match(JSON.parse(full.body).error.message, /maximum of 3 PubSub connections/);

    // Pings (no id) are free of the rate and quota, but not unbounded.
    for (let i = 0; i < 150; i++) t.socket.send('{"jsonrpc":"2.0","method":"ping","params":null}');
    await until(() => t.closed !== null, 'close for a message flood');
    assert.deepEqual(t.closed, { code: 1008, reason: 'over 100 messages per second' });

    a.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'slotSubscribe', params: [], pad: 'x'.repeat(60_000) }));
    await until(() => a.closed !== null, 'close for an oversized message');
    assert.deepEqual(a.closed, { code: 1009, reason: 'message over 51200 bytes' });
    const metrics = await (await fetch(`${gw.url}/metrics`)).text();
    assert.match(metrics, /enhanced_rpc_pubsub_connections 1/);
    assert.match(metrics, /enhanced_rpc_pubsub_subscriptions\{side="client"\} 1/);
    b.close();
  });
});

test('the upstream PubSub URL is derived as clients derive it', () => {
  assert.equal(pubsubUrlOf('http://127.0.0.1:8899'), 'ws://127.0.0.1:8900/');
  assert.equal(pubsubUrlOf('https://node.example/KEY?x=1'), 'wss://node.example/KEY?x=1');
  assert.equal(pubsubUrlOf('https://node.example:443/KEY'), 'wss://node.example:444/KEY');
  assert.equal(pubsubUrlOf('http://user:pw@[::1]:8899/k'), 'ws://user:pw@[::1]:8900/k');
  assert.equal(pubsubUrlOf('https://node.example:8443/KEY'), 'wss://node.example:8444/KEY');
});
