import { strictArgumentsText } from '@toolwright/core/extend';
import type { ModelToolDefinition } from '@toolwright/core';

/**
 * A tool call's arguments as the runner validates them. Empty input (a call without parameters)
 * is `"{}"`. For a strict tool (`strictDefinitions`), the optional fields the model left out are
 * filled in with `null`, as a model held to the strict schema sends them: a provider given the
 * natural schema omits them, and one whose strict support is not what its family promises may
 * too. Text that is not a JSON object is passed on as it is, for the runner to refuse with its
 * usual argument error.
 */
export function callArguments(name: string, input: string, strictDefinitions: ReadonlyMap<string, ModelToolDefinition>): string {
  const text = input.trim() === '' ? '{}' : input;
  const definition = strictDefinitions.get(name);
  if (!definition) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return text;
  try {
    return strictArgumentsText(definition, parsed);
  } catch {
    return text;
  }
}
