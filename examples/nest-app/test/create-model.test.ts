import { ScriptedModel } from '@toolwright/core';
import { DEFAULT_OPENAI_MODEL, OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { createModel } from '../src/model/create-model';

describe('createModel', () => {
  it('runs on ScriptedModel without OPENAI_API_KEY', () => {
    const { model, description } = createModel({ OPENAI_API_KEY: '  ' });
    expect(model).toBeInstanceOf(ScriptedModel);
    expect(description).toContain('no OPENAI_API_KEY');
  });

  it('runs on the OpenAI Responses API with a key, OPENAI_MODEL or the default model', () => {
    const withDefault = createModel({ OPENAI_API_KEY: 'sk-test' });
    expect(withDefault.model).toBeInstanceOf(OpenAIResponsesModel);
    expect(withDefault.description).toBe(`Running on ${DEFAULT_OPENAI_MODEL} via the Responses API at api.openai.com.`);
    expect(createModel({ OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4.1' }).description).toBe('Running on gpt-4.1 via the Responses API at api.openai.com.');
  });

  it('runs on Chat Completions when OPENAI_BASE_URL points at another server', () => {
    expect(createModel({ OPENAI_API_KEY: 'unused', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' }).model).toBeInstanceOf(OpenAIChatCompletionsModel);
  });
});
