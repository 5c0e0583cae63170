import { Agent, BudgetExceededError, Runner, ScriptedModel, UserError, type RunResult, type ScriptedTurn } from '@toolwright/core';
import { outputsOf, textTool } from '../runner/helpers';

/** A scripted model with a `model` name, as provider models have (prices are looked up by it). */
function named(name: string, turns: ScriptedTurn[]): ScriptedModel {
  return Object.assign(new ScriptedModel(turns), { model: name });
}

function counter() {
  const ran: string[] = [];
  const tool = textTool('lookup', (_ctx, { value }) => {
    ran.push(value);
    return `found ${value}`;
  });
  return { tool, ran };
}

const calls = (...values: string[]) => values.map((value) => ({ name: 'lookup', arguments: { value }, callId: `c_${value}` }));

async function failure(run: Promise<unknown>): Promise<BudgetExceededError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BudgetExceededError);
  return error as BudgetExceededError;
}

describe('Run budgets', () => {
  describe('maxToolCalls', () => {
    it('ends the run with BudgetExceededError before a batch that would go past it runs; the partial result keeps what ran', async () => {
      const { tool, ran } = counter();
      const model = new ScriptedModel([{ toolCalls: calls('a', 'b') }, { toolCalls: calls('c', 'd') }, { text: 'never' }]);
      const error = await failure(new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go', { budget: { maxToolCalls: 3 } }));
      expect(ran).toEqual(['a', 'b']);
      expect(error).toMatchObject({ budget: 'maxToolCalls', limit: 3, spent: { toolCalls: 2 } });
      expect(error.message).toContain("The run's budget is spent: maxToolCalls is 3");
      const partial = error.result as RunResult;
      expect(partial.status).toBe('failed');
      expect(outputsOf(partial.history)).toEqual({ c_a: 'found a', c_b: 'found b' });
      expect(JSON.stringify(error)).not.toContain('found a');
    });

    it("with onBudget 'final_answer' runs the calls that fit, answers the rest, and ends with one answer asked without tools", async () => {
      const { tool, ran } = counter();
      const model = new ScriptedModel([{ toolCalls: calls('a', 'b', 'c') }, { text: 'Here is what I found.' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go', { budget: { maxToolCalls: 2 }, onBudget: 'final_answer' });
      expect(ran).toEqual(['a', 'b']);
      expect(result.status).toBe('completed');
      expect(result.finalOutput).toBe('Here is what I found.');
      expect(String(outputsOf(result.history).c_c)).toContain("Not run: this run's budget is spent");
      expect(model.requests[1]!.tools).toEqual([]);
    });
  });

  describe('tokens', () => {
    it('counts the usage each response reports and ends the run when output tokens cross the limit, before that response\'s calls run', async () => {
      const { tool, ran } = counter();
      const model = new ScriptedModel([
        { toolCalls: calls('a'), usage: { inputTokens: 10, outputTokens: 80 } },
        { toolCalls: calls('b'), usage: { inputTokens: 10, outputTokens: 30 } },
        { text: 'never' },
      ]);
      const error = await failure(new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go', { budget: { maxOutputTokens: 100 } }));
      expect(ran).toEqual(['a']);
      expect(error).toMatchObject({ budget: 'maxOutputTokens', limit: 100, spent: { inputTokens: 20, outputTokens: 110 } });
      expect(error.usage).toMatchObject({ inputTokens: 20, outputTokens: 110 });
    });

    it("with onBudget 'final_answer' answers the crossing response's calls and asks once more without tools", async () => {
      const { tool, ran } = counter();
      const model = new ScriptedModel([{ toolCalls: calls('a'), usage: { inputTokens: 500 } }, { text: 'Short answer.', usage: { inputTokens: 600 } }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go', { budget: { maxInputTokens: 100 }, onBudget: 'final_answer' });
      expect(ran).toEqual([]);
      expect(result.finalOutput).toBe('Short answer.');
      expect(model.requests).toHaveLength(2);
      expect(model.requests[1]!.tools).toEqual([]);
    });
  });

  describe('maxCostUsd', () => {
    it('prices tokens by the model name and ends the run once the cost crosses the limit', async () => {
      const { tool } = counter();
      const model = named('gpt-test', [
        { toolCalls: calls('a'), usage: { inputTokens: 500, outputTokens: 20 } },
        { toolCalls: calls('b'), usage: { inputTokens: 500, outputTokens: 20 } },
        { text: 'never' },
      ]);
      const prices = { 'gpt-test': { inputPerMTok: 1, outputPerMTok: 10 }, '*': { inputPerMTok: 1000, outputPerMTok: 1000 } };
      const error = await failure(new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go', { budget: { maxCostUsd: 0.001, prices } }));
      expect(error.budget).toBe('maxCostUsd');
      expect(error.spent.costUsd).toBeCloseTo(0.0014, 10);
    });

    it('names the model a price is missing for', async () => {
      const model = named('gpt-unpriced', [{ text: 'hi', usage: { inputTokens: 1 } }]);
      const run = new Runner({ model }).run(new Agent({ name: 'a' }), 'go', { budget: { maxCostUsd: 1, prices: { 'gpt-test': { inputPerMTok: 1, outputPerMTok: 1 } } } });
      await expect(run).rejects.toThrow(/no price for the model "gpt-unpriced"/);
    });
  });

  describe('nested agent runs', () => {
    it("count toward the parent's tool calls: the parent run ends with BudgetExceededError and its own partial result", async () => {
      const { tool, ran } = counter();
      const child = new Agent({ name: 'researcher', tools: [tool], model: new ScriptedModel([{ toolCalls: calls('a', 'b') }, { toolCalls: calls('c') }, { text: 'child done' }]) });
      const parentModel = new ScriptedModel([{ toolCalls: [{ name: 'researcher', arguments: { input: 'dig' }, callId: 'p1' }] }, { text: 'never' }]);
      const parent = new Agent({ name: 'lead', tools: [child.asTool()] });
      const error = await failure(new Runner({ model: parentModel }).run(parent, 'go', { budget: { maxToolCalls: 3 } }));
      // The parent's call to the researcher is one, the researcher's two lookups make three.
      expect(ran).toEqual(['a', 'b']);
      expect(error.spent.toolCalls).toBe(3);
      expect((error.result as RunResult).lastAgent.name).toBe('lead');
    });

    it("count toward the parent's tokens", async () => {
      const child = new Agent({ name: 'researcher', model: new ScriptedModel([{ text: 'child done', usage: { inputTokens: 700 } }]) });
      const parentModel = new ScriptedModel([
        { toolCalls: [{ name: 'researcher', arguments: { input: 'dig' }, callId: 'p1' }], usage: { inputTokens: 100 } },
        { text: 'never', usage: { inputTokens: 100 } },
      ]);
      const error = await failure(new Runner({ model: parentModel }).run(new Agent({ name: 'lead', tools: [child.asTool()] }), 'go', { budget: { maxInputTokens: 500 } }));
      expect(error).toMatchObject({ budget: 'maxInputTokens', spent: { inputTokens: 800 } });
      expect(parentModel.requests).toHaveLength(1);
    });
  });

  describe('options', () => {
    it.each([
      [{ maxToolCalls: -1 }, /maxToolCalls must be a non-negative integer/],
      [{ maxToolCalls: 1.5 }, /maxToolCalls must be a non-negative integer/],
      [{ maxInputTokens: Number.NaN }, /maxInputTokens must be/],
      [{ maxCostUsd: 1 }, /maxCostUsd needs prices/],
      [{ maxCostUsd: 1, prices: { m: { inputPerMTok: -1, outputPerMTok: 1 } } }, /prices\["m"\] must be/],
      [{ maxTokens: 5 }, /"maxTokens" is not a budget option/],
      ['lots', /budget must be an object/],
    ])('refuses %j with a UserError saying what to fix', async (budget, message) => {
      const run = new Runner({ model: new ScriptedModel([{ text: 'hi' }]) }).run(new Agent({ name: 'a' }), 'go', { budget: budget as never });
      await expect(run).rejects.toThrow(UserError);
      await expect(new Runner({ model: new ScriptedModel([{ text: 'hi' }]) }).run(new Agent({ name: 'a' }), 'go', { budget: budget as never })).rejects.toThrow(message);
    });

    it('refuses an unknown onBudget', async () => {
      const run = new Runner({ model: new ScriptedModel([{ text: 'hi' }]) }).run(new Agent({ name: 'a' }), 'go', { budget: {}, onBudget: 'stop' as never });
      await expect(run).rejects.toThrow(/onBudget must be 'error' or 'final_answer'/);
    });
  });
});

describe('a budget across a pause', () => {
  it('keeps what the run spent (cost included) in the state: the resumed run goes on from it and ends when the total crosses', async () => {
    const ran: string[] = [];
    const refund = { ...textTool('refund', (_ctx, { value }) => (ran.push(value), `refunded ${value}`)), needsApproval: true };
    const model = named('gpt-test', [
      { toolCalls: [{ name: 'refund', arguments: { value: 'a' }, callId: 'r1' }], usage: { inputTokens: 600, outputTokens: 0 } },
      { toolCalls: [{ name: 'refund', arguments: { value: 'b' }, callId: 'r2' }], usage: { inputTokens: 600, outputTokens: 0 } },
      { text: 'never' },
    ]);
    const agent = new Agent({ name: 'a', tools: [refund] });
    const budget = { maxCostUsd: 0.001, prices: { 'gpt-test': { inputPerMTok: 1, outputPerMTok: 1 } } };
    const runner = new Runner({ model });
    const paused = await runner.run(agent, 'go', { budget });
    expect(paused.status).toBe('interrupted');
    const json = JSON.parse(paused.state.toString());
    expect(json.budgetSpent.costUsd).toBeCloseTo(0.0006, 10);
    // Another process: the state read back from its text, resumed with the same budget.
    const { RunState } = await import('@toolwright/core');
    const state = RunState.fromString(agent, paused.state.toString());
    state.approve('r1');
    const error = await failure(runner.run(agent, state, { budget }));
    // 600 tokens before the pause and 600 after: $0.0012 in all, past the $0.001 limit.
    expect(error.budget).toBe('maxCostUsd');
    expect(error.spent.costUsd).toBeCloseTo(0.0012, 10);
    expect(ran).toEqual(['a']);
  });
});
