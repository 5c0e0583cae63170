import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { sharedRunFolder } from './shared-run-dir';

/** Written into an install's directory once it is complete, or once it has failed (with why). */
const DONE = '.install-done';
const FAILED = '.install-failed';

/** How long a suite waits for another worker's install of the same specs. */
const WAIT_MS = 420_000;

/** Resolves once `dir` holds the done or failed marker (watched, not polled); rejects after `timeoutMs`. */
function settled(dir: string, timeoutMs: number): Promise<void> {
  return new Promise((resolveSettled, rejectSettled) => {
    const check = (): boolean => {
      if (fs.existsSync(path.join(dir, FAILED))) {
        finish(new Error(`the shared install in ${dir} failed:\n${fs.readFileSync(path.join(dir, FAILED), 'utf8')}`));
        return true;
      }
      if (!fs.existsSync(path.join(dir, DONE))) return false;
      finish();
      return true;
    };
    const watcher = fs.watch(dir, () => check());
    const timer = setTimeout(() => finish(new Error(`no shared install appeared in ${dir} within ${timeoutMs} ms`)), timeoutMs);
    function finish(error?: Error): void {
      clearTimeout(timer);
      watcher.close();
      if (error) rejectSettled(error);
      else resolveSettled();
    }
    // A marker written before the watcher started raises no event: look once after starting it.
    check();
  });
}

/**
 * A scratch install made once per jest run and shared by every suite that asks for the same
 * `specs` (the key: tarball paths carry a digest of their contents, registry specs their range).
 * The first suite to ask takes a lock (an exclusive mkdir) and runs `install(dir)`; the others
 * wait for its marker, watching the directory. Under jest the install lives in the run's shared
 * directory, deleted with it; a suite run on its own installs into `fallbackDir` (the caller
 * deletes it). Each suite writes its projects into a folder of its own under the returned
 * directory ({@link projectFolder}), which resolves packages from the shared `node_modules`.
 */
export async function sharedInstall(specs: readonly string[], fallbackDir: string, install: (dir: string) => Promise<void>): Promise<string> {
  const base = sharedRunFolder('installs', fallbackDir);
  const dir = path.join(base, createHash('sha256').update(specs.join('\0')).digest('hex').slice(0, 16));
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.mkdirSync(`${dir}.lock`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await settled(dir, WAIT_MS);
    return dir;
  }
  try {
    await install(dir);
    fs.writeFileSync(path.join(dir, DONE), '');
  } catch (error) {
    fs.writeFileSync(path.join(dir, FAILED), String((error as Error).stack ?? error));
    throw error;
  }
  return dir;
}

/** A new, empty folder named `<prefix>…` under `install/projects/`, for one suite's project. */
export function projectFolder(install: string, prefix: string): string {
  fs.mkdirSync(path.join(install, 'projects'), { recursive: true });
  return fs.mkdtempSync(path.join(install, 'projects', prefix));
}
