import type { ToolOptions } from '../contracts/tool-options';
import type { EmbeddedToolSchema } from './embedded-schema';
import { parseEmbeddedSchema } from './embedded-schema-text';
import type { ToolMetadata } from './metadata-definitions';

/** The fields of a {@link ToolRecord}; the embedded schema is given as an object or as JSON text. */
export interface ToolRecordInit {
  target: Function;
  method: string;
  name: string;
  options: ToolOptions;
  embedded?: EmbeddedToolSchema | string;
  paramTypes?: readonly unknown[];
  parameterCount: number;
}

/**
 * The `@Tool` metadata the decorator records. An embedded schema given as JSON text (what the
 * scanner's transformer emits) is kept as text in {@link ToolRecord.embeddedJson}: building
 * tools parses a fresh copy from it, and {@link ToolRecord.embedded} parses it once on first
 * read, so nothing is parsed or held as objects while classes are being defined.
 */
export class ToolRecord implements ToolMetadata {
  readonly kind = 'tool' as const;
  target: Function;
  method: string;
  name: string;
  options: ToolOptions;
  paramTypes?: readonly unknown[];
  parameterCount: number;
  /** The embedded schema as JSON text, when the transformer emitted it so. */
  embeddedJson?: string;
  private embeddedObject?: EmbeddedToolSchema;

  constructor(init: ToolRecordInit) {
    this.target = init.target;
    this.method = init.method;
    this.name = init.name;
    this.options = init.options;
    this.paramTypes = init.paramTypes;
    this.parameterCount = init.parameterCount;
    if (typeof init.embedded === 'string') this.embeddedJson = init.embedded;
    else this.embeddedObject = init.embedded;
  }

  /** The embedded schema, parsed from {@link embeddedJson} on first read (and kept). */
  get embedded(): EmbeddedToolSchema | undefined {
    if (this.embeddedObject === undefined && this.embeddedJson !== undefined) {
      this.embeddedObject = parseEmbeddedSchema(this.embeddedJson, `@Tool on ${this.target.name}.${this.method}`);
    }
    return this.embeddedObject;
  }
}
