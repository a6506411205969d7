// CPU time actually spent by a process and its descendants (from /proc), so a measurement can
// say how many milliseconds of CPU one request costs the app and PostgreSQL: unlike req/s and
// latency, that does not change when other work shares the machine (issue 16: where the time goes).
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux (getconf CLK_TCK)

interface Stat {
  ppid: number;
  cpuMs: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the state (field 3); ppid is field 4, utime 14, stime 15, and 16-17 the CPU of
    // children that ended and were waited for (a closed connection's backend, a worker that
    // died): counted with their parent, so the total never goes down.
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS };
  } catch {
    return null; // ended meanwhile
  }
}

/**
 * CPU milliseconds used so far by `root` and every living descendant; null off Linux. A subtree
 * under `exclude` is left out: the embedded PostgreSQL is the app's child, and counted apart.
 */
export function treeCpuMs(root: number, exclude: number | null = null): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const stats = new Map<number, Stat>();
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) stats.set(Number(name), stat);
  }
  if (!stats.has(root)) return null;
  const children = new Map<number, number[]>();
  for (const [pid, s] of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (pid === exclude) continue;
    total += stats.get(pid)?.cpuMs ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** The postmaster of an embedded PostgreSQL data folder (first line of postmaster.pid). */
export function postmasterPid(pgDataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(`${pgDataDir}/postmaster.pid`, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}
