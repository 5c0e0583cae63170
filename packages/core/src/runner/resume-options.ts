import type { LedgerScope, UnfinishedCallPolicy } from '../stores/ledger-policy';
import type { RunStore } from '../stores/run-store';
import type { RunOptions } from './runner-options';

/** Options of `runner.resume(agent, runId, ...)`: a run's options plus the store and its policies. */
export interface ResumeOptions<TContext = unknown> extends RunOptions<TContext> {
  /** The store the run was saved in. */
  store: RunStore;
  /** The lease of the claim, renewed while the run goes on (default: the store's, 60 s). */
  leaseMs?: number;
  /** Lifetime of the stored run if it pauses again (default: the store's). */
  ttlMs?: number;
  /**
   * Which calls go through the call ledger: `non-idempotent` (default: tools marked
   * `idempotent: false`), `all`, or `off`. Wins over the Runner's `ledger`.
   */
  ledger?: LedgerScope;
  /**
   * What to do with calls that started before a crash and never finished. Default: `retry` for
   * tools marked `retrySafe`, `fail` for the others. Wins over the Runner's `unfinishedCalls`.
   */
  unfinishedCalls?: UnfinishedCallPolicy;
}
