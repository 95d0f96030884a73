/**
 * What the benches read about the processes they start (Linux /proc): CPU time, resident memory,
 * and pinning to a core so that a gateway and its load generator do not share one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
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

/** Every thread of `pid` onto `cores`; threads and processes it starts later inherit them. */
export function pin(pid: number, cores: number | readonly number[]): void {
  const list = typeof cores === 'number' ? String(cores) : cores.join(',');
  if (pinning) execFileSync('taskset', ['-a', '-pc', list, String(pid)], { stdio: 'ignore' });
}

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** user + system CPU seconds of a process, all threads. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** user + system CPU seconds of a process and of every process under it (a supervisor's acceptors); 0 for one that has ended. */
export function treeCpuSeconds(pid: number): number {
  let seconds = 0;
  try {
    seconds = cpuSeconds(pid);
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean)) {
        seconds += treeCpuSeconds(Number(child));
      }
    }
  } catch {
    // a process that ended between the listing and the read
  }
  return seconds;
}

export const rssMiB = (pid: number) => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
