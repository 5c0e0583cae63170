import { Agent, RunState, Runner, ScriptedModel, ToolResult, UserError, type Item, type ToolContext } from '@toolwright/core';
import { bareTool, outputsOf, sleep, textTool } from './helpers';

describe('Runner', () => {
  describe('when the model answers without tools', () => {
    it('completes with the assistant text as the final output', async () => {
      const model = new ScriptedModel([{ text: 'Hello there.' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'greeter' }), 'Hi');
      expect(result.status).toBe('completed');
      expect(result.finalOutput).toBe('Hello there.');
      expect(result.interruptions).toEqual([]);
      expect(result.lastAgent.name).toBe('greeter');
      expect(result.history).toEqual([
        { type: 'message', role: 'user', content: 'Hi' },
        { type: 'message', role: 'assistant', content: 'Hello there.' },
      ]);
      expect(result.newItems).toEqual([{ type: 'message', role: 'assistant', content: 'Hello there.' }]);
      expect(result.state).toBeInstanceOf(RunState);
      expect(result.state.status).toBe('completed');
    });

    it('continues a conversation given as items without mutating them', async () => {
      const input: Item[] = [
        { type: 'message', role: 'user', content: 'My name is Ada.' },
        { type: 'message', role: 'assistant', content: 'Hi Ada.' },
        { type: 'message', role: 'user', content: 'What is my name?' },
      ];
      const model = new ScriptedModel([{ text: 'Ada.' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a' }), input);
      expect(input).toHaveLength(3);
      expect(model.requests[0]!.input).toEqual(input);
      expect(result.history).toHaveLength(4);
      expect(result.newItems).toHaveLength(1);
    });
  });

  describe('the model request', () => {
    it('carries instructions, the history and the offered tools with strict flags', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { value: 'x' } }] }, { text: 'ok' }]);
      const echo = textTool('echo', (_ctx, { value }) => value);
      await new Runner({ model }).run(new Agent({ name: 'a', instructions: 'Be brief.', tools: [echo] }), 'go');
      const [first, second] = model.requests;
      expect(first!.instructions).toBe('Be brief.');
      expect(first!.tools).toEqual([{ name: 'echo', description: 'The echo tool.', parameters: echo.parameters, strict: true }]);
      expect(first!.input).toEqual([{ type: 'message', role: 'user', content: 'go' }]);
      expect(second!.input.map((i) => i.type)).toEqual(['message', 'function_call', 'function_call_output']);
      expect(outputsOf(second!.input)).toEqual({ call_1: 'x' });
    });

    it('computes function instructions from the run context every turn', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'noop' }] }, { text: 'ok' }]);
      let calls = 0;
      const agent = new Agent<{ user: string }>({
        name: 'a',
        instructions: (ctx) => `Help ${ctx.context.user} (${++calls}).`,
        tools: [bareTool('noop', () => 'done')],
      });
      await new Runner({ model }).run(agent, 'go', { context: { user: 'Ada' } });
      expect(model.requests.map((r) => r.instructions)).toEqual(['Help Ada (1).', 'Help Ada (2).']);
    });

    it('sends static instructions every turn, and still asks a subclass that overrides resolveInstructions', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'noop', arguments: '{}' }] }, { text: 'ok' }]);
      await new Runner({ model }).run(new Agent({ name: 'a', instructions: 'Be brief.', tools: [bareTool('noop', () => 'done')] }), 'go');
      expect(model.requests.map((r) => r.instructions)).toEqual(['Be brief.', 'Be brief.']);

      class CountingAgent extends Agent {
        asked = 0;
        override async resolveInstructions(): Promise<string | undefined> {
          return `Turn ${++this.asked}.`;
        }
      }
      const counted = new ScriptedModel([{ toolCalls: [{ name: 'noop', arguments: '{}' }] }, { text: 'ok' }]);
      await new Runner({ model: counted }).run(new CountingAgent({ name: 'c', instructions: 'ignored', tools: [bareTool('noop', () => 'done')] }), 'go');
      expect(counted.requests.map((r) => r.instructions)).toEqual(['Turn 1.', 'Turn 2.']);
    });

    it('takes parallelToolCalls and toolChoice from the agent, and run options over them', async () => {
      const agent = new Agent({ name: 'a', modelSettings: { parallelToolCalls: true, toolChoice: 'auto', temperature: 0.2 } });
      const model = new ScriptedModel([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
      const runner = new Runner({ model, parallelToolCalls: false });
      await runner.run(agent, 'x');
      await runner.run(agent, 'x', { parallelToolCalls: false, toolChoice: 'none', modelSettings: { temperature: 0.9 } });
      await runner.run(new Agent({ name: 'plain' }), 'x');
      expect(model.requests[0]).toMatchObject({ parallelToolCalls: true, toolChoice: 'auto', settings: { temperature: 0.2 } });
      expect(model.requests[1]).toMatchObject({ parallelToolCalls: false, toolChoice: 'none', settings: { temperature: 0.9 } });
      expect(model.requests[2]!.parallelToolCalls).toBe(false);
      expect(model.requests[2]!.toolChoice).toBeUndefined();
    });

    it('drops a forced toolChoice once the agent has used a tool, unless resetToolChoice is false', async () => {
      const script = () => new ScriptedModel([{ toolCalls: [{ name: 'noop' }] }, { text: 'done' }]);
      const tools = [bareTool('noop', () => 'ok')];
      const resetting = script();
      await new Runner({ model: resetting }).run(new Agent({ name: 'a', tools, modelSettings: { toolChoice: 'required' } }), 'go');
      expect(resetting.requests.map((r) => r.toolChoice)).toEqual(['required', undefined]);
      const keeping = script();
      await new Runner({ model: keeping }).run(new Agent({ name: 'a', tools, modelSettings: { toolChoice: 'required' }, resetToolChoice: false }), 'go');
      expect(keeping.requests.map((r) => r.toolChoice)).toEqual(['required', 'required']);
    });

    it('uses the agent model over the runner model', async () => {
      const runnerModel = new ScriptedModel([{ text: 'runner' }]);
      const agentModel = new ScriptedModel([{ text: 'agent' }]);
      const result = await new Runner({ model: runnerModel }).run(new Agent({ name: 'a', model: agentModel }), 'x');
      expect(result.finalOutput).toBe('agent');
      expect(runnerModel.requests).toHaveLength(0);
    });
  });

  describe('tools offered per turn', () => {
    it('consults isEnabled every turn and never offers a disabled tool', async () => {
      let enabled = true;
      const seen: string[][] = [];
      const model = new ScriptedModel((request, turn) => {
        seen.push(request.tools.map((t) => t.name));
        if (turn === 0) return { toolCalls: [{ name: 'toggle', arguments: {} }] };
        return { text: 'done' };
      });
      const toggle = bareTool('toggle', () => ((enabled = false), 'off'));
      const gated = bareTool('gated', () => 'ran', { isEnabled: (ctx, agent) => enabled && agent.name === 'a' && (ctx.context as { ok: boolean }).ok });
      await new Runner({ model }).run(new Agent({ name: 'a', tools: [toggle, gated] }), 'go', { context: { ok: true } });
      expect(seen).toEqual([['toggle', 'gated'], ['toggle']]);
    });

    it('answers a call to a disabled tool as unknown, and the tool never runs', async () => {
      const invoke = jest.fn(() => 'ran');
      const model = new ScriptedModel([{ toolCalls: [{ name: 'hidden', arguments: {} }] }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [bareTool('hidden', invoke, { isEnabled: () => false })] }), 'go');
      expect(invoke).not.toHaveBeenCalled();
      expect(Object.values(outputsOf(result.history))[0]).toMatch(/Tool "hidden" not found/);
    });

    it('flattens nested arrays of tools and resolves toolsets every turn', async () => {
      let version = 1;
      const toolset = { name: 'dynamic', tools: () => [bareTool(`v${version}`, () => ((version = 2), 'bumped'))] };
      const model = new ScriptedModel([{ toolCalls: [{ name: 'v1' }] }, { text: 'done' }]);
      await new Runner({ model }).run(new Agent({ name: 'a', tools: [[bareTool('plain', () => '')], toolset] }), 'go');
      expect(model.requests.map((r) => r.tools.map((t) => t.name))).toEqual([['plain', 'v1'], ['plain', 'v2']]);
    });

    it('fails with UserError naming both sources when two tools share a name', async () => {
      const model = new ScriptedModel([{ text: 'never' }]);
      const toolset = { name: 'extra', tools: () => [bareTool('dup', () => '')] };
      const run = new Runner({ model }).run(new Agent({ name: 'a', tools: [bareTool('dup', () => ''), toolset] }), 'go');
      await expect(run).rejects.toThrow(UserError);
      await expect(run).rejects.toThrow(/two tools named "dup".*defineTool.*toolset "extra"/);
    });

    it('refuses an entry that is not a tool, with a message saying what to pass', async () => {
      const model = new ScriptedModel([{ text: 'never' }]);
      await expect(new Runner({ model }).run(new Agent({ name: 'a', tools: [42 as never] }), 'go')).rejects.toThrow(/tools\[0\] is not a tool/);
    });
  });

  describe('context and isolation', () => {
    it('passes the typed run context to every tool through ToolContext', async () => {
      const seen: Array<{ user: string; toolName: string; callId: string; args: string }> = [];
      const who = bareTool('who', (ctx: ToolContext<any>) => {
        seen.push({ user: ctx.context.user, toolName: ctx.toolName, callId: ctx.callId, args: ctx.arguments });
        return ctx.context.user;
      });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'who', callId: 'c1' }, { name: 'who', callId: 'c2' }] }, { text: 'ok' }]);
      const agent = new Agent<{ user: string }>({ name: 'a', tools: [who] });
      await new Runner({ model }).run(agent, 'go', { context: { user: 'Ada' } });
      expect(seen).toEqual([
        { user: 'Ada', toolName: 'who', callId: 'c1', args: '{}' },
        { user: 'Ada', toolName: 'who', callId: 'c2', args: '{}' },
      ]);
    });

    it('keeps two concurrent runs on one Runner apart: context, disclosed tools and state', async () => {
      const secret = bareTool('secret', (ctx) => `secret for ${ctx.context.user}`, { deferred: true });
      const unlock = bareTool('unlock', async (ctx) => {
        await sleep(ctx.context.user === 'Ada' ? 30 : 5);
        return ctx.context.user === 'Ada' ? { added: true } : 'nothing';
      });
      const unlocking = { ...unlock, invoke: async (ctx: ToolContext<any>, args: unknown) => {
        const value = await unlock.invoke(ctx, args);
        return typeof value === 'string' ? value : ToolResult.text('unlocked').withAddedTools(['secret']);
      } };
      const script = (user: string) => (request: { tools: { name: string }[] }, turn: number) => {
        if (turn === 0) return { toolCalls: [{ name: 'unlock' }] };
        if (turn === 1 && request.tools.some((t) => t.name === 'secret')) return { toolCalls: [{ name: 'secret' }] };
        return { text: `${user}: ${request.tools.map((t) => t.name).join(',')}` };
      };
      const runner = new Runner();
      const agent = new Agent<{ user: string }>({ name: 'a', tools: [unlocking, secret] });
      const [ada, bob] = await Promise.all([
        runner.run(agent.clone({ model: new ScriptedModel(script('Ada')) }), 'go', { context: { user: 'Ada' } }),
        runner.run(agent.clone({ model: new ScriptedModel(script('Bob')) }), 'go', { context: { user: 'Bob' } }),
      ]);
      expect(outputsOf(ada.history)).toMatchObject({ call_2: 'secret for Ada' });
      expect(ada.state.disclosedTools.has('secret')).toBe(true);
      expect(bob.state.disclosedTools.size).toBe(0);
      expect(bob.finalOutput).toBe('Bob: unlock');
      expect(ada.state).not.toBe(bob.state);
      expect(bob.history.some((i) => i.type === 'function_call' && i.name === 'secret')).toBe(false);
    });
  });

  describe('continuing a RunState', () => {
    it('runs the pending batch first, then asks the model again', async () => {
      const ran = jest.fn(() => 'pending ran');
      const agent = new Agent({ name: 'a', tools: [bareTool('work', ran)] });
      const state = new RunState({
        agent,
        history: [
          { type: 'message', role: 'user', content: 'go' },
          { type: 'function_call', callId: 'p1', name: 'work', arguments: '{}' },
        ],
        maxTurns: 5,
        context: undefined,
      });
      state.turn = 1;
      state.pendingBatch = { calls: [state.history[1] as never], outputs: new Map() };
      const model = new ScriptedModel([{ text: 'finished' }]);
      const result = await new Runner({ model }).run(agent, state);
      expect(ran).toHaveBeenCalledTimes(1);
      expect(result.finalOutput).toBe('finished');
      expect(result.state.turn).toBe(2);
      expect(outputsOf(model.requests[0]!.input)).toEqual({ p1: 'pending ran' });
      expect(result.newItems.map((i) => i.type)).toEqual(['function_call_output', 'message']);
    });
  });

  describe('misuse', () => {
    it('explains a missing model', async () => {
      await expect(new Runner().run(new Agent({ name: 'lost' }), 'x')).rejects.toThrow(/Agent "lost" has no model/);
    });

    it('refuses a non-positive maxTurns', () => {
      expect(() => new Runner({ maxTurns: 0 })).toThrow(UserError);
    });
  });
});
