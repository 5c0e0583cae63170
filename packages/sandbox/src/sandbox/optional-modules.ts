import { UserError } from '@toolwright/core';
import type * as Ssh2 from 'ssh2';
import type DockerodeClass from 'dockerode';

/**
 * The SSH and Docker clients are optional peer dependencies, loaded when a sandbox first needs
 * them, not when the package is imported: an application using only the local or bubblewrap
 * sandbox neither installs nor loads them. @internal
 */
export function loadSsh2(): typeof Ssh2 {
  return loadOptional('ssh2', 'SshSandbox', () => require('ssh2') as typeof Ssh2);
}

/** @internal See {@link loadSsh2}. */
export function loadDockerode(): typeof DockerodeClass {
  return loadOptional('dockerode', 'DockerSandbox', () => require('dockerode') as typeof DockerodeClass);
}

/**
 * Runs `load` (a `require` of the optional package `name`).
 *
 * @throws UserError naming the package to install when `name` itself is not installed; any other
 *   failure (a broken install, an error inside the package) as it is.
 */
function loadOptional<T>(name: string, backend: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!isMissing(error, name)) throw error;
    throw new UserError(
      `${backend} needs the package "${name}", which is not installed: run \`npm install ${name}\`. `
      + `It is an optional peer dependency of @toolwright/sandbox, installed only by programs that use ${backend}.`,
      { cause: error },
    );
  }
}

/** Whether `error` says that `name` itself (not a module it requires) cannot be found. */
function isMissing(error: unknown, name: string): boolean {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== 'MODULE_NOT_FOUND') return false;
  const firstLine = String((error as { message?: unknown }).message ?? '').split('\n')[0];
  return firstLine.includes(`'${name}'`);
}
