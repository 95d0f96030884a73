/**
 * How live IDLs reach the worker threads, each of which has its own registry. The main thread
 * numbers every change to the set (a generation) and broadcasts it; each task says which
 * generation the main thread had when it was posted. A worker reads the changes queued for it
 * synchronously before it decodes, so it never decodes with a set older than its task's. A worker
 * that missed a change (started after it, or restarted) cannot decode the task and says so; the
 * main thread then enhances that answer itself and broadcasts the whole set once for it to catch up.
 */
import { BroadcastChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { CompiledProgram } from '../decode/compile.js';
import type { LiveIdlChange, LiveIdlHeld, LiveIdls } from '../live/live-idls.js';
import { log } from '../observe/log.js';
import { compileLiveIdl, type LiveLookup } from '../live/live-registry.js';

/** A change, or the whole set (`all`) as of `generation`. */
export type LiveMessage = LiveIdlChange | { generation: number; all: LiveIdlHeld[] };

/** What each worker is started with: the channel's name and the set as the pool started. */
export interface LiveWorkerData {
  channel: string;
  generation: number;
  held: LiveIdlHeld[];
}

/** A catch-up is broadcast at most this often, however many workers are behind. */
const RESYNC_INTERVAL_MS = 1000;

export class LiveBroadcast {
  private readonly channel: BroadcastChannel;
  private lastResync = -Infinity;

  constructor(
    readonly name: string,
    private readonly live: LiveIdls,
  ) {
    this.channel = new BroadcastChannel(name);
    live.onChange = (change) => this.channel.postMessage(change satisfies LiveMessage);
  }

  workerData(): LiveWorkerData {
    return { channel: this.name, generation: this.live.generation, held: this.live.held() };
  }

  /** A worker is behind: every IDL held is sent again (rarely: only after a worker started late). */
  resync(): void {
    const now = performance.now();
    if (now - this.lastResync < RESYNC_INTERVAL_MS) return;
    this.lastResync = now;
    this.channel.postMessage({ generation: this.live.generation, all: this.live.held() } satisfies LiveMessage);
  }

  close(): void {
    this.live.onChange = null;
    this.channel.close();
  }
}

/** A worker's copy of the live set; each IDL is compiled once, on first use. */
export class LiveReplica {
  private readonly channel: BroadcastChannel;
  /** Node reads a BroadcastChannel like a port (documented since 15.12); its typings only name MessagePort. */
  private readonly port: MessagePort;
  private generation: number;
  private inStep = true;
  private programs = new Map<string, { sha256: string; text: string; program?: CompiledProgram | null }>();

  constructor(data: LiveWorkerData) {
    this.channel = new BroadcastChannel(data.channel);
    // Nothing is read by listening: changes are taken synchronously before each task.
    this.channel.unref();
    this.port = this.channel as unknown as MessagePort;
    this.generation = data.generation;
    this.replace(data.held);
  }

  /** Takes every queued change; false when the set as of `generation` cannot be had (a change was missed). */
  catchUp(generation: number): boolean {
    for (let received = receiveMessageOnPort(this.port); received !== undefined; received = receiveMessageOnPort(this.port)) {
      this.apply(received.message as LiveMessage);
    }
    return this.inStep && this.generation >= generation;
  }

  readonly lookup: LiveLookup = (programId) => {
    const held = this.programs.get(programId);
    if (held === undefined) return undefined;
    if (held.program === undefined) {
      try {
        held.program = compileLiveIdl(programId, JSON.parse(held.text));
      } catch (error) {
        // The main thread compiled the same text before sending it; this is a bug, not bad bytes.
        log.error({ err: error, programId }, 'live IDL does not compile in a worker');
        held.program = null;
      }
    }
    return held.program ?? undefined;
  };

  private apply(message: LiveMessage): void {
    if ('all' in message) {
      this.replace(message.all);
      this.generation = message.generation;
      this.inStep = true;
      return;
    }
    if (message.generation <= this.generation) return;
    if (message.generation !== this.generation + 1) this.inStep = false;
    if (!this.inStep) return;
    this.generation = message.generation;
    if (message.text === null || message.sha256 === null) this.programs.delete(message.programId);
    else this.programs.set(message.programId, { sha256: message.sha256, text: message.text });
  }

  /** The whole set; programs whose IDL did not change keep their compiled decoders. */
  private replace(held: LiveIdlHeld[]): void {
    const before = this.programs;
    this.programs = new Map(
      held.map(({ programId, sha256, text }) => {
        const same = before.get(programId);
        return [programId, same?.sha256 === sha256 ? same : { sha256, text }];
      }),
    );
  }
}
