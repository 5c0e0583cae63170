import { ScriptedModel, UserError } from '@toolwright/core';
import { DEFAULT_OPENAI_MODEL, modelFromEnv, OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { type LoopbackServer, useLoopbackServer } from '../../../test-support/loopback-server';
import { request } from '../../../test-support/model-stream';
import { completion } from './fixtures/chat-wire';
import { message, response } from './fixtures/responses-wire';

let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

/** The error `modelFromEnv` throws for `env` (fails the test when it returns). */
function errorOf(env: Record<string, string>): Error {
  try {
    modelFromEnv(env);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected modelFromEnv to throw');
}

describe('modelFromEnv', () => {
  it('returns undefined without OPENAI_API_KEY, or with a blank one', () => {
    expect(modelFromEnv({})).toBeUndefined();
    expect(modelFromEnv({ OPENAI_API_KEY: '  ', OPENAI_MODEL: 'gpt-5-mini' })).toBeUndefined();
  });

  it('uses the Responses API at api.openai.com, with OPENAI_MODEL, else defaultModel, else gpt-4.1-mini', () => {
    const plain = modelFromEnv({ OPENAI_API_KEY: 'sk-test' })!;
    expect(plain.model).toBeInstanceOf(OpenAIResponsesModel);
    expect((plain.model as OpenAIResponsesModel).model).toBe(DEFAULT_OPENAI_MODEL);
    expect(DEFAULT_OPENAI_MODEL).toBe('gpt-4.1-mini');
    expect(plain.description).toBe('Running on gpt-4.1-mini via the Responses API at api.openai.com.');
    expect((modelFromEnv({ OPENAI_API_KEY: 'sk-test' }, { defaultModel: 'gpt-5.1' })!.model as OpenAIResponsesModel).model).toBe('gpt-5.1');
    const named = modelFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: ' gpt-5-mini ' }, { defaultModel: 'gpt-5.1' })!;
    expect((named.model as OpenAIResponsesModel).model).toBe('gpt-5-mini');
    const official = modelFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'https://api.openai.com/v1' })!;
    expect(official.model).toBeInstanceOf(OpenAIResponsesModel);
  });

  it('uses Chat Completions when OPENAI_BASE_URL is on another host, unless OPENAI_API says otherwise', () => {
    const compat = modelFromEnv({ OPENAI_API_KEY: 'unused', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1', OPENAI_MODEL: 'qwen' })!;
    expect(compat.model).toBeInstanceOf(OpenAIChatCompletionsModel);
    expect((compat.model as OpenAIChatCompletionsModel).client.baseURL).toBe('http://127.0.0.1:8000/v1');
    expect(compat.description).toBe('Running on qwen via Chat Completions at http://127.0.0.1:8000/v1.');
    // A host that only contains the official name is another host.
    expect(modelFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'https://api.openai.com.example.net/v1' })!.model).toBeInstanceOf(OpenAIChatCompletionsModel);
    expect(modelFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1', OPENAI_API: ' Responses ' })!.model).toBeInstanceOf(OpenAIResponsesModel);
    expect(modelFromEnv({ OPENAI_API_KEY: 'k', OPENAI_API: 'chat' })!.model).toBeInstanceOf(OpenAIChatCompletionsModel);
  });

  it('refuses an OPENAI_API other than responses or chat, naming the variable and the fix', () => {
    const error = errorOf({ OPENAI_API_KEY: 'k', OPENAI_API: 'completions' });
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toMatch(/OPENAI_API is "completions": it must be "responses" or "chat"/);
    expect(errorOf({ OPENAI_API_KEY: 'k', OPENAI_API: 'x'.repeat(100_000) }).message.length).toBeLessThan(400);
  });

  it('refuses an OPENAI_BASE_URL that is not an http(s) URL', () => {
    for (const bad of ['localhost:8000/v1', 'ftp://example.com/v1', 'not a url']) {
      const error = errorOf({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: bad });
      expect(error).toBeInstanceOf(UserError);
      expect(error.message).toContain(`OPENAI_BASE_URL is ${JSON.stringify(bad)}, which is not an http(s) URL`);
    }
    expect(errorOf({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'x'.repeat(100_000) }).message.length).toBeLessThan(600);
  });

  it('sends the key, the model and the settings to the server it names, on either API', async () => {
    server.enqueue('/v1/chat/completions', { kind: 'json', body: completion('chatcmpl-env', { content: 'Hi' }) });
    server.enqueue('/v1/responses', { kind: 'json', body: response('resp_env', [message('Hi')]) });
    const settings = { temperature: 0 };
    const chat = modelFromEnv({ OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: server.baseURL, OPENAI_MODEL: 'local-model' }, { settings })!;
    await chat.model.respond(request());
    const responses = modelFromEnv({ OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: server.baseURL, OPENAI_API: 'responses' }, { settings })!;
    await responses.model.respond(request());
    expect(server.requests.map((r) => [r.path, r.headers.authorization, r.body['model'], r.body['temperature']])).toEqual([
      ['/v1/chat/completions', 'Bearer sk-env', 'local-model', 0],
      ['/v1/responses', 'Bearer sk-env', DEFAULT_OPENAI_MODEL, 0],
    ]);
  });

  it("runs the README's fallback as written: ScriptedModel without OPENAI_API_KEY", () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    const logged: unknown[] = [];
    const console = { log: (value: unknown) => logged.push(value) };
    try {
      // README: the model the environment names.
      const { model, description } = modelFromEnv() ?? { model: new ScriptedModel([{ text: 'Hello.' }]), description: 'ScriptedModel' };
      console.log(description);
      // End README.
      expect(model).toBeInstanceOf(ScriptedModel);
      expect(logged).toEqual(['ScriptedModel']);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });
});
