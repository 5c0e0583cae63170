import type { Agent } from '../agent/agent';
import type { FunctionCallOutputItem } from '../items/item';
import type { PendingBatch } from '../contracts/pending-batch';
import { toModelOutput } from '../result/tool-result';
import type { CallOutcome } from './call-outcome';
import { executeCall } from './call-execution';
import type { TurnTools } from './resolve-tools';
import { emitEvent, type RunEnvironment } from './run-environment';
import { runBounded } from './bounded-concurrency';
import type { BatchCall, BatchPause, BatchStage, CallVerdict, StageOutcome } from './stages/batch-stage';
import { validationStage } from './stages/validation-stage';
import { incompleteStage } from './stages/incomplete-stage';
import { handoffStage } from './stages/handoff-stage';
import { resumeStage } from './stages/resume-stage';
import { planStage } from './stages/plan-stage';
import { duplicateStage } from './stages/duplicate-stage';
import { approvalStage } from './stages/approval-stage';
import { nestedStage } from './stages/nested-stage';
import { isThenable } from '../util/is-thenable';

/** What a batch ended with: its calls ran (their outcomes), or the run pauses. @internal */
export type BatchOutcome = { readonly kind: 'ran'; readonly outcomes: CallOutcome[] } | (BatchPause & { readonly outcomes: CallOutcome[] });

/**
 * The stages of a batch, in order; each reviews the whole batch before anything runs and returns
 * its verdicts (or a pause). Plan-mode refusals come before duplicate policies and approvals, so
 * they outrank both; nothing of a batch runs until every call that needs approval has a decision.
 * A cut-off response's batch has one stage: every call is answered with a notice.
 */
function stagesOf(env: RunEnvironment, agent: Agent<any>, tools: TurnTools, batch: PendingBatch): BatchStage[] {
  if (batch.incompleteReason !== undefined) return [incompleteStage(batch.incompleteReason)];
  const stages = [validationStage(tools), handoffStage(), resumeStage(env)];
  if (env.planMode) stages.push(planStage(env.planMode, batch.outputs, tools));
  stages.push(duplicateStage(env.state, batch), approvalStage(env, agent, batch), nestedStage(env.state, batch));
  return stages;
}

/**
 * Executes the pending batch of calls of one response: runs its stages, then the calls with at
 * most `maxToolConcurrency` at once (one at a time when `parallelToolCalls` is false or a tool
 * of the batch is `sequential`), and appends their outputs to the history in call order. A call
 * that fails is answered with its error text and does not stop its siblings; a fatal error
 * (`failureError: null`, a tripwire, bad `details`) aborts the other calls' signals and starts
 * no further call, and once the calls running then have settled, the run fails with the fatal
 * error of the first call in call order (a sibling's failure caused by the abort does not count). A pause is returned, not applied: the run loop records it on the state. @internal
 */
export async function executeBatch(env: RunEnvironment, agent: Agent<any>, tools: TurnTools, batch: PendingBatch, sequential: boolean): Promise<BatchOutcome> {
  const calls: BatchCall[] = batch.calls.map((call, index) => ({ index, call, tool: tools.byName.get(call.name) }));
  const stages = stagesOf(env, agent, tools, batch);
  for (const stage of stages) {
    if (!stage.review) continue;
    const reviewed = stage.review(calls);
    const outcome: StageOutcome = isThenable(reviewed) ? await reviewed : reviewed;
    if (outcome === undefined) continue;
    if ('kind' in outcome) return pauseBeforeRunning(env, agent, batch, outcome);
    apply(calls, outcome);
  }
  // One `sequential` tool in the batch makes the whole batch run one call at a time.
  const limit = sequential || calls.some(isSequentialCall) ? 1 : env.maxToolConcurrency;
  const outcomes: CallOutcome[] = new Array(calls.length);
  await env.cancellation.race(runCalls(env, agent, stages, calls, outcomes, batch, limit));
  const done = outcomes.filter((outcome) => outcome !== undefined && !outcome.paused);
  for (const stage of stages) {
    const pause = stage.afterBatch?.(outcomes);
    if (pause) return { ...pause, outcomes: done };
  }
  for (const stage of stages) stage.completed?.();
  const history = env.state.history;
  for (const call of batch.calls) history.push(batch.outputs.get(call.callId)!);
  return { kind: 'ran', outcomes: done };
}

/** The driver's one write to the calls: a verdict replaces the call's answer, arguments or call. */
function apply(calls: BatchCall[], verdicts: readonly CallVerdict[]): void {
  for (const verdict of verdicts) {
    const current = calls[verdict.index]!;
    if (verdict.kind === 'answered') {
      calls[verdict.index] = { index: current.index, call: current.call, tool: current.tool, args: current.args, answer: { result: verdict.result, failed: verdict.failed, why: verdict.why } };
    } else {
      calls[verdict.index] = { index: current.index, call: verdict.call ?? current.call, tool: current.tool, args: 'args' in verdict ? verdict.args : current.args };
    }
  }
}

/** A pause found by a stage before anything ran: final answers it holds are kept on the batch. */
function pauseBeforeRunning(env: RunEnvironment, agent: Agent<any>, batch: PendingBatch, pause: BatchPause): BatchOutcome {
  for (const c of pause.answered ?? []) {
    const result = c.answer!.result;
    batch.outputs.set(c.call.callId, { type: 'function_call_output', callId: c.call.callId, output: toModelOutput(result), isError: true });
    emitEvent(env, { type: 'tool_output', agent, toolName: c.call.name, callId: c.call.callId, result, durationMs: 0 });
  }
  return { ...pause, outcomes: [] };
}

function isSequentialCall(c: BatchCall): boolean {
  return c.tool?.sequential === true && c.answer === undefined;
}

function runCalls(
  env: RunEnvironment,
  agent: Agent<any>,
  stages: readonly BatchStage[],
  calls: readonly BatchCall[],
  outcomes: CallOutcome[],
  batch: PendingBatch,
  limit: number,
): Promise<void> {
  let stopped = false;
  // The first fatal error, with which the siblings are aborted: what they end with because of
  // it (the same error, or an error caused by it) is an echo of it, not a fatal error of theirs.
  let primary: unknown;
  const nestedState = (c: BatchCall): string | undefined => {
    for (const stage of stages) {
      const state = stage.nestedStateOf?.(c);
      if (state !== undefined) return state;
    }
    return undefined;
  };
  return runBounded(calls.length, limit, async (i) => {
    const c = calls[i]!;
    if (batch.outputs.has(c.call.callId)) return;
    env.cancellation.throwIfCancelled();
    const execute = () => executeCall(env, agent, c, c.answer === undefined ? nestedState(c) : undefined);
    let outcome: CallOutcome;
    try {
      outcome = await (env.lifecycle ? env.lifecycle.toolCall(agent, c, execute) : execute());
    } catch (error) {
      if (stopped && isEcho(error, primary)) return;
      if (!stopped) {
        stopped = true;
        primary = error;
        // A fatal error ends the run: the siblings still running are told to stop.
        for (const record of env.activeCalls) record.abort(error);
      }
      throw error;
    }
    if (stopped) return;
    outcomes[i] = outcome;
    if (outcome.paused) return;
    for (const stage of stages) stage.afterCall?.(c, outcome);
    const output: FunctionCallOutputItem = { type: 'function_call_output', callId: c.call.callId, output: outcome.modelOutput };
    if (outcome.failed || !outcome.invoked || outcome.result.isError) output.isError = true;
    batch.outputs.set(c.call.callId, output);
  });
}

function isEcho(error: unknown, primary: unknown): boolean {
  return error === primary || (typeof error === 'object' && error !== null && (error as { cause?: unknown }).cause === primary);
}
