import { requireBackend, tryRun, type BackendStatus } from './backends';

/**
 * The bubblewrap backend: `bwrap` installed and able to create the namespaces a sandbox needs
 * (skips with the reason, or fails under TOOLWRIGHT_REQUIRE_BACKENDS=1, when it cannot).
 */
export function requireBubblewrap(): BackendStatus {
  return requireBackend({
    name: 'bubblewrap',
    binaries: ['bwrap'],
    debianPackages: ['bubblewrap'],
    probe: () =>
      tryRun('bwrap', ['--unshare-all', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', 'true']) === undefined
        ? 'bwrap is installed but cannot create namespaces here (user namespaces disabled?)'
        : undefined,
  });
}
