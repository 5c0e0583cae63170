import { randomBytes } from 'node:crypto';
import { abortReason } from '../process/run-process';
import type { ExecCollector } from '../sandbox/exec-stream';
import { shellQuote } from '../sandbox/shell';
import { SandboxExecError } from '../errors/sandbox-exec.error';
import type { SshConnection } from './ssh-connection';

/** One remote command. @internal */
export interface RemoteSpec {
  command: string;
  /** Remote absolute directory. */
  cwd: string;
  env: Record<string, string>;
  stdin?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Output a login shell may print before the command starts, searched for the start marker. */
const MAX_PREAMBLE = 64 * 1024;

/**
 * The script the remote login shell runs: it reports its pid (which is also its process group,
 * as sshd starts each session with setsid) on stderr after a random marker, then becomes the
 * command. The marker line is removed from the output.
 */
function remoteScript(env: Record<string, string>): string {
  const exports = Object.entries(env)
    .map(([name, value]) => `export ${name}=${shellQuote(value)}`)
    .join('; ');
  return [
    `printf '%s %s\\n' "$0" "$$" >&2`,
    `cd -- "$1" || exit 126`,
    ...(exports ? [exports] : []),
    `command -v bash >/dev/null 2>&1 && exec bash --norc --noprofile -c "$2"`,
    `exec /bin/sh -c "$2"`,
  ].join('\n');
}

/**
 * Runs a command over SSH and feeds `collector`. A timeout or an abort kills the command's whole
 * process group on the remote host (through a second channel); when the command exits, what it
 * left running in its group is killed too. @internal
 */
export async function runRemote(connection: SshConnection, spec: RemoteSpec, collector: ExecCollector): Promise<void> {
  if (spec.signal?.aborted) throw abortReason(spec.signal);
  const marker = `tw-${randomBytes(8).toString('hex')}`;
  const wrapper = `exec /bin/sh -c ${shellQuote(remoteScript(spec.env))} ${shellQuote(marker)} ${shellQuote(spec.cwd)} ${shellQuote(spec.command)}`;
  const command = await connection.exec(wrapper);
  const channel = command.channel;
  let pid: number | undefined;
  let preamble: Buffer | undefined = Buffer.alloc(0);
  let timedOut = false;
  let aborted = false;
  let killWanted = false;

  const killGroup = (): void => {
    if (pid === undefined) {
      killWanted = true;
      return;
    }
    connection
      .exec(`kill -s KILL -- -${pid} ${pid} 2>/dev/null; true`)
      .then(({ channel: killer }) => {
        killer.resume();
        killer.stderr.resume();
      })
      .catch(() => undefined);
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
    channel.close();
  }, spec.timeoutMs);
  const onAbort = (): void => {
    aborted = true;
    killGroup();
    channel.close();
  };
  spec.signal?.addEventListener('abort', onAbort, { once: true });
  // Aborted while the channel was being opened: the listener above came too late to hear it.
  if (spec.signal?.aborted) onAbort();

  channel.on('data', (chunk: Buffer) => collector.push('stdout', chunk));
  channel.stderr.on('data', (chunk: Buffer) => {
    if (preamble === undefined) {
      collector.push('stderr', chunk);
      return;
    }
    preamble = Buffer.concat([preamble, chunk]);
    const text = preamble.toString('latin1');
    const at = text.indexOf(`${marker} `);
    const end = at >= 0 ? text.indexOf('\n', at) : -1;
    if (end >= 0) {
      pid = Number(text.slice(at + marker.length + 1, end));
      const before = preamble.subarray(0, at);
      const after = preamble.subarray(end + 1);
      preamble = undefined;
      if (before.length > 0) collector.push('stderr', before);
      if (after.length > 0) collector.push('stderr', after);
      if (killWanted) killGroup();
    } else if (preamble.length > MAX_PREAMBLE) {
      collector.push('stderr', preamble);
      preamble = undefined;
    }
  });
  command.onExit(killGroup);
  channel.on('close', () => {
    clearTimeout(timer);
    spec.signal?.removeEventListener('abort', onAbort);
    if (preamble !== undefined && preamble.length > 0) collector.push('stderr', preamble);
    if (aborted) collector.fail(abortReason(spec.signal!));
    else if (!timedOut && command.connectionLost) collector.fail(lostConnection(spec.command));
    else collector.finish({ exitCode: timedOut ? null : (command.exit?.code ?? null), timedOut, signal: timedOut ? 'SIGKILL' : command.exit?.signal });
  });
  channel.end(spec.stdin ?? '');
}

/** The error of a command whose connection closed before the server said how the command ended. */
function lostConnection(command: string): SandboxExecError {
  const head = command.length > 80 ? `${command.slice(0, 80)}…` : command;
  return new SandboxExecError(
    `SSH: the connection closed before the remote host reported how the command ended (${JSON.stringify(head)}); it may have finished, failed, or still be running there. The next command reconnects.`,
  );
}
