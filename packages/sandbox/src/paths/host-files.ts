import { randomBytes } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import { isAbsolute, resolve as resolvePath } from 'node:path';
import { UserError } from '@toolwright/core';
import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { SandboxFileError } from '../errors/sandbox-file.error';
import type { DirEntry, FileStat, ReadFileOptions } from '../sandbox/sandbox';
import { errorCode, toFileError } from './file-errors';
import { HOLDS_DESCRIPTORS, hostWalkFs, typeOf, type HostDir } from './host-walk-fs';
import { checkRange, type FileLimits } from './file-limits';
import { releaseAll, walk, type WalkFs, type WalkOptions, type Walked } from './walk';
import { splitWorkPath } from './work-path';

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
const MAX_ATTEMPTS = 8;
const MAX_TREE_DEPTH = 512;

/** A path resolved to a directory on the host, for running a command in it. @internal */
export interface HostDirectory {
  /** The host path of the directory. */
  hostPath: string;
  /** Its components relative to the working directory. */
  canonical: string[];
}

/**
 * The file operations of a sandbox whose working directory is a host directory (local,
 * bubblewrap, and a container's bind mount), confined to it as the `Sandbox` contract says. @internal
 */
export class HostFiles {
  private rootInfo?: Promise<{ fs: WalkFs<HostDir>; roots: string[] }>;

  constructor(
    /** The working directory as configured (absolute). */
    readonly workDir: string,
    private readonly limits: Required<FileLimits>,
    private readonly where: string,
  ) {}

  /** Checks a configured working directory: a string, not the file system root. */
  static checkWorkDir(workDir: unknown, where: string): string {
    if (typeof workDir !== 'string' || workDir.trim() === '' || workDir.includes('\0')) {
      throw new UserError(`${where}: workDir must be a directory path.`);
    }
    const absolute = isAbsolute(workDir) ? resolvePath(workDir) : resolvePath(process.cwd(), workDir);
    if (absolute === '/') throw new UserError(`${where}: workDir "/" would confine nothing. Use a dedicated directory.`);
    return absolute;
  }

  async readFileBytes(path: string, options: ReadFileOptions = {}): Promise<Uint8Array> {
    const { offset, limit } = checkRange(options, path);
    for (let attempt = 0; ; attempt++) {
      const w = await this.walk(path, { followFinal: true });
      try {
        const top = w.dirs[w.dirs.length - 1];
        if (w.name === undefined || w.type === 'dir') throw new SandboxFileError('is_directory', path);
        if (w.type === 'missing') throw new SandboxFileError('not_found', path);
        if (w.type === 'other') throw special(path);
        let handle: fsp.FileHandle;
        try {
          handle = await fsp.open(`${top.path}/${w.name}`, READ_FLAGS);
        } catch (error) {
          // A link or a directory swapped in after the walk: walk again.
          if (attempt < MAX_ATTEMPTS && (errorCode(error) === 'ELOOP' || errorCode(error) === 'ENOENT')) continue;
          throw error;
        }
        try {
          return await this.readOpen(handle, path, offset, limit);
        } finally {
          await handle.close();
        }
      } catch (error) {
        throw toFileError(error, path);
      } finally {
        await releaseAll(w.fs, w.dirs);
      }
    }
  }

  async readFile(path: string, options?: ReadFileOptions): Promise<string> {
    return Buffer.from(await this.readFileBytes(path, options)).toString('utf8');
  }

  async writeFile(path: string, content: string | Uint8Array): Promise<void> {
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) throw new UserError(`writeFile("${path}"): content must be a string or a Uint8Array.`);
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const w = await this.walk(path, { followFinal: true, createParents: true });
    const top = w.dirs[w.dirs.length - 1];
    const temp = `${top.path}/.tw-${randomBytes(6).toString('hex')}.tmp`;
    let created = false;
    try {
      if (w.name === undefined || w.type === 'dir') throw new SandboxFileError('is_directory', path);
      if (w.type === 'other') throw special(path);
      const mode = w.type === 'file' ? (await fsp.lstat(`${top.path}/${w.name}`)).mode & 0o7777 : undefined;
      const handle = await fsp.open(temp, CREATE_FLAGS, 0o666);
      created = true;
      try {
        if (mode !== undefined) await handle.chmod(mode);
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
      await fsp.rename(temp, `${top.path}/${w.name}`);
      created = false;
    } catch (error) {
      if (created) await fsp.unlink(temp).catch(() => undefined);
      throw toFileError(error, path);
    } finally {
      await releaseAll(w.fs, w.dirs);
    }
  }

  async listDir(path = '.'): Promise<DirEntry[]> {
    return this.inDirectory(path, async (dir) => {
      const entries: DirEntry[] = [];
      const listing = await fsp.opendir(dir.path);
      for await (const entry of listing) {
        if (entries.length >= this.limits.maxListEntries) {
          await listing.close().catch(() => undefined);
          throw new SandboxFileError('too_large', path, `more than ${this.limits.maxListEntries} entries`);
        }
        const stats = await fsp.lstat(`${dir.path}/${entry.name}`).catch(() => undefined);
        if (stats) entries.push({ name: entry.name, type: typeOf(stats), size: stats.size });
      }
      return entries;
    });
  }

  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const w = await this.walk(path, { followFinal: false });
    const fs = w.fs;
    try {
      if (w.name === undefined) {
        throw new SandboxFileError('permission_denied', path, w.canonical.length === 0 ? 'the working directory itself cannot be removed' : 'a path ending in "." or ".." cannot be removed');
      }
      const top = w.dirs[w.dirs.length - 1];
      if (w.type === 'missing') throw new SandboxFileError('not_found', path);
      if (w.type !== 'dir') await fsp.unlink(`${top.path}/${w.name}`);
      else if (options.recursive) await removeTree(fs, top, w.name, 0);
      else await fsp.rmdir(`${top.path}/${w.name}`);
    } catch (error) {
      throw toFileError(error, path);
    } finally {
      await releaseAll(fs, w.dirs);
    }
  }

  async stat(path: string): Promise<FileStat | null> {
    let w: Walked<HostDir> & { fs: WalkFs<HostDir> };
    try {
      w = await this.walk(path, { followFinal: false });
    } catch (error) {
      const kind = error instanceof SandboxFileError ? error.kind : undefined;
      if (kind === 'not_found' || kind === 'not_directory') return null;
      throw error;
    }
    try {
      const top = w.dirs[w.dirs.length - 1];
      const stats = await fsp.lstat(w.name === undefined ? top.path : `${top.path}/${w.name}`);
      return { type: typeOf(stats), size: stats.size, mtimeMs: stats.mtimeMs };
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw toFileError(error, path);
    } finally {
      await releaseAll(w.fs, w.dirs);
    }
  }

  async realPath(path: string): Promise<string> {
    const w = await this.walk(path, { followFinal: true, allowMissing: true });
    await releaseAll(w.fs, w.dirs);
    return w.canonical.length === 0 ? '.' : w.canonical.join('/');
  }

  /** Resolves a directory inside the working directory to its host path (for a command's cwd). */
  async resolveDirectory(path: string): Promise<HostDirectory> {
    return this.inDirectory(path, async (dir, canonical) => ({
      hostPath: HOLDS_DESCRIPTORS ? await fsp.readlink(dir.path) : dir.path,
      canonical,
    }));
  }

  /** Runs `use` with the directory at `path` open. */
  private async inDirectory<T>(path: string, use: (dir: HostDir, canonical: string[]) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const w = await this.walk(path, { followFinal: true });
      const fs = w.fs;
      let opened: HostDir | undefined;
      try {
        const top = w.dirs[w.dirs.length - 1];
        if (w.name !== undefined) {
          if (w.type === 'missing') throw new SandboxFileError('not_found', path);
          if (w.type !== 'dir') throw new SandboxFileError('not_directory', path);
          const entered = await fs.enter(top, w.name);
          if (entered === 'changed') {
            if (attempt < MAX_ATTEMPTS) continue;
            throw new SandboxFileError('busy', path);
          }
          opened = entered;
        }
        return await use(opened ?? top, w.canonical);
      } catch (error) {
        throw toFileError(error, path);
      } finally {
        if (opened) await fs.release(opened).catch(() => undefined);
        await releaseAll(fs, w.dirs);
      }
    }
  }

  private async readOpen(handle: fsp.FileHandle, path: string, offset: number, limit: number | undefined): Promise<Uint8Array> {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new SandboxFileError('is_directory', path);
    if (!stats.isFile()) throw special(path);
    const available = Math.max(0, stats.size - offset);
    const cap = this.limits.maxReadBytes;
    if (limit === undefined && available > cap) {
      throw new SandboxFileError('too_large', path, `${stats.size} bytes; the limit is ${cap} — read a range with offset and limit`);
    }
    const want = Math.min(limit ?? available, cap);
    const buffer = Buffer.alloc(want);
    let filled = 0;
    while (filled < want) {
      const { bytesRead } = await handle.read(buffer, filled, want - filled, offset + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  }

  private async walk(path: string, options: WalkOptions): Promise<Walked<HostDir> & { fs: WalkFs<HostDir> }> {
    const { fs, roots } = await this.root();
    try {
      const walked = await walk(fs, path, splitWorkPath(path, roots), roots, options);
      return { ...walked, fs };
    } catch (error) {
      throw toFileError(error, path);
    }
  }

  private root(): Promise<{ fs: WalkFs<HostDir>; roots: string[] }> {
    this.rootInfo ??= (async () => {
      let real: string;
      try {
        real = await fsp.realpath(this.workDir);
        if (!(await fsp.stat(real)).isDirectory()) throw new Error('not a directory');
      } catch {
        this.rootInfo = undefined;
        throw new UserError(`${this.where}: the working directory ${this.workDir} does not exist or is not a directory. Create it first.`);
      }
      return { fs: hostWalkFs(real), roots: [...new Set([real, this.workDir])] };
    })();
    return this.rootInfo;
  }
}

function special(path: string): OutsideWorkDirError {
  return new OutsideWorkDirError(path, 'it is a device or other special file, not a regular file');
}

async function removeTree(fs: WalkFs<HostDir>, parent: HostDir, name: string, depth: number): Promise<void> {
  if (depth > MAX_TREE_DEPTH) throw new SandboxFileError('failed', name, `directories nested deeper than ${MAX_TREE_DEPTH}`);
  const child = await fs.enter(parent, name);
  if (child === 'changed') {
    await fsp.unlink(`${parent.path}/${name}`);
    return;
  }
  try {
    const names: string[] = [];
    for await (const entry of await fsp.opendir(child.path)) names.push(entry.name);
    for (const entry of names) {
      const kind = await fs.kind(child, entry);
      if (kind === 'dir') await removeTree(fs, child, entry, depth + 1);
      else if (kind !== 'missing') await fsp.unlink(`${child.path}/${entry}`);
    }
  } finally {
    await fs.release(child);
  }
  await fsp.rmdir(`${parent.path}/${name}`);
}
