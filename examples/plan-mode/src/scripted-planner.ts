import { ScriptedModel, type ModelRequest } from '@toolwright/core';

/** The text of the last three tool outputs the model was sent. */
function lastOutputs(request: ModelRequest): string[] {
  const outputs: string[] = [];
  for (const item of request.input) if (item.type === 'function_call_output') outputs.push(String(item.output));
  return outputs.slice(-3);
}

/**
 * Stands in for a real model without a key. While planning it lists the files, tries to delete
 * the stale logs (refused: plan mode), then hands in a plan; once the plan is approved it
 * carries it out and reports. It reads the requests, so it follows what the runner answered.
 */
export function scriptedPlanner(): ScriptedModel {
  return new ScriptedModel((request, turn) => {
    const offered = request.tools.map((t) => t.name);
    const planning = offered.includes('submit_plan');
    if (planning) {
      if (turn === 0) return { text: '', toolCalls: [{ name: 'list_files', arguments: {} }] };
      if (turn === 1) return { toolCalls: [{ name: 'delete_file', arguments: { path: 'logs/old-1.log' } }, { name: 'read_file', arguments: { path: 'README.md' } }] };
      return {
        toolCalls: [{ name: 'submit_plan', arguments: { plan: '1. delete_file logs/old-1.log\n2. delete_file logs/old-2.log\n3. write_file logs/README.md explaining where logs go' } }],
      };
    }
    // Carrying out: the approval is the last message, so make the calls; then report.
    if (request.input.at(-1)?.type === 'message') {
      return {
        toolCalls: [
          { name: 'delete_file', arguments: { path: 'logs/old-1.log' } },
          { name: 'delete_file', arguments: { path: 'logs/old-2.log' } },
          { name: 'write_file', arguments: { path: 'logs/README.md', content: 'Logs are shipped to the log service; nothing is kept here.' } },
        ],
      };
    }
    return { text: `Done: ${lastOutputs(request).join('; ')}.` };
  });
}
