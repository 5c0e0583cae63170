import type { Agent } from '../agent/agent';
import type { ModelError } from '../errors/model.error';
import type { RunCancelledError } from '../errors/run-cancelled.error';
import type { RunStateError } from '../errors/run-state.error';
import type { UserError } from '../errors/user.error';
import type { ScriptedModel } from '../model/scripted-model';
import type { Runner } from '../runner/runner';
import type { RunAlreadyClaimedError } from '../stores/run-already-claimed.error';
import type { RunNotFoundError } from '../stores/run-not-found.error';
import type { UnfinishedToolCallError } from '../stores/unfinished-tool-call.error';
import type { defineTool } from '../tool/define-tool';
import type { MemoryRunStore } from '../stores/memory-run-store';

/** The parts of `@toolwright/core` the contract suites run. */
export interface CoreApi {
  Agent: typeof Agent;
  Runner: typeof Runner;
  ScriptedModel: typeof ScriptedModel;
  defineTool: typeof defineTool;
  ModelError: typeof ModelError;
  RunCancelledError: typeof RunCancelledError;
  RunStateError: typeof RunStateError;
  UserError: typeof UserError;
  RunAlreadyClaimedError: typeof RunAlreadyClaimedError;
  RunNotFoundError: typeof RunNotFoundError;
  UnfinishedToolCallError: typeof UnfinishedToolCallError;
  MemoryRunStore: typeof MemoryRunStore;
}

/**
 * `@toolwright/core`'s main entry, loaded by name when a suite is registered: the suites use the
 * very classes the store under test and the test file use (in jest, whatever the test file's
 * `@toolwright/core` maps to), and the main entry's lazily loaded modules (the Runner, the
 * stores) stay out of this entry's import.
 */
export function coreApi(): CoreApi {
  return require('@toolwright/core') as CoreApi;
}
