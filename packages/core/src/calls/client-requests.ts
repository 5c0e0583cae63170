import type { SampleOptions, ToolLogLevel } from '../contracts/client-channel';
import type { JsonSchema } from '../contracts/json-schema';
import { UserError } from '../errors/user.error';

/** The levels `ctx.log` accepts; another level is dropped (log never throws). @internal */
export const LOG_LEVELS: ReadonlySet<ToolLogLevel> = new Set(['debug', 'info', 'warning', 'error']);

const MAX_MESSAGE_CHARS = 64 * 1024;
const MAX_FIELDS = 100;
const MAX_SAMPLE_MESSAGES = 1000;
const MAX_SAMPLE_TOKENS = 1_000_000;
const FIELD_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array']);

/**
 * Checks what a tool passes to `ctx.elicit`: a message, and a flat object schema whose fields
 * are primitives (or arrays of enum values), as MCP form elicitation allows. @internal
 */
export function checkElicitation(toolName: string, message: unknown, schema: unknown): void {
  const fail = (problem: string, fix: string): never => {
    throw new UserError(`Tool "${toolName}": ctx.elicit(message, schema): ${problem}. Fix: ${fix}.`);
  };
  if (typeof message !== 'string' || message.trim() === '') fail('message must be a non-empty string', "pass the question shown to the user, e.g. 'Which account?'");
  if ((message as string).length > MAX_MESSAGE_CHARS) fail(`message is longer than ${MAX_MESSAGE_CHARS} characters`, 'shorten it');
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) fail('schema must be a JSON schema object', "pass { type: 'object', properties: { ... } }");
  const s = schema as JsonSchema;
  if (s.type !== 'object') fail(`schema.type must be "object" (got ${JSON.stringify(s.type)})`, "pass { type: 'object', properties: { ... } }");
  const properties = s.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) fail('schema.properties must be an object of fields', "pass properties: { name: { type: 'string' } }");
  const names = Object.keys(properties as object);
  if (names.length > MAX_FIELDS) fail(`schema has ${names.length} fields, more than ${MAX_FIELDS}`, 'ask for fewer fields at once');
  for (const name of names) {
    const field = (properties as Record<string, unknown>)[name];
    const type = (field as { type?: unknown } | null)?.type;
    if (typeof field !== 'object' || field === null || typeof type !== 'string' || !FIELD_TYPES.has(type)) {
      fail(`field "${name}" must have a type of string, number, integer, boolean or array (forms are flat)`, `give "${name}" a primitive type, or an array of enum values`);
    }
  }
  if (s.required !== undefined && (!Array.isArray(s.required) || s.required.some((r) => typeof r !== 'string' || !names.includes(r)))) {
    fail('schema.required must list names of schema.properties', 'list only declared fields');
  }
}

/** Checks what a tool passes to `ctx.sample`. @internal */
export function checkSample(toolName: string, messages: unknown, options: SampleOptions): void {
  const fail = (problem: string, fix: string): never => {
    throw new UserError(`Tool "${toolName}": ctx.sample(messages, options): ${problem}. Fix: ${fix}.`);
  };
  if (!Array.isArray(messages) || messages.length === 0) fail('messages must be a non-empty array of items', "pass [userMessage('...')]");
  if ((messages as unknown[]).length > MAX_SAMPLE_MESSAGES) fail(`more than ${MAX_SAMPLE_MESSAGES} messages`, 'send fewer');
  if (typeof options !== 'object' || options === null) fail('options must be an object', 'pass { maxTokens: 500 }');
  const max = options.maxTokens;
  if (max !== undefined && !(Number.isInteger(max) && max > 0 && max <= MAX_SAMPLE_TOKENS)) fail(`maxTokens must be a positive integer up to ${MAX_SAMPLE_TOKENS} (got ${String(max)})`, 'pass e.g. maxTokens: 500');
}
