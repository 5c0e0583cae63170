import type { JsonSchema } from '../contracts/json-schema';
import type { StrictSideTables } from '../schema/strict-portable';
import type { ToolAnnotations, ToolExecutionHints } from '../contracts/tool';

/**
 * The schema of one tool as the scanner produces it: embedded by the transformer as the second
 * argument of `@Tool(options, embedded)`, or stored in a manifest under `"Class.method"`.
 *
 * @example
 * // What the transformer emits for `getWeather(@Param('city') city: string, @Param('when') when?: Date)`:
 * @Tool({}, {
 *   parameters: { type: 'object', properties: { city: { type: 'string' }, when: { type: 'string', format: 'date-time' } }, required: ['city'] },
 *   description: 'Get the weather for a city.',
 *   paramDescriptions: { city: 'The city name.' },
 *   dates: ['/when'],
 * })
 */
export interface EmbeddedToolSchema {
  /**
   * The LOOSE (not yet strict) JSON schema of the arguments object: properties keyed by the
   * `@Param` names, or the `@Args` DTO's properties; `required` lists only the required ones.
   * Toolwright applies the strict rewrite itself (unless the tool says `strict: false`).
   */
  parameters: JsonSchema;
  /**
   * Present when `parameters` is already the strict schema the model is sent: the `@Param` options
   * applied and core's strict rewrite done at build time, with what the rewrite knows besides
   * the schema (which properties were optional, their defaults, the keywords core checks itself).
   * The transformer embeds this form when the `@Tool` options are literal and do not say
   * `strict: false` (so they cannot disagree at run time); building the tool then only parses it.
   * Manifests hold the loose form.
   */
  strict?: StrictSideTables;
  /** The method's JSDoc summary; used when `@Tool` has no `description` option. */
  description?: string;
  /** JSDoc `@param` texts keyed by `@Param` name; used when neither the property nor options have one. */
  paramDescriptions?: Record<string, string>;
  /**
   * JSON pointers, into the arguments object, of fields typed `Date` in TypeScript (strings with
   * `format: "date-time"` in the schema). They become `Date` objects before the method runs.
   * The segment `*` stands for every element of an array: `/legs/*\/departure`.
   */
  dates?: string[];
  /**
   * The class-validator checks of the `@Args` DTO that the schema does not express (a custom
   * validator, `@ValidateIf`, a `@Matches` whose flags change matching...), as `"/path: @Name"`.
   * Core runs them on the DTO instance, so it must know the DTO class: from the decorator
   * metadata the compiler emits, or from `@Args(TheClass)`. Without either, building the tool
   * fails instead of skipping them.
   */
  localChecks?: string[];
  /**
   * The risk annotations and execution hints the `@Tool` options declare, as `toolwright scan`
   * records them in a manifest (for review and `--check`). The runner reads the `@Tool` options
   * themselves; this copy is informational.
   */
  annotations?: ToolAnnotations & ToolExecutionHints;
}

/** The file `toolwright scan` writes (`toolwright.schemas.json`). */
export interface SchemaManifest {
  version: 1;
  /** Keyed by `"<ClassName>.<methodName>"` of the class that declares the `@Tool`. */
  tools: Record<string, EmbeddedToolSchema>;
  /** The schemas of agents' output classes (`outputType`, `@Output()`), keyed by class name. */
  outputs?: Record<string, EmbeddedToolSchema>;
  /**
   * The argument schemas of other decorated methods that take `@Param` arguments (the MCP
   * package's `@Prompt` and `@ResourceTemplate` methods), keyed `"<ClassName>.<methodName>"`;
   * loose, as the author declared them.
   */
  members?: Record<string, EmbeddedToolSchema>;
}
