/** Quotes a string for a POSIX shell: `it's` → `'it'\''s'`. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The script that runs a command with bash when the system has it, else with `/bin/sh`; the
 * command is passed as `$0` so it is never re-parsed by the outer shell. `--norc`: bash reads
 * `~/.bashrc` when its stdin is a socket (as a child process's pipes are), which would make a
 * command depend on, and wait for, the user's shell set-up. @internal
 */
export const SHELL_LAUNCHER = 'command -v bash >/dev/null 2>&1 && exec bash --norc --noprofile -c "$0"; exec /bin/sh -c "$0"';

/** The argv that runs `command` through {@link SHELL_LAUNCHER}, or through a chosen shell prefix. @internal */
export function shellArgv(command: string, shell?: readonly string[]): string[] {
  if (shell && shell.length > 0) return [...shell, command];
  return ['/bin/sh', '-c', SHELL_LAUNCHER, command];
}
