import { ScriptedModel, type FunctionCallItem, type FunctionCallOutputItem, type ModelRequest, type ScriptedTurn } from '@toolwright/core';

/** The patch a good model writes for the scratch project's bug. */
export const FIX_PATCH = [
  '*** Begin Patch',
  '*** Update File: src/slugify.js',
  '@@ function slugify(title) {',
  "-  return title.toLowerCase().replace(/[^a-z0-9]/g, '-');",
  "+  return title",
  '+    .toLowerCase()',
  "+    .replace(/[^a-z0-9]+/g, '-')",
  "+    .replace(/^-+|-+$/g, '');",
  '*** End Patch',
].join('\n');

/**
 * A scripted stand-in for a good model, driven by what the tools answered (not by a turn count):
 * run the tests; if they fail on the slug, patch `slugify`; run them again; report. When the
 * tools answer something else, it says so instead of pretending.
 */
export function scriptedFixer(): ScriptedModel {
  return new ScriptedModel((request: ModelRequest): ScriptedTurn => {
    const calls = request.input.filter((i): i is FunctionCallItem => i.type === 'function_call');
    const outputs = request.input.filter((i): i is FunctionCallOutputItem => i.type === 'function_call_output');
    const last = outputs.length > 0 ? text(outputs[outputs.length - 1].output) : '';
    const lastTool = calls.length > 0 ? calls[calls.length - 1].name : undefined;
    if (lastTool === undefined) return { text: 'Running the tests first.', toolCalls: [runTests()] };
    if (lastTool === 'exec_command' && !calls.some((c) => c.name === 'apply_patch')) {
      if (/exit_code: 0\b/.test(last)) return { text: 'The tests already pass; nothing to fix.' };
      if (!/hello-world/.test(last)) return { text: `The tests fail, but not as I expected:\n${last}` };
      return { text: 'slugify keeps every separator and the ones at the ends. Patching it.', toolCalls: [{ name: 'apply_patch', arguments: { patch: FIX_PATCH } }] };
    }
    if (lastTool === 'apply_patch') {
      if (!last.startsWith('Success.')) return { text: `The patch did not apply: ${last}` };
      return { text: 'Running the tests again.', toolCalls: [runTests()] };
    }
    return /exit_code: 0\b/.test(last)
      ? { text: 'Fixed: slugify now collapses runs of separators into one dash and trims dashes at both ends; all tests pass.' }
      : { text: `The tests still fail after the patch:\n${last}` };
  });
}

function runTests(): { name: string; arguments: object } {
  return { name: 'exec_command', arguments: { cmd: 'node --test', timeout_seconds: 60, workdir: null } };
}

function text(output: FunctionCallOutputItem['output']): string {
  return typeof output === 'string' ? output : JSON.stringify(output);
}
