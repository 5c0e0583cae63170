import type { ToolSpec } from '../shape/tool-spec';

/**
 * Writes decorated classes for `specs` into `dir` and compiles them through the scanner's
 * transformer; returns the compiled module's path.
 */
export async function buildToolwrightModule(_dir: string, _specs: ToolSpec[]): Promise<string> {
  throw new Error('the scanner transformer is not available yet');
}
