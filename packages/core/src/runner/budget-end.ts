import type { Agent } from '../agent/agent';
import type { FunctionCallOutputItem } from '../items/item';
import { ToolResult } from '../result/tool-result';
import { emitEvent, type AgentRunInfo, type RunEnvironment } from './run-environment';
import { runModelTurn } from './model-turn';
import type { TurnTools } from './resolve-tools';
import { BUDGET_NOTICE } from './stages/budget-stage';
import { settleAnswer } from './output-answer';

const NO_TOOLS: TurnTools = { byName: new Map(), definitions: [], deferredNames: new Set(), toolsets: [] };

/**
 * Whether the run's budget ends it: when tokens or cost are past their limits, `onBudget: 'error'`
 * throws `BudgetExceededError` here, and `'final_answer'` marks the run for its last answer (so does
 * a batch the tool-call limit stopped). @internal
 */
export function budgetEndsRun(env: RunEnvironment): boolean {
  const meter = env.budget!;
  const crossed = meter.crossed();
  if (crossed && meter.onBudget === 'error') throw meter.error(crossed, env.state.usage);
  if (crossed) env.budgetFinal = true;
  return env.budgetFinal === true;
}

/**
 * The last model call of a run whose budget is spent (`onBudget: 'final_answer'`) or whose turns
 * are used up (`onMaxTurns: 'final_answer'`): no tools are offered, and its answer is the run's
 * final output (checked against the agent's output type, without retries:
 * `OutputValidationError` when it does not match). Calls it makes anyway are answered with the
 * budget notice and do not run. @internal
 */
export async function finalAnswerTurn(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo): Promise<void> {
  const { toolChoice: _choice, parallelToolCalls: _parallel, ...settings } = info.settings;
  const turn = await runModelTurn(env, agent, { ...info, settings }, NO_TOOLS);
  for (const call of turn.calls) {
    const output: FunctionCallOutputItem = { type: 'function_call_output', callId: call.callId, output: BUDGET_NOTICE, isError: true };
    env.state.history.push(output);
    emitEvent(env, { type: 'tool_output', agent, toolName: call.name, callId: call.callId, result: ToolResult.text(BUDGET_NOTICE), durationMs: 0 });
  }
  const answer = await settleAnswer(env, agent, info, turn.text, false);
  const value = answer.kind === 'final' ? answer.value : turn.text;
  if (env.lifecycle) await env.lifecycle.finalOutput(agent, value);
  env.state.finalOutput = value;
  env.state.status = 'completed';
}
