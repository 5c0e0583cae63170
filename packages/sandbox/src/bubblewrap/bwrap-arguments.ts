import { existsSync, lstatSync, readlinkSync } from 'node:fs';

/** What a bwrap command line is built from. @internal */
export interface BwrapSetup {
  /** The working directory's real host path, bound read-write at the same path. */
  workDir: string;
  /** The command's directory (a host path inside the working directory). */
  cwd: string;
  env: Record<string, string>;
  network: boolean;
  /** Extra host paths bound read-only at the same place. */
  readOnlyPaths: readonly string[];
  /** The command's argv inside the sandbox. */
  argv: string[];
  /** A file descriptor bwrap reports the child's start and exit on (JSON lines). */
  statusFd: number;
}

/** Top-level system directories bound read-only (or recreated as the links they are, on merged-/usr systems). */
const SYSTEM_DIRS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/**
 * What of /etc a command sees: what programs need to start and to name users, and nothing that
 * holds a secret (/etc/shadow, SSH host keys, credentials of services are not bound).
 */
const ETC_ENTRIES = [
  'passwd', 'group', 'nsswitch.conf', 'hosts', 'host.conf', 'resolv.conf', 'ld.so.cache', 'ld.so.conf', 'ld.so.conf.d',
  'alternatives', 'ssl', 'ca-certificates', 'ca-certificates.conf', 'pki', 'localtime', 'timezone', 'os-release',
  'mime.types', 'protocols', 'services', 'gitconfig', 'inputrc', 'locale.alias', 'locale.conf', 'default/locale',
];

/**
 * The bwrap argv for one command: every namespace unshared (no network unless asked), all
 * capabilities dropped, a new session, killed with its parent; /usr and the system directories
 * read-only, a curated /etc, fresh /proc, /dev and /tmp, and the working directory read-write at
 * its own path. The environment is exactly `env`. @internal
 */
export function bwrapArguments(setup: BwrapSetup): string[] {
  const args = ['--die-with-parent', '--new-session', '--unshare-all', '--cap-drop', 'ALL', '--hostname', 'sandbox'];
  if (setup.network) args.push('--share-net');
  args.push('--ro-bind', '/usr', '/usr');
  for (const dir of SYSTEM_DIRS) {
    const stats = lstatOrUndefined(dir);
    if (stats?.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else if (stats?.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  for (const entry of ETC_ENTRIES) {
    const path = `/etc/${entry}`;
    if (existsSync(path)) args.push('--ro-bind', path, path);
  }
  for (const path of setup.readOnlyPaths) args.push('--ro-bind', path, path);
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--dir', '/var/tmp');
  args.push('--bind', setup.workDir, setup.workDir, '--chdir', setup.cwd);
  args.push('--clearenv');
  for (const [name, value] of Object.entries(setup.env)) args.push('--setenv', name, value);
  args.push('--json-status-fd', String(setup.statusFd), '--', ...setup.argv);
  return args;
}

function lstatOrUndefined(path: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
