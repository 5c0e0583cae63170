import { UserError } from '@toolwright/core';
import type { EmbeddedToolSchema } from '@toolwright/core/extend';
import { checkEmbeddedSchema } from '@toolwright/core/internal';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { checkMemberOptions, recordMcpMember, type PromptOptions, type ResourceOptions, type ResourceTemplateOptions } from './mcp-metadata';

const URI = /^[a-z][a-z0-9+.-]*:\S*$/i;
const PROMPT_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Marks a method as an MCP resource at a fixed `uri`: `resources/read` calls it. It returns the
 * content: text (a string), bytes (a `Uint8Array`), or `{ text } | { blob }` with a `mimeType`.
 *
 * @example
 * @Resource('config://app', { mimeType: 'application/json' })
 * config() { return JSON.stringify(this.settings); }
 */
export function Resource(uri: string, options?: ResourceOptions): MethodDecorator {
  if (typeof uri !== 'string' || !URI.test(uri) || uri.length > 2048) throw new UserError(`@Resource(uri): uri must be an absolute URI such as "config://app" (got ${JSON.stringify(uri)}).`);
  checkMemberOptions(`@Resource('${uri}')`, options, ['name', 'mimeType', 'title', 'description']);
  return (target, key) => recordMcpMember('@Resource', target, key, (method) => ({ kind: 'resource', method, uri, options: { ...options } }));
}

/**
 * Marks a method as an MCP resource template (RFC 6570, e.g. `notes://{id}`): `resources/read` of
 * a matching URI calls it with the variables as its `@Param` arguments (`@Param('id') id: string`).
 * `complete` suggests values of a variable (`completion/complete`).
 *
 *
 * The third argument is written by the `@toolwright/scanner` transformer (the schema of the
 * `@Param` arguments from their TypeScript types, as JSON text); code does not pass it by hand.
 * With it, `resources/read` reads each variable as its declared type (`id: number`) and checks it.
 *
 * @example
 * @ResourceTemplate('notes://{id}', { mimeType: 'text/markdown', complete: { id: (v) => ids.filter((i) => i.startsWith(v)) } })
 * note(@Param('id') id: string) { return this.notes.get(id); }
 */
export function ResourceTemplate(uriTemplate: string, options?: ResourceTemplateOptions, embedded?: EmbeddedToolSchema | string): MethodDecorator {
  if (typeof uriTemplate !== 'string' || !URI.test(uriTemplate.replace(/\{[^}]*\}/g, 'x')) || uriTemplate.length > 2048) {
    throw new UserError(`@ResourceTemplate(uriTemplate): must be an absolute URI template such as "notes://{id}" (got ${JSON.stringify(uriTemplate)}).`);
  }
  try {
    new UriTemplate(uriTemplate);
  } catch (error) {
    throw new UserError(`@ResourceTemplate('${uriTemplate}'): not a valid URI template (${error instanceof Error ? error.message : String(error)}).`);
  }
  checkMemberOptions(`@ResourceTemplate('${uriTemplate}')`, options, ['name', 'mimeType', 'title', 'description', 'complete']);
  checkEmbedded(embedded, `@ResourceTemplate('${uriTemplate}')`);
  return (target, key) =>
    recordMcpMember('@ResourceTemplate', target, key, (method) => ({ kind: 'template', method, uriTemplate, options: { ...options }, ...(embedded !== undefined ? { embedded } : {}) }));
}

/**
 * Marks a method as an MCP prompt: `prompts/get` calls it with the client's arguments as its
 * `@Param` arguments (strings). It returns the messages: a string (one user message), or an array
 * of `{ role: 'user' | 'assistant', content }` where content is text, a content part
 * (`Content.image(...)`, `Content.file({ ..., uri })` for an embedded resource) or an array of them.
 *
 *
 * The second argument is written by the `@toolwright/scanner` transformer (the schema of the
 * `@Param` arguments from their TypeScript types, as JSON text); code does not pass it by hand.
 * With it, `prompts/list` marks optional parameters (`tone?: string`) as not required and
 * `prompts/get` reads and checks each argument as its declared type.
 *
 * @example
 * @Prompt({ description: 'Review code', complete: { language: (v) => ['ts', 'py'].filter((l) => l.startsWith(v)) } })
 * review(@Param('code') code: string, @Param('language') language: string) { return `Review this ${language}:\n${code}`; }
 */
export function Prompt(options?: PromptOptions, embedded?: EmbeddedToolSchema | string): MethodDecorator {
  checkMemberOptions('@Prompt', options, ['name', 'description', 'title', 'optional', 'complete']);
  checkEmbedded(embedded, '@Prompt');
  return (target, key) =>
    recordMcpMember('@Prompt', target, key, (method) => {
      const name = options?.name ?? toSnakeCase(method);
      if (!PROMPT_NAME.test(name)) throw new UserError(`@Prompt on ${method}: the name "${name}" must be 1–128 letters, digits, "_", "-" or ".". Fix: @Prompt({ name: 'review_code' }).`);
      return { kind: 'prompt', method, name, options: { ...options }, ...(embedded !== undefined ? { embedded } : {}) };
    });
}

/** An embedded schema given as an object is checked now; text is checked when it is parsed (when served). */
function checkEmbedded(embedded: unknown, label: string): void {
  if (embedded === undefined || typeof embedded === 'string') return;
  checkEmbeddedSchema(embedded, label);
}

function toSnakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase();
}
