import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';
import type { Usage } from '../contracts/usage';

/** Which limit of a run's `budget` was crossed. */
export type BudgetLimit = 'maxToolCalls' | 'maxInputTokens' | 'maxOutputTokens' | 'maxCostUsd';

/** What a run (with its nested agent runs) has spent of its budget. */
export interface BudgetSpent {
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** In US dollars, from the budget's `prices`; 0 when none are given. */
  costUsd: number;
}

/**
 * A run crossed its `budget` (`RunOptions.budget`): it ends here, with the partial `result` (the
 * conversation so far and its state) and what it spent. With `onBudget: 'final_answer'` the run
 * instead ends with one last answer from the model, without tools.
 */
export class BudgetExceededError extends ToolwrightError {
  static {
    brand(this, 'BudgetExceededError');
  }

  /** The partial result of the run at the moment it stopped (not enumerable: kept out of logs). */
  declare result?: unknown;

  constructor(
    /** The limit that was crossed. */
    readonly budget: BudgetLimit,
    /** Its value. */
    readonly limit: number,
    /** What the run (nested runs included) had spent when it stopped. */
    readonly spent: BudgetSpent,
    /** The run's usage when it stopped. */
    readonly usage: Usage,
  ) {
    super(
      `The run's budget is spent: ${budget} is ${limit}, and the run ${spentText(budget, spent)}. ` +
        "Raise budget." + budget + " in the run options, or pass onBudget: 'final_answer' to end with an answer instead of this error.",
    );
    keepOutOfLogs(this, 'result');
  }
}

function spentText(budget: BudgetLimit, spent: BudgetSpent): string {
  switch (budget) {
    case 'maxToolCalls':
      return `has made ${spent.toolCalls} tool calls and the model asked for more`;
    case 'maxInputTokens':
      return `has used ${spent.inputTokens} input tokens`;
    case 'maxOutputTokens':
      return `has used ${spent.outputTokens} output tokens`;
    case 'maxCostUsd':
      return `has spent $${spent.costUsd.toFixed(4)}`;
  }
}
