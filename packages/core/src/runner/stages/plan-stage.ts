import { ToolResult } from '../../result/tool-result';
import type { PreparedCall } from '../call-preparation';
import type { TurnTools } from '../resolve-tools';
import type { PendingBatch } from '../../contracts/pending-batch';
import { planRefusalText, runsWhilePlanning, type ResolvedPlanMode } from '../../plan-mode/plan-mode';

/**
 * The plan-mode stage of a batch, before duplicate policies and approvals: a call to a tool that
 * is not read-only (nor the plan-submission tool, nor listed in `readOnlyTools`) is answered
 * with the refusal, as a normal output (not a failure), and never runs. Coming first, the
 * refusal outranks approval: nobody is asked about such a call, and the run does not pause. @internal
 */
export function applyPlanMode(mode: ResolvedPlanMode, prepared: readonly PreparedCall[], batch: PendingBatch, tools: TurnTools): void {
  for (const p of prepared) {
    const tool = p.tool;
    if (!tool || p.answer || batch.outputs.has(p.call.callId) || runsWhilePlanning(mode, tool)) continue;
    p.answer = ToolResult.text(planRefusalText(tool.name, mode, tools.byName.has(mode.submitToolName)));
    p.failed = false;
  }
}
