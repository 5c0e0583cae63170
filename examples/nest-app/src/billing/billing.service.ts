import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';

/** An invoice of a tenant. */
export interface Invoice {
  id: string;
  amount: number;
  status: 'paid' | 'refunded';
}

/** In-memory invoices per tenant (a real app would use a repository). */
@Injectable()
export class BillingService {
  private readonly invoices = new Map<string, Invoice[]>();

  invoicesOf(tenant: string): Invoice[] {
    let list = this.invoices.get(tenant);
    if (list === undefined) {
      // Every tenant starts with the same three demo invoices.
      list = [
        { id: 'INV-1001', amount: 120, status: 'paid' },
        { id: 'INV-1002', amount: 75, status: 'paid' },
        { id: 'INV-1003', amount: 2400, status: 'paid' },
      ];
      this.invoices.set(tenant, list);
    }
    return list;
  }

  find(tenant: string, invoiceId: string): Invoice | undefined {
    return this.invoicesOf(tenant).find((i) => i.id === invoiceId);
  }

  refund(tenant: string, invoiceId: string): Invoice {
    const invoice = this.find(tenant, invoiceId);
    if (invoice === undefined) throw new NotFoundException(`No invoice ${invoiceId} for tenant ${tenant}.`);
    if (invoice.status === 'refunded') throw new ConflictException(`Invoice ${invoiceId} is already refunded.`);
    invoice.status = 'refunded';
    return invoice;
  }
}
