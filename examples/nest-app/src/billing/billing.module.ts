import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BILLING_POLICY } from './billing-policy';
import { BillingService } from './billing.service';
import { BillingTools } from './billing.tools';

// RefundLimitGuardrail and AuditInterceptor are not listed: Toolwright creates them in this
// module, so their dependencies (BillingService, BILLING_POLICY, AuditLog) resolve from here.
@Module({
  imports: [AuditModule],
  providers: [BillingService, BillingTools, { provide: BILLING_POLICY, useValue: { maxRefund: 500 } }],
  exports: [BillingTools, BillingService],
})
export class BillingModule {}
