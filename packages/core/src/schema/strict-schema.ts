import { ToolDefinitionError } from '../errors/tool-definition.error';
import { lazyModule } from '../lazy/lazy-module';
import type { JsonSchema } from '../contracts/json-schema';
import { isSchemaObject } from './schema-utils';
import { DEFAULT_STRICT_LIMITS, type StrictSchemaLimits } from './strict-limits';
import { plainStrictSchema } from './strict-plain';
import { describeValue } from './describe-value';

/**
 * The general rewrite (references, unions, `allOf`, keywords moved into descriptions), about a
 * seventh of core's code, loaded for the first schema the one-pass plain rewrite does not handle:
 * most programs never need it.
 */
const loadRewriter = lazyModule(() => require('./strict-rewriter') as typeof import('./strict-rewriter'));

/** Options of {@link toStrictSchema}. */
export interface StrictSchemaOptions {
  /** Named in error messages. */
  toolName?: string;
  /** Overrides of {@link DEFAULT_STRICT_LIMITS}. */
  limits?: Partial<StrictSchemaLimits>;
}

/**
 * Rewrites a JSON schema into the strict subset that OpenAI's strict function calling accepts,
 * without touching the input and without changing what it accepts: every object gets
 * `additionalProperties: false` and lists all of its properties in `required`; a property that
 * was optional becomes nullable (its `null` reaches the method as `undefined`, or as its
 * `default`). References, `allOf` and constraints beside unions are resolved exactly; keywords
 * strict mode lacks are either moved into the description and checked locally, or refused with
 * a `ToolDefinitionError` naming the tool, the field's JSON path and a fix. Every keyword's rule
 * is listed in `STRICT_KEYWORD_RULES` and in the package README ("Strict schemas").
 *
 * @example
 * toStrictSchema({ type: 'object', properties: { units: { type: 'string' } } });
 * // { type: 'object', properties: { units: { type: ['string', 'null'] } },
 * //   required: ['units'], additionalProperties: false }
 */
export function toStrictSchema(schema: JsonSchema | undefined, options: StrictSchemaOptions = {}): JsonSchema {
  const limits = { ...DEFAULT_STRICT_LIMITS, ...options.limits };
  const toolName = options.toolName;
  const fail = (what: string, fix: string): ToolDefinitionError =>
    new ToolDefinitionError(`${toolName ? `Tool "${toolName}": ` : ''}the arguments schema (schema path /) ${what}. Fix: ${fix}.`, toolName, '');
  if (schema === undefined || schema === null) return new (loadRewriter().StrictRewriter)({ type: 'object', properties: {} }, limits, toolName).run();
  if (!isSchemaObject(schema)) throw fail(`must be a JSON schema object (got ${describeValue(schema)})`, 'pass an object schema such as { type: "object", properties: {...} }');
  const plain = options.limits === undefined ? plainStrictSchema(schema) : undefined;
  return plain ?? new (loadRewriter().StrictRewriter)(schema, limits, toolName).run();
}
