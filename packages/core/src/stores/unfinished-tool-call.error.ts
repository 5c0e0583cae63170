import { ToolwrightError } from '../errors/toolwright.error';
import { brand } from '../util/brand';

/** A call that started before a crash and never reported back, as the unfinished-call policy sees it. */
export interface UnfinishedCall {
  runId: string;
  callId: string;
  toolName: string;
  /** The call's arguments as the model sent them (JSON text). */
  arguments: string;
  /** When the interrupted attempt started (epoch milliseconds). */
  startedAt: number;
  /** Attempts so far. */
  attempts: number;
}

/**
 * A resumed run holds calls that started before a crash and never finished, and the
 * unfinished-call policy says `fail`: nothing ran, the run was given back (status `paused`).
 * Find out whether each call took effect, then resume with `unfinishedCalls: 'retry'`,
 * `'approve'` or `'report'`.
 */
export class UnfinishedToolCallError extends ToolwrightError {
  static {
    brand(this, 'UnfinishedToolCallError');
  }

  constructor(readonly runId: string, readonly calls: readonly UnfinishedCall[]) {
    super(
      `Run ${runId} was interrupted while ${calls.map((c) => `"${c.toolName}" (call ${c.callId}, started ${new Date(c.startedAt).toISOString()})`).join(', ')} ` +
        `${calls.length === 1 ? 'was' : 'were'} running, so whether ${calls.length === 1 ? 'it' : 'they'} took effect is unknown; nothing was run again. ` +
        "Check, then resume with { unfinishedCalls: 'retry' } (run again), 'approve' (ask a person) or 'report' (tell the model it is unknown). " +
        'Mark tools that are safe to redo with retrySafe: true.',
    );
  }
}
