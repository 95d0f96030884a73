/**
 * A worker for test/worker-pool.test.ts: echoes a task's text, or misbehaves as the task asks, so
 * the pool's handling of stuck and dying workers is tried on real threads.
 */
import { serveTasks } from '../../src/enhance/worker-pool.js';

export type TestTask = { echo: string } | { spin: true } | { die: true } | { throw: string } | { busyMs: number } | { ran: true };

/** Tasks of the `busyMs` kind this worker has run (the pool may skip some). */
let busyRuns = 0;

serveTasks((task: TestTask) => {
  if ('spin' in task) for (;;);
  if ('ran' in task) return { value: String(busyRuns) };
  if ('busyMs' in task) {
    busyRuns++;
    const until = performance.now() + task.busyMs;
    while (performance.now() < until);
    return { value: 'done' };
  }
  if ('die' in task) process.exit(1);
  if ('throw' in task) throw new Error(task.throw);
  return { value: task.echo };
});
