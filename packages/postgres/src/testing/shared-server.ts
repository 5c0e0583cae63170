import { existsSync, openSync, closeSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The environment variable naming the directory where a test run keeps its shared servers. A
 * test runner's global setup creates the directory and sets it; its global teardown stops every
 * server recorded there (each `<name>.json`: `pid`, `signal`, `removeDirs`).
 */
export const SHARED_BACKENDS_ENV = 'TOOLWRIGHT_SHARED_BACKENDS_DIR';

/** What a shared server's state file records. */
export interface SharedServerState {
  port: number;
  /** The server process, stopped by the run's teardown. */
  pid: number;
  /** The signal that stops it cleanly. */
  signal: NodeJS.Signals;
  /** Directories the teardown deletes once the server is gone. */
  removeDirs: string[];
}

/** The shared-servers directory of the current test run, when there is one. */
export function sharedBackendsDir(): string | undefined {
  const dir = process.env[SHARED_BACKENDS_ENV];
  return dir && existsSync(dir) ? dir : undefined;
}

/**
 * The server `name` of this test run: the first caller of any process (jest runs suites in
 * several workers) takes `<name>.lock`, starts it and writes `<name>.json`; the others wait for
 * that file. A failed start is written to `<name>.error` and fails every caller with its message.
 */
export async function sharedServer(dir: string, name: string, start: () => Promise<SharedServerState>, timeoutMs: number): Promise<SharedServerState> {
  const stateFile = join(dir, `${name}.json`);
  const errorFile = join(dir, `${name}.error`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(stateFile)) return JSON.parse(readFileSync(stateFile, 'utf8')) as SharedServerState;
    if (existsSync(errorFile)) throw new Error(readFileSync(errorFile, 'utf8'));
    let lock: number | undefined;
    try {
      lock = openSync(join(dir, `${name}.lock`), 'wx');
    } catch {
      // Another process is starting it.
    }
    if (lock !== undefined) {
      closeSync(lock);
      try {
        const state = await start();
        // Written whole, then renamed: a waiting process never reads half a file.
        writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
        renameSync(`${stateFile}.tmp`, stateFile);
        return state;
      } catch (error) {
        writeFileSync(errorFile, `the shared ${name} server of this test run could not start: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    }
    if (Date.now() > deadline) throw new Error(`the shared ${name} server of this test run was not ready within ${timeoutMs} ms (${dir})`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}
