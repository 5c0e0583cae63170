import { ScriptedModel } from '@toolwright/core';

/** Stands in for a real model without a key: looks an order up (one good id, one bad), hands over to billing, which answers. */
export function scriptedShop(): ScriptedModel {
  return new ScriptedModel([
    {
      toolCalls: [
        { name: 'lookup_order', arguments: { orderId: 'A-42' } },
        { name: 'lookup_order', arguments: { orderId: 'Z-9' } },
      ],
      usage: { inputTokens: 120, outputTokens: 24 },
    },
    { toolCalls: [{ name: 'transfer_to_billing', arguments: { reason: 'refund for A-42' } }], usage: { inputTokens: 180, outputTokens: 12 } },
    { text: 'Billing here: order A-42 (kettle, 39) is refunded.', usage: { inputTokens: 210, outputTokens: 16 } },
  ]);
}
