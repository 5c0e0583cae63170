import { checkClaim, claimRefusal, lostClaimError } from './claim-checks';
import { checkDuration, checkRunId, resolveStoreOptions } from './store-options';
import { randomId } from './store-signing';
import { decodeDecision, decodeInterruptions, decodeRun, encodeDecision, encodeRun, notPendingMessage } from './stored-run-codec';

/**
 * The building blocks shared by run store implementations (`MemoryRunStore`,
 * `@toolwright/postgres`, `@toolwright/redis`, or your own), so that every store signs, checks
 * and refuses alike:
 *
 * - `resolveStoreOptions`, `checkDuration`, `checkRunId`, `checkClaim`: argument checks with
 *   the same `UserError` messages;
 * - `encodeRun` → what to store for a state (signed state, revision, pending call ids, signed
 *   pending calls); `decodeRun` → the `RunState` back, signature checked, decisions applied;
 * - `encodeDecision` / `decodeDecision` / `decodeInterruptions`: decisions by id and pending calls;
 * - `claimRefusal`, `lostClaimError`, `notPendingMessage`: the errors for a lost race;
 * - `randomId`: run ids and claim tokens.
 *
 * The contract every store must meet is the shared suite in the repository's
 * `test-support/run-store-contract.ts`.
 */
export const runStoreKit: RunStoreKit = Object.freeze({
  resolveStoreOptions,
  checkDuration,
  checkRunId,
  checkClaim,
  encodeRun,
  decodeRun,
  encodeDecision,
  decodeDecision,
  decodeInterruptions,
  claimRefusal,
  lostClaimError,
  notPendingMessage,
  randomId,
});

/** The type of {@link runStoreKit} (declared, so its assertion functions narrow at call sites). */
export interface RunStoreKit {
  readonly resolveStoreOptions: typeof resolveStoreOptions;
  readonly checkDuration: typeof checkDuration;
  readonly checkRunId: typeof checkRunId;
  readonly checkClaim: typeof checkClaim;
  readonly encodeRun: typeof encodeRun;
  readonly decodeRun: typeof decodeRun;
  readonly encodeDecision: typeof encodeDecision;
  readonly decodeDecision: typeof decodeDecision;
  readonly decodeInterruptions: typeof decodeInterruptions;
  readonly claimRefusal: typeof claimRefusal;
  readonly lostClaimError: typeof lostClaimError;
  readonly notPendingMessage: typeof notPendingMessage;
  readonly randomId: typeof randomId;
}
