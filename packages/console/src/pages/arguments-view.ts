import { jsonText } from './format';
import { html, type SafeHtml } from './html';

const MAX_SHOWN = 200_000;

/**
 * A pending call's arguments as a person reads them: the patch of `apply_patch`, the file of
 * `write_file`, the command of `exec_command`, and pretty JSON for every other tool.
 */
export function argumentsView(toolName: string, args: unknown): SafeHtml {
  const a = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  if (toolName === 'apply_patch' && typeof a.patch === 'string') {
    return html`<figure class="args"><figcaption>Patch</figcaption><pre class="patch">${a.patch.split('\n').slice(0, 5_000).map((line) => html`<span class="${patchLineClass(line)}">${line}</span>\n`)}</pre></figure>`;
  }
  if (toolName === 'write_file' && typeof a.path === 'string' && typeof a.content === 'string') {
    return html`<figure class="args"><figcaption>Write file <code>${a.path}</code></figcaption><pre class="file">${cut(a.content)}</pre></figure>`;
  }
  if (toolName === 'exec_command' && typeof a.cmd === 'string') {
    return html`<figure class="args"><figcaption>Command${typeof a.workdir === 'string' ? html` in <code>${a.workdir}</code>` : ''}</figcaption><pre class="command"><code>$ ${cut(a.cmd)}</code></pre></figure>`;
  }
  return html`<figure class="args"><figcaption>Arguments</figcaption><pre class="json">${cut(jsonText(args))}</pre></figure>`;
}

function patchLineClass(line: string): string {
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  if (line.startsWith('***') || line.startsWith('@@')) return 'hunk';
  return 'ctx';
}

function cut(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}\n… (${text.length - MAX_SHOWN} more characters)` : text;
}
