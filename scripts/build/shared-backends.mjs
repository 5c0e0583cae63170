// The servers one jest run shares between its suites (see README, "Where the test time goes").
// The global setup creates a directory and names it in TOOLWRIGHT_SHARED_BACKENDS_DIR, which the
// workers inherit; the first suite that calls startEmbeddedPostgres() starts the run's PostgreSQL
// and records it there (`postgres.json`: pid, stop signal, directories to delete), and every suite
// gets a database of its own on it. The global teardown stops what the directory records; a
// watchdog process does the same if jest dies without its teardown (Ctrl-C, a killed CI job), and
// deletes the run's temporary directory.
// TOOLWRIGHT_SHARED_BACKENDS=0 turns sharing off: each suite starts a server of its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SHARED_BACKENDS_ENV = 'TOOLWRIGHT_SHARED_BACKENDS_DIR';

/** Creates the run's directory and names it in the environment. */
export function openSharedBackends() {
  if (process.env.TOOLWRIGHT_SHARED_BACKENDS === '0') return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-backends-'));
  process.env[SHARED_BACKENDS_ENV] = dir;
  return dir;
}

/**
 * Starts the watchdog that, should jest die without its teardown, stops the shared servers and
 * deletes the run's temporary directory (test-tmpdir.mjs). Either may be undefined.
 * @param {string | undefined} backendsDir
 * @param {string | undefined} tmpDir
 */
export function watchRun(backendsDir, tmpDir) {
  if (!backendsDir && !tmpDir) return;
  const args = [path.join(import.meta.dirname, 'shared-backends-watchdog.mjs'), String(process.pid), backendsDir ?? '-', tmpDir ?? '-'];
  spawn(process.execPath, args, { detached: true, stdio: 'ignore' }).unref();
}

/** Whether a process is still running (a zombie, exited but not yet reaped, is not). */
function running(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

/** Stops every server the directory records, deletes their directories, then the directory. */
export async function stopSharedBackends(dir) {
  if (!dir || !fs.existsSync(dir)) return;
  const states = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
  for (const { pid, signal } of states) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
  const deadline = Date.now() + 10_000;
  for (const { pid } of states) {
    while (running(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    if (running(pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone in the meantime.
      }
    }
  }
  for (const { removeDirs } of states) for (const removed of removeDirs) fs.rmSync(removed, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
}
