import { ScriptedModel, type FunctionCallOutputItem, type ModelRequest, type ScriptedTurn } from '@toolwright/core';

/**
 * A scripted stand-in for a good model, driven by the conversation rather than by a turn
 * counter, so that a run resumed in a new process (with a new model object) continues where it
 * paused: first look the order up and ask for the refund, then report what happened.
 */
export function scriptedSupportModel(): ScriptedModel {
  return new ScriptedModel((request: ModelRequest): ScriptedTurn => {
    const outputs = request.input.filter((item): item is FunctionCallOutputItem => item.type === 'function_call_output');
    if (outputs.length === 0) {
      return {
        toolCalls: [
          { name: 'lookup_order', arguments: { orderId: 'A-17' } },
          { name: 'refund_order', arguments: { orderId: 'A-17', amount: 249.9, reason: 'arrived broken' } },
        ],
      };
    }
    const refund = outputs[outputs.length - 1]!;
    const text = typeof refund.output === 'string' ? refund.output : JSON.stringify(refund.output);
    return {
      text: text.startsWith('Refunded')
        ? `Done: ${text} Ada will see it on her card in 3–5 days.`
        : `I could not refund order A-17: ${text}`,
    };
  });
}
