import type { LanguageModelV3 } from '@ai-sdk/provider';

/**
 * What this package knows about a provider package, read from a language model's `provider`
 * (`anthropic.messages`, `google.generative-ai`, `amazon-bedrock`, `openai.responses`, ...).
 */
export interface ProviderFamily {
  /** The family: the part of `provider` before the first dot (`anthropic`, `google`, `azure`...). */
  name: string;
  /** The key of this provider's entry in `providerOptions` (`anthropic`, `google`, `bedrock`...). */
  optionsKey: string;
  /** Whether the provider enforces `strict` tool schemas for this model (see the README). */
  strictTools: boolean;
  /**
   * The provider option that turns parallel tool calls off, as `[key, value]` for
   * `parallelToolCalls: false`, or `undefined` where the provider has no such switch.
   */
  sequentialToolCalls?: readonly [string, unknown];
}

/**
 * Claude models without strict tool use (structured outputs): Claude 2 and 3, Claude Sonnet 4 and
 * Opus 4 (4.0). Sonnet 4.5, Opus 4.1, Haiku 4.5 and later have it, as the Anthropic provider
 * package itself decides.
 */
const CLAUDE_WITHOUT_STRICT = /claude-(?:instant|v?2|3)(?=$|[-.:])|claude-sonnet-4-(?![56](?:\D|$))|claude-opus-4-(?![15678](?:\D|$))/;

/** The family of a language model, and what follows from it. */
export function providerFamily(model: Pick<LanguageModelV3, 'provider' | 'modelId'>): ProviderFamily {
  const name = String(model.provider).split('.')[0]!.toLowerCase();
  switch (name) {
    case 'openai':
    case 'azure':
      // Both speak OpenAI's APIs, where every function tool may be strict.
      return { name, optionsKey: name === 'azure' ? 'azure' : 'openai', strictTools: true, sequentialToolCalls: ['parallelToolCalls', false] };
    case 'anthropic':
      return {
        name,
        optionsKey: 'anthropic',
        strictTools: /claude-/.test(model.modelId) && !CLAUDE_WITHOUT_STRICT.test(model.modelId),
        sequentialToolCalls: ['disableParallelToolUse', true],
      };
    case 'amazon-bedrock':
    case 'bedrock':
      return { name: 'amazon-bedrock', optionsKey: 'bedrock', strictTools: false };
    case 'groq':
      return { name, optionsKey: 'groq', strictTools: false, sequentialToolCalls: ['parallelToolCalls', false] };
    case 'mistral':
      return { name, optionsKey: 'mistral', strictTools: false, sequentialToolCalls: ['parallelToolCalls', false] };
    case 'google':
    case 'vertex':
      return { name, optionsKey: model.provider.includes('vertex') ? 'vertex' : 'google', strictTools: false };
    default:
      return { name, optionsKey: name, strictTools: false };
  }
}
