import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { SandboxFileError } from '../errors/sandbox-file.error';
import type { Sandbox } from '../sandbox/sandbox';
import { ApplyPatchError } from './apply-patch.error';

/** What a path held before the patch: nothing, a directory, or a file's bytes. @internal */
export type Snapshot = { kind: 'absent' } | { kind: 'dir' } | { kind: 'file'; bytes: Uint8Array };

/** How much a read asks for at once; the sandbox may return less (its own cap). */
const READ_CHUNK = 1024 * 1024;

/**
 * Reads what `path` holds, whole, so that it can be restored if the patch has to be rolled back.
 * Files larger than `maxBytes` are refused: a patch that cannot be undone is not applied. @internal
 */
export async function takeSnapshot(sandbox: Sandbox, path: string, shown: string, maxBytes: number): Promise<Snapshot> {
  const stat = await sandbox.stat(path);
  if (stat === null) return { kind: 'absent' };
  if (stat.type === 'dir') return { kind: 'dir' };
  if (stat.type === 'other') throw new OutsideWorkDirError(shown, 'it is a device or other special file, not a regular file');
  if (stat.size > maxBytes) {
    throw ApplyPatchError.notApplicable(`${shown} is ${stat.size} bytes, over the ${maxBytes}-byte limit for files a patch may change (it could not be restored on failure)`);
  }
  if (!sandbox.readFileBytes) return { kind: 'file', bytes: Buffer.from(await sandbox.readFile(path), 'utf8') };
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const part = await sandbox.readFileBytes(path, { offset: total, limit: READ_CHUNK });
    if (part.length === 0) break;
    parts.push(part);
    total += part.length;
    if (total > maxBytes) throw ApplyPatchError.notApplicable(`${shown} grew past the ${maxBytes}-byte limit while it was being read`);
  }
  return { kind: 'file', bytes: Buffer.concat(parts) };
}

/**
 * The text of a snapshot, a UTF-8 byte-order mark included (as `\uFEFF`), or an error naming the
 * file when it is not UTF-8. @internal
 */
export function snapshotText(snapshot: Snapshot & { kind: 'file' }, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(snapshot.bytes);
  } catch {
    throw ApplyPatchError.notApplicable(`${what}: the file is not UTF-8 text`);
  }
}

/** A sandbox file error as the short reason Codex-style messages end with. @internal */
export function reasonOf(error: unknown): string {
  if (error instanceof SandboxFileError) return error.kindText;
  if (error instanceof OutsideWorkDirError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
