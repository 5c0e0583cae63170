import type { Sandbox } from '../sandbox/sandbox';

/** The `action` of a `shell_call` item of OpenAI's Responses API (the built-in `shell` tool). */
export interface ShellAction {
  commands: string[];
  /** Milliseconds each command may take. */
  timeout_ms?: number | null;
  /** Characters of output kept per stream. */
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
  /** Timeout when the call gives none. Default 30 s. */
  defaultTimeoutMs?: number;
  /** Longest timeout a call may ask for. Default 10 min. */
  maxTimeoutMs?: number;
  /** Output kept per stream when the call gives no limit. Default 8192 characters. */
  defaultMaxOutputLength?: number;
  /** Called with each piece of output as it arrives (for progress). */
  onOutput?: (command: string, stream: 'stdout' | 'stderr', data: string) => void;
  signal?: AbortSignal;
}

/**
 * Runs a shell call's commands one after the other in the sandbox, each with the call's timeout
 * and output limit, streaming output to `onOutput`. A command that times out is reported as such
 * and the rest still run (as separate commands do in a terminal).
 */
export async function runShellAction(sandbox: Sandbox, action: ShellAction, options: ShellActionOptions = {}): Promise<ShellCommandOutput[]> {
  const maxTimeout = options.maxTimeoutMs ?? 600_000;
  const timeoutMs = Math.min(action.timeout_ms && action.timeout_ms > 0 ? action.timeout_ms : (options.defaultTimeoutMs ?? 30_000), maxTimeout);
  const limit = action.max_output_length && action.max_output_length > 0 ? action.max_output_length : (options.defaultMaxOutputLength ?? 8192);
  const results: ShellCommandOutput[] = [];
  for (const command of action.commands ?? []) {
    const stream = sandbox.execStream(command, { timeoutMs, signal: options.signal, maxOutputBytes: Math.max(limit * 4, 1024) });
    for await (const chunk of stream) options.onOutput?.(command, chunk.stream, chunk.data);
    const result = await stream.result;
    results.push({
      stdout: cut(result.stdout, limit),
      stderr: cut(result.stderr, limit),
      outcome: result.timedOut ? { type: 'timeout' } : { type: 'exit', exit_code: result.exitCode ?? -1 },
    });
  }
  return results;
}

/** Keeps the head and tail of a text over `limit` characters. */
function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const head = Math.floor(limit * 0.6);
  const tail = limit - head;
  return `${text.slice(0, head)}\n…[${text.length - limit} characters elided]\n${text.slice(text.length - tail)}`;
}
