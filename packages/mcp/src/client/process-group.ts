import type { ChildProcess } from 'node:child_process';

/**
 * Server processes started by this package that are still running. When this process exits
 * without closing them (a crash, `process.exit()`), their groups are killed, so no server is left
 * behind. @internal
 */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Remembers a started server until it exits. @internal */
export function trackChild(child: ChildProcess): void {
  running.add(child);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of running) killGroup(c, 'SIGKILL');
    });
  }
}

/** Forgets a server that has exited. @internal */
export function untrackChild(child: ChildProcess): void {
  running.delete(child);
}

/**
 * Sends `signal` to the process group led by `target` (servers are spawned as group leaders), or
 * to the process alone where groups do not exist (Windows). Errors (already gone) are ignored.
 * @internal
 */
export function killGroup(target: ChildProcess | number, signal: NodeJS.Signals): void {
  const pid = typeof target === 'number' ? target : target.pid;
  if (pid === undefined) return;
  try {
    if (process.platform === 'win32') {
      if (typeof target === 'number') process.kill(pid, signal);
      else target.kill(signal);
    } else {
      process.kill(-pid, signal);
    }
  } catch {
    // ESRCH: nothing left to signal.
  }
}

/** Whether any process of the group led by `pid` is still alive. @internal */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
