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
import { type SftpClient, sftpType } from './sftp-client';

const CHUNK = 32 * 1024;
const MAX_ATTEMPTS = 8;
const MAX_TREE_DEPTH = 512;

/**
 * File operations on the remote working directory over SFTP, confined the same way as on the
 * host: each name is looked up with `lstat` on the remote side and links are read and resolved
 * against the working directory, never followed blindly. SFTP has no `openat`, so after each open
 * the handle's attributes are compared with what was checked, and a mismatch is retried. @internal
 */
export class SftpFiles implements SandboxFiles {
  private rootInfo?: Promise<{ fs: WalkFs<string>; roots: string[]; real: string }>;

  constructor(
    private readonly client: () => Promise<SftpClient>,
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
      const target = `${w.dirs[w.dirs.length - 1]}/${w.name}`;
      try {
        const checked = await sftp.lstat(target);
        if (sftpType(checked.mode) !== 'file') continue;
        const handle = await sftp.open(target, 'r');
        try {
          const opened = await sftp.fstat(handle);
          if (!sameFile(checked, opened)) continue;
          await this.checkStillInside(sftp, target, path);
          return await this.readOpen(sftp, handle, opened, path, offset, limit);
        } finally {
          await sftp.close(handle).catch(() => undefined);
        }
      } catch (error) {
        if (errorCode(error) === 'ENOENT') continue;
        throw toFileError(error, path);
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
    const w = await this.walk(path, { followFinal: true, createParents: true });
    if (w.name === undefined || w.type === 'dir') throw new SandboxFileError('is_directory', path);
    if (w.type === 'other') throw special(path);
    const dir = w.dirs[w.dirs.length - 1];
    const temp = `${dir}/.tw-${randomBytes(6).toString('hex')}.tmp`;
    let created = false;
    try {
      const mode = w.type === 'file' ? (await sftp.lstat(`${dir}/${w.name}`)).mode & 0o7777 : undefined;
      const handle = await sftp.open(temp, 'wx', 0o644);
      created = true;
      try {
        if (mode !== undefined) await sftp.fchmod(handle, mode);
        for (let at = 0; at < bytes.length; at += CHUNK) await sftp.write(handle, bytes, at, Math.min(CHUNK, bytes.length - at), at);
      } finally {
        await sftp.close(handle);
      }
      await sftp.replace(temp, `${dir}/${w.name}`);
      created = false;
    } catch (error) {
      if (created) await sftp.unlink(temp).catch(() => undefined);
      throw toFileError(error, path);
    }
  }

  async listDir(path = '.'): Promise<DirEntry[]> {
    const sftp = await this.client();
    const dir = await this.directory(path);
    try {
      const list = await sftp.readdir(dir);
      if (list.length > this.limits.maxListEntries) throw new SandboxFileError('too_large', path, `more than ${this.limits.maxListEntries} entries`);
      return list
        .filter((e) => e.filename !== '.' && e.filename !== '..')
        .map((e) => ({ name: e.filename, type: sftpType(e.attrs.mode), size: e.attrs.size }));
    } catch (error) {
      throw toFileError(error, path);
    }
  }

  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const sftp = await this.client();
    const w = await this.walk(path, { followFinal: false });
    if (w.name === undefined) {
      throw new SandboxFileError('permission_denied', path, w.canonical.length === 0 ? 'the working directory itself cannot be removed' : 'a path ending in "." or ".." cannot be removed');
    }
    if (w.type === 'missing') throw new SandboxFileError('not_found', path);
    const target = `${w.dirs[w.dirs.length - 1]}/${w.name}`;
    try {
      if (w.type !== 'dir') await sftp.unlink(target);
      else if (options.recursive) await removeTree(sftp, target, 0);
      else {
        if ((await sftp.readdir(target)).some((e) => e.filename !== '.' && e.filename !== '..')) throw new SandboxFileError('not_empty', path);
        await sftp.rmdir(target);
      }
    } catch (error) {
      throw toFileError(error, path);
    }
  }

  async stat(path: string): Promise<FileStat | null> {
    let w: Walked<string>;
    try {
      w = await this.walk(path, { followFinal: false });
    } catch (error) {
      const kind = error instanceof SandboxFileError ? error.kind : undefined;
      if (kind === 'not_found' || kind === 'not_directory') return null;
      throw error;
    }
    const top = w.dirs[w.dirs.length - 1];
    try {
      const stats = await (await this.client()).lstat(w.name === undefined ? top : `${top}/${w.name}`);
      return { type: sftpType(stats.mode), size: stats.size, mtimeMs: stats.mtime * 1000 };
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw toFileError(error, path);
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

  /** The server's own resolution of the opened path must still lie inside (a second, independent check). */
  private async checkStillInside(sftp: SftpClient, target: string, path: string): Promise<void> {
    const { roots } = await this.root();
    const real = await sftp.realpath(target);
    if (!roots.some((r) => real === r || real.startsWith(`${r}/`))) throw new OutsideWorkDirError(path, 'a symbolic link on the way leads out of it');
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

async function removeTree(sftp: SftpClient, path: string, depth: number): Promise<void> {
  if (depth > MAX_TREE_DEPTH) throw new SandboxFileError('failed', path, `directories nested deeper than ${MAX_TREE_DEPTH}`);
  for (const entry of await sftp.readdir(path)) {
    if (entry.filename === '.' || entry.filename === '..') continue;
    const child = `${path}/${entry.filename}`;
    if (sftpType(entry.attrs.mode) === 'dir') await removeTree(sftp, child, depth + 1);
    else await sftp.unlink(child);
  }
  await sftp.rmdir(path);
}
