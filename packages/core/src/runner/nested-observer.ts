import type { RunEvent } from '../contracts/run-event';

const observers = new WeakMap<object, (event: RunEvent) => void>();

/**
 * Marks the options of a nested run (an agent used as a tool) whose calling run is recorded but
 * not streamed: the nested run stays unstreamed (the model is asked with `respond`), and its
 * events go to `sink`, so the calling run's timeline shows it. @internal
 */
export function observeNestedRun(runOptions: object, sink: (event: RunEvent) => void): void {
  observers.set(runOptions, sink);
}

/** The sink a run's options were marked with, if any. @internal */
export function nestedObserverOf(runOptions: object): ((event: RunEvent) => void) | undefined {
  return observers.get(runOptions);
}
