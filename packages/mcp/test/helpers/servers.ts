import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { McpStdioTransportOptions } from '@toolwright/mcp';

/** The four official servers installed as devDependencies. */
export type OfficialServer = 'server-everything' | 'server-filesystem' | 'server-memory' | 'server-sequential-thinking';

/** The entry point of an official server package. */
export function serverEntry(server: OfficialServer): string {
  return join(dirname(require.resolve(`@modelcontextprotocol/${server}/package.json`)), 'dist', 'index.js');
}

/** Transport options that start an official server with this Node binary. */
export function officialServer(server: OfficialServer, args: string[] = [], env?: Record<string, string>): McpStdioTransportOptions {
  return { command: process.execPath, args: [serverEntry(server), ...args], env };
}

/** The project's own fixture server (test/fixtures/fixture-server.cjs), logging calls to `logFile`. */
export function fixtureServer(logFile: string, env: Record<string, string> = {}): McpStdioTransportOptions {
  return { command: process.execPath, args: [join(__dirname, '..', 'fixtures', 'fixture-server.cjs')], env: { FIXTURE_LOG: logFile, ...env } };
}

/**
 * Whether a process is alive: it exists (signal 0) and, where /proc tells, is not a zombie (a
 * killed process not yet reaped by its parent, which for an orphan is PID 1).
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    // No /proc (not Linux), or the process was reaped meanwhile.
    return existsSync(`/proc/${pid}`) || process.platform !== 'linux';
  }
}

/** A throwaway directory under the OS temp dir; `remove()` deletes it. */
export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Waits until `check()` is true (polling), failing after `ms`. */
export async function eventually(check: () => boolean, ms = 20_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The entries the fixture server appended to its log. */
export function fixtureLog(file: string): Array<{ tool?: string; args?: unknown; list?: number; cancelled?: string }> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line));
}
