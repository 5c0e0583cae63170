import { createServer, type Server } from 'node:net';
import { BubblewrapSandbox, SandboxExecError } from '@toolwright/sandbox';
import { describeBackend } from '../../../test-support/backends';
import { requireBubblewrap } from '../../../test-support/bubblewrap';
import { sandboxContract } from '@toolwright/sandbox/testing';
import { rejection } from './support/rejection';
import { makeTempDirs, type TempDirs } from './support/temp-dirs';

const bubblewrap = requireBubblewrap();

// Backend round trips are slow on a loaded machine: a generous bound, not an expectation.
jest.setTimeout(60_000);

describeBackend(bubblewrap, 'BubblewrapSandbox', () => {
  let dirs: TempDirs;
  let sandbox: BubblewrapSandbox;
  beforeAll(() => {
    dirs = makeTempDirs('bwrap');
    sandbox = new BubblewrapSandbox({ workDir: dirs.workDir, maxReadBytes: 4096, pidLimit: 64 });
  });
  afterAll(() => dirs.cleanup());

  sandboxContract(() => ({ sandbox, outsideDir: dirs.outsideDir, secret: dirs.secret }));

  describe('isolation', () => {
    it('cannot read a file outside the working directory, and sees no secrets in /etc', async () => {
      const local = await sandbox.exec(`cat ${dirs.outsideDir}/secret.txt; ls /root; cat /etc/shadow`);
      expect(local.stdout).not.toContain(dirs.secret);
      expect(local.stderr).toMatch(/No such file or directory/);
      expect(local.exitCode).not.toBe(0);
    });

    it('cannot write outside the working directory (the system is read-only, /tmp is its own)', async () => {
      const result = await sandbox.exec('touch /usr/planted 2>&1; echo x > /tmp/mine && cat /tmp/mine');
      expect(result.stdout).toMatch(/Read-only file system/);
      expect(result.stdout).toContain('x\n');
      expect((await sandbox.exec('cat /tmp/mine')).exitCode).not.toBe(0);
    });

    it('cannot reach a server listening on 127.0.0.1 outside', async () => {
      let connections = 0;
      const server: Server = createServer((socket) => {
        connections++;
        socket.end('hello from outside\n');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as { port: number }).port;
      try {
        const probe = `exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3`;
        const inside = await sandbox.exec(probe, { timeoutMs: 10_000 });
        expect(inside.exitCode).not.toBe(0);
        expect(inside.stdout).not.toContain('hello from outside');
        expect(connections).toBe(0);
        // The same probe with the network shared does connect: the test can fail.
        const shared = new BubblewrapSandbox({ workDir: dirs.workDir, network: true, pidLimit: 64 });
        expect((await shared.exec(probe, { timeoutMs: 10_000 })).stdout).toContain('hello from outside');
        expect(connections).toBe(1);
      } finally {
        server.close();
      }
    });

    it('runs commands without capabilities, as their own process tree', async () => {
      const result = await sandbox.exec('grep CapEff /proc/self/status; ls /proc | grep -c "^[0-9]"');
      expect(result.stdout).toMatch(/CapEff:\s+0+\n/);
      expect(Number(result.stdout.trim().split('\n')[1])).toBeLessThan(10);
    });

    it('ends a fork bomb at the timeout, held to the process limit meanwhile', async () => {
      const result = await sandbox.exec('bomb() { bomb | bomb & }; bomb; sleep 30', { timeoutMs: 3_000 });
      expect(result.timedOut).toBe(true);
      expect(result.durationMs).toBeLessThan(30_000);
      // The machine still forks: the next command runs normally.
      expect((await sandbox.exec('echo alive')).stdout).toBe('alive\n');
    }, 60_000);

    it('ends a hang at the timeout, whatever the command ignores', async () => {
      const result = await sandbox.exec("trap '' TERM INT HUP; while :; do :; done", { timeoutMs: 1_500 });
      expect(result).toMatchObject({ timedOut: true, exitCode: null });
    });

    it('says so when bwrap cannot start the sandbox', async () => {
      const broken = new BubblewrapSandbox({ workDir: dirs.workDir, readOnlyPaths: ['/does/not/exist'] });
      const error = await rejection(broken.exec('true'));
      expect(error).toBeInstanceOf(SandboxExecError);
      expect(error.message).toMatch(/bubblewrap could not start the sandbox: bwrap: .*/);
    });
  });
});
