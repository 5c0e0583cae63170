import { DEFAULT_OPENAI_MODEL, OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { createModel } from '../../../examples/demo/src/model';

describe('the demo createModel()', () => {
  it('uses ScriptedModel without OPENAI_API_KEY', () => {
    const { model, description } = createModel({});
    expect(model).not.toBeInstanceOf(OpenAIResponsesModel);
    expect(model).not.toBeInstanceOf(OpenAIChatCompletionsModel);
    expect(description).toMatch(/ScriptedModel/);
  });

  it('uses the Responses API against api.openai.com, with OPENAI_MODEL or the default model', () => {
    const plain = createModel({ OPENAI_API_KEY: 'sk-test' });
    expect(plain.model).toBeInstanceOf(OpenAIResponsesModel);
    expect((plain.model as OpenAIResponsesModel).model).toBe(DEFAULT_OPENAI_MODEL);
    const named = createModel({ OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-5-mini' });
    expect((named.model as OpenAIResponsesModel).model).toBe('gpt-5-mini');
    expect(named.description).toMatch(/gpt-5-mini via the Responses API/);
  });

  it('uses Chat Completions when OPENAI_BASE_URL points at another server, unless OPENAI_API says otherwise', () => {
    const compat = createModel({ OPENAI_API_KEY: 'unused', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1', OPENAI_MODEL: 'qwen' });
    expect(compat.model).toBeInstanceOf(OpenAIChatCompletionsModel);
    expect((compat.model as OpenAIChatCompletionsModel).client.baseURL).toBe('http://127.0.0.1:8000/v1');
    const forced = createModel({ OPENAI_API_KEY: 'unused', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1', OPENAI_API: 'responses' });
    expect(forced.model).toBeInstanceOf(OpenAIResponsesModel);
  });
});
