import { UserError } from '@toolwright/core';
import { loadOptionalPeer } from '@toolwright/core/extend';
import { AiSdkModel } from '../model/ai-sdk.model';
import type { AiSdkModelOptions } from '../model/ai-sdk-model-options';
import { ENV_PROVIDERS, variable, type Env, type EnvProvider } from './env-providers';

/** The model the environment names, and a line saying which one it is (for a log or a banner). */
export interface AiSdkEnvModel {
  model: AiSdkModel;
  /** `anthropic`, `google`, `mistral`, `groq`, `azure` or `bedrock`. */
  provider: string;
  description: string;
}

/**
 * The model the environment names, or `undefined` when it names none (so a caller can fall back
 * to another model or a `ScriptedModel`). The first provider whose key is set wins, in this
 * order, unless `TOOLWRIGHT_PROVIDER` names one:
 *
 * | provider | selected by | model (default) | package |
 * |---|---|---|---|
 * | `anthropic` | `ANTHROPIC_API_KEY` (+ `ANTHROPIC_BASE_URL`) | `ANTHROPIC_MODEL` (`claude-sonnet-4-5`) | `@ai-sdk/anthropic` |
 * | `google` | `GOOGLE_GENERATIVE_AI_API_KEY` | `GOOGLE_MODEL` (`gemini-2.5-flash`) | `@ai-sdk/google` |
 * | `mistral` | `MISTRAL_API_KEY` | `MISTRAL_MODEL` (`mistral-large-latest`) | `@ai-sdk/mistral` |
 * | `groq` | `GROQ_API_KEY` | `GROQ_MODEL` (`llama-3.3-70b-versatile`) | `@ai-sdk/groq` |
 * | `azure` | `AZURE_API_KEY` + `AZURE_RESOURCE_NAME` | `AZURE_MODEL` (the deployment; required) | `@ai-sdk/azure` |
 * | `bedrock` | `BEDROCK_MODEL` (+ AWS credentials, `AWS_REGION`) | `BEDROCK_MODEL` | `@ai-sdk/amazon-bedrock` |
 *
 * The provider package is loaded on first use; it is an optional peer dependency.
 *
 * @throws UserError naming the package to install when it is missing, and naming the variable
 *   when `TOOLWRIGHT_PROVIDER` or a required variable is wrong.
 */
export function modelFromEnv(env: Env = process.env, options: AiSdkModelOptions = {}): AiSdkEnvModel | undefined {
  const provider = chosenProvider(env);
  if (!provider) return undefined;
  const modelId = variable(env, provider.modelVariable) ?? provider.defaultModel;
  if (modelId === undefined) {
    throw new UserError(`${provider.name} is selected by ${provider.keyVariables[0]}, but ${provider.modelVariable} is not set: set it to the model to use.`);
  }
  for (const name of provider.keyVariables) {
    if (variable(env, name) === undefined) throw new UserError(`${provider.name} needs ${name} as well (${provider.keyVariables.join(' and ')}); set it.`);
  }
  const loaded = loadOptionalPeer(provider.packageName, `modelFromEnv for ${provider.name}`, '@toolwright/ai-sdk', provider.load);
  const model = new AiSdkModel(provider.create(loaded, modelId, env), options);
  return { model, provider: provider.name, description: `Running on ${modelId} via ${provider.packageName}.` };
}

/** The provider `TOOLWRIGHT_PROVIDER` names, else the first one whose variables are set. */
function chosenProvider(env: Env): EnvProvider | undefined {
  const named = variable(env, 'TOOLWRIGHT_PROVIDER')?.toLowerCase();
  if (named === undefined) return ENV_PROVIDERS.find((provider) => provider.selected(env));
  const provider = ENV_PROVIDERS.find((p) => p.name === named);
  if (!provider) {
    throw new UserError(
      `TOOLWRIGHT_PROVIDER is ${JSON.stringify(env['TOOLWRIGHT_PROVIDER']?.slice(0, 40))}: it must be one of ${ENV_PROVIDERS.map((p) => p.name).join(', ')}, or unset (the first provider whose key is set).`,
    );
  }
  if (!provider.selected(env)) throw new UserError(`TOOLWRIGHT_PROVIDER is ${named}, but ${provider.keyVariables.join(' and ')} ${provider.keyVariables.length > 1 ? 'are' : 'is'} not set.`);
  return provider;
}
