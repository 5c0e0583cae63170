import { Param, Tool, Toolkit } from '@toolwright/core';

/** An order of the example shop. */
export interface Order {
  id: string;
  customer: string;
  item: string;
  paid: number;
  refunded: number;
}

/** The shop's orders, in memory (each CLI invocation starts from the same data). */
export function sampleOrders(): Map<string, Order> {
  return new Map([
    ['A-17', { id: 'A-17', customer: 'Ada', item: 'espresso machine', paid: 249.9, refunded: 0 }],
    ['B-22', { id: 'B-22', customer: 'Linus', item: 'milk frother', paid: 39.5, refunded: 0 }],
  ]);
}

/** Customer-support tools. Refunds move money, so each one waits for a person's approval. */
@Toolkit({ name: 'support' })
export class SupportTools {
  constructor(
    private readonly orders: Map<string, Order> = sampleOrders(),
    private readonly log: (line: string) => void = console.log,
  ) {}

  /**
   * Look up an order: customer, item, amount paid and refunded so far.
   * @param orderId The order id, e.g. "A-17".
   */
  @Tool()
  lookupOrder(@Param('orderId') orderId: string): string {
    const order = this.orders.get(orderId);
    if (!order) return `No order ${orderId}.`;
    return `Order ${order.id}: ${order.item} for ${order.customer}, paid ${order.paid.toFixed(2)} EUR, refunded ${order.refunded.toFixed(2)} EUR.`;
  }

  /**
   * Refund (part of) an order to the customer's card.
   * @param orderId The order to refund.
   * @param amount Amount in EUR.
   * @param reason Why, for the customer's receipt.
   */
  @Tool({ needsApproval: true })
  refundOrder(@Param('orderId') orderId: string, @Param('amount', { minimum: 0.01 }) amount: number, @Param('reason') reason?: string): string {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`No order ${orderId}.`);
    const left = order.paid - order.refunded;
    if (amount > left + 1e-9) throw new Error(`Only ${left.toFixed(2)} EUR of order ${orderId} can still be refunded.`);
    order.refunded += amount;
    this.log(`💸 Refunded ${amount.toFixed(2)} EUR on order ${orderId}${reason ? ` (${reason})` : ''}.`);
    return `Refunded ${amount.toFixed(2)} EUR on order ${orderId}.`;
  }
}
