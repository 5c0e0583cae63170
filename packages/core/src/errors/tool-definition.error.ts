import { ToolwrightError } from './toolwright.error';
import { brand } from '../util/brand';

/** A tool's definition (name, schema, options) is invalid. `path` points into the schema. */
export class ToolDefinitionError extends ToolwrightError {
  static {
    brand(this, 'ToolDefinitionError');
  }

  constructor(
    message: string,
    readonly toolName?: string,
    readonly path?: string,
  ) {
    super(message);
  }
}
