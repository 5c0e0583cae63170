import { UserError } from '../errors/user.error';
import type { RunResult } from '../contracts/run-result';
import type { EventChannel } from './event-channel';
import type { RunEvent } from '../contracts/run-event';

/**
 * A streamed run: iterate it for the run's events, await `result` for the outcome. The run
 * starts when `runner.stream(...)` is called, whether or not anyone iterates. A stream can be
 * iterated once; the iteration ends after `run_completed`, or throws the run's error.
 *
 * @example
 * const stream = runner.stream(agent, 'Plan a trip to Oslo');
 * for await (const event of stream) if (event.type === 'model_delta') process.stdout.write(event.delta);
 * const result = await stream.result;
 */
export class RunStream implements AsyncIterable<RunEvent> {
  /** Resolves with the run's result, or rejects with the error that ended the run. */
  readonly result: Promise<RunResult>;
  private iterated = false;

  /** @internal */
  constructor(
    private readonly channel: EventChannel,
    result: Promise<RunResult>,
  ) {
    this.result = result;
    // A consumer that only iterates must not see the same failure again as an unhandled rejection.
    result.catch(() => undefined);
  }

  [Symbol.asyncIterator](): AsyncIterator<RunEvent> {
    if (this.iterated) {
      throw new UserError(
        'This RunStream was already iterated. A stream is single-use: start a new run with runner.stream(...), ' +
          'or await stream.result for the outcome.',
      );
    }
    this.iterated = true;
    const channel = this.channel;
    return {
      async next(): Promise<IteratorResult<RunEvent>> {
        const event = await channel.next();
        return event === undefined ? { done: true, value: undefined } : { done: false, value: event };
      },
      async return(): Promise<IteratorResult<RunEvent>> {
        channel.detach();
        return { done: true, value: undefined };
      },
    };
  }
}
