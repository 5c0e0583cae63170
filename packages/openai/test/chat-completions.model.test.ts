import OpenAI from 'openai';
import { Content, ModelError, UserError, type Item } from '@toolwright/core';
import { OpenAIChatCompletionsModel } from '@toolwright/openai';
import { type LoopbackServer, useLoopbackServer, type SseEvent } from '../../../test-support/loopback-server';
import { capitalTool, collect, completedOf, lookupTool, request } from '../../../test-support/model-stream';
import { chatStreamOf, chatUsage, completion } from './fixtures/chat-wire';
import argsEmptyThenBraces from './fixtures/chat-compat-args-empty-then-braces.sse.json';
import argsNull from './fixtures/chat-compat-args-null.sse.json';
import error400 from './fixtures/error-400-invalid-temperature.json';

const PATH = '/v1/chat/completions';
let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

function model(extra: Partial<ConstructorParameters<typeof OpenAIChatCompletionsModel>[0]> = {}): OpenAIChatCompletionsModel {
  return new OpenAIChatCompletionsModel({
    client: new OpenAI({ apiKey: 'sk-loopback', baseURL: server.baseURL }),
    model: 'gpt-test-mini',
    ...extra,
  });
}

describe('OpenAIChatCompletionsModel', () => {
  it('throws a UserError naming OPENAI_API_KEY when constructed without client or key', () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      expect(() => new OpenAIChatCompletionsModel({ model: 'm' })).toThrow(UserError);
      expect(() => new OpenAIChatCompletionsModel({ model: 'm' })).toThrow(/OPENAI_API_KEY/);
      expect(new OpenAIChatCompletionsModel({ model: 'm', apiKey: 'unused', baseURL: server.baseURL }).client.baseURL).toBe(server.baseURL);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  describe('when the model makes a single call', () => {
    it('sends instructions, tools (strict as given) and settings, and maps the call and usage', async () => {
      server.enqueue(PATH, {
        kind: 'json',
        body: completion('chatcmpl-1', { toolCalls: [{ id: 'call_1', name: 'get_capital', arguments: '{"country":"UK"}' }] }, 'tool_calls', chatUsage(53, 15, 11, 4)),
      });
      const m = model({ settings: { temperature: 0, maxOutputTokens: 64, extraBody: { top_k: 20 } } });
      const answer = await m.respond(
        request({
          instructions: 'Be brief.',
          tools: [capitalTool, lookupTool],
          toolChoice: { name: 'get_capital' },
          parallelToolCalls: false,
          settings: { reasoningEffort: 'minimal', store: false },
        }),
      );
      expect(server.requests[0]!.body).toEqual({
        model: 'gpt-test-mini',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'What is the capital of PotatoLand?' },
        ],
        tools: [
          { type: 'function', function: { name: 'get_capital', description: capitalTool.description, parameters: capitalTool.parameters, strict: true } },
          { type: 'function', function: { name: 'db_lookup', description: lookupTool.description, parameters: lookupTool.parameters, strict: false } },
        ],
        tool_choice: { type: 'function', function: { name: 'get_capital' } },
        parallel_tool_calls: false,
        temperature: 0,
        max_completion_tokens: 64,
        reasoning_effort: 'minimal',
        store: false,
        top_k: 20,
      });
      expect(answer).toEqual({
        id: 'chatcmpl-1',
        status: 'completed',
        output: [{ type: 'function_call', callId: 'call_1', name: 'get_capital', arguments: '{"country":"UK"}' }],
        usage: { requests: 1, inputTokens: 53, outputTokens: 15, totalTokens: 68, cachedInputTokens: 11, reasoningTokens: 4 },
      });
    });

    it('sends parallel_tool_calls as true, false, or not at all, and never without tools', async () => {
      for (let i = 0; i < 4; i++) server.enqueue(PATH, { kind: 'json', body: completion(`c${i}`, { content: 'ok' }) });
      await model().respond(request({ tools: [capitalTool], parallelToolCalls: true }));
      await model({ settings: { parallelToolCalls: false } }).respond(request({ tools: [capitalTool] }));
      await model().respond(request({ tools: [capitalTool] }));
      await model().respond(request({ parallelToolCalls: true }));
      expect(server.requests.map((r) => r.body.parallel_tool_calls)).toEqual([true, false, undefined, undefined]);
      expect(server.requests[3]!.body.tools).toBeUndefined();
    });
  });

  describe('when the model makes several calls in one turn', () => {
    it('keeps every call in order', async () => {
      const calls = ['one', 'two', 'three'].map((n, i) => ({ id: `call_${n}`, name: 'db_lookup', arguments: `{"key": "${i}"}` }));
      server.enqueue(PATH, { kind: 'json', body: completion('chatcmpl-par', { toolCalls: calls }, 'tool_calls') });
      const answer = await model().respond(request({ tools: [lookupTool] }));
      expect(answer.output).toEqual(calls.map((c) => ({ type: 'function_call', callId: c.id, name: c.name, arguments: c.arguments })));
    });
  });

  describe('history', () => {
    it('merges text and calls into one assistant message and answers each call with a tool message', async () => {
      server.enqueue(PATH, { kind: 'json', body: completion('chatcmpl-h', { content: 'done' }) });
      const input: Item[] = [
        { type: 'message', role: 'user', content: 'Two lookups please.' },
        { type: 'reasoning', id: 'rs_x', encrypted_content: 'gAAAA' },
        { type: 'message', role: 'assistant', content: 'Looking both up.' },
        { type: 'function_call', callId: 'c1', name: 'db_lookup', arguments: '{"key":"a"}' },
        { type: 'function_call', callId: 'c2', name: 'db_lookup', arguments: '{"key":"b"}' },
        { type: 'function_call_output', callId: 'c1', output: 'A' },
        { type: 'function_call_output', callId: 'c2', output: [Content.text('B'), Content.text('C')] },
        { type: 'function_call', callId: 'c3', name: 'db_lookup', arguments: '{}' },
        { type: 'function_call_output', callId: 'c3', output: 'D' },
      ];
      await model().respond(request({ input, tools: [lookupTool] }));
      expect(server.requests[0]!.body.messages).toEqual([
        { role: 'user', content: 'Two lookups please.' },
        {
          role: 'assistant',
          content: 'Looking both up.',
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'db_lookup', arguments: '{"key":"a"}' } },
            { id: 'c2', type: 'function', function: { name: 'db_lookup', arguments: '{"key":"b"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'A' },
        { role: 'tool', tool_call_id: 'c2', content: 'B\nC' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c3', type: 'function', function: { name: 'db_lookup', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c3', content: 'D' },
      ]);
    });

    it('carries images and files of tool outputs in one user message after the tool messages', async () => {
      server.enqueue(PATH, { kind: 'json', body: completion('chatcmpl-mm', { content: 'A red square and a report.' }) });
      const png = Content.image({ data: new Uint8Array([137, 80]), mimeType: 'image/png' }, 'low');
      const pdf = Content.file({ data: new Uint8Array([37, 80]), filename: 'report.pdf' });
      const input: Item[] = [
        { type: 'message', role: 'user', content: 'Render it.' },
        { type: 'function_call', callId: 'c_img', name: 'render', arguments: '{}' },
        { type: 'function_call', callId: 'c_txt', name: 'db_lookup', arguments: '{}' },
        { type: 'function_call_output', callId: 'c_img', output: [Content.text('Rendered.'), png, pdf] },
        { type: 'function_call_output', callId: 'c_txt', output: 'plain' },
        { type: 'message', role: 'user', content: 'Describe it.' },
      ];
      await model().respond(request({ input }));
      expect(server.requests[0]!.body.messages.slice(2)).toEqual([
        { role: 'tool', tool_call_id: 'c_img', content: 'Rendered.\n[2 attachments (images or files) of this result follow in the next user message.]' },
        { role: 'tool', tool_call_id: 'c_txt', content: 'plain' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Attachments returned by tool call c_img:' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVA=', detail: 'low' } },
            { type: 'file', file: { file_data: 'data:application/pdf;base64,JVA=', filename: 'report.pdf' } },
          ],
        },
        { role: 'user', content: 'Describe it.' },
      ]);
    });
  });

  describe('when the model refuses', () => {
    it('returns a message carrying the refusal', async () => {
      server.enqueue(PATH, { kind: 'json', body: completion('chatcmpl-ref', { refusal: "I'm sorry, I can't help with that." }) });
      const answer = await model().respond(request());
      expect(answer.output).toEqual([
        { type: 'message', role: 'assistant', content: "I'm sorry, I can't help with that.", refusal: "I'm sorry, I can't help with that." },
      ]);
    });

    it('collects a streamed refusal', async () => {
      server.enqueue(PATH, { kind: 'sse', events: chatStreamOf('chatcmpl-ref-s', { refusal: 'No can do.' }) });
      const done = completedOf(await collect(model().stream(request())));
      expect(done.output).toEqual([{ type: 'message', role: 'assistant', content: 'No can do.', refusal: 'No can do.' }]);
    });
  });

  describe('when the response is cut at the token limit', () => {
    it('marks a non-streamed response incomplete', async () => {
      server.enqueue(PATH, {
        kind: 'json',
        body: completion('chatcmpl-len', { toolCalls: [{ id: 'call_t', name: 'get_capital', arguments: '{"coun' }] }, 'length'),
      });
      const answer = await model().respond(request({ tools: [capitalTool] }));
      expect(answer).toMatchObject({ status: 'incomplete', incompleteReason: 'max_output_tokens' });
      expect(answer.output[0]).toMatchObject({ type: 'function_call', arguments: '{"coun' });
    });

    it('marks a streamed response incomplete', async () => {
      server.enqueue(PATH, { kind: 'sse', events: chatStreamOf('chatcmpl-len-s', { content: 'The capital is' }, { finishReason: 'length' }) });
      expect(completedOf(await collect(model().stream(request())))).toMatchObject({ status: 'incomplete', incompleteReason: 'max_output_tokens' });
    });
  });

  describe('streaming', () => {
    it('asks for usage, yields text deltas, and takes usage from the usage-only final chunk', async () => {
      server.enqueue(PATH, { kind: 'sse', events: chatStreamOf('chatcmpl-s1', { content: 'The capital of the UK is London. 🇬🇧' }, { usage: chatUsage(78, 9, 64, 0) }) });
      const events = await collect(model().stream(request()));
      expect(server.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      const deltas = events.filter((e) => e.type === 'text_delta').map((e) => (e as { delta: string }).delta);
      expect(deltas.length).toBeGreaterThan(5);
      expect(deltas.join('')).toBe('The capital of the UK is London. 🇬🇧');
      expect(completedOf(events)).toEqual({
        id: 'chatcmpl-s1',
        status: 'completed',
        output: [{ type: 'message', role: 'assistant', content: 'The capital of the UK is London. 🇬🇧' }],
        usage: { requests: 1, inputTokens: 78, outputTokens: 9, totalTokens: 87, cachedInputTokens: 64, reasoningTokens: 0 },
      });
    });

    it('accumulates the arguments of parallel calls across many deltas by index', async () => {
      const calls = [
        { id: 'call_w', name: 'get_weather', arguments: '{"city": "Edinburgh", "country": "GB", "units": "c"}' },
        { id: 'call_s', name: 'get_stock_price', arguments: '{"ticker": "AAPL", "exchange": "NASDAQ"}' },
      ];
      server.enqueue(PATH, { kind: 'sse', events: chatStreamOf('chatcmpl-s2', { toolCalls: calls }, { chunk: 2 }) });
      const events = await collect(model().stream(request({ tools: [lookupTool] })));
      const argDeltas = events.filter((e) => e.type === 'function_call_arguments_delta');
      expect(argDeltas.length).toBeGreaterThan(40);
      expect(argDeltas[0]).toEqual({ type: 'function_call_arguments_delta', callId: 'call_w', name: 'get_weather', delta: '{"' });
      expect(events.filter((e) => e.type === 'completed')).toHaveLength(1);
      expect(completedOf(events).output).toEqual(calls.map((c) => ({ type: 'function_call', callId: c.id, name: c.name, arguments: c.arguments })));
    });

    it('handles two calls with "{}" arguments in one delta each', async () => {
      const events: SseEvent[] = chatStreamOf('chatcmpl-s3', {}).slice(0, 1);
      events.push({
        data: {
          id: 'chatcmpl-s3',
          object: 'chat.completion.chunk',
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [
                  { index: 0, id: 'call_x', type: 'function', function: { name: 'list_tables', arguments: '{}' } },
                  { index: 1, id: 'call_y', type: 'function', function: { name: 'list_users', arguments: '{}' } },
                ],
              },
              finish_reason: 'tool_calls',
            },
          ],
        },
      });
      events.push({ data: '[DONE]' });
      server.enqueue(PATH, { kind: 'sse', events });
      const done = completedOf(await collect(model().stream(request())));
      expect(done.output).toEqual([
        { type: 'function_call', callId: 'call_x', name: 'list_tables', arguments: '{}' },
        { type: 'function_call', callId: 'call_y', name: 'list_users', arguments: '{}' },
      ]);
    });
  });

  describe('OpenAI-compatible servers', () => {
    it('handles arguments sent as "" then "{}" with id and name repeated on each delta', async () => {
      server.enqueue(PATH, { kind: 'sse', events: argsEmptyThenBraces });
      const done = completedOf(await collect(model().stream(request())));
      expect(done.output).toEqual([{ type: 'function_call', callId: '0', name: 'server_time', arguments: '{}' }]);
      expect(done.usage).toMatchObject({ inputTokens: 61, outputTokens: 12, cachedInputTokens: 8 });
      expect(done.status).toBe('completed');
    });

    it('handles arguments sent as null and never as "{}"', async () => {
      server.enqueue(PATH, { kind: 'sse', events: argsNull });
      const done = completedOf(await collect(model().stream(request())));
      expect(done.output).toEqual([{ type: 'function_call', callId: '0', name: 'server_time', arguments: '{}' }]);
      expect(done.usage).toMatchObject({ inputTokens: 61, outputTokens: 12 });
    });

    it('gives calls without an id a stable one and treats missing arguments as "{}"', async () => {
      const body = completion('chatcmpl-noid', {});
      body.choices[0].message.tool_calls = [{ type: 'function', function: { name: 'server_time', arguments: '' } }];
      server.enqueue(PATH, { kind: 'json', body });
      const answer = await model().respond(request());
      expect(answer.output).toEqual([{ type: 'function_call', callId: 'call_chatcmpl-noid_0', name: 'server_time', arguments: '{}' }]);
    });

    it('streams reasoning_content as reasoning deltas', async () => {
      const events = chatStreamOf('chatcmpl-r', { content: 'ok' });
      events.splice(1, 0, { data: { id: 'chatcmpl-r', choices: [{ index: 0, delta: { reasoning_content: 'hmm' }, finish_reason: null }] } });
      server.enqueue(PATH, { kind: 'sse', events });
      expect(await collect(model().stream(request()))).toContainEqual({ type: 'reasoning_delta', delta: 'hmm' });
    });
  });

  describe('errors', () => {
    it('surfaces a 400 to a streaming request as a ModelError with status, request id and message', async () => {
      server.enqueue(PATH, { kind: 'json', status: 400, body: error400 });
      const error = (await collect(model().stream(request())).catch((e: unknown) => e)) as ModelError;
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ status: 400, requestId: 'req_loopback_1' });
      expect(error.message).toMatch(/Chat Completions request failed with HTTP 400: Invalid 'temperature'.*param temperature/);
    });

    it('surfaces an error chunk in the middle of a stream as a ModelError', async () => {
      const events = chatStreamOf('chatcmpl-err', { content: 'Hello there' }).slice(0, 3);
      events.push({ data: { error: { message: 'Upstream provider failed', type: 'server_error', code: 'upstream_error' } } });
      server.enqueue(PATH, { kind: 'sse', events });
      const attempt = collect(model().stream(request()));
      await expect(attempt).rejects.toThrow(ModelError);
      await expect(attempt).rejects.toThrow(/stream reported an error: Upstream provider failed \(code upstream_error/);
    });

    it('surfaces a connection cut in the middle of a stream as a ModelError with the request id', async () => {
      server.enqueue(PATH, { kind: 'sse', events: chatStreamOf('chatcmpl-cut', { content: 'Hello there, friend' }), cutAfter: 4 });
      const attempt = collect(model().stream(request()));
      await expect(attempt).rejects.toThrow(ModelError);
      await expect(attempt).rejects.toMatchObject({ requestId: 'req_loopback_1', message: expect.stringMatching(/stream broke off/) });
    });

    it('retries a 429 and then succeeds', async () => {
      server.enqueue(
        PATH,
        { kind: 'json', status: 429, headers: { 'retry-after-ms': '5' }, body: { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } } },
        { kind: 'sse', events: chatStreamOf('chatcmpl-ok', { content: 'fine' }) },
      );
      const done = completedOf(await collect(model().stream(request())));
      expect(done.output[0]).toMatchObject({ content: 'fine' });
      expect(server.requests).toHaveLength(2);
    });

    it('surfaces a 500 as a ModelError once the retries are spent', async () => {
      const failure = { kind: 'json' as const, status: 500, headers: { 'retry-after-ms': '5' }, body: { error: { message: 'Internal error' } } };
      server.enqueue(PATH, failure, failure, failure);
      await expect(model().respond(request())).rejects.toMatchObject({ name: 'ModelError', status: 500, requestId: 'req_loopback_3' });
      expect(server.requests).toHaveLength(3); // the client's default: two retries
    });
  });

  describe('when the signal aborts', () => {
    it('aborts the HTTP request mid-stream', async () => {
      server.enqueue(PATH, { kind: 'sse', events: chatStreamOf('chatcmpl-ab', { content: 'a long answer that never ends' }), hangAfter: 3 });
      const controller = new AbortController();
      const seen: string[] = [];
      const run = (async () => {
        for await (const event of model().stream(request(), controller.signal)) {
          seen.push(event.type);
          if (event.type === 'text_delta') controller.abort();
        }
      })();
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
      await server.waitForEarlyClose();
      expect(seen).toEqual(['text_delta']);
    });
  });
});
