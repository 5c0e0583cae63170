import { Agent, Runner, SUBMIT_PLAN_TOOL, ScriptedModel, UserError, type RunEvent } from '@toolwright/core';
import { outputsOf, textTool } from '../runner/helpers';

const REFUSAL = /^Not run: plan mode is on and "(\w+)" is not a read-only tool\. Only read-only tools run while planning: investigate with them, then call "submit_plan" with your plan\.$/;

function fileTools() {
  const read = jest.fn((_ctx: unknown, { value }: { value: string }) => `contents of ${value}`);
  const write = jest.fn(() => 'written');
  return {
    read,
    write,
    tools: [textTool('read_file', read, { readOnly: true }), textTool('write_file', write)],
  };
}

const investigateThenPlan = () =>
  new ScriptedModel([
    {
      toolCalls: [
        { name: 'read_file', arguments: { value: 'a.txt' }, callId: 'c1' },
        { name: 'write_file', arguments: { value: 'b.txt' }, callId: 'c2' },
      ],
    },
    { toolCalls: [{ name: SUBMIT_PLAN_TOOL, arguments: { plan: '1. write b.txt' }, callId: 'c3' }] },
    { text: 'never asked' },
  ]);

describe('Plan mode', () => {
  describe('Z-155: non-read-only tools stay visible but answer with a refusal naming submit_plan', () => {
    it('offers every tool plus submit_plan, runs the read-only call, refuses the other as a normal output', async () => {
      const f = fileTools();
      const model = investigateThenPlan();
      const result = await new Runner({ model, planMode: true }).run(new Agent({ name: 'planner', tools: f.tools }), 'Plan the change.');
      expect(model.requests[0]!.tools.map((t) => t.name)).toEqual(['read_file', 'write_file', 'submit_plan']);
      expect(f.read).toHaveBeenCalledTimes(1);
      expect(f.write).not.toHaveBeenCalled();
      const outputs = outputsOf(result.history);
      expect(outputs.c1).toBe('contents of a.txt');
      expect(outputs.c2).toMatch(REFUSAL);
      expect(String(outputs.c2)).toContain('"write_file"');
    });

    it('ends the run with the submitted plan as its final output', async () => {
      const f = fileTools();
      const model = investigateThenPlan();
      const result = await new Runner({ model, planMode: true }).run(new Agent({ name: 'planner', tools: f.tools }), 'Plan the change.');
      expect(result.status).toBe('completed');
      expect(result.finalOutput).toBe('1. write b.txt');
      expect(model.requests).toHaveLength(2);
    });

    it('does not count a refusal as a failed call (the output is not marked isError)', async () => {
      const f = fileTools();
      const events: RunEvent[] = [];
      const stream = new Runner({ model: investigateThenPlan(), planMode: true }).stream(new Agent({ name: 'planner', tools: f.tools }), 'go');
      for await (const e of stream) events.push(e);
      const refused = events.find((e) => e.type === 'tool_output' && e.callId === 'c2');
      expect(refused).toMatchObject({ type: 'tool_output', toolName: 'write_file' });
      const result = (refused as { result: { isError?: boolean; text: string } }).result;
      expect(result.text).toMatch(REFUSAL);
      expect(result.isError).toBeUndefined();
    });

    it('outranks approval: a refused call that needs approval is refused without asking or pausing', async () => {
      const write = jest.fn(() => 'written');
      const approvalHandler = jest.fn(() => ({ approved: true as const }));
      const model = new ScriptedModel([{ toolCalls: [{ name: 'deploy', arguments: { value: 'prod' }, callId: 'c1' }] }, { text: 'planned' }]);
      const runner = new Runner({ model, planMode: true, approvalHandler });
      const result = await runner.run(new Agent({ name: 'p', tools: [textTool('deploy', write, { needsApproval: true })] }), 'go');
      expect(result.status).toBe('completed');
      expect(approvalHandler).not.toHaveBeenCalled();
      expect(write).not.toHaveBeenCalled();
      expect(outputsOf(result.history).c1).toMatch(REFUSAL);
      // Without the approval handler the run would otherwise pause; in plan mode it does not.
      const paused = await new Runner({ model: new ScriptedModel([{ toolCalls: [{ name: 'deploy', arguments: { value: 'prod' } }] }, { text: 'ok' }]), planMode: true })
        .run(new Agent({ name: 'p', tools: [textTool('deploy', write, { needsApproval: true })] }), 'go');
      expect(paused.status).toBe('completed');
      expect(paused.interruptions).toEqual([]);
    });

    it('lets a read-only tool that needs approval still ask for it', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'peek', arguments: { value: 'secrets' }, callId: 'c1' }] }, { text: 'ok' }]);
      const result = await new Runner({ model, planMode: true })
        .run(new Agent({ name: 'p', tools: [textTool('peek', () => 'x', { readOnly: true, needsApproval: true })] }), 'go');
      expect(result.status).toBe('interrupted');
      expect(result.interruptions.map((r) => r.toolName)).toEqual(['peek']);
    });

    it('trusts the tools listed in readOnlyTools (e.g. MCP tools whose own hints are not trusted)', async () => {
      const f = fileTools();
      const wipe = jest.fn(() => 'wiped');
      const calls = [{ name: 'write_file', arguments: { value: 'x' }, callId: 'c1' }, { name: 'wipe', arguments: { value: 'x' }, callId: 'c2' }];
      const model = new ScriptedModel([{ toolCalls: calls }, { text: 'ok' }]);
      const result = await new Runner({ model, planMode: { readOnlyTools: ['write_file'] } })
        .run(new Agent({ name: 'p', tools: [...f.tools, textTool('wipe', wipe)] }), 'go');
      expect(f.write).toHaveBeenCalledTimes(1);
      expect(wipe).not.toHaveBeenCalled();
      expect(outputsOf(result.history).c2).toMatch(REFUSAL);
    });

    it('uses the agent\'s own plan-submission tool when submitTool names it, and names it in refusals', async () => {
      const propose = jest.fn(() => 'proposal recorded');
      const f = fileTools();
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'write_file', arguments: { value: 'x' }, callId: 'c1' }, { name: 'propose', arguments: { value: 'steps' }, callId: 'c2' }] },
        { text: 'done' },
      ]);
      const agent = new Agent({ name: 'p', tools: [...f.tools, textTool('propose', propose)] });
      const result = await new Runner({ model, planMode: { submitTool: 'propose' } }).run(agent, 'go');
      expect(model.requests[0]!.tools.map((t) => t.name)).toEqual(['read_file', 'write_file', 'propose']);
      expect(propose).toHaveBeenCalledTimes(1);
      expect(outputsOf(result.history).c1).toContain('then call "propose" with your plan');
    });

    it('keeps an agent\'s own submit_plan tool instead of adding the built-in', async () => {
      const own = jest.fn(() => 'filed');
      const model = new ScriptedModel([{ toolCalls: [{ name: 'submit_plan', arguments: { value: 'x' } }] }, { text: 'ok' }]);
      const result = await new Runner({ model, planMode: true }).run(new Agent({ name: 'p', tools: [textTool('submit_plan', own)] }), 'go');
      expect(own).toHaveBeenCalledTimes(1);
      expect(result.finalOutput).toBe('ok');
    });

    it('is a run option too: a run\'s planMode wins over the Runner\'s', async () => {
      const f = fileTools();
      const runner = new Runner({ model: investigateThenPlan(), planMode: true });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'write_file', arguments: { value: 'x' } }] }, { text: 'ok' }]);
      await new Runner({ model }).run(new Agent({ name: 'p', tools: f.tools }), 'go', { planMode: true });
      expect(f.write).not.toHaveBeenCalled();
      expect(model.requests[0]!.tools.map((t) => t.name)).toContain('submit_plan');
      await runner.run(new Agent({ name: 'p', tools: f.tools }), 'go', { planMode: false });
      expect(f.write).toHaveBeenCalledTimes(1);
    });

    it('makes a nested agent used as a tool plan too, without offering it the parent\'s submit tool', async () => {
      const write = jest.fn(() => 'written');
      const innerModel = new ScriptedModel([{ toolCalls: [{ name: 'write_file', arguments: { value: 'x' }, callId: 'n1' }] }, (req) => ({ text: `inner saw: ${JSON.stringify(outputsOf(req.input))}` })]);
      const researcher = new Agent({ name: 'researcher', model: innerModel, tools: [textTool('write_file', write)] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'researcher', arguments: { input: 'look around' }, callId: 'c1' }] }, { text: 'ok' }]);
      const outer = new Agent({ name: 'lead', tools: [researcher.asTool({ readOnly: true })] });
      const result = await new Runner({ model, planMode: true }).run(outer, 'go');
      expect(write).not.toHaveBeenCalled();
      expect(innerModel.requests[0]!.tools.map((t) => t.name)).toEqual(['write_file']);
      expect(outputsOf(result.history).c1).toContain('gather what you need with them, then answer with what you found');
    });

    it('rejects a malformed option, naming it', () => {
      expect(() => new Runner({ planMode: 'yes' as never })).toThrow(UserError);
      expect(() => new Runner({ planMode: { readOnlyTools: 'read_file' as never } })).toThrow(/readOnlyTools must be an array of tool names/);
      expect(() => new Runner({ planMode: { submitTool: 'bad name!' } })).toThrow();
    });
  });
});
