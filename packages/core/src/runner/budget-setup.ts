import { BudgetMeter, sharedBudgetOf } from '../budgets/budget-meter';
import { checkBudget } from '../budgets/run-budget';
import type { RunState } from '../state/run-state';
import type { RunOptions } from './runner-options';

/**
 * The budget meter of a run: its parent's for a nested run (everything counts toward the parent),
 * else one for `options.budget`, starting from what a resumed state already spent (the spending
 * its budget recorded in the state; for a state paused without a budget, its tokens and its
 * answered calls). The meter's spending is the state's `budgetSpent`, so a pause keeps it. None
 * without a budget. @internal
 */
export function budgetMeterFor(options: RunOptions<any>, state: RunState<any>): BudgetMeter | undefined {
  const shared = sharedBudgetOf(options);
  if (shared) return shared;
  if (options.budget === undefined) {
    if (options.onBudget !== undefined) checkBudget({}, options.onBudget);
    return undefined;
  }
  checkBudget(options.budget, options.onBudget);
  const meter = new BudgetMeter({ ...options.budget }, options.onBudget ?? 'error');
  if (state.budgetSpent !== undefined) {
    Object.assign(meter.spent, state.budgetSpent);
  } else {
    meter.spent.inputTokens = state.usage.inputTokens;
    meter.spent.outputTokens = state.usage.outputTokens;
    for (const item of state.history) if (item.type === 'function_call_output') meter.spent.toolCalls++;
  }
  state.budgetSpent = meter.spent;
  return meter;
}
