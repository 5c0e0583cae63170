import { SandboxExecError, SshSandbox } from '@toolwright/sandbox';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { sandboxContract } from '@toolwright/sandbox/testing';
import { rejection } from './support/rejection';
import { stallAfterExec } from './support/stalled-client';
import { startSshServer, type SshServer } from './support/ssh-server';
import { makeTempDirs, type TempDirs } from './support/temp-dirs';

const ssh = requireBackend({ name: 'OpenSSH server', binaries: ['sshd', 'ssh-keygen'], debianPackages: ['openssh-server', 'openssh-client'] });

// Backend round trips are slow on a loaded machine: a generous bound, not an expectation.
jest.setTimeout(60_000);

describeBackend(ssh, 'SshSandbox (a real sshd on 127.0.0.1)', () => {
  let server: SshServer;
  let dirs: TempDirs;
  let sandbox: SshSandbox;
  const options = () => ({
    host: '127.0.0.1',
    port: server.port,
    username: server.username,
    privateKey: server.privateKey,
    hostKey: server.hostKey,
    workDir: dirs.workDir,
  });

  beforeAll(async () => {
    dirs = makeTempDirs('ssh');
    server = await startSshServer();
    sandbox = new SshSandbox({ ...options(), maxReadBytes: 4096 });
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    await server?.stop();
    dirs?.cleanup();
  });

  sandboxContract(() => ({ sandbox, outsideDir: dirs.outsideDir, secret: dirs.secret }));

  describe('connection', () => {
    it('refuses a server whose key is not the pinned one', async () => {
      const other = new SshSandbox({ ...options(), hostKey: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
      const error = await rejection(other.exec('true'));
      expect(error).toBeInstanceOf(SandboxExecError);
      expect(error.message).toMatch(/SSH connection to .* failed/);
      await other.close();
    });

    it('turns Nagle off on its connection (small requests are not held for a delayed ACK)', async () => {
      // Without ssh2's optional native binding (no compiler at install), ssh2 writes each packet in
      // pieces: with Nagle on, every exec and SFTP request then waited ~40 ms per piece (the
      // hostile-names test took 31 s instead of 3).
      const { Client } = await import('ssh2');
      const noDelay = jest.spyOn(Client.prototype, 'setNoDelay');
      const fresh = new SshSandbox(options());
      try {
        expect((await fresh.exec('echo ok')).stdout).toBe('ok\n');
        expect(noDelay).toHaveBeenCalledWith(true);
      } finally {
        noDelay.mockRestore();
        await fresh.close();
      }
    });

    it('accepts the server by its SHA256 fingerprint as well as by its key line', async () => {
      const { createHash } = await import('node:crypto');
      const blob = Buffer.from(server.hostKey.split(/\s+/)[1], 'base64');
      const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
      const byFingerprint = new SshSandbox({ ...options(), hostKey: fingerprint });
      expect((await byFingerprint.exec('echo ok')).stdout).toBe('ok\n');
      await byFingerprint.close();
    });

    it('trusts the key known_hosts lists for the server (plain or hashed name), and refuses a server with none', async () => {
      const { createHmac } = await import('node:crypto');
      const { writeFileSync } = await import('node:fs');
      const [type, blob] = server.hostKey.split(/\s+/);
      const plain = `${dirs.base}/known_hosts`;
      writeFileSync(plain, `# comment\nother.example ${type} AAAAC3NzaC1lZDI1NTE5AAAAIOtherKey\n[127.0.0.1]:${server.port} ${type} ${blob}\n`);
      const byFile = new SshSandbox({ ...options(), hostKey: undefined, knownHostsFile: plain });
      expect((await byFile.exec('echo known')).stdout).toBe('known\n');
      await byFile.close();
      const salt = Buffer.from('0123456789abcdef0123');
      const hashed = `${dirs.base}/known_hosts_hashed`;
      const hash = createHmac('sha1', salt).update(`[127.0.0.1]:${server.port}`).digest('base64');
      writeFileSync(hashed, `|1|${salt.toString('base64')}|${hash} ${type} ${blob}\n`);
      const byHash = new SshSandbox({ ...options(), hostKey: undefined, knownHostsFile: hashed });
      expect((await byHash.exec('echo hashed')).stdout).toBe('hashed\n');
      await byHash.close();
      expect(() => new SshSandbox({ ...options(), hostKey: undefined, knownHostsFile: `${dirs.base}/none` })).toThrow(/no key is known for 127\.0\.0\.1:\d+/);
    });

    it('rejects a command whose connection drops before it reports its end, naming that, and reconnects for the next', async () => {
      const own = new SshSandbox(options());
      try {
        // The command's parent is the sshd process serving this connection: killing it drops the link.
        const error = await rejection(own.exec('kill -s KILL $PPID; sleep 5'));
        expect(error).toBeInstanceOf(SandboxExecError);
        expect(error.message).toMatch(/the connection closed before the remote host reported how the command ended \("kill -s KILL \$PPID; sleep 5"\); it may have finished/);
        expect((await own.exec('echo again')).stdout).toBe('again\n');
      } finally {
        await own.close();
      }
    });

    it('names a long, multi-line command of a dropped connection by its first 80 characters, escaped', async () => {
      const own = new SshSandbox(options());
      try {
        const command = `kill -s KILL $PPID; sleep 5\n: ${'x'.repeat(20_000)}`;
        const error = await rejection(own.exec(command));
        expect(error).toBeInstanceOf(SandboxExecError);
        expect(error.message).toContain(JSON.stringify(`${command.slice(0, 80)}…`));
        expect(error.message).not.toContain('\n');
        expect(error.message.length).toBeLessThan(400);
      } finally {
        await own.close();
      }
    });

    it('reconnects after close()', async () => {
      const own = new SshSandbox(options());
      expect((await own.exec('echo one')).stdout).toBe('one\n');
      await own.close();
      expect((await own.exec('echo two')).stdout).toBe('two\n');
      await own.close();
    });
  });

  // A loaded machine's event loop can be slower than a short command: the server's confirmation
  // of the exec and the command's exit status then arrive in one read. The exit status was lost
  // (a finished command reported exitCode null), which failed CI runs now and then.
  describe('a client slower than its commands (a loaded machine)', () => {
    it('reports the exit code, or the signal, of a command that ended before the client heard the exec was accepted', async () => {
      const restore = stallAfterExec(1_000);
      try {
        expect(await sandbox.exec('echo made')).toMatchObject({ exitCode: 0, stdout: 'made\n', timedOut: false });
        expect(await sandbox.exec('exit 3')).toMatchObject({ exitCode: 3, timedOut: false });
        expect(await sandbox.exec('kill -s KILL $$')).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: false });
      } finally {
        restore();
      }
    });
  });
});
