import { ToolResult } from '../../result/tool-result';
import { answer, runs, type BatchCall, type CallVerdict } from './batch-call';
import type { BatchContext, BatchStage } from './batch-stage';

/**
 * The budget stage, after rate limits and duplicates and before approvals: the calls about to run
 * count toward the run's `budget.maxToolCalls` (nested runs share the parent's count). A batch that
 * would go past it ends the run with `BudgetExceededError` before any of its calls runs; with
 * `onBudget: 'final_answer'` the calls that fit run, the others are answered with a notice, and the
 * run ends with one last answer without tools. Once the run must end that way (tokens or cost
 * crossed too), every call is answered with the notice. The batch a resumed run starts with was
 * counted before it paused. Without a budget the stage does nothing. @internal
 */
export const budgetStage: BatchStage = {
  name: 'budget',
  review: (ctx, calls) => (ctx.env.budget !== undefined && ctx.batch !== ctx.env.resumedBatch ? review(ctx, calls) : undefined),
};

function review(ctx: BatchContext, calls: readonly BatchCall[]): CallVerdict[] | undefined {
  const { env, batch } = ctx;
  const meter = env.budget!;
  const running = calls.filter((c) => runs(c) && !batch.outputs.has(c.call.callId) && !batch.nested?.has(c.call.callId));
  if (running.length === 0) return undefined;
  let left = env.budgetFinal ? 0 : Math.max(0, meter.toolCallsLeft());
  if (running.length > left && meter.onBudget === 'error') throw meter.error('maxToolCalls', env.state.usage);
  let verdicts: CallVerdict[] | undefined;
  for (const c of running) {
    if (left > 0) {
      left--;
      meter.addToolCalls(1);
      continue;
    }
    env.budgetFinal = true;
    (verdicts ??= []).push(answer(c.index, ToolResult.text(BUDGET_NOTICE), false, 'budget'));
  }
  return verdicts;
}

/** What the model is told about a call the budget stopped. */
export const BUDGET_NOTICE = "Not run: this run's budget is spent, so no more tools can run. Answer the user now with what you have.";
