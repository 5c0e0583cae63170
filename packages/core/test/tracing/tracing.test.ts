import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  Agent, GuardrailOutcome, Runner, ScriptedModel, defineInputGuardrail, defineToolInputGuardrail, defineToolOutputGuardrail, handoff,
  type Model, type ModelRequest, type ModelResponse,
} from '@toolwright/core';
import { textTool } from '../runner/helpers';
import { memoryTracing, spanNamed, treeOf } from './span-tree';

/** ScriptedModel under a model name, as OpenAI models expose it. */
function namedModel(script: ConstructorParameters<typeof ScriptedModel>[0]): Model & { model: string } {
  const inner = new ScriptedModel(script);
  return { model: 'gpt-test', respond: (r: ModelRequest, s?: AbortSignal): Promise<ModelResponse> => inner.respond(r, s), stream: (r, s) => inner.stream(r, s) };
}

const lookupThenAnswer = () =>
  namedModel([{ toolCalls: [{ name: 'lookup', arguments: { value: 'order 42' }, callId: 'c1' }], usage: { inputTokens: 11, outputTokens: 3 } }, { text: 'done', usage: { inputTokens: 20, outputTokens: 5 } }]);

describe('Tracing (OpenTelemetry GenAI semantic conventions)', () => {
  describe('Z-47, Z-156: the span tree of a run', () => {
    it('has a run span, invoke_agent, a chat span per model call and execute_tool per call', async () => {
      const t = memoryTracing();
      const agent = new Agent({ name: 'support', tools: [textTool('lookup', () => 'found it')] });
      await new Runner({ model: lookupThenAnswer(), tracing: { tracerProvider: t.provider } }).run(agent, 'Where is order 42?');
      expect(treeOf(t.spans())).toEqual(['toolwright.run', '  invoke_agent support', '    chat gpt-test', '    execute_tool lookup', '    chat gpt-test']);
      const [firstChat, secondChat] = t.spans().filter((s) => s.name === 'chat gpt-test');
      expect(firstChat!.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-test', 'gen_ai.usage.input_tokens': 11, 'gen_ai.usage.output_tokens': 3,
        'gen_ai.response.finish_reasons': ['tool_calls'],
      });
      expect(secondChat!.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);
      const tool = spanNamed(t.spans(), 'execute_tool lookup');
      expect(tool.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'lookup', 'gen_ai.tool.call.id': 'c1', 'gen_ai.tool.type': 'function' });
      expect(typeof tool.attributes['toolwright.tool.duration_ms']).toBe('number');
      expect(spanNamed(t.spans(), 'invoke_agent support').attributes).toMatchObject({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'support' });
      expect(spanNamed(t.spans(), 'toolwright.run').attributes).toMatchObject({ 'toolwright.run.status': 'completed', 'gen_ai.usage.input_tokens': 31 });
    });

    it('records no input, output, arguments or result by default, and redacts error texts', async () => {
      const t = memoryTracing();
      const agent = new Agent({ name: 'a', tools: [textTool('lookup', () => { throw new TypeError('password=hunter2 rejected'); })] });
      await new Runner({ model: lookupThenAnswer(), tracing: { tracerProvider: t.provider } }).run(agent, 'my secret question');
      const all = JSON.stringify(t.spans().map((s) => ({ a: s.attributes, st: s.status, e: s.events })));
      expect(all).not.toContain('hunter2');
      expect(all).not.toContain('order 42');
      expect(all).not.toContain('secret question');
      const tool = spanNamed(t.spans(), 'execute_tool lookup');
      expect(tool.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Tool execution failed. Error details are redacted.' });
      expect(tool.attributes['error.type']).toBe('TypeError');
    });

    it('records them with includeSensitiveData', async () => {
      const t = memoryTracing();
      const agent = new Agent({ name: 'a', tools: [textTool('lookup', () => { throw new Error('no such order'); })] });
      await new Runner({ model: lookupThenAnswer(), tracing: { tracerProvider: t.provider, includeSensitiveData: true } }).run(agent, 'my question');
      const tool = spanNamed(t.spans(), 'execute_tool lookup');
      expect(tool.attributes['gen_ai.tool.call.arguments']).toBe('{"value":"order 42"}');
      expect(String(tool.attributes['gen_ai.tool.call.result'])).toContain('no such order');
      expect(tool.status.message).toBe('no such order');
      expect(String(t.spans().find((s) => s.name.startsWith('chat'))!.attributes['gen_ai.input.messages'])).toContain('my question');
    });

    it('Z-156: spans the tool makes itself nest under its execute_tool span (with a context manager registered)', async () => {
      const manager = new AsyncLocalStorageContextManager().enable();
      context.setGlobalContextManager(manager);
      try {
        const t = memoryTracing();
        const tool = textTool('lookup', async () => {
          const span = t.provider.getTracer('sandbox').startSpan('sandbox.exec');
          span.end();
          return 'ok';
        });
        await new Runner({ model: lookupThenAnswer(), tracing: { tracerProvider: t.provider } }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
        expect(treeOf(t.spans())).toContain('      sandbox.exec');
        expect(treeOf(t.spans()).indexOf('      sandbox.exec')).toBe(treeOf(t.spans()).indexOf('    execute_tool lookup') + 1);
      } finally {
        context.disable();
      }
    });
  });

  describe('Z-74: guardrail spans', () => {
    it('gives the tool stages guardrail:tool_input and guardrail:tool_output spans under the call, and agent stages their own', async () => {
      const t = memoryTracing();
      const input = defineToolInputGuardrail({ name: 'pii', check: () => GuardrailOutcome.allow() });
      const output = defineToolOutputGuardrail({ name: 'leak', check: () => GuardrailOutcome.reject('withheld') });
      const agent = new Agent({
        name: 'a',
        tools: [textTool('lookup', () => 'x', { inputGuardrails: [input], outputGuardrails: [output] })],
        inputGuardrails: [defineInputGuardrail({ name: 'topic', check: () => GuardrailOutcome.allow() })],
      });
      await new Runner({ model: lookupThenAnswer(), tracing: { tracerProvider: t.provider } }).run(agent, 'go');
      expect(treeOf(t.spans())).toEqual([
        'toolwright.run', '  invoke_agent a', '    guardrail:input', '    chat gpt-test', '    execute_tool lookup',
        '      guardrail:tool_input', '      guardrail:tool_output', '    chat gpt-test',
      ]);
      expect(spanNamed(t.spans(), 'guardrail:tool_output').attributes).toMatchObject({ 'toolwright.guardrail.names': ['leak'], 'toolwright.guardrail.outcome': 'reject' });
    });
  });

  describe('approvals, handoffs and nested agents', () => {
    it('shows approval waits as span events', async () => {
      const t = memoryTracing();
      const agent = new Agent({ name: 'a', tools: [textTool('lookup', () => 'x', { needsApproval: true })] });
      const handled = new Runner({ model: lookupThenAnswer(), tracing: { tracerProvider: t.provider }, approvalHandler: () => ({ approved: true }) });
      await handled.run(agent, 'go');
      const events = spanNamed(t.spans(), 'invoke_agent a').events.map((e) => e.name);
      expect(events).toEqual(['toolwright.approval.requested', 'toolwright.approval.decided']);
      const t2 = memoryTracing();
      const paused = await new Runner({ model: lookupThenAnswer(), tracing: { tracerProvider: t2.provider } }).run(agent, 'go');
      expect(paused.status).toBe('interrupted');
      const pause = spanNamed(t2.spans(), 'invoke_agent a').events.find((e) => e.name === 'toolwright.approval.required');
      expect(pause?.attributes).toEqual({ 'gen_ai.tool.call.id': ['c1'] });
      expect(spanNamed(t2.spans(), 'toolwright.run').attributes['toolwright.run.status']).toBe('interrupted');
    });

    it('makes each agent of a handoff its own invoke_agent span under the run', async () => {
      const t = memoryTracing();
      const billing = new Agent({ name: 'billing' });
      const model = namedModel([{ toolCalls: [{ name: 'transfer_to_billing' }] }, { text: 'ok' }]);
      await new Runner({ model, tracing: { tracerProvider: t.provider } }).run(new Agent({ name: 'triage', handoffs: [handoff(billing)] }), 'go');
      expect(treeOf(t.spans())).toEqual([
        'toolwright.run', '  invoke_agent triage', '    chat gpt-test', '    execute_tool transfer_to_billing', '  invoke_agent billing', '    chat gpt-test',
      ]);
      expect(spanNamed(t.spans(), 'invoke_agent triage').events[0]).toMatchObject({ name: 'toolwright.handoff', attributes: { 'toolwright.handoff.to': 'billing' } });
    });

    it('nests an agent used as a tool under the call that runs it, without a context manager', async () => {
      const t = memoryTracing();
      const researcher = new Agent({ name: 'researcher', model: namedModel([{ text: 'facts' }]) });
      const model = namedModel([{ toolCalls: [{ name: 'researcher', arguments: { input: 'look' } }] }, { text: 'ok' }]);
      await new Runner({ model, tracing: { tracerProvider: t.provider } }).run(new Agent({ name: 'lead', tools: [researcher.asTool()] }), 'go');
      expect(treeOf(t.spans())).toEqual([
        'toolwright.run', '  invoke_agent lead', '    chat gpt-test', '    execute_tool researcher',
        '      toolwright.run', '        invoke_agent researcher', '          chat gpt-test', '    chat gpt-test',
      ]);
    });
  });

  describe('without an SDK', () => {
    it('records nothing through the global API, and traces once a provider is registered globally', async () => {
      const agent = new Agent({ name: 'a', tools: [textTool('lookup', () => 'x')] });
      const result = await new Runner({ model: lookupThenAnswer() }).run(agent, 'go');
      expect(result.status).toBe('completed');
      const t = memoryTracing();
      trace.setGlobalTracerProvider(t.provider);
      try {
        await new Runner({ model: lookupThenAnswer() }).run(agent, 'go');
        expect(t.spans().length).toBe(5);
        await new Runner({ model: lookupThenAnswer(), tracing: { enabled: false } }).run(agent, 'go');
        expect(t.spans().length).toBe(5);
      } finally {
        trace.disable();
      }
    });
  });
});
