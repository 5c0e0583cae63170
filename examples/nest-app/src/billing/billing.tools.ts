import { Injectable, UseFilters, UseGuards } from '@nestjs/common';
import { Ctx, Param, Tool, Toolkit, UseGuardrails, UseInterceptors, type ToolContext } from '@toolwright/core';
import { AuditInterceptor } from '../audit/audit.interceptor';
import type { ChatContext } from '../context/chat-context';
import { BillingService } from './billing.service';
import { InvoiceNotFoundFilter } from './invoice-not-found.filter';
import { RefundLimitGuardrail } from './refund-limit.guardrail';
import { SignedInGuard } from './signed-in.guard';

/**
 * Billing tools. Every call is audited (a Toolwright interceptor) and needs a signed-in user (a
 * Nest guard); a refund needs a person's approval, stays under the refund limit (a Toolwright
 * guardrail), and reports unknown invoices to the model (a Nest exception filter).
 */
@Toolkit({ name: 'billing' })
@UseGuards(SignedInGuard)
@UseInterceptors(AuditInterceptor)
@Injectable()
export class BillingTools {
  constructor(private readonly billing: BillingService) {}

  /** List the invoices of the current tenant. */
  @Tool({ readOnly: true })
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
  @UseFilters(InvoiceNotFoundFilter)
  refundInvoice(@Param('invoiceId', { pattern: '^INV-\\d+$' }) invoiceId: string, @Param('reason') reason: string, @Ctx() ctx: ToolContext<ChatContext>): string {
    const { tenant, user, decidedBy } = ctx.context;
    const invoice = this.billing.refund(tenant, invoiceId);
    return `Refunded ${invoice.id} (${invoice.amount}) for tenant ${tenant}, requested by ${user}, approved by ${decidedBy ?? user}. Reason: ${reason}.`;
  }
}
