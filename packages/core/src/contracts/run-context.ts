import type { Usage } from './usage';

/** What every part of a run can see: the user's typed context and the run's live usage. */
export interface RunContext<TContext = unknown> {
  /** The value passed as `options.context` to `runner.run` / `runner.stream`. */
  context: TContext;
  /** Usage so far in this run (model turns and tools' own usage). */
  usage: Usage;
  /**
   * Names of the deferred tools disclosed so far in this run (by results' `addedTools`); set by
   * the runner, read-only.
   */
  disclosedTools?: ReadonlySet<string>;
}
