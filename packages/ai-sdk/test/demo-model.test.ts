import { OpenAIResponsesModel } from '@toolwright/openai';
import { AiSdkModel } from '@toolwright/ai-sdk';
import { createModel } from '../../../examples/demo/src/model';

describe('the demo createModel() with other providers', () => {
  it('runs on Claude when ANTHROPIC_API_KEY is set', () => {
    const { model, description } = createModel({ ANTHROPIC_API_KEY: 'sk-ant-test' });
    expect(model).toBeInstanceOf(AiSdkModel);
    expect((model as AiSdkModel).languageModel).toMatchObject({ provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' });
    expect(description).toBe('Running on claude-sonnet-4-5 via @ai-sdk/anthropic.');
  });

  it('keeps OpenAI when both keys are set, unless TOOLWRIGHT_PROVIDER names the other', () => {
    expect(createModel({ ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o' }).model).toBeInstanceOf(OpenAIResponsesModel);
    const picked = createModel({ ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o', TOOLWRIGHT_PROVIDER: 'anthropic', ANTHROPIC_MODEL: 'claude-opus-4-1' });
    expect((picked.model as AiSdkModel).languageModel.modelId).toBe('claude-opus-4-1');
  });

  it('falls back to ScriptedModel without any key', () => {
    expect(createModel({}).description).toMatch(/^No OPENAI_API_KEY or ANTHROPIC_API_KEY set: running on ScriptedModel/);
  });
});
