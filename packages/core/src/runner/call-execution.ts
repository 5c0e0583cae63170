import type { Agent } from '../agent/agent';
import { finishCall, type FinishedCall } from '../calls/finish-call';
import { runToolCall, type ToolCallRun } from '../calls/run-tool-call';
import { isThenable } from '../util/is-thenable';
import type { ToolResult } from '../result/tool-result';
import type { CallOutcome } from './call-outcome';
import type { RunEnvironment } from './run-environment';
import type { BatchCall } from './stages/batch-call';

/**
 * One call of a batch after the batch's stages: an answered call (unknown tool, invalid
 * arguments, a refusal) only finishes; a call to run goes through the call pipeline
 * (`runToolCall`) with the run as its host — resuming its nested run when it paused inside
 * before — then finishes (usage, output cap, `tool_output`). Synchronous when the call is (an
 * answered call, a plain tool returning a value); what it throws then is thrown, not a rejection. @internal
 */
export function executeCall(env: RunEnvironment, agent: Agent<any>, c: BatchCall, nestedState: string | undefined): CallOutcome | Promise<CallOutcome> {
  const started = performance.now();
  const { call, tool, answer } = c;
  if (answer || !tool) {
    return outcome(c, answer!.result, answer!.failed, call.arguments, false, finishCall(env.calls, agent, call, tool, answer!.result, started));
  }
  const run = runToolCall(env.calls, agent, call, tool, c.args, nestedState);
  if (isThenable(run)) return Promise.resolve(run).then((settled) => ranCall(env, agent, c, settled, started));
  return ranCall(env, agent, c, run, started);
}

function ranCall(env: RunEnvironment, agent: Agent<any>, c: BatchCall, run: ToolCallRun, started: number): CallOutcome {
  const { call, tool } = c;
  if (run.paused) {
    return { call, tool, args: c.args, result: run.result, modelOutput: '', failed: false, durationMs: performance.now() - started, invoked: run.invoked, paused: run.paused };
  }
  return outcome(c, run.result, run.result.isError === true, c.args, run.invoked, finishCall(env.calls, agent, call, tool!, run.result, started));
}

function outcome(c: BatchCall, result: ToolResult, failed: boolean, args: unknown, invoked: boolean, finished: FinishedCall): CallOutcome {
  const out: CallOutcome = { call: c.call, tool: c.tool, args, result, modelOutput: finished.modelOutput, failed, durationMs: finished.durationMs, invoked };
  if (finished.truncated) out.truncated = finished.truncated;
  return out;
}
