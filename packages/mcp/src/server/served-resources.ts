import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type {
  CompleteResult, GetPromptResult, Prompt as McpPrompt, PromptMessage, ReadResourceResult, Resource as McpResource,
  ResourceTemplate as McpResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import { UserError, type ContentPart } from '@toolwright/core';
import { getMetadataStorage } from '@toolwright/core/internal';
import { mcpMembersOf, type Completer, type McpMemberRecord } from '../decorators/mcp-metadata';
import { boundedText } from '../shared/bounded-text';
import { MemberArguments, memberSchemaOf } from './member-arguments';

type Bound<K extends McpMemberRecord['kind']> = {
  instance: object;
  record: Extract<McpMemberRecord, { kind: K }>;
  params: ParamSlot[];
  /** The build-time schema of the arguments (prompts and templates the scanner reached). */
  args?: MemberArguments;
};
interface ParamSlot {
  index: number;
  name: string;
  description?: string;
}
interface TemplateEntry extends Bound<'template'> {
  template: UriTemplate;
}

const MAX_COMPLETIONS = 100;
const MAX_ARGUMENT_CHARS = 64 * 1024;
const TEXT_TYPE = /^(text\/|application\/(json|xml|javascript|yaml|x-yaml|toml|sql|graphql)|[^;]*\+(json|xml))/i;

/** A request that cannot be answered: `-32602` (invalid params) with this message. @internal */
export class InvalidParams extends Error {
  readonly code = -32602;
}

/**
 * The resources, resource templates and prompts of the served toolkits: every `@Resource`,
 * `@ResourceTemplate` and `@Prompt` method of the instances given, bound to its instance. URIs,
 * templates and prompt names must be unique across toolkits. @internal
 */
export class ServedResources {
  private readonly resources = new Map<string, Bound<'resource'>>();
  private readonly templates: TemplateEntry[] = [];
  private readonly prompts = new Map<string, Bound<'prompt'>>();

  constructor(instances: readonly object[]) {
    for (const instance of instances) {
      for (const record of mcpMembersOf(instance)) {
        const params = paramSlots(record, instance);
        if (record.kind === 'resource') {
          if (this.resources.has(record.uri)) throw new UserError(`serveMcp: two @Resource methods have the URI "${record.uri}". Fix: give each resource its own URI.`);
          this.resources.set(record.uri, { instance, record, params });
        } else if (record.kind === 'template') {
          if (this.templates.some((t) => t.record.uriTemplate === record.uriTemplate)) throw new UserError(`serveMcp: two @ResourceTemplate methods have the template "${record.uriTemplate}". Fix: give each its own template.`);
          const template = new UriTemplate(record.uriTemplate);
          for (const variable of template.variableNames) {
            if (!params.some((p) => p.name === variable)) {
              throw new UserError(`serveMcp: @ResourceTemplate('${record.uriTemplate}') on ${instance.constructor.name}.${record.method}: the variable "${variable}" has no @Param('${variable}') parameter. Fix: add one.`);
            }
          }
          this.templates.push({ instance, record, params, template, ...argumentsOf(record, params) });
        } else {
          if (this.prompts.has(record.name)) throw new UserError(`serveMcp: two @Prompt methods are named "${record.name}". Fix: @Prompt({ name }) to rename one.`);
          for (const name of record.options.optional ?? []) {
            if (!params.some((p) => p.name === name)) throw new UserError(`serveMcp: @Prompt "${record.name}": optional names "${name}", which is no @Param of the method. Fix: list only its @Param names.`);
          }
          this.prompts.set(record.name, { instance, record, params, ...argumentsOf(record, params) });
        }
      }
    }
  }

  get hasResources(): boolean {
    return this.resources.size > 0 || this.templates.length > 0;
  }

  get hasPrompts(): boolean {
    return this.prompts.size > 0;
  }

  /** Whether `uri` is one of the served resources (fixed or matching a template). */
  serves(uri: string): boolean {
    return this.resources.has(uri) || this.templates.some((t) => t.template.match(uri) !== null);
  }

  listResources(): McpResource[] {
    return [...this.resources.values()].map(({ record }) => ({
      uri: record.uri,
      name: record.options.name ?? record.method,
      ...describe(record.options),
    }));
  }

  listTemplates(): McpResourceTemplate[] {
    return this.templates.map(({ record }) => ({
      uriTemplate: record.uriTemplate,
      name: record.options.name ?? record.method,
      ...describe(record.options),
    }));
  }

  listPrompts(): McpPrompt[] {
    return [...this.prompts.values()].map((prompt) => ({
      name: prompt.record.name,
      description: prompt.record.options.description ?? prompt.args?.schema.description ?? `The ${prompt.record.name} prompt.`,
      ...(prompt.record.options.title ? { title: prompt.record.options.title } : {}),
      arguments: prompt.params.map((p) => ({
        name: p.name,
        ...(p.description ? { description: p.description } : {}),
        required: isRequired(prompt, p.name),
      })),
    }));
  }

  async read(uri: string): Promise<ReadResourceResult> {
    const fixed = this.resources.get(uri);
    if (fixed) return { contents: contentsOf(await callMethod(fixed, {}), uri, fixed.record.options.mimeType) };
    for (const entry of this.templates) {
      const variables = entry.template.match(uri);
      if (!variables) continue;
      const args: Record<string, string> = {};
      for (const [name, value] of Object.entries(variables)) args[name] = Array.isArray(value) ? value.join(',') : value;
      return { contents: contentsOf(await callMethod(entry, checkedArguments(entry, args, `Resource ${uri}`)), uri, entry.record.options.mimeType) };
    }
    throw Object.assign(new Error(`Resource ${uri} not found`), { code: -32002, data: { uri } });
  }

  async getPrompt(name: string, given: Record<string, string> | undefined): Promise<GetPromptResult> {
    const prompt = this.prompts.get(name);
    if (!prompt) throw new InvalidParams(`Prompt ${name} not found`);
    const args = given ?? {};
    const missing = prompt.params.filter((p) => isRequired(prompt, p.name) && typeof args[p.name] !== 'string').map((p) => p.name);
    if (missing.length) throw new InvalidParams(`Prompt ${name}: missing required argument${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
    for (const [key, value] of Object.entries(args)) {
      if (!prompt.params.some((p) => p.name === key)) throw new InvalidParams(`Prompt ${name}: unknown argument "${key}"; it takes ${prompt.params.map((p) => p.name).join(', ') || 'none'}`);
      if (typeof value !== 'string' || value.length > MAX_ARGUMENT_CHARS) throw new InvalidParams(`Prompt ${name}: argument "${key}" must be a string of at most ${MAX_ARGUMENT_CHARS} characters`);
    }
    const messages = promptMessagesOf(await callMethod(prompt, checkedArguments(prompt, args, `Prompt ${name}`)), name);
    return { ...(prompt.record.options.description ? { description: prompt.record.options.description } : {}), messages };
  }

  async complete(ref: { type: string; name?: string; uri?: string }, argument: { name: string; value: string }, context: Record<string, string>): Promise<CompleteResult> {
    let completer: Completer | undefined;
    let toolkit: object | undefined;
    if (ref.type === 'ref/prompt') {
      const prompt = this.prompts.get(ref.name ?? '');
      if (!prompt) throw new InvalidParams(`Prompt ${ref.name} not found`);
      completer = ownCompleter(prompt.record.options.complete, argument.name);
      toolkit = prompt.instance;
    } else if (ref.type === 'ref/resource') {
      const entry = this.templates.find((t) => t.record.uriTemplate === ref.uri);
      if (!entry && !this.resources.has(ref.uri ?? '')) throw new InvalidParams(`Resource template ${ref.uri} not found`);
      completer = ownCompleter(entry?.record.options.complete, argument.name);
      toolkit = entry?.instance;
    } else {
      throw new InvalidParams(`Unknown completion reference type ${ref.type}`);
    }
    if (!completer) return { completion: { values: [], total: 0, hasMore: false } };
    const found = await completer.call(toolkit, String(argument.value ?? '').slice(0, MAX_ARGUMENT_CHARS), { arguments: context, toolkit });
    if (!Array.isArray(found)) throw new Error(`the completion of "${argument.name}" returned ${typeof found}, not an array of strings`);
    const values = found.filter((v): v is string => typeof v === 'string').map((v) => boundedText(v, 1000));
    return { completion: { values: values.slice(0, MAX_COMPLETIONS), total: values.length, hasMore: values.length > MAX_COMPLETIONS } };
  }
}

/** The completer of `name`, an own entry only (no `__proto__` or inherited keys). */
function ownCompleter(complete: Record<string, Completer> | undefined, name: string): Completer | undefined {
  return complete && Object.prototype.hasOwnProperty.call(complete, name) ? complete[name] : undefined;
}

function describe(options: { mimeType?: string; title?: string; description?: string }): Partial<McpResource> {
  const out: Partial<McpResource> = {};
  if (options.title) out.title = options.title;
  if (options.description) out.description = options.description;
  if (options.mimeType) out.mimeType = options.mimeType;
  return out;
}

/**
 * The build-time schema of a prompt's or template's arguments, when the scanner gave one: the
 * required names are the schema's, less those the decorator lists in `optional`; descriptions
 * the `@Param` options lack come from it.
 */
function argumentsOf(record: McpMemberRecord, params: ParamSlot[]): { args?: MemberArguments } {
  const schema = memberSchemaOf(record);
  if (!schema) return {};
  const optional = record.kind === 'prompt' ? (record.options.optional ?? []) : [];
  const listed = (schema.parameters as { required?: unknown }).required;
  const required = new Set((Array.isArray(listed) ? listed : []).filter((name): name is string => typeof name === 'string' && !optional.includes(name)));
  const args = new MemberArguments(schema, required);
  for (const p of params) {
    if (p.description === undefined) {
      const described = args.descriptionOf(p.name);
      if (described) p.description = described;
    }
  }
  return { args };
}

/** Whether a client must give argument `name`: as the schema says, else unless listed in `optional`. */
function isRequired(bound: { record: McpMemberRecord; args?: MemberArguments }, name: string): boolean {
  if (bound.args) return bound.args.required.has(name);
  return !(bound.record.kind === 'prompt' ? (bound.record.options.optional ?? []) : []).includes(name);
}

/** The values the method receives: as given (strings), or read and checked against the build-time schema. */
function checkedArguments(bound: { params: ParamSlot[]; args?: MemberArguments; record: McpMemberRecord }, given: Record<string, string>, what: string): Record<string, unknown> {
  if (!bound.args) return given;
  const missing = bound.params.filter((p) => bound.args!.required.has(p.name) && typeof given[p.name] !== 'string').map((p) => p.name);
  if (missing.length) throw new InvalidParams(`${what}: missing required argument${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const read = bound.args.read(given);
  if ('problem' in read) throw new InvalidParams(`${what}: ${boundedText(read.problem, 1000)}`);
  return read.values;
}

function paramSlots(record: McpMemberRecord, instance: object): ParamSlot[] {
  const slots: ParamSlot[] = [];
  for (const p of getMetadataStorage().parametersOf(record.owner, record.method)) {
    if (p.kind === 'param') slots.push({ index: p.index, name: p.name!, ...(p.options?.description ? { description: p.options.description } : {}) });
    else if (p.kind === 'args') throw new UserError(`serveMcp: ${instance.constructor.name}.${record.method}: resources and prompts take @Param arguments (strings), not @Args. Fix: use @Param('name') per argument.`);
  }
  return slots.sort((a, b) => a.index - b.index);
}

async function callMethod(bound: { instance: object; record: McpMemberRecord; params: ParamSlot[] }, args: Record<string, unknown>): Promise<unknown> {
  const method = (bound.instance as Record<string, unknown>)[bound.record.method];
  if (typeof method !== 'function') throw new Error(`${bound.instance.constructor.name}.${bound.record.method} is not a method of the instance`);
  const values: unknown[] = [];
  for (const p of bound.params) values[p.index] = args[p.name];
  return method.apply(bound.instance, values);
}

type ResourceContent = ReadResourceResult['contents'][number];

/** What a resource method returned, as `resources/read` contents. */
function contentsOf(value: unknown, uri: string, mimeType: string | undefined): ResourceContent[] {
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) throw new Error(`the resource ${uri} returned no content`);
  return items.map((item) => contentOf(item, uri, mimeType));
}

function contentOf(item: unknown, uri: string, mimeType: string | undefined): ResourceContent {
  if (typeof item === 'string') return { uri, mimeType: mimeType ?? 'text/plain', text: item };
  if (item instanceof Uint8Array) return { uri, mimeType: mimeType ?? 'application/octet-stream', blob: Buffer.from(item).toString('base64') };
  if (isContentPart(item)) {
    const block = resourceOfPart(item, uri);
    if (block) return block;
  }
  if (typeof item === 'object' && item !== null) {
    const o = item as { uri?: unknown; text?: unknown; blob?: unknown; mimeType?: unknown };
    const own = typeof o.uri === 'string' ? o.uri : uri;
    const type = typeof o.mimeType === 'string' ? o.mimeType : mimeType;
    if (typeof o.text === 'string') return { uri: own, mimeType: type ?? 'text/plain', text: o.text };
    if (o.blob instanceof Uint8Array) return { uri: own, mimeType: type ?? 'application/octet-stream', blob: Buffer.from(o.blob).toString('base64') };
    if (typeof o.blob === 'string') return { uri: own, mimeType: type ?? 'application/octet-stream', blob: o.blob };
  }
  throw new Error(`the resource ${uri} returned ${describeValue(item)}; return a string, bytes (Uint8Array) or { text | blob, mimeType }`);
}

/** An inline file or image part as resource contents (text for text types), under its own `uri` when it has one. @internal */
export function resourceOfPart(part: ContentPart, uri: string): ResourceContent | undefined {
  const data = part.type === 'input_file' ? part.fileData : part.type === 'input_image' ? part.imageUrl : undefined;
  const match = data ? /^data:([^;,]+);base64,/.exec(data.slice(0, 200)) : null;
  if (!data || !match) return part.type === 'input_text' ? { uri, mimeType: 'text/plain', text: part.text } : undefined;
  const own = (part.type === 'input_file' && part.uri) || uri;
  const mimeType = match[1]!;
  const base64 = data.slice(match[0].length);
  return TEXT_TYPE.test(mimeType) ? { uri: own, mimeType, text: Buffer.from(base64, 'base64').toString('utf8') } : { uri: own, mimeType, blob: base64 };
}

/** What a prompt method returned, as prompt messages. */
function promptMessagesOf(value: unknown, name: string): PromptMessage[] {
  if (typeof value === 'string') return [{ role: 'user', content: { type: 'text', text: value } }];
  if (!Array.isArray(value)) throw new Error(`the prompt ${name} returned ${describeValue(value)}; return a string or an array of { role, content }`);
  const out: PromptMessage[] = [];
  for (const [i, message] of value.entries()) {
    const m = message as { role?: unknown; content?: unknown };
    if (typeof m !== 'object' || m === null || (m.role !== 'user' && m.role !== 'assistant')) {
      throw new Error(`the prompt ${name} returned messages[${i}] without role 'user' or 'assistant'`);
    }
    const parts = Array.isArray(m.content) ? m.content : [m.content];
    for (const part of parts) out.push({ role: m.role, content: promptContentOf(part, name, i) });
  }
  return out;
}

function promptContentOf(part: unknown, name: string, index: number): PromptMessage['content'] {
  if (typeof part === 'string') return { type: 'text', text: part };
  if (isContentPart(part)) {
    if (part.type === 'input_text') return { type: 'text', text: part.text };
    const data = part.type === 'input_image' ? part.imageUrl : part.fileData;
    const match = data ? /^data:([^;,]+);base64,/.exec(data.slice(0, 200)) : null;
    if (data && match && part.type === 'input_image') return { type: 'image', mimeType: match[1]!, data: data.slice(match[0].length) };
    if (data && match && match[1]!.startsWith('audio/')) return { type: 'audio', mimeType: match[1]!, data: data.slice(match[0].length) };
    if (part.type === 'input_file' && part.uri) {
      const resource = resourceOfPart(part, part.uri);
      if (resource) return { type: 'resource', resource };
    }
    const url = part.type === 'input_image' ? part.imageUrl : part.fileUrl;
    if (url) return { type: 'resource_link', uri: url, name: part.type === 'input_file' ? (part.filename ?? 'file') : 'image' };
  }
  throw new Error(`the prompt ${name} returned messages[${index}] with content that is not text or a content part`);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? `an object (${(value as object).constructor?.name ?? 'Object'})` : typeof value;
}

function isContentPart(value: unknown): value is ContentPart {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof value === 'object' && value !== null && (type === 'input_text' || type === 'input_image' || type === 'input_file');
}
