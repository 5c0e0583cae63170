import type { Agent } from '../agent/agent';
import type { ToolCallResult, ToolUseBehavior } from '../contracts/tool-use-behavior';
import { UserError } from '../errors/user.error';
import { toModelOutput } from '../result/tool-result';
import type { RunContext } from '../contracts/tool';
import type { CallOutcome } from './call-outcome';

/** Whether the run ends after a batch, and with what output. @internal */
export interface ToolUseDecision {
  isFinalOutput: boolean;
  finalOutput?: unknown;
  /** The tool whose output it is (for errors naming it). */
  toolName?: string;
}

/**
 * Decides whether a batch ends the run. First `terminate`: when every call of the batch asked
 * for it, the run ends with the last call's output. Then the agent's `toolUseBehavior`:
 * `run_llm_again` (ask the model again), `stop_on_first_tool` (the first call's output),
 * `{ stopAtToolNames }` (the first call to one of those tools), or a function. @internal
 */
export function decideAfterBatch(agent: Agent<any>, runContext: RunContext<any>, outcomes: CallOutcome[]): ToolUseDecision | Promise<ToolUseDecision> {
  if (outcomes.length === 0) return { isFinalOutput: false };
  if (outcomes.every((o) => o.result.terminate === true)) {
    const last = outcomes[outcomes.length - 1]!;
    return { isFinalOutput: true, finalOutput: toModelOutput(last.result), toolName: last.call.name };
  }
  const behavior = agent.toolUseBehavior;
  if (behavior === undefined || behavior === 'run_llm_again') return { isFinalOutput: false };
  if (behavior === 'stop_on_first_tool') return { isFinalOutput: true, finalOutput: toModelOutput(outcomes[0]!.result), toolName: outcomes[0]!.call.name };
  if (typeof behavior === 'function') return decideByFunction(agent, behavior, runContext, outcomes);
  if (typeof behavior === 'object' && behavior !== null && Array.isArray(behavior.stopAtToolNames)) {
    const names = behavior.stopAtToolNames;
    const hit = outcomes.find((o) => names.includes(o.call.name));
    return hit ? { isFinalOutput: true, finalOutput: toModelOutput(hit.result), toolName: hit.call.name } : { isFinalOutput: false };
  }
  throw new UserError(
    `Agent "${agent.name}" has an unknown toolUseBehavior ${JSON.stringify(behavior)}; ` +
      "use 'run_llm_again', 'stop_on_first_tool', { stopAtToolNames: [...] } or a function.",
  );
}

/** A function `toolUseBehavior` (the only form that may be asynchronous). */
async function decideByFunction(
  agent: Agent<any>,
  behavior: Extract<ToolUseBehavior<any>, (...args: never[]) => unknown>,
  runContext: RunContext<any>,
  outcomes: CallOutcome[],
): Promise<ToolUseDecision> {
  const decision = await behavior(runContext, outcomes.map(toCallResult));
  if (!decision || typeof decision.isFinalOutput !== 'boolean') {
    throw new UserError(
      `The toolUseBehavior function of agent "${agent.name}" returned ${JSON.stringify(decision)}; ` +
        'it must return { isFinalOutput: boolean, finalOutput?: unknown }.',
    );
  }
  return outcomes.length === 1 ? { ...decision, toolName: outcomes[0]!.call.name } : decision;
}

function toCallResult(outcome: CallOutcome): ToolCallResult {
  return { toolName: outcome.call.name, callId: outcome.call.callId, arguments: outcome.args, result: outcome.result };
}
