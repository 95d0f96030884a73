/**
 * A closed-loop HTTP/1.1 load generator for the pass-through benchmark: `connections` keep-alive
 * sockets, each sending one fixed POST and waiting for its whole answer before the next. Much
 * cheaper per request than autocannon (so more of a shared machine is left to what is measured),
 * and it keeps each latency in microseconds: autocannon's histogram has 1 ms resolution, too
 * coarse for an "added p99 ≤ 1 ms" target. It only reads Content-Length framed answers, which is
 * what uWS (the gateway and the floor server) sends.
 */
import net from 'node:net';

export interface LoadResult {
  requests: number;
  rps: number;
  /** Latency percentiles in microseconds. */
  p50: number;
  p99: number;
  errors: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

export async function closedLoop(url: string, body: string, connections: number, seconds: number): Promise<LoadResult> {
  const target = new URL(url);
  const request = Buffer.from(
    `POST ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const latencies: number[] = [];
  let errors = 0;
  let running = true;
  const sockets: net.Socket[] = [];

  const one = () =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect({ host: target.hostname, port: Number(target.port) }, () => send());
      socket.setNoDelay(true);
      sockets.push(socket);
      let pending: Buffer | null = null;
      let started = 0n;
      const send = () => {
        started = process.hrtime.bigint();
        socket.write(request);
      };
      socket.on('data', (chunk: Buffer) => {
        let buffer = pending === null ? chunk : Buffer.concat([pending, chunk]);
        for (;;) {
          const end = buffer.indexOf(HEAD_END);
          if (end < 0) break;
          const head = buffer.toString('latin1', 0, end);
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
          if (Number.isNaN(length)) return reject(new Error(`answer without content-length: ${head}`));
          if (buffer.length < end + 4 + length) break;
          if (!head.startsWith('HTTP/1.1 200')) errors++;
          latencies.push(Number(process.hrtime.bigint() - started) / 1000);
          buffer = buffer.subarray(end + 4 + length);
          if (!running) {
            socket.end();
            return resolve();
          }
          send();
        }
        pending = buffer.length > 0 ? buffer : null;
      });
      socket.on('error', reject);
    });

  const started = process.hrtime.bigint();
  const loops = Array.from({ length: connections }, one);
  const stop = setTimeout(() => (running = false), seconds * 1000);
  try {
    await Promise.all(loops);
  } finally {
    clearTimeout(stop);
    for (const socket of sockets) socket.destroy();
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}
