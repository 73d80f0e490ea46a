/** The date and machine a measurement was taken on, printed beside its figures. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { requireChromium } from '../../e2e/chromium';

const run = (command: string, args: string[] = []) => execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** The load average as `uptime` prints it: 1, 5 and 15 minutes. */
export const loadAverage = (): string => run('uptime').split('load average:')[1]?.trim() ?? 'unknown';

export function machine(): { cores: string; cpu: string; chromium: string; node: string } {
  const model = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return { cores: run('nproc'), cpu: model.replace(/\s+/g, ' '), chromium: run(requireChromium(), ['--version']), node: process.version };
}
