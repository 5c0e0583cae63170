import 'reflect-metadata';
import {
  Agent, GuardrailOutcome, GuardrailTripwireError, Param, Runner, ScriptedModel, Tool, ToolCallError, UseGuardrails,
  defineToolInputGuardrail, defineToolOutputGuardrail, type RunEvent, type ToolInputGuardrail, type ToolOutputGuardrail,
} from '@toolwright/core';
import { finalOutputs, textTool } from '../runner/helpers';


function recordingInput(name: string, log: string[], outcome = GuardrailOutcome.allow()): ToolInputGuardrail {
  return defineToolInputGuardrail({ name, check: () => (log.push(name), outcome) });
}
function recordingOutput(name: string, log: string[], outcome = GuardrailOutcome.allow()): ToolOutputGuardrail {
  return defineToolOutputGuardrail({ name, check: () => (log.push(name), outcome) });
}

describe('Tool guardrails', () => {
  it('run input guardrails before the method and output guardrails after, with the typed arguments and the result', async () => {
    const log: string[] = [];
    const input = defineToolInputGuardrail({ name: 'in', check: ({ args, tool, ctx }) => (log.push(`in ${tool.name} ${args.value} ${ctx.callId}`), GuardrailOutcome.allow()) });
    const output = defineToolOutputGuardrail({ name: 'out', check: ({ result }) => (log.push(`out ${result.text}`), GuardrailOutcome.allow()) });
    const echo = textTool('echo', (_ctx, { value }) => (log.push('method'), value), { inputGuardrails: [input], outputGuardrails: [output] });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { value: 'hi' }, callId: 'e1' }] }, finalOutputs()]);
    await new Runner({ model }).run(new Agent({ name: 'a', tools: [echo] }), 'go');
    expect(log).toEqual(['in echo hi e1', 'method', 'out hi']);
  });

  it('reject on input: the method never runs and the message is the output; the run goes on', async () => {
    const method = jest.fn(() => 'ran');
    const echo = textTool('echo', method, { inputGuardrails: [defineToolInputGuardrail({ name: 'no', check: () => GuardrailOutcome.reject('Not allowed.') })] });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { value: 'x' }, callId: 'e1' }] }, finalOutputs()]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [echo] }), 'go');
    expect(method).not.toHaveBeenCalled();
    expect(result.finalOutput).toBe('{"e1":"Not allowed."}');
  });

  it('reject on output: the message replaces the output', async () => {
    const echo = textTool('echo', () => 'secret token 123', { outputGuardrails: [defineToolOutputGuardrail({ name: 'redact', check: ({ result }) => (result.text.includes('secret') ? GuardrailOutcome.reject('[redacted]') : GuardrailOutcome.allow()) })] });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { value: 'x' }, callId: 'e1' }] }, finalOutputs()]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [echo] }), 'go');
    expect(result.finalOutput).toBe('{"e1":"[redacted]"}');
  });

  it.each(['input', 'output'] as const)('tripwire on %s fails the run with GuardrailTripwireError and emits guardrail_tripped', async (stage) => {
    const method = jest.fn(() => 'ran');
    const guard =
      stage === 'input'
        ? { inputGuardrails: [defineToolInputGuardrail({ name: 'pii', check: () => GuardrailOutcome.tripwire('card number in arguments') })] }
        : { outputGuardrails: [defineToolOutputGuardrail({ name: 'pii', check: () => GuardrailOutcome.tripwire('card number in output') })] };
    const echo = textTool('echo', method, guard);
    const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { value: 'x' }, callId: 'e1' }] }, { text: 'never' }]);
    const agent = new Agent({ name: 'a', tools: [echo] });
    const stream = new Runner({ model }).stream(agent, 'go');
    const events: RunEvent[] = [];
    const error = await (async () => {
      for await (const event of stream) events.push(event);
    })().catch((e) => e);
    expect(error).toBeInstanceOf(GuardrailTripwireError);
    expect(error).toMatchObject({ guardrail: 'pii', toolName: 'echo', callId: 'e1' });
    expect(error.message).toMatch(/Guardrail "pii" tripped on tool "echo" \(call e1\)/);
    expect(events.find((e) => e.type === 'guardrail_tripped')).toEqual({ type: 'guardrail_tripped', agent, guardrail: 'pii', toolName: 'echo', callId: 'e1' });
    expect(events.map((e) => e.type)).not.toContain('run_completed');
    expect(method).toHaveBeenCalledTimes(stage === 'input' ? 0 : 1);
    await expect(stream.result).rejects.toBe(error);
  });

  it('a guardrail that throws fails the run with the error wrapped', async () => {
    const cause = new Error('moderation API unreachable');
    const echo = textTool('echo', () => 'x', { inputGuardrails: [defineToolInputGuardrail({ name: 'moderation', check: () => { throw cause; } })] });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { value: 'x' }, callId: 'e1' }] }]);
    const error = await new Runner({ model }).run(new Agent({ name: 'a', tools: [echo] }), 'go').catch((e) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error.cause).toBe(cause);
    expect(error.message).toMatch(/Guardrail "moderation" threw while checking tool "echo" \(call e1\): moderation API unreachable/);
  });

  it('runs runner-level, then toolkit-level, then method-level guardrails, each in declaration order, stopping at the first non-allow', async () => {
    const log: string[] = [];
    @UseGuardrails(recordingInput('toolkit-1', log), recordingInput('toolkit-2', log), recordingOutput('toolkit-out', log))
    class Ops {
      @UseGuardrails(recordingInput('method-1', log), recordingInput('method-2', log, GuardrailOutcome.reject('stop here')), recordingInput('method-3', log))
      @Tool({ description: 'Restart a service.' })
      restart(@Param('service') service: string) {
        log.push('method');
        return service;
      }

      @UseGuardrails(recordingOutput('method-out', log))
      @Tool({ description: 'Status.' })
      status() {
        log.push('status');
        return 'ok';
      }
    }
    const model = new ScriptedModel([{ toolCalls: [{ name: 'restart', arguments: { service: 'db' }, callId: 'r' }] }, { toolCalls: [{ name: 'status', callId: 's' }] }, finalOutputs()]);
    const runner = new Runner({ model, guardrails: [recordingInput('runner-1', log), recordingOutput('runner-out', log), recordingInput('runner-2', log)] });
    const result = await runner.run(new Agent({ name: 'a', tools: [new Ops()] }), 'go');
    expect(log).toEqual([
      'runner-1', 'runner-2', 'toolkit-1', 'toolkit-2', 'method-1', 'method-2',
      'runner-1', 'runner-2', 'toolkit-1', 'toolkit-2', 'status', 'runner-out', 'toolkit-out', 'method-out',
    ]);
    expect(result.finalOutput).toBe('{"r":"stop here","s":"ok"}');
  });
});
