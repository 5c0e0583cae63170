import type { BudgetLimit, BudgetSpent } from '../errors/budget-exceeded.error';
import { UserError } from '../errors/user.error';

/** What one model costs, in US dollars per million tokens. */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
}

/**
 * Limits on what one run may spend, its nested agent runs included (`RunOptions.budget`).
 * Tool calls are checked before a batch runs; tokens and cost after each model response.
 */
export interface RunBudget {
  /** Most tool calls that run (calls answered without running — refused, limited, invalid — do not count). */
  maxToolCalls?: number;
  /** Most input tokens, as the model reports them. */
  maxInputTokens?: number;
  /** Most output tokens, as the model reports them. */
  maxOutputTokens?: number;
  /** Most US dollars, priced from `prices` by the model's name. */
  maxCostUsd?: number;
  /**
   * Prices per model name (a model's `model` field, e.g. `gpt-4.1-mini`); `'*'` prices any other
   * model. Needed with `maxCostUsd`.
   */
  prices?: Record<string, ModelPrice>;
}

/** What a run does when it crosses its budget: fail with `BudgetExceededError` (default), or end with one last answer without tools. */
export type OnBudget = 'error' | 'final_answer';

const LIMIT_KEYS = ['maxToolCalls', 'maxInputTokens', 'maxOutputTokens', 'maxCostUsd'] as const;
const BUDGET_KEYS: ReadonlySet<string> = new Set([...LIMIT_KEYS, 'prices']);

/**
 * Checks a run's `budget` and `onBudget` options.
 *
 * @throws UserError naming the option and the fix.
 * @internal
 */
export function checkBudget(budget: unknown, onBudget: unknown): asserts budget is RunBudget {
  const fail = (what: string): never => {
    throw new UserError(`The run options' budget: ${what}.`);
  };
  if (onBudget !== undefined && onBudget !== 'error' && onBudget !== 'final_answer') fail(`onBudget must be 'error' or 'final_answer', got ${JSON.stringify(onBudget) ?? String(onBudget)}`);
  if (typeof budget !== 'object' || budget === null || Array.isArray(budget)) fail('budget must be an object such as { maxToolCalls: 20, maxCostUsd: 0.5, prices }');
  const b = budget as Record<string, unknown>;
  for (const key of Object.keys(b)) if (!BUDGET_KEYS.has(key)) fail(`"${key.slice(0, 40)}" is not a budget option; use ${[...BUDGET_KEYS].join(', ')}`);
  for (const key of LIMIT_KEYS) {
    const value = b[key];
    if (value === undefined) continue;
    const whole = key !== 'maxCostUsd';
    if (typeof value !== 'number' || !(value >= 0) || (whole && !Number.isInteger(value) && value !== Infinity)) {
      fail(`${key} must be a ${whole ? 'non-negative integer' : 'non-negative number'} (or Infinity), got ${JSON.stringify(value) ?? String(value)}`);
    }
  }
  if (b.prices !== undefined) checkPrices(b.prices, fail);
  if (b.maxCostUsd !== undefined && b.prices === undefined) fail("maxCostUsd needs prices: { 'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 } } (per million tokens; '*' for any other model)");
}

function checkPrices(prices: unknown, fail: (what: string) => never): void {
  if (typeof prices !== 'object' || prices === null || Array.isArray(prices)) fail('prices must be an object of model name → { inputPerMTok, outputPerMTok }');
  for (const [model, price] of Object.entries(prices as object)) {
    const p = price as Partial<ModelPrice> | null;
    const ok = typeof p === 'object' && p !== null && isPrice(p.inputPerMTok) && isPrice(p.outputPerMTok);
    if (!ok) fail(`prices[${JSON.stringify(model.slice(0, 60))}] must be { inputPerMTok, outputPerMTok }, each a non-negative finite number of US dollars per million tokens`);
  }
}

function isPrice(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** Which limit `spent` is past (tokens and cost; tool calls are checked before they run), if any. @internal */
export function crossedLimit(budget: RunBudget, spent: BudgetSpent): BudgetLimit | undefined {
  if (budget.maxInputTokens !== undefined && spent.inputTokens > budget.maxInputTokens) return 'maxInputTokens';
  if (budget.maxOutputTokens !== undefined && spent.outputTokens > budget.maxOutputTokens) return 'maxOutputTokens';
  if (budget.maxCostUsd !== undefined && spent.costUsd > budget.maxCostUsd) return 'maxCostUsd';
  return undefined;
}
