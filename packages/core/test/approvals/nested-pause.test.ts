import { Agent, RunState, Runner, ScriptedModel, ToolInterruption, defineTool, type Tool } from '@toolwright/core';
import { outputsOf, textTool } from '../runner/helpers';

/**
 * An agent run as a tool, written by hand on the public hooks: a nested run that pauses throws
 * `ToolInterruption`; on resume the call gets `ctx.nestedState` to continue from.
 */
function nestedAgentTool(inner: Agent, innerModel: ScriptedModel): Tool & { agent: Agent } {
  const tool = defineTool({
    name: 'payments_agent',
    description: 'Ask the payments agent.',
    parameters: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
    invoke: async (ctx, args: { value: string }) => {
      const input = ctx.nestedState ? RunState.fromString(inner, ctx.nestedState) : args.value;
      const result = await new Runner({ model: innerModel }).run(inner, input);
      if (result.status === 'interrupted') throw new ToolInterruption(result.state);
      return String(result.finalOutput);
    },
  });
  return { ...tool, agent: inner };
}

function setup() {
  const refund = jest.fn((_ctx: unknown, args: { value: string }) => `refunded ${args.value}`);
  const lookup = jest.fn(() => 'order found');
  const inner = new Agent({ name: 'payments', tools: [textTool('refund', refund, { needsApproval: true })] });
  const innerModel = new ScriptedModel([
    { toolCalls: [{ name: 'refund', arguments: { value: '30' }, callId: 'inner_refund' }] },
    (request) => ({ text: `payments: ${outputsOf(request.input).inner_refund}` }),
  ]);
  const outer = new Agent({ name: 'support', tools: [nestedAgentTool(inner, innerModel), textTool('lookup', lookup)] });
  const outerModel = new ScriptedModel([
    { toolCalls: [{ name: 'payments_agent', arguments: { value: 'refund 30' }, callId: 'pa' }, { name: 'lookup', arguments: { value: '42' }, callId: 'lk' }] },
    (request) => ({ text: JSON.stringify(outputsOf(request.input)) }),
  ]);
  return { refund, lookup, inner, outer, runner: new Runner({ model: outerModel }) };
}

describe('A nested run that pauses inside a call', () => {
  it('pauses the parent after the siblings finished, lists the nested interruption, and resumes from JSON without re-running the siblings', async () => {
    const { refund, lookup, inner, outer, runner } = setup();
    const paused = await runner.run(outer, 'refund order 42');
    expect(paused.status).toBe('interrupted');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(refund).not.toHaveBeenCalled();
    expect(paused.interruptions).toEqual([{ callId: 'inner_refund', toolName: 'refund', arguments: { value: '30' }, agent: inner, parentCallId: 'pa' }]);

    const json = paused.state.toString();
    const parsed = JSON.parse(json);
    expect(parsed.pendingBatch.outputs).toEqual([{ callId: 'lk', output: 'order found' }]);
    expect(parsed.pendingBatch.nested.pa.state).toMatchObject({ format: 'toolwright.run-state', currentAgent: 'payments' });

    // Only the outer agent is given: the nested agent is found through the tool's `agent`.
    const state = RunState.fromString(outer, json);
    state.approve('inner_refund', { arguments: { value: '25' } });
    const done = await runner.run(outer, state);
    expect(done.status).toBe('completed');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]![1]).toEqual({ value: '25' });
    expect(done.finalOutput).toBe('{"pa":"payments: refunded 25","lk":"order found"}');
  });

  it('carries a rejection message made on the parent into the nested run', async () => {
    const { refund, outer, runner } = setup();
    const paused = await runner.run(outer, 'refund order 42');
    paused.state.reject('inner_refund', { message: 'Refunds need a manager.' });
    const done = await runner.run(outer, paused.state);
    expect(refund).not.toHaveBeenCalled();
    expect(done.finalOutput).toBe('{"pa":"payments: Refunds need a manager.","lk":"order found"}');
  });
});
