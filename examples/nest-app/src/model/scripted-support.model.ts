import { ScriptedModel, messageText, type FunctionCallOutputItem, type Item, type ModelRequest, type ScriptedTurn } from '@toolwright/core';

/**
 * The model used without OPENAI_API_KEY: a stand-in that reads the latest user message and calls
 * the tools a good model would, then reports their outputs. It looks only at the request, never
 * at a turn counter, so one instance serves every run of the app, paused and resumed ones too.
 */
export function scriptedSupportModel(): ScriptedModel {
  return new ScriptedModel((request: ModelRequest) => nextTurn(request.input));
}

function nextTurn(history: readonly Item[]): ScriptedTurn {
  const last = history[history.length - 1];
  if (last?.type === 'function_call_output') return { text: summarise(history) };
  const question = lastUserText(history);
  const toolCalls: NonNullable<ScriptedTurn['toolCalls']> = [];
  const weather = /weather in ([A-Za-z][A-Za-z -]*[A-Za-z])/i.exec(question);
  if (weather) toolCalls.push({ name: 'get_weather', arguments: { city: weather[1], unit: null } });
  const refund = /refund (INV-\d+)/i.exec(question);
  if (refund) toolCalls.push({ name: 'refund_invoice', arguments: { invoiceId: refund[1].toUpperCase(), reason: 'requested by the customer in chat' } });
  else if (/invoice/i.test(question)) toolCalls.push({ name: 'list_invoices', arguments: {} });
  const report = /report for (\d{4}-\d{2})/i.exec(question);
  if (report) toolCalls.push({ name: 'build_monthly_report', arguments: { month: report[1] } });
  if (toolCalls.length === 0) {
    // The conversation so far (a session) is part of the input: earlier requests are remembered.
    const introduced = /my name is (\w+)/i.exec(question);
    if (introduced) return { text: `Nice to meet you, ${introduced[1]}.` };
    if (/what is my name/i.test(question)) {
      const name = userTexts(history).map((t) => /my name is (\w+)/i.exec(t)?.[1]).filter(Boolean).pop();
      return { text: name ? `Your name is ${name}.` : 'You have not told me your name yet.' };
    }
  }
  if (toolCalls.length === 0) return { text: 'I can tell you the weather in a city, list your invoices, refund an invoice (with approval), or build a monthly report.' };
  return { toolCalls };
}

/** The outputs of the latest batch, one line each. */
function summarise(history: readonly Item[]): string {
  const outputs: string[] = [];
  for (let i = history.length - 1; i >= 0 && history[i].type === 'function_call_output'; i--) {
    const output = (history[i] as FunctionCallOutputItem).output;
    outputs.unshift(typeof output === 'string' ? output : JSON.stringify(output));
  }
  return `Here is what I found:\n${outputs.join('\n')}`;
}

function lastUserText(history: readonly Item[]): string {
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i];
    if (item.type === 'message' && item.role === 'user') return messageText(item);
  }
  return '';
}

function userTexts(history: readonly Item[]): string[] {
  return history.filter((item): item is Extract<Item, { type: 'message' }> => item.type === 'message' && item.role === 'user').map((item) => messageText(item));
}
