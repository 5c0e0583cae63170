/**
 * The edge cases, on the specification's own mock model (`MockLanguageModelV3` from `ai/test`):
 * tool input split anywhere, usage missing, errors mid-stream, abort of a provider that ignores
 * the signal, the specification version and options checked.
 */
import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';
import { Agent, ModelError, Runner, UserError, defineTool, type ModelStreamEvent } from '@toolwright/core';
import { AiSdkModel } from '@toolwright/ai-sdk';
import { capitalTool, collect, completedOf, request } from '../../../test-support/model-stream';

const NO_USAGE: LanguageModelV3Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};
const finish = (unified: 'stop' | 'tool-calls' = 'stop', usage = NO_USAGE): LanguageModelV3StreamPart => ({ type: 'finish', finishReason: { unified, raw: undefined }, usage });

/** A mock model streaming `parts`. */
function streaming(parts: LanguageModelV3StreamPart[], provider = 'mock.chat'): MockLanguageModelV3 {
  return new MockLanguageModelV3({ provider, doStream: async () => ({ stream: convertArrayToReadableStream(parts) }) });
}

/** Splits `text` into pieces of the given sizes, cycling. */
function split(text: string, sizes: number[]): string[] {
  const out: string[] = [];
  for (let i = 0, n = 0; i < text.length; n++) {
    const size = sizes[n % sizes.length]!;
    out.push(text.slice(i, i + size));
    i += size;
  }
  return out;
}

describe('AiSdkModel on the specification mock', () => {
  describe('tool input deltas', () => {
    it('assembles two interleaved calls from pieces split anywhere (inside keys, escapes and multi-byte text)', async () => {
      const a = '{"country":"Pö\\"tato\\u00e9land","note":"ünï"}';
      const b = '{"country":"Tomato"}';
      const piecesA = split(a, [1, 3, 2, 5]);
      const piecesB = split(b, [2, 7]);
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', id: 'resp-mock-1' },
        { type: 'tool-input-start', id: 'c1', toolName: 'get_capital' },
        { type: 'tool-input-start', id: 'c2', toolName: 'get_capital' },
      ];
      const longest = Math.max(piecesA.length, piecesB.length);
      for (let i = 0; i < longest; i++) {
        if (piecesA[i] !== undefined) parts.push({ type: 'tool-input-delta', id: 'c1', delta: piecesA[i]! });
        if (piecesB[i] !== undefined) parts.push({ type: 'tool-input-delta', id: 'c2', delta: piecesB[i]! });
      }
      parts.push(
        { type: 'tool-input-end', id: 'c1' },
        { type: 'tool-input-end', id: 'c2' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'get_capital', input: a },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'get_capital', input: b },
        finish('tool-calls'),
      );
      const events = await collect(new AiSdkModel(streaming(parts)).stream(request({ tools: [capitalTool] })));
      const deltas = events.filter((e): e is Extract<ModelStreamEvent, { type: 'function_call_arguments_delta' }> => e.type === 'function_call_arguments_delta');
      expect(deltas.filter((d) => d.callId === 'c1').map((d) => d.delta).join('')).toBe(a);
      expect(deltas.filter((d) => d.callId === 'c2').map((d) => d.delta).join('')).toBe(b);
      const response = completedOf(events);
      expect(response).toMatchObject({ id: 'resp-mock-1', output: [{ type: 'function_call', callId: 'c1', name: 'get_capital' }, { type: 'function_call', callId: 'c2', name: 'get_capital' }] });
      // Arguments of a strict tool are checked for omitted optional fields (and so re-serialised).
      expect(response.output.map((item) => JSON.parse((item as { arguments: string }).arguments))).toEqual([JSON.parse(a), JSON.parse(b)]);
    });

    it('takes 20,000 one-character pieces of one call', async () => {
      const input = JSON.stringify({ country: 'x'.repeat(20_000 - 15) });
      const parts: LanguageModelV3StreamPart[] = [{ type: 'tool-input-start', id: 'big', toolName: 'get_capital' }];
      for (const char of input) parts.push({ type: 'tool-input-delta', id: 'big', delta: char });
      parts.push({ type: 'tool-call', toolCallId: 'big', toolName: 'get_capital', input }, finish('tool-calls'));
      const response = completedOf(await collect(new AiSdkModel(streaming(parts)).stream(request({ tools: [capitalTool] }))));
      expect(response.output).toEqual([{ type: 'function_call', callId: 'big', name: 'get_capital', arguments: input }]);
    });

    it('passes arguments nested 100,000 levels deep on as they are, for the runner to refuse, without overflowing the stack', async () => {
      const deep = `{"country":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      const parts: LanguageModelV3StreamPart[] = [{ type: 'tool-call', toolCallId: 'deep', toolName: 'get_capital', input: deep }, finish('tool-calls')];
      const response = completedOf(await collect(new AiSdkModel(streaming(parts)).stream(request({ tools: [capitalTool] }))));
      expect(response.output).toEqual([{ type: 'function_call', callId: 'deep', name: 'get_capital', arguments: deep }]);
    });

    it('assembles a call from its pieces when the provider sends no tool-call part, and gives a call without input "{}"', async () => {
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'tool-input-start', id: 'p1', toolName: 'get_capital' },
        { type: 'tool-input-delta', id: 'p1', delta: '{"country":' },
        { type: 'tool-input-delta', id: 'p1', delta: '"Leek"}' },
        { type: 'tool-input-end', id: 'p1' },
        { type: 'tool-call', toolCallId: 'p0', toolName: 'list_countries', input: '' },
        // A call the provider ran itself (a server-side tool) is not a Toolwright call.
        { type: 'tool-call', toolCallId: 'srv', toolName: 'web_search', input: '{}', providerExecuted: true },
        finish('tool-calls'),
      ];
      const response = completedOf(await collect(new AiSdkModel(streaming(parts)).stream(request())));
      expect(response.output).toEqual([
        { type: 'function_call', callId: 'p0', name: 'list_countries', arguments: '{}' },
        { type: 'function_call', callId: 'p1', name: 'get_capital', arguments: '{"country":"Leek"}' },
      ]);
    });
  });

  describe('usage', () => {
    it('leaves usage out when the provider reports none, and the runner still counts the request', async () => {
      const model = streaming([{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Hi.' }, { type: 'text-end', id: 't' }, finish()]);
      const response = completedOf(await collect(new AiSdkModel(model).stream(request())));
      expect(response.usage).toBeUndefined();
      const generate = new MockLanguageModelV3({ doGenerate: async () => ({ content: [{ type: 'text', text: 'Hi.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage: NO_USAGE, warnings: [] }) });
      const result = await new Runner({ model: new AiSdkModel(generate) }).run(new Agent({ name: 'a' }), 'Hello');
      expect(result.usage).toMatchObject({ requests: 1, inputTokens: 0, outputTokens: 0 });
    });
  });

  describe('errors', () => {
    it('throws ModelError for an error part mid-stream, after the deltas before it', async () => {
      const model = streaming([{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Half' }, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]);
      const seen: ModelStreamEvent[] = [];
      const error = await (async () => {
        for await (const event of new AiSdkModel(model).stream(request())) seen.push(event);
      })().catch((e: unknown) => e);
      expect(seen).toEqual([{ type: 'text_delta', delta: 'Half' }]);
      expect(error).toBeInstanceOf(ModelError);
      expect((error as Error).message).toBe('mock.chat model "mock-model-id" (stream) failed: Overloaded.');
    });

    it('throws ModelError when the stream itself fails mid-way, and when it ends without a finish part', async () => {
      const broken = new MockLanguageModelV3({
        doStream: async () => ({
          stream: new ReadableStream<LanguageModelV3StreamPart>({
            start(controller) {
              controller.enqueue({ type: 'text-delta', id: 't', delta: 'So' });
              controller.error(new TypeError('terminated'));
            },
          }),
        }),
      });
      await expect(collect(new AiSdkModel(broken).stream(request()))).rejects.toMatchObject({ name: 'ModelError', message: 'mock-provider model "mock-model-id" (stream) failed: terminated.' });
      const unfinished = streaming([{ type: 'text-delta', id: 't', delta: 'So' }]);
      await expect(collect(new AiSdkModel(unfinished).stream(request()))).rejects.toThrow(/stream ended without a finish part/);
    });

    it('turns a failure of doGenerate that is not an API error into ModelError too', async () => {
      const model = new MockLanguageModelV3({ doGenerate: async () => Promise.reject(new Error('socket hang up')) });
      await expect(new AiSdkModel(model).respond(request())).rejects.toMatchObject({ name: 'ModelError', message: 'mock-provider model "mock-model-id" failed: socket hang up.' });
    });
  });

  describe('abort', () => {
    it('ends a request and a stream through the run signal even when the provider ignores it', async () => {
      const hanging = new MockLanguageModelV3({
        doGenerate: () => new Promise(() => undefined),
        doStream: async () => ({ stream: new ReadableStream<LanguageModelV3StreamPart>({ start: (c) => c.enqueue({ type: 'text-delta', id: 't', delta: 'x' }) }) }),
      });
      const model = new AiSdkModel(hanging);
      const controller = new AbortController();
      const reason = new Error('cancelled by the user');
      const pending = model.respond(request(), controller.signal);
      controller.abort(reason);
      await expect(pending).rejects.toBe(reason);

      const streamController = new AbortController();
      const consuming = (async () => {
        for await (const event of model.stream(request(), streamController.signal)) if (event.type === 'text_delta') streamController.abort(reason);
      })();
      await expect(consuming).rejects.toBe(reason);
      expect(hanging.doGenerateCalls[0]!.abortSignal).toBe(controller.signal);
    });
  });

  describe('requests', () => {
    it('maps tool choice, sampling settings and parallelToolCalls: false for the provider, and messages of every role', async () => {
      const model = new MockLanguageModelV3({ provider: 'openai.responses', doGenerate: { content: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: NO_USAGE, warnings: [] } });
      await new AiSdkModel(model, { settings: { temperature: 1, seed: 7 } }).respond(
        request({
          input: [
            { type: 'message', role: 'developer', content: 'Prefer metric units.' },
            { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Look:' }, { type: 'input_file', fileData: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' }, { type: 'input_image', imageUrl: 'not a url' }] },
          ],
          tools: [capitalTool],
          toolChoice: { name: 'get_capital' },
          parallelToolCalls: false,
          settings: { temperature: 0.5, topK: 3, stopSequences: ['END'] },
        }),
      );
      const call = model.doGenerateCalls[0]!;
      expect(call).toMatchObject({ temperature: 0.5, seed: 7, topK: 3, stopSequences: ['END'], toolChoice: { type: 'tool', toolName: 'get_capital' }, providerOptions: { openai: { parallelToolCalls: false } } });
      expect(call.tools).toEqual([{ type: 'function', name: 'get_capital', description: capitalTool.description, inputSchema: capitalTool.parameters, strict: true }]);
      expect(call.prompt).toEqual([
        { role: 'system', content: 'Prefer metric units.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look:' },
            { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'a.pdf' },
            { type: 'text', text: '[image at not a url, not a valid URL]' },
          ],
        },
      ]);
    });

    it('offers a provider without strict tools the natural schema in every object (nested and in $defs), keeping the strict schema for validation', async () => {
      const model = new MockLanguageModelV3({ provider: 'mistral.chat', doGenerate: { content: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: NO_USAGE, warnings: [] } });
      const address = { type: 'object', properties: { city: { type: 'string' }, zip: { type: ['string', 'null'] } }, required: ['city', 'zip'], additionalProperties: false };
      const parameters = {
        type: 'object',
        properties: { to: { $ref: '#/$defs/Address' }, from: { anyOf: [address, { type: 'null' }] }, note: { type: 'null' } },
        required: ['to', 'from', 'note'],
        additionalProperties: false,
        $defs: { Address: address },
      };
      const tool = { name: 'ship', description: 'Ship a parcel.', parameters, strict: true };
      await new AiSdkModel(model).respond(request({ tools: [tool] }));
      const offered = model.doGenerateCalls[0]!.tools![0] as { inputSchema: Record<string, any>; strict?: boolean };
      expect(offered.strict).toBeUndefined();
      const natural = { ...address, required: ['city'] };
      expect(offered.inputSchema).toEqual({
        type: 'object',
        properties: { to: { $ref: '#/$defs/Address' }, from: { anyOf: [natural, { type: 'null' }] }, note: { type: 'null' } },
        required: ['to', 'note'],
        additionalProperties: false,
        $defs: { Address: natural },
      });
      // The definition the runner validates against is untouched.
      expect(parameters.required).toEqual(['to', 'from', 'note']);
      expect(address.required).toEqual(['city', 'zip']);
      // With strictTools: true the same provider gets the strict schema.
      await new AiSdkModel(model, { strictTools: true }).respond(request({ tools: [tool] }));
      expect(model.doGenerateCalls[1]!.tools![0]).toMatchObject({ inputSchema: parameters, strict: true });
    });

    it('refuses a setting of the wrong type with a UserError naming it', async () => {
      const model = new AiSdkModel(new MockLanguageModelV3());
      await expect(model.respond(request({ settings: { temperature: 'hot' as never } }))).rejects.toThrow(UserError);
      await expect(model.respond(request({ settings: { temperature: 'hot' as never } }))).rejects.toThrow('the model setting "temperature" is "hot"; it must be a finite number');
    });
  });

  describe('construction', () => {
    it('refuses what is not a v3 language model, and malformed options, naming the fix', () => {
      const v2 = { ...new MockLanguageModelV3(), specificationVersion: 'v2', doGenerate: () => undefined, doStream: () => undefined };
      expect(() => new AiSdkModel(v2 as never)).toThrow(/implements the language model specification v3 .* implements "v2"/);
      expect(() => new AiSdkModel('anthropic/claude-sonnet-4-5' as never)).toThrow(/takes a language model object from a provider package/);
      expect(() => new AiSdkModel({} as never)).toThrow(UserError);
      expect(() => new AiSdkModel(new MockLanguageModelV3(), { providerOptions: { anthropic: 'x' } as never })).toThrow(/providerOptions must be an object of objects/);
      expect(() => new AiSdkModel(new MockLanguageModelV3(), { strictTools: 'yes' as never })).toThrow(/strictTools must be true or false/);
      expect(() => new AiSdkModel(new MockLanguageModelV3(), { maxRetries: -1 })).toThrow('AiSdkModel maxRetries is -1; it must be an integer from 0 to 10 (default 2).');
    });
  });

  describe('in a run', () => {
    it('runs a tool call from the stream and sends its output back', async () => {
      const calls: unknown[] = [];
      const tool = defineTool({ name: 'get_capital', description: 'Capital.', parameters: capitalTool.parameters, invoke: (_ctx, args: { country: string }) => (calls.push(args), `${args.country} City`) });
      let turn = 0;
      const model = new MockLanguageModelV3({
        doStream: async () => ({
          stream: convertArrayToReadableStream<LanguageModelV3StreamPart>(
            turn++ === 0
              ? [{ type: 'tool-call', toolCallId: 'k1', toolName: 'get_capital', input: '{"country":"Kale"}' }, finish('tool-calls')]
              : [{ type: 'text-delta', id: 't', delta: 'Kale City.' }, finish()],
          ),
        }),
      });
      const result = await new Runner({ model: new AiSdkModel(model) }).stream(new Agent({ name: 'geo', tools: [tool] }), 'Capital of Kale?').result;
      expect(result.finalOutput).toBe('Kale City.');
      expect(calls).toEqual([{ country: 'Kale' }]);
      expect(model.doStreamCalls[1]!.prompt.at(-1)).toEqual({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'k1', toolName: 'get_capital', output: { type: 'text', value: 'Kale City' } }] });
    });
  });
});
