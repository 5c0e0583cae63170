import type * as Ssh2 from 'ssh2';
import type DockerodeClass from 'dockerode';

/**
 * The SSH and Docker clients are loaded when a sandbox first needs them, not when the package is
 * imported: an application using only the local sandbox never pays for them. @internal
 */
export function loadSsh2(): typeof Ssh2 {
  return require('ssh2') as typeof Ssh2;
}

/** @internal See {@link loadSsh2}. */
export function loadDockerode(): typeof DockerodeClass {
  return require('dockerode') as typeof DockerodeClass;
}
