import { Agent, CONFIRM_DUPLICATE_PARAMETER, Runner, ScriptedModel, defineTool, type ModelRequest } from '@toolwright/core';
import { outputsOf, textTool } from '../runner/helpers';

const outputsAt = (request: ModelRequest) => ({ text: JSON.stringify(outputsOf(request.input)) });

function chargeTool(duplicates: 'allow' | 'reject' | 'confirm', strict = true) {
  const invoke = jest.fn((_ctx: unknown, args: { amount: number; memo?: string }) => `charged ${args.amount}`);
  const tool = defineTool({
    name: 'charge',
    description: 'Charge the card.',
    parameters: { type: 'object', properties: { amount: { type: 'number' }, memo: { type: 'string' } }, required: ['amount'] },
    strict,
    duplicates,
    invoke,
  });
  return { tool, invoke };
}

describe('Duplicate-call policy', () => {
  it("'allow' (the default) runs repeated identical calls", async () => {
    const { tool, invoke } = chargeTool('allow');
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'charge', arguments: { amount: 5, memo: null } }] },
      { toolCalls: [{ name: 'charge', arguments: { amount: 5, memo: null } }] },
      { text: 'ok' },
    ]);
    await new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
    expect(invoke).toHaveBeenCalledTimes(2);
  });

  describe("'reject'", () => {
    it('does not run a repeat with equal arguments (key order ignored) and tells the model what the first call returned', async () => {
      const { tool, invoke } = chargeTool('reject');
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'charge', arguments: '{"amount":5,"memo":"rent"}', callId: 'first' }] },
        { toolCalls: [{ name: 'charge', arguments: '{"memo":"rent","amount":5}', callId: 'again' }, { name: 'charge', arguments: '{"amount":6,"memo":"rent"}', callId: 'other' }] },
        outputsAt,
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
      expect(invoke).toHaveBeenCalledTimes(2);
      const outputs = JSON.parse(result.finalOutput as string);
      expect(outputs.first).toBe('charged 5');
      expect(outputs.other).toBe('charged 6');
      expect(outputs.again).toBe(
        'Not run: tool "charge" was already called with these same arguments in this run (call first). It returned:\ncharged 5\nUse that result instead of calling the tool again.',
      );
    });

    it('runs an identical call once when it appears twice in one batch', async () => {
      const { tool, invoke } = chargeTool('reject');
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'charge', arguments: { amount: 5, memo: null }, callId: 'a' }, { name: 'charge', arguments: { amount: 5, memo: null }, callId: 'b' }] },
        outputsAt,
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'x', tools: [tool] }), 'go');
      expect(invoke).toHaveBeenCalledTimes(1);
      expect(JSON.parse(result.finalOutput as string).b).toMatch(/^Not run: this call repeats call a of the same batch/);
    });

    it('lets a call that failed be tried again', async () => {
      let n = 0;
      const flaky = textTool('flaky', () => {
        if (++n === 1) throw new Error('timeout upstream');
        return 'ok';
      }, { duplicates: 'reject' });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'flaky', arguments: { value: 'x' } }] },
        { toolCalls: [{ name: 'flaky', arguments: { value: 'x' } }] },
        outputsAt,
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [flaky] }), 'go');
      expect(n).toBe(2);
      expect(JSON.parse(result.finalOutput as string).call_2).toBe('ok');
    });
  });

  describe("'confirm'", () => {
    it('advertises an optional boolean confirm_duplicate (strict: nullable and required) that never reaches the method', async () => {
      const { tool, invoke } = chargeTool('confirm');
      const model = new ScriptedModel([{ toolCalls: [{ name: 'charge', arguments: { amount: 5, memo: null, confirm_duplicate: null } }] }, { text: 'ok' }]);
      await new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
      const advertised = model.requests[0]!.tools[0]!.parameters as { properties: Record<string, unknown>; required: string[] };
      expect(advertised.properties[CONFIRM_DUPLICATE_PARAMETER]).toMatchObject({ type: ['boolean', 'null'] });
      expect(advertised.required).toEqual(['amount', 'memo', 'confirm_duplicate']);
      expect(tool.parameters.properties).not.toHaveProperty(CONFIRM_DUPLICATE_PARAMETER);
      expect(invoke).toHaveBeenCalledTimes(1);
      expect(invoke.mock.calls[0]![1]).not.toHaveProperty(CONFIRM_DUPLICATE_PARAMETER);
      expect((invoke.mock.calls[0]![0] as { arguments: string }).arguments).toBe('{"amount":5,"memo":null}');

      const loose = chargeTool('confirm', false);
      const m2 = new ScriptedModel([{ toolCalls: [{ name: 'charge', arguments: { amount: 5 } }] }, { text: 'ok' }]);
      await new Runner({ model: m2 }).run(new Agent({ name: 'a', tools: [loose.tool] }), 'go');
      const looseParams = m2.requests[0]!.tools[0]!.parameters as { properties: Record<string, { type: unknown }>; required?: string[] };
      expect(looseParams.properties.confirm_duplicate!.type).toBe('boolean');
      expect(looseParams.required ?? []).not.toContain('confirm_duplicate');
    });

    it('does not run a repeat without confirm_duplicate: true and tells the model how to confirm; with it, it runs', async () => {
      const { tool, invoke } = chargeTool('confirm');
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'charge', arguments: { amount: 5, memo: null, confirm_duplicate: null }, callId: 'one' }] },
        { toolCalls: [{ name: 'charge', arguments: { amount: 5, memo: null, confirm_duplicate: false }, callId: 'two' }] },
        { toolCalls: [{ name: 'charge', arguments: { amount: 5, memo: null, confirm_duplicate: true }, callId: 'three' }] },
        outputsAt,
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
      const outputs = JSON.parse(result.finalOutput as string);
      expect(invoke).toHaveBeenCalledTimes(2);
      expect(outputs.two).toMatch(/^Not run: tool "charge" was already called with these same arguments in this run \(call one\)\. It returned:\ncharged 5\n/);
      expect(outputs.two).toMatch(/call "charge" again with the same arguments and "confirm_duplicate": true\.$/);
      expect(outputs.three).toBe('charged 5');
      expect(invoke.mock.calls[1]![1]).toEqual({ amount: 5, memo: undefined });
    });

    it('answers a non-boolean confirm_duplicate as an argument error', async () => {
      const { tool, invoke } = chargeTool('confirm');
      const model = new ScriptedModel([{ toolCalls: [{ name: 'charge', arguments: { amount: 5, memo: null, confirm_duplicate: 'yes' }, callId: 'c' }] }, outputsAt]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
      expect(invoke).not.toHaveBeenCalled();
      expect(JSON.parse(result.finalOutput as string).c).toMatch(/\/confirm_duplicate: "confirm_duplicate" must be true, false or null/);
    });
  });
});
