import { randomBytes } from 'node:crypto';
import type { Stats } from 'ssh2';
import { UserError } from '@toolwright/core';
import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { SandboxFileError } from '../errors/sandbox-file.error';
import { checkRange, type FileLimits } from '../paths/file-limits';
import { errorCode, toFileError } from '../paths/file-errors';
import { walk, type WalkFs, type WalkOptions, type Walked } from '../paths/walk';
import { splitWorkPath } from '../paths/work-path';
import type { DirEntry, FileStat, ReadFileOptions } from '../sandbox/sandbox';
import type { SandboxFiles } from '../sandbox/sandbox-files';
import type { AnchorMode, RemoteAnchor, RemoteAnchors } from './remote-anchor';
import { type SftpClient, sftpType } from './sftp-client';
import { sftpWalkFs } from './sftp-walk-fs';

const CHUNK = 32 * 1024;
const MAX_ATTEMPTS = 8;
/** What `use` answers when the path changed under it: walk again. */
const AGAIN = Symbol('again');

/** Where to stand the anchor for an operation, or its result when the walk already decided it. */
type Placement<T> = { dirs: string[]; mode: AnchorMode; name?: string } | { result: T };

/**
 * File operations on the remote working directory over SFTP, confined the same way as on the
 * host: each name is looked up with `lstat` on the remote side and links are read and resolved
 * against the working directory, never followed blindly. SFTP resolves every path afresh and has
 * no `openat`, so the directory (and for a read, the file) an operation works in is then held by
 * a small remote shell ({@link RemoteAnchors}) and reached through `/proc/<pid>/cwd` and
 * `/proc/<pid>/fd/3`: a running command that swaps a directory on the way for a link between the
 * check and the use is refused, never followed. Without `/proc` on the remote host the checked
 * path is used, and a read compares the opened file's attributes with what was checked. @internal
 */
export class SftpFiles implements SandboxFiles {
  private rootInfo?: Promise<{ fs: WalkFs<string>; roots: string[]; real: string }>;

  constructor(
    private readonly client: () => Promise<SftpClient>,
    private readonly anchors: RemoteAnchors,
    readonly workDir: string,
    private readonly limits: Required<FileLimits>,
  ) {}

  async readFileBytes(path: string, options: ReadFileOptions = {}): Promise<Uint8Array> {
    const { offset, limit } = checkRange(options, path);
    const sftp = await this.client();
    return this.anchored<Uint8Array>(
      path,
      { followFinal: true },
      (w) => {
        if (w.name === undefined || w.type === 'dir') throw new SandboxFileError('is_directory', path);
        if (w.type === 'missing') throw new SandboxFileError('not_found', path);
        if (w.type === 'other') throw special(path);
        return { dirs: w.canonical.slice(0, -1), mode: 'read', name: w.name };
      },
      async (anchor, w) => {
        const target = anchor.file ?? `${anchor.dir}/${w.name}`;
        try {
          // Without a held file (no /proc on the remote host), what is opened must match what was checked.
          const checked = anchor.file === undefined ? await sftp.lstat(target) : undefined;
          if (checked !== undefined && sftpType(checked.mode) !== 'file') return AGAIN;
          const handle = await sftp.open(target, 'r');
          try {
            const opened = await sftp.fstat(handle);
            if (sftpType(opened.mode) !== 'file' || (checked !== undefined && !sameFile(checked, opened))) return AGAIN;
            return await this.readOpen(sftp, handle, opened, path, offset, limit);
          } finally {
            await sftp.close(handle).catch(() => undefined);
          }
        } catch (error) {
          if (errorCode(error) === 'ENOENT') return AGAIN;
          throw error;
        }
      },
    );
  }

  async readFile(path: string, options?: ReadFileOptions): Promise<string> {
    return Buffer.from(await this.readFileBytes(path, options)).toString('utf8');
  }

  async writeFile(path: string, content: string | Uint8Array): Promise<void> {
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) throw new UserError(`writeFile("${path}"): content must be a string or a Uint8Array.`);
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
    const sftp = await this.client();
    // Missing directories are created by the anchor, each inside the one it stands in.
    return this.anchored<void>(
      path,
      { followFinal: true, allowMissing: true },
      (w) => {
        if (w.name === undefined || w.type === 'dir') throw new SandboxFileError('is_directory', path);
        if (w.type === 'other') throw special(path);
        return { dirs: w.canonical.slice(0, -1), mode: 'mkdirs' };
      },
      (anchor, w) => writeThrough(sftp, anchor.dir, w.name!, bytes),
    );
  }

  async listDir(path = '.'): Promise<DirEntry[]> {
    const sftp = await this.client();
    return this.anchored<DirEntry[]>(
      path,
      { followFinal: true },
      (w) => {
        if (w.name !== undefined && w.type === 'missing') throw new SandboxFileError('not_found', path);
        if (w.name !== undefined && w.type !== 'dir') throw new SandboxFileError('not_directory', path);
        return { dirs: w.canonical, mode: 'dir' };
      },
      async (anchor) => {
        const list = await sftp.readdir(anchor.dir);
        if (list.length > this.limits.maxListEntries) throw new SandboxFileError('too_large', path, `more than ${this.limits.maxListEntries} entries`);
        return list
          .filter((e) => e.filename !== '.' && e.filename !== '..')
          .map((e) => ({ name: e.filename, type: sftpType(e.attrs.mode), size: e.attrs.size }));
      },
    );
  }

  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const sftp = await this.client();
    return this.anchored<void>(
      path,
      { followFinal: false },
      (w) => {
        if (w.name === undefined) {
          throw new SandboxFileError('permission_denied', path, w.canonical.length === 0 ? 'the working directory itself cannot be removed' : 'a path ending in "." or ".." cannot be removed');
        }
        if (w.type === 'missing') throw new SandboxFileError('not_found', path);
        // A tree is removed by the remote shell standing in its parent (rm -rf never follows links).
        return { dirs: w.canonical.slice(0, -1), mode: w.type === 'dir' && options.recursive === true ? 'rmtree' : 'dir', name: w.name };
      },
      async (anchor, w) => {
        // The anchor removed the tree itself.
        if (w.type === 'dir' && options.recursive === true) return;
        const target = `${anchor.dir}/${w.name}`;
        if (sftpType((await sftp.lstat(target)).mode) !== 'dir') return sftp.unlink(target);
        // It became a directory since the walk: walk again to remove it as one.
        if (options.recursive) return AGAIN;
        if ((await sftp.readdir(target)).some((e) => e.filename !== '.' && e.filename !== '..')) throw new SandboxFileError('not_empty', path);
        return sftp.rmdir(target);
      },
    );
  }

  async stat(path: string): Promise<FileStat | null> {
    try {
      return await this.anchored<FileStat | null>(
        path,
        { followFinal: false },
        (w) => (w.name !== undefined && w.type === 'missing' ? { result: null } : { dirs: w.name === undefined ? w.canonical : w.canonical.slice(0, -1), mode: 'dir' }),
        async (anchor, w) => {
          const stats = await (await this.client()).lstat(`${anchor.dir}/${w.name ?? '.'}`);
          return { type: sftpType(stats.mode), size: stats.size, mtimeMs: stats.mtime * 1000 };
        },
      );
    } catch (error) {
      const kind = error instanceof SandboxFileError ? error.kind : undefined;
      if (kind === 'not_found' || kind === 'not_directory') return null;
      throw error;
    }
  }

  async realPath(path: string): Promise<string> {
    const w = await this.walk(path, { followFinal: true, allowMissing: true });
    return w.canonical.length === 0 ? '.' : w.canonical.join('/');
  }

  /** The remote absolute path of a directory inside the working directory (for a command's cwd). */
  async directory(path: string): Promise<string> {
    const w = await this.walk(path, { followFinal: true });
    if (w.name === undefined) return w.dirs[w.dirs.length - 1];
    if (w.type === 'missing') throw new SandboxFileError('not_found', path);
    if (w.type !== 'dir') throw new SandboxFileError('not_directory', path);
    return `${w.dirs[w.dirs.length - 1]}/${w.name}`;
  }

  private async readOpen(sftp: SftpClient, handle: Buffer, stats: Stats, path: string, offset: number, limit: number | undefined): Promise<Uint8Array> {
    const available = Math.max(0, stats.size - offset);
    const cap = this.limits.maxReadBytes;
    if (limit === undefined && available > cap) {
      throw new SandboxFileError('too_large', path, `${stats.size} bytes; the limit is ${cap} — read a range with offset and limit`);
    }
    const want = Math.min(limit ?? available, cap);
    const buffer = Buffer.alloc(want);
    let filled = 0;
    while (filled < want) {
      const read = await sftp.read(handle, buffer, filled, Math.min(CHUNK, want - filled), offset + filled);
      if (read === 0) break;
      filled += read;
    }
    return buffer.subarray(0, filled);
  }

  /**
   * Walks `path`, stands a remote anchor where `place` says (or returns what it decided alone),
   * and runs `use` there; walks again, up to {@link MAX_ATTEMPTS} times, while the path changes
   * under it (the anchor found it changed, or `use` answered {@link AGAIN}).
   */
  private async anchored<T>(path: string, options: WalkOptions, place: (w: Walked<string>) => Placement<T>, use: (anchor: RemoteAnchor, w: Walked<string>) => Promise<T | typeof AGAIN>): Promise<T> {
    const { real } = await this.root();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const w = await this.walk(path, options);
      const placement = place(w);
      if ('result' in placement) return placement.result;
      const anchor = await this.anchors.stand({ root: real, dirs: placement.dirs, mode: placement.mode, name: placement.name, requested: path });
      if (anchor === 'changed') continue;
      try {
        const result = await use(anchor, w);
        if (result !== AGAIN) return result;
      } catch (error) {
        throw toFileError(error, path);
      } finally {
        anchor.release();
      }
    }
    throw new SandboxFileError('busy', path);
  }

  private async walk(path: string, options: WalkOptions): Promise<Walked<string>> {
    const { fs, roots } = await this.root();
    try {
      // Remote directories are held by path: there is nothing to release.
      return await walk(fs, path, splitWorkPath(path, roots), roots, options);
    } catch (error) {
      throw toFileError(error, path);
    }
  }

  private root(): Promise<{ fs: WalkFs<string>; roots: string[]; real: string }> {
    this.rootInfo ??= (async () => {
      const sftp = await this.client();
      let real: string;
      try {
        real = await sftp.realpath(this.workDir);
        if (sftpType((await sftp.lstat(real)).mode) !== 'dir') throw new Error('not a directory');
      } catch {
        this.rootInfo = undefined;
        throw new UserError(`SshSandbox: the working directory ${this.workDir} does not exist on the remote host or is not a directory. Create it first.`);
      }
      return { fs: sftpWalkFs(sftp, real), roots: [...new Set([real, this.workDir])], real };
    })();
    return this.rootInfo;
  }
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.mode === b.mode && a.size === b.size && a.mtime === b.mtime && a.uid === b.uid && a.gid === b.gid;
}

function special(path: string): OutsideWorkDirError {
  return new OutsideWorkDirError(path, 'it is a device or other special file, not a regular file');
}

/** Writes `bytes` to `name` in `dir` through a new temporary file renamed over it (keeping an existing file's mode). */
async function writeThrough(sftp: SftpClient, dir: string, name: string, bytes: Buffer): Promise<void> {
  const target = `${dir}/${name}`;
  const temp = `${dir}/.tw-${randomBytes(6).toString('hex')}.tmp`;
  const existing = await sftp.lstat(target).catch(() => undefined);
  const mode = existing && sftpType(existing.mode) === 'file' ? existing.mode & 0o7777 : undefined;
  const handle = await sftp.open(temp, 'wx', 0o644);
  try {
    try {
      if (mode !== undefined) await sftp.fchmod(handle, mode);
      for (let at = 0; at < bytes.length; at += CHUNK) await sftp.write(handle, bytes, at, Math.min(CHUNK, bytes.length - at), at);
    } finally {
      await sftp.close(handle);
    }
    await sftp.replace(temp, target);
  } catch (error) {
    await sftp.unlink(temp).catch(() => undefined);
    throw error;
  }
}
