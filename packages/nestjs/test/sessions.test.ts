import 'reflect-metadata';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { MemoryRunStore, MemorySession, Param, Runner, ScriptedModel, Tool, Toolkit, messageText, type Item, type Session } from '@toolwright/core';
import { AgentDefinition, AgentRegistry, ToolwrightModule, type SessionFor } from '../src';

@Toolkit({ name: 'billing' })
@Injectable()
class BillingTools {
  /** Refund an order. */
  @Tool({ needsApproval: true })
  refundOrder(@Param('orderId') orderId: string): string {
    return `Refunded order ${orderId}.`;
  }
}

@AgentDefinition({ name: 'support', tools: [BillingTools] })
@Injectable()
class SupportAgent {}

/** Remembers a name across runs, refunds on request. */
function model(): ScriptedModel {
  return new ScriptedModel((request) => {
    const last = request.input[request.input.length - 1];
    if (last?.type === 'function_call_output') return { text: `Done: ${String(last.output)}` };
    const said = request.input.filter((i): i is Extract<Item, { type: 'message' }> => i.type === 'message' && i.role === 'user').map(messageText);
    const text = said[said.length - 1] ?? '';
    if (/^refund (\S+)$/.test(text)) return { toolCalls: [{ name: 'refund_order', arguments: { orderId: text.split(' ')[1] }, callId: 'call_refund' }] };
    const name = said.map((t) => /^my name is (\w+)$/i.exec(t)?.[1]).filter(Boolean).pop();
    return { text: /what is my name/i.test(text) ? (name ? `Your name is ${name}.` : 'I do not know your name.') : 'Noted.' };
  });
}

interface Ctx {
  conversation?: string;
}

async function start(sessionFor: SessionFor | undefined): Promise<INestApplicationContext> {
  const app = await Test.createTestingModule({
    imports: [ToolwrightModule.forRoot({ model: model(), logDiscovery: false, ...(sessionFor ? { sessionFor } : {}) })],
    providers: [BillingTools, SupportAgent],
  }).compile();
  app.useLogger(false);
  await app.init();
  return app;
}

describe('ToolwrightModule with sessionFor', () => {
  const sessions = new Map<string, Session>();
  const sessionFor: SessionFor = (ctx: Ctx | undefined) => {
    if (!ctx?.conversation) return undefined;
    if (!sessions.has(ctx.conversation)) sessions.set(ctx.conversation, new MemorySession(ctx.conversation));
    return sessions.get(ctx.conversation);
  };

  it('gives every run the session its context names, so a conversation goes on across runs', async () => {
    const app = await start(sessionFor);
    try {
      const runner = app.get(Runner);
      const agent = app.get(AgentRegistry).get('support');
      await runner.run(agent, 'My name is Ada', { context: { conversation: 'c1' } });
      expect((await runner.run(agent, 'What is my name?', { context: { conversation: 'c1' } })).finalOutput).toBe('Your name is Ada.');
      expect((await runner.run(agent, 'What is my name?', { context: { conversation: 'c2' } })).finalOutput).toBe('I do not know your name.');
      expect((await runner.run(agent, 'What is my name?', { context: {} })).finalOutput).toBe('I do not know your name.');
      const stream = runner.stream(agent, 'What is my name?', { context: { conversation: 'c1' } });
      for await (const event of stream) void event;
      expect((await stream.result).finalOutput).toBe('Your name is Ada.');
      expect((await sessions.get('c1')!.getItems()).length).toBe(6);
    } finally {
      await app.close();
    }
  });

  it('lets a run given its own session (or none) keep it', async () => {
    const app = await start(sessionFor);
    try {
      const runner = app.get(Runner);
      const agent = app.get(AgentRegistry).get('support');
      const own = new MemorySession('own');
      await runner.run(agent, 'My name is Bo', { context: { conversation: 'c3' }, session: own });
      expect(await sessions.get('c3')?.getItems()).toBeUndefined();
      expect((await own.getItems()).length).toBe(2);
      await runner.run(agent, 'My name is Cy', { context: { conversation: 'c4' }, session: undefined });
      expect(sessions.has('c4')).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('resumes a stored run with the session of the context given to resume', async () => {
    const app = await start(sessionFor);
    try {
      const runner = app.get(Runner);
      const agent = app.get(AgentRegistry).get('support');
      const store = new MemoryRunStore({ secret: 'nest-session-secret-0123456789' });
      const paused = await runner.run(agent, 'refund A-1', { context: { conversation: 'c5' }, store });
      expect(paused.status).toBe('interrupted');
      await store.approve(paused.runId!, 'call_refund');
      const done = await runner.resume(agent, paused.runId!, { store, context: { conversation: 'c5' } });
      expect(done.finalOutput).toBe('Done: Refunded order A-1.');
      expect((await sessions.get('c5')!.getItems()).map((i) => i.type)).toEqual(['message', 'function_call', 'function_call_output', 'message']);
    } finally {
      await app.close();
    }
  });

  it('refuses a sessionFor that is not a function', async () => {
    await expect(start('nope' as never)).rejects.toThrow(/sessionFor must be a function/);
  });
});
