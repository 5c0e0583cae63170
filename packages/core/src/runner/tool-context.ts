import type { Agent } from '../agent/agent';
import type { FunctionCallItem } from '../items/item';
import { ToolResult, toToolResult } from '../result/tool-result';
import type { Usage } from '../result/usage';
import type { ToolContext } from '../tool/tool';
import type { CallRecord } from './call-record';
import { emitEvent, type RunEnvironment } from './run-environment';

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

  constructor(
    env: RunEnvironment<TContext>,
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
            result: typeof partial === 'string' ? ToolResult.text(partial) : toToolResult(partial),
          });
        }
      : noop;
  }

  get signal(): AbortSignal {
    return this.record.signal;
  }
}

function noop(): void {}
