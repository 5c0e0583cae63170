import * as aiSdk from '@toolwright/ai-sdk';

describe('@toolwright/ai-sdk', () => {
  it('exports the model and the environment helper, and nothing else', () => {
    expect(Object.keys(aiSdk).sort()).toEqual(['AiSdkModel', 'modelFromEnv']);
  });

  it('does not load a provider package until modelFromEnv needs one', () => {
    const loaded = Object.keys(require.cache).filter((file) => /node_modules\/@ai-sdk\/(anthropic|google)\//.test(file));
    expect(loaded).toEqual([]);
  });
});
