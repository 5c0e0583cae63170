import { BudgetExceededError, type BudgetLimit, type BudgetSpent } from '../errors/budget-exceeded.error';
import { UserError } from '../errors/user.error';
import type { Model } from '../contracts/model';
import type { Usage } from '../contracts/usage';
import { crossedLimit, type ModelPrice, type OnBudget, type RunBudget } from './run-budget';

/**
 * What a run and its nested agent runs have spent of one budget: nested runs share their
 * parent's meter, so everything counts toward the parent's limits. @internal
 */
export class BudgetMeter {
  readonly spent: BudgetSpent = { toolCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };

  constructor(
    readonly budget: RunBudget,
    readonly onBudget: OnBudget,
  ) {}

  /** Counts a model response's tokens and their price. */
  addModelUsage(model: Model, usage: Partial<Usage> | undefined): void {
    const input = tokens(usage?.inputTokens);
    const output = tokens(usage?.outputTokens);
    this.spent.inputTokens += input;
    this.spent.outputTokens += output;
    if (this.budget.prices) {
      const price = this.priceOf(model);
      if (price) this.spent.costUsd += (input * price.inputPerMTok + output * price.outputPerMTok) / 1_000_000;
    }
  }

  /** How many more tool calls may run. */
  toolCallsLeft(): number {
    return (this.budget.maxToolCalls ?? Infinity) - this.spent.toolCalls;
  }

  addToolCalls(count: number): void {
    this.spent.toolCalls += count;
  }

  /** The limit tokens or cost crossed, if any. */
  crossed(): BudgetLimit | undefined {
    return crossedLimit(this.budget, this.spent);
  }

  /** The error a run ends with for `limit`. */
  error(limit: BudgetLimit, usage: Usage): BudgetExceededError {
    return new BudgetExceededError(limit, this.budget[limit]!, { ...this.spent }, { ...usage });
  }

  private priceOf(model: Model): ModelPrice | undefined {
    const prices = this.budget.prices!;
    const name = (model as { model?: unknown }).model;
    const own = typeof name === 'string' && Object.prototype.hasOwnProperty.call(prices, name) ? prices[name] : undefined;
    const price = own ?? (Object.prototype.hasOwnProperty.call(prices, '*') ? prices['*'] : undefined);
    if (!price && this.budget.maxCostUsd !== undefined) {
      const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 80)) : `of class ${model?.constructor?.name ?? 'unknown'} (it has no \`model\` name)`;
      throw new UserError(`The run's budget has maxCostUsd but its prices have no price for the model ${shown}. Add it to budget.prices, or a '*' entry for every other model.`);
    }
    return price;
  }
}

function tokens(value: unknown): number {
  return typeof value === 'number' && value >= 0 && Number.isFinite(value) ? Math.round(value) : 0;
}

const meters = new WeakMap<object, BudgetMeter>();

/** Marks a nested run's options with its parent's meter (nested runs count toward the parent). @internal */
export function shareBudget(runOptions: object, meter: BudgetMeter | undefined): void {
  if (meter) meters.set(runOptions, meter);
}

/** The parent's meter a nested run's options were marked with. @internal */
export function sharedBudgetOf(runOptions: object): BudgetMeter | undefined {
  return meters.get(runOptions);
}
