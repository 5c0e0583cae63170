import { ToolResult } from '../../result/tool-result';
import type { TurnTools } from '../resolve-tools';
import { planRefusalText, runsWhilePlanning, type ResolvedPlanMode } from '../../plan-mode/plan-mode';
import { answer, runs, type BatchCall, type CallVerdict } from './batch-call';
import type { BatchStage } from './batch-stage';

/**
 * The plan-mode stage of a batch, before duplicate policies and approvals: a call to a tool that
 * is not read-only (nor the plan-submission tool, nor listed in `readOnlyTools`) is answered
 * with the refusal, as a normal output (not a failure), and never runs. Coming first, the
 * refusal outranks approval: nobody is asked about such a call, and the run does not pause. @internal
 */
export const planStage: BatchStage = {
  name: 'plan-mode',
  review: (ctx, calls) => (ctx.env.planMode ? refusals(ctx.env.planMode, ctx.batch.outputs, ctx.tools, calls) : undefined),
};

function refusals(mode: ResolvedPlanMode, outputs: ReadonlyMap<string, unknown>, tools: TurnTools, calls: readonly BatchCall[]): CallVerdict[] | undefined {
  let verdicts: CallVerdict[] | undefined;
  for (const c of calls) {
    if (!runs(c) || outputs.has(c.call.callId) || runsWhilePlanning(mode, c.tool)) continue;
    (verdicts ??= []).push(answer(c.index, ToolResult.text(planRefusalText(c.tool.name, mode, tools.byName.has(mode.submitToolName))), false, 'plan_mode'));
  }
  return verdicts;
}
