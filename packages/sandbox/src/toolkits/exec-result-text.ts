import type { ExecResult } from '../sandbox/sandbox';
import { headTail } from '@toolwright/core/internal';

/**
 * The text the model sees for a finished command: `[timed out]` when it was killed at the
 * timeout, `exit_code: N`, then `stdout:` and `stderr:` sections (when not empty), each cut to
 * `maxBytes` around the middle.
 */
export function execResultText(result: ExecResult, maxBytes: number): string {
  let text = result.timedOut ? '[timed out]\n' : '';
  text += `exit_code: ${result.exitCode ?? `none (killed by ${result.signal ?? 'a signal'})`}\n`;
  if (result.stdout) text += `stdout:\n${headTail(result.stdout, maxBytes, result.stdoutBytes)}\n`;
  if (result.stderr) text += `stderr:\n${headTail(result.stderr, maxBytes, result.stderrBytes)}\n`;
  return text;
}
