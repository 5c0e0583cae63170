// The examples of the README sections "One call outside a run", "Progressive disclosure",
// "Toolsets", "Tool search", "Handoffs", "Agents as tools" and "Rate limits and budgets", run as written there (plus assertions; the tool-search and
// agents-as-tools catalogues and models are concrete stand-ins for the README's placeholders).
import 'reflect-metadata';
import {
  Agent, Param, Runner, ScriptedModel, Tool, ToolResult, ToolSearchToolset, Toolkit, defineTool, handoff, memoryRateLimiter, rateLimit, toolsOf, type Toolset,
} from '@toolwright/core';
import { executeToolCall } from '@toolwright/core/extend';

@Toolkit()
class OrderTools {
  /** Look up an order. */
  @Tool({ timeoutMs: 5_000 })
  lookupOrder(@Param('orderId') orderId: string) {
    return { orderId, status: 'shipped' };
  }
}

const noArgs = { type: 'object', properties: {} } as const;

class MailTools {
  readonly sent: string[] = [];
  @Tool({ rateLimit: { points: 5, durationMs: 60_000, key: (ctx) => (ctx.context as { userId: string }).userId } })
  sendEmail(@Param('to') to: string, @Param('body') body: string) {
    this.sent.push(`${to}: ${body}`);
    return 'sent';
  }
}

describe('README examples', () => {
  it('One call outside a run: executeToolCall', async () => {
    const lookup = toolsOf(new OrderTools())[0]!;
    const result = await executeToolCall(lookup, { orderId: 'A-17' }, { context: { user: 'ada' } });
    expect(result.text).toBe('{"orderId":"A-17","status":"shipped"}');
  });

  it('Progressive disclosure', async () => {
    const dropTable = defineTool({ name: 'drop_table', description: 'Drop a table.', parameters: {}, deferred: true, invoke: () => 'dropped' });
    const enterAdmin = defineTool({
      name: 'enter_admin_mode', description: 'Unlock the admin tools.', parameters: {},
      invoke: () => ToolResult.text('Admin tools unlocked.').withAddedTools(['drop_table']),
    });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'enter_admin_mode' }] }, { toolCalls: [{ name: 'drop_table' }] }, { text: 'Done.' }]);
    const result = await new Runner({ model }).run(new Agent({ name: 'dba', tools: [enterAdmin, dropTable] }), 'Drop it.');
    expect(model.requests.map((r) => r.tools.length)).toEqual([1, 2, 2]); // drop_table offered from the 2nd call on
    expect(result.state.disclosedTools.has('drop_table')).toBe(true);
  });

  it('Toolsets', async () => {
    const flags = new Set(['search']);
    const featureTools: Toolset = {
      name: 'features',
      tools: () => [...flags].map((flag) => defineTool({ name: flag, description: `The ${flag} feature.`, parameters: noArgs, invoke: () => `${flag} ok` })),
      setup: async () => { /* open connections */ },
      close: async () => { /* release them */ },
    };
    const model = new ScriptedModel([() => (flags.add('export'), { toolCalls: [{ name: 'search' }] }), { text: 'ok' }]);
    await new Runner({ model }).run(new Agent({ name: 'a', tools: [featureTools] }), 'go');
    expect(model.requests.map((r) => r.tools.map((t) => t.name))).toEqual([['search'], ['search', 'export']]);
  });

  it('Tool search', async () => {
    const catalogue = ['create_invoice', 'send_invoice', 'create_calendar_event', 'post_slack_message'].map((name) =>
      defineTool({ name, description: `${name.replace(/_/g, ' ')}.`, parameters: noArgs, invoke: () => `${name} done` }),
    );
    const search = new ToolSearchToolset({ tools: catalogue, maxResults: 3 });
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'search_tools', arguments: { query: 'slack message' } }] },
      { toolCalls: [{ name: 'post_slack_message' }] },
      { text: 'Posted.' },
    ]);
    const result = await new Runner({ model }).run(new Agent({ name: 'assistant', tools: [search] }), 'Tell the team.');
    expect(result.finalOutput).toBe('Posted.');
    expect(model.requests[1]!.tools.map((t) => t.name)).toContain('post_slack_message');
    expect(search.search('calendar')[0]!.name).toBe('create_calendar_event');
  });

  it('Handoffs', async () => {
    const billing = new Agent({ name: 'billing', instructions: 'You handle invoices and refunds.', handoffDescription: 'Invoices and refunds.' });
    const triage = new Agent({
      name: 'triage',
      instructions: 'Route the user to the right agent.',
      handoffs: [handoff(billing, { inputFilter: (items) => items.filter((i) => i.type === 'message') })],
    });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing' }] }, { text: 'Billing here: your refund is on its way.' }]);
    const result = await new Runner({ model }).run(triage, 'Where is my refund?');
    expect(result.lastAgent).toBe(billing);
    expect(result.finalOutput).toBe('Billing here: your refund is on its way.');
  });

  it('Agents as tools', async () => {
    const researcher = new Agent({ name: 'researcher', instructions: 'Find facts. Answer in one line.' });
    const writer = new Agent({
      name: 'writer',
      instructions: 'Write short articles.',
      tools: [researcher.asTool({ description: 'Research a topic.', outputExtractor: (r) => `Research notes: ${r.finalOutput}` })],
    });
    const model = new ScriptedModel((request) =>
      request.instructions!.startsWith('Find')
        ? { text: 'Oslo has 700,000 people.', usage: { inputTokens: 40, outputTokens: 8 } }
        : request.input.length === 1
          ? { toolCalls: [{ name: 'researcher', arguments: { input: 'Population of Oslo' } }] }
          : { text: 'Oslo, a city of 700,000.' },
    );
    const stream = new Runner({ model }).stream(writer, 'Write about Oslo.');
    const progress: string[] = [];
    for await (const event of stream) if (event.type === 'tool_progress' && event.event?.type === 'message') progress.push(event.result.text);
    const result = await stream.result;
    expect(progress).toEqual(['Oslo has 700,000 people.']);
    expect(result.toolUsage.inputTokens).toBe(40);
    expect(result.finalOutput).toBe('Oslo, a city of 700,000.');
  });

  it('Rate limits and budgets: rate limits', async () => {
    const mail = new MailTools();
    const model = new ScriptedModel([
      { toolCalls: Array.from({ length: 7 }, (_, i) => ({ name: 'send_email', arguments: { to: `u${i}@example.com`, body: 'hi' } })) },
      { text: 'Sent what I could.' },
    ]);
    const runner = new Runner({
      model,
      rateLimiter: memoryRateLimiter(),
      rateLimits: [
        rateLimit('send_*', { points: 20, durationMs: 3_600_000, key: (ctx) => (ctx.context as { userId: string }).userId }),
        rateLimit({ openWorld: true }, { points: 100, durationMs: 60_000, onLimit: 'wait', maxWaitMs: 10_000 }),
      ],
    });
    const result = await runner.run(new Agent({ name: 'mailer', tools: [mail] }), 'Mail everyone.', { context: { userId: 'ada' } });
    expect(mail.sent).toHaveLength(5);
    expect(JSON.stringify(result.history)).toContain('Rate limit reached for send_email: 5 calls per minute per user; retry after ');
  });

  it('Rate limits and budgets: budgets', async () => {
    const lookup = defineTool({ name: 'lookup', description: 'Look up.', parameters: noArgs, invoke: () => 'found' });
    const model = Object.assign(new ScriptedModel([{ toolCalls: Array.from({ length: 25 }, () => ({ name: 'lookup' })), usage: { inputTokens: 1_000 } }, { text: 'Here is what I have.' }]), { model: 'gpt-4.1-mini' });
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [lookup] }), 'Look everything up.', {
      budget: { maxToolCalls: 20, maxInputTokens: 200_000, maxOutputTokens: 20_000,
                maxCostUsd: 0.5, prices: { 'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 } } },
      onBudget: 'final_answer',
    });
    expect(result.finalOutput).toBe('Here is what I have.');
    expect(result.history.filter((i) => i.type === 'function_call_output' && i.output === 'found')).toHaveLength(20);
  });
});
