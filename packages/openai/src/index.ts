// Models
export { OpenAIResponsesModel } from './responses/openai-responses.model';
export { OpenAIChatCompletionsModel } from './chat/openai-chat-completions.model';
export type { OpenAIModelOptions } from './client/openai-model-options';
export { modelFromEnv, DEFAULT_OPENAI_MODEL } from './env/model-from-env';
export type { EnvModel, ModelFromEnvOptions } from './env/model-from-env';
