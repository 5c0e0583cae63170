import { spawn } from 'node:child_process';
import { SandboxExecError } from '../errors/sandbox-exec.error';
import type { ExecCollector } from '../sandbox/exec-stream';

/** A host process to run for a sandbox. @internal */
export interface ProcessSpec {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  stdin?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Extra clean-up when the process is killed (for example every process of a cgroup). */
  onKill?: () => void;
  /** Runs once the process and its output have ended, before the result settles. */
  onEnd?: () => Promise<void>;
  /** Opens a fourth pipe (fd 3 in the process) and passes what the process writes to it. */
  onFd3?: (chunk: Buffer) => void;
  /** Sees what the process writes to stderr (besides the collector). */
  onStderr?: (chunk: Buffer) => void;
  /** Decides, once it ended, whether the process failed to start the command (an error) rather than ran it. */
  check?: (timedOut: boolean) => Error | undefined;
}

/** How long output pipes may stay open after the command exited (held by a process that left its group). */
const PIPE_GRACE_MS = 2_000;

/**
 * Runs a process in its own process group and feeds `collector`. A timeout kills the whole group
 * (`timedOut: true`); an abort kills it and fails with the signal's reason; when the command exits,
 * whatever it left running in its group is killed too, so nothing outlives a command. @internal
 */
export function runProcess(spec: ProcessSpec, collector: ExecCollector): void {
  if (spec.signal?.aborted) {
    collector.fail(abortReason(spec.signal));
    return;
  }
  const child = spawn(spec.argv[0], spec.argv.slice(1), {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: spec.onFd3 ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'],
  });
  let timedOut = false;
  let aborted = false;
  const killGroup = (): void => {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    }
    spec.onKill?.();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, spec.timeoutMs);
  const onAbort = (): void => {
    aborted = true;
    killGroup();
  };
  spec.signal?.addEventListener('abort', onAbort, { once: true });
  let grace: NodeJS.Timeout | undefined;

  child.stdout.on('data', (chunk: Buffer) => collector.push('stdout', chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    spec.onStderr?.(chunk);
    collector.push('stderr', chunk);
  });
  const fd3 = child.stdio[3];
  if (spec.onFd3 && fd3 && 'on' in fd3) fd3.on('data', spec.onFd3);
  child.stdin.on('error', () => undefined);
  child.stdin.end(spec.stdin ?? '');
  child.on('error', (error) => {
    // Only a process that could not be started ends here; later errors (a failed kill) are harmless.
    if (child.pid !== undefined) return;
    clearTimeout(timer);
    spec.signal?.removeEventListener('abort', onAbort);
    const code = (error as { code?: string }).code ?? 'error';
    const fail = (): void => collector.fail(new SandboxExecError(`could not start ${spec.argv[0]} (${code})`, { cause: error }));
    // Clean-up (a cgroup made for the command) still runs.
    if (spec.onEnd) spec.onEnd().then(fail, fail);
    else fail();
  });
  child.on('exit', () => {
    // What the command left running in its group goes too. (Should the group already be empty,
    // its id could in principle be reused by then; the window is the few microseconds since exit.)
    killGroup();
    grace = setTimeout(() => {
      for (const stream of child.stdio) stream?.destroy();
    }, PIPE_GRACE_MS);
  });
  child.on('close', (code, signal) => {
    clearTimeout(timer);
    clearTimeout(grace);
    spec.signal?.removeEventListener('abort', onAbort);
    const settle = (): void => {
      const failure = aborted ? undefined : spec.check?.(timedOut);
      if (aborted) {
        collector.fail(abortReason(spec.signal!));
      } else if (failure) {
        collector.fail(failure);
      } else {
        collector.finish({ exitCode: timedOut ? null : code, timedOut, signal: signal ?? undefined });
      }
    };
    if (spec.onEnd) spec.onEnd().then(settle, (error) => collector.fail(error));
    else settle();
  });
}

/** The error an aborted command rejects with: the signal's reason, or an `AbortError`. @internal */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The command was aborted.', 'AbortError');
}
