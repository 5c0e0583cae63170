/**
 * Full runs over the wire on each provider: a streamed run pauses for approval, is kept in a run
 * store (as JSON), approved and resumed by id; the resumed turn sends the provider's reasoning
 * (Anthropic's signed thinking block, Gemini's thought signatures), the call and its output back.
 * The call goes back with the arguments the runner validated: strict mode's `null` for the
 * optional `reason` the model left out.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { Agent, MemoryRunStore, RunState, Runner, defineTool, type RunEvent } from '@toolwright/core';
import { AiSdkModel } from '@toolwright/ai-sdk';
import { type LoopbackServer, useLoopbackServer } from '../../../test-support/loopback-server';
import * as anthropicWire from './fixtures/anthropic-wire';
import * as googleWire from './fixtures/google-wire';

let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

/** A refund tool that needs approval and records what it refunded. */
function refundTool(refunds: unknown[]) {
  return defineTool({
    name: 'refund_order',
    description: 'Refund an order.',
    parameters: { type: 'object', properties: { orderId: { type: 'string' }, reason: { type: 'string' } }, required: ['orderId'] },
    needsApproval: true,
    invoke: (_ctx, args: { orderId: string; reason?: string }) => {
      refunds.push(args);
      return `Refunded ${args.orderId}.`;
    },
  });
}

interface ProviderCase {
  name: string;
  model(): AiSdkModel;
  /** Queues the paused turn (a reasoning part, then the refund call) and the final answer, streamed or as JSON. */
  enqueue(streamed: boolean): void;
  /** Checks the resumed request: reasoning and call echoed, the output sent. Returns the call id seen. */
  checkResumedRequest(body: Record<string, any>, callId: string): void;
}

const cases: ProviderCase[] = [
  {
    name: 'Anthropic',
    model: () => new AiSdkModel(createAnthropic({ apiKey: 'sk-ant-loopback', baseURL: server.baseURL })('claude-sonnet-4-5')),
    enqueue: (streamed) => {
      const { MESSAGES, message, streamOf, text, thinking, toolUse } = anthropicWire;
      const paused = message('msg_p', [thinking('A refund needs the order id.', 'sig-refund'), toolUse('toolu_refund', 'refund_order', { orderId: 'A-17' })], 'tool_use');
      const final = message('msg_f', [text('Order A-17 is refunded.')], 'end_turn');
      server.enqueue(MESSAGES, ...[paused, final].map((body) => (streamed ? { kind: 'sse' as const, events: streamOf(body, 3) } : { kind: 'json' as const, body })));
    },
    checkResumedRequest: (body, callId) => {
      expect(callId).toBe('toolu_refund');
      expect(body.messages.slice(1)).toEqual([
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'A refund needs the order id.', signature: 'sig-refund' },
            { type: 'tool_use', id: 'toolu_refund', name: 'refund_order', input: { orderId: 'A-17', reason: null } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_refund', content: 'Refunded A-17.' }] },
      ]);
    },
  },
  {
    name: 'Google',
    model: () => new AiSdkModel(createGoogleGenerativeAI({ apiKey: 'goog-loopback', baseURL: `${server.origin}/v1beta` })('gemini-2.5-flash')),
    enqueue: (streamed) => {
      const { answer, functionCall, generatePath, streamOf, streamPath, text, thought } = googleWire;
      const paused = answer('resp_p', [thought('Refund A-17.', 'th-sig'), functionCall('refund_order', { orderId: 'A-17' }, 'fc-sig')]);
      const final = answer('resp_f', [text('Order A-17 is refunded.')]);
      const path = streamed ? streamPath('gemini-2.5-flash') : generatePath('gemini-2.5-flash');
      server.enqueue(path, ...[paused, final].map((body) => (streamed ? { kind: 'sse' as const, events: streamOf(body) } : { kind: 'json' as const, body })));
    },
    checkResumedRequest: (body, callId) => {
      const [, model, user] = body.contents;
      expect(model.parts).toEqual([
        { text: 'Refund A-17.', thought: true, thoughtSignature: 'th-sig' },
        { functionCall: { id: callId, name: 'refund_order', args: { orderId: 'A-17', reason: null } }, thoughtSignature: 'fc-sig' },
      ]);
      expect(user.parts[0].functionResponse).toMatchObject({ name: 'refund_order', response: { name: 'refund_order', content: 'Refunded A-17.' } });
    },
  },
];

describe.each(cases)('a run on $name through AiSdkModel', (provider) => {
  it('pauses for approval, is kept in a store, and resumes by id after approval', async () => {
    provider.enqueue(true);
    const refunds: unknown[] = [];
    const agent = new Agent({ name: 'support', instructions: 'Refund when asked.', tools: [refundTool(refunds)] });
    const runner = new Runner({ model: provider.model() });
    const store = new MemoryRunStore({ secret: 'loopback-secret-for-tests' });

    const stream = runner.stream(agent, 'Please refund order A-17.', { store });
    const events: RunEvent[] = [];
    for await (const event of stream) events.push(event);
    const paused = await stream.result;
    expect(paused.status).toBe('interrupted');
    expect(refunds).toEqual([]);
    const [pending] = paused.interruptions;
    expect(pending).toMatchObject({ toolName: 'refund_order' });
    expect(events.some((e) => e.type === 'approval_required')).toBe(true);

    await store.approve(paused.runId!, pending!.callId);
    const resumed = runner.resumeStream(agent, paused.runId!, { store });
    for await (const event of resumed) events.push(event);
    const done = await resumed.result;

    expect(done.status).toBe('completed');
    expect(done.finalOutput).toBe('Order A-17 is refunded.');
    // Strict mode's null for the optional field the model left out reaches the tool as undefined.
    expect(refunds).toEqual([{ orderId: 'A-17' }]);
    expect(server.requests).toHaveLength(2);
    provider.checkResumedRequest(server.requests[1]!.body, pending!.callId);
    expect(done.usage.requests).toBe(2);
  });

  it('resumes from the state as JSON in another runner, the reasoning kept', async () => {
    provider.enqueue(false);
    const refunds: unknown[] = [];
    const agent = new Agent({ name: 'support', tools: [refundTool(refunds)] });
    const paused = await new Runner({ model: provider.model() }).run(agent, 'Please refund order A-17.');
    const json = paused.state.toString({ secret: 'json-secret' });

    const state = RunState.fromString(agent, json, { secret: 'json-secret' });
    state.approve(state.interruptions[0]!.callId);
    const done = await new Runner({ model: provider.model() }).run(agent, state);
    expect(done.finalOutput).toBe('Order A-17 is refunded.');
    expect(refunds).toEqual([{ orderId: 'A-17' }]);
    provider.checkResumedRequest(server.requests[1]!.body, paused.interruptions[0]!.callId);
  });
});
