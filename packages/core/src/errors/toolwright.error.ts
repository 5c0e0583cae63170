/**
 * The base of every error Toolwright throws. `name` is the concrete class name, so logs and
 * `instanceof` checks both read naturally.
 */
export abstract class ToolwrightError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}
