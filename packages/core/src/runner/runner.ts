import { Agent } from '../agent/agent';
import { EventChannel } from '../events/event-channel';
import { RunStream } from '../events/run-stream';
import { ToolwrightError } from '../errors/toolwright.error';
import { UserError } from '../errors/user.error';
import { userMessage, type Item } from '../items/item';
import type { ModelSettings } from '../contracts/model';
import { RunState } from '../state/run-state';
import { markStateConsumed } from '../state/consumed-states';
import { RunStateError } from '../errors/run-state.error';
import { releaseToolset } from '../toolsets/toolset-lifecycle';
import type { CallRecord } from '../calls/call-record';
import { RunCancellation } from './run-cancellation';
import type { RunEnvironment } from './run-environment';
import { buildRunResult, type RunResult } from './run-result';
import type { RunnerOptions, RunOptions } from './runner-options';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import { effectiveTimeLimit } from '../limits/time-limit';
import { checkLimit, checkPositive, checkTimeLimit } from './runner-checks';
import { isByteCap } from '../tool/tool-defaults';
import { lazyModule } from '../lazy/lazy-module';
import type { CallLedgerStage } from './stages/call-ledger-stage';
import { ToolEnhancers } from '../calls/tool-enhancers';
import type { CallHost } from '../calls/call-host';
import { RunCallHost } from './run-call-host';
import type { ResumeOptions } from './resume-options';
import type { StoredRunner } from './stored-runs';
import { persistContextSlice } from '../state/persisted-context';
import { checkMetadata } from '../state/run-metadata';
import { planModeOf, type ResolvedPlanMode } from '../plan-mode/plan-mode';
import { createRunLifecycle } from './lifecycle/create-lifecycle';
import { taskRegistryOf } from '../tasks/running-tasks';
import { checkRateLimitOptions } from './rate-limit-options';
import { budgetMeterFor } from './budget-setup';
import { SessionRun } from '../sessions/session-run';
import { RunRecording } from '../run-records/run-recording';
import { RecordingChannel } from '../run-records/recording-channel';
import { nestedObserverOf } from './nested-observer';

/**
 * The model/tool loop and its stages (a third of core's code), loaded by the first run: a program
 * that only declares tools (a CLI listing them, an MCP server starting) never compiles them.
 */
const loadRunLoop = lazyModule(() => require('./run-loop') as typeof import('./run-loop'));
/** Runs kept in a run store (`store` option, `resume`): loaded by the first run that uses one. */
const loadStoredRuns = lazyModule(() => require('./stored-runs') as typeof import('./stored-runs'));

const DEFAULT_MAX_TURNS = 10;
const DEFAULT_MAX_TOOL_CONCURRENCY = 16;
const DEFAULT_MAX_CONSECUTIVE_TOOL_FAILURES = 3;

/**
 * Drives agents: asks the model, executes the tool calls it makes, feeds the outputs back, and
 * repeats until a final answer. A plain class, safe to share: every run keeps its own state, so
 * concurrent runs on one `Runner` never see each other's context, tools or history.
 *
 * @example
 * const runner = new Runner({ model, maxTurns: 10, maxToolConcurrency: 4 });
 * const result = await runner.run(agent, 'What is the weather in Oslo?', { context: user });
 * console.log(result.finalOutput);
 */
export class Runner {
  /** The options the runner was built with (a copy). */
  readonly options: Readonly<RunnerOptions>;
  /** The runner's guardrails and interceptors, merged with each tool's once per tool. */
  private readonly enhancers: ToolEnhancers;

  constructor(options: RunnerOptions = {}) {
    checkPositive('maxTurns', options.maxTurns, 'new Runner({ maxTurns })');
    checkPositive('maxToolConcurrency', options.maxToolConcurrency, 'new Runner({ maxToolConcurrency })');
    checkTimeLimit(options.toolTimeoutMs, 'new Runner({ toolTimeoutMs })');
    if (options.failureError !== undefined && options.failureError !== null && typeof options.failureError !== 'function') {
      throw new UserError('new Runner({ failureError }): failureError must be a function (error, ctx) => text for the model, or null to end the run on tool errors.');
    }
    checkLimit('maxToolOutputBytes', options.maxToolOutputBytes, 'new Runner({ maxToolOutputBytes })', isByteCap);
    planModeOf(options.planMode);
    checkRateLimitOptions(options);
    this.options = { ...options };
    this.enhancers = ToolEnhancers.ofRunner(options.guardrails ?? [], options.interceptors ?? []);
  }

  /**
   * Runs `agent` on `input` (text, items, or a `RunState` to continue) to the end. With
   * `options.store`, a run that pauses is saved there and `result.runId` names it.
   */
  run<TContext, TOutput = unknown>(agent: Agent<TContext, TOutput>, input: string | Item[] | RunState<TContext>, options: RunOptions<TContext> = {}): Promise<RunResult<TOutput, TContext>> {
    if (options.store !== undefined) return loadStoredRuns().runAndStore(this.storedRunner(), agent, input, { ...options, store: options.store }) as Promise<RunResult<TOutput, TContext>>;
    return this.execute(agent, input, options, undefined) as Promise<RunResult<TOutput, TContext>>;
  }

  /**
   * Resumes a run saved in a store, from any process: claims it (exactly one concurrent caller
   * wins; the others get `RunAlreadyClaimedError`), loads it with the decisions recorded by id,
   * runs it with the call ledger around its side effects while renewing the claim's lease, and
   * completes it — or saves it again when it pauses again (`result.runId` stays the same).
   *
   * @example
   * const paused = await runner.run(agent, 'Refund order 42', { store });
   * await store.approve(paused.runId!, paused.interruptions[0].callId);   // any replica
   * const done = await runner.resume(agent, paused.runId!, { store });    // any replica, once
   */
  resume<TContext, TOutput = unknown>(agent: Agent<TContext, TOutput>, runId: string, options: ResumeOptions<TContext>): Promise<RunResult<TOutput, TContext>> {
    return loadStoredRuns().resumeStoredRun(this.storedRunner(), agent, runId, options) as Promise<RunResult<TOutput, TContext>>;
  }

  /**
   * `resume`, streamed: the same claim, load, ledger and save or complete, with the resumed run's
   * events as `stream` delivers them. A resume refused before the run starts (the run is claimed
   * elsewhere, missing, or holds unfinished calls) ends the iteration with that error.
   *
   * @example
   * const stream = runner.resumeStream(agent, runId, { store });
   * for await (const event of stream) if (event.type === 'tool_output') console.log(event.toolName, event.result.text);
   * const result = await stream.result;
   */
  resumeStream<TContext>(agent: Agent<TContext>, runId: string, options: ResumeOptions<TContext>): RunStream {
    const channel = new EventChannel();
    const run = Promise.resolve()
      .then(() => loadStoredRuns().resumeStoredRun(this.storedRunner(channel), agent, runId, options))
      .then(
        (result) => {
          // A resume answered without running (calls sent back for approval) has no events: the iteration just ends.
          channel.close();
          return result;
        },
        (error: unknown) => {
          channel.close({ error });
          throw error;
        },
      );
    return new RunStream(channel, run as Promise<RunResult>);
  }

  /** This runner as runs kept in a store use it: runs with the call ledger go through `execute` directly. */
  private storedRunner(channel?: EventChannel): StoredRunner {
    return {
      options: this.options,
      run: (agent, input, options, recording) => this.execute(agent, input, options, undefined, undefined, recording),
      runWithLedger: (agent, state, options, ledger, recording) => this.execute(agent, state, options, channel, ledger, recording),
    };
  }

  /**
   * Cancels a running call of one of this runner's runs (needs `runningTasks: true`): its signal
   * is aborted with `ToolCancelledError` and the call ends at once with the error output
   * `Tool call <id> was cancelled.`, which the model sees; the run goes on.
   *
   * @throws ToolTaskError `not_found` (no such call running) or `not_cancellable` (its tool is `cancellable: false`).
   */
  cancel(callId: string, reason?: string): void {
    taskRegistryOf(this).cancel(callId, reason);
  }

  /**
   * Runs `agent` and streams its events. The run starts at once; `stream.result` settles when it
   * ends. Events arrive in this order:
   * - per model call: `model_delta` for each text delta, then, in the response's output order,
   *   `message` for each message or reasoning item and `tool_called` for each function call (so
   *   every call of a batch is announced before any of them starts);
   * - while the batch runs: `tool_progress` from `ctx.emit(...)`, and `tool_output` for each call
   *   as it finishes (completion order; the history keeps call order); `guardrail_tripped` just
   *   before a tripwire ends the run;
   * - `agent_changed` on a handoff, `approval_required` before an interrupted run ends;
   * - `run_completed` last, exactly once, when the run did not fail; a failed run instead makes
   *   the iteration throw the run's error after the events emitted so far.
   */
  stream<TContext>(agent: Agent<TContext>, input: string | Item[] | RunState<TContext>, options: RunOptions<TContext> = {}): RunStream {
    const channel = new EventChannel();
    if (options.store === undefined) return new RunStream(channel, this.execute(agent, input, options, channel) as Promise<RunResult>);
    const recording = RunRecording.for(options.store);
    return new RunStream(channel, loadStoredRuns().saveWhenPaused(this.execute(agent, input, options, channel, undefined, recording), options.store, recording) as Promise<RunResult>);
  }

  private async execute<TContext>(
    agent: Agent<TContext>,
    input: string | Item[] | RunState<TContext>,
    options: RunOptions<TContext>,
    channel: EventChannel | undefined,
    ledger?: CallLedgerStage,
    recording?: RunRecording,
  ): Promise<RunResult<unknown, TContext>> {
    if (!(agent instanceof Agent)) throw new UserError('runner.run(agent, input) needs an Agent as its first argument: new Agent({ name, instructions, tools }).');
    checkPositive('maxTurns', options.maxTurns, 'the run options ({ maxTurns })');
    checkPositive('maxToolConcurrency', options.maxToolConcurrency, 'the run options ({ maxToolConcurrency })');
    checkTimeLimit(options.toolTimeoutMs, 'the run options ({ toolTimeoutMs })');
    checkRunControl(options);
    let state: RunState<TContext>;
    let planMode: ResolvedPlanMode | undefined;
    let budget: ReturnType<typeof budgetMeterFor>;
    let session: SessionRun | undefined;
    try {
      if (options.session !== undefined) {
        session = await SessionRun.open(options.session, input);
        input = session.input;
      }
      state = this.startState(agent, input, options);
      persistContextSlice(state, options.persistContext ?? this.options.persistContext);
      if (options.metadata !== undefined) state.metadata = structuredClone(checkMetadata(options.metadata, 'The run option metadata'));
      planMode = planModeOf(options.planMode !== undefined ? options.planMode : this.options.planMode);
      budget = budgetMeterFor(options, state);
    } catch (error) {
      channel?.close({ error });
      throw error;
    }
    // A run kept in a store that records runs: its events also go to the store's timeline.
    const streaming = channel !== undefined;
    if (recording) channel = recording.attach(channel, state, agent);
    else if (channel === undefined) {
      // A nested run of a recorded, unstreamed run: its events go to the calling run's timeline.
      const sink = nestedObserverOf(options);
      if (sink) channel = new RecordingChannel(undefined, { event: sink, end: () => undefined });
    }
    const activeCalls = new Set<CallRecord>();
    const env: RunEnvironment<TContext> = {
      state,
      runner: this,
      runContext: { context: state.context, usage: state.usage, disclosedTools: state.disclosedTools },
      streaming,
      channel,
      cancellation: new RunCancellation(options.signal, activeCalls),
      signal: options.signal,
      defaultModel: this.options.model,
      runnerSettings: withoutUndefined({ ...this.options.modelSettings, parallelToolCalls: this.options.parallelToolCalls }),
      runSettings: withoutUndefined({ ...options.modelSettings, parallelToolCalls: options.parallelToolCalls, toolChoice: options.toolChoice }),
      maxToolConcurrency: options.maxToolConcurrency ?? this.options.maxToolConcurrency ?? DEFAULT_MAX_TOOL_CONCURRENCY,
      enhancers: ledger ? this.enhancers.around([ledger.interceptorFor(state)]) : this.enhancers,
      approvalHandler: this.options.approvalHandler,
      approvalPolicies: this.options.approvalPolicies ?? [],
      guardrailsBeforeApproval: this.options.guardrailsBeforeApproval === true,
      rateLimits: this.options.rateLimits ?? [],
      rateLimiter: this.options.rateLimiter,
      resumedBatch: input instanceof RunState ? state.pendingBatch : undefined,
      budget,
      maxConsecutiveToolFailures: this.options.maxConsecutiveToolFailures ?? DEFAULT_MAX_CONSECUTIVE_TOOL_FAILURES,
      toolTimeoutMs: effectiveTimeLimit(options.toolTimeoutMs, this.options.toolTimeoutMs === undefined ? TOOLWRIGHT_LIMITS.defaultToolTimeoutMs : this.options.toolTimeoutMs),
      maxToolOutputBytes: this.options.maxToolOutputBytes ?? TOOLWRIGHT_LIMITS.defaultMaxOutputBytes,
      failureError: this.options.failureError,
      planMode,
      stopSignal: options.stopSignal,
      onMaxTurns: options.onMaxTurns,
      activeCalls,
      agents: new Map(),
      openToolsets: new Set(),
      calls: undefined as unknown as CallHost<TContext>,
    };
    (env as { calls: CallHost<TContext> }).calls = new RunCallHost(env);
    let failure: { error: unknown } | undefined;
    try {
      const lifecycle = createRunLifecycle(env, this.options, options, input, agent);
      if (lifecycle) await lifecycle.runStart(agent);
      await loadRunLoop().runLoop(env);
    } catch (error) {
      failure = { error };
    } finally {
      env.cancellation.dispose();
      await Promise.allSettled([...env.openToolsets].map((toolset) => releaseToolset(toolset)));
    }
    if (failure) {
      state.status = 'failed';
      const { error } = failure;
      if (error instanceof ToolwrightError && 'result' in error && error.result === undefined) {
        (error as { result?: unknown }).result = buildRunResult(state, 'failed');
      }
      const partial = (error as { result?: unknown } | undefined)?.result;
      if (env.lifecycle) {
        if (partial && typeof partial === 'object') env.lifecycle.decorate(partial as RunResult);
        await env.lifecycle.runEnd(state.currentAgent, failure);
      }
      channel?.close(failure);
      throw error;
    }
    if (session) {
      try {
        await session.finish(state);
      } catch (error) {
        // The run's items could not be kept: the caller must know the conversation did not advance.
        (error as { result?: unknown }).result ??= buildRunResult(state, state.status === 'interrupted' || state.status === 'stopped' ? state.status : 'completed');
        channel?.close({ error });
        throw error;
      }
    }
    const result = buildRunResult(state, state.status === 'interrupted' || state.status === 'stopped' ? state.status : 'completed');
    if (env.lifecycle) {
      env.lifecycle.decorate(result);
      try {
        await env.lifecycle.runEnd(state.currentAgent, { result });
      } catch (error) {
        state.status = 'failed';
        (error as { result?: unknown }).result = buildRunResult(state, 'failed');
        channel?.close({ error });
        throw error;
      }
    }
    channel?.push({ type: 'run_completed', agent: result.lastAgent, result: result as RunResult });
    channel?.close();
    return result;
  }

  private startState<TContext>(agent: Agent<TContext>, input: string | Item[] | RunState<TContext>, options: RunOptions<TContext>): RunState<TContext> {
    const maxTurns = options.maxTurns ?? this.options.maxTurns ?? DEFAULT_MAX_TURNS;
    if (input instanceof RunState) {
      // A state is resumed once: the run continues on a copy, and the paused state is consumed.
      if (input.consumed || !markStateConsumed(input.id)) {
        throw new RunStateError(
          `This run state (id ${input.id}) was already resumed once; resuming it again could run approved tools twice. ` +
            'Continue from the state of the latest result (result.state) instead.',
        );
      }
      const state = input.resumeAs();
      state.runStartIndex = state.history.length;
      state.status = 'running';
      state.interruptions = [];
      if (options.context !== undefined) state.context = options.context;
      if (options.maxTurns !== undefined) state.maxTurns = options.maxTurns;
      return state;
    }
    let history: Item[];
    if (typeof input === 'string') history = [userMessage(input)];
    else if (Array.isArray(input)) history = input.slice();
    else throw new UserError('runner.run(agent, input) needs text, an array of items, or a RunState as its input.');
    return new RunState<TContext>({ agent, history, maxTurns, context: options.context as TContext });
  }
}

/** `stopSignal` and `onMaxTurns`, checked before the run starts. */
function checkRunControl(options: RunOptions<any>): void {
  if (options.onMaxTurns !== undefined && options.onMaxTurns !== 'error' && options.onMaxTurns !== 'final_answer') {
    throw new UserError(`The run option onMaxTurns must be 'error' or 'final_answer' (got ${JSON.stringify(options.onMaxTurns)}).`);
  }
  const stop = options.stopSignal as unknown;
  if (stop !== undefined && (typeof stop !== 'object' || stop === null || typeof (stop as AbortSignal).aborted !== 'boolean')) {
    throw new UserError('The run option stopSignal must be an AbortSignal (new AbortController().signal).');
  }
}

function withoutUndefined(settings: ModelSettings): ModelSettings {
  const out: ModelSettings = {};
  for (const key of Object.keys(settings)) if (settings[key] !== undefined) out[key] = settings[key];
  return out;
}
