import { readdirSync, readFileSync } from 'node:fs';
import { UserError } from '@toolwright/core';
import { PidsCgroup } from './pids-cgroup';

/** How a command's number of processes is bounded. @internal */
export type ProcessLimit =
  | { kind: 'none' }
  | { kind: 'cgroup'; cgroup: PidsCgroup }
  | { kind: 'rlimit'; max: number };

/**
 * Chooses how to hold a command to `limit` processes: a pids cgroup when one can be created;
 * else, for a non-root user, RLIMIT_NPROC (which counts all of the user's processes, so it is set
 * to those already running plus `limit`). Root ignores RLIMIT_NPROC, so without a writable cgroup
 * there is no way for root, and that is an error rather than a silent absence. @internal
 */
export async function createProcessLimit(limit: number | null): Promise<ProcessLimit> {
  if (limit === null) return { kind: 'none' };
  const cgroup = await PidsCgroup.create(limit);
  if (cgroup) return { kind: 'cgroup', cgroup };
  const uid = process.getuid?.();
  if (uid !== undefined && uid !== 0) return { kind: 'rlimit', max: processesOf(uid) + limit };
  throw new UserError(
    `BubblewrapSandbox cannot enforce pidLimit ${limit}: no pids cgroup is writable here and RLIMIT_NPROC does not bind root. ` +
      'Run as a non-root user, run where /sys/fs/cgroup is writable (a cgroup v1 pids hierarchy or a delegated v2 subtree), ' +
      'or pass pidLimit: null to run without a process limit (a fork bomb then ends only at the timeout).',
  );
}

/** The argv prefix that applies the limit before exec'ing bwrap. @internal */
export function limitWrapper(limit: ProcessLimit): string[] {
  if (limit.kind === 'cgroup') return ['/bin/sh', '-c', 'echo $$ > "$0" && exec "$@"', limit.cgroup.procsFile];
  if (limit.kind === 'rlimit') return ['/bin/sh', '-c', 'ulimit -u "$0" && exec "$@"', String(limit.max)];
  return [];
}

/** How many processes a user runs now (from /proc). */
function processesOf(uid: number): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const line = status.split('\n').find((l) => l.startsWith('Uid:'));
      if (line && Number(line.split(/\s+/)[1]) === uid) count++;
    } catch {
      // The process ended meanwhile.
    }
  }
  return count;
}
