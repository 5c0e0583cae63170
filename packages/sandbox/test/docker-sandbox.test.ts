import { DockerSandbox, NoWorkDirError, SandboxExecError } from '@toolwright/sandbox';
import { describeBackend, requireBackend } from '../../../test-support/backends';
import { sandboxContract } from '@toolwright/sandbox/testing';
import { rejection } from './support/rejection';
import { podmanProblem, startPodmanService, type PodmanService } from './support/podman-service';
import { makeTempDirs, type TempDirs } from './support/temp-dirs';

const podman = requireBackend({
  name: "podman's Docker-compatible API",
  binaries: ['podman', 'runc', 'busybox'],
  debianPackages: ['podman', 'runc', 'busybox-static'],
  probe: podmanProblem,
});

// Backend round trips are slow on a loaded machine: a generous bound, not an expectation.
jest.setTimeout(60_000);

describeBackend(podman, 'DockerSandbox (podman system service, busybox image imported offline)', () => {
  let service: PodmanService;
  let dirs: TempDirs;
  let sandbox: DockerSandbox;
  beforeAll(async () => {
    dirs = makeTempDirs('docker');
    service = await startPodmanService();
    sandbox = new DockerSandbox({ image: service.image, workDir: dirs.workDir, docker: { socketPath: service.socketPath }, maxReadBytes: 4096, pidLimit: 64 });
  }, 120_000);
  afterAll(async () => {
    await sandbox?.close();
    await service?.stop();
    dirs?.cleanup();
  }, 60_000);

  sandboxContract(() => ({ sandbox, outsideDir: dirs.outsideDir, secret: dirs.secret }));

  describe('containment', () => {
    it('has no network, a read-only root, no capabilities, and cannot see the host', async () => {
      const result = await sandbox.exec(
        `ls /sys/class/net; touch /planted 2>&1; grep CapEff /proc/self/status; cat ${dirs.outsideDir}/secret.txt 2>&1; pwd`,
      );
      expect(result.stdout.split('\n')[0]).toBe('lo');
      expect(result.stdout).toMatch(/Read-only file system/);
      expect(result.stdout).toMatch(/CapEff:\s+0+\n/);
      expect(result.stdout).not.toContain(dirs.secret);
      expect(result.stdout.trim().endsWith('/workspace')).toBe(true);
    });

    it('holds a command to the memory limit', async () => {
      const small = new DockerSandbox({ image: service.image, docker: { socketPath: service.socketPath }, memoryBytes: 32 * 1024 * 1024 });
      // Writing 100 MB into the memory-backed /tmp fails one way or another within 32 MB.
      const result = await small.exec('dd if=/dev/zero of=/tmp/fill bs=1M count=100 2>&1; echo status=$?', { timeoutMs: 60_000 });
      expect(result.stdout).not.toContain('status=0');
    }, 90_000);

    it('runs without a working directory, refusing file operations', async () => {
      const bare = new DockerSandbox({ image: service.image, docker: { socketPath: service.socketPath } });
      expect((await bare.exec('echo hi')).stdout).toBe('hi\n');
      expect(await rejection(bare.readFile('x'))).toBeInstanceOf(NoWorkDirError);
    });

    it('says so when the image is missing, and never pulls', async () => {
      const missing = new DockerSandbox({ image: 'localhost/not-there:latest', docker: { socketPath: service.socketPath } });
      const error = await rejection(missing.exec('true'));
      expect(error).toBeInstanceOf(SandboxExecError);
      expect(error.message).toMatch(/not on the container engine; pull or build it first/);
    });

    it('says so when the engine is unreachable', async () => {
      const nowhere = new DockerSandbox({ image: service.image, docker: { socketPath: `${dirs.base}/no.sock` } });
      const error = await rejection(nowhere.exec('true'));
      expect(error).toBeInstanceOf(SandboxExecError);
      expect(error.message).toMatch(/cannot reach the container engine/);
    });
  });
});
