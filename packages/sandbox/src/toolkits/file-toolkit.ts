// The decorators below read TypeScript's type metadata through the polyfill (a peer dependency).
import 'reflect-metadata';
import { Param, Tool, Toolkit, ToolResult, UserError } from '@toolwright/core';
import type { DirEntry, Sandbox } from '../sandbox/sandbox';
import { fileErrorText, withTimeout } from './file-error-text';
import { headTail } from '@toolwright/core/internal';
import { checkCommandTimeLimit } from '../sandbox/command-time-limit';

/** A count of lines or entries. @asType integer */
type Count = number;

/** Options of {@link FileToolkit}. */
export interface FileToolkitOptions {
  /** Bytes of a file (or a listing) shown to the model; the middle of a longer one is cut. Default 16 KiB. */
  maxOutputBytes?: number;
  /** Largest content `write_file` accepts. Default 1 MiB. */
  maxWriteBytes?: number;
  /** Most entries `list_files` shows. Default 500. */
  maxListEntries?: number;
  /** Deadline of one file operation. Default 30 s; a positive integer up to 2^31−1 (never Infinity). */
  timeoutMs?: number;
}

/**
 * `read_file`, `write_file` and `list_files` on a sandbox's working directory. Errors are answers
 * naming the kind (`error: read src/x.ts: not found`, `outside the working directory`, `file
 * exceeds read limit`, `binary file`), never host paths. `read_file` and `list_files` are
 * read-only; `write_file` is destructive (it replaces files).
 */
@Toolkit({ name: 'files', description: "Read, write and list files in the sandbox's working directory." })
export class FileToolkit {
  private readonly limits: Required<FileToolkitOptions>;

  constructor(
    readonly sandbox: Sandbox,
    options: FileToolkitOptions = {},
  ) {
    if (!sandbox || typeof sandbox.readFile !== 'function') throw new UserError('FileToolkit needs a Sandbox.');
    this.limits = {
      maxOutputBytes: options.maxOutputBytes ?? 16 * 1024,
      maxWriteBytes: options.maxWriteBytes ?? 1024 * 1024,
      maxListEntries: options.maxListEntries ?? 500,
      // `null` is refused below, not taken for the default: elsewhere it means no limit.
      timeoutMs: options.timeoutMs === undefined ? 30_000 : options.timeoutMs,
    };
    for (const [key, value] of Object.entries(this.limits)) {
      if (key === 'timeoutMs') checkCommandTimeLimit(value, 'FileToolkit: timeoutMs');
      else if (!Number.isInteger(value) || value <= 0) throw new UserError(`FileToolkit: ${key} must be a positive whole number.`);
    }
  }

  /**
   * Read a text file in the working directory. A long file is shown with its middle cut; page
   * through it with offset and limit.
   * @param path The file, relative to the working directory.
   * @param offset The first line to show (1 for the start); null for the start.
   * @param limit How many lines to show; null for the rest of the file.
   */
  @Tool({ name: 'read_file', readOnly: true, destructive: false, idempotent: true, openWorld: false })
  async readFile(@Param('path', { minLength: 1 }) path: string, @Param('offset', { minimum: 1 }) offset?: Count, @Param('limit', { minimum: 1 }) limit?: Count): Promise<ToolResult> {
    let bytes: Uint8Array;
    try {
      bytes = await withTimeout(this.limits.timeoutMs, () => this.readBytes(path));
    } catch (error) {
      return ToolResult.error(fileErrorText('read', path, error));
    }
    const text = decodeText(bytes);
    if (text === undefined) return ToolResult.error(`error: read ${path}: binary file (${bytes.length} bytes), not shown`);
    if (offset === undefined && limit === undefined) return ToolResult.text(headTail(text, this.limits.maxOutputBytes));
    const lines = text.split(/(?<=\n)/);
    const first = (offset ?? 1) - 1;
    const shown = lines.slice(first, limit === undefined ? undefined : first + limit);
    const header = `[lines ${first + 1}-${first + shown.length} of ${lines.length}]\n`;
    return ToolResult.text(header + headTail(shown.join(''), this.limits.maxOutputBytes));
  }

  /**
   * Write a file in the working directory, creating parent directories and replacing any file
   * that is there.
   * @param path The file, relative to the working directory.
   * @param content The whole new content.
   */
  @Tool({ name: 'write_file', readOnly: false, destructive: true, idempotent: true, openWorld: false })
  async writeFile(@Param('path', { minLength: 1 }) path: string, @Param('content') content: string): Promise<ToolResult> {
    const size = Buffer.byteLength(content, 'utf8');
    if (size > this.limits.maxWriteBytes) return ToolResult.error(`error: write ${path}: content is ${size} bytes, over the ${this.limits.maxWriteBytes}-byte limit`);
    try {
      await withTimeout(this.limits.timeoutMs, () => this.sandbox.writeFile(path, content));
    } catch (error) {
      return ToolResult.error(fileErrorText('write', path, error));
    }
    return ToolResult.text(`wrote ${size} bytes to ${path}`);
  }

  /**
   * List a directory in the working directory, sorted by name: type, size in bytes and name per line.
   * @param path The directory, relative to the working directory; null for the working directory.
   */
  @Tool({ name: 'list_files', readOnly: true, destructive: false, idempotent: true, openWorld: false })
  async listFiles(@Param('path') path?: string): Promise<ToolResult> {
    const dir = path || '.';
    let entries: DirEntry[];
    try {
      entries = await withTimeout(this.limits.timeoutMs, () => this.sandbox.listDir(dir));
    } catch (error) {
      return ToolResult.error(fileErrorText('list', dir, error));
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const shown = entries.slice(0, this.limits.maxListEntries);
    let text = shown.map((e) => `${e.type.padEnd(7)} ${String(e.size).padStart(10)}  ${e.name}`).join('\n');
    if (entries.length > shown.length) text += `\n… and ${entries.length - shown.length} more entries`;
    return ToolResult.text(headTail(text || '(empty directory)', this.limits.maxOutputBytes)).withDisplay('table');
  }

  private async readBytes(path: string): Promise<Uint8Array> {
    if (this.sandbox.readFileBytes) return this.sandbox.readFileBytes(path);
    return Buffer.from(await this.sandbox.readFile(path), 'utf8');
  }
}

/** The text of a file, or undefined when it is binary (a NUL byte, or not UTF-8). */
function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
