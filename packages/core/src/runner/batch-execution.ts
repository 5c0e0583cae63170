import type { Agent } from '../agent/agent';
import type { FunctionCallOutputItem } from '../items/item';
import type { PendingBatch } from '../contracts/pending-batch';
import type { CallOutcome } from './call-outcome';
import { executeCall } from './call-execution';
import { checkPreparedCalls, prepareCall, type PreparedCall } from './call-preparation';
import { incompleteCallResult } from './incomplete-response';
import type { TurnTools } from './resolve-tools';
import type { RunEnvironment } from './run-environment';
import { runBounded } from './bounded-concurrency';
import { answerIgnoredHandoffs } from './stages/handoff-batch';
import { reviewApprovals } from './stages/approval-stage';
import { checkResumedCalls, pauseForNestedRuns } from './stages/resume-checks';
import { applyDuplicatePolicies, recordCalledTool } from './stages/duplicate-stage';
import { applyPlanMode } from './stages/plan-stage';

/**
 * Executes the pending batch of calls of one response and appends their outputs to the history
 * in call order.
 *
 * Batch stages: every call is prepared first (find tool, parse and validate the arguments), then
 * the duplicate policy and the approval phase run over the whole batch before anything runs (a
 * batch with an undecided call pauses whole); then the calls run with at
 * most `maxToolConcurrency` at once (one at a time when `parallelToolCalls` is false). A call
 * that fails is answered with its error text and does not stop its siblings; a fatal error
 * (`failureError: null`, a tripwire, bad `details`) rejects the batch at once and aborts the
 * other calls' signals. @internal
 */
export async function executeBatch(
  env: RunEnvironment,
  agent: Agent<any>,
  tools: TurnTools,
  batch: PendingBatch,
  sequential: boolean,
): Promise<CallOutcome[]> {
  const calls = batch.calls;
  const outcomes: CallOutcome[] = new Array(calls.length);
  const prepared: PreparedCall[] = new Array(calls.length);
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    prepared[i] =
      batch.incompleteReason !== undefined
        ? { index: i, call, answer: incompleteCallResult(call, batch.incompleteReason), failed: false }
        : prepareCall(call, i, tools);
  }
  // The validation stage ends with the tools' own argument checks, before anything else looks at the calls.
  const checked = checkPreparedCalls(prepared);
  if (checked) await checked;
  answerIgnoredHandoffs(prepared);
  if (batch.incompleteReason === undefined) {
    checkResumedCalls(env, prepared);
    // Plan-mode refusals come first: they outrank duplicate policies and approval.
    if (env.planMode) applyPlanMode(env.planMode, prepared, batch, tools);
    applyDuplicatePolicies(env.state, prepared, batch);
    // Nothing of a batch runs until every call that needs approval has a decision.
    const paused = reviewApprovals(env, agent, prepared, batch);
    if (typeof paused === 'boolean' ? paused : await paused) return [];
  }
  // One `sequential` tool in the batch makes the whole batch run one call at a time.
  const limit = sequential || prepared.some(isSequentialCall) ? 1 : env.maxToolConcurrency;
  const run = runBatch(env, agent, prepared, outcomes, batch, limit);
  await env.cancellation.race(run);
  const done = outcomes.filter((outcome) => outcome !== undefined && !outcome.paused);
  if (pauseForNestedRuns(env, batch, outcomes)) return done;
  env.state.approvals.exact.clear();
  const history = env.state.history;
  for (const call of calls) history.push(batch.outputs.get(call.callId)!);
  return done;
}

function isSequentialCall(p: PreparedCall): boolean {
  return p.tool?.sequential === true && p.answer === undefined;
}

function runBatch(
  env: RunEnvironment,
  agent: Agent<any>,
  prepared: PreparedCall[],
  outcomes: CallOutcome[],
  batch: PendingBatch,
  limit: number,
): Promise<void> {
  let stopped = false;
  return runBounded(prepared.length, limit, async (i) => {
    const p = prepared[i]!;
    if (batch.outputs.has(p.call.callId)) return;
    env.cancellation.throwIfCancelled();
    const outcome = await (env.lifecycle ? env.lifecycle.toolCall(agent, p, () => executeCall(env, agent, p)) : executeCall(env, agent, p));
    if (stopped) return;
    outcomes[i] = outcome;
    if (outcome.paused) return;
    recordCalledTool(env.state, p, outcome);
    batch.nested?.delete(p.call.callId);
    const output: FunctionCallOutputItem = { type: 'function_call_output', callId: p.call.callId, output: outcome.modelOutput };
    if (outcome.failed || !outcome.invoked || outcome.result.isError) output.isError = true;
    batch.outputs.set(p.call.callId, output);
  }).catch((error: unknown) => {
    stopped = true;
    // A fatal error ends the run: the siblings still running are told to stop.
    for (const record of env.activeCalls) record.abort(error);
    throw error;
  });
}
