import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { findBinary } from '../../../../test-support/backends';

/** A throwaway sshd on 127.0.0.1 with its own host key, user key and config in a temp dir. */
export interface SshServer {
  port: number;
  username: string;
  /** The user's private key (OpenSSH format). */
  privateKey: string;
  /** The server's public key line, for `hostKey`. */
  hostKey: string;
  /** The sessions' `HOME` (an empty directory; they start in the user's real home directory). */
  home: string;
  stop(): Promise<void>;
}

/**
 * Starts sshd in the foreground (`-D -e`) on a free port. Nothing of the system's SSH set-up is
 * used or changed: keys, authorized_keys, pid file and config live in the temp dir. As root, sshd
 * insists on its privilege-separation directory /run/sshd, which the Debian service normally
 * creates at boot; it is created here when missing (an empty directory, no configuration).
 *
 * Nor is the test user's own shell set-up: the sessions' `HOME` is an empty directory in the temp
 * dir. sshd runs every command through the user's login shell, and bash started by sshd sources
 * `~/.bashrc`; on a developer's machine that file may run version managers (`pyenv init`, nvm)
 * costing a second of CPU per command, and the suites open hundreds of channels. sshd still
 * starts each session in the user's real home directory (from the password database).
 */
export async function startSshServer(): Promise<SshServer> {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-sshd-'));
  mkdirSync(join(dir, 'home'));
  const username = userInfo().username;
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'toolwright-test-host', '-f', join(dir, 'host_key')]);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'toolwright-test-user', '-f', join(dir, 'user_key')]);
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'user_key.pub')));
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const sshd = findBinary('sshd');
  if (!sshd) throw new Error('sshd not found (apt-get install openssh-server)');
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    writeFileSync(join(dir, 'sshd_config'), config(dir, port, username));
    const child = spawn(sshd, ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr!.on('data', (chunk) => (log += chunk));
    if (await listening(port, child)) {
      return {
        port,
        username,
        privateKey: readFileSync(join(dir, 'user_key'), 'utf8'),
        hostKey: readFileSync(join(dir, 'host_key.pub'), 'utf8').trim(),
        home: join(dir, 'home'),
        stop: async () => {
          await stop(child);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    await stop(child);
    lastError = log.trim();
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`sshd did not start: ${lastError}`);
}

function config(dir: string, port: number, username: string): string {
  return [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${join(dir, 'host_key')}`,
    `PidFile ${join(dir, 'sshd.pid')}`,
    `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
    'AuthenticationMethods publickey',
    'PubkeyAuthentication yes',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    // Root may log in here with this key only (the test runs as root in CI containers).
    'PermitRootLogin prohibit-password',
    `AllowUsers ${username}`,
    'UsePAM no',
    'StrictModes no',
    'MaxSessions 50',
    `SetEnv HOME=${join(dir, 'home')}`,
    'LogLevel ERROR',
    'Subsystem sftp internal-sftp',
    '',
  ].join('\n');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until sshd accepts connections (true) or exits (false). */
async function listening(port: number, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
  });
}
