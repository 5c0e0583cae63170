import OpenAI from 'openai';
import { Agent, Content, ModelError, Runner, ToolResult, defineTool, type RunEvent } from '@toolwright/core';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { type LoopbackServer, useLoopbackServer } from '../../../test-support/loopback-server';
import { functionCall, message, reasoning, response, streamOf, usage } from './fixtures/responses-wire';
import { chatStreamOf, chatUsage, completion } from './fixtures/chat-wire';
import argsNull from './fixtures/chat-compat-args-null.sse.json';

const RESPONSES = '/v1/responses';
const CHAT = '/v1/chat/completions';
let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

const client = (): OpenAI => new OpenAI({ apiKey: 'sk-loopback', baseURL: server.baseURL });

/** A capital lookup tool recording its calls. */
function capitalTool(calls: unknown[]) {
  return defineTool({
    name: 'get_capital',
    description: 'Look up the capital city of a country.',
    parameters: { type: 'object', properties: { country: { type: 'string' } }, required: ['country'] },
    invoke: (_ctx, args: { country: string }) => {
      calls.push(args);
      return `${args.country} City`;
    },
  });
}

describe('Runner with OpenAI models over the wire', () => {
  describe('with the Responses API', () => {
    it('runs parallel calls and a second turn, sending calls and outputs back in order', async () => {
      const calls: unknown[] = [];
      server.enqueue(
        RESPONSES,
        { kind: 'json', body: response('resp_1', [functionCall('call_1', 'get_capital', '{"country":"Potato"}'), functionCall('call_2', 'get_capital', '{"country":"Tomato"}')], { usage: usage(40, 20) }) },
        { kind: 'json', body: response('resp_2', [message('Potato City and Tomato City.')], { usage: usage(80, 10, 32) }) },
      );
      const agent = new Agent({ name: 'geo', instructions: 'Answer briefly.', tools: [capitalTool(calls)], modelSettings: { parallelToolCalls: true } });
      const model = new OpenAIResponsesModel({ client: client(), model: 'gpt-test' });
      const result = await new Runner({ model }).run(agent, 'Capitals of Potato and Tomato?');

      expect(result.finalOutput).toBe('Potato City and Tomato City.');
      expect(calls).toEqual([{ country: 'Potato' }, { country: 'Tomato' }]);
      const [first, second] = server.requests.map((r) => r.body);
      expect(first).toMatchObject({ instructions: 'Answer briefly.', parallel_tool_calls: true });
      expect(first.tools).toEqual([
        {
          type: 'function',
          name: 'get_capital',
          description: 'Look up the capital city of a country.',
          parameters: { type: 'object', properties: { country: { type: 'string' } }, required: ['country'], additionalProperties: false },
          strict: true,
        },
      ]);
      expect(second.input).toEqual([
        { type: 'message', role: 'user', content: 'Capitals of Potato and Tomato?' },
        { type: 'function_call', call_id: 'call_1', name: 'get_capital', arguments: '{"country":"Potato"}' },
        { type: 'function_call', call_id: 'call_2', name: 'get_capital', arguments: '{"country":"Tomato"}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'Potato City' },
        { type: 'function_call_output', call_id: 'call_2', output: 'Tomato City' },
      ]);
      expect(result.usage).toMatchObject({ requests: 2, inputTokens: 120, outputTokens: 30, cachedInputTokens: 32 });
    });

    it('streams a run: deltas become model_delta, a call runs only with complete arguments, reasoning goes back', async () => {
      const calls: unknown[] = [];
      const args = '{"country":"The Republic of Potatoland and the Outer Tuber Isles"}';
      const turn1 = response('resp_s1', [reasoning('rs_1', 'gAAAA-enc-1'), message('Checking.', 'msg_c', 'commentary'), functionCall('call_S', 'get_capital', args)], { store: false });
      const turn2 = response('resp_s2', [message('It is Tuber City.', 'msg_f', 'final_answer')], { store: false });
      server.enqueue(RESPONSES, { kind: 'sse', events: streamOf(turn1, { chunk: 3 }) }, { kind: 'sse', events: streamOf(turn2) });
      const model = new OpenAIResponsesModel({ client: client(), model: 'gpt-test', settings: { store: false } });
      const agent = new Agent({ name: 'geo', tools: [capitalTool(calls)] });
      const stream = new Runner({ model }).stream(agent, 'Capital?');
      const events: RunEvent[] = [];
      for await (const event of stream) events.push(event);
      const result = await stream.result;

      const deltas = events.filter((e) => e.type === 'model_delta').map((e) => (e as { delta: string }).delta);
      expect(deltas.join('')).toBe('Checking.It is Tuber City.');
      const called = events.find((e) => e.type === 'tool_called') as { arguments: string } | undefined;
      expect(called?.arguments).toBe(args);
      expect(calls).toEqual([{ country: 'The Republic of Potatoland and the Outer Tuber Isles' }]);
      expect(result.finalOutput).toBe('It is Tuber City.');
      expect(server.requests[0]!.body.include).toEqual(['reasoning.encrypted_content']);
      expect(server.requests[1]!.body.input.slice(1, 4)).toEqual([
        { type: 'reasoning', id: 'rs_1', encrypted_content: 'gAAAA-enc-1', summary: [] },
        { type: 'message', role: 'assistant', status: 'completed', phase: 'commentary', content: [{ type: 'output_text', text: 'Checking.', annotations: [] }] },
        { type: 'function_call', call_id: 'call_S', name: 'get_capital', arguments: args },
      ]);
    });

    it('does not run the calls of an incomplete response and tells the model to resend them', async () => {
      const calls: unknown[] = [];
      server.enqueue(
        RESPONSES,
        {
          kind: 'json',
          body: response('resp_i1', [{ ...functionCall('call_T', 'get_capital', '{"coun'), status: 'incomplete' }], {
            status: 'incomplete',
            incomplete_details: { reason: 'max_output_tokens' },
          }),
        },
        { kind: 'json', body: response('resp_i2', [functionCall('call_U', 'get_capital', '{"country":"Leek"}')]) },
        { kind: 'json', body: response('resp_i3', [message('Leek City.')]) },
      );
      const model = new OpenAIResponsesModel({ client: client(), model: 'gpt-test' });
      const result = await new Runner({ model }).run(new Agent({ name: 'geo', tools: [capitalTool(calls)] }), 'Capital of Leek?');
      expect(calls).toEqual([{ country: 'Leek' }]);
      const answer = server.requests[1]!.body.input.find((i: { type: string }) => i.type === 'function_call_output');
      expect(answer).toMatchObject({ call_id: 'call_T' });
      expect(answer.output).toMatch(/cut off.*max_output_tokens.*not run/);
      expect(result.finalOutput).toBe('Leek City.');
    });

    it('sends a multimodal tool result as a function_call_output content list', async () => {
      const chart = defineTool({
        name: 'chart',
        description: 'Draw a chart.',
        parameters: { type: 'object', properties: {} },
        invoke: () => ToolResult.of([Content.text('Here:'), Content.image({ url: 'https://img.test/c.png' }, 'low')]),
      });
      server.enqueue(
        RESPONSES,
        { kind: 'json', body: response('resp_m1', [functionCall('call_C', 'chart', '{}')]) },
        { kind: 'json', body: response('resp_m2', [message('A rising line.')]) },
      );
      const model = new OpenAIResponsesModel({ client: client(), model: 'gpt-test' });
      await new Runner({ model }).run(new Agent({ name: 'a', tools: [chart] }), 'Chart it');
      expect(server.requests[1]!.body.input[2]).toEqual({
        type: 'function_call_output',
        call_id: 'call_C',
        output: [
          { type: 'input_text', text: 'Here:' },
          { type: 'input_image', image_url: 'https://img.test/c.png', detail: 'low' },
        ],
      });
    });

    it('fails the run with a ModelError carrying the status when the API answers 500', async () => {
      const failure = { kind: 'json' as const, status: 500, body: { error: { message: 'Boom', type: 'server_error' } } };
      server.enqueue(RESPONSES, failure);
      const model = new OpenAIResponsesModel({ client: client(), model: 'gpt-test', maxRetries: 0 });
      const error = await new Runner({ model }).run(new Agent({ name: 'a' }), 'hi').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ status: 500, requestId: 'req_loopback_1' });
    });

    it('aborts the HTTP request when the run is aborted mid-stream', async () => {
      server.enqueue(RESPONSES, { kind: 'sse', events: streamOf(response('resp_ab', [message('never finishing answer')])), hangAfter: 5 });
      const model = new OpenAIResponsesModel({ client: client(), model: 'gpt-test' });
      const controller = new AbortController();
      const stream = new Runner({ model }).stream(new Agent({ name: 'a' }), 'hi', { signal: controller.signal });
      const consume = (async () => {
        for await (const event of stream) if (event.type === 'model_delta') controller.abort();
      })();
      await expect(consume).rejects.toBeDefined();
      await expect(stream.result).rejects.toBeDefined();
      await server.waitForEarlyClose();
      expect(server.requests[0]!.clientClosedEarly).toBe(true);
    });
  });

  describe('with Chat Completions', () => {
    it('runs a multi-turn run with a compatible server that sends null arguments', async () => {
      const calls: unknown[] = [];
      const clock = defineTool({
        name: 'server_time',
        description: 'The server time.',
        parameters: { type: 'object', properties: {} },
        invoke: (_ctx, args) => {
          calls.push(args);
          return '12:00';
        },
      });
      server.enqueue(CHAT, { kind: 'sse', events: argsNull }, { kind: 'sse', events: chatStreamOf('chatcmpl-2', { content: 'It is noon.' }, { usage: chatUsage(90, 5) }) });
      const model = new OpenAIChatCompletionsModel({ client: client(), model: 'compat-model' });
      const stream = new Runner({ model }).stream(new Agent({ name: 'clock', tools: [clock] }), 'Time?');
      for await (const event of stream) void event;
      const result = await stream.result;
      expect(calls).toEqual([{}]);
      expect(result.finalOutput).toBe('It is noon.');
      expect(server.requests[1]!.body.messages.slice(1)).toEqual([
        { role: 'assistant', content: null, tool_calls: [{ id: '0', type: 'function', function: { name: 'server_time', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: '0', content: '12:00' },
      ]);
      expect(result.usage).toMatchObject({ requests: 2, inputTokens: 151, outputTokens: 17 });
    });

    it('carries an image a tool returned in a user message after the tool message', async () => {
      const snap = defineTool({
        name: 'snapshot',
        description: 'Take a snapshot.',
        parameters: { type: 'object', properties: {} },
        invoke: () => [Content.image({ data: new Uint8Array([1, 2, 3]), mimeType: 'image/png' })],
      });
      server.enqueue(
        CHAT,
        { kind: 'json', body: completion('c1', { toolCalls: [{ id: 'call_snap', name: 'snapshot', arguments: '{}' }] }, 'tool_calls') },
        { kind: 'json', body: completion('c2', { content: 'Three pixels.' }) },
      );
      const model = new OpenAIChatCompletionsModel({ client: client(), model: 'gpt-test-mini' });
      const result = await new Runner({ model }).run(new Agent({ name: 'cam', tools: [snap] }), 'Look');
      expect(result.finalOutput).toBe('Three pixels.');
      expect(server.requests[1]!.body.messages.slice(2)).toEqual([
        { role: 'tool', tool_call_id: 'call_snap', content: '[1 attachment (image or file) of this result follows in the next user message.]' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Attachments returned by tool call call_snap:' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } },
          ],
        },
      ]);
    });
  });
});
