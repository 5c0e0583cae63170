import { UserError } from '@toolwright/core';
import { HostFiles } from '../paths/host-files';
import { resolveFileLimits, type FileLimits } from '../paths/file-limits';
import { runProcess } from '../process/run-process';
import { BaseSandbox } from '../sandbox/base-sandbox';
import { checkEnv, resolveLimits, type ExecLimits, type ResolvedExec } from '../sandbox/exec-options';
import type { ExecCollector } from '../sandbox/exec-stream';
import { shellArgv } from '../sandbox/shell';

/** Options of {@link LocalSandbox}. */
export interface LocalSandboxOptions extends ExecLimits, FileLimits {
  /** The working directory (must exist). Without one, commands run in the current directory and file operations are refused. */
  workDir?: string;
  /** Variables every command gets, on top of PATH, HOME and TMPDIR (or of the whole environment with `inheritEnv`). */
  env?: Record<string, string>;
  /** Pass this process's whole environment to commands (secrets included). Default false. */
  inheritEnv?: boolean;
  /** The argv prefix that runs a command string, e.g. `['bash', '-c']`. Default: bash when present, else /bin/sh. */
  shell?: readonly string[];
}

const KEPT_VARIABLES = ['PATH', 'HOME', 'TMPDIR'] as const;

/**
 * Runs commands as child processes of this process, in a working directory. **No isolation**: a
 * command can read and change anything this process can. For development and trusted input only;
 * use `BubblewrapSandbox`, `DockerSandbox` or `SshSandbox` to contain a model's commands.
 *
 * Commands get only PATH, HOME and TMPDIR from this process's environment (plus `env`); a
 * timeout kills the command's whole process group; file operations are confined to `workDir`.
 *
 * @example
 * const sandbox = new LocalSandbox({ workDir: '/tmp/project' });
 * const { exitCode, stdout } = await sandbox.exec('npm test', { timeoutMs: 60_000 });
 */
export class LocalSandbox extends BaseSandbox {
  readonly workDir?: string;
  protected readonly files: HostFiles | undefined;
  private readonly env: Record<string, string>;
  private readonly shell?: readonly string[];

  constructor(options: LocalSandboxOptions = {}) {
    const where = 'LocalSandbox';
    super(resolveLimits(options, where));
    if (options.workDir !== undefined) {
      this.workDir = HostFiles.checkWorkDir(options.workDir, where);
      this.files = new HostFiles(this.workDir, resolveFileLimits(options, where), where);
    }
    const base: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (value !== undefined && (options.inheritEnv || (KEPT_VARIABLES as readonly string[]).includes(name))) base[name] = value;
    }
    this.env = { ...base, ...checkEnv(options.env ?? {}, `${where}: env`) };
    if (options.shell !== undefined && (!Array.isArray(options.shell) || options.shell.length === 0)) {
      throw new UserError(`${where}: shell must be a non-empty argv prefix such as ['bash', '-c'].`);
    }
    this.shell = options.shell;
  }

  protected async start(exec: ResolvedExec, collector: ExecCollector): Promise<void> {
    runProcess(
      {
        argv: shellArgv(exec.command, this.shell),
        cwd: await this.cwdFor(exec.cwd),
        env: { ...this.env, ...exec.env },
        stdin: exec.stdin,
        timeoutMs: exec.timeoutMs,
        signal: exec.signal,
      },
      collector,
    );
  }

  private async cwdFor(cwd: string | undefined): Promise<string> {
    if (this.files) return (await this.files.resolveDirectory(cwd ?? '.')).hostPath;
    if (cwd === undefined) return process.cwd();
    if (!cwd.startsWith('/')) throw new UserError('LocalSandbox without a workDir: cwd must be an absolute path.');
    return cwd;
  }
}
