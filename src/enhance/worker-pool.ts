/**
 * A fixed set of worker threads, each task posted at once to the worker with the fewest in hand
 * and queued in that worker's port. A worker takes every message waiting for it in one wake-up,
 * so a task costs the main thread one postMessage and one reply: about 5 µs of its time for an
 * empty task on this project's 2-core host, against about 45 µs through Piscina, which hands a
 * worker its next task only once the last is back and wraps each in an async resource
 * (`node dist/bench/pool-handoff.bench.js`; BENCHMARKS.md, "Worker pool").
 *
 * A task's deadline runs from when it was submitted. Tasks past it are answered as failed at once;
 * a started worker that has run one task for that long is stuck (a decoder loop on hostile data)
 * and is replaced. One still loading its module is left to finish: on a loaded host a start can
 * take longer than a deadline, and replacing it would only start the wait again. A worker that dies (its heap limit, say) fails the task it
 * was running; those queued behind it are posted once more to its replacement.
 */
import { parentPort, Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /** The worker's ES module; it calls serveTasks once loaded. */
  module: URL;
  threads: number;
  deadlineMs: number;
  resourceLimits?: ResourceLimits;
  workerData?: unknown;
  /** A worker's uncaught error (its exit follows, and says what becomes of its tasks). */
  onWorkerError?: (error: unknown) => void;
}

export type TaskFailure = 'deadline' | 'worker';
export type Settled<R> = { ok: true; value: R } | { ok: false; reason: TaskFailure };

/** A task's message and what to transfer with it, made anew each time it is posted (a transfer detaches). */
export type TaskMessage<T> = () => { task: T; transfer?: Transferable[] };

/** What a worker's handler gives back: the value and the buffers it may move rather than copy. */
export interface WorkerReply<R> {
  value: R;
  transfer?: Transferable[];
}

interface Pending<T, R> {
  id: number;
  message: TaskMessage<T>;
  submitted: number;
  reposted: boolean;
  settle(settled: Settled<R>): void;
}

interface Slot<T, R> {
  worker: Worker;
  /** In the order posted, which is the order the worker runs them. */
  pending: Map<number, Pending<T, R>>;
  /** When the worker last answered anything: the task it runs now started no earlier. */
  lastAnswerAt: number;
  timer: NodeJS.Timeout | null;
  /** Ended by the pool for being stuck: the stuck task is answered already, the rest wait their turn. */
  replaced: boolean;
  /** Its module has loaded: before then a worker that finishes nothing is starting, not stuck. */
  ready: boolean;
}

const restartDelayMs = 1000;

function stopTimer(slot: { timer: NodeJS.Timeout | null }): void {
  if (slot.timer !== null) clearTimeout(slot.timer);
  slot.timer = null;
}

/**
 * The process's monotonic clock, which every thread reads alike. Each thread's `performance.now()`
 * counts from when that thread started, and `timeOrigin` is the wall clock then: a clock step
 * between the main thread's start and a worker's (NTP at boot) would make every task look late.
 */
const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

type Reply<R> = { id: number; value: R } | { id: number; error: string } | { id: number; expired: true } | { ready: true };

export class WorkerPool<T, R> {
  private readonly slots: Slot<T, R>[] = [];
  private nextId = 0;
  private closed = false;
  private waitingForStart: (() => void)[] = [];

  constructor(private readonly options: WorkerPoolOptions) {
    for (let i = 0; i < options.threads; i++) this.slots.push(this.start());
  }

  run(message: TaskMessage<T>): Promise<Settled<R>> {
    if (this.closed) return Promise.resolve({ ok: false, reason: 'worker' });
    return new Promise((settle) => {
      this.post(this.leastBusy(), { id: this.nextId++, message, submitted: performance.now(), reposted: false, settle });
    });
  }

  get threads(): number {
    return this.slots.length;
  }

  /** Workers that have loaded their module and take tasks. */
  get readyThreads(): number {
    let ready = 0;
    for (const slot of this.slots) if (slot.ready) ready++;
    return ready;
  }

  /** Resolves once every worker has loaded its module. */
  started(): Promise<void> {
    if (this.readyThreads === this.slots.length) return Promise.resolve();
    return new Promise((resolve) => this.waitingForStart.push(resolve));
  }

  /** Tasks posted and not yet being run (each worker runs one at a time). */
  get queueSize(): number {
    let queued = 0;
    for (const slot of this.slots) queued += Math.max(0, slot.pending.size - 1);
    return queued;
  }

  /** The workers' mean event-loop utilization since each started. */
  get utilization(): number {
    if (this.slots.length === 0) return 0;
    let sum = 0;
    for (const slot of this.slots) sum += slot.worker.performance.eventLoopUtilization().utilization;
    return sum / this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.slots.map((slot) => {
        this.failAll(slot, 'worker');
        return slot.worker.terminate();
      }),
    );
  }

  private start(): Slot<T, R> {
    const worker = new Worker(this.options.module, { workerData: this.options.workerData, resourceLimits: this.options.resourceLimits });
    const slot: Slot<T, R> = { worker, pending: new Map(), lastAnswerAt: performance.now(), timer: null, replaced: false, ready: false };
    worker.on('message', (reply: Reply<R>) => this.settled(slot, reply));
    worker.on('error', (error) => this.options.onWorkerError?.(error));
    worker.on('exit', () => this.exited(slot));
    return slot;
  }

  /** The ready worker with the fewest tasks in hand; any worker when none is ready yet. */
  private leastBusy(): Slot<T, R> {
    let best: Slot<T, R> | undefined;
    for (const slot of this.slots) {
      if (best === undefined || (slot.ready && !best.ready) || (slot.ready === best.ready && slot.pending.size < best.pending.size)) {
        best = slot;
      }
    }
    return best!;
  }

  private post(slot: Slot<T, R>, pending: Pending<T, R>): void {
    const { task, transfer } = pending.message();
    slot.pending.set(pending.id, pending);
    // The deadline travels with the task, so that a worker skips what has already been answered
    // without it instead of falling further behind.
    const deadline = monotonicMs() + (pending.submitted + this.options.deadlineMs - performance.now());
    slot.worker.postMessage({ id: pending.id, task, deadline }, transfer);
    if (slot.timer === null) this.arm(slot);
  }

  private settled(slot: Slot<T, R>, reply: Reply<R>): void {
    slot.lastAnswerAt = performance.now();
    if ('ready' in reply) {
      slot.ready = true;
      if (this.readyThreads === this.slots.length) {
        const waiting = this.waitingForStart;
        this.waitingForStart = [];
        for (const resolve of waiting) resolve();
      }
      return;
    }
    const pending = slot.pending.get(reply.id);
    // Absent: answered already, past its deadline.
    if (pending === undefined) return;
    slot.pending.delete(reply.id);
    pending.settle(
      'error' in reply
        ? { ok: false, reason: 'worker' }
        : 'expired' in reply
          ? { ok: false, reason: 'deadline' }
          : { ok: true, value: reply.value },
    );
  }

  /**
   * One timer per worker, for its oldest task; a task settled before then leaves it to fire and
   * re-arm. Rounded up a millisecond: timers run on the loop's coarser clock and may fire just short.
   */
  private arm(slot: Slot<T, R>): void {
    const oldest = slot.pending.values().next().value;
    if (oldest === undefined) return;
    const wait = Math.ceil(Math.max(0, oldest.submitted + this.options.deadlineMs - performance.now())) + 1;
    slot.timer = setTimeout(() => this.expire(slot), wait).unref();
  }

  private expire(slot: Slot<T, R>): void {
    slot.timer = null;
    const now = performance.now();
    const running = slot.pending.values().next().value;
    if (running === undefined) return;
    // The task the worker runs now started when it was posted or when the one before was answered.
    const runningFor = now - Math.max(running.submitted, slot.lastAnswerAt);
    let expired = 0;
    for (const [id, pending] of slot.pending) {
      if (pending.submitted + this.options.deadlineMs > now) break;
      slot.pending.delete(id);
      pending.settle({ ok: false, reason: 'deadline' });
      expired++;
    }
    if (expired > 0 && slot.ready && runningFor >= this.options.deadlineMs) this.replace(slot);
    else this.arm(slot);
  }

  /** The worker is stuck: it is ended, and the exit handler starts another for what it still holds. */
  private replace(slot: Slot<T, R>): void {
    slot.replaced = true;
    void slot.worker.terminate();
  }

  private exited(slot: Slot<T, R>): void {
    stopTimer(slot);
    if (this.closed) return this.failAll(slot, 'worker');
    const index = this.slots.indexOf(slot);
    if (!slot.ready) {
      // One that never loaded its module will most likely fail the same way again: its next start
      // waits, so a broken install costs a start a second rather than a loop of them.
      this.failAll(slot, 'worker');
      setTimeout(() => {
        if (!this.closed && this.slots[index] === slot) this.slots[index] = this.start();
      }, restartDelayMs).unref();
      return;
    }
    const next = this.start();
    this.slots[index] = next;
    // Unless the pool ended it, the first was running when the worker died, and is what ended it.
    let first = !slot.replaced;
    for (const pending of slot.pending.values()) {
      if (first || pending.reposted) pending.settle({ ok: false, reason: 'worker' });
      else this.post(next, { ...pending, reposted: true });
      first = false;
    }
    slot.pending.clear();
  }

  private failAll(slot: Slot<T, R>, reason: TaskFailure): void {
    stopTimer(slot);
    for (const pending of slot.pending.values()) pending.settle({ ok: false, reason });
    slot.pending.clear();
  }
}

/**
 * The worker's side: runs each task the pool posts through `handle`, one at a time, in order,
 * but for those already past their deadline when their turn comes (answered without them).
 */
export function serveTasks<T, R>(handle: (task: T) => WorkerReply<R>): void {
  const port = parentPort;
  if (port === null) throw new Error('serveTasks runs in a worker thread');
  port.on('message', ({ id, task, deadline }: { id: number; task: T; deadline: number }) => {
    if (monotonicMs() > deadline) {
      port.postMessage({ id, expired: true });
      return;
    }
    let reply: WorkerReply<R>;
    try {
      reply = handle(task);
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    port.postMessage({ id, value: reply.value }, reply.transfer);
  });
  port.postMessage({ ready: true });
}
