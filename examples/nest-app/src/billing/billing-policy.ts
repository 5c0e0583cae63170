/** Injection token of the billing policy. */
export const BILLING_POLICY = Symbol('BILLING_POLICY');

/** Limits the refund guardrail enforces. */
export interface BillingPolicy {
  /** Largest amount an agent may refund; larger refunds go to a person. */
  maxRefund: number;
}
