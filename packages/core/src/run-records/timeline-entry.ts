import type { RunEvent } from '../contracts/run-event';
import type { Item } from '../contracts/item';
import { boundText } from './run-record-limits';
import type { RunTimelineEvent } from './run-record';

/** A timeline entry without its position (`seq` is given when it is recorded). */
export type TimelineEntry = Omit<RunTimelineEvent, 'seq'>;

/**
 * The timeline entry of a run event (plain JSON, texts bounded), or `undefined` for events the
 * timeline does not keep (text deltas, progress that is not a nested run's). @internal
 */
export function timelineEntryOf(event: RunEvent, turn: number, at: number = Date.now()): TimelineEntry | undefined {
  const base = { at, turn, agent: agentName((event as { agent?: unknown }).agent) };
  switch (event.type) {
    case 'message': {
      const text = itemText(event.item);
      return { ...base, type: 'message', ...boundText(text), data: { role: (event.item as { role?: string }).role ?? event.item.type } };
    }
    case 'tool_called':
      return { ...base, type: 'tool_called', callId: event.callId, toolName: event.toolName, ...boundText(event.arguments) };
    case 'tool_output': {
      const result = event.result;
      const others = result.content.filter((p) => p.type !== 'input_text').length;
      const entry: TimelineEntry = { ...base, type: 'tool_output', callId: event.callId, toolName: event.toolName, ...boundText(result.text), durationMs: event.durationMs };
      if (result.isError) entry.isError = true;
      const data: Record<string, unknown> = {};
      if (event.truncated) data.truncated = { ...event.truncated };
      if (others > 0) data.nonTextParts = others;
      if (typeof result.display === 'string') data.display = result.display.slice(0, 32);
      if (Object.keys(data).length > 0) entry.data = data;
      return entry;
    }
    case 'tool_rate_limited':
      return { ...base, type: 'tool_rate_limited', callId: event.callId, toolName: event.toolName, ...boundText(event.limit), data: { retryAfterMs: event.retryAfterMs, onLimit: event.onLimit } };
    case 'approval_required':
      return {
        ...base,
        type: 'approval_required',
        data: { calls: event.interruptions.slice(0, 100).map((r) => ({ callId: r.callId, toolName: r.toolName, arguments: boundText(safeJson(r.arguments)).text })) },
      };
    case 'agent_changed':
      return { ...base, type: 'agent_changed', data: { from: agentName(event.from), to: agentName(event.to) } };
    case 'guardrail_tripped':
      return { ...base, type: 'guardrail_tripped', callId: event.callId || undefined, toolName: event.toolName || undefined, ...boundText(event.guardrail) };
    case 'tool_progress': {
      const nested = event.event;
      if (!nested || (nested.type !== 'tool_called' && nested.type !== 'tool_output' && nested.type !== 'message')) return undefined;
      const inner = timelineEntryOf(nested, turn, at);
      if (!inner) return undefined;
      return { ...base, type: 'nested', callId: event.callId, toolName: event.toolName, text: inner.text, ...(inner.fullLength ? { fullLength: inner.fullLength } : {}), data: { event: inner.type, agent: inner.agent, toolName: inner.toolName, callId: inner.callId } };
    }
    default:
      return undefined;
  }
}

function agentName(agent: unknown): string | undefined {
  const name = (agent as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name.slice(0, 200) : undefined;
}

/** The text of a message or reasoning item. */
export function itemText(item: Item): string {
  const content = (item as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p: { text?: unknown }) => (typeof p?.text === 'string' ? p.text : '')).join('');
  const summary = (item as { summary?: unknown }).summary;
  if (Array.isArray(summary)) return summary.map((p: { text?: unknown }) => (typeof p?.text === 'string' ? p.text : '')).join('\n');
  return '';
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
