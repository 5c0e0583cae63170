import { RunAlreadyClaimedError, RunNotFoundError, type Agent, type RunRecords, type RunStore, type RunTimelineEvent, type RunView, type Runner, type StoredInterruption } from '@toolwright/core';
import type { ConsoleDecision, DecisionOutcome } from './decision';
import { findAgent, findTool } from './find-tool';
import { checkEditedArguments } from './validate-arguments';

/** What deciding a call needs. */
export interface DecisionHost {
  store: RunStore & RunRecords;
  agents: readonly Agent<any>[];
  runner: Runner;
  /** Resumes run in the background; errors end up in the run's record. */
  track(work: Promise<unknown>): void;
}

/** How long the console holds a run's claim while it records a decision. */
const DECISION_LEASE_MS = 30_000;

/**
 * Decides a pending call exactly once, even with two people clicking at once: the run's claim
 * is the lock under which the decision is checked (not yet decided by anyone) and recorded in the
 * timeline with the deciding identity; then the decision is stored by id and, once every pending
 * call of the run is decided, the run is resumed through the store (`runner.resume`), which
 * claims it again. A loser is told who decided.
 */
export async function decideCall(host: DecisionHost, runKey: string, callId: string, decision: ConsoleDecision, user: string): Promise<DecisionOutcome> {
  const { store } = host;
  const view = await store.getRunView(runKey);
  const runId = view?.run.runId ?? runKey;
  let info;
  try {
    info = await store.inspect(runId);
  } catch (error) {
    if (error instanceof RunNotFoundError) return refusal(404, 'Run not found', `There is no paused run ${runId} in the store (it may have expired).`);
    throw error;
  }
  const call = info.interruptions.find((c) => c.callId === callId);
  if (info.status !== 'paused' || !call || info.decisions[callId] !== undefined) return alreadyDecided(view, callId, info.status);
  const agent = findAgent(host.agents, view?.run.agent) ?? findAgent(host.agents, call.agent) ?? host.agents[0];
  let edited: unknown;
  if (decision.kind === 'edit') {
    const check = checkEditedArguments(findTool(findAgent(host.agents, call.agent) ?? agent, call.toolName), call.toolName, decision.argumentsJson, callId);
    if (!check.ok) return { ok: false, status: 422, title: 'Invalid arguments', message: `The edited arguments of ${call.toolName} do not match its schema; nothing was decided.`, violations: check.violations };
    edited = check.value;
  }

  let claim;
  try {
    claim = await store.claim(runId, { leaseMs: DECISION_LEASE_MS });
  } catch (error) {
    if (error instanceof RunAlreadyClaimedError || error instanceof RunNotFoundError) return alreadyDecided(await store.getRunView(runId), callId, 'claimed');
    throw error;
  }
  let recordId: string;
  try {
    const fresh = (await store.getRunView(runId)) ?? (await recordUnrecordedRun(store, runId, call));
    if (decisionOf(fresh.events, callId)) return alreadyDecided(fresh, callId, 'paused');
    recordId = fresh.run.id;
    const event: RunTimelineEvent = {
      seq: fresh.run.eventCount + 1,
      at: Date.now(),
      type: 'decision',
      agent: call.agent,
      callId,
      toolName: call.toolName,
      by: user,
      approved: decision.kind !== 'reject',
      ...(decision.kind === 'reject' && decision.message ? { text: decision.message.slice(0, 2_000) } : {}),
      ...(decision.kind === 'edit' ? { text: JSON.stringify(edited).slice(0, 16_384), data: { edited: true } } : {}),
    };
    await store.appendEvents(recordId, [event]);
    await store.recordRun({ ...fresh.run, eventCount: event.seq, updatedAt: Math.max(fresh.run.updatedAt, event.at) });
  } finally {
    await store.release(runId, claim).catch(() => undefined);
  }

  await retryWhileClaimed(() =>
    decision.kind === 'reject'
      ? store.reject(runId, callId, decision.message ? { message: decision.message.slice(0, 2_000) } : {})
      : store.approve(runId, callId, decision.kind === 'edit' ? { arguments: edited } : {}),
  );
  const after = await store.inspect(runId);
  const undecided = after.interruptions.filter((c) => after.decisions[c.callId] === undefined);
  if (undecided.length > 0 || !agent) return { ok: true, resumed: false };
  host.track(retryWhileClaimed(() => host.runner.resume(agent, runId, { store })));
  return { ok: true, resumed: true };
}

/** The latest decision recorded for `callId` since the run last paused. */
export function decisionOf(events: readonly RunTimelineEvent[], callId: string): RunTimelineEvent | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'decision' && e.callId === callId) return e;
    if (e.type === 'run_resumed') return undefined;
  }
  return undefined;
}

function alreadyDecided(view: RunView | undefined, callId: string, status: string): DecisionOutcome {
  const decided = view ? decisionOf(view.events, callId) ?? lastDecision(view.events, callId) : undefined;
  if (decided) {
    const verb = decided.approved ? 'approved' : 'rejected';
    return refusal(409, 'Already decided', `Call ${callId} was already ${verb} by ${decided.by ?? 'someone else'}.`);
  }
  return refusal(409, 'Already decided', `Call ${callId} is no longer waiting for a decision (the run is ${status === 'claimed' ? 'being resumed or decided by someone else' : status}).`);
}

function lastDecision(events: readonly RunTimelineEvent[], callId: string): RunTimelineEvent | undefined {
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.type === 'decision' && events[i]!.callId === callId) return events[i];
  return undefined;
}

function refusal(status: number, title: string, message: string): DecisionOutcome {
  return { ok: false, status, title, message };
}

/** A run saved without a record (stored by hand or by an older process): recorded now, so decisions have a timeline. */
async function recordUnrecordedRun(store: RunStore & RunRecords, runId: string, call: StoredInterruption): Promise<RunView> {
  const now = Date.now();
  const run = { id: runId, runId, agent: call.agent, status: 'paused' as const, startedAt: now, updatedAt: now, pendingApprovals: 1, eventCount: 0 };
  await store.recordRun(run);
  return { run, events: [] };
}

/** Runs `work` again while the run is briefly claimed by another console deciding (it gives it back at once). */
async function retryWhileClaimed<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof RunAlreadyClaimedError) || (error as { status?: string }).status === 'completed' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
