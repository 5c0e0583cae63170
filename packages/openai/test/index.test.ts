import * as api from '@toolwright/openai';

describe('@toolwright/openai public surface', () => {
  it('exports exactly the two models', () => {
    expect(Object.keys(api).sort()).toEqual(['OpenAIChatCompletionsModel', 'OpenAIResponsesModel']);
  });
});
