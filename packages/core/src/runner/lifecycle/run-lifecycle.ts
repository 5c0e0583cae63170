import type { Agent } from '../../agent/agent';
import type { ApprovalDecision } from '../../contracts/approval-decision';
import { GuardrailTripwireError } from '../../errors/guardrail-tripwire.error';
import { HookError } from '../../errors/hook.error';
import type { GuardrailResult, InputGuardrail, OutputGuardrail } from '../../guardrails/agent-guardrail';
import { runAgentGuardrails } from '../../guardrails/run-agent-guardrails';
import type { Item } from '../../items/item';
import type { Model, ModelRequest, ModelResponse } from '../../contracts/model';
import type { CallOutcome } from '../call-outcome';
import type { BatchCall } from '../stages/batch-call';
import type { RunEvent } from '../../contracts/run-event';
import type { RunContext } from '../../contracts/tool';
import { buildRunResult, type RunResult } from '../run-result';
import type { ApprovalHandler } from '../runner-options';
import type { RunState } from '../../state/run-state';
import { RUNNING_TASK_TOOLS, runningTaskTools, type RunTasks } from '../../tasks/task-tools';
import type { Tool } from '../../contracts/tool';
import type { Toolset } from '../../contracts/toolset';
import { isTool } from '../../contracts/is-tool';
import type { RunTracer } from '../../tracing/run-tracer';
import { callHooks } from './call-hooks';
import { lifecycleAround, type LifecycleAround, type StartedCall } from './lifecycle-around';
import type { CallLifecycle } from '../../calls/call-host';
import { withholdOutputs } from './refused-output';
import type { RunHooks } from '../../contracts/run-hooks';

/** What a run's lifecycle is made of; each part optional. @internal */
export interface LifecycleParts {
  hooks?: RunHooks;
  tracer?: RunTracer;
  inputGuardrails: readonly InputGuardrail[];
  outputGuardrails: readonly OutputGuardrail[];
  tasks?: RunTasks;
  /** The run's input as given (`RunState` for a resumed run: input guardrails then do not run). */
  input: string | Item[] | RunState<any>;
}

/** What a lifecycle sees of its run (the run's environment provides it). @internal */
export interface LifecycleHost {
  readonly state: RunState<any>;
  readonly runContext: RunContext<any>;
  readonly channel?: { push(event: RunEvent): void };
}

/**
 * Everything that observes or steers a run from outside the tool-call path: hooks, agent-level
 * guardrails, tracing and running tasks. Created per run only when one of them applies; the run
 * loop calls it at a few points (`env.lifecycle?.…`), so a run without them pays nothing. @internal
 */
export class RunLifecycle implements CallLifecycle {
  /** Calls that went past their input guardrails, by call id (for `onToolEnd` and spans). */
  readonly started = new Map<string, StartedCall>();
  /** Outermost around a call's interceptors, once its input guardrails passed. */
  readonly around: LifecycleAround;
  readonly inputGuardrailResults: GuardrailResult[] = [];
  readonly outputGuardrailResults: GuardrailResult[] = [];
  private currentAgent?: Agent<any>;
  private taskTools?: Tool[];
  private inputChecked: boolean;

  constructor(
    private readonly env: LifecycleHost,
    private readonly parts: LifecycleParts,
  ) {
    this.around = lifecycleAround(parts.hooks, this.started, parts.tasks);
    this.inputChecked = typeof parts.input === 'object' && !Array.isArray(parts.input);
  }

  /** The run's tracer, when spans are recorded. */
  get tracer(): RunTracer | undefined {
    return this.parts.tracer;
  }

  /**
   * The running-task built-ins to offer an agent with these entries: with `runningTasks`, when any
   * of its tools is cancellable (or it has toolsets, whose tools may be); with external tasks
   * (the `tasks` run option), always.
   */
  builtInTools(entries: ReadonlyArray<Tool | Toolset>): Tool[] {
    const tasks = this.parts.tasks;
    if (!tasks || (!tasks.source && !entries.some((e) => !isTool(e) || e.cancellable !== false))) return [];
    if (entries.some((e) => isTool(e) && (e.name === RUNNING_TASK_TOOLS.list || e.name === RUNNING_TASK_TOOLS.cancel))) return [];
    this.taskTools ??= runningTaskTools(tasks);
    return this.taskTools;
  }

  /** `onRunStart`. */
  async runStart(agent: Agent<any>): Promise<void> {
    await this.hooks(undefined, ['onRunStart', undefined], { agent, input: this.parts.input, context: this.env.runContext });
  }

  /**
   * Before each turn: `onAgentStart` (and a new `invoke_agent` span) when the agent changed, then,
   * on the first turn of a new run, the input guardrails (the run's and the starting agent's).
   */
  async beforeTurn(agent: Agent<any>): Promise<void> {
    if (agent !== this.currentAgent) {
      this.currentAgent = agent;
      this.parts.tracer?.agentStarted(agent);
      await this.hooks(agent, ['onAgentStart', 'onStart'], { agent, context: this.env.runContext });
    }
    if (this.inputChecked) return;
    this.inputChecked = true;
    const guardrails = [...this.parts.inputGuardrails, ...agent.inputGuardrails];
    if (guardrails.length === 0) return;
    const run = () => runAgentGuardrails('input', guardrails, agent, this.parts.input, this.env.runContext, this.inputGuardrailResults, (g) => this.tripped(agent, g));
    const before = this.inputGuardrailResults.length;
    try {
      await (this.parts.tracer ? this.parts.tracer.guardrails('input', guardrails.map((g) => g.name), undefined, run, () => 'allow') : run());
    } finally {
      this.recordDecisions('input', this.inputGuardrailResults, before);
    }
  }

  /** `onLlmStart`, the `chat` span around the call, `onLlmEnd`. */
  async modelCall(agent: Agent<any>, model: Model, request: ModelRequest, call: () => Promise<ModelResponse>): Promise<ModelResponse> {
    const context = this.env.runContext;
    await this.hooks(agent, ['onLlmStart', 'onLlmStart'], { agent, request, context });
    const response = await (this.parts.tracer ? this.parts.tracer.model(model, request, call) : call());
    await this.hooks(agent, ['onLlmEnd', 'onLlmEnd'], { agent, request, response, context });
    return response;
  }

  /**
   * One call of a batch: its `execute_tool` span, and `onToolEnd` for a call that started (went
   * past its input guardrails) and has an output — after its output guardrails, before the output
   * joins the history. A failed call takes the same path, with `result.isError` and `error`.
   */
  async toolCall(agent: Agent<any>, prepared: BatchCall, execute: () => Promise<CallOutcome>): Promise<CallOutcome> {
    const callId = prepared.call.callId;
    const run = async (): Promise<CallOutcome> => {
      try {
        const outcome = await execute();
        const started = this.started.get(callId);
        if (started?.hookError !== undefined) throw started.hookError;
        if (started && outcome.invoked && !outcome.paused && outcome.tool) {
          const event = { agent, tool: outcome.tool, callId, args: outcome.args, ctx: started.ctx, result: outcome.result, ...(started.error !== undefined ? { error: started.error } : {}) };
          await this.hooks(agent, ['onToolEnd', 'onToolEnd'], event);
        }
        return outcome;
      } finally {
        if (!this.parts.tracer) this.started.delete(callId);
      }
    };
    if (!this.parts.tracer) return run();
    return this.parts.tracer.tool(prepared.call, prepared.tool, run, (outcome) => {
      const started = this.started.get(callId);
      this.started.delete(callId);
      const error = started?.error;
      const errorType = !prepared.tool ? 'tool_not_found' : error !== undefined ? errorName(error) : !outcome.invoked && prepared.answer ? (prepared.answer.why === 'rate_limited' ? 'rate_limited' : 'refused') : 'tool_error';
      return { failed: outcome.failed, errorType, error, output: outcome.result.text, durationMs: outcome.durationMs };
    });
  }

  /**
   * The run is about to complete with `output` from `agent`: output guardrails, then `onAgentEnd`.
   * When `fromBatch` (the output came from the tool outputs of the last batch) is refused, the
   * error's `result` keeps the real items while the state's history gets the fixed notice (Z-41).
   */
  async finalOutput(agent: Agent<any>, output: unknown, fromBatch?: readonly CallOutcome[]): Promise<void> {
    try {
      const guardrails = [...this.parts.outputGuardrails, ...agent.outputGuardrails];
      if (guardrails.length > 0 && output !== '') {
        const run = () => runAgentGuardrails('output', guardrails, agent, output, this.env.runContext, this.outputGuardrailResults, (g) => this.tripped(agent, g));
        const before = this.outputGuardrailResults.length;
        try {
          await (this.parts.tracer ? this.parts.tracer.guardrails('output', guardrails.map((g) => g.name), undefined, run, () => 'allow') : run());
        } finally {
          this.recordDecisions('output', this.outputGuardrailResults, before);
        }
      }
      await this.hooks(agent, ['onAgentEnd', 'onEnd'], { agent, output, context: this.env.runContext });
    } catch (error) {
      if (fromBatch && fromBatch.length > 0 && (error instanceof GuardrailTripwireError || error instanceof HookError)) {
        error.result = this.decorate(buildRunResult(this.env.state, 'failed'));
        withholdOutputs(this.env.state, new Set(fromBatch.map((o) => o.call.callId)));
      }
      throw error;
    }
  }

  /** Keeps the agent-level guardrail results from `from` on in the state's recorded decisions. */
  private recordDecisions(stage: 'input' | 'output', results: readonly GuardrailResult[], from: number): void {
    const state = this.env.state;
    for (let i = from; i < results.length; i++) {
      const r = results[i]!;
      state.recordGuardrailDecision({
        guardrail: r.guardrail, stage, outcome: r.tripped ? 'tripwire' : 'allow', agent: r.agent, turn: state.turn,
        ...(r.message !== undefined ? { message: r.message } : {}),
      });
    }
  }

  /** The run moved from `from` to `to`: a span event, `onHandoff` (runner, then the new agent's). */
  async handoff(from: Agent<any>, to: Agent<any>, input: unknown): Promise<void> {
    this.parts.tracer?.event('toolwright.handoff', { 'toolwright.handoff.from': from.name, 'toolwright.handoff.to': to.name });
    const event = { from, to, context: this.env.runContext, ...(input !== undefined ? { input } : {}) };
    await this.hooks(to, ['onHandoff', 'onHandoff'], event);
  }

  /** `onRunEnd`, then the run's span ends. A hook error on a failed run is dropped (the run's error stands). */
  async runEnd(agent: Agent<any>, outcome: { result: RunResult<any, any> } | { error: unknown }): Promise<void> {
    let hookError: unknown;
    try {
      await this.hooks(undefined, ['onRunEnd', undefined], { agent, ...outcome, context: this.env.runContext });
    } catch (error) {
      hookError = error;
    }
    if ('error' in outcome) {
      this.parts.tracer?.end('failed', this.env.state.usage, outcome.error);
      return;
    }
    const interruptions = outcome.result.interruptions;
    if (interruptions.length > 0) {
      // The run waits for people: the wait shows on the agent's span.
      this.parts.tracer?.event('toolwright.approval.required', { 'gen_ai.tool.call.id': interruptions.map((r) => r.callId) });
    }
    this.parts.tracer?.end(hookError !== undefined ? 'failed' : outcome.result.status, this.env.state.usage, hookError);
    if (hookError !== undefined) throw hookError;
  }

  /** Adds the agent-level guardrail results to a result. */
  decorate<T extends RunResult<any, any>>(result: T): T {
    result.inputGuardrailResults = this.inputGuardrailResults.slice();
    result.outputGuardrailResults = this.outputGuardrailResults.slice();
    return result;
  }

  /** Wraps the approval handler so that its waits show as span events on the agent's span. */
  tracedApprovalHandler(handler: ApprovalHandler): ApprovalHandler {
    const tracer = this.parts.tracer;
    if (!tracer) return handler;
    return async (request, ctx) => {
      tracer.event('toolwright.approval.requested', { [`gen_ai.tool.name`]: request.toolName, [`gen_ai.tool.call.id`]: request.callId });
      const started = performance.now();
      const decision: ApprovalDecision | undefined = await handler(request, ctx);
      tracer.event('toolwright.approval.decided', {
        'gen_ai.tool.call.id': request.callId,
        'toolwright.approval.outcome': decision === undefined || decision === null ? 'deferred' : decision.approved ? 'approved' : 'rejected',
        'toolwright.approval.wait_ms': Math.round(performance.now() - started),
      });
      return decision;
    };
  }

  private tripped(agent: Agent<any>, guardrail: string): void {
    this.env.channel?.push({ type: 'guardrail_tripped', agent, guardrail, toolName: '', callId: '' });
  }

  private hooks(agent: Agent<any> | undefined, pair: Parameters<typeof callHooks>[2], event: object): Promise<void> | undefined {
    const [runName, agentName] = pair;
    if (!this.parts.hooks?.[runName] && !(agentName && agent?.hooks?.[agentName])) return undefined;
    return callHooks(this.parts.hooks, agent, pair, event);
  }
}

function errorName(error: unknown): string {
  const name = (error as { name?: unknown })?.name;
  return typeof name === 'string' && name !== '' ? name : typeof error;
}
