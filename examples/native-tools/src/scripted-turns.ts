/** A Responses API item or event, as JSON. */
export type Json = Record<string, any>;

/** What the scripted model does next: run commands, apply one V4A operation, or answer. */
export type ScriptedStep =
  | { kind: 'shell'; commands: string[] }
  | { kind: 'apply_patch'; operation: { type: 'update_file'; path: string; diff: string } }
  | { kind: 'answer'; text: string };

/** The fix the scripted model applies: sort numerically, average the two middle values. */
export const MEDIAN_FIX = [
  '@@ function median(values) {',
  '-  const sorted = [...values].sort();',
  '-  return sorted[Math.floor(sorted.length / 2)];',
  '+  const sorted = [...values].sort((a, b) => a - b);',
  '+  const middle = Math.floor(sorted.length / 2);',
  '+  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;',
  '',
].join('\n');

/**
 * The scripted fixer's decision, read from the request's input as a model would: the last item
 * answers the last call. Run the tests; on the expected failure read the code; patch it once the
 * code is the one expected; run the tests again; report. Anything unexpected ends with an honest
 * answer instead of a patch.
 */
export function nextStep(input: Json[]): ScriptedStep {
  const last = input[input.length - 1];
  if (!last || last.type === 'message') return { kind: 'shell', commands: ['node --test'] };
  if (last.type === 'apply_patch_call_output') {
    return last.status === 'completed' ? { kind: 'shell', commands: ['node --test'] } : { kind: 'answer', text: `My patch did not apply: ${String(last.output)}` };
  }
  if (last.type !== 'shell_call_output') return { kind: 'answer', text: 'I lost track of what I was doing.' };
  const call = input.find((item) => item.type === 'shell_call' && item.call_id === last.call_id);
  const command = String(call?.action?.commands?.[0] ?? '');
  const result = last.output?.[0] ?? {};
  const code = result.outcome?.type === 'exit' ? result.outcome.exit_code : undefined;
  const patched = input.some((item) => item.type === 'apply_patch_call');
  if (command === 'node --test' && code === 0) {
    return patched
      ? { kind: 'answer', text: 'Fixed: median sorted the numbers as text and took one middle value; it now sorts numerically and averages the two middle values of an even-sized list. The tests pass.' }
      : { kind: 'answer', text: 'The tests already pass; nothing to fix.' };
  }
  if (command === 'node --test' && !patched && /not ok \d+ - even-sized lists average the middle values/.test(String(result.stdout))) {
    return { kind: 'shell', commands: ['cat src/median.js'] };
  }
  if (command === 'cat src/median.js' && String(result.stdout).includes('const sorted = [...values].sort();')) {
    return { kind: 'apply_patch', operation: { type: 'update_file', path: 'src/median.js', diff: MEDIAN_FIX } };
  }
  return { kind: 'answer', text: `The tests fail, but not as I expected (after \`${command}\`); I changed nothing more. Please look at the output.` };
}

/** The output item of a step, with the ids a server gives it. */
export function outputItem(step: ScriptedStep, turn: number): Json {
  const callId = `call_scripted_${turn}`;
  switch (step.kind) {
    case 'shell':
      return { id: `sh_${turn}`, type: 'shell_call', call_id: callId, status: 'completed', environment: null, action: { commands: step.commands, timeout_ms: 60_000, max_output_length: 8000 } };
    case 'apply_patch':
      return { id: `apc_${turn}`, type: 'apply_patch_call', call_id: callId, status: 'completed', operation: step.operation };
    case 'answer':
      return { id: `msg_${turn}`, type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: step.text, annotations: [] }] };
  }
}

/**
 * The Server-Sent Events the Responses API streams for one output item, in its documented
 * shapes: the item added in progress, its pieces (text deltas, or the diff of an apply_patch call
 * in pieces), the item done, then the completed response.
 */
export function streamEvents(response: Json, item: Json): Json[] {
  const events: Json[] = [{ type: 'response.created', response: { ...response, status: 'in_progress', output: [] } }];
  if (item.type === 'message') {
    events.push({ type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', content: [] } });
    for (const delta of chunks(item.content[0].text, 24)) events.push({ type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta });
  } else if (item.type === 'apply_patch_call') {
    events.push({ type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', operation: { ...item.operation, diff: '' } } });
    for (const delta of chunks(item.operation.diff, 16)) events.push({ type: 'response.apply_patch_call_operation_diff.delta', item_id: item.id, output_index: 0, delta });
    events.push({ type: 'response.apply_patch_call_operation_diff.done', item_id: item.id, output_index: 0, diff: item.operation.diff });
  } else {
    events.push({ type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', action: { ...item.action, commands: [] } } });
  }
  events.push({ type: 'response.output_item.done', output_index: 0, item });
  events.push({ type: 'response.completed', response });
  return events.map((event, i) => ({ ...event, sequence_number: i }));
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}
