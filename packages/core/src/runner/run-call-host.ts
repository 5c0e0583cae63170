import type { GuardrailDecision } from '../state/guardrail-decisions';
import type { CallHost, CallLifecycle } from '../calls/call-host';
import type { CallRecord } from '../calls/call-record';
import type { ToolEnhancers } from '../calls/tool-enhancers';
import type { RunEvent } from '../contracts/run-event';
import type { RunHost } from '../contracts/run-host';
import type { FailureErrorFunction, RunContext, ToolContext } from '../contracts/tool';
import type { Usage } from '../contracts/usage';
import { addUsage } from '../result/usage';
import { runNestedAgent, type NestedRunSetup } from './nested-run';
import type { RunEnvironment } from './run-environment';
import { RecordingChannel } from '../run-records/recording-channel';

/**
 * A run as the host of its calls: its context, events, enhancers, limits, cancellation and
 * lifecycle, read from the run's environment at each call (a lifecycle may be installed when the
 * run reaches an agent with hooks), and nested runs on the run's runner. @internal
 */
export class RunCallHost<TContext> implements CallHost<TContext> {
  readonly runContext: RunContext<TContext>;
  readonly emit: ((event: RunEvent) => void) | undefined;
  readonly toolTimeoutMs: number;
  readonly maxToolOutputBytes: number;
  readonly activeCalls: Set<CallRecord>;
  readonly failureError: FailureErrorFunction | null | undefined;

  constructor(private readonly env: RunEnvironment<TContext>) {
    this.runContext = env.runContext;
    const channel = env.channel;
    // A recorded run's calls report to its recording even when the run is not streamed.
    this.emit = channel && (env.streaming || channel instanceof RecordingChannel) ? (event) => channel.push(event) : undefined;
    this.toolTimeoutMs = env.toolTimeoutMs;
    this.maxToolOutputBytes = env.maxToolOutputBytes;
    this.activeCalls = env.activeCalls;
    this.failureError = env.failureError;
  }

  get enhancers(): ToolEnhancers {
    return this.env.enhancers;
  }

  get lifecycle(): CallLifecycle | undefined {
    return this.env.lifecycle;
  }

  throwIfCancelled(): void {
    this.env.cancellation.throwIfCancelled();
  }

  addUsage(usage: Partial<Usage>): void {
    addUsage(this.env.state.toolUsage, usage);
    addUsage(this.env.state.usage, usage);
  }

  recordGuardrail(decision: Omit<GuardrailDecision, 'turn'>): void {
    this.env.state.recordGuardrailDecision({ ...decision, turn: this.env.state.turn });
  }

  nestedRuns(ctx: ToolContext<any>, record: CallRecord): RunHost | undefined {
    const env = this.env;
    const runner = env.runner;
    if (!runner) return undefined;
    const { agent, callId, toolName } = ctx;
    const emit = this.emit;
    const setup: NestedRunSetup = {
      runner,
      streaming: env.streaming,
      recorded: !env.streaming && emit !== undefined,
      traceParent: env.lifecycle?.tracer?.callContext(callId),
      // A nested run refuses what is not read-only as the calling run does, but is not offered
      // the calling run's submission tool (naming it makes its own tool of that name allowed).
      ...(env.planMode ? { planMode: { submitTool: env.planMode.submitToolName, readOnlyTools: [...env.planMode.readOnlyTools] } } : {}),
      context: ctx.context,
      signal: ctx.signal,
      ...(env.budget ? { budget: env.budget } : {}),
      ...(ctx.nestedState !== undefined ? { nestedState: ctx.nestedState } : {}),
      progress: (result, event) => {
        if (record.done || !emit) return;
        emit({ type: 'tool_progress', agent, toolName, callId, result, event });
      },
    };
    return {
      runNested: (nested, input, options) => runNestedAgent(setup, nested, input, options.maxTurns),
      ...(env.approvalHandler ? { approvalHandler: env.approvalHandler } : {}),
    };
  }
}
