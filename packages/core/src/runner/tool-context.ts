import type { Agent } from '../agent/agent';
import type { FunctionCallItem } from '../items/item';
import { ToolResult, toToolResult } from '../result/tool-result';
import { errorMessage } from '../errors/error-message';
import type { Usage } from '../result/usage';
import type { ToolContext } from '../contracts/tool';
import type { CallRecord } from './call-record';
import type { RunLifecycle } from './lifecycle/run-lifecycle';
import { emitEvent, type RunEnvironment } from './run-environment';
import { RUN_HOST, type RunHost } from '../contracts/run-host';
import { runNestedAgent, type NestedRunSetup } from './nested-run';

const CALL_RECORD = Symbol('toolwright.callRecord');
const LIFECYCLE = Symbol('toolwright.lifecycle');

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
    private readonly env: RunEnvironment<TContext>,
    readonly agent: Agent<TContext>,
    call: FunctionCallItem,
    private readonly record: CallRecord,
  ) {
    this.toolName = call.name;
    this.callId = call.callId;
    this.arguments = call.arguments;
    this.context = env.runContext.context;
    this.usage = env.runContext.usage;
    this.emit = env.streaming
      ? (partial) => {
          if (record.done) return;
          emitEvent(env, {
            type: 'tool_progress',
            agent,
            toolName: call.name,
            callId: call.callId,
            result: progressResult(partial),
          });
        }
      : noop;
  }

  get signal(): AbortSignal {
    return this.record.signal;
  }

  /** Names of the deferred tools disclosed so far in the run. */
  get disclosedTools(): ReadonlySet<string> | undefined {
    return this.env.runContext.disclosedTools;
  }

  /** The run's lifecycle (hooks, tracing), when it has one. @internal */
  get [LIFECYCLE](): RunLifecycle | undefined {
    return this.env.lifecycle;
  }

  /** The runner's handle on this call (its signal, whether it returned). @internal */
  get [CALL_RECORD](): CallRecord {
    return this.record;
  }

  /** The calling run, for tools that start nested runs (agents as tools). @internal */
  get [RUN_HOST](): RunHost | undefined {
    const { env, agent, record } = this;
    const runner = env.runner;
    if (!runner) return undefined;
    const setup: NestedRunSetup = {
      runner,
      streaming: env.streaming,
      traceParent: env.lifecycle?.tracer?.callContext(this.callId),
      // A nested run refuses what is not read-only as the calling run does, but is not offered
      // the calling run's submission tool (naming it makes its own tool of that name allowed).
      ...(env.planMode ? { planMode: { submitTool: env.planMode.submitToolName, readOnlyTools: [...env.planMode.readOnlyTools] } } : {}),
      context: this.context,
      signal: this.signal,
      ...(this.nestedState !== undefined ? { nestedState: this.nestedState } : {}),
      progress: (result, event) => {
        if (record.done || !env.streaming) return;
        emitEvent(env, { type: 'tool_progress', agent, toolName: this.toolName, callId: this.callId, result, event });
      },
    };
    return { runNested: (nested, input, options) => runNestedAgent(setup, nested, input, options.maxTurns) };
  }
}

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

/** The runner's record of a call, when `ctx` was built by a Runner. @internal */
export function callRecordOf(ctx: ToolContext<any>): CallRecord | undefined {
  return (ctx as { [CALL_RECORD]?: CallRecord })[CALL_RECORD];
}

/** The lifecycle of the run that made a call, when `ctx` was built by a Runner. @internal */
export function lifecycleOf(ctx: ToolContext<any>): RunLifecycle | undefined {
  return (ctx as { [LIFECYCLE]?: RunLifecycle })[LIFECYCLE];
}
