import { UserError } from '@toolwright/core';
import type { Sandbox } from '../sandbox/sandbox';
import { cutCombined } from './shell-output-limit';

/** The `action` of a `shell_call` item of OpenAI's Responses API (the built-in `shell` tool). */
export interface ShellAction {
  /** Commands to run one after the other (each through the sandbox's shell). */
  commands: string[];
  /** Milliseconds each command may take. */
  timeout_ms?: number | null;
  /** Characters of output kept per command, stdout and stderr together. */
  max_output_length?: number | null;
}

/** One command's result, as a `shell_call_output` carries it. */
export interface ShellCommandOutput {
  stdout: string;
  stderr: string;
  outcome: { type: 'exit'; exit_code: number } | { type: 'timeout' };
}

/** Options of {@link runShellAction}. */
export interface ShellActionOptions {
  /** Timeout of a command when the call gives none. Default 30 s. */
  defaultTimeoutMs?: number;
  /** Longest timeout a command may have. Default 10 min. */
  maxTimeoutMs?: number;
  /** Time all the commands of a call may take together; later commands get what is left. Default `maxTimeoutMs`. */
  callBudgetMs?: number;
  /** Output kept per command when the call gives no limit. Default 16384 characters. */
  defaultMaxOutputLength?: number;
  /** Most output a call may ask to keep per command. Default 65536 characters. */
  maxOutputLength?: number;
  /** Called with each piece of output as it arrives (for progress). */
  onOutput?: (command: string, stream: 'stdout' | 'stderr', data: string) => void;
  signal?: AbortSignal;
}

/** Bounds on a shell call's commands. */
export const SHELL_ACTION_LIMITS = {
  /** Commands one call may run. */
  maxCommands: 32,
  /** UTF-16 units of one command. */
  maxCommandLength: 64 * 1024,
} as const;

/**
 * Runs a shell call's commands one after the other in the sandbox, each with the call's timeout
 * (bounded by `maxTimeoutMs` and by what is left of the call's budget) and output limit (stdout
 * and stderr together, head and tail kept), streaming output to `onOutput`. A command that times
 * out is reported as such and the rest still run, as separate commands do in a terminal; a
 * command left without time is reported as a timeout without running.
 *
 * @throws UserError for an action that is not a list of 1 to 32 commands, each not blank and at most 65536 UTF-16 units.
 * @example
 * await runShellAction(sandbox, { commands: ['npm test'], timeout_ms: 120_000, max_output_length: 4096 });
 * // [{ stdout: '…', stderr: '', outcome: { type: 'exit', exit_code: 0 } }]
 */
export async function runShellAction(sandbox: Sandbox, action: ShellAction, options: ShellActionOptions = {}): Promise<ShellCommandOutput[]> {
  const commands = checkedCommands(action);
  const maxTimeout = options.maxTimeoutMs ?? 600_000;
  const requested = typeof action.timeout_ms === 'number' && action.timeout_ms > 0 ? action.timeout_ms : (options.defaultTimeoutMs ?? 30_000);
  const perCommand = Math.min(requested, maxTimeout);
  const budget = options.callBudgetMs ?? maxTimeout;
  const wanted = typeof action.max_output_length === 'number' && action.max_output_length > 0 ? Math.floor(action.max_output_length) : (options.defaultMaxOutputLength ?? 16_384);
  const limit = Math.min(wanted, options.maxOutputLength ?? 65_536);
  const deadline = Date.now() + budget;
  const results: ShellCommandOutput[] = [];
  for (const command of commands) {
    if (options.signal?.aborted) break;
    const left = deadline - Date.now();
    if (left <= 0) {
      results.push({ stdout: '', stderr: `not run: the call's ${formatMs(budget)} budget was spent by the commands before this one`, outcome: { type: 'timeout' } });
      continue;
    }
    const timeoutMs = Math.min(perCommand, left);
    // Captured with room for head and tail of every stream; the limit applies below.
    const stream = sandbox.execStream(command, { timeoutMs, signal: options.signal, maxOutputBytes: Math.max(limit * 4, 1024) });
    for await (const chunk of stream) options.onOutput?.(command, chunk.stream, chunk.data);
    const result = await stream.result;
    const [stdout, stderr] = cutCombined(result.stdout, result.stderr, limit);
    results.push({ stdout, stderr, outcome: result.timedOut ? { type: 'timeout' } : { type: 'exit', exit_code: result.exitCode ?? -1 } });
  }
  return results;
}

function checkedCommands(action: ShellAction): string[] {
  const commands: unknown = action?.commands;
  const { maxCommands, maxCommandLength } = SHELL_ACTION_LIMITS;
  if (!Array.isArray(commands) || commands.length === 0 || commands.length > maxCommands) {
    throw new UserError(`A shell action needs "commands": a list of 1 to ${maxCommands} commands (got ${Array.isArray(commands) ? `${commands.length}` : typeof commands}).`);
  }
  commands.forEach((command, i) => {
    if (typeof command !== 'string' || command.trim() === '' || command.length > maxCommandLength) {
      throw new UserError(`A shell action's commands[${i}] must be a command (not blank) of at most ${maxCommandLength} characters.`);
    }
  });
  return commands as string[];
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
