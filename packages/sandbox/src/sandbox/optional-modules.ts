import { loadOptionalPeer } from '@toolwright/core/extend';
import type * as Ssh2 from 'ssh2';
import type DockerodeClass from 'dockerode';

/**
 * The SSH and Docker clients are optional peer dependencies, loaded when a sandbox first needs
 * them, not when the package is imported: an application using only the local or bubblewrap
 * sandbox neither installs nor loads them. @internal
 */
export function loadSsh2(): typeof Ssh2 {
  return loadOptionalPeer('ssh2', 'SshSandbox', '@toolwright/sandbox', () => require('ssh2') as typeof Ssh2);
}

/** @internal See {@link loadSsh2}. */
export function loadDockerode(): typeof DockerodeClass {
  return loadOptionalPeer('dockerode', 'DockerSandbox', '@toolwright/sandbox', () => require('dockerode') as typeof DockerodeClass);
}
