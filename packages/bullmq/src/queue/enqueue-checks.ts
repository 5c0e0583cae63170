import { UserError, type Item } from '@toolwright/core';

/** Most bytes of a run's input or context as JSON (they travel in Redis with every job). */
export const MAX_ENQUEUE_BYTES = 4 * 1024 * 1024;

/** @internal */
export function checkInput(input: unknown): asserts input is string | Item[] {
  if (typeof input !== 'string' && !Array.isArray(input)) {
    throw new UserError('queue.enqueue(agentName, input): input must be text or an array of items.');
  }
  if (Buffer.byteLength(typeof input === 'string' ? input : JSON.stringify(input)) > MAX_ENQUEUE_BYTES) {
    throw new UserError(`queue.enqueue(agentName, input): the input is larger than ${MAX_ENQUEUE_BYTES} bytes; store large documents elsewhere and pass a reference.`);
  }
}

/** The context as JSON (undefined when none), checked: JSON data of bounded size. @internal */
export function checkContext(context: unknown): string | undefined {
  if (context === undefined) return undefined;
  let text: string | undefined;
  try {
    text = JSON.stringify(context);
  } catch (error) {
    throw new UserError(`queue.enqueue(agentName, input, { context }): the context must be JSON data (it travels to the worker), but it could not be serialised: ${(error as Error).message}`);
  }
  if (text === undefined) throw new UserError('queue.enqueue(agentName, input, { context }): the context must be JSON data (an object, array, string, number or boolean).');
  if (Buffer.byteLength(text) > MAX_ENQUEUE_BYTES) throw new UserError(`queue.enqueue(agentName, input, { context }): the context is larger than ${MAX_ENQUEUE_BYTES} bytes as JSON.`);
  return text;
}
