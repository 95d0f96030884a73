/**
 * What the benches read about the processes they start (Linux /proc): CPU time, resident memory,
 * and pinning to a core so that a gateway and its load generator do not share one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** PIN=0 turns pinning off; it needs two cores and taskset. */
export const pinning = process.env.PIN !== '0' && cpus().length >= 2 && hasTaskset();

/** Every thread of `pid` onto `core`; threads started later inherit it. */
export function pin(pid: number, core: number): void {
  if (pinning) execFileSync('taskset', ['-a', '-pc', String(core), String(pid)], { stdio: 'ignore' });
}

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** user + system CPU seconds of a process, all threads. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

export const rssMiB = (pid: number) => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
