import type { Agent } from '../agent/agent';
import type { FunctionCallOutputItem } from '../items/item';
import type { PendingBatch } from '../contracts/pending-batch';
import { toModelOutput } from '../result/tool-result';
import type { CallOutcome } from './call-outcome';
import { executeCall } from './call-execution';
import type { TurnTools } from './resolve-tools';
import { emitEvent, type RunEnvironment } from './run-environment';
import { runBounded } from './bounded-concurrency';
import type { BatchCall, BatchPause, CallVerdict, StageOutcome } from './stages/batch-call';
import type { BatchContext, BatchStage } from './stages/batch-stage';
import { validationStage } from './stages/validation-stage';
import { incompleteStage } from './stages/incomplete-stage';
import { handoffStage } from './stages/handoff-stage';
import { resumeStage } from './stages/resume-stage';
import { planStage } from './stages/plan-stage';
import { duplicateStage } from './stages/duplicate-stage';
import { rateLimitStage } from './stages/rate-limit-stage';
import { budgetStage } from './stages/budget-stage';
import { approvalStage } from './stages/approval-stage';
import { nestedStage } from './stages/nested-stage';
import { isThenable } from '../util/is-thenable';

/** What a batch ended with: its calls ran (their outcomes), or the run pauses. @internal */
export type BatchOutcome = { readonly kind: 'ran'; readonly outcomes: CallOutcome[] } | (BatchPause & { readonly outcomes: CallOutcome[] });

/**
 * The stages of a batch, in order; each reviews the whole batch before anything runs and returns
 * its verdicts (or a pause). Plan-mode refusals come before duplicate policies and approvals, so
 * they outrank both; rate limits and the budget come after duplicate policies (a refused call
 * counts nothing) and before approvals (nobody is asked about a call that cannot run); nothing of a batch runs until every call that needs approval has a decision.
 * A cut-off response's batch has one stage: every call is answered with a notice.
 */
const STAGES: readonly BatchStage[] = [validationStage, handoffStage, resumeStage, planStage, duplicateStage, rateLimitStage, budgetStage, approvalStage, nestedStage];
const INCOMPLETE_STAGES: readonly BatchStage[] = [incompleteStage];
// The stages called per call, found once.
const AFTER_CALL_STAGES = STAGES.filter((stage) => stage.afterCall !== undefined);
const NESTED_STATE_STAGES = STAGES.filter((stage) => stage.nestedStateOf !== undefined);

/** A call's record as the driver holds it: the stages see it read-only. */
type DriverCall = { -readonly [K in keyof BatchCall]: BatchCall[K] };

/**
 * Executes the pending batch of calls of one response: runs its stages, then the calls with at
 * most `maxToolConcurrency` at once (one at a time when `parallelToolCalls` is false or a tool
 * of the batch is `sequential`), and appends their outputs to the history in call order. A call
 * that fails is answered with its error text and does not stop its siblings; a fatal error
 * (`failureError: null`, a tripwire, bad `details`) aborts the other calls' signals and starts
 * no further call, and once the calls running then have settled, the run fails with the fatal
 * error of the first call in call order (a sibling's failure caused by the abort does not count). A pause is returned, not applied: the run loop records it on the state. @internal
 */
export function executeBatch(env: RunEnvironment, agent: Agent<any>, tools: TurnTools, batch: PendingBatch, sequential: boolean): BatchOutcome | Promise<BatchOutcome> {
  const calls: DriverCall[] = new Array(batch.calls.length);
  for (let i = 0; i < calls.length; i++) {
    const call = batch.calls[i]!;
    calls[i] = { index: i, call, tool: tools.byName.get(call.name), args: undefined, answer: undefined };
  }
  const ctx: BatchContext = { env, agent, tools, batch };
  // Synchronous as long as every stage and every call is: no promise is awaited for a batch of
  // plain tools returning values.
  const paused = reviewBatch(ctx, calls, batch.incompleteReason !== undefined ? INCOMPLETE_STAGES : STAGES, 0);
  if (isThenable(paused)) return paused.then((pause) => pause ?? runReviewed(ctx, calls, sequential));
  return paused ?? runReviewed(ctx, calls, sequential);
}

/** Runs the stages from `from` on; a pause found by one ends the review (the batch does not run). */
function reviewBatch(ctx: BatchContext, calls: DriverCall[], stages: readonly BatchStage[], from: number): BatchOutcome | undefined | Promise<BatchOutcome | undefined> {
  for (let s = from; s < stages.length; s++) {
    const stage = stages[s]!;
    if (!stage.review) continue;
    const reviewed = stage.review(ctx, calls);
    if (isThenable(reviewed)) return reviewed.then((outcome) => applyReview(ctx, calls, outcome) ?? reviewBatch(ctx, calls, stages, s + 1));
    const pause = applyReview(ctx, calls, reviewed);
    if (pause) return pause;
  }
  return undefined;
}

function applyReview(ctx: BatchContext, calls: DriverCall[], outcome: StageOutcome): BatchOutcome | undefined {
  if (outcome === undefined) return undefined;
  if ('kind' in outcome) return pauseBeforeRunning(ctx.env, ctx.agent, ctx.batch, withLimitedAnswers(outcome, calls));
  apply(calls, outcome);
  return undefined;
}

/** Runs the reviewed calls, then the stages' after-batch steps, and appends the outputs to the history. */
function runReviewed(ctx: BatchContext, calls: DriverCall[], sequential: boolean): BatchOutcome | Promise<BatchOutcome> {
  // One `sequential` tool in the batch makes the whole batch run one call at a time.
  const limit = sequential || calls.some(isSequentialCall) ? 1 : ctx.env.maxToolConcurrency;
  const outcomes: CallOutcome[] = new Array(calls.length);
  const running = runCalls(ctx, calls, outcomes, limit);
  if (running === undefined) return finishBatch(ctx, outcomes);
  return ctx.env.cancellation.race(running).then(() => finishBatch(ctx, outcomes));
}

function finishBatch(ctx: BatchContext, outcomes: CallOutcome[]): BatchOutcome {
  const { env, batch } = ctx;
  const done = settledOutcomes(outcomes);
  for (const stage of STAGES) {
    const pause = stage.afterBatch?.(ctx, outcomes);
    if (pause) return { ...pause, outcomes: done };
  }
  for (const stage of STAGES) stage.completed?.(ctx);
  const history = env.state.history;
  for (const call of batch.calls) history.push(batch.outputs.get(call.callId)!);
  return { kind: 'ran', outcomes: done };
}

/** The outcomes of the calls that ran to an output: the array itself when that is every call (the common case). */
function settledOutcomes(outcomes: CallOutcome[]): CallOutcome[] {
  for (let i = 0; i < outcomes.length; i++) {
    const outcome = outcomes[i];
    if (outcome === undefined || outcome.paused) return outcomes.filter((o) => o !== undefined && !o.paused);
  }
  return outcomes;
}

/** The driver's one write to the calls: a verdict sets the call's answer, or its arguments and call. */
function apply(calls: DriverCall[], verdicts: readonly CallVerdict[]): void {
  for (const verdict of verdicts) {
    const record = calls[verdict.index]!;
    if (verdict.kind === 'answered') {
      record.answer = { result: verdict.result, failed: verdict.failed, why: verdict.why };
      continue;
    }
    record.answer = undefined;
    if (verdict.call !== undefined) record.call = verdict.call;
    if ('args' in verdict) record.args = verdict.args;
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

/**
 * A pause keeps the answers of rate-limited calls too: the resumed batch then holds only calls
 * that were let through (and counted) before the pause, and counts none of them again.
 */
function withLimitedAnswers(pause: BatchPause, calls: readonly BatchCall[]): BatchPause {
  const limited = calls.filter((c) => c.answer?.why === 'rate_limited' || c.answer?.why === 'budget');
  return limited.length === 0 ? pause : { ...pause, answered: [...(pause.answered ?? []), ...limited] };
}

function isSequentialCall(c: BatchCall): boolean {
  return c.tool?.sequential === true && c.answer === undefined;
}

/** Runs the calls; returns nothing when every call settled synchronously. */
function runCalls(ctx: BatchContext, calls: readonly BatchCall[], outcomes: CallOutcome[], limit: number): Promise<void> | undefined {
  const { env, agent, batch } = ctx;
  let stopped = false;
  // The first fatal error, with which the siblings are aborted: what they end with because of
  // it (the same error, or an error caused by it) is an echo of it, not a fatal error of theirs.
  let primary: unknown;
  const fail = (error: unknown): void => {
    if (stopped && isEcho(error, primary)) return;
    if (!stopped) {
      stopped = true;
      primary = error;
      // A fatal error ends the run: the siblings still running are told to stop.
      for (const record of env.activeCalls) record.abort(error);
    }
    throw error;
  };
  const settle = (c: BatchCall, outcome: CallOutcome): void => {
    if (stopped) return;
    outcomes[c.index] = outcome;
    if (outcome.paused) return;
    for (const stage of AFTER_CALL_STAGES) stage.afterCall!(ctx, c, outcome);
    const output: FunctionCallOutputItem = { type: 'function_call_output', callId: c.call.callId, output: outcome.modelOutput };
    if (outcome.failed || !outcome.invoked || outcome.result.isError) output.isError = true;
    batch.outputs.set(c.call.callId, output);
  };
  return runBounded(calls.length, limit, (i) => {
    const c = calls[i]!;
    if (batch.outputs.has(c.call.callId)) return undefined;
    env.cancellation.throwIfCancelled();
    let executed: CallOutcome | Promise<CallOutcome>;
    try {
      const nestedState = c.answer === undefined ? nestedStateOf(ctx, c) : undefined;
      executed = env.lifecycle ? env.lifecycle.toolCall(agent, c, async () => executeCall(env, agent, c, nestedState)) : executeCall(env, agent, c, nestedState);
    } catch (error) {
      fail(error);
      return undefined;
    }
    // No promise is made for a call that settled synchronously (a plain tool returning a value).
    if (isThenable(executed)) return executed.then((outcome) => settle(c, outcome), fail);
    settle(c, executed);
    return undefined;
  });
}

function nestedStateOf(ctx: BatchContext, c: BatchCall): string | undefined {
  for (const stage of NESTED_STATE_STAGES) {
    const state = stage.nestedStateOf!(ctx, c);
    if (state !== undefined) return state;
  }
  return undefined;
}

function isEcho(error: unknown, primary: unknown): boolean {
  return error === primary || (typeof error === 'object' && error !== null && (error as { cause?: unknown }).cause === primary);
}
