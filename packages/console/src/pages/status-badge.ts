import type { RunRecordStatus } from '@toolwright/core';
import { html, type SafeHtml } from './html';

const LABELS: Record<RunRecordStatus, string> = {
  running: 'running',
  paused: 'paused for approval',
  completed: 'completed',
  failed: 'failed',
  stopped: 'stopped',
};

/** A run's status as a labelled badge. */
export function statusBadge(status: RunRecordStatus): SafeHtml {
  return html`<span class="status status-${status}">${LABELS[status] ?? status}</span>`;
}
