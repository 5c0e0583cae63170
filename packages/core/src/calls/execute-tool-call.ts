import type { Agent } from '../agent/agent';
import { lazyModule } from '../lazy/lazy-module';
import { strictArgumentsText } from '../approvals/strict-arguments-text';
import { checkToolArguments } from '../arguments/tool-argument-check';
import type { RunEvent } from '../contracts/run-event';
import type { ClientChannel } from '../contracts/client-channel';
import type { FailureErrorFunction, Tool, ToolContext } from '../contracts/tool';
import type { ToolInputGuardrail, ToolOutputGuardrail } from '../contracts/tool-guardrail';
import type { ToolInterceptor } from '../contracts/tool-interceptor';
import type { Usage } from '../contracts/usage';
import { RunCancelledError } from '../errors/run-cancelled.error';
import { ToolArgumentsError } from '../errors/tool-arguments.error';
import { UserError } from '../errors/user.error';
import type { FunctionCallItem } from '../items/item';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import { effectiveTimeLimit, timeLimitProblem } from '../limits/time-limit';
import { ToolResult } from '../result/tool-result';
import { addUsage, emptyUsage } from '../result/usage';
import { isByteCap } from '../tool/tool-defaults';
import type { CallHost } from './call-host';
import type { CallRecord } from './call-record';
import { finishCall } from './finish-call';
import { parentLink, type ParentLink } from './child-host';
import { markFatal } from '../errors/fatal-errors';
import { runToolCall, type ToolCallRun } from './run-tool-call';
import { directRateLimits, type DirectRateLimits } from './direct-rate-limits';
import { ToolEnhancers } from './tool-enhancers';

/** Where a call made by `executeToolCall` runs: what its context shows, and what it reports to. */
export interface ToolCallHost<TContext = unknown> {
  /** The user's context, as `ctx.context` (like `options.context` of a run). */
  context?: TContext;
  /** Aborts the call: its signal fires and `executeToolCall` rejects with `RunCancelledError`. */
  signal?: AbortSignal;
  /** Receives the call's `tool_progress`, `guardrail_tripped` and `tool_output` events. */
  emit?: (event: RunEvent) => void;
  /** Cap on the output's text, in UTF-8 bytes, when the tool sets no `maxOutputBytes` (default 64 KiB). */
  maxOutputBytes?: number;
  /** Time limit when the tool sets no `timeoutMs` (default 10 minutes; `Infinity` or `null`: none). */
  timeoutMs?: number | null;
  /** Guardrails around the tool's own (as a Runner's `guardrails`): input ones first, then the tool's. */
  guardrails?: ReadonlyArray<ToolInputGuardrail | ToolOutputGuardrail>;
  /** Interceptors outside the tool's own (as a Runner's `interceptors`), outermost first. */
  interceptors?: readonly ToolInterceptor[];
  /** The text the model would get when the tool throws, for a tool that sets no `failureError` (`null`: rejects). */
  failureError?: FailureErrorFunction | null;
  /** The call's id, as `ctx.callId` and in events (default a fresh `call_…` id). */
  callId?: string;
  /** The agent `ctx.agent` and events name (default an agent named `direct-call`). */
  agent?: Agent<TContext>;
  /** The usage `ctx.usage` shows; the tool's own usage (`result.usage`) is added to it. */
  usage?: Usage;
  /**
   * The call this one runs on behalf of (a proxy tool running a hidden tool): the call takes the
   * parent's context, usage, signal and spans, its progress becomes the parent's progress, a
   * `guardrail_tripped` reaches the parent's run, and what would end a run (a tripwire,
   * `failureError: null`...) ends the parent's run instead of becoming the parent's error text.
   * Its default time limit is none (the parent's applies), its default cap the parent's.
   */
  parent?: ToolContext<TContext>;
  /**
   * Where the tool's own `rateLimit` is counted (default: this process's memory, shared with every
   * Runner in the process that has no `rateLimiter`). A Runner's `rateLimits` do not apply here:
   * pass the policies that should as `rateLimits`.
   */
  rateLimiter?: DirectRateLimits['rateLimiter'];
  /**
   * The client the call can talk back to: `ctx.log`, `ctx.elicit` and `ctx.sample` go to it (an
   * MCP server passes its client's). Without it `log` is a no-op and `elicit` / `sample` reject
   * with a `UserError`.
   */
  client?: ClientChannel;
  /** Runner-wide rate limit policies that apply to this call too (as a Runner's `rateLimits`). */
  rateLimits?: DirectRateLimits['rateLimits'];
}

// Loaded on the first call: an entry that only re-exports this function compiles neither.
const loadAgent = lazyModule(() => require('../agent/agent') as typeof import('../agent/agent'));
const loadParse = lazyModule(() => require('../arguments/parse-tool-arguments') as typeof import('../arguments/parse-tool-arguments'));

let directAgent: Agent<any> | undefined;
let callCounter = 0;

/**
 * Runs one call of `tool` outside any run, through the same pipeline as a call a model makes in
 * a run: the arguments are validated against the tool's schema and its own checks (an invalid
 * call is answered with the argument error, as a model would be, and the tool does not run),
 * then input guardrails → interceptors → the tool with its time limit and signal →
 * `failureError` on error → output guardrails → the output cap. What a run would end on (a
 * tripwire, `failureError: null`, a throwing guardrail, details that are not JSON) rejects here.
 * The tool's own `rateLimit` (and `host.rateLimits`) are counted after validation; a limited call
 * is answered with the limit (`isError`), waits, or rejects with `RateLimitError`, by `onLimit`.
 * There is no approval step: ask before calling when the tool `needsApproval`.
 *
 * @returns the call's result, its text cut to the output cap (`isError` set on failures).
 * @throws RunCancelledError when `host.signal` aborts first.
 *
 * @example
 * const [lookup] = toolsOf(new OrderTools());
 * const result = await executeToolCall(lookup, { orderId: '42' }, { context: user });
 * console.log(result.text);
 */
export async function executeToolCall<TContext = unknown>(tool: Tool<TContext>, args: unknown, host: ToolCallHost<TContext> = {}): Promise<ToolResult> {
  const parent = host.parent;
  const link = parent ? parentLink(parent) : undefined;
  const checked = checkHost(tool, host, link);
  const signal = host.signal ?? parent?.signal;
  const callHost = directHost(host, checked, signal, link);
  const agent = host.agent ?? parent?.agent ?? (directAgent ??= new (loadAgent().Agent)({ name: 'direct-call' }));
  const started = performance.now();
  const callId = host.callId ?? parent?.callId ?? `call_direct_${++callCounter}`;
  const text = argumentsText(tool, args);
  const call: FunctionCallItem = { type: 'function_call', callId, name: tool.name, arguments: typeof text === 'string' ? text : '' };
  // A child call stops with the reason its parent stopped with (its time limit, the run's cancellation).
  const onAbort = () => {
    const reason = parent ? signal!.reason : new RunCancelledError(signal!.reason);
    for (const record of callHost.activeCalls) if (record.cancellable) record.abort(reason);
  };
  if (signal?.aborted) throw parent ? signal.reason : new RunCancelledError(signal.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let result: ToolResult;
    const validated = typeof text === 'string' ? await validate(tool, call) : text;
    // Nothing is awaited for a tool without limits.
    const limiting = validated instanceof ToolResult ? undefined : directRateLimits(tool, host, { callHost, agent, callId, args: validated.args, signal, parent });
    const limited = limiting === undefined ? undefined : await limiting;
    if (validated instanceof ToolResult) {
      result = validated;
    } else if (limited) {
      result = limited;
    } else {
      const running = runToolCallAsync(callHost, agent, call, tool, validated.args);
      const run = await (parent ? markFatal(running) : running);
      if (run.paused) throw new UserError(`Tool "${tool.name}" paused for a nested approval; executeToolCall runs no nested agents. Run it in a Runner instead.`);
      result = run.result;
    }
    const finished = finishCall(callHost, agent, call, tool, result, started);
    if (!finished.truncated) return result;
    const { content: _content, ...fields } = result;
    return new ToolResult(typeof finished.modelOutput === 'string' ? [{ type: 'input_text', text: finished.modelOutput }] : finished.modelOutput, fields);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** `runToolCall` as a promise: what it throws synchronously is a rejection. */
async function runToolCallAsync(host: CallHost<any>, agent: Agent<any>, call: FunctionCallItem, tool: Tool, args: unknown): Promise<ToolCallRun> {
  return runToolCall(host, agent, call, tool, args);
}

interface CheckedLimits {
  timeoutMs: number;
  maxOutputBytes: number;
}

function checkHost(tool: Tool, host: ToolCallHost<any>, link: ParentLink | undefined): CheckedLimits {
  if (typeof tool !== 'object' || tool === null || typeof tool.invoke !== 'function' || typeof tool.name !== 'string') {
    throw new UserError('executeToolCall(tool, args, host) needs a Tool (from defineTool or toolsOf) as its first argument.');
  }
  if (typeof host !== 'object' || host === null) throw new UserError('executeToolCall(tool, args, host): host must be an object such as { context, signal }.');
  const timeProblem = host.timeoutMs === undefined ? undefined : timeLimitProblem(host.timeoutMs);
  if (timeProblem) throw new UserError(`executeToolCall(tool, args, { timeoutMs }): timeoutMs ${timeProblem}.`);
  if (host.maxOutputBytes !== undefined && !isByteCap(host.maxOutputBytes)) {
    throw new UserError(`executeToolCall(tool, args, { maxOutputBytes }): maxOutputBytes must be a positive integer number of bytes or Infinity, got ${String(host.maxOutputBytes)}.`);
  }
  if (host.emit !== undefined && typeof host.emit !== 'function') throw new UserError('executeToolCall(tool, args, { emit }): emit must be a function (event) => void.');
  if (host.failureError !== undefined && host.failureError !== null && typeof host.failureError !== 'function') {
    throw new UserError('executeToolCall(tool, args, { failureError }): failureError must be a function (error, ctx) => text, or null.');
  }
  const defaultTimeout = link ? Infinity : TOOLWRIGHT_LIMITS.defaultToolTimeoutMs;
  return {
    timeoutMs: effectiveTimeLimit(undefined, host.timeoutMs === undefined ? defaultTimeout : host.timeoutMs),
    maxOutputBytes: host.maxOutputBytes ?? link?.maxToolOutputBytes ?? TOOLWRIGHT_LIMITS.defaultMaxOutputBytes,
  };
}

function directHost<TContext>(host: ToolCallHost<TContext>, limits: CheckedLimits, signal: AbortSignal | undefined, link: ParentLink | undefined): CallHost<TContext> {
  const usage = host.usage ?? link?.runContext.usage ?? emptyUsage();
  const emit = host.emit ?? link?.emit;
  return {
    runContext: link && host.context === undefined && host.usage === undefined ? link.runContext : { context: (host.context ?? link?.runContext.context) as TContext, usage },
    // A listener that throws must not decide the call's fate: its error is dropped.
    emit: emit
      ? (event) => {
          try {
            emit(event);
          } catch {
            // The event is lost to that listener only.
          }
        }
      : undefined,
    enhancers: ToolEnhancers.ofRunner(host.guardrails ?? [], host.interceptors ?? []),
    toolTimeoutMs: limits.timeoutMs,
    maxToolOutputBytes: limits.maxOutputBytes,
    activeCalls: new Set<CallRecord>(),
    throwIfCancelled: () => {
      link?.throwIfCancelled();
      if (signal?.aborted && !link) throw new RunCancelledError(signal.reason);
    },
    lifecycle: link?.lifecycle,
    failureError: host.failureError,
    addUsage: link ? link.addUsage : (extra) => addUsage(usage, extra),
    client: host.client ?? link?.client,
  };
}

/**
 * The arguments as the JSON text a model would have sent (`ctx.arguments`): text as given;
 * an object in the typed form, with `null` for the optional fields it leaves out. Arguments that
 * are not a JSON object are answered like a model's.
 */
function argumentsText(tool: Tool, args: unknown): string | ToolResult {
  if (typeof args === 'string') return args;
  try {
    return strictArgumentsText(tool, args);
  } catch (error) {
    if (error instanceof ToolArgumentsError) return ToolResult.error(error.message);
    throw error;
  }
}

/** The schema, then the tool's own checks; an argument error is the call's answer. */
async function validate(tool: Tool, call: FunctionCallItem): Promise<{ args: unknown } | ToolResult> {
  try {
    const args = loadParse().parseToolArguments(tool, call.arguments, call.callId);
    const verdict = tool.validateArguments ? await checkToolArguments(tool, args, call.callId) : undefined;
    return verdict ? ToolResult.error(verdict.message) : { args };
  } catch (error) {
    if (error instanceof ToolArgumentsError) return ToolResult.error(error.message);
    throw error;
  }
}
