import type { RunView, StoredInterruption } from '@toolwright/core';
import { age } from './format';
import { html, type SafeHtml } from './html';
import { pendingCall, type PendingCallContext } from './pending-call';
import { statusBadge } from './status-badge';
import { longestDuration, timeline } from './timeline';

/** A run's page: a heading with its id, its facts, the calls waiting for a decision, and its timeline (live). */
export function runPage(ctx: PendingCallContext, view: RunView, pending: readonly StoredInterruption[], notice: SafeHtml | undefined, version: string): SafeHtml {
  const { events } = view;
  const last = events.length > 0 ? events[events.length - 1]!.seq : 0;
  return html`<h1>Run <code>${ctx.runKey}</code></h1>
${notice ?? ''}
<section aria-label="Run summary" class="summary" data-live="${ctx.base}/runs/${encodeURIComponent(ctx.runKey)}/live" data-after="${last}" data-version="${version}">
${runFacts(view)}
</section>
<section aria-labelledby="pending-heading" class="pending-calls">
${pendingSection(ctx, pending)}
</section>
<section aria-labelledby="timeline-heading">
<h2 id="timeline-heading">Timeline</h2>
${timeline(events, longestDuration(events))}
</section>`;
}

/** The run's facts (replaced live). */
export function runFacts({ run }: RunView): SafeHtml {
  return html`<dl class="facts" id="run-facts">
<dt>Status</dt><dd>${statusBadge(run.status, run.updatedAt)}</dd>
${run.status === 'lost' ? html`<dt>Last sign of life</dt><dd class="error">No sign of life since <time datetime="${new Date(run.updatedAt).toISOString()}">${new Date(run.updatedAt).toISOString()}</time> (${age(run.updatedAt)}): the process running it most likely stopped. Its stored state, if it paused before, can still be resumed.</dd>` : ''}
<dt>Agent</dt><dd>${run.agent}</dd>
<dt>Started</dt><dd><time datetime="${new Date(run.startedAt).toISOString()}">${age(run.startedAt)}</time></dd>
<dt>Tokens</dt><dd>${run.usage ? `${run.usage.inputTokens} in · ${run.usage.outputTokens} out · ${run.usage.totalTokens} total` : '—'}</dd>
${run.error ? html`<dt>Error</dt><dd class="error">${run.error}</dd>` : ''}
</dl>`;
}

/** The calls waiting for a decision (replaced live). */
export function pendingSection(ctx: PendingCallContext, pending: readonly StoredInterruption[]): SafeHtml {
  return html`<div id="pending"><h2 id="pending-heading">Waiting for approval</h2>
${pending.length === 0 ? html`<p class="muted">No call is waiting for a decision.</p>` : pending.map((call) => pendingCall(ctx, call))}</div>`;
}
