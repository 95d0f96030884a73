/**
 * Starts and stops `serve --acceptors N` many times in a row, each with new key and live-IDL cache
 * files as a first start on a host has, and counts the starts that failed. On a 16-core host one
 * start in 33 once failed with "database is locked" (BENCHMARKS.md, "Scaling out again"): the
 * acceptors open those files together. A host with few cores rarely shows such a race.
 *
 * Run: node dist/bench/acceptor-starts.js (STARTS, default 30; ACCEPTOR_SPLITS, acceptors:workers pairs
 * tried in turn, default 8:0,4:4).
 */
import { cpus } from 'node:os';
import { startGateway } from '../test/support/gateway.js';

const starts = Number(process.env.STARTS ?? 30);
const splits = (process.env.ACCEPTOR_SPLITS ?? '8:0,4:4').split(',').map((pair) => pair.split(':'));

const node = await startGateway(['--workers', '0']);
const failures: string[] = [];
const started = performance.now();
try {
  for (let i = 0; i < starts; i++) {
    const [acceptors, workers] = splits[i % splits.length];
    try {
      const gateway = await startGateway(['--upstream', `${node.url}/${node.key}`, '--acceptors', acceptors, '--workers', workers]);
      const answer = await fetch(`${gateway.url}/${gateway.key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"getSlot"}',
      });
      if (answer.status !== 200) failures.push(`start ${i} (${acceptors} acceptors): getSlot answered ${answer.status}`);
      await gateway.stop();
    } catch (error) {
      failures.push(`start ${i} (${acceptors} acceptors): ${(error as Error).message.split('\n').slice(0, 3).join(' | ')}`);
    }
  }
} finally {
  await node.stop();
}
for (const failure of failures) console.log(failure);
console.log(
  `acceptor starts: ${starts - failures.length} of ${starts} started and answered (${cpus().length} cores, splits ${process.env.ACCEPTOR_SPLITS ?? '8:0,4:4'}; ${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
