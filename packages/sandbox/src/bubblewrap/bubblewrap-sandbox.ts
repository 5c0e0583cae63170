import { UserError } from '@toolwright/core';
import { SandboxExecError } from '../errors/sandbox-exec.error';
import { HostFiles } from '../paths/host-files';
import { resolveFileLimits, type FileLimits } from '../paths/file-limits';
import { runProcess } from '../process/run-process';
import { BaseSandbox } from '../sandbox/base-sandbox';
import { checkEnv, resolveLimits, type ExecLimits, type ResolvedExec } from '../sandbox/exec-options';
import type { ExecCollector } from '../sandbox/exec-stream';
import { shellArgv } from '../sandbox/shell';
import { bwrapArguments } from './bwrap-arguments';
import { createProcessLimit, limitWrapper } from './process-limit';

/** Options of {@link BubblewrapSandbox}. */
export interface BubblewrapSandboxOptions extends ExecLimits, FileLimits {
  /** The working directory on the host (must exist); commands see it read-write at the same path. */
  workDir: string;
  /** Let commands use the network (the host's). Default false: a network namespace with only loopback. */
  network?: boolean;
  /** Most processes a command may run at once (a pids cgroup, see the README). `null`: no limit. Default 256. */
  pidLimit?: number | null;
  /** Variables every command gets besides PATH, HOME=/tmp and TMPDIR=/tmp. */
  env?: Record<string, string>;
  /** Extra host paths commands may read (bound read-only at the same place), e.g. a toolchain in /opt. */
  readOnlyPaths?: string[];
  /** The bwrap program. Default: `bwrap` on PATH. */
  bwrapPath?: string;
  /** The argv prefix that runs a command string inside. Default: bash when present, else /bin/sh. */
  shell?: readonly string[];
}

const SANDBOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * Runs each command in Linux namespaces with bubblewrap (`bwrap`, Debian package `bubblewrap`):
 * a fresh mount namespace with /usr and the system directories read-only, a curated /etc, its own
 * /proc, /dev and /tmp, the working directory read-write; no network (only its own loopback); all
 * capabilities dropped; a new session; killed with this process; at most `pidLimit` processes. A
 * timeout kills everything the command started. File operations run here, confined to `workDir`.
 *
 * @example
 * const sandbox = new BubblewrapSandbox({ workDir: '/srv/checkout' });
 * await sandbox.exec('npm test', { timeoutMs: 120_000 });
 */
export class BubblewrapSandbox extends BaseSandbox {
  readonly workDir: string;
  protected readonly files: HostFiles;
  private readonly env: Record<string, string>;
  private readonly options: BubblewrapSandboxOptions;
  private readonly pidLimit: number | null;

  constructor(options: BubblewrapSandboxOptions) {
    const where = 'BubblewrapSandbox';
    if (!options || typeof options !== 'object') throw new UserError(`${where}: options with a workDir are required.`);
    super(resolveLimits(options, where));
    this.workDir = HostFiles.checkWorkDir(options.workDir, where);
    this.files = new HostFiles(this.workDir, resolveFileLimits(options, where), where);
    this.env = { PATH: SANDBOX_PATH, HOME: '/tmp', TMPDIR: '/tmp', ...checkEnv(options.env ?? {}, `${where}: env`) };
    const pidLimit = options.pidLimit === undefined ? 256 : options.pidLimit;
    if (pidLimit !== null && (!Number.isInteger(pidLimit) || pidLimit < 2)) throw new UserError(`${where}: pidLimit must be a whole number ≥ 2, or null for none.`);
    this.pidLimit = pidLimit;
    for (const path of options.readOnlyPaths ?? []) {
      if (typeof path !== 'string' || !path.startsWith('/')) throw new UserError(`${where}: readOnlyPaths must be absolute paths (got ${String(path)}).`);
    }
    this.options = options;
  }

  protected async start(exec: ResolvedExec, collector: ExecCollector): Promise<void> {
    const root = await this.files.resolveDirectory('.');
    const cwd = await this.files.resolveDirectory(exec.cwd ?? '.');
    const limit = await createProcessLimit(this.pidLimit);
    const cgroup = limit.kind === 'cgroup' ? limit.cgroup : undefined;
    // bwrap reports the command's exit on fd 3 ({ "exit-code": n }); without that line it failed to set the sandbox up.
    const status = { ended: false, stderr: '' };
    const bwrap = this.options.bwrapPath ?? 'bwrap';
    const args = bwrapArguments({
      workDir: root.hostPath,
      cwd: cwd.hostPath,
      env: { ...this.env, ...exec.env },
      network: this.options.network === true,
      readOnlyPaths: this.options.readOnlyPaths ?? [],
      argv: shellArgv(exec.command, this.options.shell),
      statusFd: 3,
    });
    runProcess(
      {
        argv: [...limitWrapper(limit), bwrap, ...args],
        cwd: root.hostPath,
        env: { PATH: process.env.PATH ?? SANDBOX_PATH },
        stdin: exec.stdin,
        timeoutMs: exec.timeoutMs,
        signal: exec.signal,
        onKill: () => cgroup?.killAll(),
        onEnd: async () => cgroup?.remove(),
        onFd3: (chunk) => {
          if (chunk.toString('utf8').includes('"exit-code"')) status.ended = true;
        },
        onStderr: (chunk) => {
          if (status.stderr.length < 2_000) status.stderr += chunk.toString('utf8');
        },
        check: (timedOut) => {
          if (status.ended || timedOut) return undefined;
          const reason = status.stderr.trim().split('\n')[0] || 'it exited before starting the command';
          return new SandboxExecError(`bubblewrap could not start the sandbox: ${reason}. Is bubblewrap installed (apt-get install bubblewrap) and are user namespaces enabled?`);
        },
      },
      collector,
    );
  }
}
