import type { LanguageModelV3CallOptions, LanguageModelV3ToolChoice, SharedV3ProviderOptions } from '@ai-sdk/provider';
import { UserError, type ModelRequest, type ModelSettings, type ModelToolDefinition, type ToolChoice } from '@toolwright/core';
import type { ProviderFamily } from '../provider/provider-family';
import { toPrompt } from './prompt';
import { offeredTools } from './tool-schemas';

/** What the model's own options contribute to every request. */
export interface CallDefaults {
  /** Provider options for every request (merged per provider with the request's own). */
  providerOptions?: SharedV3ProviderOptions;
  /** Default settings; a request's settings win key by key. */
  settings?: ModelSettings;
  /** Whether strict tools are offered strict; decided from the provider family when unset. */
  strictTools?: boolean;
}

/** One request in the specification's shape, and the strict tools offered with natural schemas. */
export interface BuiltCall {
  options: LanguageModelV3CallOptions;
  strictDefinitions: Map<string, ModelToolDefinition>;
}

/** Sampling settings the specification has a field for, by Toolwright setting name. */
const NUMBER_SETTINGS = ['temperature', 'topP', 'topK', 'maxOutputTokens', 'presencePenalty', 'frequencyPenalty', 'seed'] as const;

/**
 * Builds the call options of one request: the prompt, the tools with their schemas, tool choice,
 * sampling settings and provider options. `providerOptions` merge per provider: the model's
 * defaults, then `settings.providerOptions` (an agent's `modelSettings`), then what
 * `parallelToolCalls: false` needs on this provider. This is the one place a request's fields
 * are mapped, the agent's output format included (the specification's `responseFormat`).
 *
 * @throws UserError naming the setting when a setting has the wrong type.
 */
export function buildCallOptions(request: ModelRequest, family: ProviderFamily, defaults: CallDefaults, signal: AbortSignal | undefined): BuiltCall {
  const settings: ModelSettings = { ...definedOf(defaults.settings), ...definedOf(request.settings) };
  const parallelToolCalls = request.parallelToolCalls ?? settings.parallelToolCalls;
  const toolChoice = request.toolChoice ?? settings.toolChoice;
  const options: LanguageModelV3CallOptions = { prompt: toPrompt(request.instructions, request.input, family.name) };
  const { tools, strictDefinitions } = offeredTools(request.tools, defaults.strictTools ?? family.strictTools);
  if (tools.length > 0) {
    options.tools = tools;
    if (toolChoice !== undefined) options.toolChoice = toToolChoice(toolChoice);
  } else if (toolChoice === 'none') {
    options.toolChoice = { type: 'none' };
  }
  // An agent's output type: the specification's JSON response format, with its schema.
  const format = request.outputFormat;
  if (format !== undefined) {
    options.responseFormat = { type: 'json', schema: format.schema as never, name: format.name, ...(format.description !== undefined ? { description: format.description } : {}) };
  }
  for (const name of NUMBER_SETTINGS) {
    const value = settings[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw settingError(name, value, 'a finite number');
    options[name] = value;
  }
  if (settings.stopSequences !== undefined) {
    const stops = settings.stopSequences;
    if (!Array.isArray(stops) || !stops.every((s) => typeof s === 'string')) throw settingError('stopSequences', stops, 'an array of strings');
    options.stopSequences = stops as string[];
  }
  const providerOptions = mergeProviderOptions(defaults.providerOptions, providerOptionsSetting(settings.providerOptions));
  if (parallelToolCalls === false && tools.length > 0 && family.sequentialToolCalls) {
    const [key, value] = family.sequentialToolCalls;
    providerOptions[family.optionsKey] = { ...providerOptions[family.optionsKey], [key]: value as never };
  }
  if (Object.keys(providerOptions).length > 0) options.providerOptions = providerOptions;
  if (signal) options.abortSignal = signal;
  return { options, strictDefinitions };
}

function toToolChoice(choice: ToolChoice): LanguageModelV3ToolChoice {
  if (typeof choice === 'object') return { type: 'tool', toolName: choice.name };
  if (choice === 'auto' || choice === 'none' || choice === 'required') return { type: choice };
  throw settingError('toolChoice', choice, "'auto', 'required', 'none' or { name }");
}

/** Provider options merged per provider key, the later winning key by key. */
export function mergeProviderOptions(...layers: Array<SharedV3ProviderOptions | undefined>): SharedV3ProviderOptions {
  const merged: SharedV3ProviderOptions = {};
  for (const layer of layers) {
    if (!layer) continue;
    for (const [provider, values] of Object.entries(layer)) merged[provider] = { ...merged[provider], ...values };
  }
  return merged;
}

function providerOptionsSetting(value: unknown): SharedV3ProviderOptions | undefined {
  if (value === undefined) return undefined;
  const valid = typeof value === 'object' && value !== null && !Array.isArray(value)
    && Object.values(value).every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
  if (!valid) throw settingError('providerOptions', value, 'an object of objects keyed by provider, e.g. { anthropic: { ... } }');
  return value as SharedV3ProviderOptions;
}

function settingError(name: string, value: unknown, expected: string): UserError {
  let shown: string;
  try {
    shown = JSON.stringify(value)?.slice(0, 80) ?? String(value);
  } catch {
    shown = typeof value;
  }
  return new UserError(`AiSdkModel: the model setting "${name}" is ${shown}; it must be ${expected}. Fix it in the model's settings or the agent's modelSettings.`);
}

function definedOf(settings: ModelSettings | undefined): ModelSettings {
  const out: ModelSettings = {};
  for (const [key, value] of Object.entries(settings ?? {})) if (value !== undefined) out[key] = value;
  return out;
}
