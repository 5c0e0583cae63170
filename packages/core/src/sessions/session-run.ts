import type { Item } from '../contracts/item';
import { userMessage } from '../items/item';
import { RunState } from '../state/run-state';
import type { Session } from './session';
import { answeredItems, unansweredFrom } from './session-history';
import { checkSession } from './session-input';

/**
 * A run on a session, from its entry to its exit: what the model is shown, and which part of the
 * history the session gets once the run completes or pauses. @internal
 */
export class SessionRun {
  private constructor(
    private readonly session: Session,
    /** The run's input, with the session's items in front of new input. */
    readonly input: Item[] | RunState<any>,
    /** Where in the run's history the items the session lacks begin. */
    private readonly appendFrom: number,
  ) {}

  /**
   * Opens a run on `session`: new input (text or items) is put after the session's items (those
   * a provider accepts); a paused state continues as it is, and the session gets, when it ends,
   * the part of it that was held back at the pause (its pending calls onwards) and what follows.
   */
  static async open(session: Session, input: string | Item[] | RunState<any>): Promise<SessionRun> {
    checkSession(session, 'the run options ({ session })');
    if (input instanceof RunState) return new SessionRun(session, input, unansweredFrom(input.history));
    const kept = answeredItems(await session.getItems());
    const added = typeof input === 'string' ? [userMessage(input)] : Array.isArray(input) ? input : undefined;
    // Anything else is refused by the runner with its own message.
    if (added === undefined) return new SessionRun(session, input as never, 0);
    return new SessionRun(session, [...kept, ...added], kept.length);
  }

  /**
   * Appends what the run added to the session, as one group: everything up to its first call
   * without an output (a paused run's pending calls and anything after them stay in the state
   * until a resumed run answers them).
   */
  async finish(state: RunState<any>): Promise<void> {
    const history = state.history;
    const end = unansweredFrom(history, this.appendFrom);
    if (end > this.appendFrom) await this.session.addItems(history.slice(this.appendFrom, end));
  }
}
