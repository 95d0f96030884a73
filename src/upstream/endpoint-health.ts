/**
 * Health bookkeeping for one upstream endpoint: a small circuit breaker. After enough consecutive
 * failures the endpoint is taken out of rotation for a while; once that period ends, exactly one
 * call is let through as a probe (others keep avoiding it) so a still-broken node is not hit by a
 * burst of traffic the moment its down period expires.
 */
export interface EndpointHealthSnapshot {
  up: boolean;
  consecutiveFailures: number;
  lastError?: string;
}

export class EndpointHealth {
  private down = false;
  private retryAt = 0;
  private failures = 0;
  private lastError: string | undefined;

  constructor(
    private readonly failuresBeforeDown: number,
    private readonly downForMs: number,
  ) {}

  /** Whether rotation may pick this endpoint now (up, or down with its waiting period over). */
  available(now: number): boolean {
    return !this.down || this.retryAt <= now;
  }

  /** When a down endpoint may next be probed; up endpoints report 0 so they sort first. */
  get nextProbeAt(): number {
    return this.down ? this.retryAt : 0;
  }

  /**
   * Called when an attempt is about to use this endpoint. A down endpoint being probed pushes its
   * waiting period forward so concurrent calls do not pile onto it before the probe's verdict.
   */
  claim(now: number): void {
    if (this.down) this.retryAt = now + this.downForMs;
  }

  succeeded(): void {
    this.down = false;
    this.failures = 0;
  }

  failed(reason: string, now: number): void {
    this.failures += 1;
    this.lastError = reason;
    if (this.failures >= this.failuresBeforeDown) {
      this.down = true;
      this.retryAt = now + this.downForMs;
    }
  }

  snapshot(): EndpointHealthSnapshot {
    const snap: EndpointHealthSnapshot = { up: !this.down, consecutiveFailures: this.failures };
    if (this.lastError !== undefined) snap.lastError = this.lastError;
    return snap;
  }
}
