import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { packedTarballs } from '../../../../test-support/packed-tarballs';

/** The repository root. */
export const REPO = path.resolve(__dirname, '../../../..');

/** Every published package, by directory name under packages/. */
export const PACKAGES = ['core', 'scanner', 'openai', 'nestjs', 'sandbox', 'mcp', 'brave-search', 'postgres', 'redis', 'ai-sdk', 'console', 'bullmq'];

/** What a command printed and how it ended. */
export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

// npm run by `npm test` passes its own settings down as npm_config_* variables (the workspace
// root among them); a scratch project must not inherit them, only how to reach the registry.
const KEPT_NPM_SETTINGS = new Set(['registry', 'cache', 'userconfig', 'globalconfig', 'proxy', 'https_proxy', 'noproxy', 'strict_ssl', 'cafile']);

function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const lower = key.toLowerCase();
    if (lower.startsWith('npm_package_') || lower.startsWith('npm_lifecycle_')) continue;
    if (lower.startsWith('npm_config_') && !KEPT_NPM_SETTINGS.has(lower.slice('npm_config_'.length))) continue;
    if (key === 'NODE_OPTIONS' || key === 'JEST_WORKER_ID' || key === 'TS_JEST_LOG') continue;
    env[key] = value;
  }
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0', ...extra };
}

/** Runs a command (bounded by `timeoutMs`); never throws. */
export function run(command: string, args: string[], options: { cwd: string; timeoutMs?: number; env?: NodeJS.ProcessEnv }): RunResult {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: cleanEnv(options.env),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
    maxBuffer: 32 * 1024 * 1024,
  });
  const stderr = `${result.stderr ?? ''}${result.error ? `\n${result.error.message}` : ''}`;
  return { code: result.status, stdout: result.stdout ?? '', stderr };
}

/** Runs a command and returns its output; throws with the whole output when it fails. */
export function runOk(command: string, args: string[], options: { cwd: string; timeoutMs?: number; env?: NodeJS.ProcessEnv }): string {
  const result = run(command, args, options);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${options.cwd}) exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/**
 * {@link run}, without blocking this process: recipes run side by side while it waits. Never
 * rejects; a command still running after `timeoutMs` is killed.
 */
export function runAsync(command: string, args: string[], options: { cwd: string; timeoutMs?: number; env?: NodeJS.ProcessEnv }): Promise<RunResult> {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: options.cwd, env: cleanEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let problem = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    const timeoutMs = options.timeoutMs ?? 120_000;
    const timer = setTimeout(() => {
      problem = `\n${command} timed out after ${timeoutMs} ms`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => (problem = `\n${error.message}`));
    child.once('close', (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: `${Buffer.concat(err).toString('utf8')}${problem}` });
    });
  });
}

/** {@link runOk}, without blocking this process. */
export async function runOkAsync(command: string, args: string[], options: { cwd: string; timeoutMs?: number; env?: NodeJS.ProcessEnv }): Promise<string> {
  const result = await runAsync(command, args, options);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${options.cwd}) exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/**
 * The `npm pack`ed tarball of every package, by directory name: packed once per jest run and
 * shared with the other suites that install them, or into `dest` for a suite run on its own.
 */
export function packAll(dest: string): Map<string, string> {
  return packedTarballs(PACKAGES, dest);
}

/** Unpacks a tarball into `dir` (its files end up under `dir/package`). */
export function unpack(tarball: string, dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  runOk('tar', ['-xzf', tarball, '-C', dir], { cwd: dir });
  return path.join(dir, 'package');
}

/**
 * `npm install`s `specs` into the project in `dir` (created with a package.json when missing),
 * from the registry cache when it can, without install scripts.
 */
export function npmInstall(dir: string, specs: string[], timeoutMs = 300_000): void {
  runOk('npm', npmInstallArgs(dir, specs), { cwd: dir, timeoutMs });
}

/** {@link npmInstall}, without blocking this process (two installs share the network wait). */
export async function npmInstallAsync(dir: string, specs: string[], timeoutMs = 300_000): Promise<void> {
  await runOkAsync('npm', npmInstallArgs(dir, specs), { cwd: dir, timeoutMs });
}

/** Creates the project when missing; the arguments of its `npm install`. */
function npmInstallArgs(dir: string, specs: string[]): string[] {
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: path.basename(dir), version: '1.0.0', private: true }, null, 2));
  }
  return ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...specs];
}

/**
 * Runs at most `slots` of the bodies given to it at once; each body starts when a slot frees.
 * The consumer test's recipes build side by side within this bound (each is a compiler run).
 */
export function limiter(slots: number): <T>(body: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (body) => {
    if (running >= slots) await new Promise<void>((resolveSlot) => waiting.push(resolveSlot));
    running += 1;
    try {
      return await body();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Starts `body` now and returns how to collect its outcome later: a test awaits the function it
 * returns, which rethrows what the body threw (held until then, never an unhandled rejection).
 */
export function inBackground(body: () => Promise<unknown>): () => Promise<void> {
  const outcome = body().then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  return async () => {
    const settled = await outcome;
    if (settled) throw settled.error;
  };
}

/** Writes files (paths relative to `dir`), creating directories. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string): void => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The last line of a program's output parsed as JSON (what the scratch programs print). */
export function lastJson(output: string): Record<string, unknown> {
  const lines = output.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]) as Record<string, unknown>;
}
