import { ScriptedModel } from '@toolwright/core';
import { OpenAIResponsesModel } from '@toolwright/openai';
import { createModel, DEFAULT_OPENAI_MODEL } from '../src/model/create-model';

describe('createModel', () => {
  it('runs on ScriptedModel without OPENAI_API_KEY', () => {
    const { model, description } = createModel({ OPENAI_API_KEY: '  ' });
    expect(model).toBeInstanceOf(ScriptedModel);
    expect(description).toContain('no OPENAI_API_KEY');
  });

  it('runs on the OpenAI Responses API with a key, OPENAI_MODEL or the default model', () => {
    const withDefault = createModel({ OPENAI_API_KEY: 'sk-test' });
    expect(withDefault.model).toBeInstanceOf(OpenAIResponsesModel);
    expect(withDefault.description).toBe(`OpenAI Responses API, model ${DEFAULT_OPENAI_MODEL}`);
    expect(createModel({ OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4.1' }).description).toBe('OpenAI Responses API, model gpt-4.1');
  });
});
