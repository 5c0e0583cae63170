import { randomBytes, randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { RunState, Runner, type RunResult } from '@toolwright/core';
import { AgentRegistry } from '@toolwright/nestjs';
import type { ChatContext } from '../context/chat-context';
import type { PendingApproval, RunRecord } from './run-record';
import { RUN_STATE_STORE, type RunStateStore } from './run-state.store';

/** Injection token of the secret that signs stored run states. */
export const RUN_STATE_SECRET = Symbol('RUN_STATE_SECRET');

/** The default secret: RUN_STATE_SECRET, or a random one (enough while the store lives in this process). */
export function runStateSecret(env: NodeJS.ProcessEnv = process.env): string {
  return env.RUN_STATE_SECRET?.trim() || randomBytes(32).toString('hex');
}

/** What the API answers about a run. */
export interface RunView {
  runId: string;
  agent: string;
  status: RunRecord['status'];
  output?: string;
  pendingApprovals: PendingApproval[];
}

/** A person's decision on one pending call, or on all of them when `callId` is absent. */
export type Decision =
  | { approve: true; callId?: string; always?: boolean; arguments?: unknown }
  | { approve: false; callId?: string; always?: boolean; message?: string };

/**
 * Starts runs, and resumes paused ones once every pending call is decided. A paused run is
 * stored as signed `RunState` text, so any process sharing the store can resume it; the state
 * itself says whom the run is for (`runner.persistContext` keeps the requester's user and tenant
 * in it), so resuming needs no other record of the requester. Runs take the request's signal:
 * a client that disconnects cancels its run.
 */
@Injectable()
export class RunsService {
  constructor(
    private readonly runner: Runner,
    private readonly agents: AgentRegistry,
    @Inject(RUN_STATE_STORE) private readonly store: RunStateStore,
    @Inject(RUN_STATE_SECRET) private readonly secret: string,
  ) {}

  /** Runs the agent on a message; a run that pauses for approval is stored. */
  async chat(message: string, context: ChatContext, agentName = 'support', signal?: AbortSignal): Promise<RunView> {
    if (!this.agents.has(agentName)) throw new NotFoundException(`No agent named "${agentName}".`);
    const result = await this.runner.run(this.agents.get<ChatContext>(agentName), message, { context, signal });
    const now = new Date().toISOString();
    return this.save({ id: randomUUID(), agent: agentName, tenant: context.tenant, createdAt: now }, result);
  }

  /** A run of the caller's tenant. */
  async get(id: string, context: ChatContext): Promise<RunView> {
    return toView(await this.load(id, context));
  }

  /**
   * Records a decision; when no call is left undecided, resumes the run. Invalid edited arguments
   * (`ToolArgumentsError`) and a state that cannot be resumed (`RunStateError`) reach the client
   * as 400 and 409 through `ToolwrightExceptionFilter`.
   */
  async decide(id: string, context: ChatContext, decision: Decision, signal?: AbortSignal): Promise<RunView> {
    const record = await this.load(id, context);
    if (record.status !== 'interrupted' || record.state === undefined) {
      throw new ConflictException(`Run ${id} is ${record.status}; it has no pending approvals.`);
    }
    const targets = decision.callId === undefined ? record.pending.map((p) => p.callId) : [decision.callId];
    const unknown = targets.find((callId) => !record.pending.some((p) => p.callId === callId));
    if (unknown !== undefined) {
      throw new NotFoundException(`Run ${id} has no pending call "${unknown}". Pending: ${record.pending.map((p) => p.callId).join(', ')}.`);
    }
    const state = RunState.fromString<ChatContext>(this.agents.list(), record.state, { secret: this.secret });
    // The signed state names the run's tenant; the record's copy only finds it.
    if (state.context?.tenant !== context.tenant) throw new NotFoundException(`No run ${id}.`);
    for (const callId of targets) {
      if (decision.approve) state.approve(callId, { always: decision.always, arguments: decision.arguments });
      else state.reject(callId, { always: decision.always, message: decision.message });
    }
    const pending = record.pending.filter((p) => !targets.includes(p.callId));
    if (pending.length > 0) {
      // Other calls of the batch still wait: keep the decisions in the stored state.
      const updated: RunRecord = { ...record, state: state.toString({ secret: this.secret }), pending, updatedAt: new Date().toISOString() };
      await this.store.save(updated);
      return toView(updated);
    }
    // The tools see the requester (from the state) and who decided (this request).
    const result = await this.runner.run(this.agents.get<ChatContext>(record.agent), state, { context: { ...state.context, decidedBy: context.user }, signal });
    return this.save(record, result);
  }

  private async load(id: string, context: ChatContext): Promise<RunRecord> {
    const record = await this.store.get(id);
    // Another tenant's run is reported as missing, not as forbidden: its id tells nothing.
    if (record === undefined || record.tenant !== context.tenant) throw new NotFoundException(`No run ${id}.`);
    return record;
  }

  private async save(base: Pick<RunRecord, 'id' | 'agent' | 'tenant' | 'createdAt'>, result: RunResult<unknown, ChatContext>): Promise<RunView> {
    const interrupted = result.status === 'interrupted';
    const record: RunRecord = {
      ...base,
      status: interrupted ? 'interrupted' : 'completed',
      state: interrupted ? result.state.toString({ secret: this.secret }) : undefined,
      pending: result.interruptions.map((r) => ({ callId: r.callId, toolName: r.toolName, arguments: r.arguments, agent: r.agent.name })),
      output: interrupted ? undefined : String(result.finalOutput ?? ''),
      updatedAt: new Date().toISOString(),
    };
    await this.store.save(record);
    return toView(record);
  }
}

function toView(record: RunRecord): RunView {
  return { runId: record.id, agent: record.agent, status: record.status, output: record.output, pendingApprovals: record.pending };
}
