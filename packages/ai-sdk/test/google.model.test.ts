/**
 * AiSdkModel on @ai-sdk/google, against a loopback server speaking Google's generateContent API
 * (JSON and SSE written in small pieces): the request bodies are checked as the API receives them.
 */
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { Content, ModelError, type FunctionCallItem, type Item } from '@toolwright/core';
import { AiSdkModel } from '@toolwright/ai-sdk';
import { type LoopbackServer, useLoopbackServer } from '../../../test-support/loopback-server';
import { capitalTool, collect, completedOf, request } from '../../../test-support/model-stream';
import { answer, functionCall, generatePath, streamOf, streamPath, text, thought, usage } from './fixtures/google-wire';

let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

const MODEL = 'gemini-2.5-flash';
const gemini = () => createGoogleGenerativeAI({ apiKey: 'goog-loopback', baseURL: `${server.origin}/v1beta` })(MODEL);

/** A strict tool with an optional parameter, as the runner offers it. */
const weatherTool = {
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, units: { anyOf: [{ type: 'string', enum: ['celsius', 'fahrenheit'] }, { type: 'null' }] } },
    required: ['city', 'units'],
    additionalProperties: false,
  },
  strict: true,
};

describe('AiSdkModel on @ai-sdk/google', () => {
  describe('respond (not streamed)', () => {
    it('offers strict tools with their natural schema, maps thoughts, parallel calls and usage, and fills in omitted optionals', async () => {
      server.enqueue(generatePath(MODEL), {
        kind: 'json',
        body: answer('resp_g1', [thought('Two cities.', 'th-sig-1'), functionCall('get_weather', { city: 'Oslo' }, 'fc-sig-1'), functionCall('get_weather', { city: 'Bergen', units: 'celsius' })], 'STOP', usage(40, 12, 8, 5)),
      });
      const model = new AiSdkModel(gemini(), { providerOptions: { google: { safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }] } } });
      const response = await model.respond(request({ instructions: 'Be brief.', tools: [weatherTool], settings: { temperature: 0 } }));

      const body = server.requests[0]!.body;
      expect(body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }] });
      expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'What is the capital of PotatoLand?' }] }]);
      const [declaration] = body.tools[0].functionDeclarations;
      expect(declaration.name).toBe('get_weather');
      // The natural schema: `units` is optional again (strict mode made it required and nullable).
      expect(declaration.parameters.required).toEqual(['city']);
      expect(JSON.stringify(body.toolConfig ?? {})).not.toContain('VALIDATED');
      expect(body.safetySettings).toEqual([{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }]);
      expect(body.generationConfig).toMatchObject({ temperature: 0 });

      const [reasoning, first, second] = response.output as [Item, FunctionCallItem, FunctionCallItem];
      expect(reasoning).toEqual({ type: 'reasoning', provider: 'google', text: 'Two cities.', providerMetadata: { google: { thoughtSignature: 'th-sig-1' } } });
      expect(first).toMatchObject({ type: 'function_call', name: 'get_weather', arguments: '{"city":"Oslo","units":null}', providerData: { providerMetadata: { google: { thoughtSignature: 'fc-sig-1' } } } });
      expect(second).toMatchObject({ type: 'function_call', name: 'get_weather', arguments: '{"city":"Bergen","units":"celsius"}' });
      expect(first.callId).not.toBe(second.callId);
      expect(response.usage).toEqual({ requests: 1, inputTokens: 40, outputTokens: 17, totalTokens: 57, cachedInputTokens: 8, reasoningTokens: 5 });
    });

    it('sends thought signatures back with the calls, a user image as inline data, and a text tool result as a function response', async () => {
      server.enqueue(generatePath(MODEL), { kind: 'json', body: answer('resp_g2', [text('Oslo: 4 degrees.')]) });
      const history: Item[] = [
        { type: 'message', role: 'user', content: [Content.text('Weather in Oslo?'), Content.image({ url: 'data:image/png;base64,iVBORw==' })] },
        { type: 'reasoning', provider: 'google', text: 'Use the tool.', providerMetadata: { google: { thoughtSignature: 'th-sig-9' } } },
        { type: 'function_call', callId: 'call-g-1', name: 'get_weather', arguments: '{"city":"Oslo","units":null}', providerData: { providerMetadata: { google: { thoughtSignature: 'fc-sig-9' } } } },
        { type: 'function_call_output', callId: 'call-g-1', output: '4 degrees' },
      ];
      const response = await new AiSdkModel(gemini()).respond(request({ input: history, tools: [weatherTool] }));

      const contents = server.requests[0]!.body.contents;
      expect(contents[0]).toEqual({ role: 'user', parts: [{ text: 'Weather in Oslo?' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw==' } }] });
      expect(contents[1].role).toBe('model');
      expect(contents[1].parts).toEqual([
        { text: 'Use the tool.', thought: true, thoughtSignature: 'th-sig-9' },
        { functionCall: { id: 'call-g-1', name: 'get_weather', args: { city: 'Oslo', units: null } }, thoughtSignature: 'fc-sig-9' },
      ]);
      expect(contents[2].parts[0].functionResponse).toMatchObject({ name: 'get_weather', response: { name: 'get_weather', content: '4 degrees' } });
      expect(response.output).toEqual([{ type: 'message', role: 'assistant', content: 'Oslo: 4 degrees.' }]);
    });

    it('sends an image a tool returned as inline data with the function response', async () => {
      server.enqueue(generatePath(MODEL), { kind: 'json', body: answer('resp_gi', [text('A red square.')]) });
      const history: Item[] = [
        { type: 'message', role: 'user', content: 'Draw it and describe it.' },
        { type: 'function_call', callId: 'call-img', name: 'draw', arguments: '{}' },
        { type: 'function_call_output', callId: 'call-img', output: [Content.text('Drawn.'), Content.image({ data: new Uint8Array([255, 0, 0]), mimeType: 'image/png' })] },
      ];
      await new AiSdkModel(gemini()).respond(request({ input: history }));
      const parts = server.requests[0]!.body.contents[2].parts as Array<Record<string, any>>;
      expect(parts[0]!.functionResponse).toMatchObject({ name: 'draw' });
      expect(JSON.stringify(parts)).toContain('Drawn.');
      expect(JSON.stringify(parts)).toContain('{"inlineData":{"mimeType":"image/png","data":"/wAA"}}');
    });

    it('marks an answer stopped by the safety filter incomplete', async () => {
      server.enqueue(generatePath(MODEL), { kind: 'json', body: answer('resp_g3', [], 'SAFETY') });
      const response = await new AiSdkModel(gemini()).respond(request());
      expect(response).toMatchObject({ status: 'incomplete', incompleteReason: 'content_filter', output: [] });
    });

    it('maps an API error to ModelError with its status', async () => {
      server.enqueue(generatePath(MODEL), { kind: 'json', status: 400, body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } } });
      const error = await new AiSdkModel(gemini()).respond(request()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ status: 400 });
      expect((error as Error).message).toContain('API key not valid. Please pass a valid API key');
    });
  });

  describe('stream', () => {
    it('streams text and calls in small pieces, with usage from the last chunk', async () => {
      const full = answer('resp_gs', [text('Looking up the capital of Pötätoland now.'), functionCall('get_capital', { country: 'Pötätoland' })], 'STOP', usage(21, 9));
      server.enqueue(streamPath(MODEL), { kind: 'sse', events: streamOf(full, 4) });
      const events = await collect(new AiSdkModel(gemini()).stream(request({ tools: [capitalTool] })));

      const deltas = events.filter((e) => e.type === 'text_delta').map((e) => (e as { delta: string }).delta);
      expect(deltas.length).toBeGreaterThan(5);
      expect(deltas.join('')).toBe('Looking up the capital of Pötätoland now.');
      const response = completedOf(events);
      expect(response.output).toMatchObject([
        { type: 'message', role: 'assistant', content: 'Looking up the capital of Pötätoland now.' },
        { type: 'function_call', name: 'get_capital', arguments: '{"country":"Pötätoland"}' },
      ]);
      expect(response.usage).toMatchObject({ inputTokens: 21, outputTokens: 9 });
    });
  });
});
