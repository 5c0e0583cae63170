import { RUN_RECORD_STATUSES, type RunRecordPage } from '@toolwright/core';
import { age } from './format';
import { html, type SafeHtml } from './html';
import { statusBadge } from './status-badge';

/** The filters of the runs list. */
export interface RunsFilter {
  status?: string;
  agent?: string;
  cursor?: string;
}

/** The runs list: filters, a table named "Runs" with a link per run named by its run id, the next page. */
export function runsPage(base: string, page: RunRecordPage, filter: RunsFilter, agents: readonly string[]): SafeHtml {
  const next = page.nextCursor ? `${base}/?${new URLSearchParams({ ...(filter.status ? { status: filter.status } : {}), ...(filter.agent ? { agent: filter.agent } : {}), cursor: page.nextCursor })}` : undefined;
  return html`<h1>Runs</h1>
<form class="filters" method="get" action="${base}/" role="search" aria-label="Filter runs">
<label>Status <select name="status"><option value="">any</option>${RUN_RECORD_STATUSES.map((s) => html`<option value="${s}"${filter.status === s ? html` selected` : ''}>${s}</option>`)}</select></label>
<label>Agent <input name="agent" list="agent-names" value="${filter.agent ?? ''}" maxlength="200" autocomplete="off"></label>
<datalist id="agent-names">${agents.map((a) => html`<option value="${a}">`)}</datalist>
<button type="submit">Filter</button>
</form>
<table>
<caption>Runs</caption>
<thead><tr><th scope="col">Run</th><th scope="col">Status</th><th scope="col">Agent</th><th scope="col">Started</th><th scope="col">Pending approvals</th></tr></thead>
<tbody>
${page.runs.length === 0 ? html`<tr><td colspan="5">No runs${filter.status || filter.agent ? ' match these filters' : ' yet'}.</td></tr>` : ''}
${page.runs.map((r) => {
  const id = r.runId ?? r.id;
  return html`<tr><th scope="row"><a href="${base}/runs/${encodeURIComponent(id)}">${id}</a></th><td>${statusBadge(r.status, r.updatedAt)}</td><td>${r.agent}</td><td><time datetime="${new Date(r.startedAt).toISOString()}">${age(r.startedAt)}</time></td><td>${r.pendingApprovals}</td></tr>`;
})}
</tbody>
</table>
${next ? html`<p><a href="${next}" rel="next">Older runs</a></p>` : ''}`;
}
