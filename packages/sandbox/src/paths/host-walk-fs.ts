import { constants, existsSync, promises as fsp, type Stats } from 'node:fs';
import type { FileType } from '../sandbox/sandbox';
import { errorCode } from './file-errors';
import type { WalkFs } from './walk';

/**
 * An open directory on the host: `path` names it for the next call. On Linux it is
 * `/proc/self/fd/<n>` of a descriptor held open, so a call on `path/name` resolves `name` inside
 * exactly that directory (like `openat`), whatever happens to the path it was opened by. @internal
 */
export interface HostDir {
  path: string;
  handle?: fsp.FileHandle;
}

/** Whether directories can be held by descriptor (Linux `/proc/self/fd`). @internal */
export const HOLDS_DESCRIPTORS = process.platform === 'linux' && existsSync('/proc/self/fd');

const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/** The kind of an entry from its `lstat`. @internal */
export function typeOf(stats: Stats): FileType {
  if (stats.isSymbolicLink()) return 'symlink';
  if (stats.isDirectory()) return 'dir';
  if (stats.isFile()) return 'file';
  return 'other';
}

/**
 * The resolver's directory operations on the host. Without `/proc/self/fd` (not Linux) each step
 * is checked by `lstat` and then used by path, which leaves a window in which a concurrently
 * running command could swap a directory for a link; see the README. @internal
 */
export function hostWalkFs(rootReal: string): WalkFs<HostDir> {
  return {
    async root() {
      if (!HOLDS_DESCRIPTORS) return { path: rootReal };
      const handle = await fsp.open(rootReal, DIR_FLAGS);
      return { path: `/proc/self/fd/${handle.fd}`, handle };
    },
    async kind(dir, name) {
      try {
        return typeOf(await fsp.lstat(`${dir.path}/${name}`));
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return 'missing';
        throw error;
      }
    },
    async enter(dir, name) {
      const path = `${dir.path}/${name}`;
      if (!HOLDS_DESCRIPTORS) {
        const stats = await fsp.lstat(path).catch(() => undefined);
        return stats?.isDirectory() ? { path } : 'changed';
      }
      try {
        const handle = await fsp.open(path, DIR_FLAGS);
        return { path: `/proc/self/fd/${handle.fd}`, handle };
      } catch (error) {
        const code = errorCode(error);
        if (code === 'ELOOP' || code === 'ENOTDIR' || code === 'ENOENT') return 'changed';
        throw error;
      }
    },
    readLink: (dir, name) => fsp.readlink(`${dir.path}/${name}`),
    async mkdir(dir, name) {
      await fsp.mkdir(`${dir.path}/${name}`).catch((error) => {
        if (errorCode(error) !== 'EEXIST') throw error;
      });
    },
    async release(dir) {
      await dir.handle?.close();
    },
  };
}
