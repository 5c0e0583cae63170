import * as api from '@toolwright/openai';

describe('@toolwright/openai public surface', () => {
  it('exports exactly the two models and the model from the environment', () => {
    expect(Object.keys(api).sort()).toEqual(['DEFAULT_OPENAI_MODEL', 'OpenAIChatCompletionsModel', 'OpenAIResponsesModel', 'modelFromEnv']);
  });
});
