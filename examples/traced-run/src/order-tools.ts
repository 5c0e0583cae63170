import { Param, Tool, Toolkit } from '@toolwright/core';

/** Order tools of a shop (in memory). */
@Toolkit({ name: 'orders' })
export class OrderTools {
  private readonly orders = new Map([['A-42', { item: 'kettle', total: 39, status: 'delivered' }]]);

  /**
   * Look up an order.
   * @param orderId The order id, e.g. A-42.
   */
  @Tool({ readOnly: true, openWorld: false })
  lookupOrder(@Param('orderId') orderId: string): string {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`order ${orderId} not found (customer email on file: jo@example.com)`);
    return JSON.stringify({ orderId, ...order });
  }
}
