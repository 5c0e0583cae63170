import { UserError } from '../errors/user.error';
import type { EmbeddedToolSchema } from '../metadata/embedded-schema';
import { parseEmbeddedSchema } from '../metadata/embedded-schema-text';
import type { ParameterMetadata, ToolMetadata } from '../metadata/metadata-definitions';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { cloneJson, isSchemaObject } from '../schema/schema-utils';
import { restoreStrictSideTables } from '../schema/strict-portable';
import type { JsonSchema } from '../contracts/json-schema';
import type { ParamOptions } from '../contracts/tool-options';
import { missingDesignMetadataAdvice } from '../decorators/decorator-environment';
import { describeParameter, parameterNamesOf } from '../decorators/decorated-member';

/** Where a tool's schema came from. */
export type SchemaSource = 'embedded' | 'manifest' | 'reflection';

/** What most schemas declare of `Date` values: nothing (shared, only ever read). */
const NO_DATES: readonly string[] = Object.freeze([]);

/** The loose schema of a declared tool, refined by `@Param` options, and where it came from. */
export interface DeclaredSchema {
  source: SchemaSource;
  parameters: JsonSchema;
  description?: string;
  dates: readonly string[];
  /** Checks of the `@Args` DTO the schema does not express (see `EmbeddedToolSchema.localChecks`). */
  localChecks?: readonly string[];
  /** `parameters` is already strict (embedded so by the transformer), its side tables restored: used as is. */
  strict?: true;
}

const SCAN_FIX =
  'run `npx toolwright scan -p tsconfig.json --emit src/toolwright.schemas.ts` and import that module once at start-up (any compiler or bundler), ' +
  'or compile through the @toolwright/scanner transformer (toolwright build, ts-patch, ts-jest astTransformers, the Nest CLI plugin) so the schema is embedded';

/**
 * The schema of a declaration, by precedence: embedded by the transformer, then a loaded
 * manifest (`"DeclaringClass.method"`), then — for a tool without `@Param` or `@Args` — the
 * empty arguments object. Run-time reflection never guesses a schema it cannot prove
 * (`design:paramtypes` says `String` for `'celsius' | 'fahrenheit'` and for an optional string
 * alike): otherwise `UserError` naming class, method, parameter and the fix.
 */
export function declaredSchemaOf(tool: ToolMetadata, declaringClass: Function, where: () => string): DeclaredSchema {
  const storage = getMetadataStorage();
  const params = storage.parametersOf(declaringClass, tool.method);
  // Embedded text is parsed into a fresh copy that refine may change in place; an embedded or
  // manifest object is shared, so refine copies it first.
  if (tool.embeddedJson !== undefined) return refine(parseEmbeddedSchema(tool.embeddedJson, where), true, params, where, 'embedded');
  if (tool.embedded !== undefined) return refine(tool.embedded, false, params, where, 'embedded');
  const manifest = storage.manifestSchemaOf(`${declaringClass.name}.${tool.method}`);
  if (manifest) return refine(manifest, false, params, where, 'manifest');
  return { source: 'reflection', parameters: reflectSchema(tool, params, declaringClass, where()), dates: NO_DATES };
}

function reflectSchema(tool: ToolMetadata, params: readonly ParameterMetadata[], declaringClass: Function, where: string): JsonSchema {
  const bound = params.filter((p) => p.kind !== 'ctx').sort((a, b) => a.index - b.index);
  // Without @Param or @Args the arguments are provably the empty object; for anything else
  // `design:paramtypes` cannot prove the schema (see below), so it is never guessed.
  if (bound.length === 0) return { type: 'object', properties: {}, required: [] };
  if (tool.paramTypes === undefined) {
    throw new UserError(`${where}: no schema is known for it (none embedded, none in a loaded manifest) and the parameter types are unknown: ${missingDesignMetadataAdvice()}.`);
  }
  const first = bound[0];
  const param = describeParameter(first.index, parameterNamesOf((declaringClass.prototype as Record<string, unknown>)[tool.method]));
  const type = tool.paramTypes[first.index];
  const typeName = typeof type === 'function' && type.name ? type.name : 'no type';
  const what = first.kind === 'args'
    ? `@Args parameter ${param} (${typeName}): a DTO's properties cannot be read at run time`
    : `parameter ${param} "${first.name}": run-time reflection only sees ${typeName}, which TypeScript also emits for literal unions, ` +
      'enums and optional parameters, so it cannot prove the schema (an enum or an optional would be lost)';
  const key = `${declaringClass.name}.${tool.method}`;
  const manifest = getMetadataStorage().hasManifestSchemas()
    ? ` A schema manifest is loaded, but it has no entry "${key}": it is out of date, or the class is declared inside a function or block (a manifest cannot name it; the transformer can).`
    : '';
  throw new UserError(`${where}: no schema is known for ${what}.${manifest} Fix: ${SCAN_FIX}.`);
}

function refine(found: EmbeddedToolSchema, owned: boolean, params: readonly ParameterMetadata[], where: () => string, source: SchemaSource): DeclaredSchema {
  const parameters = owned ? found.parameters : cloneJson(found.parameters);
  const properties = isSchemaObject(parameters.properties) ? parameters.properties : {};
  let named = 0;
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    if (p.kind !== 'param') continue;
    named++;
    if (!Object.prototype.hasOwnProperty.call(properties, p.name)) throw staleSchema(where, source, `it has no property for @Param('${p.name}')`);
    // A strict embedded schema was built with these literal options already applied.
    if (found.strict) continue;
    const description = p.options.description ?? found.paramDescriptions?.[p.name];
    const refined = applyParamOptions(properties[p.name] as JsonSchema, p.options);
    if (description !== undefined && (p.options.description !== undefined || refined.description === undefined)) refined.description = description;
    properties[p.name] = refined;
  }
  // @Param names are unique (checked by @Tool), so as many properties as names means no other.
  if (named > 0 && Object.keys(properties).length !== named) {
    const extra = Object.keys(properties).find((key) => !params.some((p) => p.kind === 'param' && p.name === key));
    throw staleSchema(where, source, `it has a property "${extra}" that no @Param binds`);
  }
  const dates = found.dates === undefined ? NO_DATES : owned ? found.dates : [...found.dates];
  const declared: DeclaredSchema = { source, parameters, description: found.description, dates };
  if (found.localChecks !== undefined && found.localChecks.length > 0) declared.localChecks = found.localChecks;
  if (found.strict === undefined) return declared;
  restoreStrictSideTables(parameters, found.strict, where);
  declared.strict = true;
  return declared;
}

function staleSchema(where: () => string, source: SchemaSource, what: string): UserError {
  return new UserError(`${where()}: the ${source} schema is stale: ${what}. Fix: ${SCAN_FIX}.`);
}

/** Merges `@Param` options into a property schema (options win). */
export function applyParamOptions(schema: JsonSchema, options: ParamOptions): JsonSchema {
  const out: JsonSchema = isSchemaObject(schema) ? { ...schema } : {};
  for (const key of Object.keys(options) as Array<keyof ParamOptions>) {
    const value = options[key];
    if (value !== undefined) out[key] = Array.isArray(value) ? [...value] : value;
  }
  return out;
}
