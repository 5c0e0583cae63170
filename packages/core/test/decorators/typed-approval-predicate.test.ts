import 'reflect-metadata';
import { Args, RequiresApproval, Tool, toolsOf, type ApprovalPredicate, type RunContext } from '@toolwright/core';

class RefundArgs {
  orderId!: string;
  amount!: number;
}

describe('@RequiresApproval with the tool\'s argument type', () => {
  it('types the predicate\'s args, and the tool asks it per call', async () => {
    class Refunds {
      @RequiresApproval<RefundArgs>((_ctx, args) => args.amount > 500)
      @Tool({}, { parameters: { type: 'object', properties: { orderId: { type: 'string' }, amount: { type: 'number' } }, required: ['orderId', 'amount'] } })
      refund(@Args() args: RefundArgs) {
        return args.orderId;
      }
    }
    const [tool] = toolsOf(new Refunds());
    const predicate = tool.needsApproval as ApprovalPredicate<unknown, RefundArgs>;
    const ctx = { context: undefined, usage: {} } as unknown as RunContext;
    expect(await predicate(ctx, { orderId: 'o-1', amount: 900 }, 'c1')).toBe(true);
    expect(await predicate(ctx, { orderId: 'o-2', amount: 20 }, 'c2')).toBe(false);
    // @ts-expect-error: the predicate's args are RefundArgs, which has no `currency`.
    const wrong: ApprovalPredicate<unknown, RefundArgs> = (_ctx, args) => args.currency === 'EUR';
    expect(typeof wrong).toBe('function');
  });
});
