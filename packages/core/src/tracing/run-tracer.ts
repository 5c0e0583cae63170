import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { AgentRef as Agent } from '../contracts/class-refs';
import type { FunctionCallItem } from '../items/item';
import type { Model, ModelRequest, ModelResponse } from '../contracts/model';
import type { Usage } from '../result/usage';
import type { Tool } from '../contracts/tool';
import { errorMessage } from '../errors/error-message';
import { finishReasons, GenAi, REDACTED } from './genai-attributes';
import { otelApi, type OtelApi } from './otel-api';
import type { TracingOptions } from './tracing-options';

const TRACER_NAME = '@toolwright/core';
const DEFAULT_MAX_ATTRIBUTE_LENGTH = 16_384;

/** How a traced call ended, for its `execute_tool` span. @internal */
export interface TracedCallEnd {
  failed: boolean;
  /** `error.type` of a failed call: the error's class name, or a short reason. */
  errorType?: string;
  /** The error, for its message when sensitive data is on. */
  error?: unknown;
  /** The output as the model sees it (recorded only with sensitive data). */
  output?: string;
  durationMs: number;
}

/**
 * The spans of one run, following OpenTelemetry's GenAI semantic conventions:
 *
 * ```
 * toolwright.run
 * └─ invoke_agent <agent>                 one per agent stint (a handoff starts the next)
 *    ├─ guardrail:input / guardrail:output
 *    ├─ chat <model>                      one per model call
 *    └─ execute_tool <tool>               one per call
 *       ├─ guardrail:tool_input / guardrail:tool_output
 *       └─ toolwright.run                 an agent used as a tool: its run nests here
 * ```
 *
 * Parents are passed explicitly, so the tree holds without a context manager; each call also runs
 * inside its span's context, so spans made by the tool itself (or an MCP client, a sandbox) nest
 * under it when the application registered one. @internal
 */
export class RunTracer {
  private agentSpan?: Span;
  private agentContext?: Context;
  private readonly calls = new Map<string, Context>();

  private constructor(
    private readonly api: OtelApi,
    private readonly tracer: Tracer,
    private readonly runSpan: Span,
    private readonly runContext: Context,
    readonly sensitive: boolean,
    private readonly maxLength: number,
  ) {}

  /**
   * Starts the run span, or returns `undefined` when nothing would be recorded (tracing off, the
   * API not installed, no SDK registered, or the run not sampled): the run then makes no spans.
   */
  static start(options: TracingOptions | undefined, parent: Context | undefined, agent: Agent<any>, runId: string): RunTracer | undefined {
    if (options?.enabled === false) return undefined;
    const api = otelApi();
    if (!api) return undefined;
    const provider = (options?.tracerProvider as ReturnType<OtelApi['trace']['getTracerProvider']> | undefined) ?? api.trace.getTracerProvider();
    const tracer = provider.getTracer(TRACER_NAME);
    const parentContext = parent ?? api.context.active();
    const span = tracer.startSpan('toolwright.run', { attributes: { [GenAi.agentName]: agent.name, [GenAi.conversationId]: runId } }, parentContext);
    if (!span.isRecording()) {
      span.end();
      return undefined;
    }
    const sensitive = options?.includeSensitiveData ?? process.env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT === 'true';
    const maxLength = options?.maxAttributeLength ?? DEFAULT_MAX_ATTRIBUTE_LENGTH;
    return new RunTracer(api, tracer, span, api.trace.setSpan(parentContext, span), sensitive, maxLength);
  }

  /** Ends the current agent's span (if any) and starts `agent`'s `invoke_agent` span. */
  agentStarted(agent: Agent<any>): void {
    this.agentSpan?.end();
    const attributes: Record<string, string> = { [GenAi.operation]: 'invoke_agent', [GenAi.agentName]: agent.name };
    if (agent.handoffDescription) attributes[GenAi.agentDescription] = agent.handoffDescription;
    this.agentSpan = this.tracer.startSpan(`invoke_agent ${agent.name}`, { kind: this.api.SpanKind.INTERNAL, attributes }, this.runContext);
    this.agentContext = this.api.trace.setSpan(this.runContext, this.agentSpan);
  }

  /** Adds an event to the current agent's span (the run's span before any agent started). */
  event(name: string, attributes: Record<string, string | number | boolean | string[]> = {}): void {
    (this.agentSpan ?? this.runSpan).addEvent(name, attributes);
  }

  /** A `chat` span around one model call. */
  async model(model: Model, request: ModelRequest, call: () => Promise<ModelResponse>): Promise<ModelResponse> {
    const name = (model as { model?: unknown }).model;
    const provider = (model as { provider?: unknown }).provider;
    const attributes: Record<string, string | number> = { [GenAi.operation]: 'chat' };
    if (typeof name === 'string') attributes[GenAi.requestModel] = name;
    if (typeof provider === 'string') attributes[GenAi.provider] = provider;
    const s = request.settings;
    if (typeof s.temperature === 'number') attributes[GenAi.temperature] = s.temperature;
    if (typeof s.topP === 'number') attributes[GenAi.topP] = s.topP;
    if (typeof s.maxOutputTokens === 'number') attributes[GenAi.maxTokens] = s.maxOutputTokens;
    if (this.sensitive) {
      if (request.instructions !== undefined) attributes[GenAi.systemInstructions] = this.cut(request.instructions);
      attributes[GenAi.inputMessages] = this.cut(JSON.stringify(request.input));
    }
    const span = this.tracer.startSpan(typeof name === 'string' ? `chat ${name}` : 'chat', { kind: this.api.SpanKind.CLIENT, attributes }, this.parent());
    try {
      const response = await call();
      span.setAttribute(GenAi.finishReasons, finishReasons(response));
      if (response.id !== undefined) span.setAttribute(GenAi.responseId, response.id);
      if (response.usage?.inputTokens !== undefined) span.setAttribute(GenAi.inputTokens, response.usage.inputTokens);
      if (response.usage?.outputTokens !== undefined) span.setAttribute(GenAi.outputTokens, response.usage.outputTokens);
      if (this.sensitive) span.setAttribute(GenAi.outputMessages, this.cut(JSON.stringify(response.output)));
      return response;
    } catch (error) {
      this.fail(span, error, REDACTED.model);
      throw error;
    } finally {
      span.end();
    }
  }

  /**
   * An `execute_tool` span around one call; `run` executes inside its context. `end` reads how
   * the call ended from what `run` returned.
   */
  async tool<T>(call: FunctionCallItem, tool: Tool | undefined, run: () => Promise<T>, end: (value: T) => TracedCallEnd): Promise<T> {
    const attributes: Record<string, string | boolean> = {
      [GenAi.operation]: 'execute_tool',
      [GenAi.toolName]: call.name,
      [GenAi.toolCallId]: call.callId,
      [GenAi.toolType]: 'function',
    };
    if (tool?.description) attributes[GenAi.toolDescription] = this.cut(tool.description);
    if (tool?.readOnly !== undefined) attributes['toolwright.tool.read_only'] = tool.readOnly;
    if (tool?.destructive !== undefined) attributes['toolwright.tool.destructive'] = tool.destructive;
    if (this.sensitive) attributes[GenAi.toolArguments] = this.cut(call.arguments);
    const span = this.tracer.startSpan(`execute_tool ${call.name}`, { kind: this.api.SpanKind.INTERNAL, attributes }, this.parent());
    const context = this.api.trace.setSpan(this.parent(), span);
    this.calls.set(call.callId, context);
    try {
      const value = await this.api.context.with(context, run);
      const ended = end(value);
      span.setAttribute('toolwright.tool.duration_ms', Math.round(ended.durationMs * 1000) / 1000);
      if (this.sensitive && ended.output !== undefined) span.setAttribute(GenAi.toolResult, this.cut(ended.output));
      if (ended.failed) {
        span.setAttribute(GenAi.errorType, ended.errorType ?? 'tool_error');
        const detail = ended.error !== undefined ? errorMessage(ended.error) : ended.output;
        span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: this.sensitive && detail ? this.cut(detail) : REDACTED.tool });
      }
      return value;
    } catch (error) {
      this.fail(span, error, REDACTED.tool);
      throw error;
    } finally {
      this.calls.delete(call.callId);
      span.end();
    }
  }

  /** The context of a running call's span (for guardrail spans and nested runs). */
  callContext(callId: string): Context | undefined {
    return this.calls.get(callId);
  }

  /** A `guardrail:<stage>` span around one stage's guardrails (under the call's span for tool stages). */
  async guardrails<T>(stage: string, names: readonly string[], callId: string | undefined, run: () => Promise<T>, outcome: (value: T) => string): Promise<T> {
    const parent = (callId !== undefined ? this.calls.get(callId) : undefined) ?? this.parent();
    const span = this.tracer.startSpan(`guardrail:${stage}`, { attributes: { 'toolwright.guardrail.names': [...names] } }, parent);
    try {
      const value = await run();
      span.setAttribute('toolwright.guardrail.outcome', outcome(value));
      return value;
    } catch (error) {
      const tripped = (error as { name?: unknown })?.name === 'GuardrailTripwireError';
      span.setAttribute('toolwright.guardrail.outcome', tripped ? 'tripwire' : 'error');
      if (tripped) span.setAttribute('toolwright.guardrail.name', String((error as { guardrail?: unknown }).guardrail));
      this.fail(span, error, REDACTED.guardrail);
      throw error;
    } finally {
      span.end();
    }
  }

  /** Ends the agent and run spans with the run's status, usage and (on failure) error. */
  end(status: string, usage: Usage | undefined, error?: unknown): void {
    this.agentSpan?.end();
    this.agentSpan = undefined;
    this.runSpan.setAttribute('toolwright.run.status', status);
    if (usage) {
      this.runSpan.setAttribute(GenAi.inputTokens, usage.inputTokens);
      this.runSpan.setAttribute(GenAi.outputTokens, usage.outputTokens);
    }
    if (error !== undefined) this.fail(this.runSpan, error, REDACTED.run);
    this.runSpan.end();
  }

  private parent(): Context {
    return this.agentContext ?? this.runContext;
  }

  private fail(span: Span, error: unknown, redacted: string): void {
    span.setAttribute(GenAi.errorType, (error as { name?: unknown })?.name ? String((error as { name: unknown }).name) : typeof error);
    span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: this.sensitive ? this.cut(errorMessage(error)) : redacted });
    if (this.sensitive && error instanceof Error) span.recordException(error);
  }

  private cut(text: string): string {
    return text.length <= this.maxLength ? text : `${text.slice(0, this.maxLength)}…`;
  }
}
