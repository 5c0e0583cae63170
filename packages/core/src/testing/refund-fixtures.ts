/**
 * The agent the run store suites pause and resume: a support agent whose `refund_order` tool needs
 * approval and is not idempotent (it goes through the call ledger), with a scripted model that
 * asks for one refund and then reports what happened. Every invocation of the tool is counted.
 */
import type { Agent } from '../agent/agent';
import type { FunctionCallOutputItem } from '../items/item';
import type { ScriptedModel } from '../model/scripted-model';
import type { RunResult } from '../runner/run-result';
import type { RunState } from '../state/run-state';
import type { Tool } from '../contracts/tool';
import { coreApi } from './core-api';

/** What the refund tool did, in this process. */
export interface RefundLog {
  refunds: string[];
}

/** How the refund tool behaves; by default it refunds at once. */
export interface RefundAgentOptions {
  /** Runs inside the tool before it records the refund (e.g. waits, throws). */
  before?: (orderId: string, signal: AbortSignal) => Promise<void>;
  /** Marks the tool safe to redo after a crash. */
  retrySafe?: boolean;
}

/** Builds the agent; `log.refunds` receives one line per refund made. */
export function refundAgent(log: RefundLog, options: RefundAgentOptions = {}): Agent {
  const { Agent, defineTool } = coreApi();
  const refund: Tool = defineTool({
    name: 'refund_order',
    description: 'Refund an order.',
    parameters: { type: 'object', properties: { orderId: { type: 'string' }, amount: { type: 'number' } }, required: ['orderId', 'amount'] },
    needsApproval: true,
    idempotent: false,
    ...(options.retrySafe !== undefined ? { retrySafe: options.retrySafe } : {}),
    invoke: async (ctx, args: { orderId: string; amount: number }) => {
      await options.before?.(args.orderId, ctx.signal);
      log.refunds.push(`${args.orderId}:${args.amount}`);
      return `Refunded ${args.amount} EUR on order ${args.orderId}.`;
    },
  });
  return new Agent({ name: 'support', instructions: 'Refund what the customer asks for.', tools: [refund] });
}

/** A model that asks for a refund of `amount` on `orderId`, then reports the tool's output. */
export function refundModel(orderId = 'A-17', amount = 300): ScriptedModel {
  const { ScriptedModel } = coreApi();
  return new ScriptedModel((request) => {
    const outputs = request.input.filter((i): i is FunctionCallOutputItem => i.type === 'function_call_output');
    // Explicit call ids: a model in another process would otherwise number its calls from 1 again.
    if (outputs.length === 0) return { toolCalls: [{ name: 'refund_order', arguments: { orderId, amount }, callId: `call_refund_${orderId}` }] };
    const last = outputs[outputs.length - 1]!;
    return { text: `Done: ${typeof last.output === 'string' ? last.output : JSON.stringify(last.output)}` };
  });
}

/** Runs the agent until it pauses for the refund's approval. */
export async function pausedRefund(agent: Agent, orderId = 'A-17', amount = 300): Promise<RunResult> {
  const { Runner } = coreApi();
  const result = await new Runner({ model: refundModel(orderId, amount) }).run(agent, `Refund order ${orderId}`);
  if (result.status !== 'interrupted') throw new Error(`expected the run to pause for approval, it ended ${result.status}`);
  return result;
}

/** The state a completed run ends with (not storable). */
export async function completedState(agent: Agent): Promise<RunState> {
  const { Runner, ScriptedModel } = coreApi();
  const result = await new Runner({ model: new ScriptedModel([{ text: 'hello' }]) }).run(agent, 'Hi');
  return result.state;
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whatever `promise` settles with, as a value: the result, or the error it rejected with. */
export async function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}
