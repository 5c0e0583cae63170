import {
  RunAlreadyClaimedError, RunNotFoundError, RunStateError, UserError,
  type Agent, type ApproveOptions, type CallLedgerEntry, type ClaimOptions, type RecordedCallOutput, type RejectOptions,
  type RunClaim, type RunListFilter, type RunState, type RunStore, type RunStoreOptions, type SaveRunOptions, type StoredDecision,
  type StoredRunInfo, type StoredRunSummary,
} from '@toolwright/core';
import { runStoreKit, type ResolvedRunStoreOptions } from '@toolwright/core/extend';
import { Pool, type PoolConfig } from 'pg';
import { ClaimSnapshots, type Row } from './claim-snapshots';
import { PostgresRunTimeline } from './run-timeline';
import { runTimelineMigration, runTimelineTables } from './run-timeline-schema';
import type { RunRecord, RunRecordPage, RunRecordQuery, RunRecords, RunTimelineEvent, RunView } from '@toolwright/core';
import { runLockedMigration } from './locked-migration';
import { DEFAULT_RUNS_TABLE, runStoreMigration, runStoreTables, type RunStoreTables } from './run-store-schema';
import { claimBatch, namedStatements, runStoreSql, type NamedStatement, type RunStoreSql } from './run-store-sql';
import { pipelinedConnections, StoreQueries } from './store-queries';

/** Options of `new PostgresRunStore(...)`. */
export interface PostgresRunStoreOptions extends RunStoreOptions {
  /** A pool of your own (the store never ends it). */
  pool?: Pool;
  /** Otherwise a connection string; the store makes a pool and `close()` ends it. */
  connectionString?: string;
  /** Further settings of the pool the store makes (size, SSL, timeouts). */
  poolConfig?: PoolConfig;
  /** The runs table (default `toolwright_runs`; the ledger is `<table>_calls`), optionally `schema.table`. */
  table?: string;
  /**
   * Create the tables on first use when they are missing (the same SQL as `runStoreMigration`,
   * under an advisory lock so replicas starting together do not collide). Default false: run the
   * migration yourself.
   */
  createTables?: boolean;
  /**
   * Send the store's statements as named prepared statements, parsed and planned once per pooled
   * connection (default true). Set false behind a connection pooler that cannot keep them (PgBouncer
   * in transaction mode before 1.21).
   */
  preparedStatements?: boolean;
  /**
   * Send the store's short statements (save, claim, load, complete, the ledger, decisions) over
   * a few connections of the store's own, pipelined: a statement is written without waiting for
   * the answers to the ones before it, so concurrent operations keep a busy backend busy instead
   * of waking one per statement. Each statement is still its own transaction. `connections`
   * (default 2) is the most it opens, beside the pool; a new one only when the open ones stall
   * (a lock wait) or fill up, and an idle one closes after the pool's `idleTimeoutMillis`
   * (default 10 s). Lists, `inspect`, purges and migrations go through the pool.
   *
   * Default: on when the store makes its pool (`connectionString`); off with a pool of your own,
   * where `true` opens the connections with your pool's settings (`pool.options`). `false`: every
   * statement through the pool.
   */
  pipeline?: boolean | { connections?: number };
}

/**
 * A `RunStore` on PostgreSQL: paused runs resume exactly once on any replica, and the call ledger
 * lives beside them. A claim is one conditional `UPDATE` (the row lock makes concurrent claimers
 * wait and re-check, so exactly one wins); leases, expiry and claim times use the database's
 * clock; decisions by id are merged into a `jsonb` column without reading the history.
 *
 * @example
 * const store = new PostgresRunStore({ connectionString: process.env.DATABASE_URL, secret: process.env.RUN_STORE_SECRET! });
 * const paused = await runner.run(agent, 'Refund order 42', { store });      // replica A
 * await store.approve(paused.runId!, callId);                                // replica B
 * const done = await runner.resume(agent, paused.runId!, { store });         // replica C, exactly once
 */
export class PostgresRunStore implements RunStore, RunRecords {
  /** The pool the store queries through. */
  readonly pool: Pool;
  private readonly options: ResolvedRunStoreOptions;
  private readonly table: string;
  private readonly tables: RunStoreTables;
  private readonly statements: { [K in keyof RunStoreSql]: NamedStatement | string };
  private readonly ownsPool: boolean;
  /** Where the statements go: the pipelined connections (see the `pipeline` option) or the pool. */
  private readonly queries: StoreQueries;
  private closing: Promise<void> | undefined;
  private readonly snapshots = new ClaimSnapshots();
  /** Runs kept from their start with their timeline (`RunRecords`). */
  private readonly timeline: PostgresRunTimeline;

  constructor(options: PostgresRunStoreOptions) {
    this.options = runStoreKit.resolveStoreOptions(options, 'new PostgresRunStore()');
    this.table = options.table ?? DEFAULT_RUNS_TABLE;
    this.tables = runStoreTables(this.table);
    const sql = runStoreSql(this.tables);
    this.statements = options.preparedStatements === false ? sql : namedStatements(sql);
    if (options.pool !== undefined) {
      this.pool = options.pool;
      this.ownsPool = false;
    } else if (typeof options.connectionString === 'string' && options.connectionString !== '') {
      this.pool = new Pool({ ...options.poolConfig, connectionString: options.connectionString });
      // An idle connection the server drops (a restart, a failover) is discarded by the pool and
      // replaced on the next query; without a listener it would crash the process.
      this.pool.on('error', () => undefined);
      this.ownsPool = true;
    } else {
      throw new UserError('new PostgresRunStore(): pass a pg Pool ({ pool }) or a connection string ({ connectionString: "postgres://..." }).');
    }
    const pipeline = pipelinedConnections(options.pipeline, this.pool, { ownsPool: this.ownsPool, poolConfig: options.poolConfig, connectionString: options.connectionString });
    this.queries = new StoreQueries(this.pool, pipeline, options.createTables === true ? () => this.migrate() : undefined);
    this.timeline = new PostgresRunTimeline(
      (text, values) => this.queries.query(text, values),
      runTimelineTables(this.table),
      this.options.records,
      (text, values) => this.queries.query(text, values, 'pool'),
    );
  }

  /** How often the runner renews a running run's record (the `recordHeartbeatMs` option). */
  get recordHeartbeatMs(): number {
    return this.timeline.recordHeartbeatMs;
  }

  /** Creates the tables if missing (what `createTables: true` does on first use). */
  async migrate(): Promise<void> {
    await runLockedMigration(this.pool, `toolwright-run-store:${this.tables.runs}`, runStoreMigration(this.table) + runTimelineMigration(this.table));
  }

  /** Keeps a run's record (see `RunRecords`). */
  recordRun(record: RunRecord): Promise<void> {
    return this.timeline.recordRun(record);
  }

  /** Appends to a run's timeline (see `RunRecords`). */
  appendEvents(id: string, events: RunTimelineEvent[]): Promise<void> {
    return this.timeline.appendEvents(id, events);
  }

  /** Runs newest first, a page at a time (see `RunRecords`). */
  listRuns(query?: RunRecordQuery): Promise<RunRecordPage> {
    return this.timeline.listRuns(query);
  }

  /** A run with its timeline, by record id or run id (see `RunRecords`). */
  getRunView(id: string, options?: { afterSeq?: number }): Promise<RunView | undefined> {
    return this.timeline.getRunView(id, options);
  }

  /** Closes the store's pipelined connections, and ends the pool if the store made it (once, however often it is called). */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      await this.queries.end();
      if (this.ownsPool) await this.pool.end();
    })());
  }

  async save(state: RunState<any>, options: SaveRunOptions = {}): Promise<string> {
    const ttlMs = runStoreKit.checkDuration(options.ttlMs, this.options.defaultTtlMs, 'store.save(state, { ttlMs })');
    if (options.claim !== undefined) {
      const claim = options.claim;
      runStoreKit.checkClaim(claim, 'store.save(state, { claim })');
      const e = runStoreKit.encodeRun(state, claim.runId, this.options.secret, true);
      this.snapshots.drop(claim.runId);
      const { rowCount } = await this.queries.query(this.statements.saveClaimed, [claim.runId, claim.token, e.revision, e.state, e.pendingCallIds, e.interruptions, e.status, ttlMs]);
      if (rowCount === 0) throw await this.lostClaim(claim);
      return claim.runId;
    }
    const id = runStoreKit.randomId();
    const e = runStoreKit.encodeRun(state, id, this.options.secret, false);
    await this.queries.query(this.statements.insert, [id, e.revision, e.state, e.pendingCallIds, e.interruptions, ttlMs]);
    return id;
  }

  async load<TContext = unknown>(agents: Agent<any> | ReadonlyArray<Agent<any>>, id: string): Promise<RunState<TContext>> {
    runStoreKit.checkRunId(id, 'store.load(agents, id)');
    const row = this.snapshots.take(id, 'run') ?? (await this.queries.one(this.statements.load, [id]));
    if (!row) throw new RunNotFoundError(id);
    if (row.state === null) throw new RunAlreadyClaimedError(id, 'completed', row.completedAt ?? row.updatedAt);
    return runStoreKit.decodeRun<TContext>(agents, id, { revision: row.revision, state: row.state, decisions: row.decisions ?? {} }, this.options.secret);
  }

  async claim(id: string, options: ClaimOptions = {}): Promise<RunClaim> {
    runStoreKit.checkRunId(id, 'store.claim(id)');
    const leaseMs = runStoreKit.checkDuration(options.leaseMs, this.options.defaultLeaseMs, 'store.claim(id, { leaseMs })');
    // The common case, a paused run nobody else touches meanwhile: one prepared statement claims
    // it and reads its state and ledger for the load and the ledger read that follow a claim.
    const fastToken = runStoreKit.randomId();
    const fastAsked = performance.now();
    const fast = (await this.queries.one(this.statements.claimPaused, [id, fastToken, leaseMs]))!;
    if (fast.attempts !== null) {
      const run = { revision: fast.revision, state: fast.state, decisions: fast.decisions, status: 'claimed' };
      this.snapshots.keep(id, { deadline: fastAsked + leaseMs, run, calls: fast.calls as Row[] });
      return { runId: id, token: fastToken, claimedAt: fast.claimedAt, leaseExpiresAt: fast.leaseExpiresAt, attempt: fast.attempts };
    }
    // Not won: refused for good as the statement saw the run (no such run, completed, a live
    // lease), or claimable after all (a lease ran out, or the run changed while the claim waited).
    if (fast.heldStatus === null) throw new RunNotFoundError(id);
    const held = { status: fast.heldStatus, claimedAt: fast.heldClaimedAt, leaseExpiresAt: fast.heldLeaseExpiresAt, completedAt: fast.heldCompletedAt };
    const refused = runStoreKit.claimRefusal(id, held as never, Date.now());
    if (refused) throw refused;
    // Otherwise one round trip claims the run (a takeover too), reads its state and ledger (see
    // claimBatch), and, for a refused claim, who holds the run. If the run became claimable
    // between the claim and that read (a lease ran out), it is tried again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = runStoreKit.randomId();
      const asked = performance.now();
      const [claimed, ledger, holder] = (await this.queries.query(claimBatch(this.tables, id, token, leaseMs))) as unknown as Array<{ rows: Row[] }>;
      const won = claimed!.rows[0];
      if (won) {
        this.snapshots.keep(id, { deadline: asked + leaseMs, run: { ...won, status: 'claimed' }, calls: ledger!.rows });
        return { runId: id, token, claimedAt: won.claimedAt, leaseExpiresAt: won.leaseExpiresAt, attempt: won.attempts };
      }
      const view = holder!.rows[0];
      if (!view) throw new RunNotFoundError(id);
      const refusal = runStoreKit.claimRefusal(id, view as never, Date.now());
      if (refusal) throw refusal;
    }
    throw new RunAlreadyClaimedError(id, 'claimed', Date.now());
  }

  async renew(claim: RunClaim, options: ClaimOptions = {}): Promise<RunClaim> {
    runStoreKit.checkClaim(claim, 'store.renew(claim)');
    const leaseMs = runStoreKit.checkDuration(options.leaseMs, this.options.defaultLeaseMs, 'store.renew(claim, { leaseMs })');
    const row = await this.queries.one(this.statements.renew, [claim.runId, claim.token, leaseMs]);
    if (!row) throw await this.lostClaim(claim);
    return { ...claim, leaseExpiresAt: row.leaseExpiresAt };
  }

  async complete(id: string, claim?: RunClaim): Promise<void> {
    const token = this.tokenFor(id, claim, 'store.complete(id)');
    this.snapshots.drop(id);
    const row = await this.queries.one(this.statements.complete, [id, token, this.options.completedTtlMs]);
    if (row!.n === 1) return;
    const view = await this.queries.one(this.statements.view, [id]);
    if (!view) throw new RunNotFoundError(id);
    if (claim) throw runStoreKit.lostClaimError(claim, view as never, Date.now());
  }

  async release(id: string, claim?: RunClaim): Promise<void> {
    const token = this.tokenFor(id, claim, 'store.release(id)');
    this.snapshots.drop(id);
    const { rowCount } = await this.queries.query(this.statements.release, [id, token]);
    if (rowCount === 1) return;
    const view = await this.queries.one(this.statements.view, [id]);
    if (!view) throw new RunNotFoundError(id);
    if (view.status === 'completed') throw new RunAlreadyClaimedError(id, 'completed', view.completedAt);
    if (claim) throw runStoreKit.lostClaimError(claim, view as never, Date.now());
  }

  async list(filter: RunListFilter = {}): Promise<StoredRunSummary[]> {
    const rows = await this.queries.rows(this.statements.list, [filter.status ?? null, filter.olderThanMs ?? null, filter.limit ?? 1_000], 'pool');
    return rows.map((r) => ({ id: r.id, status: r.status, updatedAt: r.updatedAt }));
  }

  async inspect(id: string): Promise<StoredRunInfo> {
    runStoreKit.checkRunId(id, 'store.inspect(id)');
    const row = await this.queries.one(this.statements.inspect, [id], 'pool');
    if (!row) throw new RunNotFoundError(id);
    const { secret } = this.options;
    const decisions: Record<string, StoredDecision> = {};
    for (const [callId, signed] of Object.entries((row.decisions ?? {}) as Record<string, string>)) {
      decisions[callId] = runStoreKit.decodeDecision(secret, id, row.revision, callId, signed);
    }
    return {
      id,
      status: row.status,
      updatedAt: row.updatedAt,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      attempts: row.attempts,
      ...(row.status === 'claimed' ? { claimedAt: row.claimedAt, leaseExpiresAt: row.leaseExpiresAt } : {}),
      interruptions: row.status === 'paused' && row.interruptions ? runStoreKit.decodeInterruptions(secret, id, row.revision, row.interruptions) : [],
      decisions,
    };
  }

  approve(id: string, callId: string, options: ApproveOptions = {}): Promise<void> {
    return this.decide(id, callId, { approved: true, ...options });
  }

  reject(id: string, callId: string, options: RejectOptions = {}): Promise<void> {
    return this.decide(id, callId, { approved: false, ...options });
  }

  /** Deletes expired runs (returns how many), and the run records past `recordTtlMs` with their timelines. */
  async purgeExpired(): Promise<number> {
    const purged = (await this.queries.query(this.statements.purge, [], 'pool')).rowCount ?? 0;
    await this.timeline.purgeExpired();
    return purged;
  }

  async beginCall(claim: RunClaim, callId: string, toolName: string): Promise<CallLedgerEntry | undefined> {
    runStoreKit.checkClaim(claim, 'store.beginCall(claim, callId)');
    this.snapshots.dropCalls(claim.runId);
    const row = await this.queries.one(this.statements.beginCall, [claim.runId, claim.token, callId, toolName]);
    if (row!.owned === 0) throw await this.lostClaim(claim);
    if (row!.inserted === 1) return undefined;
    return entryOf((await this.queries.one(this.statements.call, [claim.runId, callId]))!);
  }

  async restartCall(claim: RunClaim, callId: string): Promise<void> {
    runStoreKit.checkClaim(claim, 'store.restartCall(claim, callId)');
    this.snapshots.dropCalls(claim.runId);
    const { rowCount } = await this.queries.query(this.statements.restartCall, [claim.runId, claim.token, callId]);
    if (rowCount === 0) throw new RunStateError(`store.restartCall: call ${callId} of run ${claim.runId} is not in the ledger, or the claim was lost.`);
  }

  async finishCall(runId: string, callId: string, output: RecordedCallOutput): Promise<void> {
    this.snapshots.dropCalls(runId);
    await this.queries.query(this.statements.finishCall, [runId, callId, JSON.stringify(output)]);
  }

  async forgetCall(runId: string, callId: string): Promise<void> {
    this.snapshots.dropCalls(runId);
    await this.queries.query(this.statements.forgetCall, [runId, callId]);
  }

  async calls(runId: string): Promise<CallLedgerEntry[]> {
    return (this.snapshots.take(runId, 'calls') ?? (await this.queries.rows(this.statements.calls, [runId]))).map(entryOf);
  }

  private async decide(id: string, callId: string, decision: StoredDecision, attempt = 0): Promise<void> {
    runStoreKit.checkRunId(id, 'store.approve/reject(id, callId)');
    this.snapshots.drop(id);
    const target = await this.queries.one(this.statements.decisionTarget, [id]);
    if (!target) throw new RunNotFoundError(id);
    if (target.status !== 'paused') throw runStoreKit.claimRefusal(id, target as never, Date.now()) ?? new RunAlreadyClaimedError(id, 'claimed', target.claimedAt ?? Date.now());
    const pending: string[] = target.pendingCallIds ?? [];
    if (!pending.includes(callId)) throw new RunStateError(runStoreKit.notPendingMessage(id, callId, pending));
    const signed = runStoreKit.encodeDecision(this.options.secret, id, target.revision, callId, decision);
    const { rowCount } = await this.queries.query(this.statements.decide, [id, callId, signed, target.revision]);
    // Claimed (or saved again) between the read and the write: read again to report what happened.
    if (rowCount === 0) {
      if (attempt >= 2) throw new RunAlreadyClaimedError(id, 'claimed', Date.now());
      return this.decide(id, callId, decision, attempt + 1);
    }
  }

  private tokenFor(id: string, claim: RunClaim | undefined, where: string): string | null {
    runStoreKit.checkRunId(id, where);
    if (claim === undefined) return null;
    runStoreKit.checkClaim(claim, where);
    if (claim.runId !== id) throw new RunStateError(`The claim is on run ${claim.runId}, not on run ${id}.`);
    return claim.token;
  }

  private async lostClaim(claim: RunClaim): Promise<Error> {
    const view = await this.queries.one(this.statements.view, [claim.runId]);
    return view ? runStoreKit.lostClaimError(claim, view as never, Date.now()) : new RunNotFoundError(claim.runId);
  }
}

function entryOf(row: Row): CallLedgerEntry {
  const entry: CallLedgerEntry = { callId: row.callId, toolName: row.toolName, status: row.status, attempts: row.attempts, startedAt: row.startedAt };
  if (row.finishedAt !== null) entry.finishedAt = row.finishedAt;
  if (row.output !== null) entry.output = row.output as RecordedCallOutput;
  return entry;
}
