// Models
export { OpenAIResponsesModel } from './responses/openai-responses.model';
export { OpenAIChatCompletionsModel } from './chat/openai-chat-completions.model';
export type { OpenAIModelOptions } from './client/openai-model-options';
