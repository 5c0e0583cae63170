/**
 * The conversation the session suite holds: a support agent whose `refund_order` tool needs
 * approval, and a scripted model that answers each user message — "refund <order>" with a call
 * of the tool, anything else with an echo that counts the user messages it was shown — and
 * reports a tool's output once it has one.
 */
import type { Agent } from '../agent/agent';
import type { FunctionCallItem, Item } from '../items/item';
import type { ScriptedModel } from '../model/scripted-model';
import { coreApi } from './core-api';

/** The agent of the session suite (its tool refunds at once when approved). */
export function sessionAgent(): Agent {
  const { Agent, defineTool } = coreApi();
  const refund = defineTool({
    name: 'refund_order',
    description: 'Refund an order.',
    parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
    needsApproval: true,
    invoke: (_ctx, args: { orderId: string }) => `Refunded order ${args.orderId}.`,
  });
  return new Agent({ name: 'support', instructions: 'Help the customer.', tools: [refund] });
}

/** The model: a call for "refund <order>", the tool's output reported, an echo otherwise. */
export function sessionModel(): ScriptedModel {
  const { ScriptedModel } = coreApi();
  return new ScriptedModel((request) => {
    const last = request.input[request.input.length - 1];
    if (last?.type === 'function_call_output') return { text: `Done: ${typeof last.output === 'string' ? last.output : JSON.stringify(last.output)}` };
    const users = request.input.filter((i) => i.type === 'message' && i.role === 'user');
    const text = last?.type === 'message' && typeof last.content === 'string' ? last.content : '';
    const refund = /^refund (\S+)$/.exec(text);
    if (refund) return { toolCalls: [{ name: 'refund_order', arguments: { orderId: refund[1] }, callId: `call_${refund[1]}` }] };
    return { text: `echo ${users.length}: ${text}` };
  });
}

/**
 * What a provider would refuse in `items`, in words (empty when none): a function call without
 * its output after it, or an output without its call before it.
 */
export function historyProblems(items: readonly Item[]): string[] {
  const problems: string[] = [];
  const calls = new Map<string, FunctionCallItem>();
  const answered = new Set<string>();
  for (const item of items) {
    if (item.type === 'function_call') calls.set(item.callId, item);
    else if (item.type === 'function_call_output') {
      if (!calls.has(item.callId)) problems.push(`output ${item.callId} has no call before it`);
      answered.add(item.callId);
    }
  }
  for (const callId of calls.keys()) if (!answered.has(callId)) problems.push(`call ${callId} has no output`);
  return problems;
}

/** A user message. */
export function said(text: string): Item {
  return { type: 'message', role: 'user', content: text };
}
