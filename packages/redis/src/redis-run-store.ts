import {
  RunAlreadyClaimedError, RunNotFoundError, RunStateError, UserError,
  type Agent, type ApproveOptions, type CallLedgerEntry, type ClaimOptions, type RecordedCallOutput, type RejectOptions,
  type RunClaim, type RunListFilter, type RunState, type RunStore, type RunStoreOptions, type SaveRunOptions, type StoredDecision,
  type StoredRunInfo, type StoredRunStatus, type StoredRunSummary,
} from '@toolwright/core';
import { runStoreKit, type ResolvedRunStoreOptions } from '@toolwright/core/extend';
import type { Redis, RedisOptions } from 'ioredis';
import { RedisRunTimeline } from './redis-run-timeline';
import type { RunRecord, RunRecordPage, RunRecordQuery, RunRecords, RunTimelineEvent, RunView } from '@toolwright/core';
import { OwnedClient } from './owned-client';
import { RedisKeys } from './redis-keys';
import { listRuns, sweepIndex } from './redis-run-index';
import { REDIS_SCRIPTS, type RedisScriptName } from './redis-scripts';

/** Options of `new RedisRunStore(...)`. */
export interface RedisRunStoreOptions extends RunStoreOptions {
  /** A client of your own (the store never disconnects it); the store adds its scripts to it. */
  client?: Redis;
  /** Otherwise a URL (`redis://host:6379/0`); the store makes a client and `close()` ends it. */
  url?: string;
  /** Further settings of the client the store makes. */
  redisOptions?: RedisOptions;
  /** Prepended to every key (default `toolwright:`). */
  prefix?: string;
}

type Reply = Array<string | number | null>;
type Scripted = Record<RedisScriptName, (...args: Array<string | number>) => Promise<Reply>>;

/**
 * A `RunStore` on Redis: paused runs resume exactly once on any replica, with the call ledger
 * beside them. Every change is one Lua script (atomic, on the server's clock), TTLs are native
 * (`PEXPIREAT`), and a run's keys share a hash tag so Redis Cluster works too. `list` reads a
 * sorted set of run ids that expired runs are swept from lazily (and by `purgeExpired`).
 *
 * @example
 * const store = new RedisRunStore({ url: process.env.REDIS_URL, secret: process.env.RUN_STORE_SECRET! });
 * const paused = await runner.run(agent, 'Refund order 42', { store });   // replica A
 * const done = await runner.resume(agent, paused.runId!, { store });      // replica B, exactly once
 */
export class RedisRunStore implements RunStore, RunRecords {
  /** The client the store talks through. */
  readonly client: Redis;
  private readonly options: ResolvedRunStoreOptions;
  private readonly keys: RedisKeys;
  /** The client the store made from `url`, which it connects and closes itself. */
  private readonly owned: OwnedClient | undefined;
  /** Runs kept from their start with their timeline (`RunRecords`). */
  private readonly timeline: RedisRunTimeline;

  constructor(options: RedisRunStoreOptions) {
    this.options = runStoreKit.resolveStoreOptions(options, 'new RedisRunStore()');
    this.keys = new RedisKeys(options.prefix);
    if (options.client !== undefined) {
      this.client = options.client;
    } else if (typeof options.url === 'string' && options.url !== '') {
      this.owned = new OwnedClient(options.url, options.redisOptions);
      this.client = this.owned.client;
    } else {
      throw new UserError('new RedisRunStore(): pass an ioredis client ({ client }) or a URL ({ url: "redis://localhost:6379" }).');
    }
    for (const [name, script] of Object.entries(REDIS_SCRIPTS)) {
      if (typeof (this.client as unknown as Record<string, unknown>)[name] !== 'function') this.client.defineCommand(name, script);
    }
    this.timeline = new RedisRunTimeline(this.client, this.keys.prefix, this.options.records);
  }

  /** How often the runner renews a running run's record (the `recordHeartbeatMs` option). */
  get recordHeartbeatMs(): number {
    return this.timeline.recordHeartbeatMs;
  }

  /** Keeps a run's record (see `RunRecords`). */
  async recordRun(record: RunRecord): Promise<void> {
    await this.owned?.ready();
    return this.timeline.recordRun(record);
  }

  /** Appends to a run's timeline (see `RunRecords`). */
  async appendEvents(id: string, events: RunTimelineEvent[]): Promise<void> {
    await this.owned?.ready();
    return this.timeline.appendEvents(id, events);
  }

  /** Runs newest first, a page at a time (see `RunRecords`). */
  async listRuns(query?: RunRecordQuery): Promise<RunRecordPage> {
    await this.owned?.ready();
    return this.timeline.listRuns(query);
  }

  /** A run with its timeline, by record id or run id (see `RunRecords`). */
  async getRunView(id: string, options?: { afterSeq?: number }): Promise<RunView | undefined> {
    await this.owned?.ready();
    return this.timeline.getRunView(id, options);
  }

  /** Disconnects the client if the store made it. */
  async close(): Promise<void> {
    await this.owned?.close();
  }

  async save(state: RunState<any>, options: SaveRunOptions = {}): Promise<string> {
    await this.owned?.ready();
    const ttlMs = runStoreKit.checkDuration(options.ttlMs, this.options.defaultTtlMs, 'store.save(state, { ttlMs })');
    if (options.claim !== undefined) {
      const claim = options.claim;
      runStoreKit.checkClaim(claim, 'store.save(state, { claim })');
      const e = runStoreKit.encodeRun(state, claim.runId, this.options.secret, true);
      const k = this.keys.of(claim.runId);
      const reply = await this.script.toolwrightRunSaveClaimed(k.run, k.decisions, k.calls, k.outputs, claim.token, e.revision, e.state, JSON.stringify(e.pendingCallIds), e.interruptions, e.status, ttlMs);
      if (reply[0] !== 'ok') throw this.lost(claim, reply);
      await this.touch(claim.runId, reply[1]);
      return claim.runId;
    }
    const id = runStoreKit.randomId();
    const e = runStoreKit.encodeRun(state, id, this.options.secret, false);
    const reply = await this.script.toolwrightRunSave(this.keys.of(id).run, e.revision, e.state, JSON.stringify(e.pendingCallIds), e.interruptions, ttlMs);
    await this.touch(id, reply[1]);
    return id;
  }

  async load<TContext = unknown>(agents: Agent<any> | ReadonlyArray<Agent<any>>, id: string): Promise<RunState<TContext>> {
    await this.owned?.ready();
    runStoreKit.checkRunId(id, 'store.load(agents, id)');
    const k = this.keys.of(id);
    const [[, run], [, decisions]] = (await this.client.multi().hmget(k.run, 'status', 'revision', 'state', 'completedAt', 'updatedAt').hgetall(k.decisions).exec()) as [
      [unknown, Array<string | null>],
      [unknown, Record<string, string>],
    ];
    const [status, revision, state, completedAt, updatedAt] = run;
    if (status === null) throw new RunNotFoundError(id);
    if (state === null || revision === null) throw new RunAlreadyClaimedError(id, 'completed', Number(completedAt ?? updatedAt));
    return runStoreKit.decodeRun<TContext>(agents, id, { revision, state, decisions }, this.options.secret);
  }

  async claim(id: string, options: ClaimOptions = {}): Promise<RunClaim> {
    await this.owned?.ready();
    runStoreKit.checkRunId(id, 'store.claim(id)');
    const leaseMs = runStoreKit.checkDuration(options.leaseMs, this.options.defaultLeaseMs, 'store.claim(id, { leaseMs })');
    const token = runStoreKit.randomId();
    const reply = await this.script.toolwrightRunClaim(this.keys.of(id).run, token, leaseMs);
    if (reply[0] === 'missing') throw new RunNotFoundError(id);
    if (reply[0] !== 'ok') throw heldError(id, reply);
    await this.touch(id, reply[1]);
    return { runId: id, token, claimedAt: Number(reply[1]), leaseExpiresAt: Number(reply[2]), attempt: Number(reply[3]) };
  }

  async renew(claim: RunClaim, options: ClaimOptions = {}): Promise<RunClaim> {
    await this.owned?.ready();
    runStoreKit.checkClaim(claim, 'store.renew(claim)');
    const leaseMs = runStoreKit.checkDuration(options.leaseMs, this.options.defaultLeaseMs, 'store.renew(claim, { leaseMs })');
    const reply = await this.script.toolwrightRunRenew(this.keys.of(claim.runId).run, claim.token, leaseMs);
    if (reply[0] !== 'ok') throw this.lost(claim, reply);
    await this.touch(claim.runId, reply[1]);
    return { ...claim, leaseExpiresAt: Number(reply[2]) };
  }

  async complete(id: string, claim?: RunClaim): Promise<void> {
    await this.owned?.ready();
    const token = this.tokenFor(id, claim, 'store.complete(id)');
    const k = this.keys.of(id);
    const reply = await this.script.toolwrightRunComplete(k.run, k.decisions, k.calls, k.outputs, token, this.options.completedTtlMs);
    if (reply[0] === 'ok') return void (await this.touch(id, reply[1]));
    if (reply[0] === 'missing') throw new RunNotFoundError(id);
    if (claim) throw this.lost(claim, reply);
  }

  async release(id: string, claim?: RunClaim): Promise<void> {
    await this.owned?.ready();
    const token = this.tokenFor(id, claim, 'store.release(id)');
    const reply = await this.script.toolwrightRunRelease(this.keys.of(id).run, token);
    if (reply[0] === 'ok') return void (await this.touch(id, reply[1]));
    if (reply[0] === 'missing') throw new RunNotFoundError(id);
    const v = view(reply);
    if (v.status === 'completed') throw new RunAlreadyClaimedError(id, 'completed', v.completedAt ?? 0);
    if (claim) throw this.lost(claim, reply);
  }

  async list(filter: RunListFilter = {}): Promise<StoredRunSummary[]> {
    await this.owned?.ready();
    return listRuns(this.client, this.keys, filter);
  }

  async inspect(id: string): Promise<StoredRunInfo> {
    await this.owned?.ready();
    runStoreKit.checkRunId(id, 'store.inspect(id)');
    const k = this.keys.of(id);
    const [[, run], [, signed]] = (await this.client.multi().hgetall(k.run).hgetall(k.decisions).exec()) as [[unknown, Record<string, string>], [unknown, Record<string, string>]];
    if (run.status === undefined) throw new RunNotFoundError(id);
    const { secret } = this.options;
    const decisions: Record<string, StoredDecision> = {};
    if (run.revision !== undefined) for (const [callId, text] of Object.entries(signed)) decisions[callId] = runStoreKit.decodeDecision(secret, id, run.revision, callId, text);
    return {
      id,
      status: run.status as StoredRunStatus,
      updatedAt: Number(run.updatedAt),
      createdAt: Number(run.createdAt),
      expiresAt: Number(run.expiresAt),
      attempts: Number(run.attempts ?? 0),
      ...(run.status === 'claimed' ? { claimedAt: Number(run.claimedAt), leaseExpiresAt: Number(run.leaseExpiresAt) } : {}),
      interruptions: run.status === 'paused' && run.interruptions && run.revision ? runStoreKit.decodeInterruptions(secret, id, run.revision, run.interruptions) : [],
      decisions,
    };
  }

  async approve(id: string, callId: string, options: ApproveOptions = {}): Promise<void> {
    return this.decide(id, callId, { approved: true, ...options });
  }

  async reject(id: string, callId: string, options: RejectOptions = {}): Promise<void> {
    return this.decide(id, callId, { approved: false, ...options });
  }

  /**
   * Sweeps the ids of expired runs from the index (the runs themselves expire natively); returns
   * how many. Also sweeps the ids of expired run records from the records' indexes (the records
   * and timelines expire natively at `updatedAt + recordTtlMs`).
   */
  async purgeExpired(): Promise<number> {
    await this.owned?.ready();
    const swept = await sweepIndex(this.client, this.keys);
    await this.timeline.purgeExpired();
    return swept;
  }

  async beginCall(claim: RunClaim, callId: string, toolName: string): Promise<CallLedgerEntry | undefined> {
    await this.owned?.ready();
    runStoreKit.checkClaim(claim, 'store.beginCall(claim, callId)');
    const k = this.keys.of(claim.runId);
    const reply = await this.script.toolwrightCallBegin(k.run, k.calls, k.outputs, claim.token, callId, toolName);
    if (reply[0] === 'ok') return undefined;
    if (reply[0] === 'exists') return entryOf(String(reply[1]), String(reply[2]));
    throw this.lost(claim, reply);
  }

  async restartCall(claim: RunClaim, callId: string): Promise<void> {
    await this.owned?.ready();
    runStoreKit.checkClaim(claim, 'store.restartCall(claim, callId)');
    const k = this.keys.of(claim.runId);
    const reply = await this.script.toolwrightCallRestart(k.run, k.calls, k.outputs, claim.token, callId);
    if (reply[0] === 'nocall') throw new RunStateError(`store.restartCall: call ${callId} of run ${claim.runId} is not in the ledger.`);
    if (reply[0] !== 'ok') throw this.lost(claim, reply);
  }

  async finishCall(runId: string, callId: string, output: RecordedCallOutput): Promise<void> {
    await this.owned?.ready();
    const k = this.keys.of(runId);
    await this.script.toolwrightCallFinish(k.run, k.calls, k.outputs, callId, JSON.stringify(output));
  }

  async forgetCall(runId: string, callId: string): Promise<void> {
    await this.owned?.ready();
    const k = this.keys.of(runId);
    await this.client.multi().hdel(k.calls, callId).hdel(k.outputs, callId).exec();
  }

  async calls(runId: string): Promise<CallLedgerEntry[]> {
    await this.owned?.ready();
    const k = this.keys.of(runId);
    const [[, entries], [, outputs]] = (await this.client.multi().hgetall(k.calls).hgetall(k.outputs).exec()) as [[unknown, Record<string, string>], [unknown, Record<string, string>]];
    return Object.entries(entries)
      .map(([key, text]) => entryOf(text, outputs[key] ?? ''))
      .sort((a, b) => a.startedAt - b.startedAt || (a.callId < b.callId ? -1 : 1));
  }

  private get script(): Scripted {
    return this.client as unknown as Scripted;
  }

  private async decide(id: string, callId: string, decision: StoredDecision): Promise<void> {
    await this.owned?.ready();
    runStoreKit.checkRunId(id, 'store.approve/reject(id, callId)');
    const k = this.keys.of(id);
    for (let attempt = 0; attempt < 3; attempt++) {
      const [revision, pendingText] = await this.client.hmget(k.run, 'revision', 'pending');
      const signed = runStoreKit.encodeDecision(this.options.secret, id, revision ?? '', callId, decision);
      const reply = await this.script.toolwrightRunDecide(k.run, k.decisions, callId, signed, revision ?? '');
      if (reply[0] === 'ok') return void (await this.touch(id, reply[1]));
      if (reply[0] === 'missing') throw new RunNotFoundError(id);
      if (reply[0] === 'notpending') throw new RunStateError(runStoreKit.notPendingMessage(id, callId, JSON.parse(String(reply[1] ?? pendingText ?? '[]')) as string[]));
      if (reply[0] === 'held') throw heldError(id, reply);
      // 'changed': the run was saved again between the read and the script; decide on the new revision.
    }
    throw new RunAlreadyClaimedError(id, 'claimed', Date.now());
  }

  /** Records the run's last update in the index `list` reads. */
  private async touch(id: string, at: string | number | null | undefined): Promise<void> {
    await this.client.zadd(this.keys.index, Number(at), id);
  }

  private tokenFor(id: string, claim: RunClaim | undefined, where: string): string {
    runStoreKit.checkRunId(id, where);
    if (claim === undefined) return '';
    runStoreKit.checkClaim(claim, where);
    if (claim.runId !== id) throw new RunStateError(`The claim is on run ${claim.runId}, not on run ${id}.`);
    return claim.token;
  }

  private lost(claim: RunClaim, reply: Reply): Error {
    if (reply[0] === 'missing') return new RunNotFoundError(claim.runId);
    return runStoreKit.lostClaimError(claim, view(reply), Date.now());
  }
}

/** The holder fields of a `held` reply, as `ClaimView`. */
function view(reply: Reply) {
  const num = (v: string | number | null | undefined): number | null => (v === '' || v === null || v === undefined ? null : Number(v));
  return { status: String(reply[1]) as StoredRunStatus, token: String(reply[2] ?? ''), claimedAt: num(reply[3]), leaseExpiresAt: num(reply[4]), completedAt: num(reply[5]) };
}

/** The error for a run a script found held by someone else (or completed). */
function heldError(id: string, reply: Reply): RunAlreadyClaimedError {
  const v = view(reply);
  if (v.status === 'completed') return new RunAlreadyClaimedError(id, 'completed', v.completedAt ?? 0);
  return new RunAlreadyClaimedError(id, 'claimed', v.claimedAt ?? 0, v.leaseExpiresAt ?? undefined);
}

function entryOf(text: string, output: string): CallLedgerEntry {
  const raw = JSON.parse(text) as CallLedgerEntry;
  const entry: CallLedgerEntry = { callId: raw.callId, toolName: raw.toolName, status: raw.status, attempts: raw.attempts, startedAt: raw.startedAt };
  if (raw.finishedAt !== undefined) entry.finishedAt = raw.finishedAt;
  if (output !== '') entry.output = JSON.parse(output) as RecordedCallOutput;
  return entry;
}
