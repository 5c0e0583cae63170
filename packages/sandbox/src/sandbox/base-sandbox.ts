import { NoWorkDirError } from '../errors/no-work-dir.error';
import { resolveExec, type ExecLimits, type ResolvedExec } from './exec-options';
import { ExecCollector } from './exec-stream';
import type { DirEntry, ExecOptions, ExecResult, ExecStream, FileStat, ReadFileOptions, Sandbox } from './sandbox';
import type { SandboxFiles } from './sandbox-files';

/**
 * What every backend shares: option checks, output collection and streaming, and file operations
 * delegated to a {@link SandboxFiles} (or refused with `NoWorkDirError` without a working
 * directory). A backend implements `start`. @internal
 */
export abstract class BaseSandbox implements Sandbox {
  abstract readonly workDir?: string;
  protected abstract readonly files: SandboxFiles | undefined;

  constructor(protected readonly limits: Required<ExecLimits>) {}

  /** Starts a validated command, feeding `collector`; a rejection fails the command. */
  protected abstract start(exec: ResolvedExec, collector: ExecCollector): Promise<void>;

  exec(command: string, options?: ExecOptions): Promise<ExecResult> {
    return this.launch(command, options, false).result;
  }

  execStream(command: string, options?: ExecOptions): ExecStream {
    return this.launch(command, options, true).stream();
  }

  async readFile(path: string, options?: ReadFileOptions): Promise<string> {
    return this.need('readFile').readFile(path, options);
  }

  async readFileBytes(path: string, options?: ReadFileOptions): Promise<Uint8Array> {
    return this.need('readFileBytes').readFileBytes(path, options);
  }

  async writeFile(path: string, content: string | Uint8Array): Promise<void> {
    return this.need('writeFile').writeFile(path, content);
  }

  async listDir(path?: string): Promise<DirEntry[]> {
    return this.need('listDir').listDir(path);
  }

  async remove(path: string, options?: { recursive?: boolean }): Promise<void> {
    return this.need('remove').remove(path, options);
  }

  async stat(path: string): Promise<FileStat | null> {
    return this.need('stat').stat(path);
  }

  async realPath(path: string): Promise<string> {
    return this.need('realPath').realPath(path);
  }

  async close(): Promise<void> {}

  private launch(command: string, options: ExecOptions | undefined, streaming: boolean): ExecCollector {
    let exec: ResolvedExec;
    try {
      exec = resolveExec(command, options, this.limits);
    } catch (error) {
      // Bad options reject the result (and the iteration) like any other failure.
      const collector = new ExecCollector(0, streaming);
      collector.fail(error);
      return collector;
    }
    const collector = new ExecCollector(exec.maxOutputBytes, streaming);
    this.start(exec, collector).catch((error) => collector.fail(error));
    return collector;
  }

  /** The file operations, or `NoWorkDirError` (the callers are async, so it rejects). */
  private need(operation: string): SandboxFiles {
    if (!this.files) throw new NoWorkDirError(operation);
    return this.files;
  }
}
