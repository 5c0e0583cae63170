import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root. */
export const ROOT = join(__dirname, '..', '..', '..', '..');

/** The packages the worker processes load by name (compiled JavaScript, from `dist/`). */
const PACKAGES = ['core', 'redis', 'bullmq'];

/** How long a build lock may stand before it is taken for one left by a killed process. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Rebuilds `dist/` of core, redis and bullmq, each only when one of its sources is newer than its
 * build: the worker processes of the cross-process suites load the compiled packages. `npm test`
 * builds first, so a full run only looks; a lone run after an edit rebuilds what the edit touched.
 * Two suites doing this at once take turns through a lock directory, so one never loads a `dist/`
 * the other is halfway through writing.
 */
export function ensurePackageBuilds(): void {
  withLock(join(ROOT, 'node_modules', '.cache', 'toolwright-bullmq-builds.lock'), () => {
    for (const name of PACKAGES) {
      const dir = join(ROOT, 'packages', name);
      if (isCurrent(dir)) continue;
      execFileSync(process.execPath, [join(ROOT, 'node_modules/rolldown/bin/cli.mjs'), '-c'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    }
  });
}

/** Whether the package's entry build is newer than every source and its manifest. */
function isCurrent(dir: string): boolean {
  const built = join(dir, 'dist', 'index.js');
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  if (statSync(join(dir, 'package.json')).mtimeMs > builtAt) return false;
  for (const entry of readdirSync(join(dir, 'src'), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > builtAt) return false;
  }
  return true;
}

/**
 * Runs `action` holding the lock directory `path` (made atomically by `mkdir`; it names its
 * holder's pid). A lock whose holder is gone (a run interrupted mid-build) is taken over.
 */
function withLock(path: string, action: () => void): void {
  mkdirSync(join(path, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(path);
      writeFileSync(join(path, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (abandoned(path)) rmSync(path, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    action();
  } finally {
    rmSync(path, { recursive: true, force: true });
  }
}

/** Whether the lock's holder has exited, or the lock is older than any build takes. */
function abandoned(path: string): boolean {
  try {
    if (Date.now() - statSync(path).mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(readFileSync(join(path, 'pid'), 'utf8'));
    if (!(pid > 0)) return false;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // No pid file yet (its holder is between mkdir and writing it) or a lock just released: wait.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
