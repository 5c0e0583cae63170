import 'reflect-metadata';
import { Agent, RunState, Runner, ScriptedModel, Tool, ToolResult, Toolkit, Param, toolsOf, type Toolset } from '@toolwright/core';
import { bareTool, outputsOf, textTool, offeredTools } from '../runner/helpers';

describe('Progressive disclosure', () => {
  describe('a deferred tool', () => {
    it('is hidden until a result names it in addedTools, then offered from the next model call on', async () => {
      const secret = textTool('secret', (_ctx, { value }) => `secret ${value}`, { deferred: true });
      const unlock = bareTool('unlock', () => ToolResult.text('unlocked').withAddedTools(['secret']));
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'unlock', callId: 'u1' }] },
        { toolCalls: [{ name: 'secret', arguments: { value: 'x' }, callId: 's1' }] },
        { text: 'done' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [unlock, secret] }), 'go');
      expect(offeredTools(model)).toEqual([['unlock'], ['unlock', 'secret'], ['unlock', 'secret']]);
      expect(outputsOf(result.history)).toEqual({ u1: 'unlocked', s1: 'secret x' });
      expect([...result.state.disclosedTools]).toEqual(['secret']);
    });

    it('cannot be called in the same response that discloses it (it is unknown until the next call)', async () => {
      let ran = false;
      const secret = bareTool('secret', () => ((ran = true), 'ran'), { deferred: true });
      const unlock = bareTool('unlock', () => ToolResult.text('ok').withAddedTools(['secret']));
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'unlock', callId: 'u1' }, { name: 'secret', callId: 's1' }] },
        { text: 'done' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [unlock, secret] }), 'go');
      expect(ran).toBe(false);
      expect(outputsOf(result.history)['s1']).toMatch(/^Tool "secret" not found/);
      expect(offeredTools(model)[1]).toEqual(['unlock', 'secret']);
    });

    it('stays disclosed for the rest of the run (disclosure is cumulative)', async () => {
      const one = bareTool('one', () => 'one', { deferred: true });
      const two = bareTool('two', () => 'two', { deferred: true });
      const reveal = textTool('reveal', (_ctx, { value }) => ToolResult.text('ok').withAddedTools([value]));
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'reveal', arguments: { value: 'one' } }] },
        { toolCalls: [{ name: 'reveal', arguments: { value: 'two' } }] },
        { toolCalls: [{ name: 'one' }] },
        { text: 'done' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [reveal, one, two] }), 'go');
      expect(offeredTools(model)).toEqual([['reveal'], ['reveal', 'one'], ['reveal', 'one', 'two'], ['reveal', 'one', 'two']]);
      expect([...result.state.disclosedTools].sort()).toEqual(['one', 'two']);
    });

    it('is disclosed only for the run that disclosed it', async () => {
      const secret = bareTool('secret', () => 'x', { deferred: true });
      const unlock = bareTool('unlock', () => ToolResult.text('ok').withAddedTools(['secret']));
      const agent = new Agent({ name: 'a', tools: [unlock, secret] });
      const first = new ScriptedModel([{ toolCalls: [{ name: 'unlock' }] }, { text: 'done' }]);
      await new Runner({ model: first }).run(agent, 'go');
      const second = new ScriptedModel([{ text: 'hi' }]);
      await new Runner({ model: second }).run(agent, 'again');
      expect(offeredTools(second)).toEqual([['unlock']]);
    });

    it('never overrides isEnabled: a disclosed but disabled tool is not offered', async () => {
      let enabled = false;
      const secret = bareTool('secret', () => 'x', { deferred: true, isEnabled: () => enabled });
      const unlock = bareTool('unlock', () => ToolResult.text('ok').withAddedTools(['secret']));
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'unlock' }] },
        () => ((enabled = true), { toolCalls: [{ name: 'unlock' }] }),
        { text: 'done' },
      ]);
      // The second request is built before the script step flips `enabled`, so it is still hidden there.
      await new Runner({ model }).run(new Agent({ name: 'a', tools: [unlock, secret] }), 'go');
      expect(offeredTools(model)).toEqual([['unlock'], ['unlock'], ['unlock', 'secret']]);
    });

    it('ignores unknown names and names of tools that are not deferred', async () => {
      const plain = bareTool('plain', () => 'p');
      const secret = bareTool('secret', () => 's', { deferred: true });
      const unlock = bareTool('unlock', () => ToolResult.text('ok').withAddedTools(['nope', 'plain', 'secret_', '']));
      const model = new ScriptedModel([{ toolCalls: [{ name: 'unlock' }] }, { text: 'done' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [unlock, plain, secret] }), 'go');
      expect(result.status).toBe('completed');
      expect(offeredTools(model)).toEqual([['unlock', 'plain'], ['unlock', 'plain']]);
      expect([...result.state.disclosedTools]).toEqual([]);
    });

    it('survives a pause for approval and a resume from serialised state', async () => {
      const secret = bareTool('secret', () => 's', { deferred: true });
      const unlock = bareTool('unlock', () => ToolResult.text('ok').withAddedTools(['secret']));
      const risky = bareTool('risky', () => 'done', { needsApproval: true });
      const agent = new Agent({ name: 'a', tools: [unlock, secret, risky] });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'unlock' }] },
        { toolCalls: [{ name: 'risky', callId: 'r1' }] },
        { toolCalls: [{ name: 'secret', callId: 's1' }] },
        { text: 'finished' },
      ]);
      const runner = new Runner({ model });
      const paused = await runner.run(agent, 'go');
      expect(paused.status).toBe('interrupted');
      const restored = RunState.fromString(agent, paused.state.toString());
      expect([...restored.disclosedTools]).toEqual(['secret']);
      restored.approve('r1');
      const resumed = await runner.run(agent, restored);
      expect(resumed.status).toBe('completed');
      expect(offeredTools(model)[2]).toEqual(['unlock', 'secret', 'risky']);
      expect(outputsOf(resumed.history)['s1']).toBe('s');
      expect([...resumed.state.disclosedTools]).toEqual(['secret']);
    });

    it('can be disclosed from a toolset tool and declared with @Tool({ deferred: true })', async () => {
      @Toolkit()
      class Admin {
        /** Drop a table. */
        @Tool({ deferred: true })
        dropTable(@Param('table') table: string): string {
          return `dropped ${table}`;
        }
      }
      const admin = toolsOf(new Admin());
      expect(admin[0]!.deferred).toBe(true);
      const toolset: Toolset = { name: 'keys', tools: () => [bareTool('sudo', () => ToolResult.text('ok').withAddedTools(['drop_table']))] };
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'sudo' }] },
        { toolCalls: [{ name: 'drop_table', arguments: { table: 'users' }, callId: 'd1' }] },
        { text: 'done' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [admin, toolset] }), 'go');
      expect(offeredTools(model)).toEqual([['sudo'], ['drop_table', 'sudo'], ['drop_table', 'sudo']]);
      expect(outputsOf(result.history)['d1']).toBe('dropped users');
    });
  });
});
