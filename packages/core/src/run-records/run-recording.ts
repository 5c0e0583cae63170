import type { Agent } from '../agent/agent';
import type { RunEvent } from '../contracts/run-event';
import type { EventChannel } from '../events/event-channel';
import type { RunState } from '../state/run-state';
import { nodeCrypto } from '../lazy/node-crypto';
import { RecordingChannel, type RunEventRecorder } from './recording-channel';
import type { RunRecord, RunRecordStatus, RunTimelineEvent } from './run-record';
import { boundText, RUN_RECORD_LIMITS } from './run-record-limits';
import { hasRunRecords, type RunRecords } from './run-records';
import { itemText, timelineEntryOf, type TimelineEntry } from './timeline-entry';
import { DEFAULT_RECORD_HEARTBEAT_MS } from './run-record-timing';

/** Buffered events are written at most this long after they happen. */
const FLUSH_DELAY_MS = 100;

/**
 * Records one run (or one resume of a stored run) into a store that keeps run records: the run's
 * record from its start, its timeline as the runner emits events, and its end. Writes are
 * serialised and batched; a failing store never fails the run (the first failure is reported
 * once as a process warning). While the run goes, a heartbeat renews the record's `updatedAt`
 * every `store.recordHeartbeatMs` (one write, skipped when events were written meanwhile), so
 * readers can tell a run whose process died (`lost`). @internal
 */
export class RunRecording implements RunEventRecorder {
  private record?: RunRecord;
  private state?: RunState<any>;
  private seq = 0;
  private dropped = 0;
  private buffer: RunTimelineEvent[] = [];
  private writes: Promise<void> = Promise.resolve();
  private timer?: ReturnType<typeof setTimeout>;
  private heartbeat?: ReturnType<typeof setInterval>;
  /** When the record was last written (the heartbeat skips a beat after a recent write). */
  private lastWrite = 0;
  /** The record changed since it was last written (the run's end, before the flush that writes it). */
  private changed = false;
  private warned = false;
  private ended = false;

  private constructor(private readonly store: RunRecords, private readonly resumedRunId?: string) {}

  /** A recording for a run on `store`, or `undefined` when the store keeps no run records. */
  static for(store: object, resumedRunId?: string): RunRecording | undefined {
    return hasRunRecords(store) ? new RunRecording(store, resumedRunId) : undefined;
  }

  /** Starts recording `state`'s run; returns the channel the run emits into (feeding `inner` too). */
  attach(inner: EventChannel | undefined, state: RunState<any>, agent: Agent<any>): EventChannel {
    this.state = state;
    const now = Date.now();
    this.enqueue(async () => {
      const id = this.resumedRunId;
      const earlier = id !== undefined ? await this.store.getRunView(id, { afterSeq: Number.MAX_SAFE_INTEGER }) : undefined;
      if (earlier) {
        this.record = { ...earlier.run, status: 'running', pendingApprovals: 0, updatedAt: now };
        this.seq = earlier.run.eventCount;
        delete this.record.error;
      } else {
        this.record = { id: id ?? nodeCrypto().randomUUID(), agent: agent.name, status: 'running', startedAt: now, updatedAt: now, pendingApprovals: 0, eventCount: 0 };
        if (id !== undefined) this.record.runId = id;
      }
      await this.write();
    });
    this.startHeartbeat();
    if (this.resumedRunId !== undefined) this.add({ at: now, type: 'run_resumed', agent: agent.name, turn: state.turn });
    else this.add({ at: now, type: 'run_started', agent: agent.name, turn: state.turn, ...boundText(inputText(state)) });
    return new RecordingChannel(inner, this);
  }

  /** Records a run event. */
  event(event: RunEvent): void {
    if (event.type === 'run_completed') return;
    const entry = timelineEntryOf(event, this.state?.turn ?? 0);
    if (entry) this.add(entry);
  }

  /** Records the run's end: paused, completed, stopped (cancelled) or failed. */
  end(failure?: { error: unknown }): void {
    if (this.ended) return;
    this.ended = true;
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    const state = this.state;
    const at = Date.now();
    let status: RunRecordStatus;
    let error: string | undefined;
    if (failure) {
      const e = failure.error as { name?: unknown; message?: unknown } | undefined;
      error = boundText(`${typeof e?.name === 'string' ? e.name : 'Error'}: ${typeof e?.message === 'string' ? e.message : String(failure.error)}`, 2_000).text;
      status = e?.name === 'RunCancelledError' || e?.name === 'AbortError' ? 'stopped' : 'failed';
    } else if (state?.status === 'stopped') {
      // Ended gracefully by the run's stopSignal after a turn: its state can be run again.
      status = 'stopped';
      error = 'Stopped by the run\'s stopSignal after the current turn.';
    } else status = state?.status === 'interrupted' ? 'paused' : 'completed';
    const agent = state?.currentAgent.name;
    if (status === 'paused') this.add({ at, type: 'run_paused', agent, data: { pending: state?.interruptions.length ?? 0 } }, true);
    else if (status === 'completed') this.add({ at, type: 'run_completed', agent, ...boundText(finalText(state?.finalOutput)) }, true);
    else this.add({ at, type: 'run_failed', agent, text: error, data: { status } }, true);
    this.enqueue(async () => {
      const record = this.record;
      if (!record) return;
      record.status = status;
      record.updatedAt = at;
      record.pendingApprovals = status === 'paused' ? state?.interruptions.length ?? 0 : 0;
      if (error !== undefined) record.error = error;
      if (state) record.usage = { inputTokens: state.usage.inputTokens, outputTokens: state.usage.outputTokens, totalTokens: state.usage.totalTokens };
      this.changed = true;
    });
    this.flush();
  }

  /** Links the record to the run's id in the store once the paused run was saved there. */
  stored(runId: string): void {
    this.enqueue(async () => {
      if (!this.record) return;
      this.record.runId = runId;
      this.record.updatedAt = Date.now();
      await this.write();
    });
  }

  /** Resolves once everything recorded so far is written (or failed to be). */
  async settled(): Promise<void> {
    this.flush();
    await this.writes;
  }

  private add(entry: TimelineEntry, last = false): void {
    // The run's end is always kept; other events past the bound are counted, not kept.
    if (!last && this.seq + this.buffer.length >= RUN_RECORD_LIMITS.maxEventsPerRun - 2) {
      this.dropped++;
      return;
    }
    if (last && this.dropped > 0) {
      this.buffer.push({ seq: 0, at: entry.at, type: 'events_dropped', data: { count: this.dropped } });
      this.dropped = 0;
    }
    this.buffer.push({ ...entry, seq: 0 } as RunTimelineEvent);
    if (this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), FLUSH_DELAY_MS);
      this.timer.unref?.();
    }
  }

  private flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    this.enqueue(async () => {
      const record = this.record;
      // Nothing new since the last write (`settled()` after the run's end): no write.
      if (!record || (batch.length === 0 && !this.changed)) return;
      if (batch.length > 0) {
        for (const e of batch) e.seq = ++this.seq;
        await this.store.appendEvents(record.id, batch);
      }
      record.eventCount = this.seq;
      record.updatedAt = Math.max(record.updatedAt, Date.now());
      await this.write();
    });
  }

  /** Renews the running record every heartbeat until the run ends (the timer keeps no process alive). */
  private startHeartbeat(): void {
    const every = heartbeatOf(this.store);
    this.heartbeat = setInterval(() => {
      if (this.ended || Date.now() - this.lastWrite < every / 2) return;
      this.enqueue(async () => {
        const record = this.record;
        if (!record || this.ended) return;
        record.updatedAt = Math.max(record.updatedAt, Date.now());
        await this.write();
      });
    }, every);
    this.heartbeat.unref?.();
  }

  private async write(): Promise<void> {
    this.lastWrite = Date.now();
    this.changed = false;
    await this.store.recordRun({ ...this.record! });
  }

  private enqueue(write: () => Promise<void>): void {
    this.writes = this.writes.then(write).catch((error: unknown) => this.warn(error));
  }

  private warn(error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    process.emitWarning(`Toolwright could not record a run in its store (the run goes on): ${(error as Error)?.message ?? String(error)}`, 'ToolwrightRunRecordWarning');
  }
}

/** The store's heartbeat, bounded (a store's odd value cannot make the runner spin or stall). */
function heartbeatOf(store: RunRecords): number {
  const ms = store.recordHeartbeatMs;
  return typeof ms === 'number' && Number.isFinite(ms) ? Math.min(Math.max(ms, 10), 3_600_000) : DEFAULT_RECORD_HEARTBEAT_MS;
}

function inputText(state: RunState<any>): string {
  const first = state.history.find((item) => item.type === 'message' && item.role === 'user');
  return first ? itemText(first) : '';
}

function finalText(output: unknown): string {
  if (output === undefined || output === null) return '';
  if (typeof output === 'string') return output;
  try {
    return JSON.stringify(output) ?? '';
  } catch {
    return String(output);
  }
}
