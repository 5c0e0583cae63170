import type { Item } from './item';
import type { JsonSchema } from './json-schema';
import type { NativeToolOffer } from './native-tool-offer';
import type { Usage } from './usage';
import type { ModelOutputFormat } from './output-format';

export type { ModelOutputFormat };

/** A function tool as offered to the model. */
export interface ModelToolDefinition {
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: boolean;
  /** The provider's built-in tool this tool may be offered as (see `NativeToolOffer`). */
  native?: NativeToolOffer;
}

/** Which tool the model must (or must not) call. */
export type ToolChoice = 'auto' | 'required' | 'none' | { name: string };

/** Settings passed through to the model provider. Unknown keys are provider-specific. */
export interface ModelSettings {
  parallelToolCalls?: boolean;
  toolChoice?: ToolChoice;
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  reasoningEffort?: 'minimal' | 'low' | 'medium' | 'high' | (string & {});
  store?: boolean;
  /** Extra fields merged into the request body, for OpenAI-compatible servers. */
  extraBody?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Everything a model needs for one turn. */
export interface ModelRequest {
  instructions?: string;
  input: Item[];
  tools: ModelToolDefinition[];
  parallelToolCalls?: boolean;
  toolChoice?: ToolChoice;
  settings: ModelSettings;
  /**
   * Set when the agent has an `outputType`: the final message must be one JSON value matching
   * this schema (Responses `text.format`, Chat Completions `response_format`).
   */
  outputFormat?: ModelOutputFormat;
}

/** What a model answered for one turn. */
export interface ModelResponse {
  /** New items in order: messages, reasoning, function calls. */
  output: Item[];
  usage?: Partial<Usage>;
  /** The provider's response id. */
  id?: string;
  /**
   * `incomplete` when the provider cut the response short (for example at the output token
   * limit). Function calls of an incomplete response may be half-formed and are never executed.
   */
  status?: 'completed' | 'incomplete';
  incompleteReason?: string;
}

/** Events a streaming model yields; the last one is always `completed`. */
export type ModelStreamEvent =
  | { type: 'text_delta'; delta: string }
  | { type: 'reasoning_delta'; delta: string }
  | { type: 'function_call_arguments_delta'; callId: string; name?: string; delta: string }
  | { type: 'completed'; response: ModelResponse };

/** A model provider. Implementations must honour `signal` by aborting the request. */
export interface Model {
  /**
   * True on model classes that map provider built-in tools onto Toolwright tools
   * (`NativeToolOffer`). A tool offered only in its built-in form (`native.form: 'native'`) is
   * left out of the requests of every other model, so they see the function tools alone.
   */
  readonly nativeTools?: boolean;
  respond(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse>;
  stream(request: ModelRequest, signal?: AbortSignal): AsyncIterable<ModelStreamEvent>;
}
