import type { Agent } from '../agent/agent';
import { RunStateError } from '../errors/run-state.error';
import { UserError } from '../errors/user.error';
import { RunState } from '../state/run-state';
import type { StoredDecision, StoredInterruption } from './run-store';
import { purposeOf, randomId, signForStore, verifyFromStore } from './store-signing';

/** What a store keeps of a state: the signed state, and what it needs to know without reading it. */
export interface EncodedRun {
  /** A random value naming this save; signatures of the state and of decisions cover it. */
  revision: string;
  /** The signed state (`RunState.toString()` bound to the run id and revision). */
  state: string;
  /** Call ids waiting for a decision, so a decision by id can be checked without the history. */
  pendingCallIds: string[];
  /** The pending calls for `inspect` (signed). */
  interruptions: string;
  /** `claimed` keeps a checkpoint of a run in progress claimed; `paused` releases it. */
  status: 'paused' | 'claimed';
}

/** Encodes a state for `store.save`: a paused state, or (under a claim) a running one. */
export function encodeRun(state: RunState<any>, runId: string, secret: string, underClaim: boolean): EncodedRun {
  if (!(state instanceof RunState)) throw new UserError('store.save(state): state must be a RunState (result.state of an interrupted run).');
  if (state.status !== 'interrupted' && !(underClaim && state.status === 'running')) {
    throw new UserError(
      `store.save(state): only a paused run can be stored (status "interrupted"), this one is "${state.status}". ` +
        'Store result.state when result.status is "interrupted".',
    );
  }
  const revision = randomId();
  const interruptions: StoredInterruption[] = state.interruptions.map((r) => ({
    callId: r.callId,
    toolName: r.toolName,
    arguments: r.arguments,
    agent: r.agent.name,
    ...(r.parentCallId !== undefined ? { parentCallId: r.parentCallId } : {}),
  }));
  return {
    revision,
    state: signForStore(secret, purposeOf('state', runId, revision), state.toString()),
    pendingCallIds: interruptions.map((r) => r.callId),
    interruptions: signForStore(secret, purposeOf('interruptions', runId, revision), JSON.stringify(interruptions)),
    status: state.status === 'interrupted' ? 'paused' : 'claimed',
  };
}

/**
 * Reads a stored state back, checks its signature, and applies the decisions recorded by id.
 * The state gets a new id: a stored run is guarded by its claim, not by the process's
 * resume-once memory, so one process may load (and, holding the claim, resume) a run more than
 * once, e.g. after a failed attempt.
 */
export function decodeRun<TContext>(
  agents: Agent<any> | ReadonlyArray<Agent<any>>,
  runId: string,
  record: { revision: string; state: string; decisions: Record<string, string> },
  secret: string,
): RunState<TContext> {
  const text = verifyFromStore(secret, purposeOf('state', runId, record.revision), record.state, `state of run ${runId}`);
  // Parsed once: the text is the unsigned `state.toString()` of a state, its signature checked.
  const value = parseStateText(text, runId);
  value.id = randomId();
  const state = RunState.fromJsonValue<TContext>(agents, value);
  for (const [callId, signed] of Object.entries(record.decisions)) {
    const decision = decodeDecision(secret, runId, record.revision, callId, signed);
    if (decision.approved) {
      state.approve(callId, { ...(decision.always !== undefined ? { always: decision.always } : {}), ...(decision.arguments !== undefined ? { arguments: decision.arguments } : {}) });
    } else {
      state.reject(callId, { ...(decision.always !== undefined ? { always: decision.always } : {}), ...(decision.message !== undefined ? { message: decision.message } : {}) });
    }
  }
  return state;
}

/** The stored state's text as a JSON object (`RunState.fromJsonValue` checks its fields). */
function parseStateText(text: string, runId: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RunStateError(`The stored state of run ${runId} is not valid JSON (${(error as Error).message}).`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RunStateError(`The stored state of run ${runId} is not a run state (a JSON object).`);
  }
  return value as Record<string, unknown>;
}

/** Checks and signs a decision made by id on a pending call of a stored run. */
export function encodeDecision(secret: string, runId: string, revision: string, callId: string, decision: StoredDecision): string {
  const plain = checkDecision(decision, callId);
  return signForStore(secret, purposeOf('decision', runId, revision, callId), JSON.stringify(plain));
}

/** Reads a decision stored by `encodeDecision`. */
export function decodeDecision(secret: string, runId: string, revision: string, callId: string, signed: string): StoredDecision {
  return JSON.parse(verifyFromStore(secret, purposeOf('decision', runId, revision, callId), signed, `decision on call ${callId} of run ${runId}`)) as StoredDecision;
}

/** Reads the pending calls stored by `encodeRun`. */
export function decodeInterruptions(secret: string, runId: string, revision: string, signed: string): StoredInterruption[] {
  return JSON.parse(verifyFromStore(secret, purposeOf('interruptions', runId, revision), signed, `pending calls of run ${runId}`)) as StoredInterruption[];
}

/** The message for a decision on a call that is not waiting for one. */
export function notPendingMessage(runId: string, callId: string, pending: readonly string[]): string {
  return (
    `No call ${JSON.stringify(callId)} is waiting for approval on run ${runId}. ` +
    (pending.length > 0 ? `Pending: ${pending.join(', ')}.` : 'The run has no pending approvals.')
  );
}

/** The longest rejection message a stored decision may carry (characters). */
const MAX_MESSAGE_LENGTH = 64 * 1024;
/** The largest edited arguments a stored decision may carry (characters of JSON). */
const MAX_ARGUMENTS_LENGTH = 1024 * 1024;

function checkDecision(decision: StoredDecision, callId: string): StoredDecision {
  if (typeof decision !== 'object' || decision === null || typeof decision.approved !== 'boolean') {
    throw new UserError(`A decision on call ${callId} must be { approved: true, ... } or { approved: false, ... }.`);
  }
  if (decision.always !== undefined && typeof decision.always !== 'boolean') throw new UserError(`A decision on call ${callId}: always must be true or false.`);
  if (decision.approved) {
    const plain: StoredDecision = { approved: true };
    if (decision.always !== undefined) plain.always = decision.always;
    if (decision.arguments !== undefined) {
      let text: string | undefined;
      try {
        text = JSON.stringify(decision.arguments);
      } catch {
        text = undefined;
      }
      if (text === undefined) throw new RunStateError(`The edited arguments of call ${callId} are not JSON data.`);
      if (text.length > MAX_ARGUMENTS_LENGTH) throw new UserError(`The edited arguments of call ${callId} are ${text.length} characters of JSON; at most ${MAX_ARGUMENTS_LENGTH} are stored.`);
      plain.arguments = JSON.parse(text) as unknown;
    }
    return plain;
  }
  if (decision.message !== undefined && typeof decision.message !== 'string') throw new UserError(`A rejection of call ${callId}: message must be a string.`);
  if (decision.message !== undefined && decision.message.length > MAX_MESSAGE_LENGTH) {
    throw new UserError(`A rejection of call ${callId}: the message is ${decision.message.length} characters; at most ${MAX_MESSAGE_LENGTH} are stored (it becomes the call's output).`);
  }
  const plain: StoredDecision = { approved: false };
  if (decision.always !== undefined) plain.always = decision.always;
  if (decision.message !== undefined) plain.message = decision.message;
  return plain;
}
