import { ScriptedModel, type FunctionCallOutputItem, type ModelRequest, type ScriptedTurn } from '@toolwright/core';

/**
 * A scripted stand-in for a good model: it searches for the user's question, then answers by
 * citing the first results the search returned (or says the search failed). It reads the
 * conversation, so it answers from whatever the search really returned.
 */
export function scriptedResearcher(): ScriptedModel {
  return new ScriptedModel((request: ModelRequest): ScriptedTurn => {
    const output = request.input.find((item): item is FunctionCallOutputItem => item.type === 'function_call_output');
    if (!output) {
      const question = lastUserText(request);
      return { toolCalls: [{ name: 'brave_search', arguments: { query: question } }] };
    }
    const text = typeof output.output === 'string' ? output.output : JSON.stringify(output.output);
    const sources = [...text.matchAll(/^\d+\. (.+)\n {3}(\S+)/gm)].slice(0, 3);
    if (sources.length === 0) return { text: `The search gave me nothing to cite: ${text}` };
    return { text: ['Here is what the web says, from the top results:', ...sources.map(([, title, url]) => `- ${title} (${url})`)].join('\n') };
  });
}

function lastUserText(request: ModelRequest): string {
  for (let i = request.input.length - 1; i >= 0; i--) {
    const item = request.input[i]!;
    if (item.type === 'message' && item.role === 'user') return typeof item.content === 'string' ? item.content : '';
  }
  return '';
}
