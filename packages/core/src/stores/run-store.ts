import type { Agent } from '../agent/agent';
import type { ApproveOptions, RejectOptions } from '../contracts/approval-decision';
import type { RunState } from '../state/run-state';
import type { CallLedger } from './call-ledger';
import type { RunClaim } from './run-claim';

/** Where a stored run stands: waiting for a resume, being resumed (leased), or done. */
export type StoredRunStatus = 'paused' | 'claimed' | 'completed';

/** Options of `store.save(state, ...)`. */
export interface SaveRunOptions {
  /**
   * How long the stored run lives without being resumed, in milliseconds; after that it is
   * gone (`RunNotFoundError`). Default: the store's `defaultTtlMs` (7 days unless configured).
   */
  ttlMs?: number;
  /**
   * Saves onto the run this claim holds instead of creating a new one: a resumed run that paused
   * again (status back to `paused`, the claim released, earlier decisions dropped), or a
   * checkpoint of a run in progress (status stays `claimed`). Refused with
   * `RunAlreadyClaimedError` when another process has taken the run over.
   */
  claim?: RunClaim;
}

/** Options of `store.claim(id, ...)`. */
export interface ClaimOptions {
  /**
   * How long the claim holds without being renewed, in milliseconds (default 60,000). When a
   * resuming process dies, another can claim the run once the lease has expired.
   */
  leaseMs?: number;
}

/** A filter of `store.list(...)`. */
export interface RunListFilter {
  status?: StoredRunStatus;
  /** Only runs not updated for at least this many milliseconds (abandoned ones). */
  olderThanMs?: number;
  /** At most this many runs, oldest update first (default 1,000). */
  limit?: number;
}

/** One run as `store.list` shows it. */
export interface StoredRunSummary {
  id: string;
  status: StoredRunStatus;
  /** Last change (epoch milliseconds). */
  updatedAt: number;
}

/** A call waiting for approval on a stored run, as `store.inspect` shows it (no history). */
export interface StoredInterruption {
  callId: string;
  toolName: string;
  /** The validated arguments of the call. */
  arguments: unknown;
  /** The name of the agent whose turn made the call. */
  agent: string;
  parentCallId?: string;
}

/** A stored run without its history: status, claim, pending calls and decisions so far. */
export interface StoredRunInfo extends StoredRunSummary {
  createdAt: number;
  /** When the run expires (epoch milliseconds). */
  expiresAt: number;
  /** Claims so far. */
  attempts: number;
  claimedAt?: number;
  leaseExpiresAt?: number;
  /** The calls waiting for a decision (empty unless paused). */
  interruptions: StoredInterruption[];
  /** Decisions recorded by `store.approve` / `store.reject` since the run paused, by call id. */
  decisions: Record<string, StoredDecision>;
}

/** A decision recorded on a stored run by id. */
export type StoredDecision =
  | ({ approved: true } & ApproveOptions)
  | ({ approved: false } & RejectOptions);

/**
 * Durable storage for paused runs, so that a run paused in one process resumes exactly once, in
 * any process. States are stored signed; a claim is atomic (one winner, a lease that expires
 * when its holder dies); decisions can be recorded by run id without loading the history; the
 * call ledger (exactly-once side effects) lives in the same store.
 *
 * Use it through the runner: `runner.run(agent, input, { store })` stores a run that pauses and
 * returns `result.runId`; `runner.resume(agent, runId, { store })` claims, loads, runs and
 * completes it. `MemoryRunStore` (core) keeps runs in the process; `PostgresRunStore`
 * (`@toolwright/postgres`) and `RedisRunStore` (`@toolwright/redis`) share them between replicas.
 */
export interface RunStore extends CallLedger {
  /**
   * Stores a paused state (`status: 'interrupted'`) and returns the new run's id; with
   * `options.claim`, saves onto that claimed run instead (see `SaveRunOptions.claim`).
   * @throws UserError for a state that is not paused (or running, for a checkpoint).
   */
  save(state: RunState<any>, options?: SaveRunOptions): Promise<string>;
  /**
   * Reads a run's state (signature checked) with the decisions recorded by id applied. Loading
   * does not claim: resume through `runner.resume`, or claim first.
   * @throws RunNotFoundError when there is no such run (never stored, or expired).
   * @throws RunAlreadyClaimedError (status `completed`) when the run was completed.
   */
  load<TContext = unknown>(agents: Agent<any> | ReadonlyArray<Agent<any>>, id: string): Promise<RunState<TContext>>;
  /**
   * Atomically takes the right to resume a paused run (or one whose lease expired). Exactly one
   * concurrent caller wins.
   * @throws RunAlreadyClaimedError for every other caller (naming the winner's claim time), and
   *   for a run that was completed.
   * @throws RunNotFoundError when there is no such run.
   */
  claim(id: string, options?: ClaimOptions): Promise<RunClaim>;
  /** Extends a claim's lease. @throws RunAlreadyClaimedError when the run was taken over. */
  renew(claim: RunClaim, options?: ClaimOptions): Promise<RunClaim>;
  /**
   * Marks a run completed: it cannot be claimed again, its state and ledger are dropped, and it
   * is forgotten after the store's `completedTtlMs`. With `claim`, only while that claim holds.
   */
  complete(id: string, claim?: RunClaim): Promise<void>;
  /**
   * Gives a claimed run back (status `paused`), so it can be claimed again at once, e.g. after a
   * resume failed. With `claim`, only while that claim holds.
   */
  release(id: string, claim?: RunClaim): Promise<void>;
  /** Runs by status and age, oldest update first. */
  list(filter?: RunListFilter): Promise<StoredRunSummary[]>;
  /** A run's status, pending calls and decisions, without its history. */
  inspect(id: string): Promise<StoredRunInfo>;
  /**
   * Approves a pending call of a paused run, by id, from any process: the decision is stored
   * beside the state and applied when the run is loaded.
   * @throws RunStateError when the call is not waiting for approval.
   */
  approve(id: string, callId: string, options?: ApproveOptions): Promise<void>;
  /** Rejects a pending call of a paused run, by id (see `approve`). */
  reject(id: string, callId: string, options?: RejectOptions): Promise<void>;
  /**
   * Deletes runs past their expiry; returns how many. Stores with native expiry return 0. Stores
   * that keep run records (`RunRecords`) also delete the records and timelines past their
   * `recordTtlMs` here (not counted). Call it periodically, e.g. hourly.
   */
  purgeExpired(): Promise<number>;
}
