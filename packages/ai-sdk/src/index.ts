// Models
export { AiSdkModel } from './model/ai-sdk.model';
export type { AiSdkModelOptions } from './model/ai-sdk-model-options';
export type { ProviderFamily } from './provider/provider-family';

// Choosing a provider from the environment
export { modelFromEnv } from './env/model-from-env';
export type { AiSdkEnvModel } from './env/model-from-env';
