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

/**
 * Programs the enhancement met with no description at all (bundled or live). Only tallied when
 * live IDLs are on: they are the programs whose on-chain IDL is worth asking for.
 */
let undescribed: Set<string> | undefined;

export function noteUndescribed(programId: string): void {
  undescribed ??= new Set();
  undescribed.add(programId);
}

/** The programs since the last call, or undefined when none was met. */
export function takeUndescribed(): string[] | undefined {
  const taken = undescribed;
  undescribed = undefined;
  return taken && [...taken];
}
