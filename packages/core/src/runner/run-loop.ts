import type { Agent } from '../agent/agent';
import { ConsecutiveToolFailuresError } from '../errors/consecutive-tool-failures.error';
import { MaxTurnsExceededError } from '../errors/max-turns-exceeded.error';
import { UserError } from '../errors/user.error';
import type { PendingBatch } from '../contracts/pending-batch';
import type { CallOutcome } from './call-outcome';
import { executeBatch, type BatchOutcome } from './batch-execution';
import { isThenable } from '../util/is-thenable';
import { askModel, takeModelResponse } from './model-turn';
import { isDeferredToolName, resolveTurnTools, type TurnTools } from './resolve-tools';
import { buildHandoffTools } from './handoff-tools';
import { flattenToolEntries } from '../toolsets/tool-entries';
import { performHandoff, type PerformedHandoff } from './stages/handoff-stage';
import type { BatchPause } from './stages/batch-call';
import { planModeEntries } from '../plan-mode/plan-mode';
import { lifecycleForTurn } from './lifecycle/create-lifecycle';
import { emitEvent, type AgentRunInfo, type RunEnvironment } from './run-environment';
import { decideAfterBatch, type ToolUseDecision } from './tool-use-decision';
import { budgetEndsRun, finalAnswerTurn } from './budget-end';
import { settleAnswer, settleToolOutput } from './output-answer';
import { resolveOutputType } from '../output/output-type';

/**
 * The tool-call loop: ask the model, run the batch of calls it made, append the outputs, repeat
 * until a final answer, a terminating batch or a tool-use rule ends the run, `maxTurns` is
 * exhausted (`MaxTurnsExceededError`, or one last answer with `onMaxTurns: 'final_answer'`), the
 * run is cancelled, or its `stopSignal` stops it after a turn (status `stopped`). A state that
 * holds a pending batch (a resumed run) starts with that batch. An agent with an `outputType`
 * answers with a value checked against it (see `settleAnswer`). Leaves `state.status` and
 * `state.finalOutput` set. @internal
 */
export async function runLoop(env: RunEnvironment): Promise<void> {
  const state = env.state;
  for (;;) {
    env.cancellation.throwIfCancelled();
    if (!state.pendingBatch && env.stopSignal?.aborted) {
      state.status = 'stopped';
      return;
    }
    const agent = state.currentAgent;
    const lifecycle = env.lifecycle ?? lifecycleForTurn(env, agent);
    if (lifecycle) await lifecycle.beforeTurn(agent);
    const info = agentRunInfo(env, agent);
    if (!state.pendingBatch && state.turn >= state.maxTurns) {
      if (env.onMaxTurns !== 'final_answer') throw new MaxTurnsExceededError(state.maxTurns);
      await finalAnswerTurn(env, agent, info);
      return;
    }
    const resolved = resolveTurnTools(env, agent, info.entries);
    const tools = resolved instanceof Promise ? await resolved : resolved;
    if (!state.pendingBatch) {
      if (env.budget && budgetEndsRun(env)) {
        await finalAnswerTurn(env, agent, info);
        return;
      }
      // The model's answer is awaited here, not inside a model-turn function: one suspension per turn.
      const turn = takeModelResponse(env, agent, info, await askModel(env, agent, info, tools));
      // Tokens or cost crossed by this response: an error ends the run before its calls run.
      if (env.budget && turn.calls.length > 0) budgetEndsRun(env);
      if (turn.calls.length === 0) {
        const answer = await settleAnswer(env, agent, info, turn.text);
        if (answer.kind === 'retry') continue;
        if (env.lifecycle) await env.lifecycle.finalOutput(agent, answer.value);
        complete(env, answer.value);
        return;
      }
      state.pendingBatch = { calls: turn.calls, outputs: turn.answered ?? new Map(), incompleteReason: turn.incompleteReason };
    }
    const ended = runPendingBatch(env, agent, info, tools, state.pendingBatch);
    if (isThenable(ended) ? await ended : ended) return;
  }
}

/**
 * Runs a batch and applies what follows from it; returns true when the run is complete.
 * Synchronous when the batch is and nothing after it waits (no handoff hook, no asynchronous
 * tool-use decision, no final output): a turn of plain tools awaits nothing here.
 */
function runPendingBatch(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo, tools: TurnTools, batch: PendingBatch): boolean | Promise<boolean> {
  const executed = executeBatch(env, agent, tools, batch, info.settings.parallelToolCalls === false);
  if (isThenable(executed)) return executed.then((ran) => afterBatch(env, agent, info, tools, batch, ran));
  return afterBatch(env, agent, info, tools, batch, executed);
}

function afterBatch(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo, tools: TurnTools, batch: PendingBatch, ran: BatchOutcome): boolean | Promise<boolean> {
  const state = env.state;
  // Paused for approvals: the batch stays pending on the state, to run when the run resumes.
  if (ran.kind === 'paused') {
    pause(env, agent, ran);
    return true;
  }
  const outcomes = ran.outcomes;
  state.pendingBatch = undefined;
  state.agentsThatUsedTools.add(agent.name);
  if (batch.incompleteReason !== undefined) {
    if (env.stopSignal?.aborted) state.status = 'stopped';
    return state.status === 'stopped';
  }
  countFailures(env, outcomes);
  disclose(env, tools, outcomes);
  // A handoff wins over tool-use rules: the next turn belongs to the target agent.
  const handoff = performHandoff(env, agent, outcomes);
  if (handoff) return handedOff(env, agent, handoff);
  const decided = decideAfterBatch(agent, env.runContext, outcomes);
  if (decided instanceof Promise) return decided.then((decision) => applyDecision(env, agent, info, outcomes, decision));
  return applyDecision(env, agent, info, outcomes, decided);
}

async function handedOff(env: RunEnvironment, agent: Agent<any>, handoff: PerformedHandoff): Promise<boolean> {
  const state = env.state;
  const lifecycle = env.lifecycle ?? lifecycleForTurn(env, handoff.to);
  if (lifecycle) await lifecycle.handoff(agent, handoff.to, handoff.input);
  if (env.stopSignal?.aborted) state.status = 'stopped';
  return state.status === 'stopped';
}

function applyDecision(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo, outcomes: CallOutcome[], decision: ToolUseDecision): boolean | Promise<boolean> {
  if (!decision.isFinalOutput) {
    if (env.stopSignal?.aborted) env.state.status = 'stopped';
    return env.state.status === 'stopped';
  }
  return finishWithToolOutput(env, agent, info, outcomes, decision);
}

async function finishWithToolOutput(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo, outcomes: CallOutcome[], decision: ToolUseDecision): Promise<boolean> {
  const finalOutput = await settleToolOutput(agent, info, decision.finalOutput, decision.toolName);
  if (env.lifecycle) await env.lifecycle.finalOutput(agent, finalOutput, outcomes);
  complete(env, finalOutput);
  return true;
}

/** Records a pause on the state: the calls that wait, their tools, and `approval_required`. */
function pause(env: RunEnvironment, agent: Agent<any>, paused: BatchPause): void {
  const state = env.state;
  state.status = 'interrupted';
  state.interruptions = paused.interruptions;
  state.interruptionTools.clear();
  for (const [callId, tool] of paused.tools) state.interruptionTools.set(callId, tool);
  emitEvent(env, { type: 'approval_required', agent, interruptions: paused.interruptions.slice() });
}

function complete(env: RunEnvironment, finalOutput: unknown): void {
  env.state.finalOutput = finalOutput;
  env.state.status = 'completed';
}

/** A turn in which every call failed counts; any success clears the count. */
function countFailures(env: RunEnvironment, outcomes: CallOutcome[]): void {
  const state = env.state;
  if (outcomes.length === 0) return;
  if (!outcomes.every((o) => o.failed)) {
    state.consecutiveFailedTurns = 0;
    return;
  }
  state.consecutiveFailedTurns++;
  const limit = env.maxConsecutiveToolFailures;
  if (limit > 0 && state.consecutiveFailedTurns >= limit) {
    throw new ConsecutiveToolFailuresError(
      state.consecutiveFailedTurns,
      outcomes.map((o) => ({ toolName: o.call.name, callId: o.call.callId, output: o.result.text })),
    );
  }
}

/** Deferred tools named in `addedTools` are offered from the next model call on. */
function disclose(env: RunEnvironment, tools: TurnTools, outcomes: CallOutcome[]): void {
  for (const outcome of outcomes) {
    const added = outcome.result.addedTools;
    if (!added) continue;
    for (const name of added) if (typeof name === 'string' && isDeferredToolName(tools, name)) env.state.disclosedTools.add(name);
  }
}

function agentRunInfo(env: RunEnvironment, agent: Agent<any>): AgentRunInfo {
  let info = env.agents.get(agent);
  if (!info) {
    const model = agent.model ?? env.defaultModel;
    if (!model) {
      throw new UserError(
        `Agent "${agent.name}" has no model. Pass one to the Runner (new Runner({ model })) or to the agent (new Agent({ model, ... })).`,
      );
    }
    const entries = [...flattenToolEntries(agent.name, agent.tools), ...buildHandoffTools(agent)];
    info = {
      entries: [...entries, ...planModeEntries(env.planMode, entries), ...(env.lifecycle?.builtInTools(entries) ?? [])],
      model,
      settings: { ...env.runnerSettings, ...agent.modelSettings, ...env.runSettings },
    };
    const output = resolveOutputType(agent.name, agent.outputType);
    if (output) info.output = output;
    env.agents.set(agent, info);
  }
  return info;
}
