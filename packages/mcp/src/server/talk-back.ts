import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CreateMessageResultSchema, ElicitResultSchema, type LoggingLevel, type SamplingMessage } from '@modelcontextprotocol/sdk/types.js';
import { UserError, type ClientChannel, type ContentPart, type ElicitationResult, type Item, type JsonSchema, type SampleOptions } from '@toolwright/core';
import { boundedText } from '../shared/bounded-text';

type RequestExtra = Parameters<Parameters<Server['setRequestHandler']>[1]>[1];

/** MCP's logging levels, least severe first. @internal */
export const MCP_LOG_LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** What a session keeps for talking back: the level the client chose with `logging/setLevel`. @internal */
export interface TalkBackSession {
  logLevel: LoggingLevel | undefined;
}

/** Settings of talking back. @internal */
export interface TalkBackOptions {
  /** The `logger` name of log messages (the server's name). */
  logger: string;
  /** How long an elicitation may wait for the user. */
  elicitationTimeoutMs: number;
  /** How long a sampling request may wait for the client's model. */
  samplingTimeoutMs: number;
}

const MAX_LOG_CHARS = 64 * 1024;

/**
 * The way back to the client of one `tools/call`: `ctx.log` becomes `notifications/message` on
 * the call's own stream (dropped below the session's `logging/setLevel` level), `ctx.elicit` an
 * `elicitation/create` request (form mode), `ctx.sample` a `sampling/createMessage` request. A
 * client that did not declare elicitation (or sampling) is not asked: the tool gets a `UserError`
 * saying so. Notifications go out in order, before the call's result. @internal
 */
export class CallTalkBack implements ClientChannel {
  private sent: Promise<void> = Promise.resolve();

  constructor(
    private readonly server: Server,
    private readonly extra: RequestExtra,
    private readonly session: TalkBackSession,
    private readonly options: TalkBackOptions,
    private readonly toolName: string,
  ) {}

  /** Resolves once every log message sent so far went out. */
  flushed(): Promise<void> {
    return this.sent;
  }

  log(level: LoggingLevel, data: unknown): void {
    const threshold = this.session.logLevel;
    if (threshold !== undefined && MCP_LOG_LEVELS.indexOf(level) < MCP_LOG_LEVELS.indexOf(threshold)) return;
    const params = { level, logger: this.options.logger, data: boundedData(data) };
    this.sent = this.sent.then(() => this.extra.sendNotification({ method: 'notifications/message', params })).catch(() => undefined);
  }

  async elicit(message: string, schema: JsonSchema, signal: AbortSignal): Promise<ElicitationResult> {
    const elicitation = this.server.getClientCapabilities()?.elicitation as Record<string, unknown> | undefined;
    // A client that lists no mode supports form mode (the only mode before 2025-11-25).
    if (!elicitation || (elicitation.form === undefined && Object.keys(elicitation).length > 0)) {
      throw new UserError(`Tool "${this.toolName}": ctx.elicit() cannot ask: the MCP client did not declare form elicitation. Fix: handle the case in the tool (catch the error), or use a client that supports elicitation.`);
    }
    await this.sent;
    const answer = await this.extra.sendRequest(
      { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema: schema as never } },
      ElicitResultSchema,
      { timeout: this.options.elicitationTimeoutMs, signal },
    );
    const result: ElicitationResult = { action: answer.action };
    if (answer.action === 'accept' && answer.content) result.content = { ...answer.content };
    return result;
  }

  async sample(messages: Item[], options: SampleOptions, signal: AbortSignal): Promise<string> {
    if (!this.server.getClientCapabilities()?.sampling) {
      throw new UserError(`Tool "${this.toolName}": ctx.sample() cannot ask: the MCP client did not declare sampling. Fix: handle the case in the tool (catch the error), or use a client that supports sampling.`);
    }
    const { systemPrompt, messages: sampling } = samplingMessagesOf(messages, this.toolName);
    await this.sent;
    const answer = await this.extra.sendRequest(
      {
        method: 'sampling/createMessage',
        params: { messages: sampling, maxTokens: options.maxTokens ?? 1000, ...(systemPrompt ? { systemPrompt } : {}) },
      },
      CreateMessageResultSchema,
      { timeout: this.options.samplingTimeoutMs, signal },
    );
    const blocks = Array.isArray(answer.content) ? answer.content : [answer.content];
    return blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');
  }
}

/** Toolwright items as MCP sampling messages: system text becomes the system prompt. */
function samplingMessagesOf(items: Item[], toolName: string): { systemPrompt?: string; messages: SamplingMessage[] } {
  const system: string[] = [];
  const messages: SamplingMessage[] = [];
  for (const [i, item] of items.entries()) {
    if (typeof item !== 'object' || item === null) throw new UserError(`Tool "${toolName}": ctx.sample(messages): messages[${i}] is not an item. Fix: pass userMessage('...') items.`);
    if (item.type === 'message') {
      const parts: ContentPart[] = typeof item.content === 'string' ? [{ type: 'input_text', text: item.content }] : item.content;
      if (item.role === 'system') {
        system.push(parts.map((p) => (p.type === 'input_text' ? p.text : '')).join(''));
        continue;
      }
      for (const part of parts) messages.push({ role: item.role, content: samplingContentOf(part) } as SamplingMessage);
    } else if (item.type === 'function_call') {
      messages.push({ role: 'assistant', content: { type: 'text', text: `[called ${item.name}(${item.arguments})]` } });
    } else if (item.type === 'function_call_output') {
      const text = typeof item.output === 'string' ? item.output : item.output.map((p) => (p.type === 'input_text' ? p.text : '')).join('');
      messages.push({ role: 'user', content: { type: 'text', text: `[tool output] ${text}` } });
    }
  }
  if (messages.length === 0) throw new UserError(`Tool "${toolName}": ctx.sample(messages): no user or assistant message to send. Fix: include userMessage('...').`);
  return { systemPrompt: system.length ? system.join('\n\n') : undefined, messages };
}

function samplingContentOf(part: ContentPart): SamplingMessage['content'] {
  if (part.type === 'input_image' && part.imageUrl) {
    const match = /^data:([^;,]+);base64,/.exec(part.imageUrl.slice(0, 200));
    if (match) return { type: 'image', mimeType: match[1]!, data: part.imageUrl.slice(match[0].length) };
  }
  if (part.type === 'input_file' && part.fileData) {
    const match = /^data:(audio\/[^;,]+);base64,/.exec(part.fileData.slice(0, 200));
    if (match) return { type: 'audio', mimeType: match[1]!, data: part.fileData.slice(match[0].length) };
  }
  return { type: 'text', text: part.type === 'input_text' ? part.text : boundedText(JSON.stringify(part), 2000) };
}

/** Log data as sent: JSON values as they are, unless too large (then a cut text). */
function boundedData(data: unknown): unknown {
  if (typeof data === 'string') return boundedText(data, MAX_LOG_CHARS);
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch {
    text = undefined;
  }
  if (text === undefined) return String(data);
  return text.length <= MAX_LOG_CHARS ? JSON.parse(text) : boundedText(text, MAX_LOG_CHARS);
}
