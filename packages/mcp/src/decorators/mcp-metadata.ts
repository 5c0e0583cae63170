import { UserError } from '@toolwright/core';
import type { EmbeddedToolSchema } from '@toolwright/core/extend';

/**
 * Suggests values for one argument or template variable (`completion/complete`): called with the
 * value typed so far, the other arguments already given, and the toolkit instance (also as
 * `this` for a `function`), since a decorator's options cannot reach the instance themselves.
 */
export type Completer = (value: string, context: { arguments: Record<string, string>; toolkit: unknown }) => readonly string[] | Promise<readonly string[]>;

/** Options of `@Resource`. */
export interface ResourceOptions {
  /** The resource's name in `resources/list` (default: the method name). */
  name?: string;
  /** The content's MIME type (default `text/plain` for text, `application/octet-stream` for bytes). */
  mimeType?: string;
  title?: string;
  description?: string;
}

/** Options of `@ResourceTemplate`. */
export interface ResourceTemplateOptions extends ResourceOptions {
  /** Completions of the template's variables, by variable name. */
  complete?: Record<string, Completer>;
}

/** Options of `@Prompt`. */
export interface PromptOptions {
  /** The prompt's name (default: the method name in snake_case). */
  name?: string;
  description?: string;
  title?: string;
  /**
   * Names of `@Param` arguments a client may leave out, besides those the TypeScript types make
   * optional (`tone?: string`, a default value) when the scanner gave the method its schema.
   * Without a build-time schema every argument not listed here is required.
   */
  optional?: string[];
  /** Completions of the prompt's arguments, by argument name. */
  complete?: Record<string, Completer>;
}

/**
 * One decorated method, as recorded on its class. `embedded` is the schema of its `@Param`
 * arguments that the scanner transformer wrote into the decorator call (JSON text). @internal
 */
export type McpMemberRecord = { method: string; owner: Function } & (
  | { kind: 'resource'; uri: string; options: ResourceOptions }
  | { kind: 'template'; uriTemplate: string; options: ResourceTemplateOptions; embedded?: EmbeddedToolSchema | string }
  | { kind: 'prompt'; name: string; options: PromptOptions; embedded?: EmbeddedToolSchema | string }
);

type Recorded = McpMemberRecord extends infer R ? (R extends McpMemberRecord ? Omit<R, 'owner'> : never) : never;

const records = new WeakMap<Function, Map<string, McpMemberRecord>>();

/** Records a decorated method on its class; a method takes one MCP decorator. @internal */
export function recordMcpMember(label: string, target: object, key: string | symbol, record: (method: string) => Recorded): void {
  if (typeof key !== 'string') throw new UserError(`${label} needs a method with a string name (not a symbol). Fix: use a named method.`);
  const where = `${label} on ${typeof target === 'function' ? target.name : (target as { constructor: Function }).constructor.name}.${key}`;
  if (typeof target === 'function') throw new UserError(`${where}: the method is static; resources and prompts are instance methods. Fix: remove "static".`);
  if (typeof (target as Record<string, unknown>)[key] !== 'function') throw new UserError(`${where}: only methods can be resources or prompts. Fix: turn it into a method.`);
  const ctor = (target as { constructor: Function }).constructor;
  let own = records.get(ctor);
  if (!own) records.set(ctor, (own = new Map()));
  if (own.has(key)) throw new UserError(`${where}: the method already has ${kindLabel(own.get(key)!)}. Fix: keep one MCP decorator per method.`);
  own.set(key, { ...record(key), owner: ctor } as McpMemberRecord);
}

/** The decorated methods of an instance's class and its ancestors (the nearest declaration wins). @internal */
export function mcpMembersOf(instance: object): McpMemberRecord[] {
  const found = new Map<string, McpMemberRecord>();
  for (let proto = Object.getPrototypeOf(instance); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const own = records.get(proto.constructor);
    if (!own) continue;
    for (const [method, record] of own) if (!found.has(method)) found.set(method, record);
  }
  return [...found.values()];
}

/** Whether an instance's class (or an ancestor) has `@Resource`, `@ResourceTemplate` or `@Prompt` methods. @internal */
export function hasMcpMembers(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (let proto = Object.getPrototypeOf(value); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    if (records.has(proto.constructor)) return true;
  }
  return false;
}

function kindLabel(record: McpMemberRecord): string {
  return record.kind === 'resource' ? '@Resource' : record.kind === 'template' ? '@ResourceTemplate' : '@Prompt';
}

/** Checks the common options; a bad one is a `UserError` naming the decorator. @internal */
export function checkMemberOptions(label: string, options: unknown, allowed: readonly string[]): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new UserError(`${label}: options must be an object, e.g. { name: 'notes' }.`);
  for (const [key, value] of Object.entries(options)) {
    if (!allowed.includes(key)) throw new UserError(`${label}: unknown option "${key}". Fix: use ${allowed.join(', ')}.`);
    if (value === undefined) continue;
    if ((key === 'name' || key === 'mimeType' || key === 'title' || key === 'description') && (typeof value !== 'string' || value.trim() === '')) {
      throw new UserError(`${label}: ${key} must be a non-empty string.`);
    }
    if (key === 'optional' && (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))) throw new UserError(`${label}: optional must be an array of argument names.`);
    if (key === 'complete') {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UserError(`${label}: complete must map names to functions (value) => string[].`);
      for (const [name, fn] of Object.entries(value)) if (typeof fn !== 'function') throw new UserError(`${label}: complete.${name} must be a function (value) => string[].`);
    }
  }
}
