import { ToolwrightError } from './toolwright.error';

/** A tool's definition (name, schema, options) is invalid. `path` points into the schema. */
export class ToolDefinitionError extends ToolwrightError {
  constructor(
    message: string,
    readonly toolName?: string,
    readonly path?: string,
  ) {
    super(message);
  }
}
