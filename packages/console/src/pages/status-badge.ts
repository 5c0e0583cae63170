import type { RunRecordStatus } from '@toolwright/core';
import { age } from './format';
import { html, type SafeHtml } from './html';

const LABELS: Record<RunRecordStatus, string> = {
  running: 'running',
  lost: 'lost (no sign of life)',
  paused: 'paused for approval',
  completed: 'completed',
  failed: 'failed',
  stopped: 'stopped',
};

/**
 * A run's status as a labelled badge; a lost run (running, but its heartbeat stopped: its
 * process most likely died) says since when nothing was heard of it.
 */
export function statusBadge(status: RunRecordStatus, updatedAt?: number): SafeHtml {
  const since = status === 'lost' && updatedAt !== undefined ? html` <time datetime="${new Date(updatedAt).toISOString()}" title="no sign of life since ${new Date(updatedAt).toISOString()}">since ${age(updatedAt)}</time>` : '';
  return html`<span class="status status-${status}">${LABELS[status] ?? status}${since}</span>`;
}
