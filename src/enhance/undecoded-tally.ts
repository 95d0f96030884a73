/**
 * Data of a described program that none of its versions decodes usually means a layout we do not
 * have yet (an upgrade, an unknown instruction). Each thread counts such misses per program while
 * it enhances an answer; the counts travel back with the answer to the metrics on the main thread.
 */
let counts: Record<string, number> | undefined;

export function noteUndecoded(programId: string): void {
  counts ??= {};
  counts[programId] = (counts[programId] ?? 0) + 1;
}

/** The counts since the last call, or undefined when every described entry decoded. */
export function takeUndecoded(): Record<string, number> | undefined {
  const taken = counts;
  counts = undefined;
  return taken;
}
