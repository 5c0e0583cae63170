import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, copyFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBinary, tryRun } from '../../../../test-support/backends';

/** A podman service answering the Docker API on a socket, with a busybox image imported offline. */
export interface PodmanService {
  socketPath: string;
  image: string;
  stop(): Promise<void>;
}

export const TEST_IMAGE = 'localhost/toolwright-busybox:test';

/** Why the podman backend cannot be used here, or undefined when it can. */
export function podmanProblem(): string | undefined {
  const busybox = findBinary('busybox');
  if (busybox && tryRun('ldd', [busybox])?.includes('=>')) {
    return `${busybox} is dynamically linked, so it cannot make a root filesystem on its own. Install it with: apt-get install -y busybox-static`;
  }
  return undefined;
}

/**
 * Starts `podman system service` on a socket in a temp dir, with everything podman keeps (image
 * storage, run state, temp files) in that dir too, so nothing of the system's podman set-up is
 * used or changed. runc and a containers.conf with `default_ulimits = []` are what make podman run
 * containers on this kind of machine (its default runtime refuses the hybrid cgroup layout). The
 * image is `podman import` of a root filesystem made from the static busybox: no registry.
 */
export async function startPodmanService(): Promise<PodmanService> {
  // A short name: podman refuses a run root (`<dir>/run`) over 50 characters.
  const dir = mkdtempSync(join(tmpdir(), 'twp-'));
  writeFileSync(join(dir, 'containers.conf'), '[containers]\ndefault_ulimits = []\n');
  mkdirSync(join(dir, 'tmp'));
  const env = { ...process.env, CONTAINERS_CONF: join(dir, 'containers.conf') };
  const flags = [
    '--root', join(dir, 'storage'), '--runroot', join(dir, 'run'), '--tmpdir', join(dir, 'tmp'),
    '--runtime', 'runc', '--storage-driver', 'vfs', '--cgroup-manager', 'cgroupfs', '--events-backend', 'file',
  ];
  execFileSync('podman', [...flags, 'import', '-q', buildRootfs(dir), TEST_IMAGE], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const socketPath = join(dir, 'podman.sock');
  // In the temp dir: conmon, which the service starts per container, writes a file `oom` into its
  // working directory when the kernel kills a container's process for memory (the memory-limit
  // test does so on purpose); started from the repository, it left that file there.
  const service = spawn('podman', [...flags, 'system', 'service', '--time=0', `unix://${socketPath}`], { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  service.stderr!.on('data', (chunk) => (log += chunk));
  const stop = async (): Promise<void> => {
    await stopProcess(service);
    // Containers are removed by the sandbox; what podman keeps of them is in `dir`.
    tryRun('podman', [...flags, 'rm', '--all', '--force']);
    rmSync(dir, { recursive: true, force: true });
  };
  if (!(await answers(socketPath, service))) {
    await stop();
    throw new Error(`podman system service did not start: ${log.trim()}`);
  }
  return { socketPath, image: TEST_IMAGE, stop };
}

/** A root filesystem with busybox and a link for each of its applets, as a tar file. */
function buildRootfs(dir: string): string {
  const rootfs = join(dir, 'rootfs');
  for (const sub of ['bin', 'tmp', 'etc', 'workspace', 'proc', 'sys', 'dev']) mkdirSync(join(rootfs, sub), { recursive: true });
  const busybox = findBinary('busybox')!;
  copyFileSync(busybox, join(rootfs, 'bin/busybox'));
  execFileSync('chmod', ['755', join(rootfs, 'bin/busybox')]);
  const applets = execFileSync(busybox, ['--list'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const present = new Set(readdirSync(join(rootfs, 'bin')));
  for (const applet of applets) if (!present.has(applet)) symlinkSync('busybox', join(rootfs, 'bin', applet));
  writeFileSync(join(rootfs, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n');
  writeFileSync(join(rootfs, 'etc/group'), 'root:x:0:\nnogroup:x:65534:\n');
  const tar = join(dir, 'rootfs.tar');
  execFileSync('tar', ['-C', rootfs, '-cf', tar, '.']);
  return tar;
}

/** Waits until the service answers `GET /_ping` (true) or exits (false). */
async function answers(socketPath: string, service: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (service.exitCode !== null || service.signalCode !== null) return false;
    const ok = await new Promise<boolean>((resolve) => {
      const req = request({ socketPath, path: '/_ping' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}
