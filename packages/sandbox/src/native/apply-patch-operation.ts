import type { Sandbox } from '../sandbox/sandbox';
import { planDiff } from '../apply-patch/apply-patch';
import { ApplyPatchError } from '../apply-patch/apply-patch.error';
import { commitPlan } from '../apply-patch/commit-plan';
import { parseChunk } from '../apply-patch/parse-patch';
import type { PatchHunk, UpdateChunk } from '../apply-patch/patch-types';
import { planPatch } from '../apply-patch/plan-patch';
import { failureText } from '../apply-patch/failure-text';

/**
 * One operation of an `apply_patch_call` item of OpenAI's Responses API (the built-in
 * `apply_patch` tool): the file to create, update or delete, with a V4A diff (`+` lines for a new
 * file; `@@` chunks of context, `-` and `+` lines for an update).
 */
export type ApplyPatchOperation =
  | { type: 'create_file'; path: string; diff: string }
  | { type: 'update_file'; path: string; diff: string }
  | { type: 'delete_file'; path: string; diff?: string };

/** The answer to an operation, as an `apply_patch_call_output` carries it. */
export interface ApplyPatchOperationOutput {
  status: 'completed' | 'failed';
  /** What was done (Codex's summary and a unified diff), or why nothing was. */
  output: string;
}

/** Options of {@link applyPatchOperation}. */
export interface ApplyPatchOperationOptions {
  /** Largest file the operation may change. Default 16 MiB. */
  maxFileBytes?: number;
}

/**
 * Applies one V4A operation through the same planner as `applyPatch`: confined paths, atomic,
 * per-line endings kept. Never throws for a diff that does not apply or a path that is refused:
 * that is a `failed` output with a message the model can act on.
 *
 * @example
 * await applyPatchOperation(sandbox, { type: 'create_file', path: 'notes.md', diff: '+# Notes\n' });
 * // { status: 'completed', output: 'Success. Updated the following files:\nA notes.md\n\n--- /dev/null\n…' }
 */
export async function applyPatchOperation(sandbox: Sandbox, operation: ApplyPatchOperation, options: ApplyPatchOperationOptions = {}): Promise<ApplyPatchOperationOutput> {
  try {
    const plan = await planPatch(sandbox, [toHunk(operation)], options.maxFileBytes ?? 16 * 1024 * 1024);
    await commitPlan(sandbox, plan);
    const diff = planDiff(plan);
    return { status: 'completed', output: `Success. Updated the following files:\n${plan.summary.join('\n')}\n${diff ? `\n${diff}` : ''}` };
  } catch (error) {
    return { status: 'failed', output: failureText(error) };
  }
}

/** The operation as a section of a Codex patch. @internal */
export function toHunk(operation: ApplyPatchOperation): PatchHunk {
  if (!operation || typeof operation !== 'object' || typeof operation.path !== 'string' || operation.path.trim() === '') {
    throw ApplyPatchError.invalidPatch('the operation needs a type and a path');
  }
  const lines = diffLines(operation.diff ?? '');
  if (operation.type === 'delete_file') return { type: 'delete', path: operation.path };
  if (operation.type === 'create_file') {
    const bad = lines.findIndex((line) => !line.startsWith('+'));
    if (bad >= 0) throw ApplyPatchError.invalidHunk(bad + 1, `every line of a new file's diff starts with '+', got: '${lines[bad]}'`);
    return { type: 'add', path: operation.path, contents: lines.map((line) => `${line.slice(1)}\n`).join('') };
  }
  if (operation.type !== 'update_file') throw ApplyPatchError.invalidPatch(`unknown operation type ${JSON.stringify((operation as { type?: unknown }).type)}`);
  const chunks: UpdateChunk[] = [];
  let at = 0;
  while (at < lines.length) {
    if (lines[at].trim() === '') {
      at++;
      continue;
    }
    const { chunk, consumed } = parseChunk(lines, at, at + 1, chunks.length === 0);
    chunks.push(chunk);
    at += consumed;
  }
  if (chunks.length === 0) throw ApplyPatchError.invalidHunk(1, `Update file hunk for path '${operation.path}' is empty`);
  return { type: 'update', path: operation.path, chunks };
}

/** The diff's lines (a final line break does not make an extra empty line; `\r` is dropped). */
function diffLines(diff: string): string[] {
  const lines = diff.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
