/**
 * A conversation on a session held over the OpenAI wire: the agent's model is the real `openai`
 * client (through `OpenAIResponsesModel`) talking to the loopback server, and after every step
 * the session's items are replayed through it and checked as the Responses API checks its input —
 * every function_call has its function_call_output (else "No tool output found for function
 * call ..."), and every output follows its call. Call `describeSessionOverTheWire` inside the
 * backend's `describe`, after its server started.
 */
import OpenAI from 'openai';
import { Agent, Runner, defineTool, type Item, type Session } from '@toolwright/core';
import { OpenAIResponsesModel } from '@toolwright/openai';
import { LoopbackServer } from '../loopback-server';
import { functionCall, message, reasoning, response } from '../../packages/openai/test/fixtures/responses-wire';

const RESPONSES = '/v1/responses';

/** What the Responses API would refuse in a request's `input`, in its words (empty when none). */
export function wireInputProblems(input: Array<Record<string, any>>): string[] {
  const problems: string[] = [];
  const calls = new Set<string>();
  const outputs = new Set<string>();
  for (const item of input) {
    if (item.type === 'function_call') calls.add(item.call_id);
    if (item.type === 'function_call_output') {
      if (!calls.has(item.call_id)) problems.push(`No tool call found for function call output with call_id ${item.call_id}.`);
      outputs.add(item.call_id);
    }
  }
  for (const id of calls) if (!outputs.has(id)) problems.push(`No tool output found for function call ${id}.`);
  return problems;
}

/** Registers the over-the-wire conversation for sessions made by `make`. */
export function describeSessionOverTheWire(make: (id: string) => Session): void {
  describe('held over the OpenAI wire (real openai client, loopback Responses API)', () => {
    let server: LoopbackServer;
    beforeAll(async () => {
      server = await LoopbackServer.start();
    });
    afterAll(() => server?.close());

    function model(): OpenAIResponsesModel {
      return new OpenAIResponsesModel({ client: new OpenAI({ apiKey: 'sk-test', baseURL: server.baseURL, maxRetries: 0 }), model: 'gpt-4.1' });
    }

    /** Sends `items` as the input of one Responses request and returns what the API would refuse. */
    async function replay(items: Item[]): Promise<string[]> {
      server.enqueue(RESPONSES, { kind: 'json', body: response('resp_replay', [message('ok', 'msg_replay')]) });
      await model().respond({ input: items, tools: [], settings: {} });
      return wireInputProblems(server.requests[server.requests.length - 1]!.body.input);
    }

    it('keeps a history the Responses API accepts after every step: a turn, a pause, the approval, the resume, the next turn', async () => {
      const refunds: string[] = [];
      const refund = defineTool({
        name: 'refund_order',
        description: 'Refund an order.',
        parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'], additionalProperties: false },
        needsApproval: true,
        invoke: (_ctx, { orderId }: { orderId: string }) => {
          refunds.push(orderId);
          return `Refunded ${orderId}.`;
        },
      });
      const agent = new Agent({ name: 'support', instructions: 'Help.', tools: [refund] });
      const runner = new Runner({ model: model() });
      const session = make(`wire-${process.pid}-${Date.now()}`);
      const steps: string[][] = [];
      const check = async (): Promise<void> => {
        steps.push(await replay(await session.getItems()));
      };

      server.enqueue(RESPONSES, { kind: 'json', body: response('resp_1', [message('Hello! How can I help?')]) });
      await runner.run(agent, 'Hi', { session });
      await check();

      // The model thinks, says something and asks for two refunds at once; both need approval.
      server.enqueue(RESPONSES, {
        kind: 'json',
        body: response('resp_2', [reasoning('rs_1', 'enc-1'), message('Let me do that.', 'msg_2'), functionCall('call_a', 'refund_order', '{"orderId":"A"}'), functionCall('call_b', 'refund_order', '{"orderId":"B"}')]),
      });
      const paused = await runner.run(agent, 'Refund A and B', { session });
      expect(paused.status).toBe('interrupted');
      await check();
      // The whole response with the pending calls (reasoning, text, calls) waits for the resume.
      expect((await session.getItems()).map((i) => i.type)).toEqual(['message', 'message', 'message']);

      const state = paused.state;
      state.approve('call_a');
      state.reject('call_b', { message: 'Not B.' });
      server.enqueue(RESPONSES, { kind: 'json', body: response('resp_3', [message('Refunded A; B was refused.', 'msg_3')]) });
      const done = await runner.run(agent, state, { session });
      expect(done.status).toBe('completed');
      await check();
      expect(refunds).toEqual(['A']);

      server.enqueue(RESPONSES, { kind: 'json', body: response('resp_4', [message('You are welcome.', 'msg_4')]) });
      await runner.run(agent, 'Thanks', { session });
      await check();

      expect(steps).toEqual([[], [], [], []]);
      // What the agent itself sent on every model call was accepted too.
      for (const request of server.requests) expect(wireInputProblems(request.body.input)).toEqual([]);
      const kinds = (await session.getItems()).map((i) => (i.type === 'message' ? i.role : i.type));
      expect(kinds).toEqual(['user', 'assistant', 'user', 'reasoning', 'assistant', 'function_call', 'function_call', 'function_call_output', 'function_call_output', 'assistant', 'user', 'assistant']);
    });

    it('would catch a dangling call: the check refuses what the provider refuses', async () => {
      expect(await replay([{ type: 'message', role: 'user', content: 'x' }, { type: 'function_call', callId: 'c1', name: 'f', arguments: '{}' }])).toEqual(['No tool output found for function call c1.']);
    });
  });
}
