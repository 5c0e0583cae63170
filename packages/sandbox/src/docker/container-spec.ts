import type { ContainerCreateOptions } from 'dockerode';

/** What one command's container is made of. @internal */
export interface ContainerSpec {
  image: string;
  argv: string[];
  env: Record<string, string>;
  workingDir?: string;
  user?: string;
  /** `host:container` bind of the working directory, when there is one. */
  bind?: string;
  network: boolean;
  memoryBytes: number;
  cpus: number;
  pidLimit: number;
  tmpfsBytes: number;
  /** Attach standard input (only when there is some to send: without it the command reads nothing). */
  stdin: boolean;
}

/**
 * The create options of a command's container: no network, read-only root filesystem, every
 * capability dropped, no new privileges, memory (without swap), CPU and process limits, a private
 * /tmp, no logging (the output is read through the attached streams). @internal
 */
export function containerOptions(spec: ContainerSpec): ContainerCreateOptions {
  return {
    Image: spec.image,
    Cmd: spec.argv,
    Env: Object.entries(spec.env).map(([name, value]) => `${name}=${value}`),
    ...(spec.workingDir ? { WorkingDir: spec.workingDir } : {}),
    ...(spec.user ? { User: spec.user } : {}),
    Labels: { 'dev.toolwright.sandbox': 'exec' },
    OpenStdin: spec.stdin,
    StdinOnce: spec.stdin,
    AttachStdin: spec.stdin,
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
    NetworkDisabled: !spec.network,
    HostConfig: {
      NetworkMode: spec.network ? 'bridge' : 'none',
      ReadonlyRootfs: true,
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Memory: spec.memoryBytes,
      MemorySwap: spec.memoryBytes,
      NanoCpus: Math.round(spec.cpus * 1e9),
      PidsLimit: spec.pidLimit,
      Tmpfs: { '/tmp': `rw,nosuid,nodev,size=${spec.tmpfsBytes}` },
      Binds: spec.bind ? [spec.bind] : [],
      LogConfig: { Type: 'none', Config: {} },
    },
  };
}
