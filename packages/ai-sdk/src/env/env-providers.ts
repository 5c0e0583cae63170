import type { LanguageModelV3 } from '@ai-sdk/provider';

/** The environment `modelFromEnv` reads. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A provider `modelFromEnv` knows: its package, variables and how to make a model. */
export interface EnvProvider {
  /** The name `TOOLWRIGHT_PROVIDER` takes. */
  name: string;
  /** The provider package (an optional peer dependency of this package). */
  packageName: string;
  /** The variable(s) whose presence selects this provider. */
  keyVariables: readonly string[];
  /** The variable naming the model, and the model used without it (undefined: the variable is required). */
  modelVariable: string;
  defaultModel: string | undefined;
  /** Loads the package (a `require` of it, so bundlers and jest see the dependency). */
  load(): Record<string, unknown>;
  /** Whether the environment selects this provider. */
  selected(env: Env): boolean;
  /** The language model, from the loaded package. */
  create(loaded: Record<string, unknown>, modelId: string, env: Env): LanguageModelV3;
}

/** A non-blank variable, trimmed. */
export function variable(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

type Factory = (settings: Record<string, unknown>) => (modelId: string) => LanguageModelV3;

/** Calls the package's `create*` function with the settings given (blank ones left out). */
function make(loaded: Record<string, unknown>, factory: string, settings: Record<string, string | undefined>, modelId: string): LanguageModelV3 {
  const create = loaded[factory] as Factory;
  const defined: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) if (value !== undefined) defined[key] = value;
  return create(defined)(modelId);
}

/** The providers `modelFromEnv` knows, in the order it tries them. */
export const ENV_PROVIDERS: readonly EnvProvider[] = [
  {
    name: 'anthropic', packageName: '@ai-sdk/anthropic', load: () => require('@ai-sdk/anthropic') as Record<string, unknown>, keyVariables: ['ANTHROPIC_API_KEY'],
    modelVariable: 'ANTHROPIC_MODEL', defaultModel: 'claude-sonnet-4-5',
    selected: (env) => variable(env, 'ANTHROPIC_API_KEY') !== undefined,
    create: (loaded, modelId, env) => make(loaded, 'createAnthropic', { apiKey: variable(env, 'ANTHROPIC_API_KEY'), baseURL: variable(env, 'ANTHROPIC_BASE_URL') }, modelId),
  },
  {
    name: 'google', packageName: '@ai-sdk/google', load: () => require('@ai-sdk/google') as Record<string, unknown>, keyVariables: ['GOOGLE_GENERATIVE_AI_API_KEY'],
    modelVariable: 'GOOGLE_MODEL', defaultModel: 'gemini-2.5-flash',
    selected: (env) => variable(env, 'GOOGLE_GENERATIVE_AI_API_KEY') !== undefined,
    create: (loaded, modelId, env) => make(loaded, 'createGoogleGenerativeAI', { apiKey: variable(env, 'GOOGLE_GENERATIVE_AI_API_KEY'), baseURL: variable(env, 'GOOGLE_GENERATIVE_AI_BASE_URL') }, modelId),
  },
  {
    name: 'mistral', packageName: '@ai-sdk/mistral', load: () => require('@ai-sdk/mistral') as Record<string, unknown>, keyVariables: ['MISTRAL_API_KEY'],
    modelVariable: 'MISTRAL_MODEL', defaultModel: 'mistral-large-latest',
    selected: (env) => variable(env, 'MISTRAL_API_KEY') !== undefined,
    create: (loaded, modelId, env) => make(loaded, 'createMistral', { apiKey: variable(env, 'MISTRAL_API_KEY'), baseURL: variable(env, 'MISTRAL_BASE_URL') }, modelId),
  },
  {
    name: 'groq', packageName: '@ai-sdk/groq', load: () => require('@ai-sdk/groq') as Record<string, unknown>, keyVariables: ['GROQ_API_KEY'],
    modelVariable: 'GROQ_MODEL', defaultModel: 'llama-3.3-70b-versatile',
    selected: (env) => variable(env, 'GROQ_API_KEY') !== undefined,
    create: (loaded, modelId, env) => make(loaded, 'createGroq', { apiKey: variable(env, 'GROQ_API_KEY'), baseURL: variable(env, 'GROQ_BASE_URL') }, modelId),
  },
  {
    // Azure names deployments, not models: AZURE_MODEL is the deployment name, and is required.
    name: 'azure', packageName: '@ai-sdk/azure', load: () => require('@ai-sdk/azure') as Record<string, unknown>, keyVariables: ['AZURE_API_KEY', 'AZURE_RESOURCE_NAME'],
    modelVariable: 'AZURE_MODEL', defaultModel: undefined,
    selected: (env) => variable(env, 'AZURE_API_KEY') !== undefined,
    create: (loaded, modelId, env) =>
      make(loaded, 'createAzure', { apiKey: variable(env, 'AZURE_API_KEY'), resourceName: variable(env, 'AZURE_RESOURCE_NAME'), baseURL: variable(env, 'AZURE_BASE_URL') }, modelId),
  },
  {
    // AWS credentials are often set for other reasons: Bedrock is chosen only when a model is named.
    // The provider package reads AWS_REGION and the credentials (or AWS_BEARER_TOKEN_BEDROCK) itself.
    name: 'bedrock', packageName: '@ai-sdk/amazon-bedrock', load: () => require('@ai-sdk/amazon-bedrock') as Record<string, unknown>, keyVariables: ['BEDROCK_MODEL'],
    modelVariable: 'BEDROCK_MODEL', defaultModel: undefined,
    selected: (env) => variable(env, 'BEDROCK_MODEL') !== undefined,
    create: (loaded, modelId, env) => make(loaded, 'createAmazonBedrock', { region: variable(env, 'AWS_REGION') }, modelId),
  },
];
