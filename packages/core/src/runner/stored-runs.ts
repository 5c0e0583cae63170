import type { Agent } from '../agent/agent';
import { UserError } from '../errors/user.error';
import type { Item } from '../items/item';
import { staticTools } from '../state/agent-registry';
import type { ApprovalRequest } from '../contracts/approval-request';
import type { RunState } from '../state/run-state';
import type { CallLedgerEntry } from '../stores/call-ledger';
import { ledgerKey, unfinishedCallAction, type UnfinishedCallAction } from '../stores/ledger-policy';
import { RunAlreadyClaimedError } from '../stores/run-already-claimed.error';
import type { RunStore } from '../stores/run-store';
import { UnfinishedToolCallError, type UnfinishedCall } from '../stores/unfinished-tool-call.error';
import type { Tool } from '../contracts/tool';
import { CallLedgerStage } from './stages/call-ledger-stage';
import { LeaseKeeper } from './lease-keeper';
import type { ResumeOptions } from './resume-options';
import { buildRunResult, type RunResult } from './run-result';
import { RunRecording } from '../run-records/run-recording';
import type { RunnerOptions, RunOptions } from './runner-options';

/** What runs in a store need of the runner: its options, and runs with or without the call ledger. @internal */
export interface StoredRunner {
  readonly options: Readonly<RunnerOptions>;
  run<TContext>(agent: Agent<TContext>, input: string | Item[] | RunState<TContext>, options: RunOptions<TContext>, recording?: RunRecording): Promise<RunResult<unknown, TContext>>;
  /** Runs `state` with `ledger` as the outermost layer of its calls. */
  runWithLedger<TContext>(agent: Agent<TContext>, state: RunState<TContext>, options: RunOptions<TContext>, ledger: CallLedgerStage, recording?: RunRecording): Promise<RunResult<unknown, TContext>>;
}

/**
 * `runner.run(agent, input, { store })`: runs as usual; a run that pauses is saved in the store
 * and its result carries `runId`. @internal
 */
export function runAndStore<TContext>(
  runner: StoredRunner,
  agent: Agent<TContext>,
  input: string | Item[] | RunState<TContext>,
  options: RunOptions<TContext> & { store: RunStore },
): Promise<RunResult<unknown, TContext>> {
  const { store, ...runOptions } = options;
  checkStore(store, 'runner.run(agent, input, { store })');
  const recording = RunRecording.for(store);
  return saveWhenPaused(runner.run(agent, input, runOptions, recording), store, recording);
}

/** Saves the result's state in `store` when the run paused, and sets `result.runId`. @internal */
export async function saveWhenPaused<TContext>(run: Promise<RunResult<unknown, TContext>>, store: RunStore, recording?: RunRecording): Promise<RunResult<unknown, TContext>> {
  checkStore(store, 'the run options ({ store })');
  try {
    const result = await run;
    if (result.status === 'interrupted') {
      result.runId = await store.save(result.state);
      recording?.stored(result.runId);
    }
    return result;
  } finally {
    await recording?.settled();
  }
}

/**
 * `runner.resume(agent, runId, { store })`: claims the run (exactly one caller wins), loads it
 * with the decisions recorded by id, applies the unfinished-call policy to calls the ledger shows
 * started but never finished, runs it with the ledger around its calls while renewing the lease,
 * and then completes it, or saves it again if it paused. A failed resume gives the run back. @internal
 */
export async function resumeStoredRun<TContext>(
  runner: StoredRunner,
  agent: Agent<TContext>,
  runId: string,
  options: ResumeOptions<TContext>,
): Promise<RunResult<unknown, TContext>> {
  if (typeof options !== 'object' || options === null) throw new UserError('runner.resume(agent, runId, { store }) needs the store the run was saved in.');
  const { store, leaseMs, ttlMs, ledger, unfinishedCalls, ...runOptions } = options;
  checkStore(store, 'runner.resume(agent, runId, { store })');
  const claim = await store.claim(runId, leaseMs !== undefined ? { leaseMs } : {});
  const lease = new LeaseKeeper(store, claim, leaseMs, runOptions.signal);
  let state: RunState<TContext>;
  try {
    state = await store.load<TContext>(agent, runId);
    const entries = new Map((await store.calls(runId)).map((e): [string, CallLedgerEntry] => [e.callId, e]));
    const decided = decideUnfinished(runId, state, entries, unfinishedCalls ?? runner.options.unfinishedCalls);
    if (decided.fail.length > 0) throw new UnfinishedToolCallError(runId, decided.fail);
    if (decided.approve.length > 0) return await pauseForReapproval(store, lease, state, decided.approve, ttlMs);
    const stage = new CallLedgerStage(store, () => lease.claim, ledger ?? runner.options.ledger ?? 'non-idempotent', entries, decided, state.pendingBatch ? state.turn : undefined);
    const recording = RunRecording.for(store, runId);
    try {
      const result = await runner.runWithLedger(agent, state, { ...runOptions, signal: lease.signal }, stage, recording);
      await lease.stop();
      if (result.status === 'interrupted') await store.save(result.state, { claim: lease.claim, ...(ttlMs !== undefined ? { ttlMs } : {}) });
      else await store.complete(runId, lease.claim);
      result.runId = runId;
      return result;
    } finally {
      await recording?.settled();
    }
  } catch (error) {
    await lease.stop();
    // Give the run back so it can be resumed again (finished calls are not repeated), unless it
    // is no longer ours to give.
    if (!(error instanceof RunAlreadyClaimedError)) await store.release(runId, lease.claim).catch(() => undefined);
    throw lease.lostError ?? error;
  }
}

interface UnfinishedPlan {
  retry: Set<string>;
  report: Set<string>;
  approve: UnfinishedCall[];
  fail: UnfinishedCall[];
}

/** Sorts the calls of the pending batch that the ledger shows started but unfinished by the policy's action. */
function decideUnfinished(runId: string, state: RunState<any>, entries: Map<string, CallLedgerEntry>, policy: ResumeOptions['unfinishedCalls']): UnfinishedPlan {
  const plan: UnfinishedPlan = { retry: new Set(), report: new Set(), approve: [], fail: [] };
  const batch = state.pendingBatch;
  if (!batch || entries.size === 0) return plan;
  const tools = staticTools(state.currentAgent).tools;
  for (const call of batch.calls) {
    if (batch.outputs.has(call.callId)) continue;
    const key = ledgerKey(state.turn, call.callId);
    const entry = entries.get(key);
    if (entry?.status !== 'started') continue;
    const unfinished: UnfinishedCall = { runId, callId: call.callId, toolName: call.name, arguments: call.arguments, startedAt: entry.startedAt, attempts: entry.attempts };
    const action: UnfinishedCallAction = unfinishedCallAction(policy, unfinished, tools.get(call.name));
    if (action === 'retry') plan.retry.add(key);
    else if (action === 'report') plan.report.add(key);
    else if (action === 'approve') plan.approve.push(unfinished);
    else if (action === 'fail') plan.fail.push(unfinished);
    else throw new UserError(`The unfinishedCalls policy returned ${JSON.stringify(action)} for call ${call.callId}; return 'retry', 'approve', 'report' or 'fail'.`);
  }
  return plan;
}

/**
 * The `approve` action: nothing runs; the run pauses again with the unfinished calls waiting for a
 * person (their earlier approvals dropped), and their ledger entries are removed once the paused
 * state is saved, so an approval runs them as new calls and a rejection answers them.
 */
async function pauseForReapproval<TContext>(store: RunStore, lease: LeaseKeeper, state: RunState<TContext>, calls: UnfinishedCall[], ttlMs: number | undefined): Promise<RunResult<unknown, TContext>> {
  await lease.stop();
  const agent = state.currentAgent;
  const tools = staticTools(agent).tools;
  state.status = 'interrupted';
  state.interruptions = calls.map((c): ApprovalRequest => ({ callId: c.callId, toolName: c.toolName, arguments: parseArguments(c.arguments), agent }));
  state.interruptionTools.clear();
  for (const c of calls) {
    state.approvals.exact.delete(c.callId);
    const tool: Tool | undefined = tools.get(c.toolName);
    if (tool) state.interruptionTools.set(c.callId, tool);
  }
  await store.save(state, { claim: lease.claim, ...(ttlMs !== undefined ? { ttlMs } : {}) });
  for (const c of calls) await store.forgetCall(c.runId, ledgerKey(state.turn, c.callId));
  const result = buildRunResult(state, 'interrupted');
  result.runId = lease.claim.runId;
  return result;
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function checkStore(store: unknown, where: string): asserts store is RunStore {
  const s = store as Partial<RunStore> | null;
  if (typeof s !== 'object' || s === null || typeof s.save !== 'function' || typeof s.claim !== 'function' || typeof s.beginCall !== 'function') {
    throw new UserError(`${where}: store must be a RunStore (new MemoryRunStore(), new PostgresRunStore(...), new RedisRunStore(...)).`);
  }
}
