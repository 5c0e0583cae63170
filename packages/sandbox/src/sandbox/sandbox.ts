/** Options of one command. */
export interface ExecOptions {
  /** Directory to run in: relative to the working directory (default), or absolute inside it. */
  cwd?: string;
  /** Variables added to (or replacing) the sandbox's environment for this command. */
  env?: Record<string, string>;
  /**
   * Milliseconds before the command and everything it started are killed (`timedOut: true`): a
   * positive integer up to 2^31−1, cut to the sandbox's `maxTimeoutMs`. A command always has a
   * time limit: `Infinity` and `null` are refused.
   */
  timeoutMs?: number;
  /** Text written to the command's standard input, which is then closed. */
  stdin?: string;
  /** Bytes kept per stream (stdout, stderr); beyond it the middle is dropped (`truncated: true`). */
  maxOutputBytes?: number;
  /** Aborts the command (it is killed) and rejects the call with the signal's reason. */
  signal?: AbortSignal;
}

/** What a command did. A non-zero exit or a timeout is a result, not an error. */
export interface ExecResult {
  /** The exit code; `null` when the command was killed by a signal (timeout included). */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Killed for exceeding `timeoutMs` (only that: an abort rejects instead). */
  timedOut: boolean;
  /** Some output was dropped to stay within `maxOutputBytes`. */
  truncated: boolean;
  durationMs: number;
  /** The signal that ended the command, when one did (`SIGKILL` after a timeout). */
  signal?: string;
  /** Bytes the command wrote to stdout, including any dropped. */
  stdoutBytes?: number;
  /** Bytes the command wrote to stderr, including any dropped. */
  stderrBytes?: number;
}

/** A piece of output, as it arrives. */
export interface ExecChunk {
  stream: 'stdout' | 'stderr';
  data: string;
}

/** The chunks of a running command (up to `maxOutputBytes` per stream) and its final result. */
export type ExecStream = AsyncIterable<ExecChunk> & { result: Promise<ExecResult> };

/** The kind of a directory entry. `symlink` is the link itself; `other` is a device, FIFO or socket. */
export type FileType = 'file' | 'dir' | 'symlink' | 'other';

/** One entry of a directory listing. */
export interface DirEntry {
  name: string;
  type: FileType;
  size: number;
}

/** What `stat` reports (about the entry itself: a symbolic link is not followed). */
export interface FileStat {
  type: FileType;
  size: number;
  mtimeMs: number;
}

/** Byte range of a read: `offset` bytes skipped, at most `limit` bytes returned. */
export interface ReadFileOptions {
  offset?: number;
  limit?: number;
}

/**
 * A place where commands run and files live. Every path is confined to the working directory:
 * relative paths resolve under it; `..` above it, absolute paths elsewhere, symbolic links that
 * lead out of it, `/proc/self/root` and device files are refused with `OutsideWorkDirError`. A
 * sandbox without a working directory refuses file operations with `NoWorkDirError`.
 */
export interface Sandbox {
  /** The working directory as the backend sees it (a host path, or a path on the remote host). */
  readonly workDir?: string;
  /** Runs a shell command and collects its output. */
  exec(command: string, options?: ExecOptions): Promise<ExecResult>;
  /** Runs a shell command, yielding its output as it arrives; `result` settles like `exec`. */
  execStream(command: string, options?: ExecOptions): ExecStream;
  /** Reads a UTF-8 text file (capped; `offset`/`limit` in bytes select a range). */
  readFile(path: string, options?: ReadFileOptions): Promise<string>;
  /** Reads a file's bytes (capped like `readFile`). */
  readFileBytes?(path: string, options?: ReadFileOptions): Promise<Uint8Array>;
  /** Writes a file atomically (a reader sees the old or the new content), creating parent directories. */
  writeFile(path: string, content: string | Uint8Array): Promise<void>;
  /** The entries of a directory (the working directory by default), in no particular order. */
  listDir(path?: string): Promise<DirEntry[]>;
  /** Removes a file, a symbolic link, an empty directory, or (with `recursive`) a directory tree. */
  remove(path: string, options?: { recursive?: boolean }): Promise<void>;
  /** The entry at `path` (a symbolic link itself, not its target), or `null` when there is none. */
  stat(path: string): Promise<FileStat | null>;
  /**
   * The canonical form of a path, relative to the working directory (`.` for the directory
   * itself): symbolic links inside it resolved, `..` and `.` removed. The last component need not exist.
   */
  realPath?(path: string): Promise<string>;
  /** Releases what the sandbox holds (connections, containers). */
  close(): Promise<void>;
}
