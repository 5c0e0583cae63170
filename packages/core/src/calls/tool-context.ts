import type { Agent } from '../agent/agent';
import type { FunctionCallItem } from '../items/item';
import { ToolResult, toToolResult } from '../result/tool-result';
import { errorMessage } from '../errors/error-message';
import type { Usage } from '../contracts/usage';
import type { ToolContext } from '../contracts/tool';
import { setRunHostResolver, type RunHost } from '../contracts/run-host';
import type { CallRecord } from './call-record';
import type { CallHost } from './call-host';

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
