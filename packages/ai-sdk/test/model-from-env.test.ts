/**
 * modelFromEnv: the provider the environment names, its package loaded on first use; a model
 * made from the variables answers over the wire.
 */
import { UserError } from '@toolwright/core';
import { AiSdkModel, modelFromEnv } from '@toolwright/ai-sdk';
import { type LoopbackServer, useLoopbackServer } from '../../../test-support/loopback-server';
import { request } from '../../../test-support/model-stream';
import { MESSAGES, message, text } from './fixtures/anthropic-wire';

let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

describe('modelFromEnv', () => {
  it('names no model when no provider variable is set', () => {
    expect(modelFromEnv({ OPENAI_API_KEY: 'sk-openai', ANTHROPIC_API_KEY: '  ' })).toBeUndefined();
  });

  it('makes an Anthropic model from ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and ANTHROPIC_MODEL that answers over the wire', async () => {
    const found = modelFromEnv({ ANTHROPIC_API_KEY: 'sk-ant-env', ANTHROPIC_BASE_URL: server.baseURL, ANTHROPIC_MODEL: 'claude-haiku-4-5' });
    expect(found).toMatchObject({ provider: 'anthropic', description: 'Running on claude-haiku-4-5 via @ai-sdk/anthropic.' });
    expect(found!.model).toBeInstanceOf(AiSdkModel);
    server.enqueue(MESSAGES, { kind: 'json', body: message('msg_env', [text('Hello from the environment.')], 'end_turn') });
    const response = await found!.model.respond(request());
    expect(response.output).toEqual([{ type: 'message', role: 'assistant', content: 'Hello from the environment.' }]);
    expect(server.requests[0]!.headers['x-api-key']).toBe('sk-ant-env');
    expect(server.requests[0]!.body.model).toBe('claude-haiku-4-5');
  });

  it('prefers Anthropic when several keys are set, unless TOOLWRIGHT_PROVIDER names another', () => {
    const env = { ANTHROPIC_API_KEY: 'a', GOOGLE_GENERATIVE_AI_API_KEY: 'g' };
    expect(modelFromEnv(env)!.provider).toBe('anthropic');
    const google = modelFromEnv({ ...env, TOOLWRIGHT_PROVIDER: 'Google' })!;
    expect(google).toMatchObject({ provider: 'google', description: 'Running on gemini-2.5-flash via @ai-sdk/google.' });
    expect(google.model.languageModel).toMatchObject({ provider: 'google.generative-ai', modelId: 'gemini-2.5-flash' });
  });

  it('passes the options to the model', () => {
    const found = modelFromEnv({ ANTHROPIC_API_KEY: 'a' }, { strictTools: false, providerOptions: { anthropic: { sendReasoning: true } } });
    expect(found!.model).toBeInstanceOf(AiSdkModel);
    expect(found!.model.languageModel.modelId).toBe('claude-sonnet-4-5');
  });

  it('names the package to install when the provider package is missing', () => {
    // @ai-sdk/mistral is an optional peer this repository does not install.
    const error = (() => {
      try {
        return modelFromEnv({ MISTRAL_API_KEY: 'm' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toBe(
      'modelFromEnv for mistral needs the package "@ai-sdk/mistral", which is not installed: run `npm install @ai-sdk/mistral`. '
      + 'It is an optional peer dependency of @toolwright/ai-sdk, installed only by programs that use modelFromEnv for mistral.',
    );
  });

  it('refuses a wrong TOOLWRIGHT_PROVIDER, a provider without its key, and Azure without a deployment, naming the variable', () => {
    expect(() => modelFromEnv({ TOOLWRIGHT_PROVIDER: 'watsonx' })).toThrow(/TOOLWRIGHT_PROVIDER is "watsonx": it must be one of anthropic, google, mistral, groq, azure, bedrock/);
    expect(() => modelFromEnv({ TOOLWRIGHT_PROVIDER: 'google', ANTHROPIC_API_KEY: 'a' })).toThrow('TOOLWRIGHT_PROVIDER is google, but GOOGLE_GENERATIVE_AI_API_KEY is not set.');
    expect(() => modelFromEnv({ AZURE_API_KEY: 'z', AZURE_RESOURCE_NAME: 'r' })).toThrow('azure is selected by AZURE_API_KEY, but AZURE_MODEL is not set: set it to the model to use.');
    expect(() => modelFromEnv({ AZURE_API_KEY: 'z', AZURE_MODEL: 'gpt-dep' })).toThrow('azure needs AZURE_RESOURCE_NAME as well (AZURE_API_KEY and AZURE_RESOURCE_NAME); set it.');
  });
});
