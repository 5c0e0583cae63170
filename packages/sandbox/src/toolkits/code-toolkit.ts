// The decorators below read TypeScript's type metadata through the polyfill (a peer dependency).
import 'reflect-metadata';
import { Ctx, Param, Tool, Toolkit, ToolResult, UserError, toolsOf, type Tool as ToolObject, type ToolContext, type Toolset } from '@toolwright/core';
import { NoWorkDirError } from '../errors/no-work-dir.error';
import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { SandboxFileError } from '../errors/sandbox-file.error';
import type { ExecResult, Sandbox } from '../sandbox/sandbox';
import { CommandPolicy } from './command-policy';
import { execResultText } from './exec-result-text';
import { LineProgress } from './line-progress';
import { nativeShellTool } from './native-shell-tool';
import { checkCommandTimeLimit, timeLimitAbove } from '../sandbox/command-time-limit';

/** Whole seconds. @asType integer */
type WholeSeconds = number;

/** Options of {@link CodeToolkit}. */
export interface CodeToolkitOptions {
  /** Commands must match one of these (regular-expression sources or RegExps) when given. */
  allow?: Array<string | RegExp>;
  /** Commands matching any of these are refused, whatever `allow` says. */
  deny?: Array<string | RegExp>;
  /** Timeout of a command when the model asks for none. Default 30 s. A positive integer up to 2^31−1 (never Infinity). */
  defaultTimeoutMs?: number;
  /** Longest timeout the model may ask for; longer requests are cut to it. Default 10 min (at most 2^31−1). */
  maxTimeoutMs?: number;
  /** Bytes of each of stdout and stderr shown to the model (the middle is cut). Default 8192. */
  maxOutputBytes?: number;
  /**
   * Whether a person must approve each command (or a predicate on the command). Commands the
   * policy refuses are never put to a person: they are answered with the refusal.
   */
  needsApproval?: boolean | ((command: string) => boolean | Promise<boolean>);
  /**
   * Offer OpenAI's built-in `shell` tool (a `shell` tool running a list of commands, executed by
   * this toolkit) in place of `exec_command`: `'auto'` (default) where the model is documented to
   * support it (GPT-5.1 and later on the Responses API), `true` always on the Responses API,
   * `false` never. Chat Completions always gets `exec_command`. Either form runs through the same
   * sandbox, policy, approval rule, timeouts and output caps.
   */
  native?: 'auto' | boolean;
}

/** The description the model reads. */
const EXEC_COMMAND_DESCRIPTION =
  'Execute a shell command in a sandboxed environment and return its stdout, stderr and exit code. ' +
  'The command is run via bash -c (sh -c where bash is missing), in the working directory. ' +
  'Use timeout_seconds for a command that needs longer than the default (0 or null: the default). ' +
  'Use workdir to run in a directory inside the working directory instead of cd.';

/**
 * The `exec_command` tool: runs shell commands in a sandbox, streaming their output as
 * `tool_progress` (whole lines), and answers with the exit code, stdout and stderr (head and tail
 * kept, `display: 'terminal'`). A command policy refuses commands as an ordinary answer. Marked
 * destructive (a command can change anything in the sandbox).
 *
 * Used in an agent as it is (`tools: [new CodeToolkit(sandbox)]`): it is a `Toolset`, so its
 * approval setting and timeouts are this instance's.
 *
 * @example
 * new CodeToolkit(sandbox, { deny: ['\\bgit\\s+push\\b'], needsApproval: (cmd) => /\bnpm\s+publish\b/.test(cmd) });
 */
@Toolkit({ name: 'code', description: 'Run shell commands in a sandbox.' })
export class CodeToolkit implements Toolset {
  /** The toolset's name. */
  readonly name = 'code';
  private readonly policy: CommandPolicy;
  private readonly defaultTimeoutMs: number;
  private readonly maxTimeoutMs: number;
  private readonly maxOutputBytes: number;
  private readonly native: 'auto' | boolean;
  private bound?: ToolObject[];

  constructor(
    readonly sandbox: Sandbox,
    private readonly options: CodeToolkitOptions = {},
  ) {
    if (!sandbox || typeof sandbox.execStream !== 'function') throw new UserError('CodeToolkit needs a Sandbox (LocalSandbox, BubblewrapSandbox, SshSandbox, DockerSandbox, ...).');
    this.policy = new CommandPolicy(options.allow, options.deny);
    this.defaultTimeoutMs = checkCommandTimeLimit(options.defaultTimeoutMs === undefined ? 30_000 : options.defaultTimeoutMs, 'CodeToolkit: defaultTimeoutMs');
    this.maxTimeoutMs = checkCommandTimeLimit(options.maxTimeoutMs === undefined ? 600_000 : options.maxTimeoutMs, 'CodeToolkit: maxTimeoutMs');
    this.maxOutputBytes = positive(options.maxOutputBytes ?? 8192, 'maxOutputBytes');
    const approval = options.needsApproval;
    if (approval !== undefined && typeof approval !== 'boolean' && typeof approval !== 'function') {
      throw new UserError('CodeToolkit: needsApproval must be a boolean or a (command) => boolean function.');
    }
    this.native = options.native ?? 'auto';
    if (this.native !== 'auto' && typeof this.native !== 'boolean') throw new UserError("CodeToolkit: native must be 'auto', true or false.");
  }

  /**
   * @param cmd The shell command to run.
   * @param timeoutSeconds Seconds before the command is killed; 0 or null for the default.
   * @param workdir A directory inside the working directory to run in; null for the working directory itself.
   */
  @Tool({ name: 'exec_command', description: EXEC_COMMAND_DESCRIPTION, readOnly: false, destructive: true, openWorld: false, failureError: null })
  async execCommand(
    @Param('cmd', { minLength: 1 }) cmd: string,
    @Param('timeout_seconds', { minimum: 0 }) timeoutSeconds?: WholeSeconds,
    @Param('workdir') workdir?: string,
    @Ctx() ctx?: ToolContext,
  ): Promise<ToolResult> {
    const decision = this.policy.check(cmd);
    if (!decision.allowed) return ToolResult.text(decision.reason).withDisplay('terminal').withDetails({ command: cmd, refused: true });
    const timeoutMs = timeoutSeconds ? Math.min(timeoutSeconds * 1000, this.maxTimeoutMs) : this.defaultTimeoutMs;
    let result: ExecResult;
    try {
      result = await this.run(cmd, { cwd: workdir || undefined, timeoutMs, signal: ctx?.signal }, ctx);
    } catch (error) {
      if (error instanceof OutsideWorkDirError || error instanceof SandboxFileError || error instanceof NoWorkDirError) {
        return ToolResult.error(`workdir ${JSON.stringify(workdir)}: ${error instanceof SandboxFileError ? error.kindText : error.message}`)
          .withDisplay('terminal')
          .withDetails({ command: cmd, refused: true });
      }
      throw error;
    }
    return ToolResult.text(execResultText(result, this.maxOutputBytes))
      .withDisplay('terminal')
      .withDetails({ command: cmd, exit_code: result.exitCode, timed_out: result.timedOut, truncated: result.truncated, duration_ms: result.durationMs });
  }

  /** Whether a call needs a person's approval: never for a command the policy refuses. */
  async commandNeedsApproval(command: string): Promise<boolean> {
    const approval = this.options.needsApproval;
    if (approval === undefined || approval === false) return false;
    if (!this.policy.check(command).allowed) return false;
    return approval === true ? true : approval(command);
  }

  /**
   * The toolkit's tools, with this instance's approval rule and a timeout above its longest
   * command: `exec_command`, and unless `native` is false the `shell` tool that OpenAI's
   * built-in `shell` calls run through (each model class offers one of the two; see `native`).
   */
  tools(): ToolObject[] {
    this.bound ??= this.buildTools();
    return [...this.bound];
  }

  private buildTools(): ToolObject[] {
    const when = this.native === true ? 'always' : 'auto';
    const approval = this.options.needsApproval ? (command: string) => this.commandNeedsApproval(command) : undefined;
    const tools = toolsOf(this).map((tool): ToolObject =>
      tool.name === 'exec_command'
        ? {
            ...tool,
            timeoutMs: timeLimitAbove(this.maxTimeoutMs, 60_000),
            needsApproval: approval ? (_ctx: unknown, args: { cmd: string }) => approval(args.cmd) : false,
            ...(this.native === false ? {} : { native: { type: 'shell', when, form: 'function' as const } }),
          }
        : tool,
    );
    if (this.native === false) return tools;
    const shell = nativeShellTool({
      sandbox: this.sandbox,
      policy: this.policy,
      ...(approval ? { commandNeedsApproval: approval } : {}),
      defaultTimeoutMs: this.defaultTimeoutMs,
      maxTimeoutMs: this.maxTimeoutMs,
      maxOutputBytes: this.maxOutputBytes,
      when,
    });
    return [...tools, shell];
  }

  private async run(cmd: string, options: { cwd?: string; timeoutMs: number; signal?: AbortSignal }, ctx: ToolContext | undefined): Promise<ExecResult> {
    if (!ctx) return this.sandbox.exec(cmd, options);
    const stream = this.sandbox.execStream(cmd, options);
    const progress = new LineProgress((text, which) =>
      ctx.emit(ToolResult.text(text).withDisplay('terminal').withDetails({ command: cmd, partial: true, stream: which })),
    );
    try {
      for await (const chunk of stream) progress.push(chunk.stream, chunk.data);
    } finally {
      progress.flush();
    }
    return stream.result;
  }
}

function positive(value: number, what: string): number {
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) throw new UserError(`CodeToolkit: ${what} must be a positive number.`);
  return value;
}
