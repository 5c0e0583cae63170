import { Runner, type Agent, type Item, type ResumeOptions, type RunOptions, type RunResult, type RunState, type RunStream, type RunnerOptions } from '@toolwright/core';
import type { SessionFor } from '../options/toolwright-module-options';
import type { RunLifecycle } from './run-lifecycle';

/**
 * The `Runner` the module provides: a core `Runner` whose runs are tied to the application's
 * lifecycle (see `RunLifecycle`): each run's signal also aborts when the application shuts down,
 * and `app.close()` waits for in-flight runs (drained or aborted) before going on. With the
 * module's `sessionFor`, a run without a `session` option gets the session it names for the run's
 * context (on `run`, `stream` and `resume`).
 *
 * @internal
 */
export class ToolwrightRunner extends Runner {
  constructor(
    options: RunnerOptions,
    private readonly lifecycle: RunLifecycle,
    private readonly sessionFor?: SessionFor,
  ) {
    super(options);
  }

  override resume<TContext, TOutput = unknown>(agent: Agent<TContext, TOutput>, runId: string, options: ResumeOptions<TContext>): Promise<RunResult<TOutput, TContext>> {
    return super.resume(agent, runId, this.withSession(agent, options));
  }

  override run<TContext, TOutput = unknown>(agent: Agent<TContext, TOutput>, input: string | Item[] | RunState<TContext>, options: RunOptions<TContext> = {}): Promise<RunResult<TOutput, TContext>> {
    const { signal, end } = this.lifecycle.begin(options.signal);
    return this.lifecycle.track(super.run(agent, input, { ...this.withSession(agent, options), signal }).finally(end));
  }

  override stream<TContext>(agent: Agent<TContext>, input: string | Item[] | RunState<TContext>, options: RunOptions<TContext> = {}): RunStream {
    const { signal, end } = this.lifecycle.begin(options.signal);
    const stream = super.stream(agent, input, { ...this.withSession(agent, options), signal });
    // Observed here without adding a rejection of its own: the consumer handles the result's error.
    void this.lifecycle.track(stream.result.then(end, end));
    return stream;
  }

  /** `options` with the session `sessionFor` names for the run's context, unless they give one. */
  private withSession<TContext, O extends RunOptions<TContext>>(agent: Agent<TContext>, options: O): O {
    if (this.sessionFor === undefined || (options !== null && typeof options === 'object' && 'session' in options)) return options;
    const session = this.sessionFor(options?.context, agent as Agent<any>);
    return session === undefined ? options : { ...options, session };
  }
}
