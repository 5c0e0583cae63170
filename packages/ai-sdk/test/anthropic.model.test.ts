/**
 * AiSdkModel on @ai-sdk/anthropic, against a loopback server speaking Anthropic's Messages API
 * (JSON and SSE written in small pieces): the request bodies are checked as the API receives them.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { Content, ModelError, type Item } from '@toolwright/core';
import { AiSdkModel } from '@toolwright/ai-sdk';
import { type LoopbackServer, useLoopbackServer } from '../../../test-support/loopback-server';
import { capitalTool, collect, completedOf, request } from '../../../test-support/model-stream';
import { MESSAGES, apiError, message, streamOf, text, thinking, toolUse, usage } from './fixtures/anthropic-wire';

let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

const claude = (modelId = 'claude-sonnet-4-5') => createAnthropic({ apiKey: 'sk-ant-loopback', baseURL: server.baseURL })(modelId);

/** A tool with an optional parameter, strict as the runner offers it. */
const weatherTool = {
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, units: { type: ['string', 'null'], enum: ['celsius', 'fahrenheit', null] } },
    required: ['city', 'units'],
    additionalProperties: false,
  },
  strict: true,
};

describe('AiSdkModel on @ai-sdk/anthropic', () => {
  describe('respond (not streamed)', () => {
    it('sends instructions, messages and strict tools, and maps thinking, text, parallel calls and usage', async () => {
      server.enqueue(MESSAGES, {
        kind: 'json',
        headers: { 'request-id': 'req_ant_1' },
        body: message('msg_1', [thinking('The user wants two capitals.', 'sig-1'), text('Looking both up.'), toolUse('toolu_1', 'get_capital', { country: 'Potato' }), toolUse('toolu_2', 'get_capital', { country: 'Tomato' })], 'tool_use', usage(120, 40, 100)),
      });
      const model = new AiSdkModel(claude());
      const response = await model.respond(request({ instructions: 'Answer briefly.', tools: [capitalTool], parallelToolCalls: false }));

      const body = server.requests[0]!.body;
      expect(server.requests[0]!.path).toBe(MESSAGES);
      expect(body.system).toEqual([{ type: 'text', text: 'Answer briefly.' }]);
      expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'What is the capital of PotatoLand?' }] }]);
      // Claude Sonnet 4.5 has strict tool use: the strict schema goes as it is, with strict: true.
      expect(body.tools).toEqual([{ name: 'get_capital', description: capitalTool.description, input_schema: capitalTool.parameters, strict: true }]);
      expect(body.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });

      expect(response.output).toEqual([
        { type: 'reasoning', provider: 'anthropic', text: 'The user wants two capitals.', providerMetadata: { anthropic: { signature: 'sig-1' } } },
        { type: 'message', role: 'assistant', content: 'Looking both up.' },
        { type: 'function_call', callId: 'toolu_1', name: 'get_capital', arguments: '{"country":"Potato"}' },
        { type: 'function_call', callId: 'toolu_2', name: 'get_capital', arguments: '{"country":"Tomato"}' },
      ]);
      expect(response.id).toBe('msg_1');
      expect(response.status).toBe('completed');
      expect(response.usage).toEqual({ requests: 1, inputTokens: 220, outputTokens: 40, totalTokens: 260, cachedInputTokens: 100, reasoningTokens: 0 });
    });

    it('sends thinking blocks back signed, before the tool use they led to, and tool results with images', async () => {
      server.enqueue(MESSAGES, { kind: 'json', body: message('msg_2', [text('Potato City.')], 'end_turn') });
      const history: Item[] = [
        { type: 'message', role: 'user', content: 'Capital of Potato? Show the flag.' },
        { type: 'reasoning', provider: 'anthropic', text: 'Need the tool.', providerMetadata: { anthropic: { signature: 'sig-A' } } },
        { type: 'reasoning', provider: 'anthropic', text: '', providerMetadata: { anthropic: { redactedData: 'opaque-redacted' } } },
        // Reasoning of another provider is never sent to Anthropic.
        { type: 'reasoning', id: 'rs_openai', encrypted_content: 'gAAAA', summary: [] },
        { type: 'function_call', callId: 'toolu_9', name: 'get_capital', arguments: '{"country":"Potato"}' },
        { type: 'function_call', callId: 'toolu_10', name: 'get_capital', arguments: '{"country":"Nowhere"}' },
        { type: 'function_call_output', callId: 'toolu_9', output: [Content.text('Potato City'), Content.image({ data: new Uint8Array([137, 80, 78, 71]), mimeType: 'image/png' })] },
        { type: 'function_call_output', callId: 'toolu_10', output: 'No such country.', isError: true },
      ];
      const response = await new AiSdkModel(claude()).respond(request({ input: history, tools: [capitalTool] }));

      expect(server.requests[0]!.body.messages).toEqual([
        { role: 'user', content: [{ type: 'text', text: 'Capital of Potato? Show the flag.' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Need the tool.', signature: 'sig-A' },
            { type: 'redacted_thinking', data: 'opaque-redacted' },
            { type: 'tool_use', id: 'toolu_9', name: 'get_capital', input: { country: 'Potato' } },
            { type: 'tool_use', id: 'toolu_10', name: 'get_capital', input: { country: 'Nowhere' } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_9',
              content: [{ type: 'text', text: 'Potato City' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw==' } }],
            },
            { type: 'tool_result', tool_use_id: 'toolu_10', content: 'No such country.', is_error: true },
          ],
        },
      ]);
      expect(response.output).toEqual([{ type: 'message', role: 'assistant', content: 'Potato City.' }]);
    });

    it('passes provider options through (prompt caching), merged with the agent settings', async () => {
      server.enqueue(MESSAGES, { kind: 'json', body: message('msg_3', [text('Hi.')], 'end_turn') });
      const model = new AiSdkModel(claude(), { providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' }, sendReasoning: true } } });
      await model.respond(request({ settings: { temperature: 0.25, maxOutputTokens: 300, providerOptions: { anthropic: { metadata: { userId: 'user-7' } } } } }));
      const body = server.requests[0]!.body;
      expect(body.cache_control).toEqual({ type: 'ephemeral' });
      expect(body.metadata).toEqual({ user_id: 'user-7' });
      expect(body).toMatchObject({ temperature: 0.25, max_tokens: 300, model: 'claude-sonnet-4-5' });
    });

    it('offers Claude models without strict tool use the natural schema, and fills in null for what the model left out', async () => {
      server.enqueue(MESSAGES, { kind: 'json', body: message('msg_4', [toolUse('toolu_w', 'get_weather', { city: 'Oslo' })], 'tool_use') });
      const response = await new AiSdkModel(claude('claude-sonnet-4-20250514')).respond(request({ tools: [weatherTool] }));
      const [tool] = server.requests[0]!.body.tools;
      expect(tool).toEqual({
        name: 'get_weather',
        description: 'The weather in a city.',
        input_schema: { type: 'object', properties: weatherTool.parameters.properties, required: ['city'], additionalProperties: false },
      });
      expect(response.output).toEqual([{ type: 'function_call', callId: 'toolu_w', name: 'get_weather', arguments: '{"city":"Oslo","units":null}' }]);
    });

    it('maps a refusal to a refusal message', async () => {
      server.enqueue(MESSAGES, { kind: 'json', body: message('msg_r', [text('I cannot help with that.')], 'refusal') });
      const response = await new AiSdkModel(claude()).respond(request());
      expect(response.output).toEqual([{ type: 'message', role: 'assistant', content: 'I cannot help with that.', refusal: 'I cannot help with that.' }]);
      expect(response.status).toBe('completed');
    });

    it('marks an answer cut at max_tokens incomplete, so its calls never run', async () => {
      server.enqueue(MESSAGES, { kind: 'json', body: message('msg_l', [toolUse('toolu_l', 'get_capital', { country: 'Pot' })], 'max_tokens') });
      const response = await new AiSdkModel(claude()).respond(request({ tools: [capitalTool] }));
      expect(response).toMatchObject({ status: 'incomplete', incompleteReason: 'max_output_tokens' });
    });

    it('maps an API error to ModelError with the status, the request id and the API message', async () => {
      server.enqueue(MESSAGES, { kind: 'json', status: 429, headers: { 'request-id': 'req_ant_429' }, body: apiError('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit.') });
      const error = await new AiSdkModel(claude(), { maxRetries: 0 }).respond(request()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ status: 429, requestId: 'req_ant_429', details: { code: 'retryable' } });
      expect(server.requests).toHaveLength(1);
      expect((error as Error).message).toBe(
        'anthropic.messages model "claude-sonnet-4-5" failed: Number of request tokens has exceeded your per-minute rate limit (HTTP 429, request id req_ant_429). Rate limited or out of quota; slow down or raise the limit.',
      );
    });

    it('retries a rate limit and an overload as the server says, then answers; a bad request is not retried', async () => {
      server.enqueue(
        MESSAGES,
        { kind: 'json', status: 429, headers: { 'retry-after': '0' }, body: apiError('rate_limit_error', 'Slow down.') },
        { kind: 'json', status: 529, headers: { 'retry-after-ms': '1' }, body: apiError('overloaded_error', 'Overloaded') },
        { kind: 'json', body: message('msg_retry', [text('Third time lucky.')], 'end_turn') },
      );
      const response = await new AiSdkModel(claude()).respond(request());
      expect(response.output).toEqual([{ type: 'message', role: 'assistant', content: 'Third time lucky.' }]);
      expect(server.requests).toHaveLength(3);

      server.requests.length = 0;
      server.enqueue(MESSAGES, { kind: 'json', status: 400, body: apiError('invalid_request_error', 'max_tokens: must be positive') });
      await expect(new AiSdkModel(claude()).respond(request())).rejects.toMatchObject({ status: 400 });
      expect(server.requests).toHaveLength(1);
    });

    it('gives up after maxRetries retries with the last error', async () => {
      server.enqueue(MESSAGES, ...[1, 2].map(() => ({ kind: 'json' as const, status: 503, headers: { 'retry-after': '0' }, body: apiError('api_error', 'Service unavailable') })));
      await expect(new AiSdkModel(claude(), { maxRetries: 1 }).respond(request())).rejects.toMatchObject({ status: 503 });
      expect(server.requests).toHaveLength(2);
    });

    it('maps a server that cannot be reached to ModelError saying to check the baseURL', async () => {
      const unreachable = createAnthropic({ apiKey: 'sk-ant-loopback', baseURL: 'http://127.0.0.1:9/v1' })('claude-sonnet-4-5');
      const error = await new AiSdkModel(unreachable, { maxRetries: 0 }).respond(request()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).status).toBeUndefined();
      expect((error as Error).message).toMatch(/^anthropic\.messages model "claude-sonnet-4-5" (failed|could not reach the server): .+\. Check the provider's baseURL and the network\.$/);
    });

    it('aborts the request through the run signal', async () => {
      server.enqueue(MESSAGES, { kind: 'hang' });
      const controller = new AbortController();
      const pending = new AiSdkModel(claude()).respond(request(), controller.signal);
      await waitFor(() => server.requests.length === 1);
      const reason = new Error('run cancelled');
      controller.abort(reason);
      await expect(pending).rejects.toBe(reason);
      await server.waitForEarlyClose();
    });
  });

  describe('stream', () => {
    it('streams thinking, text and tool input in small pieces; the response keeps the signature and complete calls', async () => {
      const answer = message('msg_s', [thinking('Two capitals: use the tool twice.', 'sig-stream'), text('Looking up ünïcødé capitals.'), toolUse('toolu_a', 'get_capital', { country: 'Potato' }), toolUse('toolu_b', 'get_capital', { country: 'Tomato Republic' })], 'tool_use', usage(50, 30, 20));
      server.enqueue(MESSAGES, { kind: 'sse', events: streamOf(answer, 3) });
      const events = await collect(new AiSdkModel(claude()).stream(request({ tools: [capitalTool] })));

      expect(server.requests[0]!.body.stream).toBe(true);
      const textDeltas = events.filter((e) => e.type === 'text_delta').map((e) => (e as { delta: string }).delta);
      expect(textDeltas.length).toBeGreaterThan(3);
      expect(textDeltas.join('')).toBe('Looking up ünïcødé capitals.');
      expect(events.filter((e) => e.type === 'reasoning_delta').map((e) => (e as { delta: string }).delta).join('')).toBe('Two capitals: use the tool twice.');
      const argDeltas = events.filter((e) => e.type === 'function_call_arguments_delta') as Array<{ callId: string; name: string; delta: string }>;
      expect(argDeltas.filter((d) => d.callId === 'toolu_b').map((d) => d.delta).join('')).toBe('{"country":"Tomato Republic"}');
      expect(argDeltas.every((d) => d.name === 'get_capital')).toBe(true);

      const response = completedOf(events);
      expect(response.output).toEqual([
        { type: 'reasoning', provider: 'anthropic', text: 'Two capitals: use the tool twice.', providerMetadata: { anthropic: { signature: 'sig-stream' } } },
        { type: 'message', role: 'assistant', content: 'Looking up ünïcødé capitals.' },
        { type: 'function_call', callId: 'toolu_a', name: 'get_capital', arguments: '{"country":"Potato"}' },
        { type: 'function_call', callId: 'toolu_b', name: 'get_capital', arguments: '{"country":"Tomato Republic"}' },
      ]);
      expect(response.usage).toMatchObject({ inputTokens: 70, outputTokens: 30, cachedInputTokens: 20 });
    });

    it('retries a stream that failed before it started', async () => {
      server.enqueue(
        MESSAGES,
        { kind: 'json', status: 529, headers: { 'retry-after': '0' }, body: apiError('overloaded_error', 'Overloaded') },
        { kind: 'sse', events: streamOf(message('msg_sr', [text('Streamed after a retry.')], 'end_turn')) },
      );
      const response = completedOf(await collect(new AiSdkModel(claude()).stream(request())));
      expect(response.output).toEqual([{ type: 'message', role: 'assistant', content: 'Streamed after a retry.' }]);
      expect(server.requests).toHaveLength(2);
    });

    it('throws ModelError when the stream reports an error event mid-way', async () => {
      const events = streamOf(message('msg_e', [text('Partial answer that will be cut')], 'end_turn')).slice(0, 4);
      events.push({ event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } });
      server.enqueue(MESSAGES, { kind: 'sse', events });
      const error = await collect(new AiSdkModel(claude()).stream(request())).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect((error as Error).message).toMatch(/^anthropic\.messages model "claude-sonnet-4-5" \(stream\) failed: .*Overloaded/);
    });

    it('throws ModelError when the connection is cut mid-stream', async () => {
      server.enqueue(MESSAGES, { kind: 'sse', events: streamOf(message('msg_c', [text('This answer is cut off before its end.')], 'end_turn')), cutAfter: 4 });
      const error = await collect(new AiSdkModel(claude()).stream(request())).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
    });

    it('aborts a stream that hangs, and closes the connection', async () => {
      server.enqueue(MESSAGES, { kind: 'sse', events: streamOf(message('msg_h', [text('Never finished')], 'end_turn')), hangAfter: 3 });
      const controller = new AbortController();
      const seen: string[] = [];
      const reason = new Error('stop now');
      const consuming = (async () => {
        for await (const event of new AiSdkModel(claude()).stream(request(), controller.signal)) {
          seen.push(event.type);
          if (event.type === 'text_delta') controller.abort(reason);
        }
      })();
      await expect(consuming).rejects.toBe(reason);
      await server.waitForEarlyClose();
    });
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
