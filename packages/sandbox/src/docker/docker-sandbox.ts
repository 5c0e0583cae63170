import { posix } from 'node:path';
import type Dockerode from 'dockerode';
import { UserError } from '@toolwright/core';
import { SandboxExecError } from '../errors/sandbox-exec.error';
import { HostFiles } from '../paths/host-files';
import { resolveFileLimits, type FileLimits } from '../paths/file-limits';
import { abortReason } from '../process/run-process';
import { BaseSandbox } from '../sandbox/base-sandbox';
import { checkEnv, resolveLimits, type ExecLimits, type ResolvedExec } from '../sandbox/exec-options';
import type { ExecCollector } from '../sandbox/exec-stream';
import { loadDockerode } from '../sandbox/optional-modules';
import { shellArgv } from '../sandbox/shell';
import { containerOptions } from './container-spec';
import { attachContainer, demultiplex } from './docker-attach';

/** Options of {@link DockerSandbox}. */
export interface DockerSandboxOptions extends ExecLimits, FileLimits {
  /** The image every command runs in (never pulled: it must be present on the engine). */
  image: string;
  /** A host directory bind-mounted read-write at `containerWorkDir`; without one, file operations are refused. */
  workDir?: string;
  /** Where the working directory appears in the container. Default `/workspace`. */
  containerWorkDir?: string;
  /** The engine: a dockerode instance or its options (`{ socketPath }`). Default: DOCKER_HOST or /var/run/docker.sock. */
  docker?: Dockerode | Dockerode.DockerOptions;
  /** Variables every command gets. */
  env?: Record<string, string>;
  /** Give commands a network (the engine's default bridge). Default false: no network at all. */
  network?: boolean;
  /** Memory limit, swap included. Default 512 MiB. */
  memoryBytes?: number;
  /** CPU limit in cores. Default 1. */
  cpus?: number;
  /** Most processes at once. Default 256. */
  pidLimit?: number;
  /** Size of the private /tmp. Default 64 MiB. */
  tmpfsBytes?: number;
  /** The user to run as (`uid[:gid]` or a name in the image). Default: the image's. */
  user?: string;
  /** The argv prefix that runs a command string. Default: bash when the image has it, else /bin/sh. */
  shell?: readonly string[];
}

/** How long to wait, after the container stopped, for the engine to deliver the rest of its output. */
const DRAIN_MS = 10_000;

/**
 * Runs each command in a fresh container through the Docker Engine API (`dockerode`; podman's
 * Docker-compatible service works too): no network, read-only root filesystem, all capabilities
 * dropped, no new privileges, memory, CPU and process limits, a private /tmp; killed at the
 * timeout and removed afterwards. The working directory is a host directory bind-mounted into it;
 * file operations work on the host side, confined to it (so the engine must run on this host).
 *
 * @example
 * const sandbox = new DockerSandbox({ image: 'node:22-slim', workDir: '/srv/checkout' });
 * await sandbox.exec('npm test');
 */
export class DockerSandbox extends BaseSandbox {
  readonly workDir?: string;
  protected readonly files: HostFiles | undefined;
  private readonly docker: Dockerode;
  private readonly options: DockerSandboxOptions;
  private readonly containerWorkDir: string;
  private readonly env: Record<string, string>;
  private readonly active = new Set<Dockerode.Container>();

  constructor(options: DockerSandboxOptions) {
    const where = 'DockerSandbox';
    if (!options || typeof options !== 'object') throw new UserError(`${where}: options with an image are required.`);
    super(resolveLimits(options, where));
    if (typeof options.image !== 'string' || options.image.trim() === '') throw new UserError(`${where}: image must name an image present on the engine.`);
    if (options.workDir !== undefined) {
      this.workDir = HostFiles.checkWorkDir(options.workDir, where);
      this.files = new HostFiles(this.workDir, resolveFileLimits(options, where), where);
    }
    this.containerWorkDir = options.containerWorkDir ?? '/workspace';
    if (!this.containerWorkDir.startsWith('/') || this.containerWorkDir === '/') throw new UserError(`${where}: containerWorkDir must be an absolute path other than "/".`);
    for (const key of ['memoryBytes', 'cpus', 'pidLimit', 'tmpfsBytes'] as const) {
      const value = options[key];
      if (value !== undefined && (typeof value !== 'number' || !(value > 0))) throw new UserError(`${where}: ${key} must be a positive number.`);
    }
    this.env = checkEnv(options.env ?? {}, `${where}: env`);
    const docker = options.docker;
    this.docker = isDockerode(docker) ? docker : new (loadDockerode())(docker);
    this.options = options;
  }

  protected async start(exec: ResolvedExec, collector: ExecCollector): Promise<void> {
    if (exec.signal?.aborted) throw abortReason(exec.signal);
    const placement = await this.placement(exec.cwd);
    const o = this.options;
    let container: Dockerode.Container | undefined;
    let timedOut = false;
    let aborted = false;
    const kill = (): void => void container?.kill({ signal: 'SIGKILL' }).catch(() => undefined);
    // Listened to from the start: an abort while the container is being made must not be missed.
    const onAbort = (): void => {
      aborted = true;
      kill();
    };
    exec.signal?.addEventListener('abort', onAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    try {
      try {
        container = await this.docker.createContainer(
          containerOptions({
            image: o.image,
            argv: shellArgv(exec.command, o.shell),
            env: { ...this.env, ...exec.env },
            workingDir: placement.workingDir,
            user: o.user,
            bind: placement.bind,
            network: o.network === true,
            memoryBytes: o.memoryBytes ?? 512 * 1024 * 1024,
            cpus: o.cpus ?? 1,
            pidLimit: o.pidLimit ?? 256,
            tmpfsBytes: o.tmpfsBytes ?? 64 * 1024 * 1024,
            stdin: exec.stdin !== undefined,
          }),
        );
      } catch (error) {
        throw engineError(error, o.image);
      }
      this.active.add(container);
      if (aborted) throw abortReason(exec.signal!);
      const started = container;
      const socket = await attachContainer(this.docker, started.id, exec.stdin !== undefined);
      const drained = new Promise<void>((resolve) => {
        socket.once('end', resolve);
        socket.once('close', resolve);
        socket.once('error', () => resolve());
      });
      socket.on('data', demultiplex((stream, chunk) => collector.push(stream, chunk)));
      try {
        // An abort while the container was attached (podman's attach can take a while): never start it.
        if (aborted) throw abortReason(exec.signal!);
        await started.start();
        if (aborted) kill();
        // Closing standard input can end podman's attach session, so it is only opened (and then
        // closed) for a command that is given some.
        if (exec.stdin !== undefined) socket.end(exec.stdin);
        timer = setTimeout(() => {
          timedOut = true;
          kill();
        }, exec.timeoutMs);
        const status = (await started.wait()) as { StatusCode?: number };
        let drainTimer: NodeJS.Timeout | undefined;
        await Promise.race([drained, new Promise((resolve) => (drainTimer = setTimeout(resolve, DRAIN_MS)))]);
        clearTimeout(drainTimer);
        if (aborted) throw abortReason(exec.signal!);
        collector.finish({ exitCode: timedOut ? null : (status.StatusCode ?? null), timedOut, signal: timedOut ? 'SIGKILL' : undefined });
      } finally {
        socket.destroy();
      }
    } catch (error) {
      throw aborted ? abortReason(exec.signal!) : engineError(error, o.image);
    } finally {
      clearTimeout(timer);
      exec.signal?.removeEventListener('abort', onAbort);
      if (container) {
        await container.remove({ force: true }).catch(() => undefined);
        this.active.delete(container);
      }
    }
  }

  /** Kills and removes the containers of commands still running. */
  override async close(): Promise<void> {
    await Promise.all([...this.active].map((c) => c.remove({ force: true }).catch(() => undefined)));
    this.active.clear();
  }

  private async placement(cwd: string | undefined): Promise<{ workingDir?: string; bind?: string }> {
    if (!this.files) {
      if (cwd !== undefined && !cwd.startsWith('/')) throw new UserError('DockerSandbox without a workDir: cwd must be an absolute path in the container.');
      return { workingDir: cwd };
    }
    const root = await this.files.resolveDirectory('.');
    const dir = await this.files.resolveDirectory(cwd ?? '.');
    return {
      workingDir: posix.join(this.containerWorkDir, ...dir.canonical),
      bind: `${root.hostPath}:${this.containerWorkDir}:rw`,
    };
  }
}

function isDockerode(value: unknown): value is Dockerode {
  return typeof value === 'object' && value !== null && typeof (value as Dockerode).createContainer === 'function';
}

/** An engine failure as a `SandboxExecError` that says what to do. */
function engineError(error: unknown, image: string): unknown {
  if (error instanceof SandboxExecError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  const message = error instanceof Error ? error.message : String(error);
  if (status === 404 && /image/i.test(message)) {
    return new SandboxExecError(`the image "${image}" is not on the container engine; pull or build it first (DockerSandbox never pulls).`, { cause: error });
  }
  if (status !== undefined) return new SandboxExecError(`the container engine refused the command's container (HTTP ${status}): ${message}`, { cause: error });
  const code = (error as { code?: string }).code;
  return new SandboxExecError(`cannot reach the container engine${code ? ` (${code})` : ''}: is Docker (or podman system service) running?`, { cause: error });
}
