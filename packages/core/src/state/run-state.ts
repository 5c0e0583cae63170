import type { Agent } from '../agent/agent';
import { ApprovalStore } from '../approvals/approval-store';
import { DEFAULT_REJECTION_MESSAGE, type ApproveOptions, type RejectOptions } from '../contracts/approval-decision';
import { editedArgumentsJson, validateEditedArguments } from '../approvals/edited-arguments';
import { checkToolArguments } from '../arguments/tool-argument-check';
import type { CalledToolRecord } from '../duplicates/duplicate-ledger';
import { RunStateError } from '../errors/run-state.error';
import { lazyModule } from '../lazy/lazy-module';
import { nodeCrypto } from '../lazy/node-crypto';
import type { Item } from '../items/item';
import { emptyUsage, type Usage } from '../result/usage';
import type { Tool } from '../contracts/tool';
import type { ApprovalRequest } from '../contracts/approval-request';
import { isStateConsumed } from './consumed-states';
import type { PendingBatch } from '../contracts/pending-batch';
import type { CarriedProgress } from './carried-progress';
import type { RunStateSnapshot } from './run-state-parse';
import { serializeRunState } from './run-state-serialize';
import type { RunStatus } from './run-state-format';
import { recordDecision, type GuardrailDecision } from './guardrail-decisions';
import type { BudgetSpent } from '../errors/budget-exceeded.error';
import type { RunMetadata } from './run-metadata';
import { brand } from '../util/brand';

// Reading a stored state and signing one happen only where runs are paused and resumed: loaded
// on first use, so a program that never does is not slowed by them.
const loadParse = lazyModule(() => require('./run-state-parse') as typeof import('./run-state-parse'));
const loadSigning = lazyModule(() => require('./state-signing') as typeof import('./state-signing'));

export type { RunStatus } from './run-state-format';

/** Options of `state.toString(...)` and `RunState.fromString(...)`. */
export interface RunStateStringOptions {
  /** Signs (HMAC-SHA256) on write and verifies on read; a state signed with it is refused without it. */
  secret?: string;
}

/**
 * Everything a run knows, in one object: the conversation, the turn count, usage, disclosed
 * tools, the current agent, the batch of calls in flight and the approval decisions. A run
 * mutates its own `RunState` only; two runs never share one. Every field except `context` is
 * plain data, so the state serialises (`toString`) and resumes in another process
 * (`RunState.fromString`).
 *
 * `history` is append-only while a run is in progress: the runner pushes items and never
 * rewrites earlier ones, which is what lets models receive the live array without a copy.
 *
 * A state is resumed at most once: `runner.run(agent, state)` continues on a new `RunState`
 * (the result's `state`) and marks this one consumed, so resuming it again fails with
 * `RunStateError`. Another copy read from the same JSON is refused too while this process
 * remembers the id: the 50,000 most recently resumed ids (`TOOLWRIGHT_LIMITS.resumeGuardSize`),
 * until a restart. Across processes and restarts, keep paused runs in a run store, whose claim
 * makes the resume exactly-once.
 *
 * @example
 * const result = await runner.run(agent, 'Refund order 42');
 * if (result.status === 'interrupted') {
 *   const json = result.state.toString({ secret });
 *   // ... later, maybe in another process:
 *   const state = RunState.fromString(agent, json, { secret });
 *   state.approve(state.interruptions[0].callId);
 *   await runner.run(agent, state);
 * }
 */
export class RunState<TContext = unknown> {
  static {
    brand(this, 'RunState');
  }

  /** A random id, kept through serialisation; the in-process resume-once guard remembers it (see the class notes). */
  readonly id: string;
  /** The agent whose turn is next (changes on handoffs). */
  currentAgent: Agent<TContext>;
  /** The whole conversation: earlier input, then everything the runs on this state added. */
  readonly history: Item[];
  /** Index in `history` of the first item the current run added (`RunResult.newItems`). */
  runStartIndex: number;
  /** Model calls made so far. */
  turn = 0;
  /** Most model calls allowed. */
  maxTurns: number;
  /** Usage of the model calls plus the tools' own usage; the same object `RunContext.usage` shows. */
  readonly usage: Usage = emptyUsage();
  /** Usage reported by the model for its own turns. */
  readonly modelUsage: Usage = emptyUsage();
  /** Usage reported by tools in `ToolResult.usage` (for example nested agents). */
  readonly toolUsage: Usage = emptyUsage();
  /** Names of deferred tools disclosed by a result's `addedTools`, cumulative for the run. */
  readonly disclosedTools = new Set<string>();
  /** Names of agents that have called a tool in this run (drives the `toolChoice` reset). */
  readonly agentsThatUsedTools = new Set<string>();
  /** The batch of calls of the latest response that is not fully answered yet. */
  pendingBatch?: PendingBatch;
  /** Turns in a row in which every tool call failed. */
  consecutiveFailedTurns = 0;
  /** Calls waiting for a human decision when `status` is `interrupted`. */
  interruptions: ApprovalRequest[] = [];
  /** Where the run stands. */
  status: RunStatus = 'running';
  /** The final output once the run completed. */
  finalOutput: unknown = undefined;
  /**
   * The user's context for the run in progress; not serialised. A state read by `fromString`
   * starts with the slice the run kept (`persistedContext`), or `undefined`.
   */
  context: TContext;
  /**
   * The slice of the run context kept in the state (opt-in: the `persistContext` Runner or run
   * option): serialised and signed with it, and the `context` of a state read back, so a run
   * resumed by another user or process knows, for example, whom it was started for.
   */
  persistedContext?: unknown;
  /** Approval decisions: exact (by call id) and standing (by tool name). @internal */
  readonly approvals = new ApprovalStore();
  /** Calls of tools with a duplicate policy that ran, by tool name and canonical arguments. @internal */
  readonly calledTools = new Map<string, CalledToolRecord>();
  /** The tools of the pending interruptions, when known, to validate edited arguments at once. @internal */
  readonly interruptionTools = new Map<string, Tool>();
  /** Application data kept with the run across pauses and stores: plain JSON, at most 64 KiB (`RunOptions.metadata`). */
  metadata: RunMetadata = {};
  /** The run's guardrail decisions, oldest first (at most 200): agent-level ones, tool refusals and tripwires. */
  readonly guardrailDecisions: GuardrailDecision[] = [];
  /** What the run's budget has spent, kept so that a paused run resumes with it; absent without a budget. @internal */
  budgetSpent?: BudgetSpent;
  /** On a resumed run: the interruptions of the state it resumed. @internal */
  resumedInterruptions: readonly ApprovalRequest[] = [];
  /** Call ids of the conversation's calls, built from the history on first use. */
  private callIds?: Set<string>;
  private consumedFlag = false;

  constructor(init: { agent: Agent<TContext>; history: Item[]; maxTurns: number; context: TContext; id?: string }) {
    this.id = init.id ?? nodeCrypto().randomUUID();
    this.currentAgent = init.agent;
    this.history = init.history;
    this.runStartIndex = init.history.length;
    this.maxTurns = init.maxTurns;
    this.context = init.context;
  }

  /**
   * Claims `callId` for a new call of this conversation: false when a call of the history (or
   * one claimed before) already has it. @internal
   */
  claimCallId(callId: string): boolean {
    if (this.callIds === undefined) {
      this.callIds = new Set();
      for (const item of this.history) if (item.type === 'function_call') this.callIds.add(item.callId);
    }
    // One hash operation per call: the size grows only when the id is new.
    const before = this.callIds.size;
    return this.callIds.add(callId).size !== before;
  }

  /** The items added since the current run started. */
  get newItems(): Item[] {
    return this.history.slice(this.runStartIndex);
  }

  /** Whether a run has already resumed this state (in this process). */
  get consumed(): boolean {
    return this.consumedFlag || isStateConsumed(this.id);
  }

  /**
   * Approves a pending call. With `always`, every later call of the same tool in this run is
   * approved too. With `arguments`, the call runs with those instead of the model's; they are
   * validated against the tool's schema (optional fields may be left out).
   *
   * @throws RunStateError when `callId` is not waiting for approval, or the state was resumed already.
   * @throws ToolArgumentsError when edited arguments do not match the tool's schema.
   */
  approve(callId: string, options: ApproveOptions = {}): void {
    const request = this.pendingRequest(callId, 'approve');
    const decision: { approved: true; arguments?: unknown } = { approved: true };
    if (options.arguments !== undefined) {
      const json = editedArgumentsJson(request.toolName, options.arguments, callId);
      const tool = this.interruptionTools.get(callId);
      if (tool) {
        const { args } = validateEditedArguments(tool, json, callId);
        // An asynchronous check can only run when the run resumes; a synchronous one answers now.
        const verdict = checkToolArguments(tool, args, callId);
        if (verdict && !(verdict instanceof Promise)) throw verdict;
      }
      decision.arguments = json;
    }
    this.approvals.record(request.toolName, callId, decision, options.always === true);
  }

  /**
   * Rejects a pending call: it does not run, and the model sees `message` (default
   * `Tool execution was not approved.`) as its output, then gets another turn. With `always`,
   * every later call of the same tool in this run is rejected too.
   *
   * @throws RunStateError when `callId` is not waiting for approval, or the state was resumed already.
   */
  reject(callId: string, options: RejectOptions = {}): void {
    const request = this.pendingRequest(callId, 'reject');
    if (options.message !== undefined && typeof options.message !== 'string') {
      throw new RunStateError(`state.reject("${callId}", { message }): the message must be a string.`);
    }
    const message = options.message ?? DEFAULT_REJECTION_MESSAGE;
    this.approvals.record(request.toolName, callId, { approved: false, message }, options.always === true);
  }

  /**
   * The state as versioned JSON text, to store and resume later (`RunState.fromString`). With
   * `secret`, the text is signed with HMAC-SHA256 and refused when changed. `context` is not
   * included, only the slice kept by `persistContext` (`persistedContext`): pass the context
   * again in the run options when resuming.
   */
  toString(options: RunStateStringOptions = {}): string {
    const json = JSON.stringify(serializeRunState(this));
    return options.secret === undefined ? json : loadSigning().signState(json, options.secret);
  }

  /** The serialised state as a plain JSON value (what `toString()` writes, unsigned). */
  toJSON(): unknown {
    return serializeRunState(this);
  }

  /**
   * Reads a state written by `toString()`. `agents` must hold every agent the state names (the
   * current agent and those of pending approvals); agents reachable through handoffs are found
   * too. Nothing runs here.
   *
   * @throws RunStateError naming the problem: not JSON, an unknown version, a bad signature
   *   (or a signed state read without the secret, or an unsigned one with it), a missing agent
   *   or tool, a decision for a call that is not pending, inconsistent fields.
   */
  static fromString<TContext = unknown>(
    agents: Agent<any> | ReadonlyArray<Agent<any>>,
    json: string,
    options: RunStateStringOptions = {},
  ): RunState<TContext> {
    if (typeof json !== 'string') throw new RunStateError(`RunState.fromString needs the JSON text written by state.toString(), got ${typeof json}.`);
    return RunState.fromSnapshot<TContext>(loadParse().parseRunState(agents, loadSigning().readSignedState(json, options.secret)));
  }

  /**
   * Reads a state from its JSON value, already parsed (what `fromString` does after parsing and
   * checking a signature): for a store that verified the text itself, so it is not parsed twice.
   * @internal
   */
  static fromJsonValue<TContext = unknown>(agents: Agent<any> | ReadonlyArray<Agent<any>>, value: unknown): RunState<TContext> {
    return RunState.fromSnapshot<TContext>(loadParse().parseRunState(agents, value));
  }

  /** Builds a state from a checked snapshot. @internal */
  static fromSnapshot<TContext>(s: RunStateSnapshot): RunState<TContext> {
    const state = new RunState<TContext>({ agent: s.currentAgent, history: s.history, maxTurns: s.maxTurns, context: s.context as TContext, id: s.id });
    if (s.context !== undefined) state.persistedContext = s.context;
    state.carryOver(s);
    state.pendingBatch = s.pendingBatch;
    state.interruptions = s.interruptions;
    for (const [callId, tool] of s.interruptionTools) state.interruptionTools.set(callId, tool);
    state.status = s.status;
    for (const [k, v] of s.exactDecisions) state.approvals.exact.set(k, v);
    for (const [k, v] of s.standingDecisions) state.approvals.standing.set(k, v);
    return state;
  }

  /**
   * Marks this state consumed and returns the state the resumed run works on: a copy with a
   * new id, so the paused state stays as it was and cannot be resumed twice. @internal
   */
  resumeAs(): RunState<TContext> {
    const next = new RunState<TContext>({ agent: this.currentAgent, history: this.history.slice(), maxTurns: this.maxTurns, context: this.context });
    if (this.persistedContext !== undefined) next.persistedContext = this.persistedContext;
    next.carryOver(this);
    if (this.pendingBatch) {
      const b = this.pendingBatch;
      next.pendingBatch = { calls: b.calls.slice(), outputs: new Map(b.outputs) };
      if (b.incompleteReason !== undefined) next.pendingBatch.incompleteReason = b.incompleteReason;
      if (b.nested) next.pendingBatch.nested = new Map(b.nested);
    }
    next.resumedInterruptions = this.interruptions.slice();
    const approvals = this.approvals.clone();
    for (const [k, v] of approvals.exact) next.approvals.exact.set(k, v);
    for (const [k, v] of approvals.standing) next.approvals.standing.set(k, v);
    this.consumedFlag = true;
    return next;
  }

  /** Copies the counters, usage, disclosed tools and called-tool records of a state or snapshot into this fresh state. */
  private carryOver(from: CarriedProgress): void {
    this.turn = from.turn;
    this.consecutiveFailedTurns = from.consecutiveFailedTurns;
    this.finalOutput = from.finalOutput;
    Object.assign(this.usage, from.usage);
    Object.assign(this.modelUsage, from.modelUsage);
    Object.assign(this.toolUsage, from.toolUsage);
    for (const name of from.disclosedTools) this.disclosedTools.add(name);
    for (const name of from.agentsThatUsedTools) this.agentsThatUsedTools.add(name);
    for (const [k, v] of from.calledTools) this.calledTools.set(k, v);
    // A copy: the resumed run's changes must not reach the paused state it came from.
    this.metadata = structuredClone(from.metadata);
    this.guardrailDecisions.push(...from.guardrailDecisions);
    if (from.budgetSpent !== undefined) this.budgetSpent = { ...from.budgetSpent };
  }

  /** Records a guardrail decision (bounded, see `guardrailDecisions`). @internal */
  recordGuardrailDecision(decision: GuardrailDecision): void {
    recordDecision(this.guardrailDecisions, decision);
  }

  private pendingRequest(callId: string, verb: 'approve' | 'reject'): ApprovalRequest {
    if (this.consumed) {
      throw new RunStateError(`state.${verb}("${callId}"): this state was already resumed. Decide on the state of the latest result (result.state) instead.`);
    }
    const request = this.interruptions.find((r) => r.callId === callId);
    if (!request) {
      const pending = this.interruptions.map((r) => `${r.callId} (${r.toolName})`);
      throw new RunStateError(
        `state.${verb}("${callId}"): no call with that id is waiting for approval. ` +
          (pending.length > 0 ? `Pending: ${pending.join(', ')}.` : 'This state has no pending approvals (its status is "' + this.status + '").'),
      );
    }
    return request;
  }
}

// Completes `RunStateRef` (contracts/class-refs.ts): contracts that name a run state mean this class.
declare module '../contracts/class-refs' {
  interface RunStateRef<TContext> extends RunState<TContext> {
    readonly id: string;
  }
}
