import type { Agent } from '../agent/agent';
import { finishCall } from '../calls/finish-call';
import { runToolCall } from '../calls/run-tool-call';
import type { CallOutcome } from './call-outcome';
import type { PreparedCall } from './call-preparation';
import type { RunEnvironment } from './run-environment';
import { nestedStateWithDecisions } from './stages/nested-state';

/**
 * One call of a batch after the batch's stages: an answered call (unknown tool, invalid
 * arguments, a refusal) only finishes; a call to run goes through the call pipeline
 * (`runToolCall`) with the run as its host, then finishes (usage, output cap, `tool_output`). @internal
 */
export async function executeCall(env: RunEnvironment, agent: Agent<any>, prepared: PreparedCall): Promise<CallOutcome> {
  const started = performance.now();
  const { call, tool } = prepared;
  if (prepared.answer || !tool) {
    const answer = prepared.answer!;
    return outcome(prepared, answer, prepared.failed, call.arguments, false, finishCall(env.calls, agent, call, tool, answer, started));
  }
  const args = prepared.args;
  const nested = env.state.pendingBatch?.nested?.get(call.callId);
  const run = await runToolCall(env.calls, agent, call, tool, args, nested ? nestedStateWithDecisions(env.state, nested) : undefined);
  if (run.paused) {
    return { call, tool, args, result: run.result, modelOutput: '', failed: false, durationMs: performance.now() - started, invoked: run.invoked, paused: run.paused };
  }
  return outcome(prepared, run.result, run.result.isError === true, args, run.invoked, finishCall(env.calls, agent, call, tool, run.result, started));
}

function outcome(prepared: PreparedCall, result: CallOutcome['result'], failed: boolean, args: unknown, invoked: boolean, finished: ReturnType<typeof finishCall>): CallOutcome {
  const out: CallOutcome = { call: prepared.call, tool: prepared.tool, args, result, modelOutput: finished.modelOutput, failed, durationMs: finished.durationMs, invoked };
  if (finished.truncated) out.truncated = finished.truncated;
  return out;
}
