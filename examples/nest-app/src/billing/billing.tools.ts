import { Injectable } from '@nestjs/common';
import { Ctx, Param, Tool, Toolkit, UseGuardrails, UseInterceptors, type ToolContext } from '@toolwright/core';
import { AuditInterceptor } from '../audit/audit.interceptor';
import type { ChatContext } from '../context/chat-context';
import { BillingService } from './billing.service';
import { RefundLimitGuardrail } from './refund-limit.guardrail';

/** Billing tools. Every call is audited; a refund needs a person's approval. */
@Toolkit({ name: 'billing' })
@UseInterceptors(AuditInterceptor)
@Injectable()
export class BillingTools {
  constructor(private readonly billing: BillingService) {}

  /** List the invoices of the current tenant. */
  @Tool()
  listInvoices(@Ctx() ctx: ToolContext<ChatContext>): string {
    return this.billing
      .invoicesOf(ctx.context.tenant)
      .map((i) => `${i.id}: ${i.amount} (${i.status})`)
      .join('\n');
  }

  /**
   * Refund an invoice of the current tenant.
   * @param invoiceId The invoice, e.g. "INV-1001".
   * @param reason Why the customer wants the refund.
   */
  @Tool({ needsApproval: true })
  @UseGuardrails(RefundLimitGuardrail)
  refundInvoice(@Param('invoiceId', { pattern: '^INV-\\d+$' }) invoiceId: string, @Param('reason') reason: string, @Ctx() ctx: ToolContext<ChatContext>): string {
    const invoice = this.billing.refund(ctx.context.tenant, invoiceId);
    return `Refunded ${invoice.id} (${invoice.amount}) for tenant ${ctx.context.tenant}, approved on behalf of ${ctx.context.user}. Reason: ${reason}.`;
  }
}
