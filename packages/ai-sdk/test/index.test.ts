import * as aiSdk from '@toolwright/ai-sdk';

describe('@toolwright/ai-sdk', () => {
  it('exports the model and the environment helper, and nothing else', () => {
    expect(Object.keys(aiSdk).sort()).toEqual(['AiSdkModel', 'modelFromEnv']);
  });

  it('does not load a provider package until modelFromEnv needs one', () => {
    jest.isolateModules(() => {
      jest.doMock('@ai-sdk/anthropic', () => {
        throw new Error('@ai-sdk/anthropic was loaded');
      });
      const fresh = jest.requireActual<typeof import('@toolwright/ai-sdk')>('@toolwright/ai-sdk');
      expect(fresh.modelFromEnv({})).toBeUndefined();
      // The package is loaded on first use, and only then.
      expect(() => fresh.modelFromEnv({ ANTHROPIC_API_KEY: 'a' })).toThrow('@ai-sdk/anthropic was loaded');
    });
    jest.dontMock('@ai-sdk/anthropic');
  });
});
