/**
 * The parts of a gateway, closed in the reverse of the order they were started: a part that needs
 * another (the limiter writing usage to the key store) is closed before it. When starting fails
 * half-way, the parts already started are closed the same way instead of being left open.
 */
import { log } from './observe/log.js';

export class Teardown {
  private readonly steps: { part: string; close: () => void | Promise<void> }[] = [];

  /** Registers `close` for `value`, started under the name `part`, and hands `value` back. */
  add<T>(part: string, value: T, close: (value: T) => void | Promise<void>): T {
    this.steps.push({ part, close: () => close(value) });
    return value;
  }

  /** Closes every part, newest first; one that fails is logged and the others still close. */
  async closeAll(): Promise<void> {
    for (let step = this.steps.pop(); step !== undefined; step = this.steps.pop()) {
      try {
        await step.close();
      } catch (error) {
        log.error({ err: error, part: step.part }, 'closing a part of the gateway failed');
      }
    }
  }
}
