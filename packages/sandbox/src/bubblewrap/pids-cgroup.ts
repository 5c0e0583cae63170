import { randomBytes } from 'node:crypto';
import { existsSync, promises as fsp, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long a cgroup may stay busy after its processes were killed (zombies being reaped). */
const REMOVE_WAIT_MS = 3_000;

/**
 * A cgroup with a `pids.max` limit, holding one command's processes: a fork bomb stops at the
 * limit instead of filling the machine's process table. Created under this process's own cgroup
 * (cgroup v1 `pids` hierarchy, or cgroup v2 where the `pids` controller can be enabled for a
 * child). @internal
 */
export class PidsCgroup {
  private constructor(
    readonly dir: string,
    private readonly v2: boolean,
  ) {}

  /** The file a process writes its pid to in order to join. */
  get procsFile(): string {
    return join(this.dir, 'cgroup.procs');
  }

  /** Creates a cgroup limited to `limit` processes, or returns undefined when cgroups are not writable here. */
  static async create(limit: number): Promise<PidsCgroup | undefined> {
    for (const { parent, v2 } of candidateParents()) {
      const dir = join(parent, `toolwright-${process.pid}-${randomBytes(4).toString('hex')}`);
      try {
        if (v2) await enablePidsController(parent);
        await fsp.mkdir(dir);
      } catch {
        continue;
      }
      try {
        await fsp.writeFile(join(dir, 'pids.max'), String(limit));
        return new PidsCgroup(dir, v2);
      } catch {
        await fsp.rmdir(dir).catch(() => undefined);
      }
    }
    return undefined;
  }

  /** Kills every process in the cgroup (synchronously, so it can run from a timer). */
  killAll(): void {
    if (this.v2 && existsSync(join(this.dir, 'cgroup.kill'))) {
      try {
        writeFileSync(join(this.dir, 'cgroup.kill'), '1');
        return;
      } catch {
        // Fall back to killing the listed processes.
      }
    }
    // Repeated because a process may fork between the read and the kill (bounded by pids.max).
    for (let round = 0; round < 8; round++) {
      const pids = this.pids();
      if (pids.length === 0) return;
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
  }

  /** Kills what is left and removes the cgroup, waiting for the kernel to reap the processes. */
  async remove(): Promise<void> {
    const deadline = Date.now() + REMOVE_WAIT_MS;
    for (;;) {
      this.killAll();
      try {
        await fsp.rmdir(this.dir);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'ENOENT') return;
        if (code !== 'EBUSY' || Date.now() > deadline) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private pids(): number[] {
    try {
      return readFileSync(this.procsFile, 'utf8').split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  }
}

/** Where this process could create a child cgroup with a pids limit: v1 `pids` first, then v2. */
function candidateParents(): Array<{ parent: string; v2: boolean }> {
  let lines: string[];
  try {
    lines = readFileSync('/proc/self/cgroup', 'utf8').split('\n');
  } catch {
    return [];
  }
  const out: Array<{ parent: string; v2: boolean }> = [];
  for (const line of lines) {
    const [, controllers, path] = line.split(':');
    if (path === undefined) continue;
    if (controllers.split(',').includes('pids') && existsSync('/sys/fs/cgroup/pids')) {
      out.unshift({ parent: join('/sys/fs/cgroup/pids', path), v2: false });
    } else if (controllers === '') {
      for (const mount of ['/sys/fs/cgroup', '/sys/fs/cgroup/unified']) {
        if (existsSync(join(mount, 'cgroup.controllers'))) out.push({ parent: join(mount, path), v2: true });
      }
    }
  }
  return out;
}

/** Makes the `pids` controller available to children of a v2 cgroup (fails when it cannot be). */
async function enablePidsController(parent: string): Promise<void> {
  const available = (await fsp.readFile(join(parent, 'cgroup.controllers'), 'utf8')).split(/\s+/);
  if (!available.includes('pids')) throw new Error('the pids controller is not available');
  const enabled = (await fsp.readFile(join(parent, 'cgroup.subtree_control'), 'utf8')).split(/\s+/);
  if (!enabled.includes('pids')) await fsp.writeFile(join(parent, 'cgroup.subtree_control'), '+pids');
}
