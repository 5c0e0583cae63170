import { parseToolArguments } from '../arguments/parse-tool-arguments';
import type { Tool } from '../contracts/tool';
import { strictArgumentsText } from './strict-arguments-text';

export { editedArgumentsJson } from './strict-arguments-text';

/**
 * Validates edited arguments against the tool's schema, exactly as a model's arguments are, and
 * returns them in the typed form plus the JSON text the call's context shows. Properties that
 * the schema makes required but nullable (optional fields under strict mode) may be omitted.
 *
 * @throws ToolArgumentsError naming every field that does not match.
 */
export function validateEditedArguments(tool: Pick<Tool, 'name' | 'parameters'>, json: unknown, callId: string): { args: unknown; text: string } {
  const text = strictArgumentsText(tool, json, callId);
  return { args: parseToolArguments(tool, text, callId), text };
}
