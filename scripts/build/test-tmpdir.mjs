// The temporary directory of a jest run. The suites write their scratch projects there: npm
// installs of the packed tarballs (tens of thousands of files), PostgreSQL clusters, sandboxes'
// working directories, browser profiles. On a disk file system, creating and deleting those files
// is kernel time (journal, discard) that every suite waits for; on a RAM file system it is about
// half. So the global setup makes a fresh folder on /dev/shm when the machine has one that is
// tmpfs, has room and allows running programs, names it in TMPDIR (which os.tmpdir() and the
// programs the suites start read, and the workers inherit), and the teardown deletes it.
// Nothing changes when TMPDIR is set already (the user chose), with TOOLWRIGHT_TEST_TMPFS=0, or on
// a machine without such a file system: the suites then use the system's temporary directory.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Names the run's RAM folder, for the teardown (and the watchdog). */
export const TEST_TMPDIR_ENV = 'TOOLWRIGHT_TEST_TMPDIR';

/** The file system type statfs reports for tmpfs (Linux's TMPFS_MAGIC). */
const TMPFS_MAGIC = 0x01021994;
/** Room the RAM file system must have: a whole run's scratch peaked at 0.6 GB (`df`, every 3 s). */
const MIN_FREE_BYTES = 4 * 1024 ** 3;
/** Memory the machine must have, since what the folder holds is memory. */
const MIN_TOTAL_MEMORY = 8 * 1024 ** 3;

/**
 * Why the run does not use `candidate`, or undefined when it can.
 * @param {{ env: NodeJS.ProcessEnv; candidate: string; statfs: (dir: string) => { type: number; bavail: number; bsize: number }; totalmem: number }} machine
 * @returns {string | undefined}
 */
export function whyNotRamTmpdir({ env, candidate, statfs, totalmem }) {
  if (env.TOOLWRIGHT_TEST_TMPFS === '0') return 'TOOLWRIGHT_TEST_TMPFS=0';
  if (env.TMPDIR) return `TMPDIR is set (${env.TMPDIR})`;
  if (totalmem < MIN_TOTAL_MEMORY) return `the machine has ${Math.round(totalmem / 1024 ** 3)} GiB of memory, under ${MIN_TOTAL_MEMORY / 1024 ** 3}`;
  let stats;
  try {
    stats = statfs(candidate);
  } catch {
    return `${candidate} does not exist`;
  }
  if (stats.type !== TMPFS_MAGIC) return `${candidate} is not tmpfs`;
  const free = stats.bavail * stats.bsize;
  if (free < MIN_FREE_BYTES) return `${candidate} has ${Math.round(free / 1024 ** 2)} MiB free, under ${MIN_FREE_BYTES / 1024 ** 3} GiB`;
  return undefined;
}

/** Whether a program in `dir` can run (a file system mounted `noexec` refuses). */
function canRunProgramsIn(dir) {
  const probe = path.join(dir, 'exec-probe.sh');
  try {
    fs.writeFileSync(probe, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    execFileSync(probe, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

/**
 * Makes the run's folder on /dev/shm and points TMPDIR at it; returns it, or undefined when the
 * run keeps the system's temporary directory.
 * @returns {string | undefined}
 */
export function openTestTmpdir() {
  if (process.platform !== 'linux' || typeof fs.statfsSync !== 'function') return undefined;
  const candidate = '/dev/shm';
  if (whyNotRamTmpdir({ env: process.env, candidate, statfs: (dir) => fs.statfsSync(dir), totalmem: os.totalmem() }) !== undefined) return undefined;
  let dir;
  try {
    // A short name: podman refuses a run root over 50 characters, and a Unix socket's path is
    // limited to 107 (PostgreSQL's, podman's), both of which the suites make under here.
    dir = fs.mkdtempSync(path.join(candidate, 'tw-'));
  } catch {
    return undefined;
  }
  // Traversable by other users: as root, PostgreSQL runs as another user, in a folder under here.
  fs.chmodSync(dir, 0o755);
  if (!canRunProgramsIn(dir)) {
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  process.env.TMPDIR = dir;
  process.env[TEST_TMPDIR_ENV] = dir;
  return dir;
}

/** Deletes the run's folder (what the suites left in it included). */
export function removeTestTmpdir(dir) {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
