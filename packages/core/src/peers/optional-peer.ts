import { UserError } from '../errors/user.error';

/**
 * Loads an optional peer dependency on first use: `load` is the caller's own `require` of it (so
 * bundlers and `jest.doMock` see the dependency). A program that never needs the feature neither
 * installs nor loads the package.
 *
 * @param name the package `load` requires, e.g. `ssh2`.
 * @param neededBy what needs it, for the message (`SshSandbox`, `modelFromEnv for Mistral`).
 * @param owner the package declaring it as an optional peer (`@toolwright/sandbox`).
 * @throws UserError naming the package to install when `name` itself is not installed; any other
 *   failure (a broken install, an error inside the package) as it is.
 * @example
 * const ssh2 = loadOptionalPeer('ssh2', 'SshSandbox', '@toolwright/sandbox', () => require('ssh2') as typeof import('ssh2'));
 */
export function loadOptionalPeer<T>(name: string, neededBy: string, owner: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!isMissing(error, name)) throw error;
    throw new UserError(
      `${neededBy} needs the package "${name}", which is not installed: run \`npm install ${name}\`. `
      + `It is an optional peer dependency of ${owner}, installed only by programs that use ${neededBy}.`,
      { cause: error },
    );
  }
}

/** Whether `error` says that `name` itself (not a module it requires) cannot be found. */
function isMissing(error: unknown, name: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') return false;
  const firstLine = String((error as { message?: unknown }).message ?? '').split('\n')[0];
  return firstLine.includes(`'${name}'`);
}
