#!/usr/bin/env node
// Provisions the system programs some test suites need (bwrap, sshd, podman + runc, redis-server,
// busybox for the container image, chromium for the console's browser tests). Run by `npm test` before jest.
//
// - Everything present: prints nothing.
// - Missing, running as root on Debian with apt-get: installs the missing Debian packages.
// - Otherwise: names exactly what to install; those suites then skip with the same message, or
//   fail when TOOLWRIGHT_REQUIRE_BACKENDS=1 (as `.ci/run` sets it).
// TOOLWRIGHT_NO_PROVISION=1 turns the installation off.
'use strict';
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

const backends = [
  { binary: 'bwrap', pkg: 'bubblewrap', usedBy: '@toolwright/sandbox (BubblewrapSandbox)' },
  { binary: 'sshd', pkg: 'openssh-server', usedBy: '@toolwright/sandbox (SshSandbox)' },
  { binary: 'ssh-keygen', pkg: 'openssh-client', usedBy: '@toolwright/sandbox (SshSandbox)' },
  { binary: 'podman', pkg: 'podman', usedBy: '@toolwright/sandbox (DockerSandbox via podman)' },
  { binary: 'runc', pkg: 'runc', usedBy: '@toolwright/sandbox (DockerSandbox via podman)' },
  { binary: 'busybox', pkg: 'busybox-static', usedBy: '@toolwright/sandbox (container image)' },
  { binary: 'redis-server', pkg: 'redis-server', usedBy: '@toolwright/redis' },
  { binary: 'chromium', pkg: 'chromium', usedBy: '@toolwright/console (browser tests)' },
];

function findBinary(binary) {
  const dirs = [...(process.env.PATH || '').split(path.delimiter), '/usr/sbin', '/sbin', '/usr/local/sbin', '/bin'];
  return dirs.some((dir) => dir && existsSync(path.join(dir, binary)));
}

const missing = backends.filter((b) => !findBinary(b.binary));
if (missing.length === 0) process.exit(0);

const packages = [...new Set(missing.map((b) => b.pkg))];
const canInstall =
  process.env.TOOLWRIGHT_NO_PROVISION !== '1' &&
  process.platform === 'linux' &&
  typeof process.getuid === 'function' &&
  process.getuid() === 0 &&
  findBinary('apt-get');

if (canInstall) {
  console.log(`[provision] installing Debian packages for the test backends: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
    process.exit(0);
  } catch (error) {
    console.error(`[provision] apt-get failed (${error.message}); the suites that need these will say so.`);
  }
}

console.error('[provision] some test backends are not installed; their suites will be skipped' +
  (process.env.TOOLWRIGHT_REQUIRE_BACKENDS === '1' ? ' — and FAIL, since TOOLWRIGHT_REQUIRE_BACKENDS=1' : '') + ':');
for (const b of missing) console.error(`  - ${b.binary} (Debian package ${b.pkg}) for ${b.usedBy}`);
console.error(`  install them with: sudo apt-get install -y ${packages.join(' ')}`);
