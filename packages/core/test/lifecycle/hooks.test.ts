import {
  Agent, GuardrailOutcome, GuardrailTripwireError, HookError, REFUSED_OUTPUT_NOTICE, Runner, ScriptedModel, ToolResult, defineOutputGuardrail,
  defineToolInputGuardrail, defineToolOutputGuardrail, handoff, type AgentHooks, type RunHooks,
} from '@toolwright/core';
import { outputsOf, textTool } from '../runner/helpers';

/** Hooks that log `<prefix>:<hook>` (and the tool or agent they see) into `log`. */
function recordingHooks(log: string[], prefix: string): RunHooks & AgentHooks {
  const hooks: Record<string, (event: any) => void> = {};
  for (const name of ['onRunStart', 'onRunEnd', 'onAgentStart', 'onAgentEnd', 'onStart', 'onEnd', 'onLlmStart', 'onLlmEnd', 'onToolStart', 'onToolEnd', 'onHandoff']) {
    hooks[name] = (event) => {
      const what = event.tool ? `(${event.tool.name}${event.result ? `=${event.result.text}` : ''})` : event.to ? `(${event.from.name}->${event.to.name})` : '';
      log.push(`${prefix}:${name}${what}`);
    };
  }
  return hooks;
}

const lookupThenAnswer = () =>
  new ScriptedModel([{ toolCalls: [{ name: 'lookup', arguments: { value: 'x' }, callId: 'c1' }] }, { text: 'done' }]);

describe('Lifecycle hooks', () => {
  describe('M-34, Z-44: hook order on the runner and per agent', () => {
    it('calls runner hooks, then the agent\'s own, in run order', async () => {
      const log: string[] = [];
      const agent = new Agent({ name: 'a', tools: [textTool('lookup', () => 'found')], hooks: recordingHooks(log, 'agent') });
      const result = await new Runner({ model: lookupThenAnswer(), hooks: recordingHooks(log, 'runner') }).run(agent, 'go');
      expect(result.finalOutput).toBe('done');
      expect(log).toEqual([
        'runner:onRunStart',
        'runner:onAgentStart', 'agent:onStart',
        'runner:onLlmStart', 'agent:onLlmStart', 'runner:onLlmEnd', 'agent:onLlmEnd',
        'runner:onToolStart(lookup)', 'agent:onToolStart(lookup)',
        'runner:onToolEnd(lookup=found)', 'agent:onToolEnd(lookup=found)',
        'runner:onLlmStart', 'agent:onLlmStart', 'runner:onLlmEnd', 'agent:onLlmEnd',
        'runner:onAgentEnd', 'agent:onEnd',
        'runner:onRunEnd',
      ]);
    });

    it('Z-44: a failed call flows through the same tail as a success: output guardrails, onToolEnd, then the output item', async () => {
      const log: string[] = [];
      const boom = new Error('disk full');
      const guard = defineToolOutputGuardrail({ name: 'audit', check: ({ result }) => (log.push(`guardrail:isError=${result.isError}`), GuardrailOutcome.allow()) });
      const tool = textTool('lookup', () => { throw boom; }, { outputGuardrails: [guard] });
      let seen: { error?: unknown; isError?: boolean } = {};
      const hooks: RunHooks = {
        onToolEnd: ({ result, error }) => {
          log.push('onToolEnd');
          seen = { error, isError: result.isError };
        },
      };
      const result = await new Runner({ model: lookupThenAnswer(), hooks }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
      expect(log).toEqual(['guardrail:isError=true', 'onToolEnd']);
      expect(seen).toEqual({ error: boom, isError: true });
      expect(outputsOf(result.history).c1).toMatch(/disk full/);
    });

    it('Z-72: a call its input guardrail refuses fires no tool hooks', async () => {
      const log: string[] = [];
      const refuse = defineToolInputGuardrail({ name: 'no', check: () => GuardrailOutcome.reject('refused') });
      const agent = new Agent({ name: 'a', tools: [textTool('lookup', () => 'found', { inputGuardrails: [refuse] })] });
      await new Runner({ model: lookupThenAnswer(), hooks: recordingHooks(log, 'r') }).run(agent, 'go');
      expect(log.filter((l) => l.includes('Tool'))).toEqual([]);
    });

    it('fires onHandoff on the runner and on the agent taking over, then the new agent starts', async () => {
      const log: string[] = [];
      const billing = new Agent({ name: 'billing', hooks: recordingHooks(log, 'billing') });
      const triage = new Agent({ name: 'triage', handoffs: [handoff(billing)] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing' }] }, { text: 'ok' }]);
      await new Runner({ model, hooks: { onHandoff: (e) => void log.push(`runner:onHandoff(${e.from.name}->${e.to.name})`) } }).run(triage, 'go');
      expect(log.slice(0, 3)).toEqual(['runner:onHandoff(triage->billing)', 'billing:onHandoff(triage->billing)', 'billing:onStart']);
    });
  });

  describe('the one rule for hook errors: a hook that throws fails the run with HookError', () => {
    it('fails the run naming the hook and its owner, with the partial result, and still calls onRunEnd with the error', async () => {
      const ended: unknown[] = [];
      const tool = jest.fn(() => 'found');
      const hooks: RunHooks = { onToolStart: () => { throw new Error('audit log down'); }, onRunEnd: ({ error }) => void ended.push(error) };
      const run = new Runner({ model: lookupThenAnswer(), hooks }).run(new Agent({ name: 'a', tools: [textTool('lookup', tool)] }), 'go');
      const error = (await run.catch((e: unknown) => e)) as HookError;
      expect(error).toBeInstanceOf(HookError);
      expect(error).toMatchObject({ hook: 'onToolStart', owner: 'runner' });
      expect(error.message).toContain('audit log down');
      expect((error.cause as Error).message).toBe('audit log down');
      expect(tool).not.toHaveBeenCalled();
      expect((error.result as { status: string }).status).toBe('failed');
      expect(ended).toEqual([error]);
    });

    it('names an agent hook\'s owner', async () => {
      const agent = new Agent({ name: 'support', hooks: { onLlmEnd: async () => { throw new Error('nope'); } } });
      await expect(new Runner({ model: new ScriptedModel([{ text: 'hi' }]) }).run(agent, 'go')).rejects.toMatchObject({ hook: 'onLlmEnd', owner: 'agent "support"' });
    });

    it('fails a completed run when onRunEnd throws, but keeps a failed run\'s own error', async () => {
      const hooks: RunHooks = { onRunEnd: () => { throw new Error('late'); } };
      await expect(new Runner({ model: new ScriptedModel([{ text: 'hi' }]), hooks }).run(new Agent({ name: 'a' }), 'go')).rejects.toBeInstanceOf(HookError);
      const failing = new Runner({ model: new ScriptedModel([{ text: 'hi' }]), hooks: { ...hooks, onLlmStart: () => { throw new Error('first'); } } });
      await expect(failing.run(new Agent({ name: 'a' }), 'go')).rejects.toMatchObject({ hook: 'onLlmStart' });
    });
  });

  describe('malformed lifecycle options', () => {
    it('fail the run with a UserError saying what is wrong', async () => {
      const agent = new Agent({ name: 'a' });
      const run = (options: object) => new Runner({ model: new ScriptedModel([{ text: 'x' }]), ...options }).run(agent, 'go');
      await expect(run({ hooks: { onToolStrat: () => undefined } })).rejects.toThrow(/hooks has "onToolStrat", which is not a runner hook/);
      await expect(run({ hooks: { onRunEnd: 'log' } })).rejects.toThrow(/hooks\.onRunEnd must be a function/);
      await expect(run({ inputGuardrails: [defineToolInputGuardrail({ name: 'g', check: () => GuardrailOutcome.allow() })] })).rejects.toThrow(
        /inputGuardrails must be a list of guardrails built with defineInputGuardrail/,
      );
      await expect(run({ runningTasks: 'yes' })).rejects.toThrow(/runningTasks must be true or false/);
    });
  });

  describe('Z-41: a terminating turn whose final output is then refused', () => {
    const terminating = () => textTool('finish', () => ToolResult.text('secret plan').asTerminal());
    const model = () => new ScriptedModel([{ toolCalls: [{ name: 'finish', arguments: { value: 'x' }, callId: 'f1' }] }, { text: 'never' }]);

    it('by an output guardrail: the saved state holds the fixed notice, the error\'s result the real items', async () => {
      const guard = defineOutputGuardrail({ name: 'no-secrets', check: ({ output }) => (String(output).includes('secret') ? GuardrailOutcome.tripwire('leak', { word: 'secret' }) : GuardrailOutcome.allow()) });
      const agent = new Agent({ name: 'a', tools: [terminating()], outputGuardrails: [guard] });
      const error = (await new Runner({ model: model() }).run(agent, 'go').catch((e: unknown) => e)) as GuardrailTripwireError;
      expect(error).toBeInstanceOf(GuardrailTripwireError);
      expect(error).toMatchObject({ guardrail: 'no-secrets', stage: 'output', info: { word: 'secret' }, agentName: 'a' });
      const result = error.result as { history: Array<{ type: string }>; state: { history: Array<{ type: string }> }; outputGuardrailResults: unknown[] };
      expect(outputsOf(result.history).f1).toBe('secret plan');
      expect(outputsOf(result.state.history).f1).toBe(REFUSED_OUTPUT_NOTICE);
      expect(result.outputGuardrailResults).toEqual([{ guardrail: 'no-secrets', agent: 'a', tripped: true, message: 'leak', info: { word: 'secret' } }]);
    });

    it('by an onAgentEnd hook that throws: the same', async () => {
      const agent = new Agent({ name: 'a', tools: [terminating()], hooks: { onEnd: () => { throw new Error('refused'); } } });
      const error = (await new Runner({ model: model() }).run(agent, 'go').catch((e: unknown) => e)) as HookError;
      expect(error).toMatchObject({ hook: 'onEnd' });
      const result = error.result as { history: Array<{ type: string }>; state: { history: Array<{ type: string }> } };
      expect(outputsOf(result.history).f1).toBe('secret plan');
      expect(outputsOf(result.state.history).f1).toBe(REFUSED_OUTPUT_NOTICE);
    });
  });
});
