import { isRecordExpired, recordAsShown, recordCutoffs } from './run-record-timing';
import { boundText, checkRecord, checkRecordId, compareNewestFirst, decodeRunCursor, encodeRunCursor, isAfterCursor, resolveRunQuery } from './run-record-limits';

export type { ResolvedRunQuery } from './run-record-limits';

/**
 * The building blocks of a store's run records (`RunRecords`), so that every store checks
 * queries, pages and bounds alike: `resolveRunQuery` (checked query, decoded cursor),
 * `encodeRunCursor` / `decodeRunCursor`, `compareNewestFirst`, `isAfterCursor`, `checkRecord`,
 * `checkRecordId`, `boundText`; and the aging of records (`recordCutoffs` of a read,
 * `recordAsShown` — a running record without a recent heartbeat reads as `lost` —, and
 * `isRecordExpired` past the store's record TTL).
 */
export const runRecordKit: RunRecordKit = Object.freeze({
  resolveRunQuery,
  encodeRunCursor,
  decodeRunCursor,
  compareNewestFirst,
  isAfterCursor,
  checkRecord,
  checkRecordId,
  boundText,
  recordCutoffs,
  recordAsShown,
  isRecordExpired,
});

/** The type of {@link runRecordKit}. */
export interface RunRecordKit {
  readonly resolveRunQuery: typeof resolveRunQuery;
  readonly encodeRunCursor: typeof encodeRunCursor;
  readonly decodeRunCursor: typeof decodeRunCursor;
  readonly compareNewestFirst: typeof compareNewestFirst;
  readonly isAfterCursor: typeof isAfterCursor;
  readonly checkRecord: typeof checkRecord;
  readonly checkRecordId: typeof checkRecordId;
  readonly boundText: typeof boundText;
  readonly recordCutoffs: typeof recordCutoffs;
  readonly recordAsShown: typeof recordAsShown;
  readonly isRecordExpired: typeof isRecordExpired;
}
