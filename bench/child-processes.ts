import { readdirSync, readFileSync } from 'node:fs';

/**
 * This process's child processes (the extraction processes) as Linux's /proc shows them: CPU
 * time so far and resident memory. Empty where there is no /proc.
 */
export function childProcesses(): Array<{ pid: number; cpuMs: number; rssBytes: number }> {
  const out: Array<{ pid: number; cpuMs: number; rssBytes: number }> = [];
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      const ticks = Number(fields[11]) + Number(fields[12]);
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      // USER_HZ is 100 on Linux.
      out.push({ pid: Number(pid), cpuMs: ticks * 10, rssBytes: rssKb * 1024 });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

export const childCpuMs = () => childProcesses().reduce((sum, c) => sum + c.cpuMs, 0);
