import type { JsonSchema } from './json-schema';

/**
 * The structured answer a model request asks for: the model's final message must be one JSON
 * value matching `schema` (the Responses API's `text.format`, Chat Completions' `response_format`).
 */
export interface ModelOutputFormat {
  /** The name of the format (the output class's name, or the name given with the schema). */
  name: string;
  /** The JSON schema of the answer, as sent (strict: every property required, no additional ones). */
  schema: JsonSchema;
  /** Whether the provider is asked to enforce the schema exactly. */
  strict: boolean;
  /** What the answer is, when known (the class's JSDoc). */
  description?: string;
}
