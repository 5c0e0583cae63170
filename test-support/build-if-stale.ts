import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/** How long a build lock may stand before it is taken for one left by a killed process. */
const STALE_LOCK_MS = 5 * 60_000;

/** Whether `packages/<name>`'s build is missing or older than its manifest or one of its sources. */
export function isStale(name: string): boolean {
  const dir = join(ROOT, 'packages', name);
  const built = join(dir, 'dist', 'index.js');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  if (statSync(join(dir, 'package.json')).mtimeMs > builtAt) return true;
  for (const entry of readdirSync(join(dir, 'src'), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > builtAt) return true;
  }
  return false;
}

/**
 * Builds those of `names` (packages under `packages/`) whose build is missing or older than their
 * sources, for tests whose child processes load the compiled packages. `npm test` builds
 * everything first, so in a whole run this only compares file times; a lone run after an edit
 * rebuilds what the edit made stale. Suites doing this at once take turns through one lock, so
 * two never write one `dist/` together.
 */
export function buildIfStale(names: readonly string[]): void {
  if (!names.some(isStale)) return;
  withLock(join(ROOT, 'node_modules', '.cache', 'toolwright-test-builds.lock'), () => {
    // Looked at again: the suite that held the lock may have built them.
    const stale = names.filter(isStale);
    if (stale.length > 0) execFileSync('npm', ['run', 'build', ...stale.flatMap((name) => ['-w', `packages/${name}`])], { cwd: ROOT, stdio: 'inherit' });
  });
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
