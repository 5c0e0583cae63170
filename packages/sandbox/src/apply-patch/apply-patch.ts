import type { Sandbox } from '../sandbox/sandbox';
import { commitPlan, changedFiles } from './commit-plan';
import { parsePatch } from './parse-patch';
import type { Plan, PlannedFile } from './plan-patch';
import { planPatch } from './plan-patch';
import { fileDiff } from './unified-diff';

/** What an applied patch did. */
export interface ApplyPatchResult {
  /** Paths of `*** Add File` sections, as written in the patch. */
  added: string[];
  /** Paths updated in place. */
  modified: string[];
  deleted: string[];
  /** `[from, to]` of updates with `*** Move to`. */
  moved: Array<[string, string]>;
  /** Codex's summary: `Success. Updated the following files:` and an `A`/`M`/`D` line per section. */
  summary: string;
  /** A unified diff of every changed file (paths relative to the working directory). */
  diff: string;
}

/** Options of {@link applyPatch}. */
export interface ApplyPatchOptions {
  /** Largest file a patch may change or delete (it is held in memory to be restored on failure). Default 16 MiB. */
  maxFileBytes?: number;
}

/**
 * Applies a patch in Codex's `apply_patch` format to a sandbox's files, **atomically**: every
 * section is worked out in memory first (a failure there writes nothing), then the files are
 * written, and if a write fails the ones already written are restored. Paths obey the sandbox's
 * confinement.
 *
 * @throws ApplyPatchError (parse error, a section that does not apply, a rolled-back write),
 *   OutsideWorkDirError, NoWorkDirError.
 *
 * @example
 * await applyPatch(sandbox, '*** Begin Patch\n*** Add File: hello.txt\n+Hello\n*** End Patch');
 */
export async function applyPatch(sandbox: Sandbox, patch: string, options: ApplyPatchOptions = {}): Promise<ApplyPatchResult> {
  const hunks = parsePatch(patch, 'lenient');
  const plan = await planPatch(sandbox, hunks, options.maxFileBytes ?? 16 * 1024 * 1024);
  await commitPlan(sandbox, plan);
  return {
    added: plan.added,
    modified: plan.modified,
    deleted: plan.deleted,
    moved: plan.moved,
    summary: `Success. Updated the following files:\n${plan.summary.join('\n')}\n`,
    diff: planDiff(plan),
  };
}

/** The unified diff of a plan: moves as one file diff from the old path to the new. */
export function planDiff(plan: Plan): string {
  const changed = new Set(changedFiles(plan));
  const byKey = new Map(plan.files.map((f) => [f.key, f]));
  let out = '';
  for (const [from, to] of plan.movedKeys) {
    const source = byKey.get(from)!;
    const target = byKey.get(to)!;
    changed.delete(source);
    changed.delete(target);
    out += diffOf(source, target, from, to);
  }
  for (const file of changed) {
    const existed = file.before.kind === 'file';
    out += diffOf(file, file, existed ? file.key : null, file.after === null ? null : file.key);
  }
  return out;
}

function diffOf(source: PlannedFile, target: PlannedFile, from: string | null, to: string | null): string {
  const before = source.before.kind === 'file' ? decode(source.before.bytes) : '';
  const after = target.after ?? '';
  if (before === undefined) return `Binary file ${from} ${to === null ? 'deleted' : 'changed'}\n`;
  return fileDiff(from, to, before, after);
}

function decode(bytes: Uint8Array): string | undefined {
  try {
    // ignoreBOM keeps a byte-order mark in the text, so the diff shows whether line 1 kept it.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
