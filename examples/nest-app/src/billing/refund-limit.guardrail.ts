import { Inject, Injectable } from '@nestjs/common';
import { GuardrailOutcome, type ToolContext, type ToolInputGuardrail } from '@toolwright/core';
import type { ChatContext } from '../context/chat-context';
import { BILLING_POLICY, type BillingPolicy } from './billing-policy';
import { BillingService } from './billing.service';

/**
 * Refuses refunds above the policy's limit, before the method runs. A guardrail class: the
 * container creates it for `@UseGuardrails(RefundLimitGuardrail)` with its dependencies.
 */
@Injectable()
export class RefundLimitGuardrail implements ToolInputGuardrail {
  readonly kind = 'input' as const;
  readonly name = 'refund-limit';

  constructor(
    private readonly billing: BillingService,
    @Inject(BILLING_POLICY) private readonly policy: BillingPolicy,
  ) {}

  check({ args, ctx }: { args: { invoiceId: string }; ctx: ToolContext<ChatContext> }): GuardrailOutcome {
    const invoice = this.billing.find(ctx.context.tenant, args.invoiceId);
    if (invoice !== undefined && invoice.amount > this.policy.maxRefund) {
      return GuardrailOutcome.reject(`Refunds above ${this.policy.maxRefund} need a billing specialist; ${args.invoiceId} is ${invoice.amount}. Tell the customer a specialist will follow up.`);
    }
    return GuardrailOutcome.allow();
  }
}
