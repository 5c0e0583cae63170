import * as fs from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) used so far by a server process and its direct children (PostgreSQL's backends
 * are children of its postmaster), read from `/proc`; undefined where there is none (not Linux).
 */
export function processTreeCpuMs(rootPid: number): number | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return undefined;
  }
  let ticks = 0;
  let found = false;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (!fields) continue;
    // After "pid (comm) ": state, ppid, ..., utime (14th field of the line) and stime (15th).
    if (Number(entry) !== rootPid && Number(fields[1]) !== rootPid) continue;
    found = true;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return found ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
}

/** The parent of a process, from `/proc`; undefined where there is none. */
export function parentPid(pid: number): number | undefined {
  const fields = statFields(String(pid));
  return fields ? Number(fields[1]) : undefined;
}

function statFields(pid: string): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
