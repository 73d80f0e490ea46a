/**
 * The CPU time a process has used, as Linux accounts it in /proc: the whole process (every thread:
 * the hashes run on libuv's pool) and its main thread alone (what the event loop does beside).
 * Undefined where there is no /proc.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export interface CpuTime {
  /** Milliseconds of CPU, user and system, of every thread of the process. */
  process: number;
  /** Milliseconds of CPU of its main thread. */
  main: number;
}

const ticksPerSecond = existsSync('/proc/self/stat') ? Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) : 0;

/** utime + stime of a /proc stat line, in milliseconds (fields 14 and 15, after the command in parentheses). */
function statMilliseconds(path: string): number {
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

export function cpuTime(pid: number | undefined): CpuTime | undefined {
  if (!ticksPerSecond || pid === undefined) return undefined;
  return { process: statMilliseconds(`/proc/${pid}/stat`), main: statMilliseconds(`/proc/${pid}/task/${pid}/stat`) };
}
