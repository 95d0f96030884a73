/**
 * The worker pool on real threads: each answer reaches the task that asked, a task past its
 * deadline is answered as such at once and a stuck worker is replaced, a worker that dies fails
 * only the task it was running, and a task that throws fails alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerPool } from '../src/enhance/worker-pool.js';
import type { TestTask } from './support/task-worker.js';

const module = new URL('./support/task-worker.js', import.meta.url);
const poolOf = (threads: number, deadlineMs = 5000) => new WorkerPool<TestTask, string>({ module, threads, deadlineMs });
const echo = (text: string) => () => ({ task: { echo: text } });

test('every task gets its own answer, from two workers', async () => {
  const pool = poolOf(2);
  try {
    await pool.started();
    assert.equal(pool.readyThreads, 2);
    const texts = Array.from({ length: 200 }, (_, i) => `task ${i}`);
    const settled = await Promise.all(texts.map((t) => pool.run(echo(t))));
    assert.deepEqual(
      settled.map((s) => (s.ok ? s.value : s.reason)),
      texts,
    );
    assert.equal(pool.queueSize, 0);
  } finally {
    await pool.close();
  }
});

test('a stuck worker: its task fails at the deadline, it is replaced, and later tasks run', async () => {
  const pool = poolOf(1, 300);
  try {
    await pool.started();
    const started = performance.now();
    const [stuck, behind] = await Promise.all([pool.run(() => ({ task: { spin: true } })), pool.run(echo('after'))]);
    assert.deepEqual(stuck, { ok: false, reason: 'deadline' });
    assert.ok(performance.now() - started < 2000, 'answered at the deadline, not later');
    // The task queued behind the stuck one waited as long, and fails with it: a client waits no
    // longer than the deadline. The replacement takes the next ones.
    assert.deepEqual(behind, { ok: false, reason: 'deadline' });
    await pool.started();
    assert.deepEqual(await pool.run(echo('next')), { ok: true, value: 'next' });
  } finally {
    await pool.close();
  }
});

test('an overloaded worker skips the tasks already answered past their deadline instead of running them', async () => {
  const pool = poolOf(1, 300);
  try {
    await pool.started();
    const settled = await Promise.all(Array.from({ length: 20 }, () => pool.run(() => ({ task: { busyMs: 50 } }))));
    const done = settled.filter((s) => s.ok).length;
    assert.ok(done >= 1 && done < 20, `${done} of 20 ran within the deadline`);
    assert.ok(settled.every((s) => s.ok || s.reason === 'deadline'));
    // Twenty of them take a second; the rest were skipped as the worker reached them.
    const ran = await poolOfRuns(pool);
    assert.ok(ran <= done + 2, `the worker ran ${ran}, of which ${done} in time`);
    assert.ok(ran >= done, 'the same worker: busy is not stuck, and it was not replaced');
  } finally {
    await pool.close();
  }
});

async function poolOfRuns(pool: WorkerPool<TestTask, string>): Promise<number> {
  const settled = await pool.run(() => ({ task: { ran: true } }));
  assert.ok(settled.ok);
  return Number(settled.value);
}

test('a worker that dies fails the task it ran; those queued behind it run on its replacement', async () => {
  const pool = poolOf(1);
  try {
    await pool.started();
    const settled = await Promise.all([pool.run(() => ({ task: { die: true } })), pool.run(echo('one')), pool.run(echo('two'))]);
    assert.deepEqual(settled, [
      { ok: false, reason: 'worker' },
      { ok: true, value: 'one' },
      { ok: true, value: 'two' },
    ]);
  } finally {
    await pool.close();
  }
});

test('a task that throws fails alone; the worker goes on', async () => {
  const pool = poolOf(1);
  try {
    const settled = await Promise.all([pool.run(() => ({ task: { throw: 'bad bytes' } })), pool.run(echo('fine'))]);
    assert.deepEqual(settled, [
      { ok: false, reason: 'worker' },
      { ok: true, value: 'fine' },
    ]);
  } finally {
    await pool.close();
  }
});

test('a worker that cannot load its module is started again after a pause, not in a loop', async () => {
  const errors: unknown[] = [];
  const pool = new WorkerPool<TestTask, string>({
    module: new URL('./support/broken-worker.js', import.meta.url),
    threads: 1,
    deadlineMs: 5000,
    onWorkerError: (error) => errors.push(error),
  });
  try {
    const settled = await pool.run(echo('never'));
    assert.deepEqual(settled, { ok: false, reason: 'worker' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(errors.length, 1, 'one failed start within half a second');
    assert.equal(pool.readyThreads, 0);
  } finally {
    await pool.close();
  }
});

test('after close, tasks fail at once instead of waiting', async () => {
  const pool = poolOf(1);
  await pool.close();
  assert.deepEqual(await pool.run(echo('late')), { ok: false, reason: 'worker' });
});
