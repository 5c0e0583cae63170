import { RunStateError } from '../errors/run-state.error';
import { RUN_STATE_VERSION } from './run-state-format';

type StateJson = Record<string, unknown>;

/**
 * How a state of version N becomes one of version N + 1, for every format ever released. A
 * migration only adds or reshapes fields; it never needs the agents. Paused runs live in stores
 * for days: a new format adds its step here, and the frozen corpus (test/state/corpus/vN) proves
 * every earlier version still loads and resumes.
 */
const MIGRATIONS: ReadonlyArray<(state: StateJson) => StateJson> = [
  // v1 → v2: application data (`metadata`) and the recorded guardrail decisions, both empty.
  (state) => ({ ...state, version: 2, metadata: {}, guardrailDecisions: [] }),
];

/** The oldest format this version reads. */
export const OLDEST_RUN_STATE_VERSION = RUN_STATE_VERSION - MIGRATIONS.length;

/**
 * Brings a parsed state of any released version to the current one (nested paused states are
 * migrated when they are read). A version from the future, or one that is not a version at all,
 * is a `RunStateError` saying which versions this Toolwright reads. @internal
 */
export function migrateRunState(state: StateJson): StateJson {
  const version = state.version;
  if (version === RUN_STATE_VERSION) return state;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < OLDEST_RUN_STATE_VERSION || version > RUN_STATE_VERSION) {
    const newer = typeof version === 'number' && version > RUN_STATE_VERSION;
    throw new RunStateError(
      `Unsupported run state version ${JSON.stringify(version)}: this @toolwright/core reads versions ${OLDEST_RUN_STATE_VERSION} to ${RUN_STATE_VERSION}. ` +
        (newer
          ? 'It was written by a newer Toolwright: resume it with that version (or newer).'
          : 'Pass the text written by state.toString().'),
    );
  }
  let migrated = state;
  for (let v = version; v < RUN_STATE_VERSION; v++) migrated = MIGRATIONS[v - OLDEST_RUN_STATE_VERSION]!(migrated);
  return migrated;
}
