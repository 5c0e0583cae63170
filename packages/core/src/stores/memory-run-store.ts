import type { Agent } from '../agent/agent';
import type { ApproveOptions, RejectOptions } from '../contracts/approval-decision';
import { RunStateError } from '../errors/run-state.error';
import type { RunState } from '../state/run-state';
import type { CallLedgerEntry, RecordedCallOutput } from './call-ledger';
import { checkClaim, claimRefusal, lostClaimError } from './claim-checks';
import { RunAlreadyClaimedError } from './run-already-claimed.error';
import type { RunClaim } from './run-claim';
import { RunNotFoundError } from './run-not-found.error';
import type {
  ClaimOptions, RunListFilter, RunStore, SaveRunOptions, StoredDecision, StoredRunInfo, StoredRunStatus, StoredRunSummary,
} from './run-store';
import { checkDuration, checkRunId, ephemeralSecret, resolveStoreOptions, type ResolvedRunStoreOptions, type RunStoreOptions } from './store-options';
import { decodeDecision, decodeInterruptions, decodeRun, encodeDecision, encodeRun, notPendingMessage, type EncodedRun } from './stored-run-codec';
import { randomId } from './store-signing';
import { MemoryRunRecords } from '../run-records/memory-run-records';
import type { RunRecord, RunTimelineEvent } from '../run-records/run-record';
import type { RunRecordPage, RunRecordQuery, RunRecords, RunView } from '../run-records/run-records';

interface MemoryRun {
  status: StoredRunStatus;
  encoded?: EncodedRun;
  decisions: Map<string, string>;
  token?: string;
  claimedAt?: number;
  leaseExpiresAt?: number;
  completedAt?: number;
  attempts: number;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  /** Ledger entries by call id, as JSON text (what a real store would hand back: copies). */
  calls: Map<string, string>;
}

/** Expired runs are swept on every this many saves (reads skip them anyway). */
const SWEEP_EVERY = 1_000;

/**
 * A `RunStore` in this process's memory: the embedded default, for tests and single-process
 * applications. It behaves like the shared stores (signed states, atomic claims with leases,
 * decisions by id, the call ledger, expiry), but nothing survives the process and no other
 * process sees it; use `@toolwright/postgres` or `@toolwright/redis` across replicas.
 *
 * @example
 * const store = new MemoryRunStore();
 * const paused = await runner.run(agent, 'Refund order 42', { store });
 * await store.approve(paused.runId!, paused.interruptions[0].callId);
 * const done = await runner.resume(agent, paused.runId!, { store });
 */
export class MemoryRunStore implements RunStore, RunRecords {
  private readonly options: ResolvedRunStoreOptions;
  private readonly runs = new Map<string, MemoryRun>();
  private saves = 0;
  private readonly records: MemoryRunRecords;

  /** `secret` is optional here (a random one is made): nothing outside the process reads these states. */
  constructor(options: Partial<RunStoreOptions> = {}) {
    this.options = resolveStoreOptions({ ...options, secret: options.secret ?? ephemeralSecret() }, 'new MemoryRunStore()');
    this.records = new MemoryRunRecords(this.options.records);
  }

  /** How often the runner renews a running run's record (the `recordHeartbeatMs` option). */
  get recordHeartbeatMs(): number {
    return this.options.records.heartbeatMs;
  }

  async save(state: RunState<any>, options: SaveRunOptions = {}): Promise<string> {
    const now = Date.now();
    const ttlMs = checkDuration(options.ttlMs, this.options.defaultTtlMs, 'store.save(state, { ttlMs })');
    if (options.claim !== undefined) {
      checkClaim(options.claim, 'store.save(state, { claim })');
      const run = this.held(options.claim, now);
      const encoded = encodeRun(state, options.claim.runId, this.options.secret, true);
      run.encoded = encoded;
      run.decisions.clear();
      run.status = encoded.status;
      if (encoded.status === 'paused') this.unclaim(run);
      run.updatedAt = now;
      run.expiresAt = now + ttlMs;
      return options.claim.runId;
    }
    if (++this.saves % SWEEP_EVERY === 0) void this.purgeExpired();
    const id = randomId();
    const encoded = encodeRun(state, id, this.options.secret, false);
    this.runs.set(id, { status: 'paused', encoded, decisions: new Map(), attempts: 0, createdAt: now, updatedAt: now, expiresAt: now + ttlMs, calls: new Map() });
    return id;
  }

  async load<TContext = unknown>(agents: Agent<any> | ReadonlyArray<Agent<any>>, id: string): Promise<RunState<TContext>> {
    const run = this.live(id, 'store.load(agents, id)', Date.now());
    if (!run.encoded) throw new RunAlreadyClaimedError(id, 'completed', run.completedAt ?? run.updatedAt);
    return decodeRun<TContext>(agents, id, { revision: run.encoded.revision, state: run.encoded.state, decisions: Object.fromEntries(run.decisions) }, this.options.secret);
  }

  async claim(id: string, options: ClaimOptions = {}): Promise<RunClaim> {
    const now = Date.now();
    const leaseMs = checkDuration(options.leaseMs, this.options.defaultLeaseMs, 'store.claim(id, { leaseMs })');
    const run = this.live(id, 'store.claim(id)', now);
    const refusal = claimRefusal(id, this.view(run), now);
    if (refusal) throw refusal;
    run.status = 'claimed';
    run.token = randomId();
    run.claimedAt = now;
    run.leaseExpiresAt = now + leaseMs;
    run.attempts++;
    run.updatedAt = now;
    return { runId: id, token: run.token, claimedAt: now, leaseExpiresAt: run.leaseExpiresAt, attempt: run.attempts };
  }

  async renew(claim: RunClaim, options: ClaimOptions = {}): Promise<RunClaim> {
    checkClaim(claim, 'store.renew(claim)');
    const now = Date.now();
    const leaseMs = checkDuration(options.leaseMs, this.options.defaultLeaseMs, 'store.renew(claim, { leaseMs })');
    const run = this.held(claim, now);
    run.leaseExpiresAt = now + leaseMs;
    run.updatedAt = now;
    return { ...claim, leaseExpiresAt: run.leaseExpiresAt };
  }

  async complete(id: string, claim?: RunClaim): Promise<void> {
    const now = Date.now();
    const run = claim !== undefined ? this.held(claimFor(id, claim), now) : this.live(id, 'store.complete(id)', now);
    if (run.status === 'completed') return;
    this.unclaim(run);
    run.status = 'completed';
    run.completedAt = now;
    delete run.encoded;
    run.decisions.clear();
    run.calls.clear();
    run.updatedAt = now;
    run.expiresAt = now + this.options.completedTtlMs;
  }

  async release(id: string, claim?: RunClaim): Promise<void> {
    const now = Date.now();
    const run = claim !== undefined ? this.held(claimFor(id, claim), now) : this.live(id, 'store.release(id)', now);
    if (run.status === 'completed') throw new RunAlreadyClaimedError(id, 'completed', run.completedAt ?? run.updatedAt);
    if (run.status !== 'claimed') return;
    this.unclaim(run);
    run.status = 'paused';
    run.updatedAt = now;
  }

  async list(filter: RunListFilter = {}): Promise<StoredRunSummary[]> {
    const now = Date.now();
    const limit = filter.limit ?? 1_000;
    const out: StoredRunSummary[] = [];
    for (const [id, run] of this.runs) {
      if (run.expiresAt <= now) continue;
      if (filter.status !== undefined && run.status !== filter.status) continue;
      if (filter.olderThanMs !== undefined && run.updatedAt > now - filter.olderThanMs) continue;
      out.push({ id, status: run.status, updatedAt: run.updatedAt });
    }
    return out.sort((a, b) => a.updatedAt - b.updatedAt).slice(0, limit);
  }

  async inspect(id: string): Promise<StoredRunInfo> {
    const now = Date.now();
    const run = this.live(id, 'store.inspect(id)', now);
    const { secret } = this.options;
    const decisions: Record<string, StoredDecision> = {};
    const revision = run.encoded?.revision;
    if (revision !== undefined) for (const [callId, signed] of run.decisions) decisions[callId] = decodeDecision(secret, id, revision, callId, signed);
    return {
      id,
      status: run.status,
      updatedAt: run.updatedAt,
      createdAt: run.createdAt,
      expiresAt: run.expiresAt,
      attempts: run.attempts,
      ...(run.status === 'claimed' ? { claimedAt: run.claimedAt!, leaseExpiresAt: run.leaseExpiresAt! } : {}),
      interruptions: run.encoded && run.status === 'paused' ? decodeInterruptions(secret, id, run.encoded.revision, run.encoded.interruptions) : [],
      decisions,
    };
  }

  approve(id: string, callId: string, options: ApproveOptions = {}): Promise<void> {
    return this.decide(id, callId, { approved: true, ...options });
  }

  reject(id: string, callId: string, options: RejectOptions = {}): Promise<void> {
    return this.decide(id, callId, { approved: false, ...options });
  }

  async purgeExpired(): Promise<number> {
    const now = Date.now();
    let purged = 0;
    for (const [id, run] of this.runs) {
      if (run.expiresAt > now) continue;
      this.runs.delete(id);
      purged++;
    }
    this.records.purgeExpired();
    return purged;
  }

  async beginCall(claim: RunClaim, callId: string, toolName: string): Promise<CallLedgerEntry | undefined> {
    checkClaim(claim, 'store.beginCall(claim, callId)');
    const now = Date.now();
    const run = this.held(claim, now);
    const existing = run.calls.get(callId);
    if (existing !== undefined) return JSON.parse(existing) as CallLedgerEntry;
    const entry: CallLedgerEntry = { callId, toolName, status: 'started', attempts: 1, startedAt: now };
    run.calls.set(callId, JSON.stringify(entry));
    return undefined;
  }

  async restartCall(claim: RunClaim, callId: string): Promise<void> {
    checkClaim(claim, 'store.restartCall(claim, callId)');
    const now = Date.now();
    const run = this.held(claim, now);
    const existing = run.calls.get(callId);
    if (existing === undefined) throw new RunStateError(`store.restartCall: call ${callId} of run ${claim.runId} is not in the ledger.`);
    const entry = JSON.parse(existing) as CallLedgerEntry;
    run.calls.set(callId, JSON.stringify({ callId, toolName: entry.toolName, status: 'started', attempts: entry.attempts + 1, startedAt: now }));
  }

  async finishCall(runId: string, callId: string, output: RecordedCallOutput): Promise<void> {
    const run = this.runs.get(runId);
    // The run completed or expired meanwhile: there is nothing left to recover, so nothing to record.
    if (!run || run.status === 'completed') return;
    const now = Date.now();
    const existing = run.calls.get(callId);
    const entry = existing !== undefined ? (JSON.parse(existing) as CallLedgerEntry) : { callId, toolName: '', attempts: 1, startedAt: now };
    run.calls.set(callId, JSON.stringify({ ...entry, status: 'finished', finishedAt: now, output }));
  }

  async forgetCall(runId: string, callId: string): Promise<void> {
    this.runs.get(runId)?.calls.delete(callId);
  }

  async calls(runId: string): Promise<CallLedgerEntry[]> {
    const run = this.runs.get(runId);
    if (!run || run.expiresAt <= Date.now()) return [];
    return [...run.calls.values()].map((text) => JSON.parse(text) as CallLedgerEntry);
  }

  /** Keeps a run's record (see `RunRecords`). */
  recordRun(record: RunRecord): Promise<void> {
    return this.records.recordRun(record);
  }

  /** Appends to a run's timeline (see `RunRecords`). */
  appendEvents(id: string, events: RunTimelineEvent[]): Promise<void> {
    return this.records.appendEvents(id, events);
  }

  /** Runs newest first, a page at a time (see `RunRecords`). */
  listRuns(query?: RunRecordQuery): Promise<RunRecordPage> {
    return this.records.listRuns(query);
  }

  /** A run with its timeline (see `RunRecords`). */
  getRunView(id: string, options?: { afterSeq?: number }): Promise<RunView | undefined> {
    return this.records.getRunView(id, options);
  }

  private async decide(id: string, callId: string, decision: StoredDecision): Promise<void> {
    const now = Date.now();
    const run = this.live(id, 'store.approve/reject(id, callId)', now);
    if (run.status !== 'paused' || !run.encoded) {
      const refusal = claimRefusal(id, this.view(run), now);
      throw refusal ?? new RunAlreadyClaimedError(id, 'claimed', run.claimedAt ?? now, run.leaseExpiresAt);
    }
    if (!run.encoded.pendingCallIds.includes(callId)) throw new RunStateError(notPendingMessage(id, callId, run.encoded.pendingCallIds));
    run.decisions.set(callId, encodeDecision(this.options.secret, id, run.encoded.revision, callId, decision));
    run.updatedAt = now;
  }

  /** The run, unless it is missing or expired (then `RunNotFoundError`). */
  private live(id: string, where: string, now: number): MemoryRun {
    checkRunId(id, where);
    const run = this.runs.get(id);
    if (!run || run.expiresAt <= now) {
      if (run) this.runs.delete(id);
      throw new RunNotFoundError(id);
    }
    return run;
  }

  /** The run `claim` is on, as long as that claim still holds it. */
  private held(claim: RunClaim, now: number): MemoryRun {
    const run = this.live(claim.runId, 'the claimed run', now);
    if (run.status !== 'claimed' || run.token !== claim.token) throw lostClaimError(claim, this.view(run), now);
    return run;
  }

  private unclaim(run: MemoryRun): void {
    delete run.token;
    delete run.claimedAt;
    delete run.leaseExpiresAt;
  }

  private view(run: MemoryRun) {
    return { status: run.status, token: run.token, claimedAt: run.claimedAt, leaseExpiresAt: run.leaseExpiresAt, completedAt: run.completedAt };
  }
}

function claimFor(id: string, claim: RunClaim): RunClaim {
  checkClaim(claim, 'the claim argument');
  if (claim.runId !== id) throw new RunStateError(`The claim is on run ${claim.runId}, not on run ${id}.`);
  return claim;
}
