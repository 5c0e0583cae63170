/** The right to resume one stored run, won by exactly one caller of `store.claim`. */
export interface RunClaim {
  readonly runId: string;
  /** A random token naming this claim; writes made under the claim carry it. */
  readonly token: string;
  /** When the claim was won (epoch milliseconds, the store's clock). */
  readonly claimedAt: number;
  /** When the lease ends unless renewed (epoch milliseconds, the store's clock). */
  readonly leaseExpiresAt: number;
  /** How many times the run has been claimed, this claim included (2 and more: a retry). */
  readonly attempt: number;
}
