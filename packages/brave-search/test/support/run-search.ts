import { Agent, Runner, ScriptedModel, type FunctionCallOutputItem, type RunResult, type RunOptions } from '@toolwright/core';
import type { BraveSearchToolkit } from '../../src';

/** What one `brave_search` call through a real Runner produced. */
export interface SearchRun {
  /** The call's output, as the model saw it on its next turn. */
  output: string;
  result: RunResult;
  model: ScriptedModel;
}

/** Runs an agent whose scripted model calls `brave_search` once with `query`, then answers. */
export async function runSearch(toolkit: BraveSearchToolkit, query: unknown, options: RunOptions = {}): Promise<SearchRun> {
  const model = new ScriptedModel([{ toolCalls: [{ name: 'brave_search', arguments: { query }, callId: 'call_search' }] }, { text: 'done' }]);
  const agent = new Agent({ name: 'researcher', instructions: 'Search the web.', tools: [toolkit] });
  const result = await new Runner({ model }).run(agent, 'Find something', options);
  const item = model.requests[1]?.input.find((i): i is FunctionCallOutputItem => i.type === 'function_call_output');
  if (!item) throw new Error('the model never received the output of brave_search');
  return { output: typeof item.output === 'string' ? item.output : JSON.stringify(item.output), result, model };
}
