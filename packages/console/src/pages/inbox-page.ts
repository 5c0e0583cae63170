import type { RunRecord, StoredInterruption } from '@toolwright/core';
import { age } from './format';
import { html, type SafeHtml } from './html';
import { pendingCall, type PendingCallContext } from './pending-call';

/** One paused run with its calls waiting for a decision. */
export interface InboxEntry {
  run: RunRecord;
  runKey: string;
  calls: StoredInterruption[];
}

/** Pending approvals across runs, oldest waiting first. */
export function inboxPage(ctx: Omit<PendingCallContext, 'runKey'>, entries: readonly InboxEntry[], more: boolean): SafeHtml {
  const count = entries.reduce((n, e) => n + e.calls.length, 0);
  return html`<h1>Inbox</h1>
<p>${count === 0 ? 'Nothing is waiting for approval.' : `${count} call(s) waiting for approval in ${entries.length} run(s).`}</p>
${entries.map((e) => html`<section class="inbox-run" aria-labelledby="run-${e.run.id}">
<h2 id="run-${e.run.id}">Run <a href="${ctx.base}/runs/${encodeURIComponent(e.runKey)}">${e.runKey}</a> <span class="muted">${e.run.agent} · paused ${age(e.run.updatedAt)}</span></h2>
${e.calls.map((call) => pendingCall({ ...ctx, runKey: e.runKey }, call))}
</section>`)}
${more ? html`<p class="muted">More paused runs are waiting; decide these first.</p>` : ''}`;
}
