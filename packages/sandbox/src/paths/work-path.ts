import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { SandboxFileError } from '../errors/sandbox-file.error';

/** Longest path accepted from a caller. */
const MAX_PATH_CHARS = 4096;

/**
 * Splits a requested path into components relative to the working directory (lexically; `..`
 * stays for the resolver, which applies it to the directory actually reached). An absolute path
 * is accepted only when it lies under one of `roots` (the working directory as configured and as
 * resolved); anything else is refused. @internal
 */
export function splitWorkPath(requested: string, roots: readonly string[]): string[] {
  if (typeof requested !== 'string') throw new SandboxFileError('invalid', String(requested), 'a path must be a string');
  if (requested.includes('\0')) throw new SandboxFileError('invalid', requested.replace(/\0/g, '\\0'), 'it contains a NUL character');
  if (requested.length > MAX_PATH_CHARS) throw new SandboxFileError('invalid', `${requested.slice(0, 60)}…`, `longer than ${MAX_PATH_CHARS} characters`);
  let rest = requested;
  if (requested.startsWith('/')) {
    const normal = collapseSlashes(requested);
    const root = roots.find((r) => normal === r || normal.startsWith(r === '/' ? '/' : `${r}/`));
    if (root === undefined) throw new OutsideWorkDirError(requested, 'an absolute path outside the working directory');
    rest = normal.slice(root.length);
  }
  const components = rest.split('/').filter((c) => c !== '' && c !== '.');
  // Refused as written, before anything is looked up: `a/../../x` leads above the root whether or not `a` exists.
  let depth = 0;
  for (const c of components) {
    depth += c === '..' ? -1 : 1;
    if (depth < 0) throw new OutsideWorkDirError(requested, '".." leads above it');
  }
  return components;
}

/** Resolves a symbolic link's target against the root: its components, or a refusal. @internal */
export function linkTargetComponents(target: string, requested: string, roots: readonly string[]): { absolute: boolean; components: string[] } {
  if (!target.startsWith('/')) return { absolute: false, components: target.split('/').filter((c) => c !== '' && c !== '.') };
  const normal = collapseSlashes(target);
  const root = roots.find((r) => normal === r || normal.startsWith(`${r}/`));
  if (root === undefined) throw new OutsideWorkDirError(requested, 'a symbolic link on the way leads out of it');
  return { absolute: true, components: normal.slice(root.length).split('/').filter((c) => c !== '' && c !== '.') };
}

function collapseSlashes(path: string): string {
  const collapsed = path.replace(/\/+/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}
