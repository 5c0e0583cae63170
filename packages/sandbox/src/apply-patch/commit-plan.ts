import type { Sandbox } from '../sandbox/sandbox';
import { ApplyPatchError } from './apply-patch.error';
import type { Plan, PlannedFile } from './plan-patch';
import { reasonOf } from './snapshot';

/** A file write or removal that was carried out, and the directories it had to create. */
interface Done {
  file: PlannedFile;
  createdDirs: string[];
}

/** The files whose content actually changes (an added-then-deleted file, say, does not). @internal */
export function changedFiles(plan: Plan): PlannedFile[] {
  return plan.files.filter((file) => {
    if (file.after === undefined) return false;
    if (file.after === null) return file.before.kind === 'file';
    return file.before.kind !== 'file' || Buffer.compare(Buffer.from(file.before.bytes), Buffer.from(file.after, 'utf8')) !== 0;
  });
}

/**
 * Writes a plan: each changed file in turn (an atomic replace, or a removal). If anything fails,
 * what was done is undone in reverse order from the snapshots, directories the patch created are
 * removed again, and the error says the patch was rolled back; the tree is then as it was. @internal
 */
export async function commitPlan(sandbox: Sandbox, plan: Plan): Promise<void> {
  const done: Done[] = [];
  try {
    for (const file of changedFiles(plan)) {
      const after = file.after ?? null;
      if (after === null) {
        await sandbox.remove(file.key);
        done.push({ file, createdDirs: [] });
      } else {
        const createdDirs = await missingParents(sandbox, file.key);
        // Recorded before the write: a failed write may still have created the directories.
        done.push({ file, createdDirs });
        await sandbox.writeFile(file.key, after);
      }
    }
  } catch (error) {
    const failures = await rollBack(sandbox, done);
    const reason = `${reasonOf(error)}`;
    if (failures.length === 0) throw new ApplyPatchError('rolled_back', `apply aborted and rolled back, no file was changed: ${reason}`, undefined, undefined, { cause: error });
    throw new ApplyPatchError(
      'rollback_failed',
      `apply aborted (${reason}) and the rollback failed; these files may differ from before: ${failures.join('; ')}`,
      undefined,
      undefined,
      { cause: error },
    );
  }
}

async function rollBack(sandbox: Sandbox, done: Done[]): Promise<string[]> {
  const failures: string[] = [];
  for (const { file, createdDirs } of [...done].reverse()) {
    try {
      if (file.before.kind === 'file') await sandbox.writeFile(file.key, file.before.bytes);
      else if ((await sandbox.stat(file.key)) !== null) await sandbox.remove(file.key);
    } catch (error) {
      failures.push(`${file.key} (${reasonOf(error)})`);
    }
    for (const dir of [...createdDirs].reverse()) await sandbox.remove(dir).catch(() => undefined);
  }
  return failures;
}

/** The parent directories of `key` that do not exist yet, outermost first. */
async function missingParents(sandbox: Sandbox, key: string): Promise<string[]> {
  const parts = key.split('/').slice(0, -1);
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    if ((await sandbox.stat(prefix)) === null) return parts.slice(i - 1).map((_, j) => parts.slice(0, i + j).join('/'));
  }
  return [];
}
