import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { SandboxFileError } from '../errors/sandbox-file.error';
import type { FileType } from '../sandbox/sandbox';
import { linkTargetComponents } from './work-path';

/** The few directory operations the resolver needs, relative to an open directory `H`. @internal */
export interface WalkFs<H> {
  /** Opens the working directory. */
  root(): Promise<H>;
  /** The kind of `name` inside `dir` (a symbolic link is not followed), or `missing`. */
  kind(dir: H, name: string): Promise<FileType | 'missing'>;
  /** Opens the subdirectory `name` without following a link; `changed` when it is no longer a directory. */
  enter(dir: H, name: string): Promise<H | 'changed'>;
  /** The target of the symbolic link `name`. */
  readLink(dir: H, name: string): Promise<string>;
  /** Creates the directory `name` (no error when it appeared meanwhile). */
  mkdir(dir: H, name: string): Promise<void>;
  /** Releases an opened directory. */
  release(dir: H): Promise<void>;
}

/** Where a path led: the open directories from the root down to its parent, and its last name. @internal */
export interface Walked<H> {
  /** Open directories, root first; the last one holds `name` (or is the target when `name` is undefined). */
  dirs: H[];
  /**
   * The last component, held by the last of `dirs`; undefined when the path ended on an open
   * directory itself (the working directory, or one reached through `..`, `.` or a link).
   */
  name: string | undefined;
  /** The entry's kind (after following a final link when asked). */
  type: FileType | 'missing';
  /** Canonical components from the root (links resolved), the last one included. */
  canonical: string[];
}

/** How to walk. @internal */
export interface WalkOptions {
  /** Follow a symbolic link in the last component (read, write), or stop at it (remove, stat). */
  followFinal: boolean;
  /** Create missing directories on the way (write). */
  createParents?: boolean;
  /** Keep going lexically past a missing directory (realPath); the result's dirs then stop at the last existing one. */
  allowMissing?: boolean;
}

const MAX_LINK_HOPS = 40;
const MAX_RETRIES = 8;

/**
 * Resolves `components` inside the working directory one name at a time, each relative to the
 * directory opened before it and never following a link implicitly: a link is read and its
 * target walked in turn, so a link leading out (at any depth, absolute or through `..`) is
 * refused with `OutsideWorkDirError`, and a link swapped in by a running command between two
 * steps is seen at the next step rather than followed. `..` returns to the directory actually
 * opened above, never above the root. The caller releases `dirs` (see {@link releaseAll}). @internal
 */
export async function walk<H>(fs: WalkFs<H>, requested: string, components: string[], roots: readonly string[], options: WalkOptions): Promise<Walked<H>> {
  const dirs: H[] = [await fs.root()];
  const names: string[] = [];
  const pending = [...components];
  let hops = 0;
  let retries = 0;
  // With allowMissing: the index in `names` of the first directory that does not exist (-1: none).
  let missingFrom = -1;
  try {
    while (pending.length > 0) {
      const name = pending.shift()!;
      if (name === '..') {
        if (names.length === 0) throw new OutsideWorkDirError(requested, '".." leads above it');
        if (missingFrom < 0) await fs.release(dirs.pop()!);
        names.pop();
        if (names.length <= missingFrom) missingFrom = -1;
        continue;
      }
      const last = pending.length === 0;
      if (missingFrom >= 0) {
        names.push(name);
        continue;
      }
      const top = dirs[dirs.length - 1];
      const type = await fs.kind(top, name);
      if (type === 'symlink' && (!last || options.followFinal)) {
        if (++hops > MAX_LINK_HOPS) throw new SandboxFileError('loop', requested);
        const target = linkTargetComponents(await fs.readLink(top, name), requested, roots);
        if (target.absolute) {
          while (dirs.length > 1) await fs.release(dirs.pop()!);
          names.length = 0;
        }
        pending.unshift(...target.components);
        continue;
      }
      if (last) {
        names.push(name);
        return { dirs, name, type, canonical: names };
      }
      if (type === 'missing') {
        if (options.createParents) {
          await fs.mkdir(top, name);
          pending.unshift(name);
          continue;
        }
        if (!options.allowMissing) throw new SandboxFileError('not_found', requested);
        missingFrom = names.length;
        names.push(name);
        continue;
      }
      if (type !== 'dir') throw new SandboxFileError('not_directory', requested);
      const opened = await fs.enter(top, name);
      if (opened === 'changed') {
        if (++retries > MAX_RETRIES) throw new SandboxFileError('busy', requested);
        pending.unshift(name);
        continue;
      }
      dirs.push(opened);
      names.push(name);
    }
    // The path ended on a directory reached through '..', '.' or a link: it is the last of `dirs`,
    // unless it lies past a missing directory.
    if (missingFrom >= 0) return { dirs, name: names[names.length - 1], type: 'missing', canonical: names };
    return { dirs, name: undefined, type: 'dir', canonical: names };
  } catch (error) {
    await releaseAll(fs, dirs);
    throw error;
  }
}

/** Releases every directory a walk opened. @internal */
export async function releaseAll<H>(fs: WalkFs<H>, dirs: H[]): Promise<void> {
  for (const dir of dirs.reverse()) await fs.release(dir).catch(() => undefined);
  dirs.length = 0;
}
