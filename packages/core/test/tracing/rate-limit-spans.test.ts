import { Agent, Runner, ScriptedModel, memoryRateLimiter } from '@toolwright/core';
import { textTool } from '../runner/helpers';
import { memoryTracing, spanNamed } from './span-tree';

describe('Tracing of rate-limited calls', () => {
  it("records each limited call as a toolwright.rate_limited event on the agent's span, with the tool, call, limit and retry time", async () => {
    const t = memoryTracing();
    const tool = textTool('send_email', () => 'sent', { rateLimit: { points: 1, durationMs: 60_000 } });
    const model = new ScriptedModel([
      { toolCalls: ['a', 'b', 'c'].map((value, i) => ({ name: 'send_email', arguments: { value }, callId: `c${i + 1}` })) },
      { text: 'done' },
    ]);
    await new Runner({ model, rateLimiter: memoryRateLimiter(), tracing: { tracerProvider: t.provider } }).run(new Agent({ name: 'mailer', tools: [tool] }), 'go');
    const events = spanNamed(t.spans(), 'invoke_agent mailer').events.filter((e) => e.name === 'toolwright.rate_limited');
    expect(events.map((e) => e.attributes?.['gen_ai.tool.call.id'])).toEqual(['c2', 'c3']);
    expect(events[0]!.attributes).toMatchObject({ 'gen_ai.tool.name': 'send_email', 'toolwright.rate_limit.limit': '1 call per minute' });
    expect(events[0]!.attributes!['toolwright.rate_limit.retry_after_ms']).toEqual(expect.any(Number));
    // The limited calls still have their execute_tool spans (the tool did not run in them).
    expect(t.spans().filter((s) => s.name === 'execute_tool send_email')).toHaveLength(3);
  });
});
