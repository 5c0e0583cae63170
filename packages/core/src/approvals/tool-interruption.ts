import type { RunStateRef as RunState } from '../contracts/class-refs';
import { brand } from '../util/brand';

/**
 * Thrown by a tool whose work paused for a human decision, typically an agent run as a tool
 * whose nested run was interrupted: `throw new ToolInterruption(nestedResult.state)`. The parent
 * run then pauses too, after the batch's other calls finished: its `interruptions` list the
 * nested ones (with `parentCallId`), decisions are made on the parent's state, and on resume the
 * call runs again with `ctx.nestedState` holding the nested state's JSON, those decisions
 * applied. The call gets no output until then; its siblings' outputs are kept and never re-run.
 */
export class ToolInterruption extends Error {
  static {
    brand(this, 'ToolInterruption');
  }

  constructor(readonly state: RunState<any>) {
    super(`The tool paused: ${state.interruptions.length} nested call(s) wait for approval.`);
    this.name = 'ToolInterruption';
  }
}
