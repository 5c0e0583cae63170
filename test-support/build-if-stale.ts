import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/** The newest modification time of the files under `dir`. */
function newestFile(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Whether `packages/<name>`'s build is missing or older than one of its sources. */
export function isStale(name: string): boolean {
  const built = join(ROOT, 'packages', name, 'dist', 'index.js');
  return !existsSync(built) || statSync(built).mtimeMs < newestFile(join(ROOT, 'packages', name, 'src'));
}

/**
 * Builds those of `names` (packages under `packages/`) whose build is missing or older than their
 * sources, for tests whose child processes load the compiled packages. `npm test` builds
 * everything first, so in a whole run this only compares file times; a lone run after an edit
 * rebuilds what the edit made stale.
 */
export function buildIfStale(names: readonly string[]): void {
  const stale = names.filter(isStale);
  if (stale.length === 0) return;
  execFileSync('npm', ['run', 'build', ...stale.flatMap((name) => ['-w', `packages/${name}`])], { cwd: ROOT, stdio: 'inherit' });
}
