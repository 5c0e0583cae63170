import { brand } from '../util/brand';
/**
 * The base of every error Toolwright throws. `name` is the concrete class name, so logs and
 * `instanceof` checks both read naturally.
 *
 * Errors that end a run carry the partial `result` (the conversation, tool outputs, the state)
 * for code to read, but it is not enumerable: `util.inspect` (what loggers print), `toJSON()`,
 * `toString()` and the `message` never contain the conversation or tool outputs.
 */
export abstract class ToolwrightError extends Error {
  static {
    brand(this, 'ToolwrightError');
  }

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }

  /**
   * The error as JSON for logs and response bodies: `name`, `message` and the error's own plain
   * fields (tool name, call id, status, ...). Data kept out of logs (the partial `result`) is left
   * out, and an error among the fields (`cause`) is reduced to its own JSON form or name and message.
   */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const key of Object.keys(this)) {
      if (key !== 'name' && key !== 'message') out[key] = summarise((this as unknown as Record<string, unknown>)[key], 0);
    }
    if (this.cause !== undefined) out.cause = summarise(this.cause, 0);
    return out;
  }
}

/**
 * Keeps `key` on `error` for code while leaving it out of logs: the property is writable but not
 * enumerable, so `util.inspect`, `JSON.stringify`, object spread and `toJSON()` skip it.
 *
 * @internal
 */
export function keepOutOfLogs(error: Error, key: string, value?: unknown): void {
  Object.defineProperty(error, key, { value, writable: true, enumerable: false, configurable: true });
}

/** A field's value as `toJSON()` shows it: errors by name and message, one level of plain objects. */
function summarise(value: unknown, depth: number): unknown {
  if (value instanceof ToolwrightError) return depth < 2 ? value.toJSON() : { name: value.name, message: value.message };
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (depth === 0 && typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = summarise(v, depth + 1);
    return out;
  }
  return value;
}
