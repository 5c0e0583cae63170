/**
 * System backends for tests (bwrap, sshd, podman, redis-server, ...).
 *
 * A suite that needs a system program calls {@link requireBackend} at load time and wraps its
 * tests in `describeBackend`. When the program is missing the suite is skipped with a message
 * naming the Debian package to install — or, when `TOOLWRIGHT_REQUIRE_BACKENDS=1` (set by
 * `.ci/run`), it fails, so CI never skips silently. `npm test` provisions the packages itself
 * when it runs as root on Debian (scripts/provision-backends.js).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** What a suite needs from the system. */
export interface BackendRequirement {
  /** Human name, e.g. `bubblewrap`. */
  name: string;
  /** Programs that must be found on PATH (or given as absolute paths). */
  binaries: string[];
  /** Debian packages that provide them, for the message. */
  debianPackages: string[];
  /** Extra check run once the binaries exist; returns a reason when the backend cannot work. */
  probe?: () => string | undefined;
}

/** The outcome of {@link requireBackend}. */
export interface BackendStatus {
  available: boolean;
  /** Why the backend is not available (empty when it is). */
  reason: string;
}

/** Whether a missing backend must fail the run instead of skipping it. */
export const backendsRequired = process.env.TOOLWRIGHT_REQUIRE_BACKENDS === '1';

/** Finds a program on PATH (plus /usr/sbin and /sbin, where sshd lives). */
export function findBinary(binary: string): string | undefined {
  if (binary.includes('/')) return existsSync(binary) ? binary : undefined;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, binary);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Checks a backend; see the module comment for what happens when it is missing. */
export function requireBackend(requirement: BackendRequirement): BackendStatus {
  const missing = requirement.binaries.filter((binary) => findBinary(binary) === undefined);
  let reason = '';
  if (missing.length > 0) {
    reason =
      `${requirement.name} is not installed (missing: ${missing.join(', ')}). ` +
      `Install it with: apt-get install -y ${requirement.debianPackages.join(' ')}`;
  } else if (requirement.probe) {
    reason = requirement.probe() ?? '';
  }
  if (reason && backendsRequired) {
    throw new Error(`TOOLWRIGHT_REQUIRE_BACKENDS=1 and a backend is unavailable: ${reason}`);
  }
  if (reason) {
    // Visible in the jest output: a skipped backend is never silent.
    process.stderr.write(`[toolwright tests] SKIPPED ${requirement.name} suite: ${reason}\n`);
  }
  return { available: reason === '', reason };
}

/** `describe` when the backend is available, `describe.skip` (with the reason in the title) otherwise. */
export function describeBackend(status: BackendStatus, title: string, body: () => void): void {
  if (status.available) describe(title, body);
  else describe.skip(`${title} (skipped: ${status.reason})`, body);
}

/** Runs a command and returns its stdout, or undefined when it fails (for probes). */
export function tryRun(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
  } catch {
    return undefined;
  }
}
