import { defineTool, ToolResult, UserError, type Tool, type ToolContext } from '@toolwright/core';
import { runShellAction, SHELL_ACTION_LIMITS, type ShellCommandOutput } from '../native/shell-action';
import type { Sandbox } from '../sandbox/sandbox';
import type { CommandPolicy } from './command-policy';
import { LineProgress } from './line-progress';
import { timeLimitAbove } from '../sandbox/command-time-limit';

/** What the `shell` tool needs from its toolkit. @internal */
export interface NativeShellSetup {
  sandbox: Sandbox;
  policy: CommandPolicy;
  /** Whether a command needs a person's approval (never for a refused one). */
  commandNeedsApproval?: (command: string) => Promise<boolean>;
  defaultTimeoutMs: number;
  maxTimeoutMs: number;
  /** The toolkit's per-stream byte cap; a command's output defaults to twice it, and may be asked up to four times it. */
  maxOutputBytes: number;
  when: 'auto' | 'always';
}

/** The exit code reported for a command the policy refused (the shell's "cannot execute"). */
const REFUSED_EXIT_CODE = 126;

const SHELL_DESCRIPTION =
  'Run shell commands in a sandboxed environment, one after the other, each in the working directory. ' +
  'Answers with the stdout, stderr and exit code (or timeout) of each command, as JSON. ' +
  'timeout_ms bounds each command; max_output_length bounds the characters kept of each command\'s output.';

/**
 * The `shell` tool: OpenAI's built-in `shell` tool executed by a sandbox (`native.form:
 * 'native'`, so only offered in that form; `exec_command` stands in for it elsewhere). Its
 * arguments are a `shell_call`'s action; it answers with the JSON of the `shell_call_output`'s
 * `output` list. Commands go through the toolkit's policy (one refused command: none runs),
 * approval rule, timeouts and output limits, and stream as `tool_progress`. @internal
 */
export function nativeShellTool(setup: NativeShellSetup): Tool {
  const { maxCommands, maxCommandLength } = SHELL_ACTION_LIMITS;
  const approval = setup.commandNeedsApproval;
  const tool = defineTool({
    name: 'shell',
    description: SHELL_DESCRIPTION,
    parameters: {
      type: 'object',
      properties: {
        commands: {
          type: 'array',
          description: 'The commands to run, in order.',
          items: { type: 'string', minLength: 1, maxLength: maxCommandLength },
          minItems: 1,
          maxItems: maxCommands,
        },
        timeout_ms: { type: 'integer', minimum: 0, description: 'Milliseconds each command may take; null for the default.' },
        max_output_length: { type: 'integer', minimum: 0, description: "Characters kept of each command's output; null for the default." },
      },
      required: ['commands'],
      additionalProperties: false,
    },
    readOnly: false,
    destructive: true,
    openWorld: false,
    // A command can take maxTimeoutMs; the call's commands share that budget (runShellAction).
    timeoutMs: timeLimitAbove(setup.maxTimeoutMs, 60_000),
    // The answer is bounded by the tool (commands x output limit) and is JSON: a cut would break it.
    maxOutputBytes: Infinity,
    failureError: null,
    needsApproval: approval ? async (_ctx: unknown, args: { commands: string[] }) => anyNeedsApproval(args.commands, approval) : false,
    invoke: (ctx, args: { commands: string[]; timeout_ms?: number; max_output_length?: number }) => runShell(setup, ctx, args),
  });
  // Set on the built tool: defineTool keeps only the fields it knows.
  return { ...tool, native: { type: 'shell', when: setup.when, form: 'native' } };
}

async function anyNeedsApproval(commands: string[], approval: (command: string) => Promise<boolean>): Promise<boolean> {
  for (const command of commands) if (await approval(command)) return true;
  return false;
}

async function runShell(setup: NativeShellSetup, ctx: ToolContext, args: { commands: string[]; timeout_ms?: number; max_output_length?: number }): Promise<ToolResult> {
  const refusals = args.commands.map((command) => setup.policy.check(command));
  const refused = refusals.findIndex((decision) => !decision.allowed);
  if (refused >= 0) {
    const outputs: ShellCommandOutput[] = refusals.map((decision) => ({
      stdout: '',
      stderr: decision.allowed ? `not run: command ${refused + 1} of this call was refused by policy, so none ran` : decision.reason,
      outcome: { type: 'exit', exit_code: REFUSED_EXIT_CODE },
    }));
    return ToolResult.text(JSON.stringify(outputs)).withDisplay('terminal').withDetails({ commands: args.commands, refused: true });
  }
  const progress = new Map<string, LineProgress>();
  const lines = (command: string): LineProgress => {
    let p = progress.get(command);
    if (!p) {
      p = new LineProgress((text, stream) => ctx.emit(ToolResult.text(text).withDisplay('terminal').withDetails({ command, partial: true, stream })));
      progress.set(command, p);
    }
    return p;
  };
  let outputs: ShellCommandOutput[];
  try {
    outputs = await runShellAction(
      setup.sandbox,
      { commands: args.commands, timeout_ms: args.timeout_ms ?? null, max_output_length: args.max_output_length ?? null },
      {
        defaultTimeoutMs: setup.defaultTimeoutMs,
        maxTimeoutMs: setup.maxTimeoutMs,
        defaultMaxOutputLength: 2 * setup.maxOutputBytes,
        maxOutputLength: 4 * setup.maxOutputBytes,
        signal: ctx.signal,
        onOutput: (command, stream, data) => lines(command).push(stream, data),
      },
    );
  } catch (error) {
    // An action the schema let through but the runner of commands refuses (a command over the
    // length limit counted in UTF-16 units): the model is told, the run goes on.
    if (error instanceof UserError) return ToolResult.error(error.message).withDisplay('terminal').withDetails({ commands: args.commands, refused: true });
    throw error;
  } finally {
    for (const p of progress.values()) p.flush();
  }
  const details = outputs.map((o, i) => ({
    command: args.commands[i],
    exit_code: o.outcome.type === 'exit' ? o.outcome.exit_code : null,
    timed_out: o.outcome.type === 'timeout',
  }));
  return ToolResult.text(JSON.stringify(outputs)).withDisplay('terminal').withDetails({ commands: details });
}
