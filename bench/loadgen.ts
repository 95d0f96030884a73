/**
 * A closed-loop HTTP/1.1 load generator for the pass-through and cores benchmarks: `connections`
 * keep-alive sockets, each sending a POST (one fixed body, or several in turn) and waiting for its
 * whole answer before the next. Much cheaper per request than autocannon (so more of a shared
 * machine is left to what is measured), and it keeps each latency in microseconds: autocannon's
 * histogram has 1 ms resolution, too coarse for an "added p99 ≤ 1 ms" target. It only reads
 * Content-Length framed answers, which is what uWS (the gateway and the floor server) sends.
 */
import net from 'node:net';

export interface LoadResult {
  requests: number;
  rps: number;
  /** Latency percentiles in microseconds. */
  p50: number;
  p99: number;
  errors: number;
  /** Every latency (µs, ascending), when asked for: to merge the percentiles of several generators. */
  latencies?: number[];
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** `body`: one request body, or several sent in turn (each connection starts at its own). */
export async function closedLoop(
  url: string,
  body: string | string[],
  connections: number,
  seconds: number,
  keepLatencies = false,
): Promise<LoadResult> {
  const target = new URL(url);
  const requests = (typeof body === 'string' ? [body] : body).map((text) =>
    Buffer.from(
      `POST ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    ),
  );
  let opened = 0;
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
      let next = opened++;
      const send = () => {
        started = process.hrtime.bigint();
        socket.write(requests[next++ % requests.length]);
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
  const result: LoadResult = { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
  if (keepLatencies) result.latencies = latencies;
  return result;
}
