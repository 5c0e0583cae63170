import { compactedItems } from './session-compaction';
import { answeredItems, latestItems, orphanedHead, unansweredFrom } from './session-history';
import { checkItemList } from './session-input';
import { decodeSessionItem, encodeSessionItem } from './session-item-codec';
import { checkLimit, checkSessionId, checkSessionSecret, resolveSessionOptions, SESSION_LIMITS } from './session-limits';

/**
 * The building blocks shared by session implementations (`MemorySession`, `PostgresSession`,
 * `RedisSession`, or your own), so that every session checks, bounds, signs and trims alike:
 *
 * - `resolveSessionOptions`, `checkSessionId`, `checkLimit`, `checkItemList`, `checkSecret`:
 *   argument checks with the same `UserError` messages;
 * - `encodeItem` → the stored text of an item (versioned like a run state's history, signed for
 *   the session when there is a secret); `decodeItem` → the item back, checked and migrated;
 * - `compactedItems` (apply `compact`, then keep the latest `maxItems`), `orphanedHead` (how
 *   many outputs at the head lost their call), `answeredItems` and `unansweredFrom` (history a
 *   provider accepts).
 *
 * The contract every session must meet is `sessionContract` in `@toolwright/core/testing`.
 */
export const sessionKit: SessionKit = Object.freeze({
  resolveSessionOptions,
  checkSessionId,
  checkLimit,
  checkItemList,
  checkSecret: checkSessionSecret,
  encodeItem: encodeSessionItem,
  decodeItem: decodeSessionItem,
  compactedItems,
  latestItems,
  orphanedHead,
  answeredItems,
  unansweredFrom,
  limits: SESSION_LIMITS,
});

/** The type of {@link sessionKit} (declared, so its assertion functions narrow at call sites). */
export interface SessionKit {
  readonly resolveSessionOptions: typeof resolveSessionOptions;
  readonly checkSessionId: typeof checkSessionId;
  readonly checkLimit: typeof checkLimit;
  readonly checkItemList: typeof checkItemList;
  readonly checkSecret: typeof checkSessionSecret;
  readonly encodeItem: typeof encodeSessionItem;
  readonly decodeItem: typeof decodeSessionItem;
  readonly compactedItems: typeof compactedItems;
  readonly latestItems: typeof latestItems;
  readonly orphanedHead: typeof orphanedHead;
  readonly answeredItems: typeof answeredItems;
  readonly unansweredFrom: typeof unansweredFrom;
  readonly limits: typeof SESSION_LIMITS;
}
