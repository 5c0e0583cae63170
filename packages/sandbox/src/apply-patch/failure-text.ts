import { NoWorkDirError } from '../errors/no-work-dir.error';
import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { SandboxFileError } from '../errors/sandbox-file.error';
import { ApplyPatchError } from './apply-patch.error';

/**
 * The answer to a patch that did not apply: the reason (the path as written, never a host path)
 * and whether files changed. Errors that are not about the patch or its paths are rethrown.
 */
export function failureText(error: unknown): string {
  const known = error instanceof ApplyPatchError || error instanceof OutsideWorkDirError || error instanceof SandboxFileError || error instanceof NoWorkDirError;
  if (!known) throw error;
  const unchanged = !(error instanceof ApplyPatchError && error.kind === 'rollback_failed');
  return `apply_patch failed: ${error.message}${unchanged ? '\nNo file was changed.' : ''}`;
}
