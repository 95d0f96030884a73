/**
 * Calls an acceptor has made to its supervising process over the cluster channel and awaits by
 * id (the rate limiter's takes, the subscription slots' claims): each one is answered, refused, or
 * refused by itself once `waitMs` has passed, so a stuck or gone supervisor never leaves a request
 * waiting.
 */
export class SupervisorCalls<T> {
  private readonly waiting = new Map<number, { resolve: (value: T) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  private nextId = 0;

  constructor(
    private readonly waitMs: number,
    /** The error of a call the supervisor did not answer in time. */
    private readonly late: (waitMs: number) => Error,
  ) {}

  /** A new call: its id, to send, and what it will come to. */
  open(): { id: number; answer: Promise<T> } {
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(this.late(this.waitMs));
      }, this.waitMs);
      this.waiting.set(id, { resolve, reject, timer });
    });
    return { id, answer };
  }

  /** An answer that comes too late finds nobody waiting. */
  resolve(id: number, value: T): void {
    this.take(id)?.resolve(value);
  }

  reject(id: number, error: Error): void {
    this.take(id)?.reject(error);
  }

  rejectAll(error: Error): void {
    for (const id of [...this.waiting.keys()]) this.reject(id, error);
  }

  private take(id: number) {
    const waiting = this.waiting.get(id);
    if (waiting === undefined) return undefined;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    return waiting;
  }
}
