import type { RunTimelineEvent } from '@toolwright/core';
import { duration, jsonText, prettyJson } from './format';
import { html, type SafeHtml } from './html';

/** Texts longer than this are shown folded, expandable. */
const FOLD_AT = 600;

/** The run's timeline: a list named "Timeline", one entry per event. */
export function timeline(events: readonly RunTimelineEvent[], longestMs: number): SafeHtml {
  return html`<ol class="timeline" aria-label="Timeline" data-longest="${longestMs}">${events.map((e) => timelineItem(e, longestMs))}</ol>`;
}

/** The longest call duration among `events` (for the bars' scale). */
export function longestDuration(events: readonly RunTimelineEvent[]): number {
  let max = 0;
  for (const e of events) if (typeof e.durationMs === 'number' && e.durationMs > max) max = e.durationMs;
  return max;
}

/** One timeline entry. */
export function timelineItem(e: RunTimelineEvent, longestMs: number): SafeHtml {
  const when = html`<time datetime="${new Date(e.at).toISOString()}">${new Date(e.at).toISOString().slice(11, 23)}</time>`;
  const turn = e.turn !== undefined ? html`<span class="turn">turn ${e.turn}</span>` : '';
  const agent = e.agent ? html`<span class="agent">${e.agent}</span>` : '';
  return html`<li class="ev ev-${e.type}${e.isError ? ' ev-error' : ''}" data-seq="${e.seq}">${when} ${turn} ${agent} ${body(e, longestMs)}</li>`;
}

function body(e: RunTimelineEvent, longestMs: number): SafeHtml {
  const data = e.data ?? {};
  switch (e.type) {
    case 'run_started':
      return html`<strong>Run started</strong>${e.text ? html` with ${folded(e.text, e.fullLength)}` : ''}`;
    case 'run_resumed':
      return html`<strong>Run resumed</strong>`;
    case 'message':
      return html`<strong>${String(data.role ?? 'message')}</strong> ${folded(e.text ?? '', e.fullLength)}`;
    case 'tool_called':
      return html`<strong>Tool call</strong> <code>${e.toolName}</code> <span class="muted">${e.callId}</span> ${folded(prettyJson(e.text ?? ''), e.fullLength, 'json')}`;
    case 'tool_output': {
      const ms = e.durationMs ?? 0;
      const truncated = data.truncated as { originalBytes?: number; keptBytes?: number } | undefined;
      return html`<strong>${e.isError ? 'Tool error' : 'Tool output'}</strong> <code>${e.toolName}</code> <span class="muted">${e.callId}</span>
<meter class="bar" min="0" max="${Math.max(longestMs, ms, 1)}" value="${ms}" aria-label="took ${duration(ms)}"></meter> <span class="dur">${duration(ms)}</span>
${truncated ? html`<span class="muted">(the model was sent ${truncated.keptBytes} of ${truncated.originalBytes} bytes)</span>` : ''}
${folded(e.text ?? '', e.fullLength)}`;
    }
    case 'tool_rate_limited':
      return html`<strong>Rate limited</strong> <code>${e.toolName}</code>: ${e.text}`;
    case 'approval_required': {
      const calls = (Array.isArray(data.calls) ? data.calls : []) as Array<{ callId?: unknown; toolName?: unknown }>;
      return html`<strong>Approval required</strong> for ${calls.map((c, i) => html`${i > 0 ? ', ' : ''}<code>${String(c.toolName)}</code> <span class="muted">${String(c.callId)}</span>`)}`;
    }
    case 'decision':
      return html`<strong>${e.approved ? (data.edited ? 'Approved with edited arguments' : 'Approved') : 'Rejected'}</strong> <code>${e.toolName}</code> <span class="muted">${e.callId}</span> by <strong class="who">${e.by}</strong>${e.text ? html` ${folded(e.text, e.fullLength)}` : ''}`;
    case 'agent_changed':
      return html`<strong>Handoff</strong> from ${String(data.from ?? '')} to ${String(data.to ?? '')}`;
    case 'guardrail_tripped':
      return html`<strong>Guardrail tripped</strong> ${e.text}${e.toolName ? html` on <code>${e.toolName}</code>` : ''}`;
    case 'nested':
      return html`<strong>Nested run</strong> in <code>${e.toolName}</code>: ${String(data.agent ?? '')} ${String(data.event ?? '')}${data.toolName ? html` <code>${String(data.toolName)}</code>` : ''} ${folded(e.text ?? '', e.fullLength)}`;
    case 'run_paused':
      return html`<strong>Paused</strong> for ${String(data.pending ?? 0)} approval(s)`;
    case 'run_completed':
      return html`<strong>Completed</strong> ${folded(e.text ?? '', e.fullLength)}`;
    case 'run_failed':
      return html`<strong>${data.status === 'stopped' ? 'Stopped' : 'Failed'}</strong> ${folded(e.text ?? '', e.fullLength)}`;
    case 'events_dropped':
      return html`<strong>${String(data.count ?? 0)} events not kept</strong> (the timeline is bounded)`;
    default:
      return html`<strong>${String(e.type)}</strong> ${folded(jsonText(data))}`;
  }
}

/** Text shown as is when short, else its head with the whole behind a disclosure. */
function folded(text: string, fullLength?: number, kind = 'text'): SafeHtml {
  const note = fullLength !== undefined ? html`<span class="muted"> (kept ${text.length} of ${fullLength} characters)</span>` : '';
  if (text.length <= FOLD_AT) return html`<pre class="out ${kind}">${text}</pre>${note}`;
  return html`<details class="fold"><summary>${text.slice(0, 160)}… (${text.length} characters)</summary><pre class="out ${kind}">${text}</pre></details>${note}`;
}
