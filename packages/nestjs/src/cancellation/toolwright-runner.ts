import { Runner, type Agent, type Item, type RunOptions, type RunResult, type RunState, type RunStream, type RunnerOptions } from '@toolwright/core';
import type { RunLifecycle } from './run-lifecycle';

/**
 * The `Runner` the module provides: a core `Runner` whose runs are tied to the application's
 * lifecycle (see `RunLifecycle`): each run's signal also aborts when the application shuts down,
 * and `app.close()` waits for in-flight runs (drained or aborted) before going on.
 *
 * @internal
 */
export class ToolwrightRunner extends Runner {
  constructor(
    options: RunnerOptions,
    private readonly lifecycle: RunLifecycle,
  ) {
    super(options);
  }

  override run<TContext, TOutput = unknown>(agent: Agent<TContext, TOutput>, input: string | Item[] | RunState<TContext>, options: RunOptions<TContext> = {}): Promise<RunResult<TOutput, TContext>> {
    const { signal, end } = this.lifecycle.begin(options.signal);
    return this.lifecycle.track(super.run(agent, input, { ...options, signal }).finally(end));
  }

  override stream<TContext>(agent: Agent<TContext>, input: string | Item[] | RunState<TContext>, options: RunOptions<TContext> = {}): RunStream {
    const { signal, end } = this.lifecycle.begin(options.signal);
    const stream = super.stream(agent, input, { ...options, signal });
    // Observed here without adding a rejection of its own: the consumer handles the result's error.
    void this.lifecycle.track(stream.result.then(end, end));
    return stream;
  }
}
