import type { FunctionCallItem, FunctionCallOutputItem } from '@toolwright/core';
import type { Json } from '../shared/wire-values';
import { NATIVE_KEY, outputText } from './native-key';

/** One command's result in a `shell_call_output`. */
interface ShellOutputEntry {
  stdout: string;
  stderr: string;
  outcome: { type: 'exit'; exit_code: number } | { type: 'timeout' };
}

/** Most entries read from a shell tool's answer (a call runs far fewer commands). */
const MAX_ENTRIES = 1024;

/** Whether a `shell_call` is for this client to run: no environment, or a local one (not a hosted container). */
export function isLocalShellCall(raw: Json): boolean {
  const environment = raw.environment as Json | null | undefined;
  return environment === null || environment === undefined || (typeof environment === 'object' && environment.type === 'local');
}

/**
 * A `shell_call` as a call of the tool it was offered for: the action's `commands`, `timeout_ms`
 * and `max_output_length` become the arguments (checked against the tool's schema like any
 * model's arguments, so a malformed action is refused with the reason). The action is kept to be
 * sent back unchanged.
 */
export function fromShellCall(raw: Json, toolName: string): FunctionCallItem {
  const source = raw.action !== null && typeof raw.action === 'object' ? (raw.action as Json) : {};
  const action = { commands: source.commands, timeout_ms: source.timeout_ms ?? null, max_output_length: source.max_output_length ?? null };
  const providerData: Record<string, unknown> = { [NATIVE_KEY]: 'shell_call', action };
  if (raw.environment !== null && typeof raw.environment === 'object') providerData.environment = raw.environment;
  return {
    type: 'function_call',
    callId: String(raw.call_id ?? raw.id),
    name: toolName,
    arguments: JSON.stringify(action),
    ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
    providerData,
  };
}

/** The `shell_call` input item a call came from. */
export function shellCallInput(item: FunctionCallItem): Json {
  const data = item.providerData!;
  const input: Json = { type: 'shell_call', call_id: item.callId, action: data.action, status: 'completed' };
  if (data.environment !== undefined) input.environment = data.environment;
  return input;
}

/**
 * The answer as a `shell_call_output`. A tool offered as the `shell` built-in answers with the
 * JSON of the output's `output` list (stdout, stderr and outcome per command). Any other answer
 * (a refusal, a rejected approval, an argument error, a guardrail's message) becomes one entry
 * carrying the text as stderr with exit code 1, so the model reads why nothing ran. The call's
 * `max_output_length` goes back with it, as the API asks.
 */
export function shellOutputInput(item: FunctionCallOutputItem, call: FunctionCallItem): Json {
  const text = outputText(item);
  const action = call.providerData!.action as Json;
  return {
    type: 'shell_call_output',
    call_id: item.callId,
    output: shellEntries(text) ?? [{ stdout: '', stderr: text, outcome: { type: 'exit', exit_code: 1 } }],
    max_output_length: typeof action.max_output_length === 'number' ? action.max_output_length : null,
    status: 'completed',
  };
}

/** The entries of a shell tool's answer, or undefined when it is not that JSON list. */
function shellEntries(text: string): ShellOutputEntry[] | undefined {
  if (!text.startsWith('[')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_ENTRIES) return undefined;
  const entries: ShellOutputEntry[] = [];
  for (const raw of value) {
    const entry = toEntry(raw);
    if (!entry) return undefined;
    entries.push(entry);
  }
  return entries;
}

function toEntry(raw: unknown): ShellOutputEntry | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const { stdout, stderr, outcome } = raw as Json;
  if (typeof stdout !== 'string' || typeof stderr !== 'string' || outcome === null || typeof outcome !== 'object') return undefined;
  const o = outcome as Json;
  if (o.type === 'timeout') return { stdout, stderr, outcome: { type: 'timeout' } };
  if (o.type === 'exit' && Number.isInteger(o.exit_code)) return { stdout, stderr, outcome: { type: 'exit', exit_code: o.exit_code as number } };
  return undefined;
}
