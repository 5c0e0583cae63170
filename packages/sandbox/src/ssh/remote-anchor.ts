import { randomBytes } from 'node:crypto';
import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { SandboxFileError } from '../errors/sandbox-file.error';
import { shellQuote } from '../sandbox/shell';
import type { RemoteCommand } from './remote-command';

/**
 * What the anchor does once it stands in the directory: hold it (`dir`), also hold the regular
 * file `name` open (`read`), create missing directories on the way and hold the last (`mkdirs`),
 * or remove the directory tree `name` and exit (`rmtree`). @internal
 */
export type AnchorMode = 'dir' | 'read' | 'mkdirs' | 'rmtree';

/** Where SFTP reaches what the anchor holds. @internal */
export interface RemoteAnchor {
  /**
   * The directory: `/proc/<pid>/cwd` while the anchor holds it (Linux), so every later name is
   * looked up in the directory that was checked; else its physical path as checked a moment ago.
   */
  dir: string;
  /** The opened file (`read` on Linux): `/proc/<pid>/fd/3`; undefined otherwise. */
  file?: string;
  /** True when `dir` (and `file`) are held, false when they are paths checked a moment ago. */
  held: boolean;
  /** Lets the remote shell exit. */
  release(): void;
}

/** The request: the physical working directory, and the canonical directory names below it. @internal */
export interface AnchorRequest {
  root: string;
  dirs: readonly string[];
  mode: AnchorMode;
  /** The final name (`read`, `rmtree`). */
  name?: string;
  /** The path as the caller gave it, for errors. */
  requested: string;
}

/** How long an anchor may take to stand (a FIFO swapped in at the last moment would block its open). */
const ANCHOR_TIMEOUT_MS = 15_000;
/** Output of the user's shell start-up files searched for the anchor's lines. */
const MAX_OUTPUT = 64 * 1024;
/** Anchors standing at once per connection (sshd's MaxSessions is 10 by default). */
const MAX_ANCHORS = 4;

/**
 * The remote side, a POSIX shell. `cd -P` one canonical name at a time, checking after each step
 * with `pwd -P` that the shell still stands inside the working directory: the shell's current
 * directory is then held like a descriptor, whatever is renamed or swapped for a link afterwards.
 * For `read` the file is opened on fd 3 and `/proc/$$/fd/3` must name a regular file inside. On
 * Linux the shell then waits (stdin) while SFTP works through `/proc/<pid>/cwd` and `/proc/<pid>/fd/3`.
 * Exit codes: 70 root gone, 71/75 changed meanwhile, 72 outside, 76 not readable, 78 mkdir failed,
 * 79 rm failed.
 */
const SCRIPT = `k=$1 r=$2 m=$3 n=$4 p=$5; shift 5
printf '%s pid %s\\n' "$k" "$$"
inside() { [ "$r" = / ] && return 0; case $(pwd -P) in "$r"|"$r"/*) return 0;; esac; exit 72; }
cd -P -- "$r" 2>/dev/null || exit 70
inside
for c in "$@"; do
  if [ "$m" = mkdirs ] && [ ! -e "./$c" ] && [ ! -h "./$c" ]; then mkdir -- "./$c" 2>/dev/null || [ -d "./$c" ] || exit 78; fi
  cd -P -- "./$c" 2>/dev/null || exit 71
  inside
done
a=; [ "$p" = proc ] && [ -d "/proc/$$/fd" ] && [ -d "/proc/$$/cwd/." ] && a=1
case $m in
read)
  { [ -h "./$n" ] || [ ! -f "./$n" ]; } && exit 75
  if [ -n "$a" ]; then
    command exec 3< "./$n" 2>/dev/null || { [ -e "./$n" ] && exit 76; exit 75; }
    case $(readlink "/proc/$$/fd/3") in "$r"/*) ;; *) [ "$r" = / ] || exit 72;; esac
    [ -f "/proc/$$/fd/3" ] || exit 75
  fi;;
rmtree)
  { [ -h "./$n" ] || [ ! -d "./$n" ]; } && exit 75
  rm -rf -- "./$n" 2>/dev/null || exit 79
  printf '%s done\\n' "$k"; exit 0;;
esac
if [ -n "$a" ]; then printf '%s held\\n' "$k"; read -r _ || :; exit 0; fi
printf '%s path %s\\n' "$k" "$(pwd -P)"`;

/**
 * Stands a small remote shell in a directory inside the working directory, so the SFTP calls
 * that follow cannot be redirected by a running command that swaps a directory on the way for a
 * link between the check and the use (SFTP itself resolves every path afresh and has no `openat`).
 * Resolves `changed` when the directory or file changed since the caller's walk (walk again). @internal
 */
export class RemoteAnchors {
  private standing = 0;
  private readonly waiting: Array<() => void> = [];

  /**
   * @param exec opens an exec channel on the connection.
   * @param useProc hold through `/proc` when the remote host has it (false only to exercise the
   * path fallback of hosts without it).
   */
  constructor(
    private readonly exec: (command: string) => Promise<RemoteCommand>,
    private readonly useProc = true,
  ) {}

  async stand(request: AnchorRequest): Promise<RemoteAnchor | 'changed'> {
    await this.slot();
    let anchor: RemoteAnchor | 'changed' | undefined;
    try {
      anchor = await this.open(request);
      return anchor;
    } finally {
      if (anchor === undefined || anchor === 'changed' || !anchor.held) this.free();
    }
  }

  private async open(request: AnchorRequest): Promise<RemoteAnchor | 'changed'> {
    const key = `tw-${randomBytes(8).toString('hex')}`;
    const args = [key, request.root, request.mode, request.name ?? '', this.useProc ? 'proc' : 'path', ...request.dirs].map(shellQuote).join(' ');
    const command = await this.exec(`exec /bin/sh -c ${shellQuote(SCRIPT)} tw-files ${args}`);
    const channel = command.channel;
    return new Promise<RemoteAnchor | 'changed'>((resolve, reject) => {
      let out = '';
      let pid: number | undefined;
      let settled = false;
      const settle = (result: RemoteAnchor | 'changed' | Error): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      const timer = setTimeout(() => {
        if (pid !== undefined) this.exec(`kill -s KILL ${pid} 2>/dev/null; true`).then((killer) => killer.channel.resume().end(), () => undefined);
        channel.close();
        settle(new SandboxFileError('busy', request.requested, 'the remote directory could not be reached in time'));
      }, ANCHOR_TIMEOUT_MS);
      channel.stderr.resume();
      channel.on('error', (error: Error) => settle(new SandboxFileError('failed', request.requested, `the remote shell's channel failed: ${error.message}`)));
      channel.on('data', (chunk: Buffer) => {
        if (out.length > MAX_OUTPUT) return;
        out += chunk.toString('utf8');
        if (pid === undefined) {
          const value = lineValue(out, `${key} pid `);
          if (value !== undefined) pid = Number(value);
        }
        if (pid !== undefined && out.includes(`${key} held\n`)) {
          let released = false;
          settle({
            dir: `/proc/${pid}/cwd`,
            file: request.mode === 'read' ? `/proc/${pid}/fd/3` : undefined,
            held: true,
            release: () => {
              if (released) return;
              released = true;
              channel.end();
              this.free();
            },
          });
        }
      });
      channel.on('close', () => {
        const code = command.exit?.code ?? null;
        if (code === 0) {
          const path = textAfter(out, `${key} path `);
          if (path !== undefined) return settle({ dir: path, held: false, release: () => undefined });
          if (out.includes(`${key} done\n`)) return settle({ dir: request.root, held: false, release: () => undefined });
        }
        if (command.connectionLost) settle(new SandboxFileError('failed', request.requested, 'the SSH connection closed before the remote shell answered'));
        else settle(failure(code, request.requested));
      });
      // A held anchor waits on its stdin; release() ends it.
      if (request.mode === 'rmtree') channel.end();
    });
  }

  private async slot(): Promise<void> {
    if (this.standing < MAX_ANCHORS) {
      this.standing++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private free(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.standing--;
  }
}

function failure(code: number | null, requested: string): Error | 'changed' {
  switch (code) {
    case 71:
    case 75:
      return 'changed';
    case 72:
      return new OutsideWorkDirError(requested, 'a symbolic link on the way leads out of it');
    case 76:
      return new SandboxFileError('permission_denied', requested);
    case 78:
      return new SandboxFileError('permission_denied', requested, 'a directory on the way could not be created');
    case 79:
      return new SandboxFileError('permission_denied', requested, 'part of the tree could not be removed');
    case 70:
      return new SandboxFileError('failed', requested, 'the working directory is no longer reachable on the remote host');
    default:
      return new SandboxFileError('failed', requested, `the remote shell exited with ${code === null ? 'a signal' : `code ${code}`}; it needs a POSIX /bin/sh`);
  }
}

function lineValue(text: string, prefix: string): string | undefined {
  const at = text.indexOf(prefix);
  if (at < 0) return undefined;
  const end = text.indexOf('\n', at);
  return end < 0 ? undefined : text.slice(at + prefix.length, end);
}

/** The rest of the output after `prefix`, without the final newline (a path may hold newlines). */
function textAfter(text: string, prefix: string): string | undefined {
  const at = text.indexOf(prefix);
  if (at < 0 || !text.endsWith('\n')) return undefined;
  return text.slice(at + prefix.length, -1);
}
