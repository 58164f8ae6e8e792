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

/**
 * Resident memory of a process and all its descendants (a server and the extraction processes it
 * forked), from /proc; the root first. Empty where there is no /proc.
 */
export function processTree(rootPid: number): Array<{ pid: number; rssBytes: number }> {
  const parents = new Map<number, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return [];
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  const out: Array<{ pid: number; rssBytes: number }> = [];
  for (const pid of tree) {
    try {
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      out.push({ pid, rssBytes: rssKb * 1024 });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}
