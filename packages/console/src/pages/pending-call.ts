import type { StoredInterruption } from '@toolwright/core';
import { argumentsView } from './arguments-view';
import { jsonText } from './format';
import { html, type SafeHtml } from './html';

/** What a pending call's controls need. */
export interface PendingCallContext {
  base: string;
  /** The run's id in the URL (its store run id). */
  runKey: string;
  csrf: string;
  /** Whether the console can decide (agents given). */
  canDecide: boolean;
}

/**
 * A call waiting for approval: its tool, arguments, and the buttons named "Approve", "Reject"
 * (with a message) and "Edit arguments" (then approve, validated in the page and on the server).
 */
export function pendingCall(ctx: PendingCallContext, call: StoredInterruption): SafeHtml {
  const action = `${ctx.base}/runs/${encodeURIComponent(ctx.runKey)}/calls/${encodeURIComponent(call.callId)}`;
  const token = html`<input type="hidden" name="_csrf" value="${ctx.csrf}">`;
  const headingId = `call-${slug(call.callId)}`;
  return html`<article class="pending" aria-labelledby="${headingId}">
<h3 id="${headingId}"><code>${call.toolName}</code> <span class="muted">call ${call.callId} · agent ${call.agent}</span></h3>
${argumentsView(call.toolName, call.arguments)}
${ctx.canDecide
  ? html`<div class="decide">
<form method="post" action="${action}/approve">${token}<button type="submit" class="approve">Approve</button></form>
<form method="post" action="${action}/reject" class="reject-form">${token}<label>Message to the model <input name="message" maxlength="2000" placeholder="Why it was rejected (optional)"></label><button type="submit" class="reject">Reject</button></form>
<button type="button" class="edit-toggle" aria-expanded="false" aria-controls="${headingId}-edit">Edit arguments</button>
</div>
<form method="post" action="${action}/edit" class="edit-form" id="${headingId}-edit" hidden data-validate="${action}/validate">${token}
<label for="${headingId}-args">Arguments (JSON)</label>
<textarea id="${headingId}-args" name="arguments" rows="8" spellcheck="false">${jsonText(call.arguments)}</textarea>
<div class="violations" role="alert" aria-live="assertive"></div>
<button type="submit">Submit edited arguments</button>
</form>`
  : html`<p class="muted">Start the console with the agents to decide this call.</p>`}
</article>`;
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);
}
