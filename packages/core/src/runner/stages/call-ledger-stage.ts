import { ToolInterruption } from '../../approvals/tool-interruption';
import { errorMessage } from '../../errors/error-message';
import { RunCancelledError } from '../../errors/run-cancelled.error';
import type { ToolInterceptor, ToolInvocation } from '../../contracts/tool-interceptor';
import { ToolResult } from '../../result/tool-result';
import type { RunState } from '../../state/run-state';
import type { CallLedgerEntry, RecordedCallOutput } from '../../stores/call-ledger';
import { isLedgered, ledgerKey, unknownOutcomeText, type LedgerScope } from '../../stores/ledger-policy';
import { RunAlreadyClaimedError } from '../../stores/run-already-claimed.error';
import type { RunClaim } from '../../stores/run-claim';
import type { RunStore } from '../../stores/run-store';
import { RunStoreError } from '../../stores/run-store-failure';

/** What the resume decided for calls found unfinished in the ledger, by ledger key. @internal */
export interface UnfinishedDecisions {
  retry: ReadonlySet<string>;
  report: ReadonlySet<string>;
}

/**
 * The call ledger around one resumed run's tool calls (those `scope` covers): a call already
 * finished gets its recorded output back without the tool being invoked; a new call is recorded
 * as started before its tool is invoked and as finished with what it returned; a call found
 * unfinished runs again or is reported as the resume decided. Before the first ledgered call of
 * a batch the stored run was not holding, the run's state is checkpointed under the claim, so a
 * crash resumes that same batch (same call ids) instead of asking the model again. @internal
 */
export class CallLedgerStage {
  private checkpointedTurn: number | undefined;
  private checkpoint: Promise<void> | undefined;

  constructor(
    private readonly store: RunStore,
    private readonly currentClaim: () => RunClaim,
    private readonly scope: LedgerScope,
    private readonly known: Map<string, CallLedgerEntry>,
    private readonly unfinished: UnfinishedDecisions,
    /** The turn of the batch the stored state already holds, if any. */
    storedBatchTurn: number | undefined,
  ) {
    this.checkpointedTurn = storedBatchTurn;
  }

  /** The stage as the outermost interceptor of the run on `state`. */
  interceptorFor(state: RunState<any>): ToolInterceptor {
    return { intercept: (invocation, next) => this.run(state, invocation, next) };
  }

  /** Runs one call through the ledger; `next` invokes the tool inside the other interceptors. */
  private async run(state: RunState<any>, { tool, ctx }: ToolInvocation, next: () => Promise<ToolResult>): Promise<ToolResult> {
    if (!isLedgered(this.scope, tool)) return next();
    const claim = this.currentClaim();
    const key = ledgerKey(state.turn, ctx.callId);
    let entry = this.known.get(key);
    if (entry === undefined) {
      await this.checkpointBatch(state, claim);
      entry = await this.write(claim.runId, () => this.store.beginCall(claim, key, tool.name));
    }
    if (entry?.status === 'finished') return replay(entry);
    if (entry?.status === 'started') {
      if (this.unfinished.report.has(key)) {
        const result = ToolResult.error(unknownOutcomeText(tool.name));
        await this.write(claim.runId, () => this.store.finishCall(claim.runId, key, { kind: 'result', result: toJson(result) }));
        return result;
      }
      // Started by another attempt and not chosen for a retry (a call id repeated within the
      // batch, or a claim lost meanwhile): never run it again silently.
      if (!this.unfinished.retry.has(key) || this.known.get(key) !== entry) return ToolResult.error(unknownOutcomeText(tool.name));
      await this.write(claim.runId, () => this.store.restartCall(claim, key));
      this.known.delete(key);
    }
    let result: ToolResult;
    try {
      result = await next();
    } catch (error) {
      // A nested run paused inside the call: it runs again after the resume, as a new call.
      if (error instanceof ToolInterruption) await this.write(claim.runId, () => this.store.forgetCall(claim.runId, key));
      // Cancelled: whether the tool took effect is unknown, so the entry stays "started".
      else if (!(error instanceof RunCancelledError) && !(ctx.signal.aborted && ctx.signal.reason instanceof RunCancelledError)) {
        const output: RecordedCallOutput = { kind: 'error', name: error instanceof Error ? error.name : 'Error', message: errorMessage(error) };
        await this.write(claim.runId, () => this.store.finishCall(claim.runId, key, output));
      }
      throw error;
    }
    await this.write(claim.runId, () => this.store.finishCall(claim.runId, key, { kind: 'result', result: toJson(result) }));
    return result;
  }

  /** Saves the run's state under the claim once per batch the store does not hold yet. */
  private checkpointBatch(state: RunState<any>, claim: RunClaim): Promise<void> {
    const turn = state.turn;
    if (this.checkpointedTurn === turn) return this.checkpoint ?? Promise.resolve();
    this.checkpointedTurn = turn;
    this.checkpoint = this.write(claim.runId, async () => {
      await this.store.save(state, { claim });
    });
    return this.checkpoint;
  }

  /** A store write; a failure ends the run (`RunStoreError`, or the store's `RunAlreadyClaimedError`). */
  private async write<T>(runId: string, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof RunAlreadyClaimedError) throw error;
      throw new RunStoreError(
        `The run store failed while recording a tool call of run ${runId} (${errorMessage(error)}); the run stopped so that no call runs twice. ` +
          'Resume it again once the store is reachable: finished calls are not repeated.',
        runId,
        { cause: error },
      );
    }
  }
}

/** The result a finished call recorded, or its recorded error thrown again (the call's failure handling applies as before). */
function replay(entry: CallLedgerEntry): ToolResult {
  const output = entry.output;
  if (!output) return ToolResult.error(unknownOutcomeText(entry.toolName));
  if (output.kind === 'error') {
    const error = new Error(output.message);
    error.name = output.name;
    throw error;
  }
  const { content, ...fields } = output.result as { content?: unknown } & Record<string, unknown>;
  return new ToolResult(Array.isArray(content) ? (content as ToolResult['content']) : [], fields as Partial<Omit<ToolResult, 'content'>>);
}

function toJson(result: ToolResult): Record<string, unknown> {
  return JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
}
