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

const CHUNK = 32 * 1024;
const MAX_ATTEMPTS = 8;

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
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const w = await this.walk(path, { followFinal: true });
      if (w.name === undefined || w.type === 'dir') throw new SandboxFileError('is_directory', path);
      if (w.type === 'missing') throw new SandboxFileError('not_found', path);
      if (w.type === 'other') throw special(path);
      const anchor = await this.anchor(w.canonical.slice(0, -1), 'read', path, w.name);
      if (anchor === 'changed') continue;
      try {
        const target = anchor.file ?? `${anchor.dir}/${w.name}`;
        // Without a held file (no /proc on the remote host), what is opened must match what was checked.
        const checked = anchor.file === undefined ? await sftp.lstat(target) : undefined;
        if (checked !== undefined && sftpType(checked.mode) !== 'file') continue;
        const handle = await sftp.open(target, 'r');
        try {
          const opened = await sftp.fstat(handle);
          if (sftpType(opened.mode) !== 'file' || (checked !== undefined && !sameFile(checked, opened))) continue;
          return await this.readOpen(sftp, handle, opened, path, offset, limit);
        } finally {
          await sftp.close(handle).catch(() => undefined);
        }
      } catch (error) {
        if (errorCode(error) === 'ENOENT') continue;
        throw toFileError(error, path);
      } finally {
        anchor.release();
      }
    }
    throw new SandboxFileError('busy', path);
  }

  async readFile(path: string, options?: ReadFileOptions): Promise<string> {
    return Buffer.from(await this.readFileBytes(path, options)).toString('utf8');
  }

  async writeFile(path: string, content: string | Uint8Array): Promise<void> {
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) throw new UserError(`writeFile("${path}"): content must be a string or a Uint8Array.`);
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
    const sftp = await this.client();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // Missing directories are created by the anchor, each inside the one it stands in.
      const w = await this.walk(path, { followFinal: true, allowMissing: true });
      if (w.name === undefined || w.type === 'dir') throw new SandboxFileError('is_directory', path);
      if (w.type === 'other') throw special(path);
      const anchor = await this.anchor(w.canonical.slice(0, -1), 'mkdirs', path);
      if (anchor === 'changed') continue;
      try {
        await writeThrough(sftp, anchor.dir, w.name, bytes);
        return;
      } catch (error) {
        throw toFileError(error, path);
      } finally {
        anchor.release();
      }
    }
    throw new SandboxFileError('busy', path);
  }

  async listDir(path = '.'): Promise<DirEntry[]> {
    const sftp = await this.client();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const w = await this.walk(path, { followFinal: true });
      if (w.name !== undefined && w.type === 'missing') throw new SandboxFileError('not_found', path);
      if (w.name !== undefined && w.type !== 'dir') throw new SandboxFileError('not_directory', path);
      const anchor = await this.anchor(w.canonical, 'dir', path);
      if (anchor === 'changed') continue;
      try {
        const list = await sftp.readdir(anchor.dir);
        if (list.length > this.limits.maxListEntries) throw new SandboxFileError('too_large', path, `more than ${this.limits.maxListEntries} entries`);
        return list
          .filter((e) => e.filename !== '.' && e.filename !== '..')
          .map((e) => ({ name: e.filename, type: sftpType(e.attrs.mode), size: e.attrs.size }));
      } catch (error) {
        throw toFileError(error, path);
      } finally {
        anchor.release();
      }
    }
    throw new SandboxFileError('busy', path);
  }

  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const sftp = await this.client();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const w = await this.walk(path, { followFinal: false });
      if (w.name === undefined) {
        throw new SandboxFileError('permission_denied', path, w.canonical.length === 0 ? 'the working directory itself cannot be removed' : 'a path ending in "." or ".." cannot be removed');
      }
      if (w.type === 'missing') throw new SandboxFileError('not_found', path);
      const tree = w.type === 'dir' && options.recursive === true;
      // A tree is removed by the remote shell standing in its parent (rm -rf never follows links).
      const anchor = await this.anchor(w.canonical.slice(0, -1), tree ? 'rmtree' : 'dir', path, w.name);
      if (anchor === 'changed') continue;
      if (tree) return;
      try {
        const target = `${anchor.dir}/${w.name}`;
        if (sftpType((await sftp.lstat(target)).mode) !== 'dir') await sftp.unlink(target);
        else if (options.recursive) continue;
        else {
          if ((await sftp.readdir(target)).some((e) => e.filename !== '.' && e.filename !== '..')) throw new SandboxFileError('not_empty', path);
          await sftp.rmdir(target);
        }
        return;
      } catch (error) {
        throw toFileError(error, path);
      } finally {
        anchor.release();
      }
    }
    throw new SandboxFileError('busy', path);
  }

  async stat(path: string): Promise<FileStat | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let w: Walked<string>;
      try {
        w = await this.walk(path, { followFinal: false });
      } catch (error) {
        const kind = error instanceof SandboxFileError ? error.kind : undefined;
        if (kind === 'not_found' || kind === 'not_directory') return null;
        throw error;
      }
      if (w.name !== undefined && w.type === 'missing') return null;
      const anchor = await this.anchor(w.name === undefined ? w.canonical : w.canonical.slice(0, -1), 'dir', path);
      if (anchor === 'changed') continue;
      try {
        const stats = await (await this.client()).lstat(`${anchor.dir}/${w.name ?? '.'}`);
        return { type: sftpType(stats.mode), size: stats.size, mtimeMs: stats.mtime * 1000 };
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return null;
        throw toFileError(error, path);
      } finally {
        anchor.release();
      }
    }
    throw new SandboxFileError('busy', path);
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

  private async anchor(dirs: string[], mode: AnchorMode, path: string, name?: string): Promise<RemoteAnchor | 'changed'> {
    const { real } = await this.root();
    return this.anchors.stand({ root: real, dirs, mode, name, requested: path });
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

function sftpWalkFs(sftp: SftpClient, root: string): WalkFs<string> {
  return {
    root: async () => root,
    async kind(dir, name) {
      try {
        return sftpType((await sftp.lstat(`${dir}/${name}`)).mode);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return 'missing';
        throw error;
      }
    },
    async enter(dir, name) {
      const path = `${dir}/${name}`;
      const stats = await sftp.lstat(path).catch(() => undefined);
      return stats && sftpType(stats.mode) === 'dir' ? path : 'changed';
    },
    readLink: (dir, name) => sftp.readlink(`${dir}/${name}`),
    async mkdir(dir, name) {
      try {
        await sftp.mkdir(`${dir}/${name}`);
      } catch (error) {
        // SFTP reports an existing directory as a generic failure: look before deciding.
        const stats = await sftp.lstat(`${dir}/${name}`).catch(() => undefined);
        if (!stats) throw error;
      }
    },
    release: async () => undefined,
  };
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
