import {
  Agent, GuardrailOutcome, GuardrailTripwireError, Runner, ScriptedModel, ToolCallError, UserError, defineTool, defineToolInputGuardrail, defineToolOutputGuardrail,
  type RunEvent, type Tool, type ToolContext, type ToolFields,
} from '@toolwright/core';
import { ToolProxyToolset } from '@toolwright/mcp';
import { drain, outputText } from '../helpers/runs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A hidden tool `name` that records its runs in `ran` and returns `output`. */
function hidden(name: string, ran: string[], fields: Partial<ToolFields> = {}, output: (ctx: ToolContext) => unknown = () => `${name} done`): Tool {
  return defineTool({
    name,
    description: `The ${name} tool.`,
    parameters: { type: 'object', properties: {} },
    ...fields,
    invoke: async (ctx) => {
      ran.push(name);
      return output(ctx);
    },
  });
}

/** A run whose model calls `call_tool` for `name` once (call id `outer`), then answers. */
function runThroughProxy(tool: Tool, runner: Runner = new Runner({ model: callOnce(tool.name) })) {
  const agent = new Agent({ name: 'a', tools: [new ToolProxyToolset({ tools: [tool] })] });
  return { runner, agent, run: () => runner.run(agent, 'go'), stream: () => drain(runner.stream(agent, 'go')) };
}

function callOnce(name: string): ScriptedModel {
  return new ScriptedModel([{ toolCalls: [{ name: 'call_tool', arguments: { name, parameters: {} }, callId: 'outer' }] }, { text: 'finished' }]);
}

describe('ToolProxyToolset runs a hidden tool through the core call pipeline', () => {
  describe('when a guardrail of the hidden tool trips', () => {
    it('ends the run with GuardrailTripwireError, and the tool does not run', async () => {
      const ran: string[] = [];
      const tool = hidden('wire', ran, { inputGuardrails: [defineToolInputGuardrail({ name: 'fraud', check: () => GuardrailOutcome.tripwire('looks like fraud') })] });
      const error = await runThroughProxy(tool).run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GuardrailTripwireError);
      expect((error as GuardrailTripwireError).guardrail).toBe('fraud');
      expect((error as GuardrailTripwireError).reason).toBe('looks like fraud');
      expect(ran).toEqual([]);
    });

    it('ends the run on an output tripwire too, after the tool ran once', async () => {
      const ran: string[] = [];
      const tool = hidden('leaky', ran, { outputGuardrails: [defineToolOutputGuardrail({ name: 'secrets', check: () => GuardrailOutcome.tripwire('a secret in the output') })] });
      await expect(runThroughProxy(tool).run()).rejects.toThrow(GuardrailTripwireError);
      expect(ran).toEqual(['leaky']);
    });

    it('emits guardrail_tripped in the run, with the outer call id and the hidden tool name', async () => {
      const tool = hidden('wire', [], { inputGuardrails: [defineToolInputGuardrail({ name: 'fraud', check: () => GuardrailOutcome.tripwire('no') })] });
      const { runner, agent } = runThroughProxy(tool);
      const events: RunEvent[] = [];
      const stream = runner.stream(agent, 'go');
      const drained = (async () => {
        for await (const event of stream) events.push(event);
      })();
      await expect(stream.result).rejects.toThrow(GuardrailTripwireError);
      await drained.catch(() => undefined);
      const tripped = events.filter((e) => e.type === 'guardrail_tripped');
      expect(tripped).toEqual([expect.objectContaining({ type: 'guardrail_tripped', guardrail: 'fraud', toolName: 'wire', callId: 'outer' })]);
    });
  });

  it('ends the run with ToolCallError when the hidden tool fails with failureError: null', async () => {
    const tool = hidden('fragile', [], { failureError: null }, () => {
      throw new Error('disk on fire');
    });
    await expect(runThroughProxy(tool).run()).rejects.toThrow(ToolCallError);
  });

  it('fails the run with ToolCallError when a hidden tool guardrail throws, as core does', async () => {
    const ran: string[] = [];
    const tool = hidden('checked', ran, { inputGuardrails: [defineToolInputGuardrail({ name: 'broken', check: () => { throw new Error('policy service down'); } })] });
    const error = await runThroughProxy(tool).run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect((error as Error).message).toMatch(/Guardrail "broken" threw while checking tool "checked".*policy service down/);
    expect(ran).toEqual([]);
  });

  it('refuses an unknown guardrail outcome: the run fails and the tool does not run', async () => {
    const ran: string[] = [];
    const tool = hidden('odd', ran, { inputGuardrails: [defineToolInputGuardrail({ name: 'maybe', check: () => ({ kind: 'maybe' }) as never })] });
    await expect(runThroughProxy(tool).run()).rejects.toThrow(/Guardrail "maybe" returned \{"kind":"maybe"\} for tool "odd"/);
    expect(ran).toEqual([]);
  });

  it.each([[Infinity], [null]])('treats a hidden tool timeoutMs of %p as no limit: a 50 ms tool completes', async (timeoutMs) => {
    const tool = hidden('slow', [], { timeoutMs }, () => sleep(50).then(() => 'slow done'));
    const result = await runThroughProxy(tool).run();
    expect(outputText(result, 'outer')).toBe('slow done');
  });

  it("still applies a finite hidden tool timeoutMs (the run's own limit being none)", async () => {
    const tool = hidden('slow', [], { timeoutMs: 10 }, (ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve('too late'))));
    const result = await runThroughProxy(tool, new Runner({ model: callOnce('slow'), toolTimeoutMs: Infinity })).run();
    expect(outputText(result, 'outer')).toMatch(/timed out after 10 ms/);
  });

  it("cuts the hidden tool's output to its own maxOutputBytes, below the run's cap", async () => {
    const tool = hidden('chatty', [], { maxOutputBytes: 20 }, () => 'y'.repeat(500));
    const { result, events } = await runThroughProxy(tool).stream();
    const text = outputText(result, 'outer');
    expect(text).toMatch(/^y{12}\n… \[output cut: 480 of 500 bytes left out here \(limit 20 bytes\)\]\ny{8}$/);
    // Only the outer call reports an output: the hidden call is part of it.
    expect(events.filter((e) => e.type === 'tool_output').map((e) => (e as { callId: string }).callId)).toEqual(['outer']);
  });

  describe('a hidden tool whose timeoutMs no timer can honour (built by hand)', () => {
    const handBuilt = (): Tool => ({ ...hidden('forever', []), timeoutMs: 2 ** 31 });

    it('is refused when the proxy is built, naming the tool and the range', () => {
      expect(() => new ToolProxyToolset({ tools: [handBuilt()] })).toThrow(UserError);
      expect(() => new ToolProxyToolset({ tools: [handBuilt()] })).toThrow(
        /^ToolProxyToolset "tool_proxy": tool "forever": timeoutMs must be a positive integer number of milliseconds up to 2147483647 .*got 2147483648/,
      );
    });

    it('is refused when a hidden toolset offers it, before anything runs', async () => {
      const toolset = { name: 'hand', tools: async () => [handBuilt()] };
      const agent = new Agent({ name: 'a', tools: [new ToolProxyToolset({ tools: [toolset] })] });
      await expect(new Runner({ model: callOnce('forever') }).run(agent, 'go')).rejects.toThrow(/ToolProxyToolset "tool_proxy" \(toolset "hand"\): tool "forever": timeoutMs must be/);
    });
  });
});
