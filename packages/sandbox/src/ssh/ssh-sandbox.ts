import { UserError } from '@toolwright/core';
import { resolveFileLimits, type FileLimits } from '../paths/file-limits';
import { BaseSandbox } from '../sandbox/base-sandbox';
import { checkCommandTimeLimit } from '../sandbox/command-time-limit';
import { checkEnv, resolveLimits, type ExecLimits, type ResolvedExec } from '../sandbox/exec-options';
import type { ExecCollector } from '../sandbox/exec-stream';
import { hostKeyCheck, SshConnection } from './ssh-connection';
import { RemoteAnchors } from './remote-anchor';
import { runRemote } from './ssh-exec';
import { SftpFiles } from './sftp-files';

/** Options of {@link SshSandbox}. */
export interface SshSandboxOptions extends ExecLimits, FileLimits {
  host: string;
  /** Default 22. */
  port?: number;
  username: string;
  /** A private key (PEM or OpenSSH format). */
  privateKey?: string | Buffer;
  passphrase?: string;
  password?: string;
  /** Path of an ssh-agent socket (e.g. `process.env.SSH_AUTH_SOCK`). */
  agent?: string;
  /** The working directory on the remote host (absolute, must exist). */
  workDir: string;
  /** The server's public key line (`ssh-ed25519 AAAA…`) or `SHA256:` fingerprint, or a list of them. */
  hostKey?: string | string[];
  /** Decides about the server's key (raw SSH form) instead of `hostKey`. */
  hostVerifier?: (key: Buffer) => boolean;
  /** Trust whatever server answers. Only for throwaway test servers. */
  acceptAnyHostKey?: boolean;
  /** Where to look the server's key up when none of the above is given. Default `~/.ssh/known_hosts`. */
  knownHostsFile?: string;
  /** Variables every command gets (exported by the remote shell; sshd's AcceptEnv is not needed). */
  env?: Record<string, string>;
  /** Milliseconds to wait for the connection. Default 20 s; a positive integer up to 2^31−1. */
  readyTimeoutMs?: number;
}

/**
 * Runs commands on a remote host over SSH (`ssh2`), streaming their output, and works on files
 * over SFTP, confined to `workDir` on the remote side (links included). The connection opens on
 * first use and is reused; `close()` ends it. The server's key is checked as ssh does, against
 * `~/.ssh/known_hosts`, unless pinned (`hostKey`, `hostVerifier`) or the risk accepted explicitly
 * (`acceptAnyHostKey`); a server with no known key is refused.
 *
 * Isolation is whatever the remote account has: commands run as that user, with its access.
 *
 * @example
 * const sandbox = new SshSandbox({ host: 'builder.internal', username: 'agent', privateKey: key,
 *   hostKey: 'ssh-ed25519 AAAAC3Nz…', workDir: '/home/agent/work' });
 */
export class SshSandbox extends BaseSandbox {
  readonly workDir: string;
  protected readonly files: SftpFiles;
  private readonly connection: SshConnection;
  private readonly env: Record<string, string>;

  constructor(options: SshSandboxOptions) {
    const where = 'SshSandbox';
    if (!options || typeof options !== 'object') throw new UserError(`${where}: options with host, username and workDir are required.`);
    super(resolveLimits(options, where));
    for (const key of ['host', 'username', 'workDir'] as const) {
      if (typeof options[key] !== 'string' || options[key].trim() === '') throw new UserError(`${where}: ${key} must be a non-empty string.`);
    }
    if (!options.workDir.startsWith('/') || options.workDir === '/') throw new UserError(`${where}: workDir must be an absolute remote path other than "/".`);
    const port = options.port ?? 22;
    if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new UserError(`${where}: port must be 1-65535.`);
    if (options.privateKey === undefined && options.password === undefined && options.agent === undefined) {
      throw new UserError(`${where}: give privateKey, password or agent to log in.`);
    }
    this.workDir = options.workDir.replace(/\/+$/, '');
    this.env = checkEnv(options.env ?? {}, `${where}: env`);
    this.connection = new SshConnection({
      host: options.host,
      port,
      username: options.username,
      privateKey: options.privateKey,
      passphrase: options.passphrase,
      password: options.password,
      agent: options.agent,
      verifyHostKey: hostKeyCheck({ ...options, port }),
      readyTimeoutMs: checkCommandTimeLimit(options.readyTimeoutMs ?? 20_000, `${where}: readyTimeoutMs`),
    });
    this.files = new SftpFiles(() => this.connection.sftp(), new RemoteAnchors((command) => this.connection.exec(command)), this.workDir, resolveFileLimits(options, where));
  }

  protected async start(exec: ResolvedExec, collector: ExecCollector): Promise<void> {
    const cwd = await this.files.directory(exec.cwd ?? '.');
    await runRemote(
      this.connection,
      { command: exec.command, cwd, env: { ...this.env, ...exec.env }, stdin: exec.stdin, timeoutMs: exec.timeoutMs, signal: exec.signal },
      collector,
    );
  }

  /** Ends the SSH connection. */
  override async close(): Promise<void> {
    await this.connection.close();
  }
}
