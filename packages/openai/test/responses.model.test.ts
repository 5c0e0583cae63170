import OpenAI from 'openai';
import { Content, ModelError, UserError, type Item } from '@toolwright/core';
import { OpenAIResponsesModel } from '@toolwright/openai';
import { type LoopbackServer, useLoopbackServer } from '../../../test-support/loopback-server';
import { capitalTool, collect, completedOf, lookupTool, request } from '../../../test-support/model-stream';
import { functionCall, message, reasoning, refusalMessage, response, streamOf, usage } from './fixtures/responses-wire';
import error400 from './fixtures/error-400-invalid-temperature.json';

const PATH = '/v1/responses';
let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

function model(extra: Partial<ConstructorParameters<typeof OpenAIResponsesModel>[0]> = {}): OpenAIResponsesModel {
  return new OpenAIResponsesModel({
    client: new OpenAI({ apiKey: 'sk-loopback', baseURL: server.baseURL }),
    model: 'gpt-test',
    ...extra,
  });
}

describe('OpenAIResponsesModel', () => {
  describe('when constructed without a client', () => {
    const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
    afterEach(() => {
      process.env.OPENAI_API_KEY = saved.key;
      process.env.OPENAI_BASE_URL = saved.url;
      if (saved.key === undefined) delete process.env.OPENAI_API_KEY;
      if (saved.url === undefined) delete process.env.OPENAI_BASE_URL;
    });

    it('throws a UserError naming OPENAI_API_KEY when no key is set', () => {
      delete process.env.OPENAI_API_KEY;
      expect(() => new OpenAIResponsesModel({ model: 'gpt-test' })).toThrow(UserError);
      expect(() => new OpenAIResponsesModel({ model: 'gpt-test' })).toThrow(/OPENAI_API_KEY/);
    });

    it('builds a client from OPENAI_API_KEY and OPENAI_BASE_URL', async () => {
      process.env.OPENAI_API_KEY = 'sk-from-env';
      process.env.OPENAI_BASE_URL = server.baseURL;
      server.enqueue(PATH, { kind: 'json', body: response('resp_env', [message('Hi')]) });
      const answer = await new OpenAIResponsesModel({ model: 'gpt-test' }).respond(request());
      expect(answer.output).toEqual([{ type: 'message', role: 'assistant', content: 'Hi', id: 'msg_1' }]);
      expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-from-env');
    });
  });

  describe('when the model makes a single call', () => {
    it('sends tools exactly as given and maps the call and usage', async () => {
      server.enqueue(PATH, {
        kind: 'json',
        body: response('resp_1', [functionCall('call_A', 'get_capital', '{"country":"PotatoLand"}')], { usage: usage(40, 18, 7, 3) }),
      });
      const answer = await model().respond(request({ instructions: 'Be brief.', tools: [capitalTool, lookupTool] }));

      const body = server.requests[0]!.body;
      expect(body).toEqual({
        model: 'gpt-test',
        instructions: 'Be brief.',
        input: [{ type: 'message', role: 'user', content: 'What is the capital of PotatoLand?' }],
        tools: [
          { type: 'function', ...capitalTool },
          { type: 'function', ...lookupTool },
        ],
      });
      expect(answer).toEqual({
        id: 'resp_1',
        status: 'completed',
        output: [{ type: 'function_call', callId: 'call_A', name: 'get_capital', arguments: '{"country":"PotatoLand"}', id: 'fc_call_A' }],
        usage: { requests: 1, inputTokens: 40, outputTokens: 18, totalTokens: 58, cachedInputTokens: 7, reasoningTokens: 3 },
      });
    });
  });

  describe('settings', () => {
    it('maps every setting, a named tool choice and extraBody; request settings override defaults', async () => {
      server.enqueue(PATH, { kind: 'json', body: response('resp_s', [message('ok')]) });
      const m = model({ settings: { temperature: 0.5, maxOutputTokens: 100, store: true, extraBody: { service_tier: 'flex' } } });
      await m.respond(
        request({
          tools: [capitalTool],
          toolChoice: { name: 'get_capital' },
          parallelToolCalls: false,
          settings: { temperature: 0.2, topP: 0.9, reasoningEffort: 'low', reasoningSummary: 'auto', extraBody: { user: 'u-1' } },
        }),
      );
      expect(server.requests[0]!.body).toMatchObject({
        temperature: 0.2,
        top_p: 0.9,
        max_output_tokens: 100,
        reasoning: { effort: 'low', summary: 'auto' },
        store: true,
        tool_choice: { type: 'function', name: 'get_capital' },
        parallel_tool_calls: false,
        service_tier: 'flex',
        user: 'u-1',
      });
      expect(server.requests[0]!.body.include).toBeUndefined();
    });

    it('sends parallel_tool_calls as true, false, or not at all', async () => {
      for (let i = 0; i < 3; i++) server.enqueue(PATH, { kind: 'json', body: response(`resp_p${i}`, [message('ok')]) });
      await model().respond(request({ tools: [capitalTool], parallelToolCalls: true }));
      await model().respond(request({ tools: [capitalTool], settings: { parallelToolCalls: false } }));
      await model().respond(request({ tools: [capitalTool] }));
      expect(server.requests.map((r) => r.body.parallel_tool_calls)).toEqual([true, false, undefined]);
      expect('parallel_tool_calls' in server.requests[2]!.body).toBe(false);
    });
  });

  describe('when the model makes several calls in one turn', () => {
    it('keeps every call in order', async () => {
      const calls = ['a', 'b', 'c', 'd', 'e'].map((k, i) => functionCall(`call_${i}`, 'db_lookup', `{"key":"${k}"}`));
      server.enqueue(PATH, { kind: 'json', body: response('resp_par', calls) });
      const answer = await model().respond(request({ tools: [lookupTool] }));
      expect(answer.output.map((i) => (i.type === 'function_call' ? [i.callId, i.arguments] : null))).toEqual([
        ['call_0', '{"key":"a"}'],
        ['call_1', '{"key":"b"}'],
        ['call_2', '{"key":"c"}'],
        ['call_3', '{"key":"d"}'],
        ['call_4', '{"key":"e"}'],
      ]);
    });
  });

  describe('history', () => {
    it('sends messages, calls, text and multimodal outputs, and reasoning in order', async () => {
      server.enqueue(PATH, { kind: 'json', body: response('resp_h', [message('done')]) });
      const png = Content.image({ data: new Uint8Array([137, 80]), mimeType: 'image/png' }, 'high');
      const pdf = Content.file({ data: new Uint8Array([37, 80]), filename: 'report.pdf' });
      const input: Item[] = [
        { type: 'message', role: 'system', content: 'House rules.' },
        { type: 'message', role: 'user', content: [Content.text('Look:'), Content.image({ url: 'https://x.test/a.png' })] },
        { type: 'reasoning', id: 'rs_1', encrypted_content: 'gAAAA-enc', summary: [] },
        { type: 'message', role: 'assistant', content: 'Checking.', id: 'msg_0', providerData: { phase: 'commentary' } },
        { type: 'function_call', callId: 'call_1', name: 'get_capital', arguments: '{"country":"X"}', id: 'fc_1' },
        { type: 'function_call', callId: 'call_2', name: 'render', arguments: '{}' },
        { type: 'function_call_output', callId: 'call_1', output: 'Potato City' },
        { type: 'function_call_output', callId: 'call_2', output: [Content.text('Chart and report:'), png, pdf, Content.file({ fileId: 'file_9' })] },
      ];
      await model().respond(request({ input }));
      expect(server.requests[0]!.body.input).toEqual([
        { type: 'message', role: 'system', content: 'House rules.' },
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'Look:' },
            { type: 'input_image', image_url: 'https://x.test/a.png', detail: 'auto' },
          ],
        },
        { type: 'reasoning', id: 'rs_1', encrypted_content: 'gAAAA-enc', summary: [] },
        {
          type: 'message',
          role: 'assistant',
          status: 'completed',
          phase: 'commentary',
          content: [{ type: 'output_text', text: 'Checking.', annotations: [] }],
        },
        { type: 'function_call', call_id: 'call_1', name: 'get_capital', arguments: '{"country":"X"}' },
        { type: 'function_call', call_id: 'call_2', name: 'render', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'Potato City' },
        {
          type: 'function_call_output',
          call_id: 'call_2',
          output: [
            { type: 'input_text', text: 'Chart and report:' },
            { type: 'input_image', image_url: 'data:image/png;base64,iVA=', detail: 'high' },
            { type: 'input_file', file_data: 'data:application/pdf;base64,JVA=', filename: 'report.pdf' },
            { type: 'input_file', file_id: 'file_9' },
          ],
        },
      ]);
    });
  });

  describe('reasoning with store: false', () => {
    it('requests encrypted content, keeps the reasoning item and sends it back unchanged', async () => {
      const first = response('resp_r1', [reasoning('rs_A', 'gAAAA-secret-1'), functionCall('call_R', 'db_lookup', '{"key":"start"}')], {
        store: false,
        usage: usage(88, 65, 0, 45),
      });
      server.enqueue(PATH, { kind: 'json', body: first }, { kind: 'json', body: response('resp_r2', [message('42')]) });
      const m = model({ settings: { store: false, reasoningEffort: 'high' } });
      const turn1 = await m.respond(request({ tools: [lookupTool] }));
      expect(server.requests[0]!.body).toMatchObject({ store: false, include: ['reasoning.encrypted_content'], reasoning: { effort: 'high' } });
      expect(turn1.output[0]).toEqual({ type: 'reasoning', id: 'rs_A', encrypted_content: 'gAAAA-secret-1', summary: [] });
      expect(turn1.usage?.reasoningTokens).toBe(45);

      const history: Item[] = [
        ...request().input,
        ...turn1.output,
        { type: 'function_call_output', callId: 'call_R', output: 'Begin with 7.' },
      ];
      await m.respond(request({ input: history, tools: [lookupTool] }));
      expect(server.requests[1]!.body.input.slice(1)).toEqual([
        { type: 'reasoning', id: 'rs_A', encrypted_content: 'gAAAA-secret-1', summary: [] },
        { type: 'function_call', call_id: 'call_R', name: 'db_lookup', arguments: '{"key":"start"}' },
        { type: 'function_call_output', call_id: 'call_R', output: 'Begin with 7.' },
      ]);
    });
  });

  describe('when the model refuses', () => {
    it('returns a message carrying the refusal, and sends it back as a refusal part', async () => {
      server.enqueue(PATH, { kind: 'json', body: response('resp_ref', [refusalMessage("I can't help with that.")]) });
      const answer = await model().respond(request());
      const refusal = { type: 'message', role: 'assistant', content: "I can't help with that.", refusal: "I can't help with that.", id: 'msg_refusal' };
      expect(answer.output).toEqual([refusal]);

      server.enqueue(PATH, { kind: 'json', body: response('resp_ref2', [message('ok')]) });
      await model().respond(request({ input: [...request().input, ...answer.output] }));
      expect(server.requests[1]!.body.input[1].content).toEqual([{ type: 'refusal', refusal: "I can't help with that." }]);
    });
  });

  describe('when the response is incomplete', () => {
    it('marks it incomplete with the reason and keeps the half-formed call', async () => {
      server.enqueue(PATH, {
        kind: 'json',
        body: response('resp_inc', [{ ...functionCall('call_T', 'get_capital', '{"coun'), status: 'incomplete' }], {
          status: 'incomplete',
          incomplete_details: { reason: 'max_output_tokens' },
        }),
      });
      const answer = await model().respond(request({ tools: [capitalTool], settings: { maxOutputTokens: 5 } }));
      expect(answer.status).toBe('incomplete');
      expect(answer.incompleteReason).toBe('max_output_tokens');
      expect(answer.output).toEqual([{ type: 'function_call', callId: 'call_T', name: 'get_capital', arguments: '{"coun', id: 'fc_call_T' }]);
    });

    it('reports an incomplete stream through response.incomplete', async () => {
      const final = response('resp_inc_s', [message('The capital is')], { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
      server.enqueue(PATH, { kind: 'sse', events: streamOf(final) });
      const events = await collect(model().stream(request()));
      expect(completedOf(events)).toMatchObject({ status: 'incomplete', incompleteReason: 'max_output_tokens' });
    });
  });

  describe('streaming', () => {
    it('yields text deltas, accumulates arguments split into many deltas, and completes once', async () => {
      const args = '{"country":"The United Kingdom of Great Britain and Northern Ireland"}';
      const final = response('resp_st', [message('Let me look that up — 🥔 first.', 'msg_c', 'commentary'), functionCall('call_S', 'get_capital', args)], {
        usage: usage(63, 69, 5, 26),
      });
      server.enqueue(PATH, { kind: 'sse', events: streamOf(final, { chunk: 2 }) });
      const events = await collect(model().stream(request({ tools: [capitalTool] })));

      expect(server.requests[0]!.body.stream).toBe(true);
      const text = events.filter((e) => e.type === 'text_delta').map((e) => (e as { delta: string }).delta);
      expect(text.length).toBeGreaterThan(5);
      expect(text.join('')).toBe('Let me look that up — 🥔 first.');
      const argDeltas = events.filter((e) => e.type === 'function_call_arguments_delta');
      expect(argDeltas.length).toBe(Math.ceil(args.length / 2));
      expect(argDeltas.every((e) => e.type === 'function_call_arguments_delta' && e.callId === 'call_S' && e.name === 'get_capital')).toBe(true);
      expect(events.filter((e) => e.type === 'completed')).toHaveLength(1);
      const done = completedOf(events);
      expect(done.output).toEqual([
        { type: 'message', role: 'assistant', content: 'Let me look that up — 🥔 first.', id: 'msg_c', providerData: { phase: 'commentary' } },
        { type: 'function_call', callId: 'call_S', name: 'get_capital', arguments: args, id: 'fc_call_S' },
      ]);
      expect(done.usage).toMatchObject({ inputTokens: 63, outputTokens: 69, cachedInputTokens: 5, reasoningTokens: 26 });
    });

    it('keeps the final reasoning item (not the one announced first) and emits summary deltas', async () => {
      const final = response('resp_rs', [reasoning('rs_S', 'gAAAA-final'), functionCall('call_Q', 'get_capital', '{"country":"X"}')], { store: false });
      const events = streamOf(final);
      events.splice(3, 0, { event: 'response.reasoning_summary_text.delta', data: { type: 'response.reasoning_summary_text.delta', item_id: 'rs_S', output_index: 0, summary_index: 0, delta: 'Thinking', sequence_number: 99 } });
      server.enqueue(PATH, { kind: 'sse', events });
      const out = await collect(model({ settings: { store: false } }).stream(request({ tools: [capitalTool] })));
      expect(out).toContainEqual({ type: 'reasoning_delta', delta: 'Thinking' });
      expect(completedOf(out).output[0]).toEqual({ type: 'reasoning', id: 'rs_S', encrypted_content: 'gAAAA-final', summary: [] });
    });

    it('assembles the output from the stream when the terminal event has an empty output', async () => {
      const final = response('resp_empty', [message('Hello'), functionCall('call_E', 'get_capital', '{"country":"Y"}')]);
      server.enqueue(PATH, { kind: 'sse', events: streamOf(final, { terminalOutput: [] }) });
      const done = completedOf(await collect(model().stream(request({ tools: [capitalTool] }))));
      expect(done.output.map((i) => i.type)).toEqual(['message', 'function_call']);
      expect(done.output[1]).toMatchObject({ callId: 'call_E', arguments: '{"country":"Y"}' });
    });

    it('fails with a ModelError when the stream reports response.failed', async () => {
      const events = streamOf(response('resp_f', [message('x')])).slice(0, 2);
      events.push({ event: 'response.failed', data: { type: 'response.failed', sequence_number: 2, response: response('resp_f', [], { status: 'failed', error: { code: 'server_error', message: 'The model crashed' } }) } });
      server.enqueue(PATH, { kind: 'sse', events });
      const failure = collect(model().stream(request()));
      await expect(failure).rejects.toThrow(ModelError);
      await expect(failure).rejects.toThrow(/The model crashed.*code server_error.*request id req_loopback_1/);
    });

    it('fails with a ModelError on an error event', async () => {
      const events = streamOf(response('resp_e', [message('x')])).slice(0, 2);
      events.push({ event: 'error', data: { type: 'error', code: 'rate_limit_exceeded', message: 'Slow down', param: null, sequence_number: 2 } });
      server.enqueue(PATH, { kind: 'sse', events });
      await expect(collect(model().stream(request()))).rejects.toMatchObject({ name: 'ModelError', details: { code: 'rate_limit_exceeded' } });
    });

    it('fails with a ModelError when the stream ends before response.completed', async () => {
      server.enqueue(PATH, { kind: 'sse', events: streamOf(response('resp_cut', [message('partial')])).slice(0, 5) });
      await expect(collect(model().stream(request()))).rejects.toThrow(/ended before response.completed/);
    });
  });

  describe('errors', () => {
    it('surfaces a 400 to a streaming request as a ModelError with status, request id and message', async () => {
      server.enqueue(PATH, { kind: 'json', status: 400, body: error400 });
      const attempt = collect(model().stream(request({ settings: { temperature: -3 } })));
      await expect(attempt).rejects.toBeInstanceOf(ModelError);
      const error = (await attempt.catch((e: unknown) => e)) as ModelError;
      expect(error.status).toBe(400);
      expect(error.requestId).toBe('req_loopback_1');
      expect(error.details.code).toBe('decimal_below_min_value');
      expect(error.message).toContain("Invalid 'temperature': decimal below minimum value");
      expect(server.requests).toHaveLength(1);
    });

    it('retries a 429 and then succeeds', async () => {
      const rateLimited = { kind: 'json' as const, status: 429, headers: { 'retry-after-ms': '5' }, body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } } };
      server.enqueue(PATH, rateLimited, { kind: 'json', body: response('resp_after', [message('finally')]) });
      const answer = await model().respond(request());
      expect(answer.output[0]).toMatchObject({ content: 'finally' });
      expect(server.requests).toHaveLength(2);
      expect(server.requests[1]!.headers['x-stainless-retry-count']).toBe('1');
    });

    it('surfaces a 500 as a ModelError after the configured retries', async () => {
      const failure = { kind: 'json' as const, status: 500, headers: { 'retry-after-ms': '5' }, body: { error: { message: 'The server had an error', type: 'server_error' } } };
      server.enqueue(PATH, failure, failure);
      const attempt = model({ maxRetries: 1 }).respond(request());
      await expect(attempt).rejects.toMatchObject({ name: 'ModelError', status: 500, requestId: 'req_loopback_2' });
      await expect(attempt).rejects.toThrow(/HTTP 500: The server had an error/);
      expect(server.requests).toHaveLength(2);
    });

    it('does not retry when maxRetries is 0', async () => {
      server.enqueue(PATH, { kind: 'json', status: 429, headers: { 'retry-after-ms': '5' }, body: { error: { message: 'Rate limit reached' } } });
      await expect(model({ maxRetries: 0 }).respond(request())).rejects.toMatchObject({ status: 429 });
      expect(server.requests).toHaveLength(1);
    });

    it('gives up after timeoutMs with a ModelError', async () => {
      server.enqueue(PATH, { kind: 'hang' });
      await expect(model({ timeoutMs: 150, maxRetries: 0 }).respond(request())).rejects.toThrow(/timed out.*timeoutMs/);
      await server.waitForEarlyClose();
    });

    it('reports an unreachable server as a ModelError naming the baseURL', async () => {
      const dead = new OpenAIResponsesModel({ client: new OpenAI({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1' }), model: 'm', maxRetries: 0 });
      await expect(dead.respond(request())).rejects.toThrow(/could not reach the server.*baseURL/);
    });
  });

  describe('when the signal aborts', () => {
    it('aborts the HTTP request mid-stream', async () => {
      const final = response('resp_ab', [message('a long answer that never finishes')]);
      server.enqueue(PATH, { kind: 'sse', events: streamOf(final), hangAfter: 5 });
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
      expect(server.requests[0]!.clientClosedEarly).toBe(true);
    });

    it('aborts a non-streamed request', async () => {
      server.enqueue(PATH, { kind: 'hang' });
      const controller = new AbortController();
      const attempt = model().respond(request(), controller.signal);
      setTimeout(() => controller.abort(new Error('user cancelled')), 50);
      await expect(attempt).rejects.toThrow('user cancelled');
      await server.waitForEarlyClose();
    });
  });
});
