// ctx.log, ctx.elicit and ctx.sample: through the host's client when there is one
// (executeToolCall's `client`, as serveMcp passes it), and what they do in a plain run.
import { Agent, Content, Runner, ScriptedModel, UserError, defineTool, userMessage, type ClientChannel, type ToolContext } from '@toolwright/core';
import { executeToolCall } from '@toolwright/core/extend';

function probe(body: (ctx: ToolContext) => Promise<string> | string) {
  return defineTool({ name: 'probe', description: 'probe', parameters: { type: 'object', properties: {}, required: [], additionalProperties: false }, invoke: (ctx) => body(ctx) });
}

describe('ToolContext.log / elicit / sample', () => {
  it('goes to the host client, with the call signal', async () => {
    const logged: unknown[] = [];
    const client: ClientChannel = {
      log: (level, data) => void logged.push([level, data]),
      elicit: async (message, schema, signal) => ({ action: 'accept', content: { message, fields: Object.keys(schema.properties as object), aborted: signal.aborted } }),
      sample: async (messages, options) => `sampled ${messages.length} with ${options.maxTokens}`,
    };
    const tool = probe(async (ctx) => {
      ctx.log('info', { step: 1 });
      ctx.log('nonsense' as never, 'dropped');
      const answer = await ctx.elicit('Which?', { type: 'object', properties: { pick: { type: 'string', enum: ['a', 'b'] } } });
      const text = await ctx.sample([userMessage('hi')], { maxTokens: 7 });
      return JSON.stringify({ answer, text });
    });
    const result = await executeToolCall(tool, {}, { client });
    expect(JSON.parse(result.text)).toEqual({ answer: { action: 'accept', content: { message: 'Which?', fields: ['pick'], aborted: false } }, text: 'sampled 1 with 7' });
    expect(logged).toEqual([['info', { step: 1 }]]);
  });

  it('in a run (no client): log is a no-op, elicit and sample fail with a UserError that says why', async () => {
    const seen: string[] = [];
    const tool = probe(async (ctx) => {
      ctx.log('error', 'nobody hears this');
      for (const ask of [() => ctx.elicit('Q?', { type: 'object', properties: {} }), () => ctx.sample([userMessage('x')])]) {
        try {
          await ask();
        } catch (error) {
          seen.push(`${error instanceof UserError}:${(error as Error).message}`);
        }
      }
      return 'ran';
    });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'probe', arguments: {} }] }, { text: 'done' }]);
    const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
    expect(result.finalOutput).toBe('done');
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/^true:Tool "probe": ctx\.elicit\(\) needs a client to ask its user through MCP elicitation/);
    expect(seen[1]).toMatch(/^true:Tool "probe": ctx\.sample\(\) needs a client/);
  });

  it('refuses bad elicitation schemas and sampling options before asking', async () => {
    const client: ClientChannel = { log: () => undefined, elicit: async () => ({ action: 'cancel' }), sample: async () => '' };
    const attempt = (body: (ctx: ToolContext) => Promise<unknown>) =>
      executeToolCall(probe(async (ctx) => String(await body(ctx))), {}, { client, failureError: (error) => (error as Error).message });
    expect((await attempt((ctx) => ctx.elicit('', { type: 'object', properties: {} }))).text).toMatch(/message must be a non-empty string/);
    expect((await attempt((ctx) => ctx.elicit('Q', { type: 'array' }))).text).toMatch(/schema.type must be "object"/);
    expect((await attempt((ctx) => ctx.elicit('Q', { type: 'object', properties: { deep: { type: 'object' } } }))).text).toMatch(/field "deep" must have a type of string/);
    expect((await attempt((ctx) => ctx.elicit('Q', { type: 'object', properties: {}, required: ['ghost'] }))).text).toMatch(/required must list names/);
    expect((await attempt((ctx) => ctx.sample([]))).text).toMatch(/messages must be a non-empty array/);
    expect((await attempt((ctx) => ctx.sample([userMessage('x')], { maxTokens: -1 }))).text).toMatch(/maxTokens must be a positive integer/);
    expect((await attempt((ctx) => ctx.elicit('Q', { type: 'object', properties: {} }))).text).toBe('[object Object]');
  });
});

describe('Content.audio and a file part\'s uri', () => {
  it('builds audio as an audio/* file part and refuses other types', () => {
    expect(Content.audio({ data: Buffer.from('RIFF'), mimeType: 'audio/wav' })).toEqual({ type: 'input_file', fileData: `data:audio/wav;base64,${Buffer.from('RIFF').toString('base64')}`, filename: 'audio.wav' });
    expect(() => Content.audio({ data: Buffer.from('x'), mimeType: 'image/png' })).toThrow(/must be an audio type/);
    expect(() => Content.audio({ data: 'text' as never, mimeType: 'audio/wav' })).toThrow(/data must be the bytes/);
  });

  it('keeps a file part\'s own URI and takes text data', () => {
    expect(Content.file({ data: 'hello', filename: 'a.txt', uri: 'notes://1' })).toEqual({ type: 'input_file', fileData: `data:text/plain;base64,${Buffer.from('hello').toString('base64')}`, filename: 'a.txt', uri: 'notes://1' });
    expect(() => Content.file({ data: 'x', filename: 'a.txt', uri: 'not a uri' })).toThrow(/uri must be an absolute URI/);
  });
});
