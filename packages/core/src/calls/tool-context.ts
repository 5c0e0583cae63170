import type { Agent } from '../agent/agent';
import type { FunctionCallItem } from '../items/item';
import { ToolResult, toToolResult } from '../result/tool-result';
import { errorMessage } from '../errors/error-message';
import type { Usage } from '../contracts/usage';
import type { ToolContext } from '../contracts/tool';
import { setRunHostResolver, type RunHost } from '../contracts/run-host';
import type { CallRecord } from './call-record';
import type { CallHost } from './call-host';
import type { ElicitationResult, SampleOptions, ToolLogLevel } from '../contracts/client-channel';
import type { Item } from '../contracts/item';
import type { JsonSchema } from '../contracts/json-schema';
import { UserError } from '../errors/user.error';
import { checkElicitation, checkSample, LOG_LEVELS } from './client-requests';

/**
 * The `ToolContext` of one call. `signal` is created on first read; `emit` is a bound function,
 * safe to pass around and to call from timers after the call returned (it is then a no-op). @internal
 */
export class CallToolContext<TContext> implements ToolContext<TContext> {
  readonly toolName: string;
  readonly callId: string;
  readonly arguments: string;
  readonly context: TContext;
  readonly usage: Usage;
  readonly emit: (partial: ToolResult | string) => void;
  nestedState?: string;

  constructor(
    /** The host running the call (calls made on its behalf run on it too). @internal */
    readonly host: CallHost<TContext>,
    readonly agent: Agent<TContext>,
    call: FunctionCallItem,
    private readonly record: CallRecord,
  ) {
    this.toolName = call.name;
    this.callId = call.callId;
    this.arguments = call.arguments;
    this.context = host.runContext.context;
    this.usage = host.runContext.usage;
    const deliver = host.emit;
    this.emit = deliver
      ? (partial) => {
          if (record.done) return;
          deliver({ type: 'tool_progress', agent, toolName: call.name, callId: call.callId, result: progressResult(partial) });
        }
      : noop;
  }

  get signal(): AbortSignal {
    return this.record.signal;
  }

  /** See `ToolContext.log`: to the host's client, else nowhere; never throws. */
  log(level: ToolLogLevel, data: unknown): void {
    const client = this.host.client;
    if (!client || this.record.done || !LOG_LEVELS.has(level)) return;
    try {
      client.log(level, data);
    } catch {
      // A log message is never worth a failed call.
    }
  }

  /** See `ToolContext.elicit`. */
  async elicit(message: string, schema: JsonSchema): Promise<ElicitationResult> {
    checkElicitation(this.toolName, message, schema);
    const client = this.host.client;
    if (!client) throw noClient(this.toolName, 'elicit', 'ask its user through MCP elicitation');
    this.throwIfDone('elicit');
    return client.elicit(message, schema, this.signal);
  }

  /** See `ToolContext.sample`. */
  async sample(messages: Item[], options: SampleOptions = {}): Promise<string> {
    checkSample(this.toolName, messages, options);
    const client = this.host.client;
    if (!client) throw noClient(this.toolName, 'sample', "ask the client's model through MCP sampling");
    this.throwIfDone('sample');
    return client.sample(messages, options, this.signal);
  }

  private throwIfDone(what: string): void {
    if (this.record.done) throw new UserError(`Tool "${this.toolName}": ctx.${what}() was called after the call returned. Fix: await it inside the tool.`);
  }

  /** Names of the deferred tools disclosed so far in the run. */
  get disclosedTools(): ReadonlySet<string> | undefined {
    return this.host.runContext.disclosedTools;
  }

  /** The calling host's handle for nested runs (agents as tools), when it can run agents. @internal */
  runHost(): RunHost | undefined {
    return this.host.nestedRuns?.(this, this.record);
  }
}

// Agents used as tools find the calling run through the context's class, not through a key on it.
setRunHostResolver((ctx) => (ctx instanceof CallToolContext ? ctx.runHost() : undefined));

function noop(): void {}

function noClient(toolName: string, what: string, purpose: string): UserError {
  return new UserError(
    `Tool "${toolName}": ctx.${what}() needs a client to ${purpose}, and this call has none (it runs in a Runner or executeToolCall, not in serveMcp for a client that declares the capability). ` +
      `Fix: serve the tool with serveMcp to such a client, or check the tool's context before calling ctx.${what}().`,
  );
}

/**
 * A progress update as a result. `emit` must never throw (it is called from timers and
 * callbacks, where an exception would be uncaught), so an update that cannot be converted is
 * delivered as an error result saying why.
 */
function progressResult(partial: unknown): ToolResult {
  try {
    return typeof partial === 'string' ? ToolResult.text(partial) : toToolResult(partial);
  } catch (error) {
    return ToolResult.error(`This progress update could not be converted: ${errorMessage(error)}`);
  }
}
