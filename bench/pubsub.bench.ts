/**
 * PubSub relay cost: CONNECTIONS WebSocket clients holding SUBS_PER_CONNECTION accountSubscribe
 * each (all distinct, so every upstream notification reaches exactly one client and nothing is
 * saved by sharing), first straight to the stand-in node (test/support/pubsub-stand-in.ts), then
 * through a gateway process in front of it. The stand-in sends one notification to every
 * subscription per round, WINDOW rounds in flight; each notification carries its round in
 * `context.slot`, so a client knows when it was sent. Reported: notifications per second
 * delivered, latency p50/p99 from publish to receipt, and the gateway's CPU per notification.
 * Then SINGLES notifications one at a time (closed loop): the latency the relay adds by itself.
 * Then IDLE_SUBS idle subscriptions through the gateway and its RSS before and after.
 *
 * With 2+ cores and taskset the gateway gets core 1 and this process (stand-in and clients) core 0,
 * so both runs have the same publisher and clients. Knobs: CONNECTIONS (100), SUBS_PER_CONNECTION
 * (10), ROUNDS (300), WINDOW (4), SINGLES (2000), IDLE_SUBS (10000), IDLE_CONNECTIONS (200), PIN (1).
 */
import { cpus } from 'node:os';
import WebSocket from 'ws';
import { PubSubStandIn } from '../test/support/pubsub-stand-in.js';
import { runCli, startGateway, unlimitedPlan } from '../test/support/gateway.js';
import { encodeBase58 } from '../src/codec/base58.js';
import { cpuSeconds, pin, pinning, rssMiB } from './process-stats.js';

const connections = Number(process.env.CONNECTIONS ?? 100);
const subsPerConnection = Number(process.env.SUBS_PER_CONNECTION ?? 10);
const rounds = Number(process.env.ROUNDS ?? 300);
const window = Number(process.env.WINDOW ?? 4);
const idleSubs = Number(process.env.IDLE_SUBS ?? 10_000);
/** 50 subscriptions each: a client may send at most 100 messages a second on one connection. */
const idleConnections = Number(process.env.IDLE_CONNECTIONS ?? 200);

/** A distinct address per subscription: the index in the last four of 32 bytes. */
function addressOf(i: number): string {
  const bytes = new Uint8Array(32).fill(7);
  new DataView(bytes.buffer).setUint32(28, i);
  return encodeBase58(bytes);
}

const accountValue = (slot: number) =>
  `{"context":{"slot":${slot}},"value":{"data":["${'A'.repeat(220)}","base64"],"executable":false,"lamports":2039280,"owner":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","rentEpoch":18446744073709551615,"space":165}}`;

async function open(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

/** Opens `count` connections and makes `each` distinct subscriptions on every one; resolves once all are answered. */
async function subscribeAll(url: string, count: number, each: number, offset = 0): Promise<WebSocket[]> {
  const sockets = await Promise.all(Array.from({ length: count }, () => open(url)));
  await Promise.all(
    sockets.map(
      (socket, c) =>
        new Promise<void>((resolve, reject) => {
          let answered = 0;
          const onMessage = (data: Buffer) => {
            const message = JSON.parse(data.toString()) as { result?: unknown; error?: unknown };
            if (message.error) return reject(new Error(JSON.stringify(message.error)));
            if (++answered === each) {
              socket.off('message', onMessage);
              resolve();
            }
          };
          socket.on('message', onMessage);
          for (let s = 0; s < each; s++) {
            const address = addressOf(offset + c * each + s);
            socket.send(JSON.stringify({ jsonrpc: '2.0', id: s, method: 'accountSubscribe', params: [address, { encoding: 'base64' }] }));
          }
        }),
    ),
  );
  return sockets;
}

interface RunResult {
  perSecond: number;
  p50: number;
  p99: number;
  cpuPerNotificationUs?: number;
  /** This process (stand-in and clients): how busy it kept core 0. */
  localBusy: number;
  gatewayBusy?: number;
}

async function run(node: PubSubStandIn, url: string, gatewayPid?: number): Promise<RunResult> {
  const sockets = await subscribeAll(url, connections, subsPerConnection);
  const total = connections * subsPerConnection;
  const sentAt: number[] = [];
  const received = new Array<number>(rounds).fill(0);
  const latencies: number[] = [];
  let done = 0;
  let next = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const publish = () => {
    const round = next++;
    sentAt[round] = performance.now();
    node.publish('accountSubscribe', accountValue(round));
  };
  for (const socket of sockets) {
    socket.on('message', (data: Buffer) => {
      const now = performance.now();
      const round = Number(/"slot":(\d+)/.exec(data.toString())![1]);
      latencies.push(now - sentAt[round]);
      if (++received[round] === total) {
        done++;
        if (next < rounds) publish();
        if (done === rounds) finish();
      }
    });
  }
  const cpuBefore = gatewayPid === undefined ? 0 : cpuSeconds(gatewayPid);
  const localBefore = process.cpuUsage();
  const started = performance.now();
  for (let w = 0; w < Math.min(window, rounds); w++) publish();
  await finished;
  const seconds = (performance.now() - started) / 1000;
  const cpu = gatewayPid === undefined ? undefined : cpuSeconds(gatewayPid) - cpuBefore;
  const local = process.cpuUsage(localBefore);
  for (const socket of sockets) socket.terminate();
  await new Promise((r) => setTimeout(r, 300));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    perSecond: (rounds * total) / seconds,
    p50: at(0.5),
    p99: at(0.99),
    localBusy: (local.user + local.system) / 1e6 / seconds,
    ...(cpu === undefined ? {} : { cpuPerNotificationUs: (cpu / (rounds * total)) * 1e6, gatewayBusy: cpu / seconds }),
  };
}

/** One notification at a time (closed loop, each to the next subscription in turn): the relay's own added latency, without queueing. */
async function oneAtATime(node: PubSubStandIn, url: string, count: number): Promise<{ p50: number; p99: number }> {
  const sockets = await subscribeAll(url, connections, subsPerConnection);
  const total = connections * subsPerConnection;
  const latencies: number[] = [];
  let waiting: (() => void) | null = null;
  for (const socket of sockets) socket.on('message', () => waiting?.());
  const upstream = [...node.subscriptions.values()].filter((sub) => sub.method === 'accountSubscribe');
  for (let i = 0; i < count; i++) {
    const target = upstream[i % total];
    const received = new Promise<void>((resolve) => (waiting = resolve));
    const sent = performance.now();
    target.socket.send(
      `{"jsonrpc":"2.0","method":"accountNotification","params":{"result":${accountValue(i)},"subscription":${target.id}}}`,
      false,
    );
    await received;
    latencies.push(performance.now() - sent);
  }
  for (const socket of sockets) socket.terminate();
  await new Promise((r) => setTimeout(r, 300));
  latencies.sort((a, b) => a - b);
  return { p50: latencies[Math.floor(latencies.length / 2)], p99: latencies[Math.floor(latencies.length * 0.99)] };
}

pin(process.pid, 0);
const node = await new PubSubStandIn().start();
const gateway = await startGateway(['--upstream', node.rpcUrl, '--ws-port', '0', '--log-level', 'warn', '--workers', '0']);
pin(gateway.process.pid!, 1);
runCli([...unlimitedPlan, '--max-subscriptions', '1000000', '--db', gateway.db]);
// The key's plan is cached for up to 2 s.
await new Promise((r) => setTimeout(r, 2500));

const direct = await run(node, `ws://127.0.0.1:${node.port + 1}/`);
const viaGateway = await run(node, `ws://127.0.0.1:${gateway.port}/${gateway.key}`, gateway.process.pid);
const fmt = (n: number, digits = 2) => n.toFixed(digits);
console.log(`cores ${cpus().length}${pinning ? ', pinned (gateway core 1, stand-in + clients core 0)' : ', not pinned'}`);
console.log(`${connections} connections × ${subsPerConnection} distinct accountSubscribe, ${rounds} rounds, window ${window}`);
console.log('path\tnotifications/s\tp50 ms\tp99 ms\tgateway CPU µs/notification\tgateway core busy\tbench core busy');
console.log(`direct\t${fmt(direct.perSecond, 0)}\t${fmt(direct.p50)}\t${fmt(direct.p99)}\t-\t-\t${fmt(direct.localBusy)}`);
console.log(
  `gateway\t${fmt(viaGateway.perSecond, 0)}\t${fmt(viaGateway.p50)}\t${fmt(viaGateway.p99)}\t` +
    `${fmt(viaGateway.cpuPerNotificationUs!, 1)}\t${fmt(viaGateway.gatewayBusy!)}\t${fmt(viaGateway.localBusy)}`,
);
console.log(
  `ratio ${fmt(viaGateway.perSecond / direct.perSecond)}; added p50 ${fmt(viaGateway.p50 - direct.p50)} ms, p99 ${fmt(viaGateway.p99 - direct.p99)} ms`,
);

const singles = Number(process.env.SINGLES ?? 2000);
const singleDirect = await oneAtATime(node, `ws://127.0.0.1:${node.port + 1}/`, singles);
const singleGateway = await oneAtATime(node, `ws://127.0.0.1:${gateway.port}/${gateway.key}`, singles);
console.log(
  `one at a time (${singles}): direct p50 ${fmt(singleDirect.p50, 3)} p99 ${fmt(singleDirect.p99, 3)} ms; gateway p50 ${fmt(singleGateway.p50, 3)} ` +
    `p99 ${fmt(singleGateway.p99, 3)} ms; added p50 ${fmt(singleGateway.p50 - singleDirect.p50, 3)} p99 ${fmt(singleGateway.p99 - singleDirect.p99, 3)} ms`,
);

// Idle: RSS of the gateway process with IDLE_SUBS distinct subscriptions open, over CONNECTIONS connections.
await new Promise((r) => setTimeout(r, 500));
const rssBefore = rssMiB(gateway.process.pid!);
const idle = await subscribeAll(
  `ws://127.0.0.1:${gateway.port}/${gateway.key}`,
  idleConnections,
  Math.ceil(idleSubs / idleConnections),
  1_000_000,
);
await new Promise((r) => setTimeout(r, 1000));
const rssAfter = rssMiB(gateway.process.pid!);
console.log(
  `idle: ${idle.length * Math.ceil(idleSubs / idleConnections)} subscriptions over ${idle.length} connections: gateway RSS ${fmt(rssBefore, 1)} → ${fmt(rssAfter, 1)} MiB (+${fmt(rssAfter - rssBefore, 1)}), upstream holds ${node.subscriptions.size}`,
);
for (const socket of idle) socket.terminate();
await gateway.stop();
node.stop();
