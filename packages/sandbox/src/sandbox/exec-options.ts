import { UserError } from '@toolwright/core';
import { checkCommandTimeLimit } from './command-time-limit';
import type { ExecOptions } from './sandbox';

/** Limits a backend applies to commands; every sandbox takes them as options. */
export interface ExecLimits {
  /**
   * Timeout when a command gives none. Default 30 s. Like every sandbox time limit, a positive
   * integer number of milliseconds up to 2^31−1 (about 24.8 days); never `Infinity` or `null`.
   */
  defaultTimeoutMs?: number;
  /** Longest timeout a command may ask for; longer ones are cut to it. Default 10 min (at most 2^31−1). */
  maxTimeoutMs?: number;
  /** Bytes kept per stream when a command gives no `maxOutputBytes`. Default 1 MiB. */
  maxOutputBytes?: number;
}

/** Defaults of {@link ExecLimits}. */
export const DEFAULT_EXEC_LIMITS: Readonly<Required<ExecLimits>> = Object.freeze({
  defaultTimeoutMs: 30_000,
  maxTimeoutMs: 600_000,
  maxOutputBytes: 1024 * 1024,
});

/** The most bytes a command may keep per stream, whatever it asks for. */
const OUTPUT_CEILING = 64 * 1024 * 1024;
/** Longest command text (the kernel's limit for one argument is 128 KiB on Linux; scripts go through stdin). */
const MAX_COMMAND_CHARS = 128 * 1024;
const MAX_STDIN_BYTES = 16 * 1024 * 1024;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Exec options after validation, with the defaults applied. @internal */
export interface ResolvedExec {
  command: string;
  cwd?: string;
  env: Record<string, string>;
  timeoutMs: number;
  stdin?: string;
  maxOutputBytes: number;
  signal?: AbortSignal;
}

/** Checks a sandbox's limits at construction. @internal */
export function resolveLimits(limits: ExecLimits, where: string): Required<ExecLimits> {
  const out = { ...DEFAULT_EXEC_LIMITS, ...stripUndefined(limits) };
  checkCommandTimeLimit(out.defaultTimeoutMs, `${where}: defaultTimeoutMs`);
  checkCommandTimeLimit(out.maxTimeoutMs, `${where}: maxTimeoutMs`);
  positive(out.maxOutputBytes, `${where}: maxOutputBytes`, 'bytes');
  if (out.maxOutputBytes > OUTPUT_CEILING) throw new UserError(`${where}: maxOutputBytes may be at most ${OUTPUT_CEILING}.`);
  return out;
}

/** Validates one command's options against the sandbox's limits. @internal */
export function resolveExec(command: string, options: ExecOptions | undefined, limits: Required<ExecLimits>): ResolvedExec {
  if (typeof command !== 'string' || command.trim() === '') throw new UserError('exec: the command must be a non-empty string.');
  if (command.includes('\0')) throw new UserError('exec: the command contains a NUL character, which no shell can receive.');
  if (command.length > MAX_COMMAND_CHARS) {
    throw new UserError(`exec: the command is ${command.length} characters long; the limit is ${MAX_COMMAND_CHARS}. Pass long scripts through stdin.`);
  }
  const o = options ?? {};
  if (typeof o !== 'object') throw new UserError('exec: options must be an object.');
  let timeoutMs = limits.defaultTimeoutMs;
  if (o.timeoutMs !== undefined) {
    timeoutMs = Math.min(checkCommandTimeLimit(o.timeoutMs, 'exec: timeoutMs'), limits.maxTimeoutMs);
  }
  let maxOutputBytes = limits.maxOutputBytes;
  if (o.maxOutputBytes !== undefined) {
    if (!Number.isInteger(o.maxOutputBytes) || o.maxOutputBytes < 0) throw new UserError('exec: maxOutputBytes must be a whole number ≥ 0.');
    maxOutputBytes = Math.min(o.maxOutputBytes, OUTPUT_CEILING);
  }
  if (o.stdin !== undefined) {
    if (typeof o.stdin !== 'string') throw new UserError('exec: stdin must be a string.');
    if (Buffer.byteLength(o.stdin) > MAX_STDIN_BYTES) throw new UserError(`exec: stdin is larger than ${MAX_STDIN_BYTES} bytes.`);
  }
  if (o.cwd !== undefined && (typeof o.cwd !== 'string' || o.cwd.includes('\0'))) throw new UserError('exec: cwd must be a path string.');
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal)) throw new UserError('exec: signal must be an AbortSignal.');
  return {
    command,
    cwd: o.cwd,
    env: checkEnv(o.env ?? {}, 'exec: env'),
    timeoutMs,
    stdin: o.stdin,
    maxOutputBytes,
    signal: o.signal,
  };
}

/** Checks environment variables: valid names, string values without NUL. @internal */
export function checkEnv(env: Record<string, string>, where: string): Record<string, string> {
  if (typeof env !== 'object' || env === null || Array.isArray(env)) throw new UserError(`${where} must be an object of strings.`);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!ENV_NAME.test(name)) throw new UserError(`${where}: "${name}" is not a valid variable name (letters, digits and _, not starting with a digit).`);
    if (typeof value !== 'string' || value.includes('\0')) throw new UserError(`${where}: the value of ${name} must be a string without NUL characters.`);
    out[name] = value;
  }
  return out;
}

function positive(value: unknown, what: string, unit: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new UserError(`${what} must be a positive number of ${unit} (got ${String(value)}).`);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
