import type { Sandbox } from '../sandbox/sandbox';
import { ApplyPatchError } from './apply-patch.error';
import type { PatchHunk } from './patch-types';
import { snapshotText, takeSnapshot, type Snapshot } from './snapshot';
import { applyChunks } from './update-content';

/** The UTF-8 byte-order mark (EF BB BF) as decoded text. */
const BOM = '\uFEFF';

/** A path the patch touches: what it held, and what it will hold (`null`: nothing). @internal */
export interface PlannedFile {
  /** The canonical path, relative to the working directory. */
  key: string;
  before: Snapshot;
  after: string | null | undefined;
}

/** Everything a patch will do, worked out in memory before anything is written. @internal */
export interface Plan {
  /** Touched paths in the order first touched. */
  files: PlannedFile[];
  added: string[];
  modified: string[];
  deleted: string[];
  moved: Array<[string, string]>;
  /** Moves as canonical keys, for the diff. */
  movedKeys: Array<[string, string]>;
  /** The summary, one `A`/`M`/`D` line per section, as Codex prints it. */
  summary: string[];
}

/**
 * Plans a patch: every section is applied, in order, to an in-memory view of the files (so a
 * later section sees what an earlier one did, as when Codex applies them one by one), reading
 * each file once. Fails, having written nothing, on the first section that cannot apply. @internal
 */
export async function planPatch(sandbox: Sandbox, hunks: readonly PatchHunk[], maxFileBytes: number): Promise<Plan> {
  if (hunks.length === 0) throw ApplyPatchError.notApplicable('No files were modified.');
  const files = new Map<string, PlannedFile>();
  const plan: Plan = { files: [], added: [], modified: [], deleted: [], moved: [], movedKeys: [], summary: [] };
  const touch = async (path: string): Promise<PlannedFile> => {
    const key = sandbox.realPath ? await sandbox.realPath(path) : normalise(path);
    let file = files.get(key);
    if (!file) {
      file = { key, before: await takeSnapshot(sandbox, key, path, maxFileBytes), after: undefined };
      files.set(key, file);
      plan.files.push(file);
    }
    return file;
  };
  const added: string[] = [];
  const modified: string[] = [];
  const deleted: string[] = [];
  for (const hunk of hunks) {
    const file = await touch(hunk.path);
    const now = current(file);
    if (hunk.type === 'add') {
      if (now.kind === 'dir') throw ApplyPatchError.notApplicable(`Failed to write file ${hunk.path}: is a directory`);
      file.after = hunk.contents;
      plan.added.push(hunk.path);
      added.push(`A ${hunk.path}`);
    } else if (hunk.type === 'delete') {
      if (now.kind !== 'file') throw ApplyPatchError.notApplicable(`Failed to delete file ${hunk.path}: ${now.kind === 'dir' ? 'is a directory' : 'not found'}`);
      file.after = null;
      plan.deleted.push(hunk.path);
      deleted.push(`D ${hunk.path}`);
    } else {
      if (now.kind !== 'file') throw ApplyPatchError.notApplicable(`Failed to read file to update ${hunk.path}: ${now.kind === 'dir' ? 'is a directory' : 'not found'}`);
      const text = now.text ?? snapshotText(file.before as Snapshot & { kind: 'file' }, `Failed to read file to update ${hunk.path}`);
      // A byte-order mark belongs to the file, not to line 1: the chunks apply to the text after
      // it, and the updated file (or the file it moves to) starts with it again.
      const bom = text.startsWith(BOM) ? BOM : '';
      const updated = bom + applyChunks(text.slice(bom.length), hunk.chunks, hunk.path);
      const target = hunk.movePath !== undefined ? await touch(hunk.movePath) : file;
      if (target !== file) {
        if (current(target).kind === 'dir') throw ApplyPatchError.notApplicable(`Failed to write file ${hunk.movePath}: is a directory`);
        file.after = null;
        plan.moved.push([hunk.path, hunk.movePath!]);
        plan.movedKeys.push([file.key, target.key]);
      } else {
        plan.modified.push(hunk.path);
      }
      target.after = updated;
      modified.push(`M ${hunk.movePath ?? hunk.path}`);
    }
  }
  plan.summary = [...added, ...modified, ...deleted];
  return plan;
}

/** What a planned path holds at this point of the plan. */
function current(file: PlannedFile): { kind: 'absent' | 'dir' | 'file'; text?: string } {
  if (file.after === null) return { kind: 'absent' };
  if (file.after !== undefined) return { kind: 'file', text: file.after };
  return { kind: file.before.kind };
}

/** A path's lexical normal form, for sandboxes without `realPath`. */
function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return (path.startsWith('/') ? '/' : '') + parts.join('/') || '.';
}
